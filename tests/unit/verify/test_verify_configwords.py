"""What counts as a configuration claim in text: absence claims, "X was not used", GPU
counts and context lengths; the corpus template sentences that must not read as claims."""

from __future__ import annotations

import pytest

from documents import make_document
from draftflow.numbers.vocabulary import vocabulary
from draftflow.verify.configwords import (
    _ABSENCE_RE,
    _SETTINGS,
    _lines_with_words,
    _matches,
    _said_unused,
)
from draftflow.verify.index import DocumentIndex


@pytest.mark.parametrize(
    ("sentence", "absent"),
    [
        ("The sources do not state the quantization.", True),
        ("The quantization is not stated.", True),
        ("Quantization: not stated.", True),
        # about the figures' own conditions, not the sources (XiongjieDai, heitor templates)
        (
            "No headline figure in README.md states its temperature or quantization: these "
            "stay unknown.",
            False,
        ),
        (
            "The record states no temperature for any headline figure in README.md: for the "
            "7.06 tokens/s of X, as for every other figure, they are not recorded.",
            False,
        ),
        ("the report does not state how many nodes served the model", True),
    ],
)
def test_an_absence_claim_is_about_the_sources(sentence: str, absent: bool) -> None:
    assert bool(_ABSENCE_RE.search(sentence)) is absent


@pytest.mark.parametrize(
    ("sentence", "word", "unused"),
    [
        ("vLLM was not used for these runs.", "vLLM", True),
        ("The author did not use SGLang.", "SGLang", True),
        ("Decode ran without llama.cpp.", "llama.cpp", True),
        # a figure's label in a sentence that negates something else (XiongjieDai template)
        (
            "The 70.94 tokens/s of 8B Q4_K_M, like every figure, comes without a spread.",
            "Q4_K_M",
            False,
        ),
        (
            "The figures hold on vLLM; they do not establish how another engine fares.",
            "vLLM",
            False,
        ),
    ],
)
def test_not_used_is_said_of_the_word_itself(sentence: str, word: str, unused: bool) -> None:
    match = next(m for _, m in _matches(sentence) if m.group(0) == word)
    assert _said_unused(sentence, match) is unused


@pytest.mark.parametrize(
    ("text", "name", "value"),
    [
        ("The run used 8 GPUs.", "GPU count", "8"),
        ("on a 2x GPU box", "GPU count", "2"),
        ("MTP on c=2 GPU temperature", "GPU count", None),
        ("Each session had a 128K context.", "context length", "128K"),
        ("a context length of 32768 tokens", "context length", "32768"),
    ],
)
def test_settings_written_with_their_value(text: str, name: str, value: str | None) -> None:
    pattern, _ = _SETTINGS[name]
    match = pattern.search(text)
    found = (match.group("value") or match.group("value2")) if match else None
    assert found == value


def _index(text: str) -> DocumentIndex:
    return DocumentIndex(make_document("README.md", text.encode(), repository="o/n"))


def test_every_line_naming_an_engine_or_a_precision_is_read() -> None:
    """The search that picks the lines to read misses none the exact patterns find: every
    engine spelling of the vocabulary (as written, in any case), each precision, a word
    spelled with a folded letter, and a name across a line break."""
    names = [s for engine in vocabulary().engine for s in (engine.name, *engine.spellings)]
    precisions = ["NVFP4", "fp8", "BF16", "Q4_K_M", "q8_0", "Q40", "EXL2 4.0 bpw", "3.5bpw", "AWQ"]
    lines = [f"served by {name.upper()} here" for name in names]
    lines += [f"{name} weights" for name in precisions] + ["ſglang 0.5", "plain text", ""]
    text = "\n".join(lines) + "\nTensorRT\nLLM\n"
    index = _index(text)
    exact = [n for n, line in enumerate(text.split("\n"), 1) if list(_matches(line))]
    read = set(index.candidate_lines(_lines_with_words))
    assert set(exact) <= read
    assert len(lines) - 1 not in read  # "plain text"


def test_a_documents_lines_for_a_finder_are_searched_for_once() -> None:
    """Every verify run over a snapshot (a draft's rounds, its figures file) asks each listed
    document for the same lines: the index searches its text once per finder."""
    index = _index("served by vLLM\nplain text\nfp8 weights\n")
    calls: list[int] = []

    def counting(lowered: str, line_of: object) -> set[int]:
        calls.append(1)
        return _lines_with_words(lowered, line_of)  # type: ignore[arg-type]

    first = list(index.candidate_lines(counting))
    assert list(index.candidate_lines(counting)) == first == [1, 3]
    assert len(calls) == 1
