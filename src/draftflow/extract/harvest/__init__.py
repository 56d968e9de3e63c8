"""The deterministic harvest: every number-bearing table cell, JSON leaf, key/value line and prose
mention of a document, one module per source shape; `run.harvest` dispatches."""
