"""A headline figure's standing, checked like a condition: a status (`retracted`, ...) or an
attribution the record states must stand in words at its cited place, and either one is
flagged, since the headline is the repository author's own standing results.

A status or attribution whose words are not at its place is an error (the record says
something no source supports); one that is there is a warning for the editor: the figure
should not be a headline result, or the article must say why it is.
"""

from __future__ import annotations

from draftflow.extract.standing_marks import plain
from draftflow.record.model import ReportedResult
from draftflow.record.standing import Attribution, ResultStatus, StandingScope
from draftflow.text.pointer import pointer
from draftflow.verify.context import VerifyContext
from draftflow.verify.report import Evidence, Rule, Severity

SENTENCE_REACH = 4
"""Lines from the cited one that a marking sentence may run on to."""


def _stated(ctx: VerifyContext, standing: ResultStatus | Attribution) -> Evidence | None:
    """The evidence of the standing's words at its place, or None when they are not there."""
    document = ctx.snapshot.by_path(standing.path)
    if document is None:
        return None
    words = plain(standing.words).lower()
    if standing.scope is StandingScope.FILE_NAME:
        found = words in standing.path.lower()
    else:
        lines = [
            document.line(n) or "" for n in range(standing.line, standing.line + SENTENCE_REACH)
        ]
        found = words in plain(" ".join(lines)).lower()
    if not found:
        return None
    url = f"{document.pinned_url}#L{standing.line}"
    text = document.line(standing.line)
    return Evidence(
        document_id=document.document_id, path=document.path, line=standing.line, text=text, url=url
    )


def _check(ctx: VerifyContext, location: str, standing: ResultStatus | Attribution) -> None:
    what = (
        f"the author marks this figure {standing.status.value}"
        if isinstance(standing, ResultStatus)
        else f"this figure was measured by {standing.who}, not the repository's author"
    )
    claim = standing.status.value if isinstance(standing, ResultStatus) else standing.who
    evidence = _stated(ctx, standing)
    if evidence is None:
        ctx.flag(
            Severity.ERROR,
            Rule.CONDITIONS,
            location,
            claim,
            f'the record says {what}, but "{standing.words}" is not at {standing.place}; '
            "remove it or cite the line that says it",
        )
        return
    ctx.flag(
        Severity.WARNING,
        Rule.CONDITIONS,
        location,
        claim,
        f'{what} ("{standing.words}" at {standing.place}); drop it from the headline or say '
        "so in the article",
        [evidence],
    )


def check_standing(ctx: VerifyContext) -> None:
    """Check and flag the status and attribution of every headline figure."""
    results: list[ReportedResult] = ctx.record.editorial.reported_results
    for index, result in enumerate(results):
        base = pointer("editorial", "reported_results", index)
        if result.status is not None:
            _check(ctx, f"{base}/status", result.status)
        if result.attribution is not None:
            _check(ctx, f"{base}/attribution", result.attribution)
