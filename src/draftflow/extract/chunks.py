"""Splitting documents into model-sized chunks without ever losing a line number.

Every line is shown as `L<n>: text` with its real number, a document that does not fit is
continued in the next chunk under the same id, and each chunk lists the selected candidates
whose lines it shows. Raw data tables (telemetry, hundreds of rows) are shown by their first
rows only, with a note saying how many rows were left out.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate

from draftflow.extract.candidates import Candidate
from draftflow.extract.select import Selected, raw_tables
from draftflow.snapshot import Document, Snapshot

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
    """Front pages (README, REPORT) first, then the rest in snapshot order."""

    def rank(document: Document) -> int:
        name = document.path.rsplit("/", 1)[-1].lower()
        depth = document.path.count("/")
        return 0 if name in FRONT_PAGES and depth == 0 else 1

    return sorted(snapshot.documents, key=rank)


def _omitted_lines(candidates: list[Candidate]) -> dict[str, set[int]]:
    """Per document, the lines of raw data tables beyond their first few rows."""
    raw = raw_tables(candidates)
    omitted: dict[str, set[int]] = {}
    for candidate in candidates:
        where = (candidate.document_id, candidate.table)
        if candidate.json_path is None and where in raw and candidate.row >= RAW_ROWS_SHOWN:
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
    listed_lines: dict[str, set[int]] = {}
    for document_id, line in on_line:
        listed_lines.setdefault(document_id, set()).add(line)
    omitted = _omitted_lines(candidates)
    chunker = _Chunker(budget, max_candidates, on_line)
    for document in _document_order(snapshot):
        skipped = omitted.get(document.document_id, set())
        chunker.add_document(document, skipped, listed_lines.get(document.document_id, set()))
    return [chunk for chunk in chunker.chunks if chunk.lines]


class _Chunker:
    """Fills chunks document by document. A line with candidates, or the first after raw
    rows left out, is placed on its own; the lines between them, shown alone, are placed a
    run at a time (their running sizes bisected for the budget): most lines of a snapshot
    hold no candidate, and a loop over each of them cost the whole stage's time."""

    def __init__(
        self, budget: int, max_candidates: int, on_line: dict[tuple[str, int], list[Candidate]]
    ) -> None:
        self.budget = budget
        self.max_candidates = max_candidates
        self.on_line = on_line
        self.chunks = [Chunk(0)]
        self.counter = 0
        self.floor = 0  # the size of a chunk holding only its document's header
        self.document_id = ""

    def add_document(self, document: Document, skipped: set[int], listed: set[int]) -> None:
        """Every line of `document` in order: `skipped` lines counted, not shown; `listed`
        lines shown with their candidates."""
        header = f"=== document {document.document_id} (path {document.path}) ==="
        current = self.chunks[-1]
        if current.lines and current.size + len(header) > self.budget:
            current = Chunk(len(self.chunks))
            self.chunks.append(current)
        current.lines.append(header)
        current.size += len(header) + 1
        self.floor, self.document_id = len(header) + 1, document.document_id
        texts = document.line_list
        pending_skip = 0
        position = 1  # the next line number to place
        for number in sorted(n for n in skipped | listed if 1 <= n <= len(texts)):
            pending_skip = self._plain_lines(texts, position, number, pending_skip)
            if number in skipped:
                pending_skip += 1
            else:
                self._line_with_candidates(number, texts[number - 1], pending_skip)
                pending_skip = 0
            position = number + 1
        pending_skip = self._plain_lines(texts, position, len(texts) + 1, pending_skip)
        if pending_skip:
            self.chunks[-1].lines.append(f"[{pending_skip} raw data rows not shown]")

    def _plain_lines(self, texts: list[str], first: int, end: int, pending_skip: int) -> int:
        """Lines `first`..`end - 1`, none skipped or listed; returns the raw rows still to
        note (none once a line is placed)."""
        if first >= end:
            return pending_skip
        if pending_skip:  # the note of the rows left out goes with the first line after them
            self._line_with_candidates(first, texts[first - 1], pending_skip)
            first += 1
        limit = MAX_LINE_CHARS
        lines = [
            f"L{number}: {text if len(text) <= limit else _clip(text)}"
            for number, text in enumerate(texts[first - 1 : end - 1], start=first)
        ]
        self._place_run(lines)
        return 0

    def _place_run(self, lines: list[str]) -> None:
        """Place lines that come with no candidate, each where the line-by-line rule puts it:
        into the current chunk unless it would go over the budget (or the chunk holds too
        many candidates already) and the chunk holds more than its header."""
        costs = [len(line) + 1 for line in lines]
        current = self.chunks[-1]
        position = 0
        while position < len(lines) and len(current.candidates) > self.max_candidates:
            if current.size > self.floor:
                current = _continued(self.chunks, self.document_id)
            current.lines.append(lines[position])
            current.size += costs[position]
            position += 1
        running = list(accumulate(costs))  # a chunk begun here holds no candidate
        while position < len(lines):
            before = running[position - 1] if position else 0
            fits = bisect_right(running, self.budget - current.size + before, position)
            if fits > position:
                current.lines.extend(lines[position:fits])
                current.size += running[fits - 1] - before
                position = fits
                if position == len(lines):
                    break
            if current.size > self.floor:  # the line at `position` goes over the budget
                current = _continued(self.chunks, self.document_id)
            current.lines.append(lines[position])
            current.size += costs[position]
            position += 1

    def _line_with_candidates(self, number: int, text: str, pending_skip: int) -> None:
        """One line with the note of the raw rows left out before it and its candidates."""
        current = self.chunks[-1]
        rendered: list[str] = []
        if pending_skip:
            rendered.append(f"[{pending_skip} raw data rows not shown]")
        rendered.append(f"L{number}: {_clip(text)}")
        listed: list[tuple[str, Candidate, str]] = []  # short id, candidate, description
        here = self.on_line.get((self.document_id, number), [])
        for candidate in here[:MAX_CANDIDATES_PER_LINE]:
            self.counter += 1
            short_id = f"c{self.counter}"
            listed.append((short_id, candidate, describe_candidate(short_id, candidate)))
        if len(here) > MAX_CANDIDATES_PER_LINE:
            rendered.append(
                f"[{len(here) - MAX_CANDIDATES_PER_LINE} more candidates on "
                f"L{number} are not listed]"
            )
        cost = sum(len(r) + 1 for r in rendered) + sum(len(d) + 1 for _, _, d in listed)
        crowded = len(current.candidates) + len(listed) > self.max_candidates
        if (current.size + cost > self.budget or crowded) and current.size > self.floor:
            current = _continued(self.chunks, self.document_id)
        current.lines.extend(rendered)
        current.size += cost
        for short_id, candidate, description in listed:
            current.candidates[short_id] = candidate
            current.candidate_lines.append(description)


def _continued(chunks: list[Chunk], document_id: str) -> Chunk:
    """A new chunk that goes on with the document where the last one stopped."""
    current = Chunk(len(chunks))
    chunks.append(current)
    continued = f"=== document {document_id} (continued) ==="
    current.lines.append(continued)
    current.size += len(continued) + 1
    return current
