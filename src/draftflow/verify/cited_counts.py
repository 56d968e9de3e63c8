"""A cited count re-read where extract read it: under its name, not wherever its number stands.

`concurrency: 16` cited to `We ran Llama 4 Scout (17B-16E) with 32 concurrent requests` is
not stated there: the place states concurrency 32, and its 16 is part of a model's name.
The place is read by extract's own count readers (`extract/conditions/place_reading.py`: a
row's cells under their headers, a rate header's load, `key: value` and `key=value`
settings, a sentence's setting, the machines a text counts, a run file's name), each
document's context read once per run (`VerifyContext.chain_reader`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions import ConditionReader
from draftflow.extract.conditions.cite import Place, place_text
from draftflow.extract.conditions.place_reading import COUNT_KEYS, Reading, count_readings
from draftflow.verify.context import VerifyContext
from draftflow.verify.report import Evidence

MAX_QUOTE = 160
"""How much of a cited line a message quotes."""
NEAR = 40
"""How many characters either side of a number a message quotes from a long line."""


class CountStatus(Enum):
    """What a count's cited places say of it."""

    STATED = "stated"
    """A place states the value under the count's name."""
    OTHER_VALUE = "other value"
    """The places state the count, with another value."""
    UNNAMED = "unnamed"
    """The places state no such count: the number stands there for something else."""


@dataclass(frozen=True)
class CountReading:
    """The outcome of re-reading a count at its cited places, with what they say."""

    status: CountStatus
    said: tuple[Reading, ...] = ()
    """What the places state for the count's key."""
    evidence: list[Evidence] = field(default_factory=list)

    def describe(self, key: str, value: int) -> str:
        """What the places say instead, for a message: the counts they state, or where
        the number stands on them."""
        if self.said:
            return "states " + "; ".join(r.describe(key) for r in self.said[:3])
        quotes = "; ".join(repr(_around(e.text or e.path, value)) for e in self.evidence[:2])
        return f"states no {key.replace('_', ' ')}: its {value} stands in {quotes}"


def is_count(key: str, value: object) -> bool:
    """Whether `key` is a count condition and `value` a whole number."""
    return key in COUNT_KEYS and isinstance(value, int) and not isinstance(value, bool)


def reread_count(
    ctx: VerifyContext, key: str, value: int, places: list[Place], documents: Mapping[str, Document]
) -> CountReading:
    """The cited places read again by extract's count readers: `STATED` when one states
    `value` as `key`, else what they state for it instead."""
    reader = chain_reader(ctx)
    said: list[Reading] = []
    evidence: list[Evidence] = []
    for place in places:
        document = documents.get(place.path)
        if document is None:
            continue
        readings = count_readings(reader.context(document), place.line, key)
        if any(reading.value == value for reading in readings):
            return CountReading(CountStatus.STATED)
        said.extend(readings)
        evidence.append(_evidence(document, place.line))
    status = CountStatus.OTHER_VALUE if said else CountStatus.UNNAMED
    return CountReading(status, tuple(dict.fromkeys(said)), evidence)


def chain_reader(ctx: VerifyContext) -> ConditionReader:
    """The run's condition reader (its documents' contexts read once), made on first use."""
    if ctx.chain_reader is None:
        ctx.chain_reader = ConditionReader(ctx.snapshot)
    reader: ConditionReader = ctx.chain_reader
    return reader


def _evidence(document: Document, line: int) -> Evidence:
    return Evidence(
        document_id=document.document_id,
        path=document.path,
        line=line or None,
        text=place_text(document, line) if line else document.path,
        url=f"{document.pinned_url}#L{line}" if line else document.pinned_url,
    )


def _around(text: str, value: int) -> str:
    """The words around the first place `value` is written in `text` (the text, cut short,
    where it is written otherwise: `4K`, `four`)."""
    text = " ".join(text.split())
    found = re.search(rf"(?<![\d.]){value}(?!\d)", text.replace(",", ""))
    if found is None or len(text) <= MAX_QUOTE:
        return text if len(text) <= MAX_QUOTE else f"{text[: MAX_QUOTE - 1]}…"
    start = max(0, found.start() - NEAR)
    return f"{'…' if start else ''}{text.replace(',', '')[start : found.end() + NEAR]}…"
