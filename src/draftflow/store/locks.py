"""One writer per record: a command that reads a record and writes it back (draft, select,
approve, refresh's re-drafts) holds the record's lock from its read to its save, so a second
writer waits for it (at most `DRAFTFLOW_LOCK_WAIT` seconds, default 900) and then reads what
the first wrote; it never overwrites it with an edit of an older version. A writer that has
to wait says so once, on stderr through the `draftflow.store` logger (`announce_wait`)."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from draftflow.errors import InputError, OutputError
from draftflow.store.atomic import write_error

LOCK_WAIT_ENV = "DRAFTFLOW_LOCK_WAIT"
DEFAULT_LOCK_WAIT = 900.0
LOCK_POLL = 0.05

log = logging.getLogger("draftflow.store")


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


def open_lock(record_id: str, lock_path: Path) -> HeldLock:
    """Open (creating it and its folder if need be) the lock file of a record, not yet taken.

    Raises `OutputError` with the fix when it cannot be opened: a folder where the lock file
    or a file where the locks folder should be, or any other reason `write_error` names."""
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path, "a+b")  # noqa: SIM115 (closed by HeldLock.release)
    except OSError as error:
        raise _lock_error(lock_path, error) from error
    return HeldLock(record_id, lock_path, handle)


def _lock_error(lock_path: Path, error: OSError) -> OutputError:
    folder = lock_path.parent
    if lock_path.is_dir():
        return OutputError(
            f"cannot take the record lock {lock_path}: it is a folder, not the lock file "
            "draftflow keeps there",
            hint=f"remove that folder (rmdir {lock_path}, when no draftflow command is "
            "running) and run again; draftflow creates the lock file itself",
        )
    if (folder.exists() and not folder.is_dir()) or error.errno in (errno.EEXIST, errno.ENOTDIR):
        return OutputError(
            f"cannot take the record lock {lock_path}: {folder} is a file, not the folder "
            "draftflow keeps record locks in",
            hint=f"move {folder} away and run again; draftflow creates the folder itself",
        )
    return write_error(lock_path, error)


def try_take(held: HeldLock) -> bool:
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


def _holder(held: HeldLock) -> str:
    """` (process N)` for the process the lock file names, or nothing when it names none."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return f" (process {int(held.path.read_text().split()[0])})"
    return ""


def announce_wait(held: HeldLock, wait: float) -> None:
    """Say on stderr (a `draftflow.store` notice) that this writer waits, for what and how long."""
    log.warning(
        f"record {held.record_id} is being written by another draftflow command"
        f"{_holder(held)}; waiting for it to finish (up to {wait:.0f} s, {LOCK_WAIT_ENV}), "
        f"lock {held.path}"
    )


def busy_error(held: HeldLock, waited: float) -> OutputError:
    """The error of a writer that waited `waited` seconds in vain (the lock released)."""
    holder = _holder(held)
    held.release()
    return OutputError(
        f"record {held.record_id} is being written by another draftflow command{holder}; "
        f"gave up after waiting {waited:.0f} s",
        hint=f"run the command again when the other one has finished, or wait longer with "
        f"{LOCK_WAIT_ENV}=SECONDS",
    )
