"""The figures file verified like the record: each figure's document, line and value.

A thin call into rule 2 (`check_results`): the figures stand in for the record's reported
results, every document they cite is listed beside the record's own, and each flag's location
is rewritten to point into the figures file (`/figures/<index>/...`).
"""

from __future__ import annotations

from draftflow.acquire.snapshot import Snapshot
from draftflow.record.model import Record, ReportedResult, SupplementalSource
from draftflow.runtime.collector import collection_paused
from draftflow.select.figures_file import figure_id
from draftflow.verify.conditions import check_cited_conditions
from draftflow.verify.context import DocumentIndexes, VerifyContext
from draftflow.verify.identity import listed_documents
from draftflow.verify.report import Flag, VerificationReport, make_flag
from draftflow.verify.results import check_results

RESULTS_POINTER = "/editorial/reported_results/"
FIGURES_POINTER = "/figures/"


def verify_figures(
    record: Record,
    figures: list[ReportedResult],
    snapshot: Snapshot,
    *,
    indexes: DocumentIndexes | None = None,
) -> VerificationReport:
    """Check every figure of the record's figures file against the snapshot (rule 2 only);
    `indexes` as `verify_record` takes it."""
    shadow = _shadow_record(record, figures, snapshot)
    ctx = VerifyContext(
        shadow,
        snapshot,
        listed_documents(shadow, snapshot),
        indexes=indexes if indexes is not None else DocumentIndexes(),
        keep_claims=False,  # the figures file's report lists flags and counts, no claims
    )
    with collection_paused():
        check_results(ctx)
        check_cited_conditions(ctx, figures)
    flags = [
        make_flag(
            flag.severity,
            flag.rule,
            flag.location.replace(RESULTS_POINTER, FIGURES_POINTER, 1),
            flag.claim,
            flag.message,
            list(flag.evidence),
        )
        for flag in ctx.flags
    ]
    flags.extend(_record_conditions(record, figures, ctx))
    ctx.counts.errors = sum(1 for flag in flags if flag.is_error)
    ctx.counts.warnings = len(flags) - ctx.counts.errors
    return VerificationReport(record_id=record.id, checked=ctx.counts, flags=flags)


def _record_conditions(
    record: Record, figures: list[ReportedResult], ctx: VerifyContext
) -> list[Flag]:
    """The record's own results re-read at the places their figures cite (a record read
    from disk carries no citations: its figures file does, found by figure id)."""
    by_id = {figure_id(f): f.condition_sources for f in figures if f.condition_sources is not None}
    results = record.editorial.reported_results
    sources = {
        i: found
        for i, result in enumerate(results)
        if result.condition_sources is None and (found := by_id.get(figure_id(result))) is not None
    }
    if not sources:
        return []
    before = len(ctx.flags)
    check_cited_conditions(ctx, [r for r in results], sources)
    added = ctx.flags[before:]
    del ctx.flags[before:]
    return list(added)


def _shadow_record(record: Record, figures: list[ReportedResult], snapshot: Snapshot) -> Record:
    """The record with the figures as its results and every document they cite listed."""
    listed = {s.document_id for s in record.supplemental_sources}
    extra: list[SupplementalSource] = []
    for result in figures:
        document = snapshot.document(result.source_document_id)
        if document is None or document.document_id in listed:
            continue
        if record.source.pinned_url == document.pinned_url:
            continue
        listed.add(document.document_id)
        extra.append(
            SupplementalSource(
                document_id=document.document_id,
                parent_record_id=record.id,
                publisher=record.source.publisher,
                repository=snapshot.repository,
                revision=snapshot.revision,
                document_path=document.path,
                pinned_url=document.pinned_url,
                document_sha256=document.sha256,
                checked_on=record.source.checked_on,
            )
        )
    editorial = record.editorial.model_copy(update={"reported_results": figures})
    return record.model_copy(
        update={
            "editorial": editorial,
            "supplemental_sources": [*record.supplemental_sources, *extra],
        }
    )


def with_figures(report: VerificationReport, figures: VerificationReport) -> VerificationReport:
    """The record's report with the figures file's flags and result count added."""
    checked = report.checked.model_copy(
        update={
            "errors": report.checked.errors + figures.checked.errors,
            "warnings": report.checked.warnings + figures.checked.warnings,
        }
    )
    return report.model_copy(update={"checked": checked, "flags": [*report.flags, *figures.flags]})
