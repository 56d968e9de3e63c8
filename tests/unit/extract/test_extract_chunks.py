"""Chunking for the model: budgets, never a lost or renumbered line, bounded replies."""

from __future__ import annotations

import re

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.model_pass.chunks import MAX_CANDIDATES_PER_LINE, Chunk, chunk_documents
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


def _chunked(files: dict[str, str], budget_tokens: int = 100_000) -> list[Chunk]:
    snapshot = snapshot_of(files)
    candidates = harvest(snapshot)
    return chunk_documents(snapshot, candidates, select(candidates), budget_tokens)


TELEMETRY = "# T\n\n| time | power W |\n|---|---|\n" + "".join(
    f"| {i} | {i}.5 |\n" for i in range(8)
)


def test_raw_data_rows_past_the_first_are_counted_where_they_stand() -> None:
    (chunk,) = _chunked({"README.md": TELEMETRY + "\nafter\n"})
    assert chunk.lines[-5:] == [
        "L8: | 3 | 3.5 |",
        "L9: | 4 | 4.5 |",
        "[3 raw data rows not shown]",
        "L13: ",
        "L14: after",
    ]
    (chunk,) = _chunked({"README.md": TELEMETRY})  # the rows end the document
    assert chunk.lines[-2:] == ["L9: | 4 | 4.5 |", "[3 raw data rows not shown]"]


def test_a_line_lists_its_first_candidates_and_counts_the_rest() -> None:
    columns = 45
    wide = (
        "# W\n\n| model | "
        + " | ".join(f"c{i} tok/s" for i in range(columns))
        + " |\n|"
        + "---|" * (columns + 1)
        + "\n| m1 | "
        + " | ".join(f"{i}.5" for i in range(columns))
        + " |\n"
    )
    (chunk,) = _chunked({"README.md": wide})
    assert (
        chunk.lines[-1]
        == f"[{columns - MAX_CANDIDATES_PER_LINE} more candidates on L5 are not listed]"
    )
    assert list(chunk.candidates) == [f"c{i}" for i in range(1, MAX_CANDIDATES_PER_LINE + 1)]
    assert len(chunk.candidate_lines) == MAX_CANDIDATES_PER_LINE


def test_short_ids_run_on_across_documents_and_chunks() -> None:
    table = "| model | decode tok/s |\n|---|---|\n| m1 | 1.5 |\n| m2 | 2.5 |\n"
    chunks = _chunked({"README.md": table, "b.md": table})
    assert [list(c.candidates) for c in chunks] == [["c1", "c2", "c3", "c4"]]
    filler = "".join(f"prose line {i} with no figure at all\n" for i in range(20))
    chunks = _chunked({"README.md": table + filler, "b.md": table}, budget_tokens=2_000)
    assert [list(c.candidates) for c in chunks] == [["c1", "c2"], ["c3", "c4"]]


def test_a_document_that_does_not_fit_opens_a_chunk_under_its_own_header() -> None:
    """A 1,000-character budget: 23 lines of prose fill it, so the next document's header
    opens the next chunk; a 24th line goes on in a chunk that says it continues."""
    filler = "".join(f"prose line {i} with no figure at all\n" for i in range(23))
    chunks = _chunked({"README.md": filler, "b.md": "small\n"}, budget_tokens=2_000)
    assert [c.lines[0] for c in chunks] == [
        "=== document bench-repo-README.md (path README.md) ===",
        "=== document bench-repo-b.md (path b.md) ===",
    ]
    assert chunks[1].lines[1:] == ["L1: small"]
    longer = filler + "prose line 23 with no figure at all\n"
    chunks = _chunked({"README.md": longer}, budget_tokens=2_000)
    assert [c.lines[0] for c in chunks] == [
        "=== document bench-repo-README.md (path README.md) ===",
        "=== document bench-repo-README.md (continued) ===",
    ]
    assert chunks[0].lines[-1] == "L23: prose line 22 with no figure at all"
    assert chunks[1].lines[1] == "L24: prose line 23 with no figure at all"


def test_the_repository_s_license_text_is_never_sent_to_the_model() -> None:
    snapshot = snapshot_of(
        {"README.md": _long_document(3), "LICENSE": "MIT License\n\nPermission is hereby...\n"}
    )
    candidates = harvest(snapshot)
    chunks = chunk_documents(snapshot, candidates, select(candidates), budget_tokens=2_600)
    sent = "\n".join(line for chunk in chunks for line in chunk.lines)
    assert "| m2 | 2.5 |" in sent
    assert "Permission is hereby" not in sent and "MIT License" not in sent
