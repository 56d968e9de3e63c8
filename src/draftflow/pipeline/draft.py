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
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel

from draftflow.acquire import acquire, restrict
from draftflow.acquire.heads import source_of
from draftflow.acquire.rules import unreadable_content
from draftflow.draft import NO_MODEL_HINT, draft
from draftflow.errors import InputError
from draftflow.extract import extract
from draftflow.extract.learned.model import ResultModel
from draftflow.llm import ModelSettings
from draftflow.llm.exchange_log import LOG_NAME, ExchangeLog
from draftflow.llm.slots import SharedSlots
from draftflow.pipeline.assemble import record_id_for
from draftflow.pipeline.verified import DropLog, VerifyInputs, assemble_verified, stabilise
from draftflow.record.model import Record, SelectionEdit
from draftflow.record.render import render_markdown
from draftflow.review.diff import diff_lines, diff_records
from draftflow.select import DEFAULT_MAX_RESULTS, FIGURES_NAME, dump_figures, select
from draftflow.store.source import SOURCE_SUFFIX, record_source_text
from draftflow.store.write import RecordStore

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
        snapshot = acquire(request.source, revision=request.revision, origin=request.origin)
        snapshot = restrict(snapshot, request.only)
        if not snapshot.documents:
            raise InputError(
                f"{request.source} holds no document draftflow reads (Markdown, CSV, JSON, ...)",
                hint="check the source with `draftflow sources SOURCE --json`: it lists what was "
                "skipped and why",
            )
    unread_documents = [s for s in snapshot.skipped if unreadable_content(s.reason)]
    log.dropped.extend(f"acquire: {s.path}: {s.reason}" for s in unread_documents)
    record_id = request.record_id or record_id_for(snapshot.repository)
    paths = store.paths(record_id)
    # One writer per record: from reading the previous version to saving the new one, so a
    # `select` or a second draft meanwhile waits and then builds on this one.
    async with store.writer_async(record_id) as held:
        previous = store.load(record_id) if store.exists(record_id) else None
        client = _model_client(request.settings, slots)
        probe = client.usage.as_dict if client else None
        try:
            with events.stage("extract", probe):
                extraction = await extract(
                    snapshot,
                    client,
                    context_budget_tokens=request.settings.context_tokens,
                    result_model=request.result_model,
                )
            log.dropped.extend(f"extract: {d}" for d in extraction.dropped)
            if extraction.unreadable:
                snapshot = snapshot.model_copy(
                    update={"skipped": [*snapshot.skipped, *extraction.unreadable]}
                )
            with events.stage("select", probe):
                selection = await select(
                    snapshot,
                    extraction,
                    client,
                    figures_file=store.extra_path(record_id, FIGURES_NAME).name,
                    max_results=request.max_results,
                    edits=_editor_edits(previous),
                    budget_tokens=request.settings.context_tokens,
                )
            with events.stage("draft", probe):
                # Model and templates write about the headline: the facts a model is given are
                # computed over the figures the record publishes, which verify checks them by.
                editorial = await draft(
                    snapshot, selection, client, budget_tokens=request.settings.context_tokens
                )
            log.dropped.extend(editorial.dropped)
            usage = client.usage.as_dict() if client else {}
            model = await client.model_name() if client else None
        finally:
            if client is not None:
                await client.aclose()
        with events.stage("verify"):
            inputs = VerifyInputs(snapshot, extraction, record_id, previous, model, request.today)
            record, report, selection = assemble_verified(inputs, selection, editorial, log)
        with events.stage("write"):
            source = source_of(request.source, origin=request.origin, only=request.only)
            exchanges = _exchange_log(client, model, record)
            saved = store.save(  # one unit: all of these files, or none of them
                record,
                markdown=render_markdown(record),
                report=report.model_dump_json(indent=2) + "\n",
                held=held,
                extra={
                    SOURCE_SUFFIX.lstrip("."): record_source_text(source),
                    FIGURES_NAME: dump_figures(selection.figures),
                    **exchanges,
                },
            )
    return DraftOutcome(
        record_id=record_id,
        repository=record.source.repository,
        revision=str(record.source.revision),
        record_path=str(paths.json),
        article_path=str(paths.md),
        report_path=str(paths.verify),
        figures_path=str(store.extra_path(record_id, FIGURES_NAME)),
        new_record=saved.previous_text is None,
        changed=saved.changed,
        diff=saved.unified_diff(),
        changes=_changes(previous, record) if saved.changed else [],
        results=len(record.editorial.reported_results),
        figures=len(selection.figures),
        selection_method=selection.note.method,
        sections=len(record.editorial.sections),
        errors=report.checked.errors,
        warnings=report.checked.warnings,
        dropped=log.dropped,
        model=model,
        usage=usage,
        hint=None if client else NO_MODEL_HINT,
        elapsed_seconds=round(time.perf_counter() - started, 3),
        unreadable=[f"{s.path}: {s.reason}" for s in [*unread_documents, *extraction.unreadable]],
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
