"""Many small tables in work linear in their count (issue 32: 50,000 one-cell tables cost x13
of 10,000). Counted, not timed (the machine is shared): a table's title reads the blocks
just above it, not a copy of every block before it; a figure's own heading clause is told
from the others' by one count of their clauses, not by splitting every other heading again
for each figure. Both fail on 88d6e41, which read all of them per table or per figure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import overload

import pytest
from hypothesis import given
from hypothesis import strategies as st

from draftflow.extract import label_words, labels
from draftflow.extract.document.elements import Block, Paragraph, Span
from draftflow.extract.document.markdown import title_above

BLOCKS = 5_000
FIGURES = 2_000


class CountedBlocks(Sequence[Block]):
    """Blocks that count each block handed out, one by one or in a slice."""

    def __init__(self, blocks: list[Block]) -> None:
        self.blocks, self.handed = blocks, 0

    @overload
    def __getitem__(self, index: int) -> Block: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Block]: ...
    def __getitem__(self, index: int | slice) -> Block | Sequence[Block]:
        found = self.blocks[index]
        self.handed += len(found) if isinstance(index, slice) else 1  # type: ignore[arg-type]
        return found

    def __len__(self) -> int:
        return len(self.blocks)

    def __iter__(self) -> Iterator[Block]:
        for block in self.blocks:
            self.handed += 1
            yield block


def test_a_tables_title_reads_the_blocks_just_above_it() -> None:
    blocks = CountedBlocks(
        [Paragraph(f"run {i}", Span(i + 1, i + 1), ("Sweeps", f"Run {i}")) for i in range(BLOCKS)]
    )
    titles = [title_above(blocks, end, ("Sweeps", f"Run {end - 1}")) for end in range(1, BLOCKS)]
    assert titles[-1] == f"run {BLOCKS - 2}"
    # 88d6e41 copied every block before each table: ~12.5 million for 5,000
    assert blocks.handed < 5 * BLOCKS, blocks.handed


def test_own_heading_clauses_are_read_once_per_distinct_heading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    split = label_words._top_clauses
    calls = Counter[str]()

    def counted(text: str) -> list[str]:
        calls["split"] += 1
        return split(text)

    monkeypatch.setattr(label_words, "_top_clauses", counted)
    # headings too long for a label, each with a clause of its own
    places = [
        [f"{i}.2 Summary Table of the box under test — Run {i} — Bandwidth Validation"]
        for i in range(FIGURES)
    ]
    texts = labels._level_texts(places, 0)
    assert texts == [f"Run {i}" for i in range(FIGURES)]
    # 88d6e41 split every other figure's heading for each figure: ~4 million for 2,000
    assert calls["split"] < 10 * FIGURES, calls


def _naive_own_clause(text: str, others: list[str], limit: int) -> str:
    """88d6e41's `own_clause`, kept here as the reference."""
    theirs = {
        label_words._SECTION_NUMBER.sub("", clause).lower()
        for other in others
        if other != text
        for clause in label_words._top_clauses(label_words._plain_text(other))
    }
    own = [
        plain
        for clause in label_words._top_clauses(label_words._plain_text(text))
        if (plain := label_words._SECTION_NUMBER.sub("", clause).strip(" :.—-"))
        and plain.lower() not in theirs
        and len(plain) <= limit
        and not label_words._CONTINUATION.match(plain)
    ]
    return next((c for c in own if label_words._SETTING_WORDS.search(c)), own[0] if own else "")


_CLAUSES = st.sampled_from(
    ["1. Summary Table", "PTL iGPU (DDR5-7200)", "summary table", "and more", "B", "2.1 b", ""]
)
_HEADINGS = st.lists(_CLAUSES, min_size=0, max_size=4).map(" — ".join)


@given(st.lists(_HEADINGS, min_size=1, max_size=8), st.lists(_HEADINGS, max_size=3))
def test_own_clauses_read_together_are_each_own_clause(
    others: list[str], outsiders: list[str]
) -> None:
    texts = others + outsiders
    expected = [_naive_own_clause(text, others, 16) for text in texts]
    assert label_words.own_clauses(texts, others, 16) == expected
