"""The write stage: records on disk, written as one unit, under a lock, with their history.

Layout of a records directory (see docs/architecture.md):
`<id>.json` the record, `<id>.md` its article, `<id>.verify.json` its verification report,
`<id>.<name>` any further file a stage adds (e.g. `<id>.figures.json`),
`<id>.signoff.json` the editor's sign-off, `.history/<id>/NNNN.json` earlier versions,
`.locks/<id>.lock` the lock two writers take in turn.

One writer per record: a command that reads a record and writes it back (draft, select,
approve, refresh's re-drafts) holds the record's lock (`RecordStore.writer`) from its read to
its save, so a second writer waits for it (at most `DRAFTFLOW_LOCK_WAIT` seconds, default 900)
and then reads what the first wrote; it never overwrites it with an edit of an older version.

A save is all or none: every file is first written to a temporary file beside its target
and flushed, then all are renamed into place together while SIGINT and SIGTERM wait (the
renames take microseconds); a failed rename puts the earlier files back. An interruption
before that point removes the temporary files and leaves the previous version whole.
New files get the permissions of any file the user creates (0666 less the umask); a
replaced file keeps its mode.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import errno
import fcntl
import os
import re
import shutil
import signal
import stat
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from draftflow.errors import InputError, Interrupted, OutputError
from draftflow.record.model import Record, dump_record, load_record

RECORD_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,127}")
EXTRA_NAME = re.compile(r"[a-z][a-z0-9_-]*\.[a-z]+")
_OWN_SUFFIXES = frozenset({"json", "md", "verify.json", "signoff.json"})
_DEFERRED_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_RENAMING = threading.RLock()  # held by whichever thread renames a unit's files into place
_COMPLETED: list[Path] = []  # every file this process renamed into place (see `completed_writes`)
LOCK_WAIT_ENV = "DRAFTFLOW_LOCK_WAIT"
DEFAULT_LOCK_WAIT = 900.0
_LOCK_POLL = 0.05


def validate_record_id(record_id: str) -> str:
    """`record_id` when it can name files safely (letters, digits, `-`, `_`); else InputError."""
    if not RECORD_ID.fullmatch(record_id):
        raise InputError(
            f"{record_id!r} is not a record id: use letters, digits, '-' and '_' only "
            "(at most 128, starting with a letter or digit)",
            hint="pass e.g. --id jvr0x-dgx-spark-bench, or leave --id out to use owner-name",
        )
    return record_id


def write_error(path: Path, error: OSError) -> OutputError:
    """The `OutputError` for an OS error met while writing `path`, with the fix that applies."""
    code, reason = error.errno, error.strerror or str(error)
    folder = path.parent
    if code == errno.EISDIR or path.is_dir():
        return OutputError(
            f"cannot write {path}: it is a folder",
            hint=f"name a file instead, e.g. {path / 'out.md'}",
        )
    if code in (errno.ENOSPC, errno.EDQUOT):
        return OutputError(
            f"cannot write {path}: {reason}",
            hint=f"free disk space on the disk holding {folder}, then run again",
        )
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return OutputError(
            f"cannot write in {folder}: {reason}",
            hint=f"make {folder} writable for you, or write somewhere else (e.g. --records-dir)",
        )
    if code in (errno.ENOENT, errno.ENOTDIR):
        return OutputError(
            f"cannot write {path}: the folder {folder} does not exist",
            hint=f"create it first (mkdir -p {folder}) or choose another path",
        )
    return OutputError(f"cannot write {path}: {reason}", hint="check the path, then run again")


def _umask() -> int:
    """The process umask, read without changing it where the system allows."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    current = os.umask(0o022)  # no /proc: the classic read-and-restore
    os.umask(current)
    return current


