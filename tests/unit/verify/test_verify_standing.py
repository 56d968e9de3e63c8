"""A headline figure's status or attribution checked at its cited place (verify/standing.py):
words that are not there are an error, words that are there a warning."""

from __future__ import annotations

from pathlib import Path

from documents import make_document, make_result
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.record.model import Record, ReportedResult
from draftflow.record.standing import (
    Attribution,
    AttributionKind,
    ResultStatus,
    StandingScope,
    Status,
)
from draftflow.verify.context import VerifyContext
from draftflow.verify.report import Rule, Severity
from draftflow.verify.standing import check_standing
from seed_records import seed_000_data

SEEDS = Path(__file__).parents[2] / "data" / "seeds"
README = """# Bench

## Old runs (superseded)

| Model | Decode tok/s |
|---|---|
| Qwen3-8B | 41.5 |

## Forum numbers

Reported by @alice on the forum: 77.2 tok/s on her box.
"""


def _context(documents: list[Document], results: list[ReportedResult]) -> VerifyContext:
    record = Record.model_validate(seed_000_data(SEEDS))
    editorial = record.editorial.model_copy(update={"reported_results": results})
    snapshot = Snapshot(
        repository="o/demo",
        url="https://github.com/o/demo",
        revision="a" * 40,
        commit_time=None,
        documents=documents,
    )
    return VerifyContext(record.model_copy(update={"editorial": editorial}), snapshot, [])


def _result(document: Document, line: int, value: float, **standing: object) -> ReportedResult:
    return make_result(document, line, value).model_copy(update=standing)


def _status(path: str, line: int, words: str, scope: StandingScope) -> ResultStatus:
    return ResultStatus(status=Status.SUPERSEDED, words=words, path=path, line=line, scope=scope)


def test_a_status_whose_words_stand_at_its_place_is_a_warning_with_that_line() -> None:
    readme = make_document("README.md", README)
    status = _status("README.md", 3, "superseded", StandingScope.SECTION)
    ctx = _context([readme], [_result(readme, 7, 41.5, status=status)])
    check_standing(ctx)
    [flag] = ctx.flags
    assert flag.severity is Severity.WARNING and flag.rule is Rule.CONDITIONS
    assert flag.location == "/editorial/reported_results/0/status"
    assert flag.claim == "superseded"
    assert [(e.path, e.line) for e in flag.evidence] == [("README.md", 3)]
    assert flag.evidence[0].text == "## Old runs (superseded)"


def test_a_status_whose_words_are_not_at_its_place_is_an_error() -> None:
    readme = make_document("README.md", README)
    moved = _status("README.md", 7, "superseded", StandingScope.SECTION)  # the row, not the heading
    missing = _status("docs/gone.md", 3, "superseded", StandingScope.SECTION)
    ctx = _context(
        [readme], [_result(readme, 7, 41.5, status=moved), _result(readme, 7, 41.5, status=missing)]
    )
    check_standing(ctx)
    assert [f.severity for f in ctx.flags] == [Severity.ERROR, Severity.ERROR]
    assert "is not at README.md:7" in ctx.flags[0].message
    assert "is not at docs/gone.md:3" in ctx.flags[1].message
    assert all(not f.evidence for f in ctx.flags)


def test_a_file_name_status_is_read_in_the_path() -> None:
    run = make_document("results/run-CONTAMINATED.json", '{"decode_tok_s": 41.5}\n')
    named = ResultStatus(
        status=Status.CONTAMINATED,
        words="CONTAMINATED",
        path=run.path,
        line=1,
        scope=StandingScope.FILE_NAME,
    )
    wrong = named.model_copy(update={"words": "RETRACTED"})
    ctx = _context(
        [run], [_result(run, 1, 41.5, status=named), _result(run, 1, 41.5, status=wrong)]
    )
    check_standing(ctx)
    assert [f.severity for f in ctx.flags] == [Severity.WARNING, Severity.ERROR]


def test_an_attribution_is_checked_like_a_status() -> None:
    readme = make_document("README.md", README)
    stated = Attribution(
        who="@alice",
        kind=AttributionKind.PERSON,
        words="Reported by @alice",
        path="README.md",
        line=11,
        scope=StandingScope.SENTENCE,
    )
    elsewhere = stated.model_copy(update={"line": 3})
    ctx = _context(
        [readme],
        [
            _result(readme, 11, 77.2, attribution=stated),
            _result(readme, 11, 77.2, attribution=elsewhere),
        ],
    )
    check_standing(ctx)
    first, second = ctx.flags
    assert first.severity is Severity.WARNING and first.claim == "@alice"
    assert first.location == "/editorial/reported_results/0/attribution"
    assert "measured by @alice" in first.message and first.evidence[0].line == 11
    assert second.severity is Severity.ERROR and "README.md:3" in second.message


def test_a_figure_with_no_standing_raises_nothing() -> None:
    readme = make_document("README.md", README)
    ctx = _context([readme], [_result(readme, 7, 41.5)])
    check_standing(ctx)
    assert ctx.flags == []
