"""Rule 2, reported results: each value is on its cited line (after normalisation), or is a
statistic (mean, median, min, max, sum) of input values stated there, within the rounding its
own written precision implies, and the `statistic` says so; `uncertainty` bounds are the min
and max of the inputs. A value found only on another line is an error that names the line."""

from __future__ import annotations

from functools import partial

from draftflow.numbers import NumberKind
from draftflow.record.model import ReportedResult
from draftflow.text.pointer import pointer
from draftflow.verify.context import VerifyContext
from draftflow.verify.memo import remembered, run_checks
from draftflow.verify.provenance import check_result_provenance
from draftflow.verify.report import ClaimStatus, Rule, Severity
from draftflow.verify.result_check import ResultCheck
from draftflow.verify.roles import check_role

RESULTS_BASE = pointer("editorial", "reported_results") + "/"


def check_results(ctx: VerifyContext) -> None:
    """Check every reported result's document, anchor, value and uncertainty (each once
    per content and place, when the run's indexes remember checks: verify/memo.py)."""
    store = run_checks(ctx)
    for i, result in enumerate(ctx.record.editorial.reported_results):
        ctx.counts.results += 1
        key = None if store is None else ("result", i, result.model_dump_json())
        remembered(ctx, store, key, partial(_check_result, ctx, i, result))


def _check_result(ctx: VerifyContext, i: int, result: ReportedResult) -> None:
    base = f"{RESULTS_BASE}{i}"  # pointer("editorial", "reported_results", i): no escapes
    value_text = repr(result.value)
    listed = ctx.by_id.get(result.source_document_id)
    if listed is None:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/source_document_id",
            result.source_document_id,
            "source_document_id is not the id of any document the record lists",
        )
        _unsupported(ctx, base, value_text)
        return
    if result.source_document_sha256 != listed.sha256:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/source_document_sha256",
            result.source_document_sha256,
            f"source_document_sha256 differs from {listed.document_id}'s {listed.sha256}",
        )
    expected_url = f"{listed.pinned_url}#L{result.source_line}"
    if result.evidence_url != expected_url:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/evidence_url",
            result.evidence_url,
            f"evidence_url must be the pinned URL plus #L{result.source_line} "
            f"(source_line): expected {expected_url}",
        )
    document = listed.document
    if document is None:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/value",
            value_text,
            f"{listed.path} is not available in the checked source, so this value "
            "cannot be verified",
        )
        _unsupported(ctx, base, value_text)
        return
    if document.line(result.source_line) is None:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/source_line",
            str(result.source_line),
            f"{listed.path} has {len(document.line_list)} lines; line "
            f"{result.source_line} does not exist",
        )
        _unsupported(ctx, base, value_text)
        return
    check = ResultCheck(ctx, base, result, listed)
    check.run()
    check_role(ctx, base, result, check.index, listed, check.value, check.stating)
    check_result_provenance(ctx, base, result)


def _unsupported(ctx: VerifyContext, base: str, value_text: str) -> None:
    ctx.claim(
        f"{base}/value",
        value_text,
        0,
        len(value_text),
        NumberKind.QUANTITY,
        ClaimStatus.UNSUPPORTED,
    )
