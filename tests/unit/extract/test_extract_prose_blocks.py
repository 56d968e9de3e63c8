"""Prose blocks: which paragraphs may hold a figure, tested fast and case-blind."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract.prose.blocks import (
    _EMPHASIS,
    _QUOTE,
    BlockKind,
    _strip_markers,
    may_hold_figure,
    prose_blocks,
)
from draftflow.text.fences import HEADING
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


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([">", " ", "#", "##", "a", "- ", "1. ", "\t"]), max_size=8))
def test_a_heading_is_told_as_the_quote_free_line_reads(pieces: list[str]) -> None:
    line = "".join(pieces)
    assert _strip_markers(line)[2] is bool(HEADING.match(_QUOTE.sub("", line)))
