"""The article's notes on figures left out of the headline for their standing: the author's
own status words (`retracted`, `superseded`, ...) and figures someone else measured.

One sentence per status or party and place, the most marked first; each names the status
(or who) and the place whose words say so as the document's pinned URL anchored at the line
(`...#L12`): verify checks the URL against the record's listed documents, and assembly lists
every document a note cites (`StandingNote.document_url`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from draftflow.draft.grounding import format_value
from draftflow.record.model import ReportedResult
from draftflow.record.standing import (
    Attribution,
    AttributionKind,
    ResultStatus,
    StandingScope,
    Status,
)

MAX_STANDING_NOTES = 3
"""Sentences of each kind; the figures file carries every figure's standing."""
MORE_MARKED = (
    "Other figures carry such marks too; the figures file gives each one's status or "
    "attribution with the words that state it."
)


@dataclass(frozen=True)
class StandingNote:
    """One note sentence and the pinned URL of the document it cites (None for none)."""

    text: str
    document_url: str | None


def _place(standing: ResultStatus | Attribution, document_url: str) -> str:
    return f"{document_url}#L{standing.line}"


_WHAT_THEY_ARE = {
    Status.ILLUSTRATIVE: "an example of a tool's output, not a run",
    Status.FAILURE: "what a failure produced or a fault destroyed, not a measurement",
    Status.SETUP: "a time to set the system up, not a measurement of what it runs",
    Status.ADVICE: "advice on what to do or expect, not a measurement",
}
"""What figures are whose own words say they are no result (`role_marks.py`): the source
says so in words other than the status's name, so the sentence says what they are."""


_MEASURED = re.compile(r"\b(?:measured|benchmarked)\b|实测|實測|実測", re.IGNORECASE)
"""Words with which an author says figures were measured (`通过 vkpeak 实测`)."""
LINES_ABOVE = 3
"""Lines above a column's header that introduce its table."""
Lines = Callable[[str], Sequence[str]]
"""A document's lines by its pinned URL (none for a document not at hand)."""


def _contradicted(status: ResultStatus, document_url: str, lines: Lines | None) -> bool:
    """Whether the author's own words beside the table say its figures were measured, where a
    column header reads as a specification (Huaming007's `理论峰值` "theoretical peak" column
    under "通过 `vkpeak` 实测", measured by vkpeak): "the author marks them as specification"
    would then be false (read33-s23), though the figures stay out of an LLM headline."""
    if status.status is not Status.SPECIFICATION or status.scope is not StandingScope.COLUMN:
        return False
    text = lines(document_url) if lines is not None else ()
    start = max(0, status.line - 1 - LINES_ABOVE)
    return any(_MEASURED.search(line) for line in text[start : status.line])


def _status_sentence(status: ResultStatus, document_url: str, values: Sequence[str]) -> str:
    what = _WHAT_THEY_ARE.get(status.status)
    place = _place(status, document_url)
    if status.scope is StandingScope.FILE_NAME:
        # the path's word is no mark the author put on the figures (cipher982's
        # `docs/specs/ai-operator.md`: "The author marks ... as specification ("specs")")
        return (
            f'The path of the document at {place} reads "{status.words}", so its figures are '
            f"taken as {status.status.value}, none of them a headline result."
        )
    if what is not None:
        return (
            f"The figures at {place} are {what}"
            f' ("{status.words}"), so none of them is a headline result.'
        )
    distinct = list(dict.fromkeys(values))
    if status.scope is not StandingScope.SENTENCE or len(distinct) > MAX_NAMED_VALUES:
        return (
            f"The author marks the figures at {place} as {status.status.value}"
            f' ("{status.words}"), so none of them is a headline result.'
        )
    # a sentence's mark holds only some of its line's figures (`measured 22.8 TPS (predicted
    # 21-22 TPS)`): the note names the ones it marks, never the whole line
    marked = f"The author marks {_listed(distinct)} at {place} as {status.status.value}"
    if len(distinct) == 1:
        return f'{marked} ("{status.words}"), so it is no headline result.'
    either = "neither" if len(distinct) == 2 else "none"
    return f'{marked} ("{status.words}"), so {either} of them is a headline result.'


MAX_NAMED_VALUES = 4
"""Values a sentence's status note names; a mark on more, or on a section, names its place."""


def _written(value: float) -> str:
    """A value without a float's `.0` or an exponent (`21`, `1214710`, `0.08`)."""
    return str(int(value)) if float(value).is_integer() else format_value(value)


def _listed(shown: Sequence[str]) -> str:
    if len(shown) == 1:
        return f"the figure {shown[0]}"
    return f"{', '.join(shown[:-1])} and {shown[-1]}"


def _attribution_sentence(attribution: Attribution, document_url: str) -> str:
    if attribution.kind is AttributionKind.HOSTED_MODEL:
        # the author's own run of a hosted model is still the author's measurement:
        # "are opencode/x-preview-f-free's, not the repository author's measurements" gave
        # luongnv89's harness run the wrong reason (read33-s21)
        return (
            f"The figures at {_place(attribution, document_url)} are of the hosted model "
            f"{attribution.who}, not of a model run on the repository's hardware, so none of "
            "them is a headline result."
        )
    return (
        f"The figures at {_place(attribution, document_url)} are {attribution.who}'s"
        f", not the repository author's measurements, so none of them is a "
        "headline result."
    )


def standing_notes(
    results: Sequence[ReportedResult], lines: Lines | None = None
) -> list[StandingNote]:
    """Why the status-marked and attributed figures are not in the headline, each sentence
    with the document it cites; a status the author's own words beside it contradict
    (`_contradicted`, read with `lines`) gets no sentence."""
    # A mark is read from its figure's own document, so that figure's URL is the mark's.
    documents: dict[ResultStatus | Attribution, str] = {}
    statuses: Counter[ResultStatus] = Counter()
    values: dict[ResultStatus, list[str]] = {}
    attributed: Counter[Attribution] = Counter()
    for result in results:
        url = result.evidence_url.partition("#")[0]
        if result.status is not None:
            statuses[result.status] += 1
            values.setdefault(result.status, []).append(_written(result.value))
            documents.setdefault(result.status, url)
        elif result.attribution is not None:
            attributed[result.attribution] += 1
            documents.setdefault(result.attribution, url)
    kept = [s for s in statuses if not _contradicted(s, documents[s], lines)]
    statuses = Counter({s: statuses[s] for s in kept})
    notes = [
        StandingNote(_status_sentence(s, documents[s], values[s]), documents[s])
        for s, _ in statuses.most_common(MAX_STANDING_NOTES)
    ]
    notes += [
        StandingNote(_attribution_sentence(a, documents[a]), documents[a])
        for a, _ in attributed.most_common(MAX_STANDING_NOTES)
    ]
    if len(statuses) > MAX_STANDING_NOTES or len(attributed) > MAX_STANDING_NOTES:
        notes.append(StandingNote(MORE_MARKED, None))
    return notes
