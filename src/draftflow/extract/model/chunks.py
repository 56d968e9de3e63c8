"""Splitting documents into model-sized chunks without ever losing a line number.

Every line is shown as `L<n>: text` with its real number, a document that does not fit is
continued in the next chunk under the same id, and each chunk lists the selected candidates
whose lines it shows. Raw data tables (telemetry, hundreds of rows) are shown by their first
rows only, with a note saying how many rows were left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import Selected
from draftflow.extract.raw_tables import raw_tables

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
    omitted = _omitted_lines(candidates)
    chunks = [Chunk(0)]
    counter = 0
    for document in _document_order(snapshot):
        skipped = omitted.get(document.document_id, set())
        header = f"=== document {document.document_id} (path {document.path}) ==="
        current = chunks[-1]
        if current.lines and current.size + len(header) > budget:
            current = Chunk(len(chunks))
            chunks.append(current)
        current.lines.append(header)
        current.size += len(header) + 1
        pending_skip = 0
        document_id = document.document_id
        for number, text in enumerate(document.line_list, start=1):
            if number in skipped:
                pending_skip += 1
                continue
            if not pending_skip and (document_id, number) not in on_line:
                # Most lines: shown alone with no candidate, the general case below made cheap.
                line = f"L{number}: {_clip(text)}"
                cost = len(line) + 1
                crowded = len(current.candidates) > max_candidates
                if (current.size + cost > budget or crowded) and current.size > len(header) + 1:
                    current = _continued(chunks, document_id)
                current.lines.append(line)
                current.size += cost
                continue
            rendered: list[str] = []
            if pending_skip:
                rendered.append(f"[{pending_skip} raw data rows not shown]")
                pending_skip = 0
            rendered.append(f"L{number}: {_clip(text)}")
            listed: list[tuple[str, Candidate, str]] = []  # short id, candidate, description
            here = on_line.get((document_id, number), [])
            for candidate in here[:MAX_CANDIDATES_PER_LINE]:
                counter += 1
                listed.append(
                    (f"c{counter}", candidate, describe_candidate(f"c{counter}", candidate))
                )
            if len(here) > MAX_CANDIDATES_PER_LINE:
                rendered.append(
                    f"[{len(here) - MAX_CANDIDATES_PER_LINE} more candidates on "
                    f"L{number} are not listed]"
                )
            cost = sum(len(r) + 1 for r in rendered) + sum(len(d) + 1 for _, _, d in listed)
            crowded = len(current.candidates) + len(listed) > max_candidates
            if (current.size + cost > budget or crowded) and current.size > len(header) + 1:
                current = _continued(chunks, document_id)
            current.lines.extend(rendered)
            current.size += cost
            for short_id, candidate, description in listed:
                current.candidates[short_id] = candidate
                current.candidate_lines.append(description)
        if pending_skip:
            current.lines.append(f"[{pending_skip} raw data rows not shown]")
    return [chunk for chunk in chunks if chunk.lines]


def _continued(chunks: list[Chunk], document_id: str) -> Chunk:
    """A new chunk that goes on with the document where the last one stopped."""
    current = Chunk(len(chunks))
    chunks.append(current)
    continued = f"=== document {document_id} (continued) ==="
    current.lines.append(continued)
    current.size += len(continued) + 1
    return current
