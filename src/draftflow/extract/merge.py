"""Merging the model's extraction into the deterministic one.

The deterministic harvest is the floor: every figure it selects stays in the record, so a
model that skips a table row cannot make a reported figure disappear. What the model adds is
kept on top: its labels, metrics, units, statistics and conditions replace the deterministic
ones for the same figure (same document, line and value), and figures only the model found
(repeated runs it grouped) are added. The harvest's reading of each figure the model
relabelled is kept aside (`Extraction.harvested`), to stand where verify refuses the model's.
Figures read in prose are the exception to the floor: a
model shown one that did not confirm it (`DropReason.NOT_CONFIRMED`) removes it, because only
a reader can tell a sentence's results from its settings. Everything the model returned was
grounded before it got here.
"""

from __future__ import annotations

from draftflow.extract.artifact import DropReason, Extraction
from draftflow.record.model import ReportedResult, TestProfile

FigureKey = tuple[str, int, float]


def figure_key(result: ReportedResult) -> FigureKey:
    """What identifies one reported figure: its document, its line and its value."""
    return (result.source_document_id, result.source_line, float(result.value))


def merge_extractions(
    baseline: Extraction, modelled: Extraction, document_order: list[str]
) -> Extraction:
    """The baseline's figures, labelled by the model where it spoke, plus the model's own."""
    by_key = {figure_key(r): r for r in modelled.reported_results}
    baseline_keys = {figure_key(r) for r in baseline.reported_results}
    unconfirmed = {
        (d.document_id, d.line, float(d.claimed))
        for d in modelled.dropped
        if d.reason is DropReason.NOT_CONFIRMED and d.document_id and d.line is not None
    }
    results = [
        by_key.get(figure_key(r), r)
        for r in baseline.reported_results
        if figure_key(r) not in unconfirmed
    ]
    results += [r for r in modelled.reported_results if figure_key(r) not in baseline_keys]
    relabelled = [r for r in baseline.reported_results if by_key.get(figure_key(r), r) != r]
    position = {document_id: index for index, document_id in enumerate(document_order)}
    results.sort(key=lambda r: (position.get(r.source_document_id, len(position)), r.source_line))
    return modelled.model_copy(
        update={
            "reported_results": results,
            "test_profiles": _merge_profiles(modelled.test_profiles, baseline.test_profiles),
            "candidates_seen": baseline.candidates_seen,
            "harvested": relabelled,
        }
    )


def _merge_profiles(first: list[TestProfile], second: list[TestProfile]) -> list[TestProfile]:
    labels = {p.label for p in first}
    return [*first, *(p for p in second if p.label not in labels)]
