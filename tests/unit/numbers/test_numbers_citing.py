"""Which numbers of a sentence state a figure (`numbers/citing.py`)."""

from __future__ import annotations

from draftflow.numbers.citing import FigureValue, mentions_of


def test_a_number_word_states_only_its_own_value() -> None:
    # `one` rounds to 0.85 at its written precision, but a word is not a rounded figure
    text = "Other figures carry such marks too; the figures file gives each one's status."
    assert mentions_of(text, [FigureValue(0.85, "unspecified")]) == []
    assert [m.text for m, _ in mentions_of(text, [FigureValue(1, "unspecified")])] == []


def test_a_written_decimal_still_states_its_rounded_figure() -> None:
    stated = mentions_of("Decode ran at 41.2 tok/s.", [FigureValue(41.23, "tokens/s")])
    assert [mention.text for mention, _ in stated] == ["41.2"]
