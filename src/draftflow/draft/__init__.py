"""The draft stage: the editorial text of a record, by a model or from fixed templates.

`draft(snapshot, selection, client)` writes about the select stage's `Selection` (its headline
figures, profiles, setup and record-level metadata) and returns an `EditorialDraft`
(`artifact.py`). It asks the model when a client is given and there is at least one grounded
result; otherwise it writes the editorial deterministically from templates (and the pipeline
prints `NO_MODEL_HINT` when no model was configured). `drop_sentences` removes the sentences
verification rejected, `without_removed` those that cite a figure taken out of the record.

The names below load on first use (PEP 562): a process that reads only a submodule (`verify`
reads `draft.removed`) does not import the whole stage (the model drafter, the facts and the
templates).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftflow.runtime.lazy import lazy_names

if TYPE_CHECKING:
    from draftflow.draft.artifact import (
        CREATION_DETERMINISTIC,
        CREATION_MODEL_UNUSABLE,
        NO_MODEL_HINT,
        EditorialDraft,
    )
    from draftflow.draft.model_drafter import draft_with_model
    from draftflow.draft.removed import without_removed
    from draftflow.draft.run import draft, named_figures, templated_after_unusable_model
    from draftflow.draft.sentences import TITLE_WITHDRAWN, drop_sentences
    from draftflow.draft.templates import draft_deterministic
    from draftflow.text.sentences import split_sentences

# each name this package gives, and the module it comes from
_FROM = {
    "CREATION_DETERMINISTIC": "draftflow.draft.artifact",
    "CREATION_MODEL_UNUSABLE": "draftflow.draft.artifact",
    "NO_MODEL_HINT": "draftflow.draft.artifact",
    "TITLE_WITHDRAWN": "draftflow.draft.sentences",
    "EditorialDraft": "draftflow.draft.artifact",
    "draft": "draftflow.draft.run",
    "draft_deterministic": "draftflow.draft.templates",
    "draft_with_model": "draftflow.draft.model_drafter",
    "drop_sentences": "draftflow.draft.sentences",
    "named_figures": "draftflow.draft.run",
    "split_sentences": "draftflow.text.sentences",
    "templated_after_unusable_model": "draftflow.draft.run",
    "without_removed": "draftflow.draft.removed",
}

__all__ = [
    "CREATION_DETERMINISTIC",
    "CREATION_MODEL_UNUSABLE",
    "NO_MODEL_HINT",
    "TITLE_WITHDRAWN",
    "EditorialDraft",
    "draft",
    "draft_deterministic",
    "draft_with_model",
    "drop_sentences",
    "named_figures",
    "split_sentences",
    "templated_after_unusable_model",
    "without_removed",
]

__getattr__, __dir__ = lazy_names(__name__, _FROM)
