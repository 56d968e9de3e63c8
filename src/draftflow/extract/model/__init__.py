"""extract.model."""
