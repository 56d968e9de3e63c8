"""The editor's change of a record's headline selection (`draftflow select`), wired like the
pipeline: the figures file → the new selection → the record → verify → write.

Figures are added and dropped by their id in `records/<id>.figures.json`; nothing else can
enter `reported_results`, so an editor cannot add a number no source states. The record is
verified again (record and figures), its version bumps, and a sign-off of the previous
version goes stale because the record's bytes change. The edit is kept in the record's
provenance and re-applied when the record is drafted again.

A record drafted with `--only` is selected from those files alone, as it was drafted: topics,
metadata and verification never read a file outside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

from draftflow.acquire import restrict
from draftflow.acquire.snapshot import Snapshot
from draftflow.draft import EditorialDraft, without_removed
from draftflow.errors import InputError
from draftflow.pipeline.assemble import apply_selection
from draftflow.record.model import Record, RemovedResult, SelectionEdit
from draftflow.record.render import render_markdown
from draftflow.select import (
    EDITED,
    FIGURES_NAME,
    apply_edits,
    build_selection,
    dump_figures,
    load_figures,
)
from draftflow.store.write import HeldLock, RecordStore, SaveResult
from draftflow.verify import (
    DocumentIndexes,
    VerificationReport,
    verify_figures,
    verify_record,
    with_figures,
)


@dataclass(frozen=True)
class SelectOutcome:
    """What an edit of the selection changed."""

    record: Record
    report: VerificationReport
    saved: SaveResult
    added: list[str]
    dropped: list[str]


def edit_selection(
    store: RecordStore,
    record_id: str,
    snapshot: Snapshot,
    *,
    add: tuple[str, ...] = (),
    drop: tuple[str, ...] = (),
    reason: str,
    today: date | None = None,
    only: Sequence[str] = (),
) -> SelectOutcome:
    """Add and drop headline figures by id, re-verify, bump the version and save.

    `only` is the draft's `--only` patterns: the snapshot is narrowed to them first. Holds the
    record's writer lock from reading it to saving it (see `RecordStore.writer`).
    """
    snapshot = restrict(snapshot, only)
    with store.writer(record_id) as held:
        return _edit_locked(store, record_id, snapshot, add, drop, reason, today, held)


def _edit_locked(
    store: RecordStore,
    record_id: str,
    snapshot: Snapshot,
    add: tuple[str, ...],
    drop: tuple[str, ...],
    reason: str,
    today: date | None,
    held: HeldLock,
) -> SelectOutcome:
    record = store.load(record_id)
    note = record.provenance.selection if record.provenance else None
    if note is None:
        raise InputError(
            f"record {record_id} has no selection to edit (it predates the select stage)",
            hint="re-draft it with `draftflow draft` to write its figures file, then select",
        )
    figures_path = store.extra_path(record_id, FIGURES_NAME)
    figures = load_figures(figures_path)
    known = {figure.id for figure in figures}
    chosen = [(c.id, c.why) for c in note.chosen]
    current = {pick[0] for pick in chosen}
    _check_ids(add, known, "is not in the figures file", figures_path.name)
    _check_ids(drop, current, "is not in the selection", "the record's provenance.selection")
    if not reason.strip():
        raise InputError("an edit of the selection needs a reason", hint="pass --reason TEXT")
    when = today or datetime.now(UTC).date()
    edit = SelectionEdit(
        added=[i for i in add if i not in current],
        dropped=list(drop),
        reason=reason.strip(),
        on=when.isoformat(),
    )
    selection = build_selection(
        snapshot,
        figures,
        apply_edits(chosen, figures, [edit]),
        method=note.method if note.method.endswith(EDITED) else note.method + EDITED,
        max_results=note.max_results,
        figures_file=note.figures_file,
        edits=[*note.edits, edit],
    )
    updated = apply_selection(record, selection, snapshot)
    by_id = {figure.id: figure for figure in figures}
    why = f"an editor dropped it on {when.isoformat()}: {edit.reason}"
    gone = [by_id[i].removed("select", why) for i in edit.dropped if i in by_id]
    updated = _without_citing(updated, gone)
    editorial = updated.editorial.model_copy(
        update={"version": record.editorial.version + 1, "modified_on": when.isoformat()}
    )
    provenance = updated.provenance
    if provenance is not None and gone:
        provenance = provenance.model_copy(update={"removed": [*provenance.removed, *gone]})
    updated = updated.model_copy(update={"editorial": editorial, "provenance": provenance})
    indexes = DocumentIndexes()  # the record and its figures file read each document once
    report = verify_record(updated, snapshot, indexes=indexes)
    results = [f.result for f in figures]
    figures_report = verify_figures(updated, results, snapshot, indexes=indexes)
    report = with_figures(report, figures_report)
    saved = store.save(
        updated,
        markdown=render_markdown(updated),
        report=report.model_dump_json(indent=2) + "\n",
        extra={FIGURES_NAME: dump_figures(figures)},
        held=held,
    )
    return SelectOutcome(updated, report, saved, edit.added, edit.dropped)


def _without_citing(record: Record, gone: list[RemovedResult]) -> Record:
    """The record less every sentence of its text that states a figure in `gone` (and no
    figure it keeps): its title, summary, answer, sections, notes and limitations."""
    if not gone:
        return record
    editorial = record.editorial
    text = EditorialDraft.of_record(record)
    edited = without_removed(text, gone, editorial.reported_results)
    if edited is text:
        return record
    return record.model_copy(
        update={
            "title": edited.title,
            "summary": edited.summary,
            "notes": edited.notes,
            "limitations": edited.limitations,
            "editorial": editorial.model_copy(
                update={"answer": edited.answer, "sections": edited.sections}
            ),
        }
    )


def _check_ids(ids: tuple[str, ...], known: set[str], problem: str, where: str) -> None:
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise InputError(
            f"figure {unknown[0]} {problem}",
            hint=f"use an id listed in {where} (the review page lists every figure with its id)",
        )
