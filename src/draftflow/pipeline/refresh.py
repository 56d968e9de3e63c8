"""Refresh: notice which records' repositories moved since their draft, and re-draft those.

For each record, its source file (`<id>.source.json`, written by every draft) says where it
came from. A remote is asked for its default-branch head with `git ls-remote`; a local
checkout for its HEAD. Where the head is not the record's revision, the record is drafted
again at the head, as a batch (one bounded pool of model requests). A re-draft never signs
anything: a record that was approved becomes `stale` in `draftflow status` until the editor
approves the new version. A record whose head did not move is not touched at all.

A head that is an ancestor of the commit the editor approved (history rewritten, e.g. by a
force-push) would move an approved record backwards: refresh refuses it (`rewound`, exit 1)
unless `allow_rewind`.

Plain-folder records have no history to follow and are reported as not refreshable; records
drafted before draftflow kept source files are reported with the command that fixes that.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel

from draftflow.acquire.heads import current_head, is_ancestor
from draftflow.errors import CheckFailed, DraftflowError
from draftflow.llm import ModelSettings
from draftflow.pipeline.batch import run_batch
from draftflow.pipeline.batch_model import BatchItem, BatchReport, ItemCallback
from draftflow.pipeline.draft import DraftRequest
from draftflow.record.files import parse_record
from draftflow.record.model import Record
from draftflow.record.source import RecordSource, SourceKind
from draftflow.review.signoff import approved_copy_path
from draftflow.store.source import load_record_source
from draftflow.store.write import RecordStore

LOOKUP_THREADS = 8  # `git ls-remote` waits on the network, not the CPU


class RefreshState(StrEnum):
    """Where one record stands against its source's head."""

    CURRENT = "current"
    MOVED = "moved"
    REWOUND = "rewound"
    REDRAFTED = "redrafted"
    NOT_REFRESHABLE = "not-refreshable"
    UNKNOWN_SOURCE = "unknown-source"
    FAILED = "failed"


class RefreshCheck(BaseModel):
    """One record: its recorded revision, its source's head now, and what refresh did."""

    record_id: str
    repository: str
    source: RecordSource | None
    revision: str
    head: str | None = None
    state: RefreshState
    message: str | None = None
    hint: str | None = None
    exit_code: int = 0


class RefreshReport(BaseModel):
    """Every record looked at, and the batch that re-drafted the moved ones (none on a dry run)."""

    checks: list[RefreshCheck]
    redrafts: BatchReport | None
    exit_code: int


def check_records(
    records_dir: Path,
    ids: Sequence[str],
    *,
    timeout: float = 60.0,
    allow_rewind: bool = False,
) -> list[RefreshCheck]:
    """Look up the head of each record's source (all records when `ids` is empty).

    An id that is not in the store raises `InputError` before any lookup; a record whose
    file cannot be read is one `failed` check, and the others go on. A head behind the
    approved commit is `rewound` unless `allow_rewind`.
    """
    store = RecordStore(records_dir)
    wanted = list(ids) or store.ids()
    for record_id in wanted:
        if not store.exists(record_id):
            store.load(record_id)  # raises the store's "no record" error with its hint
    loaded = [_load(store, record_id) for record_id in wanted]
    readable = [(i, record) for i, record in loaded if isinstance(record, Record)]
    with ThreadPoolExecutor(max_workers=LOOKUP_THREADS) as pool:
        checked = dict(
            pool.map(
                lambda pair: (
                    pair[0],
                    _check(
                        records_dir,
                        pair[0],
                        pair[1].source.repository,
                        str(pair[1].source.revision),
                        timeout,
                    ),
                ),
                readable,
            )
        )
    checks = [
        checked[record_id] if isinstance(record, Record) else record for record_id, record in loaded
    ]
    if allow_rewind:
        return checks
    return [_refuse_rewind(records_dir, check, timeout) for check in checks]


def approved_revision(records_dir: Path, record_id: str) -> str | None:
    """The commit of the version the editor last approved, or None when none was (or its
    copy in `.approved/` cannot be read)."""
    path = approved_copy_path(RecordStore(records_dir), record_id)
    try:
        return str(parse_record(path.read_text(encoding="utf-8"), origin=str(path)).source.revision)
    except (OSError, UnicodeDecodeError, DraftflowError):
        return None


def _refuse_rewind(records_dir: Path, check: RefreshCheck, timeout: float) -> RefreshCheck:
    """The check as `rewound` when its moved head is an ancestor of the approved commit."""
    if check.state is not RefreshState.MOVED or check.source is None or check.head is None:
        return check
    approved = approved_revision(records_dir, check.record_id)
    if approved is None or not is_ancestor(check.source, check.head, approved, timeout=timeout):
        return check
    return check.model_copy(
        update={
            "state": RefreshState.REWOUND,
            "message": f"the head {check.head[:12]} is an ancestor of the approved commit "
            f"{approved[:12]}: the history was rewritten (a force-push?), and a re-draft "
            "would move the approved record backwards",
            "hint": "check the repository's history; to re-draft at the older commit anyway, "
            f"run `draftflow refresh {check.record_id} --allow-rewind`",
            "exit_code": CheckFailed.exit_code,
        }
    )


