"""The write stage: records on disk, written as one unit, under a lock, with their history.

Layout of a records directory (see docs/architecture.md):
`<id>.json` the record, `<id>.md` its article, `<id>.verify.json` its verification report,
`<id>.<name>` any further file a stage adds (e.g. `<id>.figures.json`),
`<id>.signoff.json` the editor's sign-off, `.history/<id>/NNNN.json` earlier versions,
`.locks/<id>.lock` the lock two writers take in turn.

A save is all or none (`store.atomic`), under the record's lock (`store.locks`): one writer
per record.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import errno
import os
import re
import tempfile
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from draftflow.errors import InputError, Interrupted
from draftflow.record.files import dump_record, load_record
from draftflow.record.model import Record
from draftflow.store.atomic import (
    Content,
    WriteUnit,
    atomic_write_text,
    between_saves,
    completed_writes,
    deferred_signals,
    forget_completed_writes,
    write_error,
    write_unit,
)
from draftflow.store.locks import (
    LOCK_POLL,
    HeldLock,
    announce_wait,
    busy_error,
    lock_wait_seconds,
    open_lock,
    try_take,
)

RECORD_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,127}")
EXTRA_NAME = re.compile(r"[a-z][a-z0-9_-]*\.[a-z]+")
_OWN_SUFFIXES = frozenset({"json", "md", "verify.json", "signoff.json"})


def validate_record_id(record_id: str) -> str:
    """`record_id` when it can name files safely (letters, digits, `-`, `_`); else InputError."""
    if not RECORD_ID.fullmatch(record_id):
        raise InputError(
            f"{record_id!r} is not a record id: use letters, digits, '-' and '_' only "
            "(at most 128, starting with a letter or digit)",
            hint="pass e.g. --id jvr0x-dgx-spark-bench, or leave --id out to use owner-name",
        )
    return record_id


@dataclass(frozen=True)
class RecordPaths:
    """Where one record's files live."""

    json: Path
    md: Path
    verify: Path
    signoff: Path
    history_dir: Path
    lock: Path


@dataclass(frozen=True)
class SaveResult:
    """What a save changed: the previous record text (None for a new record) and the diff."""

    path: Path
    previous_text: str | None
    new_text: str
    changed: bool

    def unified_diff(self) -> str:
        """A unified diff of the record JSON against its previous version ("" if unchanged)."""
        if self.previous_text is None:
            return ""
        lines = difflib.unified_diff(
            self.previous_text.splitlines(keepends=True),
            self.new_text.splitlines(keepends=True),
            fromfile=f"{self.path.name} (previous)",
            tofile=f"{self.path.name} (new)",
        )
        return "".join(lines)


