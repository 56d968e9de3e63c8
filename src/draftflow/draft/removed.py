"""Sentences that cite a figure taken out of the record: found by the figure's value (at the
precision a sentence writes it) and removed, so nothing in the text refers to a figure that is
gone. Verify flags any left (`verify/removed.py`) with the same reading of "cites"."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from draftflow.draft.artifact import EditorialDraft
from draftflow.draft.sentences import drop_sentences
from draftflow.numbers.citing import FigureValue, mentions_of
from draftflow.record.model import RemovedResult, ReportedResult


def figure_value(result: ReportedResult | RemovedResult) -> FigureValue:
    """The value and unit a sentence may state a figure by."""
    return FigureValue(float(result.value), result.unit)


def draft_texts(draft: EditorialDraft) -> Iterator[tuple[str, str]]:
    """Every prose string of a draft as (record JSON pointer, text)."""
    yield "/title", draft.title
    yield "/summary", draft.summary
    yield "/editorial/answer", draft.answer
    for i, section in enumerate(draft.sections):
        yield f"/editorial/sections/{i}/heading", section.heading
        for j, paragraph in enumerate(section.paragraphs):
            yield f"/editorial/sections/{i}/paragraphs/{j}", paragraph
    for i, note in enumerate(draft.notes):
        yield f"/notes/{i}", note
    for i, text in enumerate(draft.limitations):
        yield f"/limitations/{i}", text


def citing_claims(
    texts: Iterable[tuple[str, str]],
    removed: Iterable[ReportedResult | RemovedResult],
    kept: Iterable[ReportedResult],
) -> list[tuple[str, str]]:
    """(location, number as written) of every number in `texts` that states a removed
    figure and no kept one."""
    gone = [figure_value(r) for r in removed]
    if not gone:
        return []
    staying = [figure_value(r) for r in kept]
    return [
        (location, mention.text)
        for location, text in texts
        for mention, _ in mentions_of(text, gone, staying)
    ]


def removal_notes(
    draft: EditorialDraft,
    removed: Iterable[ReportedResult | RemovedResult],
    kept: Iterable[ReportedResult],
) -> list[str]:
    """For the record's provenance: each sentence `without_removed` takes out, by its place,
    the number it states and the removed figure that number is."""
    removed = list(removed)
    gone = [(figure_value(r), r) for r in removed]
    staying = [figure_value(r) for r in kept]
    notes = []
    for location, text in draft_texts(draft):
        for mention, stated in mentions_of(text, [value for value, _ in gone], staying):
            figure = next(r for value, r in gone if value == stated)
            notes.append(
                f"draft: {location}: {mention.text!r} states {figure.label!r} = {figure.value} "
                f"{figure.unit}, a figure taken out of the record; the sentence goes with it"
            )
    return notes


def without_removed(
    draft: EditorialDraft,
    removed: Iterable[ReportedResult | RemovedResult],
    kept: Iterable[ReportedResult],
) -> EditorialDraft:
    """`draft` less every sentence that states a removed figure (and no kept one); a heading
    that does becomes neutral, a section left without paragraphs goes."""
    claims = citing_claims(draft_texts(draft), removed, kept)
    return drop_sentences(draft, claims) if claims else draft
