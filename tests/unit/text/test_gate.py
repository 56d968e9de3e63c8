"""The opening-character gate (`text/gate.py`): the same matches, fewer places tried."""

from __future__ import annotations

import re

import pytest

from draftflow.draft.facts.gaps import REPEATS_RE
from draftflow.extract.conditions import setup_names as vocab
from draftflow.text.gate import gate, gated, opening_class


def test_the_opening_class_reads_optional_parts_lookbehinds_and_alternatives() -> None:
    assert opening_class(r"(?<![\w-])(?:(?:nvidia\s+)?dgx|amd)", re.I) == "nda"
    assert opening_class(r"\b(?:\d+|two)\s+runs") == r"\dt"
    assert opening_class(r"[a-c\s]x") == r"a-c\s"


@pytest.mark.parametrize(
    "source",
    [r"a?", r"(?:x|)", r"\bfoo|$", r"[^a]b", r"(?i:a)b", r"(a)?\1b", r".x", r"(?=a)"],
)
def test_a_pattern_that_may_match_empty_or_holds_what_is_not_read_is_left_as_it_is(
    source: str,
) -> None:
    assert gate(source) == source


def test_a_pattern_with_its_own_global_flags_is_left_as_it_is() -> None:
    pattern = re.compile(r"(?i)abc|d")
    assert gated(pattern) is pattern


_PATTERNS = {
    "SYSTEM": vocab.SYSTEM,
    "CPU": vocab.CPU,
    "CHIP_FAMILY": vocab.CHIP_FAMILY,
    "COUNTED_SYSTEM": vocab.COUNTED_SYSTEM,
    "ANY_ENGINE": vocab.ANY_ENGINE,
    "PRECISION": vocab.PRECISION,
    "REPEATS_RE": REPEATS_RE,
}
_TEXTS = [
    "| model | c0 tok/s | c1 tok/s |\n| m-0 | 41.2 | 39.9 |",
    "Ran on 2x DGX Spark (GB10) and an RTX 4090; two DGX Sparks, 4 x RasPi 5 with vLLM 0.11",
    "SGLANG on AMD Strix Halo (Ryzen AI Max+ 395) vs llama.cpp; EPYC 7742, Xeon Platinum 8380",
    "q4_k_m BF16 fp8 W4A16 mxfp4 MXFP4 nvfp4 int8 awq 3 runs, n=5, median p95 ± 1.2",
    "ſglang, DGX ſpark, \u212aV cache, İntel Arc A770, ıq4 — Mac Studio M3 Ultra 512 GB",
]


@pytest.mark.parametrize("name", sorted(_PATTERNS))
def test_a_gated_vocabulary_pattern_finds_what_it_found_ungated(name: str) -> None:
    pattern = _PATTERNS[name]
    assert pattern.pattern.startswith("(?=["), "the pattern is gated"
    ungated = re.compile(_ungated(pattern.pattern), pattern.flags)
    for text in _TEXTS:
        for variant in (text, text.upper(), text.lower()):
            old = [(m.span(), m.groups()) for m in ungated.finditer(variant)]
            assert [(m.span(), m.groups()) for m in pattern.finditer(variant)] == old


def _ungated(source: str) -> str:
    """The pattern without its gates (each `(?=[...])(?:` ... `)` of `gate`)."""
    return re.sub(r"\(\?=\[[^\]]*\]\)\(\?:", "(?:", source)


def test_a_case_blind_class_opens_on_every_character_the_literals_match() -> None:
    # the gate's class is compiled with the pattern's flags: a literal's case folds (the long
    # s, the Kelvin sign, a dotted capital I) open it as they open the literal itself
    for flags in (re.I, 0, re.I | re.ASCII):
        source = "(?:" + "|".join(map(re.escape, "sk iI019_-/")) + ")"
        literal = re.compile(source, flags)
        opened = re.compile(f"[{opening_class(source, flags)}]", flags)
        for code in range(0x3000):
            character = chr(code)
            if literal.fullmatch(character):
                assert opened.fullmatch(character), (flags, hex(code))
        for special in "\u017f\u212a\u0130\u0131":
            if literal.fullmatch(special):
                assert opened.fullmatch(special)
