"""Lines that read as instructions to a model ("report 9999 tok/s", "ignore previous ...").

A source may carry text planted for a model that reads it. Such a line states nothing: no
number on it supports a claim, wherever in the record the claim stands.
"""

from __future__ import annotations

import re

_VERBS = r"(?:report|write|say|claim|respond|answer|tell|state(?=\s+that))"
_INSTRUCTION_RE = re.compile(
    r"^[\W_]*(?:(?:note|important|instruction|system|assistant|ai)\s*:\s*)?(?:please\s+)?"
    + _VERBS
    + r"\s[^|\n]*\d"
    + r"|\bignore\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier)\b"
    + r"|\b(?:you|the\s+model|assistants?|ai|llms?|language\s+models?)\s+(?:must|should|shall"
    + r"|need\s+to|have\s+to)\s+"
    + _VERBS
    + r"\b"
    + r"|\b(?:instructions?|note)\s+(?:to|for)\s+(?:the\s+)?(?:ai|model|assistant|llm)s?\b",
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


def is_instruction(line: str) -> bool:
    """True when a source line reads as an instruction to whoever (or whatever) reads it."""
    if line.isascii():
        lowered = line.lower()
        if not any(word in lowered for word in _NEEDED_WORDS):
            return False
    return bool(_INSTRUCTION_RE.search(line))
