"""The article's notes on figures left out of the headline for their standing: the author's
own status words (`retracted`, `superseded`, ...) and figures someone else measured.

One sentence per status or party and place, the most marked first; each names the status
(or who) and the place whose words say so, as `path#Lline`, a place verify can find.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from draftflow.record.model import ReportedResult
from draftflow.record.standing import Attribution, ResultStatus

MAX_STANDING_NOTES = 3
"""Sentences of each kind; the figures file carries every figure's standing."""
MORE_MARKED = (
    "Other figures carry such marks too; the figures file gives each one's status or "
    "attribution with the words that state it."
)


def _place(standing: ResultStatus | Attribution) -> str:
    return f"{standing.path}#L{standing.line}"


def _status_sentence(status: ResultStatus) -> str:
    return (
        f'The author marks the figures at {_place(status)} as {status.status.value} ("'
        f'{status.words}"), so none of them is a headline result.'
    )


def _attribution_sentence(attribution: Attribution) -> str:
    return (
        f"The figures at {_place(attribution)} are {attribution.who}'s, not the repository "
        "author's measurements, so none of them is a headline result."
    )


def standing_notes(results: Sequence[ReportedResult]) -> list[str]:
    """Why the status-marked and attributed figures are not in the headline."""
    statuses = Counter(r.status for r in results if r.status is not None)
    attributed = Counter(
        r.attribution for r in results if r.status is None and r.attribution is not None
    )
    notes = [_status_sentence(s) for s, _ in statuses.most_common(MAX_STANDING_NOTES)]
    notes += [_attribution_sentence(a) for a, _ in attributed.most_common(MAX_STANDING_NOTES)]
    if len(statuses) > MAX_STANDING_NOTES or len(attributed) > MAX_STANDING_NOTES:
        notes.append(MORE_MARKED)
    return notes
