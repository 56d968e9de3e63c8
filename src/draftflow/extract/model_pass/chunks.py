"""Splitting documents into model-sized chunks without ever losing a line number.

Every line is shown as `L<n>: text` with its real number, a document that does not fit is
continued in the next chunk under the same id, and each chunk lists the selected candidates
whose lines it shows. Raw data tables (telemetry, hundreds of rows) are shown by their first
rows only, with a note saying how many rows were left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from draftflow.acquire.rules import is_license_file
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import Selected
from draftflow.extract.raw_tables import is_raw_cell, raw_tables

# Measured: numeric tables run about 2 characters per token (a 45,642-character Kleybrink CSV
# chunk was 22,202 tokens for llama.cpp's SmolLM2 tokenizer); prose runs nearer 4. The
# budget must hold for tables, so prose chunks come out smaller than they need to be.
CHARS_PER_TOKEN = 2
PROMPT_OVERHEAD_TOKENS = 2_000
"""Instructions, the reply schema and the reply itself take this much of the budget."""
MIN_CHUNK_TOKENS = 500
MAX_LINE_CHARS = 400
RAW_ROWS_SHOWN = 5
MAX_CANDIDATES_PER_CHUNK = 150
"""The model answers one entry per figure it keeps: this bounds the reply, not just the prompt."""
MAX_CANDIDATES_PER_LINE = 40
"""A line holding thousands of numbers (a one-line JSON dump) lists only its first few."""
FRONT_PAGES = ("readme.md", "report.md", "results.md")


@dataclass
class Chunk:
    """One model request's worth of numbered lines and the candidates on them."""

    index: int
    lines: list[str] = field(default_factory=list)
    candidate_lines: list[str] = field(default_factory=list)
    candidates: dict[str, Candidate] = field(default_factory=dict)
    size: int = 0

    @property
    def documents_text(self) -> str:
        """The chunk's numbered document lines."""
        return "\n".join(self.lines)

    @property
    def candidates_text(self) -> str:
        """The chunk's candidate table, one per line."""
        return "\n".join(self.candidate_lines)


def _clip(text: str, limit: int = MAX_LINE_CHARS) -> str:
    return text if len(text) <= limit else text[:limit] + " …[line truncated]"


def describe_candidate(short_id: str, candidate: Candidate) -> str:
    """One candidate as the model sees it: id, where, what names it, and the cell."""
    parts = [short_id, f"{candidate.document_id} L{candidate.line}", f"key: {candidate.key}"]
    if candidate.row_header:
        parts.append(f"row: {_clip(candidate.row_header, 60)}")
    if candidate.heading:
        parts.append(f"under: {_clip(candidate.heading, 60)}")
    parts.append(f"cell: {_clip(candidate.text, 80)}")
    return " | ".join(parts)


def _document_order(snapshot: Snapshot) -> list[Document]:
    """Front pages (README, REPORT) first, then the rest in snapshot order; no license text."""

    def rank(document: Document) -> int:
        name = document.path.rsplit("/", 1)[-1].lower()
        depth = document.path.count("/")
        return 0 if name in FRONT_PAGES and depth == 0 else 1

    # a license's text states no result; it is read for the declared license alone
    readable = [d for d in snapshot.documents if not is_license_file(d.path)]
    return sorted(readable, key=rank)


def _omitted_lines(candidates: list[Candidate]) -> dict[str, set[int]]:
    """Per document, the lines of raw data tables beyond their first few rows and of a long
    results log's raw tail."""
    raw = raw_tables(candidates)
    omitted: dict[str, set[int]] = {}
    for candidate in candidates:
        where = (candidate.document_id, candidate.table)
        if is_raw_cell(candidate, raw) and (where not in raw or candidate.row >= RAW_ROWS_SHOWN):
            omitted.setdefault(candidate.document_id, set()).add(candidate.line)
    return omitted


def chunk_documents(
    snapshot: Snapshot,
    candidates: list[Candidate],
    selected: list[Selected],
    budget_tokens: int,
    *,
    max_candidates: int = MAX_CANDIDATES_PER_CHUNK,
) -> list[Chunk]:
    """Chunks of at most `budget_tokens` (estimated) and `max_candidates` candidates, covering
    every document line in order."""
    budget = max(budget_tokens - PROMPT_OVERHEAD_TOKENS, MIN_CHUNK_TOKENS) * CHARS_PER_TOKEN
    on_line: dict[tuple[str, int], list[Candidate]] = {}
    for item in selected:
        key = (item.candidate.document_id, item.candidate.line)
        on_line.setdefault(key, []).append(item.candidate)
    chunker = _Chunker(budget, max_candidates, on_line)
    omitted = _omitted_lines(candidates)
    for document in _document_order(snapshot):
        chunker.add(document, omitted.get(document.document_id, set()))
    return [chunk for chunk in chunker.chunks if chunk.lines]


