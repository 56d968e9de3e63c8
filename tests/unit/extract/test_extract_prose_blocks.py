"""Prose blocks: which paragraphs may hold a figure, tested fast and case-blind."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract.prose.blocks import (
    _EMPHASIS,
    BlockKind,
    may_hold_figure,
    prose_blocks,
)
from extract_support import snapshot_of

_CASE_BLIND_WORD = re.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|"
    r"twenty|thirty|forty|fifty|hundred)\b",
    re.IGNORECASE,
)
_PIECES = ["Two", "TEN", "often", "none", "seven", "Kelvin", "ſix", "é", " ", "\n", "-", "_", "x"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*_PIECES, "3"]), max_size=8).map("".join))
def test_may_hold_figure_is_a_digit_or_a_number_word_in_any_case(text: str) -> None:
    expected = bool(re.search(r"\d", text) or _CASE_BLIND_WORD.search(text))
    assert may_hold_figure(text) is expected


def test_a_paragraph_is_kept_when_any_of_its_lines_names_a_number() -> None:
    readme = (
        "# Notes\n\nThe first line says nothing\nbut the second has Two runs.\n\nNothing here.\n"
    )
    blocks = prose_blocks(snapshot_of({"README.md": readme}).documents[0])
    assert [(b.kind, b.lines) for b in blocks] == [(BlockKind.PARAGRAPH, (3, 4))]


_EMPHASIS_BEFORE = re.compile(r"\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["*", "**", "_", "__", "a", " ", "1", "\n", "é"]), max_size=12))
def test_emphasis_pattern_with_its_lookbehinds_after_the_star_blanks_the_same(
    pieces: list[str],
) -> None:
    """The lookbehinds written after the `*` (so every branch opens with a literal) match
    where the lookbehinds before it did."""
    text = "".join(pieces)
    spans = [m.span() for m in _EMPHASIS.finditer(text)]
    assert spans == [m.span() for m in _EMPHASIS_BEFORE.finditer(text)]


def _blocks(readme: str) -> list[tuple[BlockKind, tuple[int, ...], str | None]]:
    blocks = prose_blocks(snapshot_of({"README.md": readme}).documents[0])
    return [(b.kind, b.lines, b.heading) for b in blocks]


def test_fences_and_headings_are_the_document_models() -> None:
    readme = (
        "# Bench\n\n"
        "~~~text\n# 3 runs, a comment\n```\nstill code: 4 runs\n~~~\n\n"
        "Results: 5 runs\n-------\n\n"
        "> ## Quoted 2 heading\n\n"
        "We ran it 6 times.\n"
    )
    assert _blocks(readme) == [
        (BlockKind.HEADING, (9,), "Bench"),
        (BlockKind.HEADING, (12,), "Results: 5 runs"),
        (BlockKind.PARAGRAPH, (14,), "Quoted 2 heading"),
    ]


def test_heading_markers_are_blanked_in_place() -> None:
    blocks = prose_blocks(snapshot_of({"README.md": "> ### 3 runs ##\n"}).documents[0])
    assert [b.text for b in blocks] == ["      3 runs   "]


def test_lines_underlined_by_a_rule_are_a_paragraph_not_a_heading() -> None:
    readme = "## Results\n\nRuns: 3\nMean TTFT (ms): 12.5\n=====\n\nIt took 7 tries.\n"
    assert _blocks(readme) == [(BlockKind.PARAGRAPH, (7,), "Results")]
