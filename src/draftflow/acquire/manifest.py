"""The manifest beside a plain folder: which repository and revision the folder is a copy of.

A folder `<owner>__<name>/` may sit beside a `MANIFEST.json` (a list of entries, each with
`repository`, `url`, `revision` and every copied file's `path` and `sha256`), as the corpus and
the README's example are laid out. Its entry supplies what `--origin` and `--revision` would,
and only while every document read from the folder is one of its files with its exact bytes:
a pinned URL must name a commit that holds the bytes the record was drafted from.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from draftflow.acquire.rules import FileContent
from draftflow.acquire.snapshot import sha256_hex
from draftflow.errors import InputError

MANIFEST_NAME = "MANIFEST.json"


class ManifestFile(BaseModel):
    """One copied file: its path in the repository and the sha256 of its bytes."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    path: str
    sha256: str


class ManifestEntry(BaseModel):
    """One copied repository: where it comes from, the commit copied, and its files."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    repository: str
    url: str
    revision: str
    files: list[ManifestFile]

    @property
    def folder(self) -> str:
        """The folder name the copy is stored under: `owner__name`."""
        return self.repository.replace("/", "__")


class ManifestCopy(BaseModel):
    """A folder's entry together with the manifest file that holds it (for messages)."""

    model_config = ConfigDict(frozen=True)

    manifest: Path
    entry: ManifestEntry


def manifest_beside(folder: Path) -> ManifestCopy | None:
    """The entry naming `folder` in the `MANIFEST.json` of its parent folder, if there is one.

    Raises `InputError` when the manifest exists but cannot be read as one.
    """
    manifest = folder.resolve().parent / MANIFEST_NAME
    if not manifest.is_file():
        return None
    entries = _read_entries(manifest)
    name = folder.resolve().name
    entry = next((e for e in entries if e.folder == name), None)
    return None if entry is None else ManifestCopy(manifest=manifest, entry=entry)


def _read_entries(manifest: Path) -> list[ManifestEntry]:
    try:
        raw = json.loads(manifest.read_bytes())
        if not isinstance(raw, list):
            raise ValueError("not a list of repositories")
        return [ManifestEntry.model_validate(item) for item in raw]
    except (OSError, ValueError, ValidationError) as error:
        raise InputError(
            f"{manifest} is not a readable manifest ({_first_line(error)})",
            hint="restore it, or pass --origin and --revision to draft the folder without it",
        ) from error


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def check_copy(copy: ManifestCopy, folder: Path, files: Sequence[FileContent]) -> None:
    """Raise `InputError` unless every file read from `folder` is in the entry, byte-exact."""
    listed = {f.path: f.sha256 for f in copy.entry.files}
    for file in files:
        expected = listed.get(file.path)
        if expected == sha256_hex(file.data):
            continue
        state = "is not listed in" if expected is None else "differs from its sha256 in"
        raise InputError(
            f"{folder / file.path} {state} {copy.manifest}, so the folder is not the copy of "
            f"{copy.entry.repository} at {copy.entry.revision} the manifest describes",
            hint=f"restore the file from {copy.entry.url} at that revision, or commit the "
            "folder to a git checkout and draft that",
        )