# a line's short id, its candidate and the candidate's description
_Listed = tuple[str, Candidate, str]


@dataclass
class _Chunker:
    """Fills chunks with documents' lines in order: a line goes on in a new chunk when it would
    pass the character budget or the candidate bound."""

    budget: int
    max_candidates: int
    on_line: dict[tuple[str, int], list[Candidate]]
    chunks: list[Chunk] = field(default_factory=lambda: [Chunk(0)])
    listed: int = 0
    """Candidates listed so far: their short ids (`c1`, `c2`) run on across chunks."""

    def add(self, document: Document, skipped: set[int]) -> None:
        """The document's lines under its header; the raw data rows in `skipped` are counted
        in a note where they would have been, not shown."""
        floor = self._open(document)
        document_id = document.document_id
        pending_skip = 0
        for number, text in enumerate(document.line_list, start=1):
            if number in skipped:
                pending_skip += 1
            elif pending_skip or (document_id, number) in self.on_line:
                self._add_noted(document_id, number, text, pending_skip, floor)
                pending_skip = 0
            else:
                # Most lines: shown alone with no candidate, the general case made cheap.
                line = f"L{number}: {_clip(text)}"
                current = self._room(document_id, len(line) + 1, 0, floor)
                current.lines.append(line)
                current.size += len(line) + 1
        if pending_skip:
            self.chunks[-1].lines.append(f"[{pending_skip} raw data rows not shown]")

    def _open(self, document: Document) -> int:
        """The document's header, in a new chunk when it does not fit the last one; returns
        the size of a chunk holding no more than a header, which is never left for the next."""
        header = f"=== document {document.document_id} (path {document.path}) ==="
        current = self.chunks[-1]
        if current.lines and current.size + len(header) > self.budget:
            current = Chunk(len(self.chunks))
            self.chunks.append(current)
        current.lines.append(header)
        current.size += len(header) + 1
        return len(header) + 1

    def _add_noted(
        self, document_id: str, number: int, text: str, pending_skip: int, floor: int
    ) -> None:
        """A line after raw data rows left out (their note before it) or with candidates (the
        first `MAX_CANDIDATES_PER_LINE` listed, the rest counted in a note after it)."""
        rendered = [f"[{pending_skip} raw data rows not shown]"] if pending_skip else []
        rendered.append(f"L{number}: {_clip(text)}")
        here = self.on_line.get((document_id, number), [])
        listed = self._list(here[:MAX_CANDIDATES_PER_LINE])
        if len(here) > MAX_CANDIDATES_PER_LINE:
            rendered.append(
                f"[{len(here) - MAX_CANDIDATES_PER_LINE} more candidates on "
                f"L{number} are not listed]"
            )
        cost = sum(len(r) + 1 for r in rendered) + sum(len(d) + 1 for _, _, d in listed)
        current = self._room(document_id, cost, len(listed), floor)
        current.lines.extend(rendered)
        current.size += cost
        for short_id, candidate, description in listed:
            current.candidates[short_id] = candidate
            current.candidate_lines.append(description)

    def _list(self, candidates: list[Candidate]) -> list[_Listed]:
        """The candidates with their next short ids and descriptions."""
        listed = []
        for candidate in candidates:
            self.listed += 1
            short_id = f"c{self.listed}"
            listed.append((short_id, candidate, describe_candidate(short_id, candidate)))
        return listed

    def _room(self, document_id: str, cost: int, candidates: int, floor: int) -> Chunk:
        """The chunk `cost` more characters and `candidates` more candidates go in: the last
        one, or a new one going on with the document when they would pass the budget or the
        candidate bound there (unless the last holds no more than a header: `floor`)."""
        current = self.chunks[-1]
        crowded = len(current.candidates) + candidates > self.max_candidates
        if (current.size + cost > self.budget or crowded) and current.size > floor:
            return _continued(self.chunks, document_id)
        return current


def _continued(chunks: list[Chunk], document_id: str) -> Chunk:
    """A new chunk that goes on with the document where the last one stopped."""
    current = Chunk(len(chunks))
    chunks.append(current)
    continued = f"=== document {document_id} (continued) ==="
    current.lines.append(continued)
    current.size += len(continued) + 1
    return current
