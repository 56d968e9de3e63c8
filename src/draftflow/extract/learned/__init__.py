"""The learned result model: which numbers are reported results, learned from the gold."""
