"""Which documents hold the author's results, and which figures may never lead a record.

A repository holds more than its results: design and plan documents with illustrative values
(`~40 tok/s`), examples, copies of other people's sources, configuration files with limits
(`max_p99_ttft_ms: 500`). Each document gets a role from its structure (its path's folders and
file name, its title and opening lines, the README's pointers to it); the words that name a
role are data (`numbers/vocabulary.toml`, `[[document_role]]`), never a repository's names.

`headline_exclusion` is the one place that says a figure may not enter the headline, with
the evidence: a document that is not a results document, a configured limit, the figures
other people measured or the author withdrew (`attribution`, an author status), and a number
its line writes as no measurement (a constant, a name, a hypothetical, a count: see
`not_measured.py`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import StrEnum

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.document import parse_document
from draftflow.numbers.file_kinds import JSON_SUFFIXES
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.model import ReportedResult
from draftflow.select.not_measured import not_measured
from draftflow.select.shapes import is_main_document

OPENING_LINES = 12  # a title and the purpose statement under it
_PATH_SPLIT = re.compile(r"[/\-_.\s]+")
_KEY_VALUE = re.compile(r"^\s*(?:-\s+)?[\"']?([A-Za-z][\w.-]*)[\"']?\s*[:=]\s*\S")


class DocumentRole(StrEnum):
    """What a document is to the repository."""

    LEAD = "lead"
    """The front page: the README or REPORT at the top level."""
    RESULTS = "results"
    """A document the README points to (a linked file, a folder it names)."""
    DESIGN = "design"
    PLAN = "plan"
    EXAMPLE = "example"
    EXTERNAL = "external"
    """A copy of someone else's source (quoted posts, vendor pages)."""
    OTHER = "other"


NOT_RESULTS = frozenset(
    {DocumentRole.DESIGN, DocumentRole.PLAN, DocumentRole.EXAMPLE, DocumentRole.EXTERNAL}
)


@dataclass(frozen=True)
class RoleReading:
    """A document's role and what in the document says so."""

    role: DocumentRole
    evidence: str


class Exclusion(StrEnum):
    """Why a figure may not lead a record."""

    NOT_A_RESULTS_DOCUMENT = "not_a_results_document"
    CONFIGURED_LIMIT = "configured_limit"
    NOT_THE_AUTHORS = "not_the_authors"
    """Someone else measured it, or the author withdrew it (retracted, contaminated, ...)."""
    NOT_A_MEASUREMENT = "not_a_measurement"
    """Its line writes it as a constant, a name, a hypothetical or a count (`not_measured`)."""


@dataclass(frozen=True)
class ExclusionReading:
    """A figure kept out of the headline, and the evidence for it."""

    exclusion: Exclusion
    evidence: str


def _path_words(path: str) -> set[str]:
    return {word for word in _PATH_SPLIT.split(path.lower()) if word}


def read_role(document: Document, readme_text: str = "") -> RoleReading:
    """The document's role: the front page; else a role its path or opening names; else a
    results document when the README points to it or its folder; else other."""
    if is_main_document(document):
        return RoleReading(DocumentRole.LEAD, f"{document.path} is the front page")
    words = _path_words(document.path)
    opening = "\n".join(document.line_list[:OPENING_LINES]).lower()
    for entry in vocabulary().document_role:
        named = sorted(words.intersection(entry.path_words))
        if named:
            return RoleReading(DocumentRole(entry.role), f"its path names `{named[0]}`")
        file_name = document.path.rsplit("/", 1)[-1].lower()
        if file_name in entry.file_names:
            return RoleReading(DocumentRole(entry.role), f"it is a `{file_name}` file")
        folder = _named_folder(document.path, entry.folder_names)
        if folder is not None:
            return RoleReading(DocumentRole(entry.role), f"it stands under `{folder}/`")
        pattern = _title_pattern(entry.title_pattern)
        if pattern is not None and document.path.lower().endswith((".md", ".markdown")):
            found = pattern.search(opening)
            if found:
                return RoleReading(DocumentRole(entry.role), f"its opening says `{found[0]}`")
    pointer = _readme_pointer(document.path, readme_text)
    if pointer:
        return RoleReading(DocumentRole.RESULTS, f"the README points to `{pointer}`")
    return RoleReading(DocumentRole.OTHER, "no role its structure names")