def _mode_for(target: Path) -> int:
    """A replaced file keeps its mode; a new one gets 0666 less the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def completed_writes() -> list[Path]:
    """Every file this process has renamed into place since `forget_completed_writes`, in order.

    Recorded in the same signal-free moment as the renames, so that whenever a signal stops a
    command, what it says was written is exactly what is on disk.
    """
    return list(_COMPLETED)


def forget_completed_writes() -> None:
    """Start a new list of completed writes (at the start of each command)."""
    _COMPLETED.clear()


@contextlib.contextmanager
def between_saves() -> Iterator[None]:
    """Run the block while no thread of this process is renaming a save's files into place
    (and keep them from starting): a process that must stop at once, with saves running in
    other threads where signals cannot be held (a batch worker), stops here, never halfway
    through a save."""
    with _RENAMING:
        yield


@contextlib.contextmanager
def deferred_signals() -> Iterator[None]:
    """Hold SIGINT and SIGTERM until the block ends, then deliver them.

    Python runs signal handlers in the main thread only, so elsewhere there is nothing to hold.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = {number: signal.getsignal(number) for number in _DEFERRED_SIGNALS}
    for number in _DEFERRED_SIGNALS:
        signal.signal(number, lambda signum, _frame: received.append(signum))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        for signum in received:
            signal.raise_signal(signum)


@dataclass
class WriteUnit:
    """Files written together: staged beside their targets, then renamed in all at once."""

    staged: list[tuple[Path, Path]] = field(default_factory=list)
    """(temporary file, target) in the order they were staged."""

    def stage(self, target: Path, text: str) -> None:
        """Write `text` to a temporary file next to `target`, flushed to disk."""
        with deferred_signals():  # a temporary file is never created without being tracked
            try:
                fd, name = tempfile.mkstemp(
                    prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
                )
            except OSError as error:
                raise write_error(target, error) from error
            temporary = Path(name)
            self.staged.append((temporary, target))
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
                os.fchmod(handle.fileno(), _mode_for(target))
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as error:
            raise write_error(target, error) from error

    def commit(self) -> list[Path]:
        """Rename every staged file onto its target, all or none; returns the targets.

        SIGINT and SIGTERM wait until the renames are done. If one rename fails, the targets
        already replaced get their previous files back (kept as hard links meanwhile).
        """
        backups: list[tuple[Path, Path | None]] = []
        with deferred_signals(), _RENAMING:
            try:
                for temporary, target in self.staged:
                    backups.append((target, _hard_link_backup(target)))
                    os.replace(temporary, target)
                _COMPLETED.extend(written for written, _ in backups)
            except OSError as error:
                _restore(backups)
                raise write_error(target, error) from error
            finally:
                self.discard()
                for _, backup in backups:
                    if backup is not None:
                        with contextlib.suppress(FileNotFoundError):
                            backup.unlink()
        return [written for written, _ in backups]

    def discard(self) -> None:
        """Remove the temporary files still staged."""
        for temporary, _ in self.staged:
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
        self.staged.clear()


def _hard_link_backup(target: Path) -> Path | None:
    """A second name for the file at `target` (None when there is none) until the commit ends."""
    if not target.exists():
        return None
    backup = target.with_name(f".{target.name}.{os.getpid()}.previous")
    with contextlib.suppress(FileNotFoundError):
        backup.unlink()
    try:
        os.link(target, backup)
    except OSError:  # a file system without hard links: a copy does the same job
        shutil.copy2(target, backup)
    return backup


def _restore(backups: list[tuple[Path, Path | None]]) -> None:
    for target, backup in reversed(backups):
        with contextlib.suppress(OSError):
            if backup is None:
                target.unlink()
            else:
                os.replace(backup, target)


@contextlib.contextmanager
def write_unit() -> Iterator[WriteUnit]:
    """A `WriteUnit` whose temporary files are removed however the block ends."""
    unit = WriteUnit()
    try:
        yield unit
    finally:
        unit.discard()


def atomic_write_text(path: Path, text: str, *, create_folder: bool = True) -> None:
    """Write `text` to `path` so that a reader sees either the old file or the new one, whole.

    The bytes go to a temporary file in the same folder, are flushed to disk, and then
    replace the target in one `os.replace`; an interruption leaves the previous file intact
    and no temporary file behind. With `create_folder` False a missing folder is an error
    (a path the user typed), not something to create.
    """
    if path.is_dir():
        raise write_error(path, IsADirectoryError(errno.EISDIR, "Is a directory"))
    if create_folder:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise write_error(path, error) from error
    elif not path.parent.is_dir():
        raise write_error(path, FileNotFoundError(errno.ENOENT, "No such folder"))
    with write_unit() as unit:
        unit.stage(path, text)
        try:
            unit.commit()
        except Interrupted as interrupted:
            interrupted.written.append(path)
            raise


