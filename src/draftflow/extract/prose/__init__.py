"""extract.prose."""
