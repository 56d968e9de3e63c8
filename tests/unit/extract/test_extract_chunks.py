"""Chunking for the model: budgets, never a lost or renumbered line, bounded replies."""

from __future__ import annotations

import re

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.model.chunks import chunk_documents
from extract_support import snapshot_of


def _long_document(lines: int) -> str:
    rows = "".join(f"| m{i} | {i}.5 |\n" for i in range(lines))
    return "# Long\n\n| model | decode tok/s |\n|---|---|\n" + rows


def test_chunks_keep_every_line_number_exactly_once() -> None:
    snapshot = snapshot_of({"README.md": _long_document(100), "b.md": "# B\n\nsmall\n"})
    candidates = harvest(snapshot)
    chunks = chunk_documents(snapshot, candidates, select(candidates), budget_tokens=2_600)
    assert len(chunks) > 2
    seen: dict[tuple[str, int], str] = {}
    for chunk in chunks:
        document_id = None
        for line in chunk.lines:
            header = re.match(r"=== document (\S+) ", line)
            if header:
                document_id = header.group(1)
                continue
            number, text = re.match(r"L(\d+): (.*)", line).groups()  # type: ignore[union-attr]
            key = (str(document_id), int(number))
            assert key not in seen
            seen[key] = text
        for short_id, candidate in chunk.candidates.items():
            assert f"L{candidate.line}: " in chunk.documents_text
            assert short_id in chunk.candidates_text
    for document in snapshot.documents:
        for number, text in enumerate(document.line_list, start=1):
            assert seen[(document.document_id, number)] == text


def test_chunks_bound_the_number_of_candidates_and_so_the_reply() -> None:
    snapshot = snapshot_of({"README.md": _long_document(100)})
    candidates = harvest(snapshot)
    chunks = chunk_documents(
        snapshot, candidates, select(candidates), budget_tokens=100_000, max_candidates=30
    )
    assert [len(c.candidates) for c in chunks] == [30, 30, 30, 10]


def test_a_chunk_over_its_candidate_bound_takes_no_further_line() -> None:
    """A line may bring more candidates than the bound when it opens a chunk; the lines after
    it, candidates or not, start the next chunk."""
    rows = (
        "| model | decode tok/s | prefill tok/s | ttft ms |\n|---|---|---|---|\n"
        "| m1 | 1.5 | 2.5 | 3.5 |\n\nplain prose\n"
    )
    snapshot = snapshot_of({"README.md": rows})
    candidates = harvest(snapshot)
    chunks = chunk_documents(
        snapshot, candidates, select(candidates), budget_tokens=100_000, max_candidates=2
    )
    assert [len(c.candidates) for c in chunks] == [0, 3, 0]
    assert chunks[1].lines[-1] == "L3: | m1 | 1.5 | 2.5 | 3.5 |"
    assert chunks[2].lines[1:] == ["L4: ", "L5: plain prose"]
