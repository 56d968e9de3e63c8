"""The verify stage: an offline, deterministic cross-check of a record against its sources.

`verify_record(record, snapshot)` applies the five rules of DESIGN.md (identity, reported
results, prose, citations, conditions) and returns a `VerificationReport`. It reads no
network and calls no model; each source document is indexed once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import InputError
from draftflow.record.model import Record
from draftflow.runtime.collector import collection_paused
from draftflow.verify.causes import FlagCause, flags_by_cause
from draftflow.verify.citations import check_citations, check_test_profiles
from draftflow.verify.conditions import check_conditions
from draftflow.verify.configwords import check_config_words
from draftflow.verify.context import DocumentIndexes, VerifyContext
from draftflow.verify.fields import check_fields
from draftflow.verify.figures_file import verify_figures, with_figures
from draftflow.verify.identity import check_identity, listed_documents
from draftflow.verify.meaning import check_setup_settings
from draftflow.verify.planted import check_planted_instructions
from draftflow.verify.prose import check_prose
from draftflow.verify.prose_meaning import check_prose_meaning
from draftflow.verify.provenance import check_provenance
from draftflow.verify.removed import check_removed
from draftflow.verify.report import (
    CheckedCounts,
    ClaimCheck,
    ClaimStatus,
    Evidence,
    Flag,
    Rule,
    Severity,
    VerificationReport,
    flag_id,
)
from draftflow.verify.results import check_results
from draftflow.verify.setup import check_limitations, check_setup_words
from draftflow.verify.standing import check_standing

__all__ = [
    "CheckedCounts",
    "ClaimCheck",
    "ClaimStatus",
    "DocumentIndexes",
    "Evidence",
    "Flag",
    "FlagCause",
    "Rule",
    "Severity",
    "VerificationReport",
    "flag_id",
    "flags_by_cause",
    "verify_figures",
    "verify_record",
    "with_figures",
]


def verify_record(
    record: Record | Mapping[str, Any],
    snapshot: Snapshot,
    *,
    indexes: DocumentIndexes | None = None,
) -> VerificationReport:
    """Check every hash, URL, line, number and citation of `record` against `snapshot`.

    `record` may be a `Record` or its plain JSON data (validated here). The report lists
    flags (errors block sign-off) in a deterministic order and one `ClaimCheck` per checked
    number, hash, date, version or identifier. `indexes`, when given, keeps the documents'
    indexes for further runs over the same snapshot (the next round, the figures file).
    """
    if not isinstance(record, Record):
        try:
            record = Record.model_validate(dict(record))
        except ValidationError as error:
            raise InputError(
                f"not a record: {error.errors()[0]['loc']}: {error.errors()[0]['msg']}",
                hint="pass a Record, or JSON data shaped as `draftflow draft` writes a record",
            ) from None
    ctx = VerifyContext(
        record,
        snapshot,
        listed_documents(record, snapshot),
        indexes=indexes if indexes is not None else DocumentIndexes(),
    )
    with collection_paused():
        check_identity(ctx)
        check_citations(ctx)
        check_test_profiles(ctx)
        check_conditions(ctx)
        check_results(ctx)
        check_prose(ctx)
        check_prose_meaning(ctx)
        check_fields(ctx)
        check_planted_instructions(ctx)
        check_provenance(ctx)
        check_setup_settings(ctx)
        check_setup_words(ctx)
        check_limitations(ctx)
        check_standing(ctx)
        check_removed(ctx)
        check_config_words(ctx)
    flags = _deduplicated(ctx)
    ctx.counts.errors = sum(1 for f in flags if f.is_error)
    ctx.counts.warnings = len(flags) - ctx.counts.errors
    return VerificationReport(
        record_id=record.id, checked=ctx.counts, flags=flags, claims=ctx.claims
    )


def _deduplicated(ctx: VerifyContext) -> list[Flag]:
    """One flag per id (the same claim at the same place), errors first, stable order."""
    seen: dict[str, Flag] = {}
    for flag in ctx.flags:
        kept = seen.get(flag.id)
        if kept is None or (flag.severity is Severity.ERROR and kept.severity is Severity.WARNING):
            seen[flag.id] = flag
    order = {Severity.ERROR: 0, Severity.WARNING: 1}
    return sorted(seen.values(), key=lambda f: order[f.severity])
