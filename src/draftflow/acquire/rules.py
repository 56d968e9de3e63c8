"""Which files of a tree are documents, and turning their bytes into `Document`s.

Every selection rule lives here so the git and folder readers agree exactly. A file is read
when it has a document type, sits outside vendored and CI folders, is a regular file (never a
symlink or submodule), is at most `max_bytes` long, holds no NUL byte and is text (`textual.py`:
valid in UTF-8 or a legacy encoding, not littered with control characters). Everything else is
listed as a `SkippedFile` with the reason.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath

from draftflow.acquire.snapshot import (
    GITHUB,
    Document,
    SkippedFile,
    decode,
    pinned_url,
    sha256_hex,
    split_lines,
)
from draftflow.acquire.textual import NOT_TEXT, not_text_reason

DOCUMENT_SUFFIXES = frozenset(
    {
        ".md",
        ".markdown",
        ".csv",
        ".tsv",
        ".json",
        ".jsonl",
        ".ndjson",
        ".yaml",
        ".yml",
        ".toml",
        ".txt",
        ".log",
        ".out",
        ".rst",
        ".adoc",
        ".ipynb",
        ".html",
        ".htm",
        ".tex",
    }
)
LICENSE_NAMES = frozenset({"license", "licence", "copying", "unlicense"})
# `NAME.example` files are read when NAME is itself a document or a plain config file.
EXAMPLE_INNER_SUFFIXES = DOCUMENT_SUFFIXES | {".env", ".ini", ".cfg", ".conf", ""}
EXCLUDED_FOLDERS = frozenset(
    {".git", ".github", "node_modules", "vendor", "third_party", ".venv", "site-packages"}
)
DEFAULT_MAX_BYTES = 1_000_000

SYMLINK = "symlink: not followed"
SUBMODULE = "submodule: not followed"
NOT_REGULAR = "not a regular file"
NOT_DOCUMENT = "not a document type"
BINARY = "binary: NUL byte"
BAD_PATH = "path is not valid UTF-8"
MISSING_OBJECT = (
    "its content is missing from this copy of the repository (a partial or damaged clone): "
    "fetch the repository in full (git fetch --refetch) to read it"
)


def excluded_folder(path: str, *, is_dir: bool = False) -> str | None:
    """The vendored or CI folder prefix (`a/node_modules/`) that `path` is or sits in, if any."""
    parts = PurePosixPath(path).parts
    for index, part in enumerate(parts if is_dir else parts[:-1]):
        if part in EXCLUDED_FOLDERS:
            return "/".join(parts[: index + 1]) + "/"
    return None


def folder_reason(folder: str) -> str:
    """The skip reason for a whole vendored or CI folder."""
    name = PurePosixPath(folder).name
    kinds = {".github": "CI configuration", ".git": "git metadata"}
    return f"excluded folder {name}/: {kinds.get(name, 'vendored or environment files')}"


def is_document_name(path: str) -> bool:
    """Whether the file name has a document type (Markdown, data, config, text, `*.example`),
    or is the repository's own license file (`LICENSE`, `COPYING` at its root, without a
    type), which states the record's declared license."""
    if is_license_file(path):
        return True
    name = PurePosixPath(path).name.lower()
    suffix = PurePosixPath(name).suffix
    if suffix in DOCUMENT_SUFFIXES:
        return True
    if suffix == ".example":
        inner = name[: -len(".example")]
        return inner.startswith(".env") or PurePosixPath(inner).suffix in EXAMPLE_INNER_SUFFIXES
    return False


def is_license_file(path: str) -> bool:
    """Whether the file is the repository's license text without a type (`LICENSE` at the
    root): read for the declared license, never for figures or by the model pass."""
    return "/" not in path.strip("/") and path.strip("/").lower() in LICENSE_NAMES


def size_reason(size: int, max_bytes: int) -> str | None:
    """The skip reason for a file of `size` bytes, or None when it is small enough."""
    if size > max_bytes:
        return f"too large: {size} bytes > {max_bytes} limit"
    return None


def content_reason(data: bytes) -> str | None:
    """The skip reason for these exact bytes, or None when they are a readable document."""
    if b"\0" in data:
        return BINARY
    return not_text_reason(data)


def unreadable_content(reason: str) -> bool:
    """Whether a skip reason says the file has a document's name but not a document's content
    (binary or not text): the draft lists those in its provenance, not only in `sources`."""
    return reason == BINARY or reason.startswith(NOT_TEXT)


@dataclass(frozen=True)
class FileContent:
    """A selected file's repository-relative path and exact bytes, before ids are assigned."""

    path: str
    data: bytes


class Collector:
    """Accumulates selected files and skips while a reader walks a tree."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.files: list[FileContent] = []
        self._skipped: dict[str, str] = {}

    def skip(self, path: str, reason: str) -> None:
        """Record that `path` (a file, or a folder ending in `/`) is not read, and why."""
        self._skipped.setdefault(path, reason)

    def excluded(self, path: str, *, is_dir: bool = False) -> bool:
        """True (and the folder recorded once) when `path` is or sits in an excluded folder."""
        folder = excluded_folder(path, is_dir=is_dir)
        if folder is not None:
            self.skip(folder, folder_reason(folder))
        return folder is not None

    def is_document(self, path: str) -> bool:
        """False (and the skip recorded) when the file name is not a document type."""
        if is_document_name(path):
            return True
        self.skip(path, NOT_DOCUMENT)
        return False

    def size_allowed(self, path: str, size: int) -> bool:
        """False (and the skip recorded) when the file is over the size limit."""
        reason = size_reason(size, self.max_bytes)
        if reason:
            self.skip(path, reason)
        return reason is None

    def add(self, path: str, data: bytes) -> None:
        """Keep a file's bytes unless their size or content rules them out."""
        reason = size_reason(len(data), self.max_bytes) or content_reason(data)
        if reason:
            self.skip(path, reason)
        else:
            self.files.append(FileContent(path, data))

    @property
    def skipped(self) -> list[SkippedFile]:
        """Every skip, sorted by path."""
        return [SkippedFile(path=p, reason=r) for p, r in sorted(self._skipped.items())]


def document_ids(repository: str, paths: Iterable[str]) -> dict[str, str]:
    """`<name lowercased>-<path with / as ->` per path; later colliding paths get a hash suffix.

    Paths are taken in sorted order, so the first of a colliding group keeps the plain id.
    """
    slug = repository.split("/", 1)[1].lower()
    ids: dict[str, str] = {}
    taken: set[str] = set()
    for path in sorted(paths):
        candidate = f"{slug}-{path.replace('/', '-')}"
        if candidate in taken:
            candidate = f"{candidate}-{hashlib.sha256(path.encode()).hexdigest()[:8]}"
        taken.add(candidate)
        ids[path] = candidate
    return ids


def build_documents(
    files: Iterable[FileContent], repository: str, revision: str, host: str = GITHUB
) -> list[Document]:
    """Hash, line-count and pin every selected file (pinned URLs on `host`); documents come
    out sorted by path."""
    by_path = {f.path: f for f in files}
    ids = document_ids(repository, by_path)
    return [
        Document(
            document_id=ids[path],
            path=path,
            sha256=sha256_hex(content.data),
            bytes=len(content.data),
            lines=len(split_lines(decode(content.data))),
            pinned_url=pinned_url(repository, revision, path, host),
            data=content.data,
        )
        for path, content in sorted(by_path.items())
    ]


def skip_summary(skipped: Iterable[SkippedFile]) -> Counter[str]:
    """How many skips each reason accounts for (sizes folded into `too large`)."""
    return Counter(s.reason.split(":", 1)[0] for s in skipped)
