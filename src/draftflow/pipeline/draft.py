"""The pipeline: acquire → extract → select → draft → assemble → verify → write, in one place.

Verification is always the last step before writing (`verified.py`): whatever the verifier
cannot support is dropped (results, test profiles, prose sentences) and the record is verified
again, so a written draft carries no unsupported number unflagged; what was dropped is listed
in the record's provenance for the editor.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel

from draftflow.acquire import acquire, restrict
from draftflow.acquire.heads import source_of
from draftflow.acquire.rules import unreadable_content
from draftflow.acquire.snapshot import SkippedFile, Snapshot
from draftflow.draft import NO_MODEL_HINT, EditorialDraft, draft
from draftflow.errors import InputError
from draftflow.extract import Extraction, extract
from draftflow.extract.learned.weights import ResultModel
from draftflow.llm import ModelSettings
from draftflow.llm.exchange_log import LOG_NAME, ExchangeLog
from draftflow.llm.slots import SharedSlots
from draftflow.pipeline.assemble import record_id_for
from draftflow.pipeline.verified import DropLog, VerifyInputs, assemble_verified, stabilise
from draftflow.record.model import Record, SelectionEdit
from draftflow.record.render import render_markdown
from draftflow.review.diff import diff_lines, diff_records
from draftflow.runtime.collector import collection_paused
from draftflow.select import DEFAULT_MAX_RESULTS, FIGURES_NAME, Selection, select
from draftflow.select.figures_file import figures_chunks
from draftflow.select.lead_model import LeadModel
from draftflow.store.locks import HeldLock
from draftflow.store.source import SOURCE_SUFFIX, record_source_text
from draftflow.store.write import RecordStore, SaveResult
from draftflow.verify import VerificationReport

if TYPE_CHECKING:
    from draftflow.llm.client import ModelClient

__all__ = ["DraftOutcome", "DraftRequest", "StageEvents", "UsageProbe", "run_draft", "stabilise"]

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
    max_results: int = DEFAULT_MAX_RESULTS
    result_model: ResultModel | None = None
    """The model that decides which numbers are results: the shipped one unless given."""
    lead_model: LeadModel | None = None
    """The model that ranks the rules' headline claims: the shipped one unless given."""


class DraftOutcome(BaseModel):
    """The result of one draft run, as the CLI prints it (and `--json` emits it)."""

    record_id: str
    repository: str
    revision: str
    record_path: str
    article_path: str
    report_path: str
    figures_path: str
    new_record: bool
    changed: bool
    diff: str
    results: int
    figures: int
    selection_method: str
    sections: int
    errors: int
    warnings: int
    dropped: list[str]
    model: str | None
    usage: dict[str, int]
    hint: str | None
    elapsed_seconds: float
    unreadable: list[str] = []
    """Documents that could not be read in full (`path: reason`), and those named as documents
    whose bytes are not text (skipped at acquire); listed in the snapshot's skipped documents
    too."""
    unread_tables: list[str] = []
    """Tables with numbers that gave no figure (`path:line (reason)`); in the provenance too."""
    changes: list[str] = []
    """What the re-draft changed in meaning (`review.diff`): a source move as one line, then
    each changed figure, field and sentence; empty for a new or unchanged record."""
    local_url: str | None = None
    """The repository URL when its pinned URLs are marked local (`local://...`): the copy's
    origin is not a GitHub repository."""