def _named_folder(path: str, folder_names: tuple[str, ...]) -> str | None:
    """The first folder of the path that the role names (`.claude` in
    `.claude/memory/notes.md`), or None."""
    return next((f for f in path.lower().split("/")[:-1] if f in folder_names), None)


@functools.lru_cache(maxsize=32)
def _title_pattern(pattern: str | None) -> re.Pattern[str] | None:
    return re.compile(pattern, re.IGNORECASE) if pattern else None


def _readme_pointer(path: str, readme_text: str) -> str:
    """The README's pointer to the document: its path, or its folder followed by `/`."""
    if not readme_text:
        return ""
    if path in readme_text:
        return path
    folders = path.split("/")[:-1]
    for depth in range(len(folders), 0, -1):
        folder = "/".join(folders[:depth]) + "/"
        if re.search(rf"(?<![\w/.-]){re.escape(folder)}", readme_text):
            return folder
    return ""


def read_roles(snapshot: Snapshot) -> dict[str, RoleReading]:
    """Every document's role, by document id."""
    readme = next((d for d in snapshot.documents if is_main_document(d)), None)
    readme_text = readme.text if readme is not None else ""
    return {d.document_id: read_role(d, readme_text) for d in snapshot.documents}


def configured_limit(document: Document, line: int) -> str | None:
    """The key of a configuration line that sets a limit (`max_p99_ttft_ms: 500`), in a
    Markdown or configuration file (a tool's JSON output names measured maxima the same way,
    so JSON and CSV are not read as configuration)."""
    if document.path.lower().endswith((*JSON_SUFFIXES, ".csv")):
        return None
    config = vocabulary().config_limit
    text = document.line(line) or ""
    found = _KEY_VALUE.match(text)
    if config is None or found is None:
        return None
    key = found.group(1)
    return key if re.search(config.key_pattern, key, re.IGNORECASE) else None


def _status(result: ReportedResult) -> str | None:
    """The author's status word, or who else measured it, where the extraction marks it."""
    if result.status is not None:
        marked = result.status
        return f"marked {marked.status.value} ({marked.words!r}, {marked.path}:{marked.line})"
    if result.attribution is not None:
        other = result.attribution
        return f"measured by {other.who} ({other.path}:{other.line})"
    return None


def headline_exclusion(
    result: ReportedResult, document: Document | None, role: RoleReading | None
) -> ExclusionReading | None:
    """Why the figure may not enter the headline, or None: the one filter every headline
    choice (rules or model) goes through."""
    status = _status(result)
    if status is not None:
        return ExclusionReading(Exclusion.NOT_THE_AUTHORS, status)
    if role is not None and role.role in NOT_RESULTS:
        return ExclusionReading(
            Exclusion.NOT_A_RESULTS_DOCUMENT, f"a {role.role} document: {role.evidence}"
        )
    if document is not None:
        key = configured_limit(document, result.source_line)
        if key is not None:
            return ExclusionReading(Exclusion.CONFIGURED_LIMIT, f"`{key}` sets a limit")
        found = not_measured(result, document.line(result.source_line) or "")
        if found is not None:
            return ExclusionReading(Exclusion.NOT_A_MEASUREMENT, f"{found.why}: {found.words!r}")
    return None


def first_results_table(document: Document, figure_lines: set[int]) -> range | None:
    """The lines of the document's first table that states a figure: the lead document's
    first results table is the claim its author puts first."""
    for table in parse_document(document).tables:
        lines = range(table.span.first, table.span.last + 1)
        if any(line in figure_lines for line in lines):
            return lines
    return None
