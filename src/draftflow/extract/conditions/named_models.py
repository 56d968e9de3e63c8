"""The models a piece of prose names, and the one it names for a figure.

A text names a model by its name (`gemma-4-31B`) or by its size alone (`a 26B MoE`); what
follows a comparison word (`than`, `vs`, `the same speed as`) names what the figure is compared
with, not what it measured. `subject` reads the first; `measured_part` cuts the second away;
`sole_model` is the one model a caption or heading names, or None where it names two
(`Previous tests using Qwen 35B ... We utilized the Nemotron 120B model` says neither is the
next sentence's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from draftflow.extract.conditions import setup_names as vocab

COMPARED = re.compile(
    rf"\s(?:{vocab.COMPARISON_WORDS}|compared\s+(?:to|with)"
    r"|(?:exceed|beat|outperform|trail)(?:s|ed|ing)?|ahead\s+of|behind"
    r"|(?:the\s+)?same(?:\s+[\w-]+){0,3}\s+as|as\s+[\w-]+\s+as)\s",
    re.I,
)
"""Where a clause passes from what it measures to what it is compared with."""
_MODEL_PARTS = re.compile(r"[,;()]|:\s|\s(?:and|or)\s", re.I)
"""Where a clause passes from one name it states to another."""
_SIZE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?B(?:-A\d+B)?(?![\w])"
    r"(?!\s+(?:total|active|activated|params?\b|parameters|per\b|of\b))"
)
"""A model named by its parameter count alone (`a 26B MoE`), upper case only (`1M context`,
`8b` are as often other things); not a count of a named model's parameters (`Mixtral 8x7B has
47B total parameters but only activates 13B per token`)."""


@dataclass(frozen=True)
class Subject:
    """The models a piece of text names: by name, and by size alone."""

    names: frozenset[str]
    sizes: frozenset[str]

    def __bool__(self) -> bool:
        return bool(self.names or self.sizes)

    def one_name(self) -> str | None:
        """The one model named, where its sizes are its own (`gemma-4-31B`, `the 31B`)."""
        if len(self.names) != 1:
            return None
        name = next(iter(self.names))
        return name if all(size in name for size in self.sizes) else None

    def same_as(self, other: Subject) -> bool:
        """Whether two subjects are one model: the same name, or a size its name carries."""
        mine, theirs = self.one_name(), other.one_name()
        if mine is not None and theirs is not None:
            return mine == theirs
        if mine is not None and not other.names:
            return all(size in mine for size in other.sizes)
        if theirs is not None and not self.names:
            return all(size in theirs for size in self.sizes)
        return not self.names and not other.names and self.sizes == other.sizes


@lru_cache(maxsize=1024)  # a section's introduction is asked for each table line below it
def subject(text: str) -> Subject:
    """The models a text names, by name and by size alone (a frozen value: shared)."""
    names = {
        found
        for part in _MODEL_PARTS.split(text)
        if (found := vocab.model_in(vocab.without_engines(part)))
    }
    sizes = {m.group(0) for m in _SIZE.finditer(text) if not any(m.group(0) in n for n in names)}
    return Subject(frozenset(names), frozenset(sizes))


def measured_part(clause: str, at: int | None) -> str:
    """The part of a clause on the figure's side of its comparison words (`at`: the figure's
    offset in it), or its part before them for another figure's clause."""
    cuts = [m for m in COMPARED.finditer(clause)]
    start = 0
    for cut in cuts:
        if at is not None and cut.end() <= at:
            start = cut.end()
            continue
        return clause[start : cut.start()]
    return clause[start:]


_CONFIG = re.compile(r"\{[^{}]*\}")
"""A JSON setting written in a caption (`--speculative-config '{"method":"mtp","model":
"google/gemma-4-31B-it-assistant"}'`): the draft model it names is a setting of the run."""


@lru_cache(maxsize=1024)
def sole_model(text: str) -> str | None:
    """The one model a text names by name (None where it names two, one of them only as what
    is compared with: `Llama 3 8B vs Qwen 7B` says neither is a figure's)."""
    names = subject(_CONFIG.sub(" ", text)).names
    return next(iter(names)) if len(names) == 1 else None
