"""The extract stage: every reported result of a repository, each tied to a document line.

Harvesting is deterministic: CSV/TSV cells with their header, JSON/JSONL leaves with their
path, Markdown table cells with their row and column headers, each with its exact line. With
no model, the selected figures become the results as they are. With a model, the model
chooses, labels, groups and fills conditions, and every number it returns is grounded on its
cited line before it is accepted; derived figures are computed in Python.

The names below load on first use (PEP 562): a process that reads only a submodule (verify
reads `extract.document`) does not import the whole stage, and with it the harvest's and the
classifier's vocabularies and regular expressions (about 0.2 CPU-s a process).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# Bound here, not on first use: `harvest` is also the name of a subpackage, and once
# `draftflow.extract.harvest` is imported the package's attribute would be that module.
from draftflow.extract.harvest.run import harvest, harvest_document
from draftflow.runtime.lazy import lazy_names

if TYPE_CHECKING:
    from draftflow.extract.artifact import DroppedClaim, DropReason, Extraction
    from draftflow.extract.candidates import Candidate, SourceFormat
    from draftflow.extract.model_pass.run import DEFAULT_CONTEXT_BUDGET_TOKENS, EXTRACT_PROMPT
    from draftflow.extract.run import extract, figures_by_line

# each name this package gives, and the module it comes from
_FROM = {
    "DEFAULT_CONTEXT_BUDGET_TOKENS": "draftflow.extract.model_pass.run",
    "EXTRACT_PROMPT": "draftflow.extract.model_pass.run",
    "Candidate": "draftflow.extract.candidates",
    "DropReason": "draftflow.extract.artifact",
    "DroppedClaim": "draftflow.extract.artifact",
    "Extraction": "draftflow.extract.artifact",
    "SourceFormat": "draftflow.extract.candidates",
    "extract": "draftflow.extract.run",
    "figures_by_line": "draftflow.extract.run",
}

__all__ = [
    "DEFAULT_CONTEXT_BUDGET_TOKENS",
    "EXTRACT_PROMPT",
    "Candidate",
    "DropReason",
    "DroppedClaim",
    "Extraction",
    "SourceFormat",
    "extract",
    "figures_by_line",
    "harvest",
    "harvest_document",
]

__getattr__, __dir__ = lazy_names(__name__, _FROM)