async def run_draft(
    request: DraftRequest, events: StageEvents | None = None, *, slots: SharedSlots | None = None
) -> DraftOutcome:
    """Draft, verify and write one record; returns what changed and what needs a look.

    `slots`, in a batch, bounds model requests in flight across all of its repositories.
    """
    started = time.perf_counter()
    events = events or _Silent()
    log = DropLog()
    store = RecordStore(request.records_dir)
    store.ensure_writable()  # before any model call, not after them
    with events.stage("acquire"):
        snapshot = _acquired(request)
    unread_documents = [s for s in snapshot.skipped if unreadable_content(s.reason)]
    log.dropped.extend(f"acquire: {s.path}: {s.reason}" for s in unread_documents)
    record_id = request.record_id or record_id_for(snapshot.repository)
    # One writer per record: from reading the previous version to saving the new one, so a
    # `select` or a second draft meanwhile waits and then builds on this one.
    async with store.writer_async(record_id) as held:
        previous = store.load(record_id) if store.exists(record_id) else None
        figures_file = store.extra_path(record_id, FIGURES_NAME).name
        staged = await _model_stages(request, snapshot, previous, figures_file, events, slots)
        log.dropped.extend(staged.dropped)
        with events.stage("verify"), collection_paused():  # a record and a figure flag each
            inputs = VerifyInputs(
                staged.snapshot, staged.extraction, record_id, previous, staged.model, request.today
            )
            record, report, selection = assemble_verified(
                inputs, staged.selection, staged.editorial, log
            )
        del inputs
        staged.release_verified()
        with events.stage("write"):
            saved = _save(store, request, record, report, selection, staged, held)
    run = _Run(record_id, record, report, selection, staged, saved, previous, log)
    return run.outcome(store, unread_documents, time.perf_counter() - started)


def _acquired(request: DraftRequest) -> Snapshot:
    """The snapshot of the request's source, restricted to its `only` documents."""
    snapshot = acquire(request.source, revision=request.revision, origin=request.origin)
    snapshot = restrict(snapshot, request.only)
    if not snapshot.documents:
        raise InputError(
            f"{request.source} holds no document draftflow reads (Markdown, CSV, JSON, ...)",
            hint="check the source with `draftflow sources SOURCE --json`: it lists what was "
            "skipped and why",
        )
    return snapshot


@dataclass
class _Staged:
    """What the stages that may ask the model established: extract → select → draft."""

    snapshot: Snapshot
    """The acquired snapshot, with the documents extract could not read listed as skipped."""
    extraction: Extraction
    selection: Selection
    editorial: EditorialDraft
    client: ModelClient | None
    model: str | None
    usage: dict[str, int]

    def release_verified(self) -> None:
        """Let go of what only verify read (every figure of the extraction, the harvest's
        readings by line, the selection before verify's drops) before the files are written:
        a repository of 100,000 figures held them twice over while its figures file was
        written. What the outcome reports (unread documents and tables) stays."""
        self.extraction.share_figures({})
        self.extraction = self.extraction.model_copy(
            update={"reported_results": [], "harvested": [], "test_profiles": []}
        )
        self.selection = replace(self.selection, figures=[], headline=[], profiles=[])

    @property
    def dropped(self) -> list[str]:
        """What extract and draft dropped, for the record's provenance."""
        return [*(f"extract: {d}" for d in self.extraction.dropped), *self.editorial.dropped]


async def _model_stages(
    request: DraftRequest,
    snapshot: Snapshot,
    previous: Record | None,
    figures_file: str,
    events: StageEvents,
    slots: SharedSlots | None,
) -> _Staged:
    """Extract, select and draft, each with the model when one is configured; the client is
    closed before this returns."""
    client = _model_client(request.settings, slots)
    probe = client.usage.as_dict if client else None
    budget = request.settings.context_tokens
    try:
        with events.stage("extract", probe):
            extraction = await extract(
                snapshot, client, context_budget_tokens=budget, result_model=request.result_model
            )
        if extraction.unreadable:
            snapshot = snapshot.model_copy(
                update={"skipped": [*snapshot.skipped, *extraction.unreadable]}
            )
        with events.stage("select", probe):
            selection = await select(
                snapshot,
                extraction,
                client,
                figures_file=figures_file,
                max_results=request.max_results,
                edits=_editor_edits(previous),
                budget_tokens=budget,
                lead_model=request.lead_model,
            )
        with events.stage("draft", probe):
            # Model and templates write about the headline: the facts a model is given are
            # computed over the figures the record publishes, which verify checks them by.
            editorial = await draft(snapshot, selection, client, budget_tokens=budget)
        usage = client.usage.as_dict() if client else {}
        model = await client.model_name() if client else None
    finally:
        if client is not None:
            await client.aclose()
    return _Staged(snapshot, extraction, selection, editorial, client, model, usage)


