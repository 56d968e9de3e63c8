"""Verify refuses a figure of metric `unspecified` whose name names a known metric, unless the
figure's unit is another kind of quantity than that metric's: then the name's words are not
the metric, and the figure stays `unspecified`, warned about."""

from __future__ import annotations

from typing import cast

from draftflow.record.model import ReportedResult
from draftflow.verify.context import VerifyContext
from draftflow.verify.report import Evidence, Severity
from draftflow.verify.unspecified import check_unspecified

URL = "https://github.com/o/r/blob/" + "c" * 40 + "/results.md#L{}"


class _Flags:
    """The one part of a verify run `check_unspecified` uses: its flags."""

    def __init__(self) -> None:
        self.severities: list[Severity] = []

    def flag(self, severity: Severity, *_: object) -> None:
        self.severities.append(severity)


def _severity(named: str, unit: str) -> Severity:
    result = ReportedResult(
        label=named,
        metric="unspecified",
        value=0.2322,
        unit=unit,
        statistic="as reported",
        uncertainty=None,
        conditions={"metric_as_written": named},
        evidence_state="source_reported",
        site_reproduced=False,
        evidence_url=URL.format(17),
        source_document_sha256="d" * 64,
        source_document_id="r-results.md",
        source_line=17,
    )
    flags = _Flags()
    ctx = cast(VerifyContext, flags)
    check_unspecified(ctx, "results/0", result, named, lambda: cast(Evidence, None))
    [severity] = flags.severities
    return severity


def test_a_time_under_a_rate_metric_word_stays_unspecified() -> None:
    # the vocabulary reads `prefill time` as `prefill_rate`, a rate: a value in seconds is not
    # that metric (fails on df2b813: refused, and the drafted figure removed by verify)
    assert _severity("M4 Avg prefill time:", "s") is Severity.WARNING


def test_a_name_that_names_the_metric_of_its_unit_is_refused() -> None:
    assert _severity("decode tok/s", "tokens/s") is Severity.ERROR
    assert _severity("M4 Avg prefill time:", "unspecified") is Severity.ERROR
