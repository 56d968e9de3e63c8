"""`letter_led_starts` finds every place a letter-led pattern matches, and the whole-text
searches built on it (instruction candidates, configuration words, provenance lines) read the
lines the searches they replace read."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.text.addressed import ADDRESSEE_WORDS
from draftflow.text.instructions import _ADDRESSEE_LOWER, _AI_RE
from draftflow.text.lines import CASE_FOLDED
from draftflow.text.starts import letter_led_starts
from draftflow.verify import provenance
from draftflow.verify.configwords import (
    _ENGINE_HELD_RE,
    _LETTER_LED_PRECISIONS,
    _PRECISION_HELD_RE,
    _lines_with_words,
)
from draftflow.verify.provenance import _CONDITION_RE, _PROVENANCE_RE, _provenance_lines

PIECES = [
    "Assistant, ",
    "assistant",
    "AI",
    "a.i.",
    "ai-",
    "the summary",
    " any summary ",
    "ignore previous",
    "Ignore ",
    "whoever ",
    "模型",
    "ии ",
    "reproduced",
    "Independently",
    "third-party",
    "site_reproduced",
    "fp8",
    "NVFP4",
    "q4_k_m",
    "exl2 4.0 bpw",
    "4.0 bpw",
    "8-bit",
    "16 bits",
    "vLLM",
    "llama.cpp",
    "ſ",
    "ı",
    "K",
    "é",
    " ",
    "\n",
    "\n\n",
    "| ",
    " | ",
    "41.2",
    "9",
    "-",
    ".",
    ",",
    ":",
    "_",
    "x",
    "tok/s",
]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)
OLD_AI_RE = re.compile(r"(?<![a-z0-9])a\.?i(?![a-z0-9])")


def _line_of(text: str) -> Callable[[int], int]:
    starts = [0] + [i + 1 for i, char in enumerate(text) if char == "\n"]
    return lambda offset: bisect_right(starts, offset)


@settings(max_examples=400, deadline=None)
@given(TEXTS)
def test_every_match_start_is_found(text: str) -> None:
    lowered = text.lower()
    assert _LETTER_LED_PRECISIONS is not None
    cases = [
        (ADDRESSEE_WORDS, lowered),
        (_ADDRESSEE_LOWER, lowered),
        (_PROVENANCE_RE, text),
        (_CONDITION_RE, text),
        (_LETTER_LED_PRECISIONS[0], lowered),
    ]
    for pattern, searched in cases:
        found = set(letter_led_starts(pattern, searched))
        assert {m.start() for m in pattern.finditer(searched)} <= found, pattern.pattern[:40]
        assert all(pattern.match(searched, at) for at in found)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_the_ai_pattern_opening_with_its_letter_matches_where_the_lookbehind_did(
    text: str,
) -> None:
    lowered = text.lower()
    assert [m.span() for m in _AI_RE.finditer(lowered)] == [
        m.span() for m in OLD_AI_RE.finditer(lowered)
    ]


def _lines_of_every_match(lowered: str) -> set[int]:
    """What `_lines_with_words` read before: every line the full patterns' matches span."""
    line_of = _line_of(lowered)
    found: set[int] = set()
    for pattern in (_ENGINE_HELD_RE, _PRECISION_HELD_RE, CASE_FOLDED):
        for match in pattern.finditer(lowered):
            found.update(range(line_of(match.start()), line_of(match.end()) + 1))
    return found


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_configuration_word_lines_hold_every_full_search_line(text: str) -> None:
    lowered = text.lower()
    assert _lines_of_every_match(lowered) <= _lines_with_words(lowered, _line_of(lowered))


def test_a_precision_written_in_digits_is_searched_with_the_full_pattern() -> None:
    """`4.0 bpw` and `8-bit` open with a digit: a text holding them is searched in full."""
    text = "| model | bits |\n| m | 4.0\nbpw |\nint4 on 8-bit\n"
    assert _lines_with_words(text, _line_of(text)) == _lines_of_every_match(text) == {2, 3, 4}


class _Index:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lower_text = text.lower()
        self.line_of = _line_of(text)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_provenance_lines_are_the_lines_either_pattern_matches_on(text: str) -> None:
    """Every line either pattern matches on is found; a line found that neither matches on
    (`thirdly`, found by its word `third`) reads as none when read in full."""
    lines = text.split("\n")

    def matched(number: int) -> bool:
        line = lines[number - 1]
        return bool(_PROVENANCE_RE.search(line) or _CONDITION_RE.search(line))

    expected = {number for number in range(1, len(lines) + 1) if matched(number)}
    found = _provenance_lines(_Index(text))  # type: ignore[arg-type]
    assert expected <= found
    assert {number for number in found if matched(number)} == expected


@pytest.mark.parametrize(
    "text", ["Reproduced by a THIRD PARTY.\nnothing\nverified_by: lab", "İndependently ſ verified"]
)
def test_provenance_lines_of_plain_and_folding_texts(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 21: a text whose lower case keeps its offsets and folds no letter otherwise
    (most run files) is searched for the words, not with the patterns at every letter (~1.2
    of 23 CPU s of `verify_bench.py`'s 1x input); a text with `İ` or `ſ`, with the patterns."""
    starts = {"calls": 0}

    def counted(pattern: re.Pattern[str], searched: str) -> Iterator[int]:
        starts["calls"] += 1
        return letter_led_starts(pattern, searched)

    monkeypatch.setattr(provenance, "letter_led_starts", counted)
    lines = text.split("\n")
    found = _provenance_lines(_Index(text))  # type: ignore[arg-type]
    assert found == {
        n
        for n, line in enumerate(lines, 1)
        if _PROVENANCE_RE.search(line) or _CONDITION_RE.search(line)
    }
    assert starts["calls"] == (0 if text.isascii() else 2), starts


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from([*PIECES, "say 9999 tok/s", "Reviewer bots: quote 12", "report 41 tok/s"]),
        max_size=30,
    ).map("".join)
)
def test_a_verify_index_reads_a_line_as_an_instruction_as_the_line_alone_reads(
    text: str,
) -> None:
    """`DocumentIndex.is_instruction` reads only the lines the document's search finds; every
    other line reads as no instruction, as `is_instruction` reads it."""
    from documents import make_document
    from draftflow.text.instructions import is_instruction
    from draftflow.verify.index import DocumentIndex

    document = make_document("notes.md", text or " ")
    index = DocumentIndex(document)
    for number, line in enumerate(document.line_list, start=1):
        assert index.is_instruction(number) is is_instruction(line), line
