"""The draft stage: the editorial text of a record, by a model or from fixed templates.

`draft_editorial(snapshot, extraction, client)` asks the model when a client is given and
there is at least one grounded result; otherwise it writes the editorial deterministically
from templates (and the pipeline prints `NO_MODEL_HINT` when no model was configured).
`drop_sentences` removes the sentences verification rejected, `without_removed` those that
cite a figure taken out of the record.
"""

from __future__ import annotations

from draftflow.acquire.snapshot import Snapshot
from draftflow.draft.artifact import (
    CREATION_DETERMINISTIC,
    CREATION_MODEL_UNUSABLE,
    NO_MODEL_HINT,
    EditorialDraft,
    ExtractionLike,
)
from draftflow.draft.model_drafter import draft_with_model
from draftflow.draft.prompt_material import DEFAULT_BUDGET_TOKENS
from draftflow.draft.record_facts import RecordFacts
from draftflow.draft.removed import without_removed
from draftflow.draft.sentences import TITLE_WITHDRAWN, drop_sentences
from draftflow.draft.templates import draft_deterministic
from draftflow.draft.wording import LIMITATIONS, UNUSABLE_MODEL_LIMITATION
from draftflow.llm.protocol import StructuredClient
from draftflow.text.sentences import split_sentences

__all__ = [
    "CREATION_DETERMINISTIC",
    "CREATION_MODEL_UNUSABLE",
    "NO_MODEL_HINT",
    "TITLE_WITHDRAWN",
    "EditorialDraft",
    "ExtractionLike",
    "draft_deterministic",
    "draft_editorial",
    "draft_with_model",
    "drop_sentences",
    "split_sentences",
    "templated_after_unusable_model",
    "without_removed",
]


async def draft_editorial(
    snapshot: Snapshot,
    extraction: ExtractionLike,
    client: StructuredClient | None,
    *,
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
    metadata: RecordFacts | None = None,
    from_facts: bool = True,
) -> EditorialDraft:
    """Draft the editorial: with the model when one is given (its sections written from the
    computed facts unless `from_facts` is False), else from templates (which also use the
    record-level `metadata` the select stage read from the sources).

    A repository with no grounded result never goes to the model: the template draft says
    that no reported results were found, and there is nothing a model could add safely.
    """
    grounded = any(snapshot.by_url(r.evidence_url) for r in extraction.reported_results)
    if client is None or not grounded:
        return draft_deterministic(snapshot, extraction, metadata)
    return await draft_with_model(
        snapshot, extraction, client, budget_tokens=budget_tokens, from_facts=from_facts
    )


def templated_after_unusable_model(
    templated: EditorialDraft, asked: EditorialDraft
) -> EditorialDraft:
    """The templates' draft for a model whose replies were all unusable (`asked`): its byline,
    dropped replies and prompt hashes, and limits that say the model was asked rather than
    that there was none."""
    without_model = LIMITATIONS[-1]
    limitations = [
        UNUSABLE_MODEL_LIMITATION if item == without_model else item
        for item in templated.limitations
    ]
    return templated.model_copy(
        update={
            "creation_method": asked.creation_method,
            "dropped": asked.dropped,
            "prompt_hashes": asked.prompt_hashes,
            "limitations": limitations,
        }
    )
