"""The written forms of a value (`numbers/forms.py`): every plain rendering of a value in a
number's interval is found, and the fast search finds what one alternation finds. The same
quick test over every Markdown line of the corpus is `tests/e2e/test_numbers_forms.py`."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.numbers import NumberKind, find_numbers, parse_number
from draftflow.numbers.forms import (
    SUFFIXED_RE,
    WORDS_RE,
    may_write_number,
    occurrences,
    search_forms,
    standalone_offsets,
    suffixed_offsets,
)
from draftflow.numbers.words import NUMBER_WORDS


def _alternation_matches(text: str, needles: tuple[str, ...]) -> list[tuple[int, str]]:
    pattern = re.compile("|".join(map(re.escape, needles)))
    return [(match.start(), match.group()) for match in pattern.finditer(text)]


@settings(max_examples=400, deadline=None)
@given(
    text=st.text(alphabet="0123456789.,| -\n", max_size=200),
    prefix=st.text(alphabet="0123456789.", min_size=0, max_size=5),
    tails=st.lists(st.text(alphabet="0123456789.,", max_size=3), min_size=1, max_size=6),
)
def test_occurrences_are_the_alternation_matches(text: str, prefix: str, tails: list[str]) -> None:
    needles = tuple(
        sorted({prefix + tail for tail in tails if prefix + tail}, key=lambda n: (-len(n), n))
    )
    if not needles:
        return
    planted = text + " " + " ".join(needles) + prefix + needles[0]
    assert list(occurrences(planted, needles)) == _alternation_matches(planted, needles)


@settings(max_examples=300, deadline=None)
@given(
    whole=st.integers(min_value=0, max_value=99_999),
    decimals=st.integers(min_value=0, max_value=3),
    extra=st.integers(min_value=0, max_value=3),
    offset=st.floats(min_value=-0.49, max_value=0.49),
)
def test_every_rendering_in_the_interval_is_found(
    whole: int, decimals: int, extra: int, offset: float
) -> None:
    """A source writing any value the claim rounds to, at any precision, is a candidate:
    `0`, `0.0` and `-0.3` for a claim of 0 too (the sign is not part of a form)."""
    claim = f"{whole / 10**decimals:.{decimals}f}"
    number = parse_number(claim)
    assert number is not None
    forms = search_forms(number)
    assert forms is not None
    value = number.value + offset * 10.0**-decimals
    for written in (f"{value:.{decimals + extra}f}", f"{value:,.{decimals + extra}f}"):
        source = parse_number(written)
        if source is None or not number.matches(source.value):
            continue
        # another number in the row, outside the claim's interval (it is above 10x the claim)
        text = f"| row | {written} | {whole * 10 + 7} |"
        digits = written.lstrip("-")
        assert list(standalone_offsets(text, forms)) == [text.index(digits)], (claim, written)


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet="0123456789kKMGTBbeE%x. \n٣", max_size=120))
def test_suffixed_offsets_are_the_pattern_matches(text: str) -> None:
    expected = [match.start() for match in SUFFIXED_RE.finditer(text)]
    assert list(suffixed_offsets(text)) == expected
    assert list(suffixed_offsets(text.replace("٣", "3"))) == [
        match.start() for match in SUFFIXED_RE.finditer(text.replace("٣", "3"))
    ]


WORD_LIST = re.compile("|".join(sorted(NUMBER_WORDS, key=len, reverse=True)))


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(
        st.sampled_from([*sorted(NUMBER_WORDS), "x", "t", "s", "\n", " ", "een", "ty"]),
        max_size=30,
    )
)
def test_number_words_are_found_where_the_word_list_finds_them(pieces: list[str]) -> None:
    """The letter-by-letter pattern finds a number word on the same lines as one
    alternation of the whole words, longest first."""
    text = "".join(pieces)

    def lines(pattern: re.Pattern[str]) -> set[int]:
        return {text.count("\n", 0, match.start()) for match in pattern.finditer(text)}

    assert lines(WORDS_RE) == lines(WORD_LIST)
    for line in text.split("\n"):
        assert (WORDS_RE.search(line) is None) == (WORD_LIST.search(line) is None)


@pytest.mark.parametrize(
    "line",
    [
        "Two nodes ran it.",
        "twenty-five runs",
        "a dozen prompts",
        "ZEVEN keer",
        "Throughput was ١٢ tok/s.",
        "no figures here, only words",
        "",
    ],
)
def test_a_line_skipped_as_holding_no_quantity_holds_none(line: str) -> None:
    quantities = [
        m for m in find_numbers(line) if m.kind in (NumberKind.QUANTITY, NumberKind.PERCENT)
    ]
    assert may_write_number(line) or not quantities
