"""Local copies an editor names for `status` (`--source [ID=]PATH`, `--corpus DIR`): which one
holds a record's repository, so that records are verified again offline, with no fetch.

- `ID=PATH` is record ID's copy;
- a bare `PATH` is the copy of the records whose repository it is named after: its folder is
  called `OWNER__NAME` (as in `examples/` and the corpus), `NAME` or the record's id;
- `--corpus DIR` holds copies named `OWNER__NAME`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from draftflow.errors import InputError
from draftflow.record.model import Record


@dataclass
class LocalCopies:
    """The copies named on the command line, and which bare paths some record used."""

    by_id: dict[str, str] = field(default_factory=dict)
    paths: list[str] = field(default_factory=list)
    corpus: Path | None = None
    used: set[str] = field(default_factory=set)

    @classmethod
    def parse(cls, sources: tuple[str, ...], corpus: Path | None) -> LocalCopies:
        """The copies of `--source [ID=]PATH` (repeatable) and `--corpus DIR`."""
        if corpus is not None and not corpus.is_dir():
            raise InputError(
                f"--corpus {corpus} is not a folder",
                hint="name the folder that holds copies named OWNER__NAME (as examples/ does)",
            )
        copies = cls(corpus=corpus)
        for source in sources:
            record_id, found, path = source.partition("=")
            if found and not Path(source).exists():
                copies.by_id[record_id] = path
            else:
                copies.paths.append(source)
        return copies

    def for_record(self, record: Record) -> str | None:
        """The copy that holds `record`'s repository, or None (then its stored source)."""
        if record.id in self.by_id:
            return self.by_id[record.id]
        owner, _, name = record.source.repository.partition("/")
        names = {f"{owner}__{name}".lower(), name.lower(), record.id.lower()}
        for path in self.paths:
            if Path(path).expanduser().resolve().name.lower() in names:
                self.used.add(path)
                return path
        folder = self.corpus / f"{owner}__{name}" if self.corpus else None
        return str(folder) if folder is not None and folder.is_dir() else None

    def check_all_used(self) -> None:
        """An error for a bare PATH that no record's repository is named after."""
        unused = [path for path in self.paths if path not in self.used]
        if unused:
            raise InputError(
                f"--source {unused[0]} is not named after any record's repository, so no "
                "record was checked against it",
                hint=f"name the record it is a copy of: --source ID={unused[0]} (or name its "
                "folder OWNER__NAME)",
            )
