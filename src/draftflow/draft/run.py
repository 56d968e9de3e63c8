"""`draft(snapshot, selection, client)`: the draft stage on a whole selection, with
`named_figures` and `templated_after_unusable_model` (re-exported by `draftflow.draft`)."""

from __future__ import annotations

from dataclasses import replace

from draftflow.acquire.snapshot import Snapshot
from draftflow.draft.artifact import (
    CREATION_MODEL_UNUSABLE,
    EditorialDraft,
)
from draftflow.draft.model_drafter import draft_with_model
from draftflow.draft.prompt_material import DEFAULT_BUDGET_TOKENS
from draftflow.draft.template_wording import LIMITATIONS, UNUSABLE_MODEL_LIMITATION
from draftflow.draft.templates import draft_deterministic
from draftflow.extract.classify import UNSPECIFIED
from draftflow.llm.protocol import StructuredClient
from draftflow.runtime.collector import collection_paused
from draftflow.select.artifact import Selection


async def draft(
    snapshot: Snapshot,
    selection: Selection,
    client: StructuredClient | None,
    *,
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
    from_facts: bool = True,
) -> EditorialDraft:
    """Draft the editorial about the selection's named headline figures (`named_figures`):
    with the model when one is given (its sections written from the computed facts unless
    `from_facts` is False), else from templates (which also use the record-level metadata the
    select stage read from the sources). When none of the model's replies is usable, the
    templates write it as with no model at all (`templated_after_unusable_model`).

    A repository with no grounded result never goes to the model: the template draft says
    that no reported results were found, and there is nothing a model could add safely.
    """
    named = named_figures(selection)
    grounded = any(snapshot.by_url(r.evidence_url) for r in named.headline)
    if client is None or not grounded:
        with collection_paused():  # facts over every figure, and no cycles among them
            return draft_deterministic(snapshot, named, selection.metadata)
    asked = await draft_with_model(
        snapshot, named, client, budget_tokens=budget_tokens, from_facts=from_facts
    )
    if asked.creation_method != CREATION_MODEL_UNUSABLE:
        return asked
    templated = draft_deterministic(snapshot, selection, selection.metadata)
    return templated_after_unusable_model(templated, asked)


def named_figures(selection: Selection) -> Selection:
    """The selection less its headline figures of no known metric: the editor names those
    before anything is written about them (they stay in the record, for the editor)."""
    kept = [r for r in selection.headline if r.metric != UNSPECIFIED]
    if len(kept) == len(selection.headline):
        return selection
    return replace(selection, headline=kept)


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
