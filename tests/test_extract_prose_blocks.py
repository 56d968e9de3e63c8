"""Prose blocks: which paragraphs may hold a figure, tested fast and case-blind."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract.prose_blocks import BlockKind, may_hold_figure, prose_blocks
from test_extract_support import snapshot_of

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