@dataclass
class HeldLock:
    """A record's writer lock, held: pass it to `RecordStore.save` so the save does not wait
    for the lock its own command holds."""

    record_id: str
    path: Path
    handle: IO[bytes] | None = None

    def release(self) -> None:
        """Give the lock up (idempotent)."""
        if self.handle is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self.handle.fileno(), fcntl.LOCK_UN)
            self.handle.close()
            self.handle = None


def lock_wait_seconds() -> float:
    """How long a writer waits for another writer of the same record (`DRAFTFLOW_LOCK_WAIT`)."""
    raw = os.environ.get(LOCK_WAIT_ENV, "").strip()
    if not raw:
        return DEFAULT_LOCK_WAIT
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        raise InputError(
            f"{LOCK_WAIT_ENV}={raw!r} is not a number of seconds between 0 and 86400",
            hint=f"set {LOCK_WAIT_ENV} to e.g. 60, or unset it for the default of 900",
        )
    return value


def _open_lock(record_id: str, lock_path: Path) -> HeldLock:
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path, "a+b")  # noqa: SIM115 (closed by HeldLock.release)
    except OSError as error:
        raise write_error(lock_path, error) from error
    return HeldLock(record_id, lock_path, handle)


def _try_take(held: HeldLock) -> bool:
    """Take the lock without waiting; on success note our pid in it for the next waiter."""
    assert held.handle is not None
    try:
        fcntl.flock(held.handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    with contextlib.suppress(OSError):
        os.ftruncate(held.handle.fileno(), 0)
        os.write(held.handle.fileno(), f"{os.getpid()}\n".encode())
    return True


def _busy_error(held: HeldLock, waited: float) -> OutputError:
    holder = ""
    with contextlib.suppress(OSError, ValueError):
        holder = f" (process {int(held.path.read_text().split()[0])})"
    held.release()
    return OutputError(
        f"record {held.record_id} is being written by another draftflow command{holder}; "
        f"gave up after waiting {waited:.0f} s",
        hint=f"run the command again when the other one has finished, or wait longer with "
        f"{LOCK_WAIT_ENV}=SECONDS",
    )


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
        held = _open_lock(record_id, self.paths(record_id).lock)
        started = time.monotonic()
        deadline = started + lock_wait_seconds()
        while not _try_take(held):
            if time.monotonic() >= deadline:
                raise _busy_error(held, time.monotonic() - started)
            time.sleep(_LOCK_POLL)
        try:
            yield held
        finally:
            held.release()

    @contextlib.asynccontextmanager
    async def writer_async(self, record_id: str) -> AsyncIterator[HeldLock]:
        """`writer` for a coroutine: waits without blocking the event loop (a batch drafts
        several records in one loop)."""
        held = _open_lock(record_id, self.paths(record_id).lock)
        started = time.monotonic()
        deadline = started + lock_wait_seconds()
        while not _try_take(held):
            if time.monotonic() >= deadline:
                raise _busy_error(held, time.monotonic() - started)
            await asyncio.sleep(_LOCK_POLL)
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
        report: str | None = None,
        extra: Mapping[str, str] | None = None,
        held: HeldLock | None = None,
    ) -> SaveResult:
        """Write a record, its article, its report and any `extra` files as one unit.

        `extra` maps a file name suffix to its text: `{"figures.json": text}` writes
        `<id>.figures.json`. All of the files (and the history copy of the previous record)
        are written, or none of them: see the module docstring. Takes the record's lock
        unless `held` is it (the caller took it with `writer` before reading the record). An
        unchanged file is not rewritten, and an unchanged record adds no history.
        """
        paths = self.paths(record.id)
        new_text = dump_record(record)
        files = [(paths.md, markdown)]
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
                if _read_or_none(path) != text:
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


def _read_or_none(path: Path) -> str | None:
    """The text of `path`, or None when there is no such file."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise InputError(
            f"cannot read {path}: {error.strerror}", hint=f"make {path} readable for you"
        ) from error