def _load(store: RecordStore, record_id: str) -> tuple[str, Record | RefreshCheck]:
    """The record, or the `failed` check that says why its file cannot be read."""
    try:
        return record_id, store.load(record_id)
    except DraftflowError as error:
        failed = RefreshCheck(
            record_id=record_id,
            repository="?",
            source=None,
            revision="?",
            state=RefreshState.FAILED,
            message=error.message,
            hint=error.hint,
            exit_code=error.exit_code,
        )
        return record_id, failed


def _failed(
    base: dict[str, str], source: RecordSource | None, error: DraftflowError
) -> RefreshCheck:
    """A record whose check failed with `error`, with what the error tells to do."""
    return RefreshCheck(
        **base,
        source=source,
        state=RefreshState.FAILED,
        message=error.message,
        hint=error.hint,
        exit_code=error.exit_code,
    )


def _check(
    records_dir: Path, record_id: str, repository: str, revision: str, timeout: float
) -> RefreshCheck:
    base = {"record_id": record_id, "repository": repository, "revision": revision}
    try:
        source = load_record_source(records_dir, record_id)
    except DraftflowError as error:
        return _failed(base, None, error)
    if source is None:
        return RefreshCheck(
            **base,
            source=None,
            state=RefreshState.UNKNOWN_SOURCE,
            message="the record does not say where it was drafted from (drafted before "
            "draftflow kept <id>.source.json)",
            hint="draft it once more from its URL or checkout; refresh can follow it after",
        )
    if source.kind is SourceKind.FOLDER:
        return RefreshCheck(
            **base,
            source=source,
            state=RefreshState.NOT_REFRESHABLE,
            message=f"drafted from the plain folder {source.location}, which has no history",
            hint="draft it from its repository URL or a git checkout to make it refreshable",
        )
    try:
        head = current_head(source, timeout=timeout)
    except DraftflowError as error:
        return _failed(base, source, error)
    state = RefreshState.CURRENT if head == revision else RefreshState.MOVED
    return RefreshCheck(**base, source=source, head=head, state=state)


def redraft_requests(
    checks: Sequence[RefreshCheck], records_dir: Path, settings: ModelSettings
) -> list[DraftRequest]:
    """A draft request at the new head for each moved record, drafted as it was before."""
    requests = []
    for check in checks:
        if check.state is not RefreshState.MOVED or check.source is None:
            continue
        requests.append(
            DraftRequest(
                source=check.source.location,
                records_dir=records_dir,
                settings=settings,
                revision=check.head,
                origin=check.source.origin,
                record_id=check.record_id,
                only=tuple(check.source.only),
            )
        )
    return requests


def refresh(
    records_dir: Path,
    ids: Sequence[str],
    settings: ModelSettings,
    *,
    dry_run: bool = False,
    workers: int | None = None,
    on_item: ItemCallback | None = None,
    allow_rewind: bool = False,
) -> RefreshReport:
    """Check every record (or `ids`) and, unless `dry_run`, re-draft the moved ones (a head
    behind the approved commit only with `allow_rewind`)."""
    checks = check_records(records_dir, ids, allow_rewind=allow_rewind)
    requests = redraft_requests(checks, records_dir, settings)
    redrafts = None
    if requests and not dry_run:
        redrafts = run_batch(
            requests, concurrency=settings.concurrency, workers=workers, on_item=on_item
        )
        checks = _after_redraft(checks, redrafts.items)
    return RefreshReport(checks=checks, redrafts=redrafts, exit_code=_exit_code(checks, redrafts))


def _after_redraft(checks: list[RefreshCheck], items: list[BatchItem]) -> list[RefreshCheck]:
    by_id = {}
    moved = [c for c in checks if c.state is RefreshState.MOVED]
    for check, item in zip(moved, items, strict=True):
        if item.failure is not None:
            by_id[check.record_id] = check.model_copy(
                update={
                    "state": RefreshState.FAILED,
                    "message": item.failure.message,
                    "hint": item.failure.hint,
                    "exit_code": item.failure.exit_code,
                }
            )
        else:
            by_id[check.record_id] = check.model_copy(update={"state": RefreshState.REDRAFTED})
    return [by_id.get(check.record_id, check) for check in checks]


def _exit_code(checks: Sequence[RefreshCheck], redrafts: BatchReport | None) -> int:
    """The worst failure's code; else 1 when a re-draft has error flags; else 0."""
    refused = {RefreshState.FAILED, RefreshState.REWOUND}
    failures = [c.exit_code for c in checks if c.state in refused]
    if failures:
        return max(failures)
    return redrafts.exit_code if redrafts is not None else 0
