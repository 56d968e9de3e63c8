"""The acquire stage's artifact: a pinned repository revision and the documents read from it.

Line numbers follow what GitHub shows for the same file: lines are split on LF, a trailing CR
is dropped (CRLF files), a UTF-8 byte-order mark is not part of line 1, and a final newline
does not start an extra line. Invalid UTF-8 is decoded with replacement characters so the
line count never changes.
"""

from __future__ import annotations

import builtins
import hashlib
from functools import cached_property

from pydantic import BaseModel, ConfigDict, Field

GITHUB = "https://github.com"
# Pinned URLs of a repository whose origin is not on GitHub start with this: they name the
# copy draftflow read, not a page anyone can open, until `--origin` names the public repository.
LOCAL_SCHEME = "local://"

README_NAMES = ("README.md", "readme.md", "README.markdown", "README.txt", "README")
"""The names a repository's front page goes by, in the order they are looked for."""


def split_lines(text: str) -> list[str]:
    """Split decoded text into lines numbered as GitHub numbers them (index 0 is line 1)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def decode(data: bytes) -> str:
    """Decode document bytes as UTF-8, replacing invalid sequences rather than failing."""
    return data.decode("utf-8", errors="replace")


def sha256_hex(data: bytes) -> str:
    """The sha256 of exact bytes, as lowercase hex."""
    return hashlib.sha256(data).hexdigest()


def pinned_url(repository: str, revision: str, path: str, host: str = GITHUB) -> str:
    """The canonical URL of one file at one full revision (on GitHub unless `host` says)."""
    return f"{host}/{repository}/blob/{revision}/{path}"


def repository_url(repository: str, host: str = GITHUB) -> str:
    """The canonical URL of a repository (`OWNER/NAME`), on GitHub unless `host` says."""
    return f"{host}/{repository}"


def is_local_url(url: str) -> bool:
    """Whether `url` is marked local: it names a copy, not a public repository's page."""
    return url.startswith(LOCAL_SCHEME)


def url_host(url: str) -> str:
    """`SCHEME://HOST` of a repository or pinned URL (`https://github.com`, `local://gitlab.com`)."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.partition('/')[0]}"


class Document(BaseModel):
    """One source document: its identity, its exact bytes' hash, and its text by line."""

    model_config = ConfigDict(frozen=True)

    document_id: str
    path: str
    sha256: str
    bytes: int
    lines: int
    pinned_url: str
    data: builtins.bytes = Field(repr=False, exclude=True)

    @cached_property
    def text(self) -> str:
        """The decoded text (invalid UTF-8 replaced)."""
        return decode(self.data)

    @cached_property
    def lowered_text(self) -> str:
        """The text lowercased (`str.lower`), kept for keyword searches (`keywords.py`)."""
        return self.text.lower()

    @cached_property
    def line_list(self) -> list[str]:
        """The document's lines; `line_list[n - 1]` is line n."""
        return split_lines(self.text)

    def line(self, number: int) -> str | None:
        """Line `number` (1-based) or None when there is no such line."""
        if 1 <= number <= len(self.line_list):
            return self.line_list[number - 1]
        return None

    def line_url(self, number: int) -> str:
        """The pinned URL anchored at one line, as reported results cite it."""
        return f"{self.pinned_url}#L{number}"


class SkippedFile(BaseModel):
    """A file in the tree that the pipeline does not read, and why."""

    path: str
    reason: str


class Snapshot(BaseModel):
    """A repository pinned at one full revision, with every document the pipeline reads."""

    repository: str = Field(description="OWNER/NAME on GitHub (or as a local origin names it)")
    url: str = Field(description="the repository's URL; `local://...` when not a public one")
    revision: str = Field(description="full 40-hex commit sha")
    commit_time: str | None = Field(description="ISO 8601 commit time, when known")
    documents: list[Document]
    skipped: list[SkippedFile] = Field(default_factory=list)

    @property
    def is_local(self) -> bool:
        """Whether the pinned URLs are marked local (the origin is not a GitHub repository)."""
        return is_local_url(self.url)

    def document(self, document_id: str) -> Document | None:
        """The document with this id, if any."""
        return self._lookup().by_id.get(document_id)

    def by_path(self, path: str) -> Document | None:
        """The document at this repository-relative path, if any."""
        return self._lookup().by_path.get(path)

    def by_url(self, url: str) -> Document | None:
        """The document whose pinned URL is `url` (a `#L` anchor is ignored)."""
        return self._lookup().by_url.get(url.split("#", 1)[0])

    def _lookup(self) -> _Lookup:
        # The stages look documents up by id and URL tens of thousands of times per draft (a
        # scan of the list each time cost a CPU second for the corpus); the tables follow the
        # documents list: a copy of the snapshot with other documents builds its own.
        lookup: _Lookup | None = self.__dict__.get("_lookup_tables")
        if lookup is None or lookup.documents is not self.documents:
            lookup = _Lookup(self.documents)
            self.__dict__["_lookup_tables"] = lookup
        return lookup


class _Lookup:
    """The documents of one list by id, path and pinned URL (the first of each, as in order)."""

    def __init__(self, documents: list[Document]) -> None:
        self.documents = documents
        self.by_id: dict[str, Document] = {}
        self.by_path: dict[str, Document] = {}
        self.by_url: dict[str, Document] = {}
        for document in documents:
            self.by_id.setdefault(document.document_id, document)
            self.by_path.setdefault(document.path, document)
            self.by_url.setdefault(document.pinned_url, document)
