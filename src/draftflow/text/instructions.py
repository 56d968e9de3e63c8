"""Lines that read as instructions to a model ("report 9999 tok/s", "ignore previous ...").

A source may carry text planted for a model that reads it. Such a line states nothing: no
number on it supports a claim, wherever in the record the claim stands.

Besides the fixed phrasings of `_INSTRUCTION_RE`, `_READER_RE` reads the structure of text
addressed to a reader-program, not its words: a vocative to one (an assistant, a model, a bot,
an agent, a summariser, "dear ...") followed by what to say or what is "correct"; a reader or
a summary as the subject of "must / should / needs to" plus a verb of saying ("Summaries must
give ...", "Bots writing reviews must quote ..."); a "when summarising ..." clause with a verb
of saying; "if you are an AI ..."; "note for LLMs"; and "the correct/real headline is ...".
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from functools import cache, lru_cache

from draftflow.text.addressed import ADDRESSEE_WORDS, is_addressed_to_a_reader
from draftflow.text.lines import CASE_FOLDED
from draftflow.text.starts import letter_led_starts

_VERBS = r"(?:report|write|say|claim|respond|answer|tell|state(?=\s+that))"
_INSTRUCTION_RE = re.compile(
    r"^[\W_]*(?:(?:note|important|instruction|system|assistant|ai)\s*:\s*)?(?:please\s+)?"
    + _VERBS
    + r"(?!\s+\w+\s*:)"  # "Claim validation: ..." is a heading, not an imperative
    # what to say follows the verb: "Write throughput reached 9 MB/s" names a quantity
    + r"(?=\s+(?:\d|that\b|the\b|it\b|this\b|only\b|exactly\b|[\"'\u201c]))\s[^|\n]*\d"
    + r"|\bignore\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier)\b"
    + r"|\b(?:you|the\s+model|assistants?|ai|llms?|language\s+models?)\s+(?:must|should|shall"
    + r"|need\s+to|have\s+to)\s+"
    + _VERBS
    + r"\b"
    + r"|\b(?:instructions?|note)\s+(?:to|for)\s+(?:the\s+)?(?:ai|model|assistant|llm)s?\b",
    re.IGNORECASE,
)


_READER = (
    r"(?:a\.?i\.?|(?:ai\s+)?(?:assistants?|agents?|models?)|llms?|(?:chat)?bots?|chatgpt|gpts?|claude"
    r"|copilot|gemini|summari[sz]ers?|crawlers?|language\s+models?|reviewer\s+bots?"
    r"|automated\s+(?:reviewers?|readers?|tools?|systems?)|reader\s+programs?)"
)
_SAYING = (
    r"(?:say|state|report|write|give|list|mention|cite|quote|present|describe|claim|answer"
    r"|respond|tell|headline|lead\s+with|output|print|publish)"
)
_READER_RE = re.compile(
    # a vocative: "Assistant, ...", "Reviewer bots: ...", "Dear language model, ..."
    r"^[\W_]*(?:(?:dear|hey|hi|attention|to)\s+)?(?:the\s+|all\s+|any\s+)?"
    + _READER
    + r"\s*[,:;\u2014\u2013]\s*(?=[^\n]*\d)[^\n]*?\b(?:"
    + _SAYING
    + r"|correct|real|true|actual|official|must|should|please)\b"
    # a reader or a summary that must say something
    + r"|\b(?:"
    + _READER
    + r"|summar(?:y|ies)|overviews?|reviews?)\b[^.\n]{0,60}?\b(?:must|should|shall|needs?\s+to"
    r"|ha(?:s|ve)\s+to|(?:is|are)\s+to|always)\s+(?:always\s+)?"
    + _SAYING
    + r"\b(?=[^\n]*\d)"
    # "when summarising ..., state ..."
    + r"|\b(?:when|while|if|before)\s+(?:you\s+(?:are\s+)?)?(?:summari[sz]\w*|writ\w*\s+(?:a|the"
    r"|your|any)\s+(?:summary|headline|review|overview))\b[^\n]*?\b(?:"
    + _SAYING
    + r"|use)\b(?=[^\n]*\d)"
    # "if you are an AI model reading this"
    + r"|\bif\s+you\s+are\s+(?:an?\s+|the\s+)?"
    + _READER
    + r"\b"
    # "note for LLMs", "instructions to assistants"
    + r"|\b(?:notes?|instructions?|messages?)\s+(?:to|for)\s+(?:the\s+|all\s+|any\s+)?"
    + _READER
    + r"\b"
    # "the correct headline is ..."
    + r"|\bthe\s+(?:correct|real|true|actual|official)\s+(?:headline|summary|answer"
    r"|(?:figure|number|value|result)\s+to\s+(?:report|use|publish))\b",
    re.IGNORECASE,
)


# Every match holds one of these words; an ASCII line without any of them is no instruction
# (in ASCII, lower case is what the pattern's IGNORECASE compares).
_NEEDED_WORDS = (
    "report",
    "write",
    "say",
    "claim",
    "respond",
    "answer",
    "tell",
    "state",
    "ignore",
    "instruction",
    "note",
)


# The words an instruction cannot do without, by the patterns above: a document is searched
# for them once, in lower case, and only the lines that could match are read in full. A line
# is one when it holds a word that makes an instruction alone (a verb of `_INSTRUCTION_RE`,
# "ignore", "when summarising", "the correct headline"), or a reader-program with a word that
# tells it what to do (a verb of saying, "must", "correct", "if you are", "note for").
_ALONE_WORDS = (
    "report", "writ", "say", "claim", "respond", "answer", "tell", "state", "ignore",
    "instruction", "note", "summar", "correct", "real", "true", "actual", "official",
)  # fmt: skip
_READER_WORDS = (
    "assistant", "agent", "model", "llm", "bot", "gpt", "claude", "copilot", "gemini",
    "summar", "crawler", "automated", "reader", "overview", "review",
)  # fmt: skip
_TELLING_WORDS = (
    "say", "state", "report", "writ", "give", "list", "mention", "cite", "quote", "present",
    "describe", "claim", "answer", "respond", "tell", "headline", "lead", "output", "print",
    "publish", "correct", "real", "true", "actual", "official", "must", "should", "shall",
    "please", "you", "note", "instruction", "message",
)  # fmt: skip
# `ai` and `a.i` stand after and before no letter or digit wherever the patterns name them.
# Opening with the letter (its lookbehind read after it) lets the engine look for `a` alone.
_AI_RE = re.compile(r"a(?<![a-z0-9]a)\.?i(?![a-z0-9])")


def candidate_lines(lowered: str, line_of: Callable[[int], int]) -> set[int]:
    """The lines of a lower-cased text that may read as instructions (`line_of` maps an
    offset to its line): every other line is none (`is_instruction` is False for it)."""

    def lines(words: tuple[str, ...], pattern: re.Pattern[str] | None = None) -> set[int]:
        found = {line_of(at) for word in words for at in _offsets(lowered, word)}
        if pattern is not None:
            found.update(line_of(match.start()) for match in pattern.finditer(lowered))
        return found

    alone = lines(_ALONE_WORDS, CASE_FOLDED)
    addressee = ADDRESSEE_WORDS if _folds_apart(lowered) else _ADDRESSEE_LOWER
    # every match opens with a letter (or at the start): tried only where one stands
    addressed = {line_of(at) for at in letter_led_starts(addressee, lowered)}
    return alone | addressed | _reader_told(lowered, line_of)


def _reader_told(lowered: str, line_of: Callable[[int], int]) -> set[int]:
    """The lines holding a word that tells a reader what to do and a reader-program: each line
    holding the first is read for the second (a run file names `model` on every row, and
    tells on few)."""
    told: dict[int, str] = {}
    for word in _TELLING_WORDS:
        for at in _offsets(lowered, word):
            line = line_of(at)
            if line not in told:
                told[line] = lowered[lowered.rfind("\n", 0, at) + 1 : _line_end(lowered, at)]
    return {
        line
        for line, text in told.items()
        if any(word in text for word in _READER_WORDS) or _AI_RE.search(text)
    }


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end == -1 else end


# `ADDRESSEE_WORDS` matched case-sensitively: on lower-cased text it matches where the
# case-insensitive pattern does (its letters are all lower case) unless the text holds a letter
# that case-insensitive matching reads as another lower-case one (`ſ` as `s`, `ᲀ` as `в`).
# Case-insensitive matching tries several forms at every place: ~3× the time on a large file.
_ADDRESSEE_LOWER = re.compile(ADDRESSEE_WORDS.pattern, ADDRESSEE_WORDS.flags & ~re.IGNORECASE)


def folds_apart(lowered: str) -> bool:
    """Whether case-insensitive matching reads a letter of this lower-cased text as another
    lower-case letter (`ſ` as `s`): where it does not, a case-insensitive pattern of
    lower-case words matches the text where the words, as written, stand in its lower case."""
    return _folds_apart(lowered)


def _folds_apart(lowered: str) -> bool:
    """Whether a lower-cased text holds a letter that case-insensitive matching reads as
    another lower-case letter: one that does not come back from upper case (`ſ` -> `S` -> `s`,
    `µ` -> `Μ` -> `μ`), or any letter outside the Basic Multilingual Plane."""
    return not lowered.isascii() and _folding_apart().search(lowered) is not None


@cache
def _folding_apart() -> re.Pattern[str]:
    """The letters `_folds_apart` looks for, as one character class (made on first use)."""
    apart = "".join(
        re.escape(char)
        for char in map(chr, range(0x80, 0x10000))
        if char.lower() == char and char.upper().lower() != char
    )
    return re.compile(f"[{apart}{chr(0x10000)}-{chr(sys.maxunicode)}]")


def _offsets(text: str, word: str) -> Iterator[int]:
    at = text.find(word)
    while at != -1:
        yield at
        at = text.find(word, at + len(word))


def is_instruction(line: str) -> bool:
    """True when a source line reads as an instruction to whoever (or whatever) reads it."""
    return (
        _fixed_phrasing(line)
        or _READER_RE.search(line) is not None
        or is_addressed_to_a_reader(line)
    )


@lru_cache(maxsize=1 << 17)
def line_is_instruction(line: str) -> bool:
    """`is_instruction`, remembered per line: a draft asks it of the same lines twice, when
    extract grounds its figures and when verify checks them (a run file's every row)."""
    return is_instruction(line)


def _fixed_phrasing(line: str) -> bool:
    if line.isascii():
        lowered = line.lower()
        if not any(word in lowered for word in _NEEDED_WORDS):
            return False
    return bool(_INSTRUCTION_RE.search(line))
