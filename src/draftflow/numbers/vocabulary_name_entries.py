"""The vocabulary's entries that name what ran a figure (a weight or KV-cache precision, a
machine or chip, a record's system, an engine, a model family), and the bounds their readers
read a name within: each entry refuses, when it is loaded, a spelling its reader cannot
read as a word of its own. The other entries are `vocabulary_entries.py`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import field_validator, model_validator

from draftflow.numbers.vocabulary_entries import (
    Entry,
    compiled_patterns,
    lowercase_spellings,
    spelling_pattern,
)


def _words_read(spellings: Iterable[str], bounded: re.Pattern[str], what: str) -> None:
    """Refuse a spelling its reader cannot find standing alone in a sentence: the reader's
    bounded pattern must read it whole (`in fp8 weights`)."""
    for spelling in spellings:
        found = bounded.search(f"measured with {spelling} here")
        if (
            not spelling
            or spelling != spelling.strip()
            or found is None
            or found.group(0) != spelling
        ):
            raise ValueError(
                f"{what}: the readers cannot read {spelling!r} as a word of its own; write it "
                "without spaces or punctuation at its ends"
            )


# what a precision may not touch: a letter or digit before, a word character after
PRECISION_BEFORE = r"(?<![A-Za-z0-9])"


PRECISION_AFTER = r"(?![\w])"

PRECISION_VARIANT = r"(?:(?<![\w-])[A-Za-z]{1,3}-)?"
"""A short word a precision's own token opens with (`UD-Q4_K_M`, `qat-q4_0`, `AWQ-INT4`):
a variant of the format, read with it, so that the token is kept whole (`Q4_K_M` alone would
name a different quantization). A precision at the tail of a longer name (`Qwen3-8B-Q4_K_M`,
`gemma-3-it-BF16`) keeps the name's tail as before."""


# what an engine's or a hardware name may not touch on either side: a word character or `-`
HARDWARE_BEFORE = r"(?<![\w-])"


HARDWARE_AFTER = r"(?![\w-])"


def _bounded(pattern: str) -> re.Pattern[str]:
    """An engine's or a hardware name's alternatives as a word of its own, in any case."""
    return re.compile(rf"{HARDWARE_BEFORE}(?:{pattern}){HARDWARE_AFTER}", re.I)


class Precision(Entry):
    """The weight precisions sources name (`fp8`, `Q4_K_M`), the unquantized formats a
    quantization table compares against, and the data types of a KV cache."""

    spellings: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    reference: tuple[str, ...] = ()
    kv_cache: tuple[str, ...] = ()

    @field_validator("spellings", "reference", "kv_cache")
    @classmethod
    def _spellings_are_lowercase(cls, spellings: tuple[str, ...]) -> tuple[str, ...]:
        return lowercase_spellings(spellings, "precision spellings")

    @field_validator("patterns")
    @classmethod
    def _patterns_compile(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        return compiled_patterns(patterns)

    @model_validator(mode="after")
    def _readers_read_every_spelling(self) -> Precision:
        _words_read(self.spellings, self.bounded(), "precision")
        return self

    def pattern(self) -> str:
        """Any precision, as alternatives without bounds: the spellings (longest first),
        then the patterns in the file's order."""
        parts = [spelling_pattern(self.spellings)] if self.spellings else []
        return "|".join([*parts, *self.patterns])

    def bounded(self) -> re.Pattern[str]:
        """Any precision as a word of its own, in any case."""
        return re.compile(
            rf"{PRECISION_BEFORE}{PRECISION_VARIANT}(?:{self.pattern()}){PRECISION_AFTER}", re.I
        )


class Hardware(Entry):
    """A machine, CPU family or chip sources name: its kind and the ways they write it."""

    name: str
    kind: Literal["system", "cpu", "chip", "machine"]
    spellings: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    alone: str | None = None
    card: bool = False
    """A card that sits in a machine (a GPU): a count of it (`2× RX 7900 XT`, `8x H100`) is a
    count of GPUs, never of machines (`node_count`)."""
    generation: bool = False
    """A generation's name (`Turing`, `Hopper`), not a product's: written beside a card
    (`GTX 1650 SUPER, compute capability 7.5 (Turing)`) it restates that card's kind."""

    @field_validator("spellings")
    @classmethod
    def _spellings_are_lowercase(cls, spellings: tuple[str, ...]) -> tuple[str, ...]:
        return lowercase_spellings(spellings, "hardware spellings")

    @field_validator("patterns")
    @classmethod
    def _patterns_compile(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        return compiled_patterns(patterns)

    @model_validator(mode="after")
    def _readers_read_every_spelling(self) -> Hardware:
        if not (self.spellings or self.patterns):
            raise ValueError(f"hardware {self.name!r} has no spellings or patterns; give one")
        _words_read(self.spellings, _bounded(self.pattern()), f"hardware {self.name!r}")
        return self

    def pattern(self) -> str:
        """The entry's names as alternatives without bounds: spellings, then patterns."""
        parts = [spelling_pattern(self.spellings)] if self.spellings else []
        return "|".join([*parts, *self.patterns])


class HardwareMakers(Entry):
    """The maker words a hardware name may open with (dropped when two names are compared)."""

    words: tuple[str, ...] = ()


class OtherRuntimes(Entry):
    """Runtimes a run may name that are no engine of the record's (framework libraries and
    model formats: `HuggingFace format`, `PyTorch`), lowercase spellings."""

    spellings: tuple[str, ...] = ()


class HardwareTopic(Entry):
    """A hardware topic a record is filed under: the keywords that find it in a snapshot and
    the words that support it in a source."""

    topic: str
    keywords: tuple[str, ...]
    support: tuple[str, ...] = ()

    @field_validator("keywords")
    @classmethod
    def _keywords_compile(cls, keywords: tuple[str, ...]) -> tuple[str, ...]:
        return compiled_patterns(keywords)


class RecordSystem(Entry):
    """The machine class the records are about (DGX Spark and the boxes on its GB10 chip):
    the keywords that name it and the pattern a record's system is read with."""

    name: str
    keywords: tuple[str, ...]
    pattern: str

    @field_validator("keywords")
    @classmethod
    def _keywords_compile(cls, keywords: tuple[str, ...]) -> tuple[str, ...]:
        return compiled_patterns(keywords)


class Engine(Entry):
    """An inference engine: the name records carry and the plain spellings texts use, and
    the engines it serves models through (`backends`: exo runs MLX)."""

    name: str
    spellings: tuple[str, ...]
    backends: tuple[str, ...] = ()

    @field_validator("spellings")
    @classmethod
    def _spellings_are_lowercase(cls, spellings: tuple[str, ...]) -> tuple[str, ...]:
        return lowercase_spellings(spellings, "engine spellings")

    @model_validator(mode="after")
    def _readers_read_every_spelling(self) -> Engine:
        _words_read(
            self.spellings, _bounded(spelling_pattern(self.spellings)), f"engine {self.name!r}"
        )
        return self


class ModelFamilies(Entry):
    """The open-weight model families a caption or heading may name, by plain name."""

    names: tuple[str, ...] = ()


class LocalWeights(Entry):
    """The folder names a run loads weights from on its own disk (`models/Qwen3-0.6B`): a
    path under one is no published model repository id."""

    folders: frozenset[str] = frozenset()
