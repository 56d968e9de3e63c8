"""Files written as one unit: every file is first written to a temporary file beside its
target and flushed, then all are renamed into place together while SIGINT and SIGTERM wait
(the renames take microseconds); a failed rename puts the earlier files back. An interruption
before that point removes the temporary files and leaves the previous version whole. New files
get the permissions of any file the user creates (0666 less the umask); a replaced file keeps
its mode. Every completed rename is remembered, so a signal's message says what is on disk.
"""

from __future__ import annotations

import contextlib
import errno
import filecmp
import os
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from draftflow.errors import Interrupted, OutputError

_DEFERRED_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_RENAMING = threading.RLock()  # held by whichever thread renames a unit's files into place
_COMPLETED: list[Path] = []  # every file this process renamed into place (see `completed_writes`)

Content = str | bytes | bytearray | Iterable[bytes]
"""A file's content: UTF-8 text, its bytes, or its bytes in pieces (written one by one, so a
file of hundreds of megabytes is never held whole)."""


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

    def stage(self, target: Path, text: Content) -> None:
        """Write `text` (UTF-8 text, or its bytes already encoded, whole or in pieces: a large
        file is not held twice to be written) to a temporary file next to `target`, flushed
        to disk."""
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
            with (
                os.fdopen(fd, "w", encoding="utf-8", newline="")
                if isinstance(text, str)
                else os.fdopen(fd, "wb")
            ) as handle:
                os.fchmod(handle.fileno(), _mode_for(target))
                if isinstance(text, str | bytes | bytearray):
                    handle.write(text)  # type: ignore[arg-type]  # the mode is the text's
                else:
                    for piece in text:
                        handle.write(piece)  # type: ignore[arg-type]  # bytes: mode "wb"
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as error:
            raise write_error(target, error) from error

    def stage_if_changed(self, target: Path, pieces: Iterable[bytes]) -> None:
        """`stage` the bytes `pieces` make unless `target` holds them already (compared on
        disk: neither file is read whole)."""
        self.stage(target, pieces)
        temporary, _ = self.staged[-1]
        if target.is_file() and filecmp.cmp(temporary, target, shallow=False):
            self.staged.pop()
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()

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