def _save(
    store: RecordStore,
    request: DraftRequest,
    record: Record,
    report: VerificationReport,
    selection: Selection,
    staged: _Staged,
    held: HeldLock,
) -> SaveResult:
    """Write the record with its article, report, source, figures and model log files: all of
    these files, or none of them."""
    source = source_of(request.source, origin=request.origin, only=request.only)
    # The report and the figures file (91 and 220 MB for a repository of 100,000 figures)
    # go to disk in pieces: the figures one at a time, the report's bytes as its serializer
    # makes them (its text, the text with a newline and its encoding were three copies).
    report_pieces = [report.__pydantic_serializer__.to_json(report, indent=2), b"\n"]
    with collection_paused():  # a dict per figure, and no cycles among them
        return store.save(
            record,
            markdown=render_markdown(record),
            report=report_pieces,
            held=held,
            extra={
                SOURCE_SUFFIX.lstrip("."): record_source_text(source),
                FIGURES_NAME: figures_chunks(selection.figures),
                **_exchange_log(staged.client, staged.model, record),
            },
        )


@dataclass(frozen=True)
class _Run:
    """What one draft run wrote and established, for its `DraftOutcome`."""

    record_id: str
    record: Record
    report: VerificationReport
    selection: Selection
    staged: _Staged
    saved: SaveResult
    previous: Record | None
    log: DropLog

    def outcome(
        self, store: RecordStore, unread_documents: list[SkippedFile], elapsed: float
    ) -> DraftOutcome:
        """The outcome as the CLI prints it."""
        record, report, staged = self.record, self.report, self.staged
        paths = store.paths(self.record_id)
        extraction = staged.extraction
        unreadable = [*unread_documents, *extraction.unreadable]
        return DraftOutcome(
            record_id=self.record_id,
            repository=record.source.repository,
            revision=str(record.source.revision),
            record_path=str(paths.json),
            article_path=str(paths.md),
            report_path=str(paths.verify),
            figures_path=str(store.extra_path(self.record_id, FIGURES_NAME)),
            new_record=self.saved.previous_text is None,
            changed=self.saved.changed,
            diff=self.saved.unified_diff(),
            changes=_changes(self.previous, record) if self.saved.changed else [],
            results=len(record.editorial.reported_results),
            figures=len(self.selection.figures),
            selection_method=self.selection.note.method,
            sections=len(record.editorial.sections),
            errors=report.checked.errors,
            warnings=report.checked.warnings,
            dropped=self.log.dropped,
            model=staged.model,
            usage=staged.usage,
            hint=None if staged.client else NO_MODEL_HINT,
            elapsed_seconds=round(elapsed, 3),
            unreadable=[f"{s.path}: {s.reason}" for s in unreadable],
            unread_tables=[f"{t.place} ({t.reason})" for t in extraction.unread_tables],
            local_url=record.source.url if record.source.platform == "local" else None,
        )


def _exchange_log(client: ModelClient | None, model: str | None, record: Record) -> dict[str, str]:
    """The model log file of a draft that had a model (`llm.exchange_log`), as an extra file."""
    if client is None:
        return {}
    drafted_at = record.provenance.created_at if record.provenance else None
    log = ExchangeLog.of_calls(model, drafted_at, client.exchange_log)
    return {LOG_NAME: log.to_text()}


def _changes(previous: Record | None, record: Record) -> list[str]:
    """The lines of the structural diff of `record` against `previous` (none without one)."""
    if previous is None:
        return []
    return [line for _, line in diff_lines(diff_records(previous, record))]


def _editor_edits(previous: Record | None) -> list[SelectionEdit]:
    """The editor's changes of the previous version's selection, re-applied on a re-draft."""
    if previous is None or previous.provenance is None or previous.provenance.selection is None:
        return []
    return list(previous.provenance.selection.edits)


def _model_client(settings: ModelSettings, slots: SharedSlots | None) -> ModelClient | None:
    """The model client of a draft, or None for the deterministic drafter."""
    if not settings.configured:
        return None
    # Imported here: the client pulls in openai (a third of a second), which a draft with no
    # model never needs.
    from draftflow.llm.client import ModelClient

    return ModelClient(settings, slots=slots)
