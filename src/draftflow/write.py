"""The write stage: records on disk, written atomically, under a lock, with their history.

Layout of a records directory (see docs/architecture.md):
`<id>.json` the record, `<id>.md` its article, `<id>.verify.json` its verification report,
`<id>.signoff.json` the editor's sign-off, `.history/<id>/NNNN.json` earlier versions,
`.locks/<id>.lock` the lock two writers take in turn.
"""

from __future__ import annotations

import contextlib
import difflib
import fcntl
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from draftflow.errors import InputError, OutputError
from draftflow.records import Record, dump_record, load_record


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` so that a reader sees either the old file or the new one, whole.

    The bytes go to a temporary file in the same directory, are flushed to disk, and then
    replace the target in one `os.replace`; an interruption leaves the previous file intact.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise OutputError(
            f"cannot write in {path.parent}: {error.strerror}",
            hint="check that the directory exists and is writable, or pass --records-dir",
        ) from error
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException as error:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        if isinstance(error, OSError):
            raise OutputError(
                f"cannot write {path}: {error.strerror}",
                hint="free disk space or fix the permissions, then run again",
            ) from error
        raise


@dataclass(frozen=True)
class RecordPaths:
    """Where one record's files live."""

    json: Path
    md: Path
    verify: Path
    figures: Path
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
        if not record_id or "/" in record_id or record_id.startswith("."):
            raise InputError(
                f"{record_id!r} is not a record id",
                hint="use the id from `draftflow status`, e.g. jvr0x-dgx-spark-bench",
            )
        return RecordPaths(
            json=self.root / f"{record_id}.json",
            md=self.root / f"{record_id}.md",
            verify=self.root / f"{record_id}.verify.json",
            figures=self.root / f"{record_id}.figures.json",
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
    def lock(self, record_id: str) -> Iterator[None]:
        """Hold the record's exclusive lock (blocks until another writer is done)."""
        lock_path = self.paths(record_id).lock
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        with open(lock_path, "a+b") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    def save(
        self,
        record: Record,
        *,
        markdown: str,
        report: str | None = None,
        figures: str | None = None,
    ) -> SaveResult:
        """Write a record, its article, its report and its figures file (every grounded
        figure, `{"figures": [...]}`); keep the previous version in history.

        Takes the record's lock. An unchanged record rewrites nothing and adds no history.
        """
        paths = self.paths(record.id)
        new_text = dump_record(record)
        with self.lock(record.id):
            previous = paths.json.read_text(encoding="utf-8") if paths.json.is_file() else None
            changed = previous != new_text
            if changed and previous is not None:
                self._archive(paths, previous)
            if changed:
                atomic_write_text(paths.json, new_text)
            if not paths.md.is_file() or paths.md.read_text(encoding="utf-8") != markdown:
                atomic_write_text(paths.md, markdown)
            for path, text in ((paths.verify, report), (paths.figures, figures)):
                if text is not None and (
                    not path.is_file() or path.read_text(encoding="utf-8") != text
                ):
                    atomic_write_text(path, text)
        return SaveResult(paths.json, previous, new_text, changed)

    def _archive(self, paths: RecordPaths, previous: str) -> None:
        existing = sorted(paths.history_dir.glob("*.json")) if paths.history_dir.is_dir() else []
        number = int(existing[-1].stem) + 1 if existing else 1
        atomic_write_text(paths.history_dir / f"{number:04d}.json", previous)
