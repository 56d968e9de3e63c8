"""Flags grouped by cause (issue 33): a draft's hundreds of warnings of one kind read as one
line with a count, a few examples in full, every error in full."""

from __future__ import annotations

from rich.console import Console

from draftflow.cli.verify import print_report
from draftflow.verify import (
    CheckedCounts,
    Flag,
    Rule,
    Severity,
    VerificationReport,
    flags_by_cause,
)
from draftflow.verify.causes import flag_cause
from draftflow.verify.report import make_flag


def _unnamed(name: str, at: int) -> Flag:
    return make_flag(
        Severity.WARNING,
        Rule.REPORTED_RESULTS,
        f"/figures/{at}/metric",
        "unspecified",
        f"the source calls this value '{name}', a name no known metric matches; name the "
        "metric before publishing it (or add the metric to numbers/vocabulary.toml)",
    )


def _removed(label: str, value: float, place: str) -> Flag:
    return make_flag(
        Severity.WARNING,
        Rule.REPORTED_RESULTS,
        "/provenance/removed/0",
        f"{value} %",
        f"removed by verify: '{label}' = {value} % ({place}): no source supports it as "
        "published (the unit '%' does not fit what the source calls this value "
        f"('{label}', a rate))",
    )


def _error() -> Flag:
    return make_flag(
        Severity.ERROR,
        Rule.CONDITIONS,
        "/figures/2/conditions/engine",
        "vLLM",
        "condition engine = 'vLLM' is not what README.md:12, the place it cites, says",
    )


def test_flags_that_differ_only_in_what_they_are_about_share_a_cause() -> None:
    """lhl/strix-halo-testing's whole draft: 29,311 of its 29,352 warnings are one message
    with another name in it; removed results differ in label, value and place."""
    names = [_unnamed(name, at) for at, name in enumerate(["load the link carries", "pool 1 tok"])]
    removed = [_removed("% of single-box", 49.0, "README.md:114"), _removed("x", 78, "a.md:5")]
    assert len({flag_cause(flag) for flag in names}) == 1
    assert len({flag_cause(flag) for flag in removed}) == 1
    assert flag_cause(removed[0]).startswith("no source supports it")
    groups = flags_by_cause([*names, *removed, _error()])
    assert [(g.severity, g.count) for g in groups] == [
        (Severity.ERROR, 1),
        (Severity.WARNING, 2),
        (Severity.WARNING, 2),
    ]


def test_the_report_counts_causes_and_prints_a_few_warnings_of_each_and_every_error() -> None:
    """Ten warnings of one cause: the table counts 10, three are printed in full and seven
    counted; the error is printed; `all_flags` prints all ten."""
    flags = [_unnamed(f"name {i}", i) for i in range(10)] + [_error()]
    report = VerificationReport(
        record_id="r", checked=CheckedCounts(warnings=10, errors=1), flags=flags
    )
    console = Console(record=True, width=400)
    print_report(report, None, console)
    text = console.export_text()
    assert "flags by cause" in text
    assert "│    10 │ warning" in text
    assert text.count("[reported_results] at /figures/") == 3
    assert "7 more warning(s) of this cause" in text
    assert "[conditions] at /figures/2/conditions/engine" in text
    every = Console(record=True, width=400)
    print_report(report, None, every, all_flags=True)
    assert every.export_text().count("[reported_results] at /figures/") == 10
