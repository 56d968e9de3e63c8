"""Figures taken out of a record are flagged, and the text may not cite them.

Every figure the pipeline's verify rounds or an editor's `draftflow select` removed is listed
in `provenance.removed`; each becomes a warning naming the figure, its value, its cited place
and why it was removed, so nothing is dropped silently. A sentence that still states a
removed figure's value (and no kept figure's) refers to a figure that is gone: an error.
"""

from __future__ import annotations

from draftflow.draft.removed import figure_value
from draftflow.numbers.citing import mentions_of
from draftflow.record.model import RemovedResult, pinned_place
from draftflow.text.pointer import pointer
from draftflow.verify.context import VerifyContext
from draftflow.verify.prose import prose_fields
from draftflow.verify.report import Rule, Severity


def check_removed(ctx: VerifyContext) -> None:
    """Flag each removed figure (a warning) and each sentence that still cites one (an
    error)."""
    provenance = ctx.record.provenance
    removed = list(provenance.removed) if provenance is not None else []
    if not removed:
        return
    for index, gone in enumerate(removed):
        ctx.flag(
            Severity.WARNING,
            Rule.REPORTED_RESULTS,
            pointer("provenance", "removed", index),
            _figure(gone),
            f"removed by {gone.removed_by}: {gone.label!r} = {_figure(gone)} "
            f"({pinned_place(gone.evidence_url)}): {gone.reason}",
        )
    values = [figure_value(gone) for gone in removed]
    kept = [figure_value(result) for result in ctx.record.editorial.reported_results]
    by_value = {figure_value(gone): gone for gone in reversed(removed)}
    for location, text, _ in prose_fields(ctx):
        for mention, stated in mentions_of(text, values, kept):
            gone = by_value[stated]
            ctx.flag(
                Severity.ERROR,
                Rule.PROSE,
                location,
                mention.text,
                f"{mention.text} states {gone.label!r} ({_figure(gone)}, "
                f"{pinned_place(gone.evidence_url)}), a figure removed from the record by "
                f"{gone.removed_by}; rewrite or remove the sentence",
            )


def _figure(gone: RemovedResult) -> str:
    return f"{gone.value} {gone.unit}".strip()
