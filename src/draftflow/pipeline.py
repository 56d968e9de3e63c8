"""The pipeline: acquire → extract → draft → assemble → verify → write, wired in one place.

Verification is always the last step before writing. Whatever the verifier cannot support is
dropped (results, test profiles, prose sentences) and the record is verified again, so a
written draft carries no unsupported number unflagged; what was dropped is listed in the
record's provenance for the editor.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel

from draftflow.acquire import acquire, restrict
from draftflow.acquire.heads import source_of
from draftflow.assemble import assemble, provenance_for, record_id_for
from draftflow.draft import NO_MODEL_HINT, EditorialDraft, draft_editorial, drop_sentences
from draftflow.errors import InputError
from draftflow.extract import Extraction, extract
from draftflow.llm import ModelClient, ModelSettings
from draftflow.llm.slots import SharedSlots
from draftflow.pointer import pointer_parts
from draftflow.records import Record, ReportedResult
from draftflow.records_source import SOURCE_SUFFIX, record_source_text
from draftflow.render import render_markdown
from draftflow.snapshot import Snapshot
from draftflow.verify import Flag, VerificationReport, verify_record
from draftflow.write import RecordStore

MAX_DROP_ROUNDS = 3

# Fields that change with the day a draft runs, not with what the sources say.
VOLATILE_PATHS = (
    ("source", "checked_on"),
    ("editorial", "published_on"),
    ("editorial", "modified_on"),
    ("editorial", "version"),
    ("provenance", "created_at"),
)


UsageProbe = Callable[[], dict[str, int]]


class StageEvents(Protocol):
    """What the pipeline tells its caller while it runs (the CLI shows it as progress)."""

    def stage(self, name: str, usage: UsageProbe | None = None) -> AbstractContextManager[None]:
        """Bracket one stage; `usage`, when given, reads the model calls made so far."""
        ...


class _Silent:
    def stage(self, name: str, usage: UsageProbe | None = None) -> AbstractContextManager[None]:
        return nullcontext()


@dataclass(frozen=True)
class DraftRequest:
    """What to draft, from where, and with which model settings."""

    source: str
    records_dir: Path
    settings: ModelSettings
    revision: str | None = None
    origin: str | None = None
    record_id: str | None = None
    only: tuple[str, ...] = ()
    today: date | None = None


class DraftOutcome(BaseModel):
    """The result of one draft run, as the CLI prints it (and `--json` emits it)."""

    record_id: str
    record_path: str
    article_path: str
    report_path: str
    new_record: bool
    changed: bool
    diff: str
    results: int
    sections: int
    errors: int
    warnings: int
    dropped: list[str]
    model: str | None
    usage: dict[str, int]
    hint: str | None
    elapsed_seconds: float
    unreadable: list[str] = []
    """Documents that could not be read in full (`path: reason`); listed in the snapshot's
    skipped documents too."""


@dataclass
class _Run:
    request: DraftRequest
    events: StageEvents
    dropped: list[str] = field(default_factory=list)


async def run_draft(
    request: DraftRequest, events: StageEvents | None = None, *, slots: SharedSlots | None = None
) -> DraftOutcome:
    """Draft, verify and write one record; returns what changed and what needs a look.

    `slots`, in a batch, bounds model requests in flight across all of its repositories.
    """
    started = time.perf_counter()
    run = _Run(request, events or _Silent())
    store = RecordStore(request.records_dir)
    store.ensure_writable()  # before any model call, not after them
    with run.events.stage("acquire"):
        snapshot = acquire(request.source, revision=request.revision, origin=request.origin)
        snapshot = restrict(snapshot, request.only)
        if not snapshot.documents:
            raise InputError(
                f"{request.source} holds no document draftflow reads (Markdown, CSV, JSON, ...)",
                hint="check the source with `draftflow sources SOURCE --json`: it lists what was "
                "skipped and why",
            )
    client = ModelClient(request.settings, slots=slots) if request.settings.configured else None
    probe = client.usage.as_dict if client else None
    try:
        with run.events.stage("extract", probe):
            extraction = await extract(
                snapshot, client, context_budget_tokens=request.settings.context_tokens
            )
        run.dropped.extend(f"extract: {d}" for d in extraction.dropped)
        if extraction.unreadable:
            snapshot = snapshot.model_copy(
                update={"skipped": [*snapshot.skipped, *extraction.unreadable]}
            )
        with run.events.stage("draft", probe):
            draft = await draft_editorial(
                snapshot, extraction, client, budget_tokens=request.settings.context_tokens
            )
        run.dropped.extend(draft.dropped)
        usage = client.usage.as_dict() if client else {}
        model = await client.model_name() if client else None
    finally:
        if client is not None:
            await client.aclose()
    record_id = request.record_id or record_id_for(snapshot.repository)
    previous = store.load(record_id) if store.exists(record_id) else None
    with run.events.stage("verify"):
        record, report = _assemble_verified(
            run, snapshot, extraction, draft, record_id, previous, model
        )
    with run.events.stage("write"):
        source = source_of(request.source, origin=request.origin, only=request.only)
        saved = store.save(  # one unit: all of these files, or none of them
            record,
            markdown=render_markdown(record),
            report=report.model_dump_json(indent=2) + "\n",
            extra={SOURCE_SUFFIX.lstrip("."): record_source_text(source)},
        )
    paths = store.paths(record_id)
    return DraftOutcome(
        record_id=record_id,
        record_path=str(paths.json),
        article_path=str(paths.md),
        report_path=str(paths.verify),
        new_record=saved.previous_text is None,
        changed=saved.changed,
        diff=saved.unified_diff(),
        results=len(record.editorial.reported_results),
        sections=len(record.editorial.sections),
        errors=report.checked.errors,
        warnings=report.checked.warnings,
        dropped=run.dropped,
        model=model,
        usage=usage,
        hint=None if client else NO_MODEL_HINT,
        elapsed_seconds=round(time.perf_counter() - started, 3),
        unreadable=[f"{s.path}: {s.reason}" for s in extraction.unreadable],
    )


def _assemble_verified(
    run: _Run,
    snapshot: Snapshot,
    extraction: Extraction,
    draft: EditorialDraft,
    record_id: str,
    previous: Record | None,
    model: str | None,
) -> tuple[Record, VerificationReport]:
    """Assemble, verify, drop what is unsupported, and repeat until nothing more drops."""
    today = run.request.today or datetime.now(UTC).date()
    created_at = datetime.now(UTC).replace(microsecond=0).isoformat()
    prompt_hashes = {**extraction.prompt_hashes, **draft.prompt_hashes}
    for _ in range(MAX_DROP_ROUNDS):
        provenance = provenance_for(model, prompt_hashes, created_at, run.dropped)
        record = assemble(
            snapshot, extraction, draft, provenance=provenance, today=today, record_id=record_id
        )
        record = stabilise(record, previous)
        report = verify_record(record, snapshot)
        if not report.errors:
            return record, report
        extraction, draft = _drop_unsupported(run, extraction, draft, report.errors)
    return record, report


def _drop_unsupported(
    run: _Run, extraction: Extraction, draft: EditorialDraft, errors: list[Flag]
) -> tuple[Extraction, EditorialDraft]:
    bad_results: set[int] = set()
    bad_profiles: set[int] = set()
    bad_conditions: dict[int, set[str]] = {}
    prose: dict[str, set[str]] = {}
    for flag in errors:
        parts = pointer_parts(flag.location)
        if (
            parts[:2] == ["editorial", "reported_results"]
            and len(parts) == 5
            and (parts[3] == "conditions")
        ):
            # only the condition is unsupported: drop it, keep the figure
            bad_conditions.setdefault(int(parts[2]), set()).add(parts[4])
        elif parts[:2] == ["editorial", "reported_results"] and len(parts) > 2:
            bad_results.add(int(parts[2]))
        elif parts[:1] == ["test_profiles"] and len(parts) > 1:
            bad_profiles.add(int(parts[1]))
        else:
            prose.setdefault(flag.location, set()).add(flag.claim)
        run.dropped.append(f"verify: {flag.location}: {flag.claim}: {flag.message}")
    results = [
        _without_conditions(r, bad_conditions.get(i, set()))
        for i, r in enumerate(extraction.reported_results)
        if i not in bad_results
    ]
    profiles = [p for i, p in enumerate(extraction.test_profiles) if i not in bad_profiles]
    extraction = extraction.model_copy(
        update={"reported_results": results, "test_profiles": profiles}
    )
    if prose:
        draft = drop_sentences(draft, prose)
    return extraction, draft


def _without_conditions(result: ReportedResult, keys: set[str]) -> ReportedResult:
    if not keys:
        return result
    kept = {k: v for k, v in result.conditions.items() if k not in keys}
    return result.model_copy(update={"conditions": kept})


def stabilise(record: Record, previous: Record | None) -> Record:
    """Keep the previous version when only the run's date differs; else bump the version.

    Running the same draft twice must write byte-identical files, whatever the day.
    """
    if previous is None:
        return record
    new_data, old_data = _comparable(record), _comparable(previous)
    if new_data == old_data:
        return previous
    editorial = record.editorial.model_copy(
        update={
            "published_on": previous.editorial.published_on,
            "version": previous.editorial.version + 1,
        }
    )
    return record.model_copy(update={"editorial": editorial})


def _comparable(record: Record) -> dict[str, Any]:
    data: dict[str, Any] = record.model_dump(mode="json", by_alias=True)
    for parent, key in VOLATILE_PATHS:
        section = data.get(parent)
        if isinstance(section, dict):
            section.pop(key, None)
    for supplemental in data.get("supplemental_sources") or []:
        supplemental.pop("checked_on", None)
    data.pop("editorial_status", None)
    return data
