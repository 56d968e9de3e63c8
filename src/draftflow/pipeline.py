"""The pipeline: acquire → extract → select → draft → assemble → verify → write, in one place.

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
from draftflow.draft import (
    CREATION_MODEL_UNUSABLE,
    NO_MODEL_HINT,
    EditorialDraft,
    draft_deterministic,
    draft_editorial,
    drop_sentences,
)
from draftflow.errors import InputError
from draftflow.extract import Extraction, extract
from draftflow.llm import ModelClient, ModelSettings
from draftflow.llm.slots import SharedSlots
from draftflow.pointer import pointer_parts
from draftflow.records import Record, ReportedResult, SelectionEdit
from draftflow.records_source import SOURCE_SUFFIX, record_source_text
from draftflow.render import render_markdown
from draftflow.select import (
    DEFAULT_MAX_RESULTS,
    FIGURES_NAME,
    RecordMetadata,
    Selection,
    build_selection,
    dump_figures,
    make_profiles,
    select_headline,
    with_stated_labels,
)
from draftflow.snapshot import Snapshot
from draftflow.verify import (
    Flag,
    VerificationReport,
    verify_figures,
    verify_record,
    with_figures,
)
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
    max_results: int = DEFAULT_MAX_RESULTS


class DraftOutcome(BaseModel):
    """The result of one draft run, as the CLI prints it (and `--json` emits it)."""

    record_id: str
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
    """Documents that could not be read in full (`path: reason`); listed in the snapshot's
    skipped documents too."""


@dataclass
class _Run:
    request: DraftRequest
    events: StageEvents
    dropped: list[str] = field(default_factory=list)
    bad_conditions: dict[str, set[str]] = field(default_factory=dict)
    bad_fields: set[str] = field(default_factory=set)


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
    record_id = request.record_id or record_id_for(snapshot.repository)
    paths = store.paths(record_id)
    previous = store.load(record_id) if store.exists(record_id) else None
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
        with run.events.stage("select", probe):
            selection = await select_headline(
                snapshot,
                extraction,
                client,
                figures_file=store.extra_path(record_id, FIGURES_NAME).name,
                max_results=request.max_results,
                edits=_editor_edits(previous),
            )
        with run.events.stage("draft", probe):
            # The model drafter reads the whole extraction as it always has (its requests, and
            # so the recorded cassettes, stay the same); the templates write about the headline.
            drafted = (
                extraction if client is not None else headline_extraction(extraction, selection)
            )
            draft = await draft_editorial(
                snapshot,
                drafted,
                client,
                budget_tokens=request.settings.context_tokens,
                metadata=selection.metadata,
            )
        if client is not None and draft.creation_method == CREATION_MODEL_UNUSABLE:
            # no usable reply: the templates write about the headline, as with no model at all
            templated = draft_deterministic(
                snapshot, headline_extraction(extraction, selection), selection.metadata
            )
            draft = templated.model_copy(
                update={
                    "creation_method": draft.creation_method,
                    "dropped": draft.dropped,
                    "prompt_hashes": draft.prompt_hashes,
                }
            )
        run.dropped.extend(draft.dropped)
        usage = client.usage.as_dict() if client else {}
        model = await client.model_name() if client else None
    finally:
        if client is not None:
            await client.aclose()
    with run.events.stage("verify"):
        record, report, selection = _assemble_verified(
            run, snapshot, extraction, selection, draft, record_id, previous, model
        )
    with run.events.stage("write"):
        source = source_of(request.source, origin=request.origin, only=request.only)
        saved = store.save(  # one unit: all of these files, or none of them
            record,
            markdown=render_markdown(record),
            report=report.model_dump_json(indent=2) + "\n",
            extra={
                SOURCE_SUFFIX.lstrip("."): record_source_text(source),
                FIGURES_NAME: dump_figures(selection.figures),
            },
        )
    return DraftOutcome(
        record_id=record_id,
        record_path=str(paths.json),
        article_path=str(paths.md),
        report_path=str(paths.verify),
        figures_path=str(store.extra_path(record_id, FIGURES_NAME)),
        new_record=saved.previous_text is None,
        changed=saved.changed,
        diff=saved.unified_diff(),
        results=len(record.editorial.reported_results),
        figures=len(selection.figures),
        selection_method=selection.note.method,
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


def headline_extraction(extraction: Extraction, selection: Selection) -> Extraction:
    """The extraction as the template drafter reads it: the headline figures and profiles, and
    the setup the select stage read from the sources where extraction stated none."""
    setup = extraction.reported_setup
    meta = selection.metadata
    setup = setup.model_copy(
        update={
            "system": setup.system or meta.system,
            "node_count": setup.node_count if setup.node_count is not None else meta.node_count,
            "experiment_date": setup.experiment_date or meta.experiment_date,
        }
    )
    return extraction.model_copy(
        update={
            "reported_results": selection.headline,
            "test_profiles": selection.profiles,
            "reported_setup": setup,
        }
    )


def _editor_edits(previous: Record | None) -> list[SelectionEdit]:
    """The editor's changes of the previous version's selection, re-applied on a re-draft."""
    if previous is None or previous.provenance is None or previous.provenance.selection is None:
        return []
    return list(previous.provenance.selection.edits)


def _assemble_verified(
    run: _Run,
    snapshot: Snapshot,
    extraction: Extraction,
    selection: Selection,
    draft: EditorialDraft,
    record_id: str,
    previous: Record | None,
    model: str | None,
) -> tuple[Record, VerificationReport, Selection]:
    """Assemble, verify the record and its figures, drop what is unsupported, and repeat until
    nothing more drops."""
    today = run.request.today or datetime.now(UTC).date()
    created_at = datetime.now(UTC).replace(microsecond=0).isoformat()
    prompt_hashes = {**extraction.prompt_hashes, **selection.prompt_hashes, **draft.prompt_hashes}
    figures_checked = False
    for _ in range(MAX_DROP_ROUNDS):
        provenance = provenance_for(model, prompt_hashes, created_at, run.dropped)
        record = assemble(
            snapshot,
            extraction,
            draft,
            provenance=provenance,
            today=today,
            record_id=record_id,
            selection=selection,
        )
        record = stabilise(record, previous)
        report = verify_record(record, snapshot)
        figure_errors: list[Flag] = []
        if not figures_checked:
            figures_report = verify_figures(
                record, [figure.result for figure in selection.figures], snapshot
            )
            figure_errors = figures_report.errors
            figures_checked = not figure_errors
            report = with_figures(report, figures_report)
        if not report.errors:
            return record, report, selection
        selection, draft = _drop_unsupported(run, snapshot, selection, draft, report.errors)
    return record, report, selection


def _drop_unsupported(
    run: _Run, snapshot: Snapshot, selection: Selection, draft: EditorialDraft, errors: list[Flag]
) -> tuple[Selection, EditorialDraft]:
    bad_figures: set[str] = set()
    prose: dict[str, set[str]] = {}
    for flag in errors:
        parts = pointer_parts(flag.location)
        if (
            parts[:2] == ["editorial", "reported_results"]
            and len(parts) == 5
            and parts[3] == "conditions"
        ):
            # only the condition is unsupported: drop it, keep the figure
            figure = selection.note.chosen[int(parts[2])].id
            run.bad_conditions.setdefault(figure, set()).add(parts[4])
        elif parts[:2] == ["editorial", "reported_results"] and len(parts) > 2:
            bad_figures.add(selection.note.chosen[int(parts[2])].id)
        elif parts[:1] == ["figures"] and len(parts) > 1:
            bad_figures.add(selection.figures[int(parts[1])].id)
        elif parts[:1] == ["test_profiles"] and len(parts) > 1:
            pass  # profiles are rebuilt from the remaining headline figures
        elif parts[:1] in (["runtime"], ["hardware_topics"]):
            run.bad_fields.add(flag.location)  # record-level metadata no listed source names
        else:
            prose.setdefault(flag.location, set()).add(flag.claim)
        run.dropped.append(f"verify: {flag.location}: {flag.claim}: {flag.message}")
    figures = [f for f in selection.figures if f.id not in bad_figures]
    chosen = [(c.id, c.why) for c in selection.note.chosen if c.id not in bad_figures]
    rebuilt = build_selection(
        snapshot,
        figures,
        chosen,
        method=selection.note.method,
        max_results=selection.note.max_results,
        figures_file=selection.note.figures_file,
        edits=selection.note.edits,
        stated_profiles=selection.stated_profiles,
    )
    rebuilt.prompt_hashes = selection.prompt_hashes
    rebuilt.headline = [
        _without_conditions(result, run.bad_conditions.get(pick.id, set()))
        for pick, result in zip(rebuilt.note.chosen, rebuilt.headline, strict=True)
    ]
    rebuilt.profiles = with_stated_labels(
        make_profiles(rebuilt.headline), rebuilt.stated_profiles
    )
    rebuilt.metadata = _without_fields(rebuilt.metadata, run.bad_fields)
    selection = rebuilt
    if prose:
        draft = drop_sentences(draft, prose)
    return selection, draft


def _without_fields(metadata: RecordMetadata, locations: set[str]) -> RecordMetadata:
    """The metadata without the runtimes or hardware topics verify found no listed source for."""
    if not locations:
        return metadata
    unstated = dict(metadata.unstated)
    runtimes = metadata.runtimes
    if "/runtime" in locations:
        runtimes = []
        unstated["runtime"] = "verify found no listed source naming the runtimes read"
    bad_topics = {int(loc.rsplit("/", 1)[1]) for loc in locations if loc.startswith("/hardware_")}
    topics = [t for i, t in enumerate(metadata.hardware_topics) if i not in bad_topics]
    return metadata.model_copy(
        update={"runtimes": runtimes, "hardware_topics": topics, "unstated": unstated}
    )


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