class RecordStore:
    """A records directory: load, save atomically under a lock, and keep earlier versions."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def paths(self, record_id: str) -> RecordPaths:
        """The files of one record."""
        validate_record_id(record_id)
        return RecordPaths(
            json=self.root / f"{record_id}.json",
            md=self.root / f"{record_id}.md",
            verify=self.root / f"{record_id}.verify.json",
            signoff=self.root / f"{record_id}.signoff.json",
            history_dir=self.root / ".history" / record_id,
            lock=self.root / ".locks" / f"{record_id}.lock",
        )

    def exists(self, record_id: str) -> bool:
        """Whether a record with this id is in the store."""
        return self.paths(record_id).json.is_file()

    def load(self, record_id: str) -> Record:
        """The current version of a record."""
        path = self.paths(record_id).json
        if not path.is_file():
            raise InputError(
                f"no record {record_id!r} in {self.root}",
                hint="run `draftflow status` to list records, or `draftflow draft SOURCE` first",
            )
        return load_record(path)

    def ids(self) -> list[str]:
        """Every record id in the store, sorted."""
        if not self.root.is_dir():
            return []
        return sorted(
            p.name[: -len(".json")]
            for p in self.root.glob("*.json")
            if p.name.count(".") == 1 and not p.name.startswith(".")
        )

    def history(self, record_id: str) -> list[Path]:
        """Earlier versions of a record, oldest first."""
        directory = self.paths(record_id).history_dir
        return sorted(directory.glob("*.json")) if directory.is_dir() else []

    @contextlib.contextmanager
    def lock(self, record_id: str, held: HeldLock | None = None) -> Iterator[None]:
        """Hold the record's exclusive lock for one save (nothing to do when `held` is it)."""
        if held is not None and held.handle is not None and held.record_id == record_id:
            yield
            return
        with self.writer(record_id):
            yield

    @contextlib.contextmanager
    def writer(self, record_id: str) -> Iterator[HeldLock]:
        """Be the one writer of a record: hold its lock from reading it to saving it.

        Waits for another writer at most `lock_wait_seconds()`, then fails with
        `OutputError` naming the process that holds it.
        """
        held = open_lock(record_id, self.paths(record_id).lock)
        for _ in _turns_waited(held):
            time.sleep(LOCK_POLL)
        try:
            yield held
        finally:
            held.release()

    @contextlib.asynccontextmanager
    async def writer_async(self, record_id: str) -> AsyncIterator[HeldLock]:
        """`writer` for a coroutine: waits without blocking the event loop (a batch drafts
        several records in one loop)."""
        held = open_lock(record_id, self.paths(record_id).lock)
        for _ in _turns_waited(held):
            await asyncio.sleep(LOCK_POLL)
        try:
            yield held
        finally:
            held.release()

    def ensure_writable(self) -> None:
        """Fail now, not after an hour of model calls, when the records folder cannot be
        written (or, when it does not exist yet, created). Creates nothing."""
        folder = self.root
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if folder != self.root:  # nothing of ours to write a probe into: ask the system
            if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
                probe = folder / ".draftflow-write-check"
                raise write_error(probe, PermissionError(errno.EACCES, "Permission denied"))
            return
        # A name of its own per call: threads of one batch worker check the same folder at once.
        try:
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".draftflow-write-check-"):
                pass
        except OSError as error:
            raise write_error(folder / ".draftflow-write-check", error) from error

    def save(
        self,
        record: Record,
        *,
        markdown: str,
        report: Content | None = None,
        extra: Mapping[str, Content] | None = None,
        held: HeldLock | None = None,
    ) -> SaveResult:
        """Write a record, its article, its report and any `extra` files as one unit.

        `extra` maps a file name suffix to its text (or its UTF-8 bytes, whole or in pieces):
        `{"figures.json": text}` writes `<id>.figures.json`. All of the files (and the
        history copy of the previous record) are written, or none of them: see the module
        docstring. Takes the record's lock unless `held` is it (the caller took it with
        `writer` before reading the record). An unchanged file is not rewritten, and an
        unchanged record adds no history.
        """
        paths = self.paths(record.id)
        new_text = dump_record(record)
        files: list[tuple[Path, Content]] = [(paths.md, markdown)]
        if report is not None:
            files.append((paths.verify, report))
        for name, text in (extra or {}).items():
            files.append((self.extra_path(record.id, name), text))
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise write_error(paths.json, error) from error
        with self.lock(record.id, held), write_unit() as unit:
            previous = _read_or_none(paths.json)
            changed = previous != new_text
            if changed and previous is not None:
                self._stage_archive(unit, paths, previous)
            if changed:
                unit.stage(paths.json, new_text)
            for path, text in files:
                if not isinstance(text, str | bytes | bytearray):
                    unit.stage_if_changed(path, text)  # written in pieces, never held whole
                    continue
                old = _read_or_none(path) if isinstance(text, str) else _bytes_or_none(path)
                if old != text:
                    unit.stage(path, text)
            try:
                unit.commit()
            except Interrupted as interrupted:
                interrupted.written.append(paths.json)
                raise
        return SaveResult(paths.json, previous, new_text, changed)

    def extra_path(self, record_id: str, name: str) -> Path:
        """Where the extra file `name` (e.g. "figures.json") of a record lives."""
        if not EXTRA_NAME.fullmatch(name) or name in _OWN_SUFFIXES:
            raise ValueError(f"{name!r} cannot name an extra record file")
        return self.root / f"{validate_record_id(record_id)}.{name}"

    def _stage_archive(self, unit: WriteUnit, paths: RecordPaths, previous: str) -> None:
        directory = paths.history_dir
        existing = sorted(directory.glob("*.json")) if directory.is_dir() else []
        number = int(existing[-1].stem) + 1 if existing else 1
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise write_error(directory, error) from error
        unit.stage(directory / f"{number:04d}.json", previous)


def _bytes_or_none(path: Path) -> bytes | None:
    """The bytes of `path`, or None when there is no such file."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise InputError(
            f"cannot read {path}: {error.strerror}", hint=f"make {path} readable for you"
        ) from error


def _read_or_none(path: Path) -> str | None:
    """The text of `path`, or None when there is no such file."""
    data = _bytes_or_none(path)
    return None if data is None else data.decode("utf-8")


__all__ = [
    "EXTRA_NAME",
    "RECORD_ID",
    "HeldLock",
    "RecordPaths",
    "RecordStore",
    "SaveResult",
    "WriteUnit",
    "atomic_write_text",
    "between_saves",
    "completed_writes",
    "deferred_signals",
    "forget_completed_writes",
    "validate_record_id",
    "write_error",
    "write_unit",
]


def _turns_waited(held: HeldLock) -> Iterator[None]:
    """Take the record's lock: nothing when it is free, else say so once and yield once per
    poll until it is taken (the caller sleeps, blocking or not), failing with `busy_error`
    after `lock_wait_seconds()`."""
    started, wait = time.monotonic(), lock_wait_seconds()
    if try_take(held):
        return
    announce_wait(held, wait)
    while not try_take(held):
        if time.monotonic() >= started + wait:
            raise busy_error(held, time.monotonic() - started)
        yield
