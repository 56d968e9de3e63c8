"""Read a plain folder (a byte-exact copy of a repository) without following any symlink.

Directories are walked with `os.scandir` and never entered through a link; files are opened
with `O_NOFOLLOW | O_NONBLOCK` and checked to be regular files after opening, so neither a
symlink swapped in mid-walk nor a FIFO can make draftflow read outside the folder or hang.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from draftflow.acquire.rules import BAD_PATH, NOT_REGULAR, SYMLINK, Collector
from draftflow.errors import InputError

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def collect_folder(root: Path, collector: Collector) -> None:
    """Apply the selection rules to every file under `root` and read the selected ones."""
    _walk(root, "", collector)


def _walk(directory: Path, prefix: str, collector: Collector) -> None:
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except OSError as error:
        raise InputError(
            f"cannot list {directory}: {error.strerror}",
            hint="check that the folder exists and that you may read it",
        ) from error
    for entry in entries:
        path = f"{prefix}{entry.name}"
        if not _is_utf8(path):
            collector.skip(
                path.encode("utf-8", "surrogateescape").decode("utf-8", "replace"), BAD_PATH
            )
        elif entry.is_symlink():
            collector.skip(path, SYMLINK)
        elif entry.is_dir(follow_symlinks=False):
            if not collector.excluded(path, is_dir=True):
                _walk(Path(entry.path), f"{path}/", collector)
        elif not entry.is_file(follow_symlinks=False):
            collector.skip(path, NOT_REGULAR)
        elif collector.is_document(path):
            _read_file(Path(entry.path), path, collector)


def _is_utf8(path: str) -> bool:
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_file(file: Path, path: str, collector: Collector) -> None:
    try:
        descriptor = os.open(file, _OPEN_FLAGS)
    except OSError as error:
        # ELOOP: the file became a symlink after it was listed.
        reason = SYMLINK if error.errno == errno.ELOOP else f"unreadable: {error.strerror}"
        collector.skip(path, reason)
        return
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            collector.skip(path, NOT_REGULAR)
            return
        if not collector.size_allowed(path, info.st_size):
            return
        collector.add(path, handle.read(collector.max_bytes + 1))
