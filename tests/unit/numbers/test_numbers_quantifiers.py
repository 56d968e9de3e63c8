"""Counts written as a quantifier over a counted set, read from real corpus lines."""

from __future__ import annotations

import pytest

from draftflow.extract.numeric import numbers_in
from draftflow.numbers import NumberKind, find_numbers
from draftflow.numbers.quantifiers import find_quantified, with_quantified


def test_none_of_the_four_is_zero_out_of_four() -> None:
    # teaql reports/round-2-nemotron-super-modeling.md line 17
    line = "None of the four first attempts passed the fixed KSML validator:"
    (mention,) = with_quantified(line, find_numbers(line))
    assert mention.kind is NumberKind.FRACTION
    assert mention.text == "None of the four"
    assert mention.values == (0, 4)
    assert [number.word for number in mention.numbers] == [True, True]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("neither of the two runs finished", (0, 2)),
        ("none of its 12 tasks passed", (0, 12)),
        ("None of the twenty-five prompts timed out", (0, 25)),
    ],
)
def test_quantifier_phrases_with_digits_words_and_determiners(
    text: str, values: tuple[int, int]
) -> None:
    assert [m.values for m in find_quantified(text)] == [values]


@pytest.mark.parametrize(
    "text",
    [
        "None of these attempts passed.",  # no counted set: nothing to count
        "none of the above",
        "The value is None; one of the four runs failed.",
        "`None` of type NoneType",
    ],
)
def test_no_count_without_a_counted_set(text: str) -> None:
    assert find_quantified(text) == []


def test_the_phrase_replaces_the_set_size_it_holds_and_keeps_other_numbers() -> None:
    line = "Decode ran at 42 tok/s, yet none of the 3 answers was correct in 2 tries."
    mentions = with_quantified(line, find_numbers(line))
    assert [m.text for m in mentions] == ["42", "none of the 3", "2"]
    # the quantities a line states (grounding reads these): the count and the set size
    assert [found.value for found in numbers_in(line)] == [42, 0, 3, 2]
