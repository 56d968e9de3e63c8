r"""Keywords in documents: the topics a snapshot names (runtimes, hardware, platforms), fast.

A keyword is a tuple of alternatives, each a regular expression that begins and ends with a
word character (`vllm`, `llama[.-]?cpp`); it stands in a text where an alternative stands as
whole words, in any case: `\bvllm\b` with `re.IGNORECASE`, which is what `pattern()` compiles
for a short text (a line, a label).

Over whole documents that scan is slow: `re.IGNORECASE` and a leading `\b` both keep the
regex engine from its fast search for a literal prefix, so it tries every position of every
document, once per keyword (about 0.9 CPU s for the corpus, per call). `found_in` searches a
lowered copy of the text for each alternative as written (with its closing `\b`) and checks
the boundary before a match by hand: the same answer, about 20 times faster. (Case is folded
by `str.lower()`: the few letters it folds otherwise than the regex engine, such as the long
s, do not occur in the keywords' own words.)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.setup_names import ORIGIN_AFTER, ORIGIN_WORDS, PORT
from draftflow.numbers.vocabulary import spelling_pattern, vocabulary

Keyword = tuple[str, ...]
"""Alternatives, each a regex that begins and ends with a word character."""

# The topics a record names: one vocabulary for the select stage (`select/topics.py`, with
# the line that names each) and for a record assembled without a selection (`assemble.py`).
# The runtimes are the vocabulary's engines (`numbers/vocabulary.toml`, `[[engine]]`).
RUNTIMES: dict[str, Keyword] = {
    engine.name: tuple(
        spelling_pattern([spelling]) + f"(?!{PORT})" for spelling in engine.spellings
    )
    for engine in vocabulary().engine
}
_RUNTIME_KEYWORDS = frozenset(RUNTIMES.values())
# The hardware topics are the vocabulary's too (`[[hardware_topic]]`).
HARDWARE: dict[str, Keyword] = {
    topic.topic: topic.keywords for topic in vocabulary().hardware_topic
}
PLATFORMS: dict[str, Keyword] = {"linux": ("linux", "ubuntu", "dgx os")}

_WORD = re.compile(r"\w")


@functools.cache
def pattern(keyword: Keyword) -> re.Pattern[str]:
    """The keyword as one case-insensitive pattern of whole words, for a short text; a
    runtime's only on a line that names no port of it (`vLLM.rs – A Minimalist vLLM in Rust`
    is about the port), and not as the end of another project's name (`Candle-vLLM`)."""
    words = "|".join(rf"\b{alternative}\b" for alternative in keyword)
    if keyword not in _RUNTIME_KEYWORDS:
        return re.compile(words, re.I)
    spellings = "|".join(alternative.removesuffix(f"(?!{PORT})") for alternative in keyword)
    named = "|".join(
        rf"\b(?<!-){_NOT_AN_ORIGIN}{alternative}\b{_NOT_AN_ORGANISATION}(?!{ORIGIN_AFTER})"
        for alternative in keyword
    )
    return re.compile(rf"^(?!.*\b(?:{spellings}){PORT}).*?(?:{named})", re.I | re.M)


_NOT_AN_ORGANISATION = r"(?!-project\b)"
"""Not the name of the project's organisation, which hosts other tools too
(`ghcr.io/vllm-project/guidellm` is GuideLLM: thesteve0's README serves with Ramalama, and its
record named vLLM, read33-s21)."""

_NOT_AN_ORIGIN = "".join(f"(?<!{words} )(?<!{words} the )" for words in ORIGIN_WORDS)
"""Not after words that make a runtime another project's origin (`a Rust implementation of
vLLM`) or what it imitates (`compatible with Ollama`), the words
`extract/conditions/setup_names.py` reads an engine's origin by (and, after the name, its
`ORIGIN_AFTER`: `Ollama-compatible`)."""


@functools.cache
def _searches(keyword: Keyword) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(rf"{alternative}\b") for alternative in keyword)


def found_in(lowered: str, keyword: Keyword) -> bool:
    """Whether `keyword` stands as whole words in `lowered`, a text already lowercased."""
    for search in _searches(keyword):
        start = 0
        while (match := search.search(lowered, start)) is not None:
            at = match.start()
            if at == 0 or not _WORD.match(lowered, at - 1):
                return True
            start = at + 1
    return False


def topics(documents: Iterable[Document], table: Mapping[str, Keyword]) -> list[str]:
    """The labels of `table`, in its order, whose keyword some document names."""
    texts = [document.lowered_text for document in documents]
    return [label for label, keyword in table.items() if any(found_in(t, keyword) for t in texts)]


def naming(documents: Iterable[Document], keyword: Keyword) -> list[Document]:
    """The documents, in order, that name `keyword` somewhere: only these can have a line that
    `pattern(keyword)` matches."""
    return [document for document in documents if found_in(document.lowered_text, keyword)]
