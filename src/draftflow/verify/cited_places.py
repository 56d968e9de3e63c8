"""A cited count, engine, system or precision re-read where extract read it, not wherever its
words stand.

`concurrency: 16` cited to `We ran Llama 4 Scout (17B-16E) with 32 concurrent requests` is
not stated there: the place states concurrency 32, and its 16 is part of a model's name.
`engine: SGLang` cited to `vLLM vs SGLang: 41 vs 38 tok/s` is not stated either: the line
names two engines and says of neither that it ran the figure; nor is `system: DGX Spark`
cited to `Strix Halo vs DGX Spark`, `weight_precision: FP4` cited to `GB10 NF4 (BNB) vs GB10
FP4 (vLLM)`, or `NVFP4` cited to `NVFP4 MLA KV cache` (the KV cache's). The place is read by
extract's own readers (`extract/conditions/place_reading.py`: a row's cells under their
headers, a rate header's load, `key: value` and `key=value` settings, a sentence's setting,
the machines a text counts, a line naming one engine or one system or precision
(`name_reading.py`), a run file's name), each document's context read once per run
(`VerifyContext.chain_reader`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions import ConditionReader
from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.cite import Place, citation_key, place_text
from draftflow.extract.conditions.measurement import MEASUREMENT_KEYS
from draftflow.extract.conditions.name_reading import NAME_KEYS, SYSTEM, header_line_set
from draftflow.extract.conditions.place_reading import (
    ENGINE,
    Own,
    count_readings,
    engine_readings,
    measurement_at,
    names_at,
    reads_at,
)
from draftflow.verify.context import VerifyContext
from draftflow.verify.report import Evidence

MAX_QUOTE = 160
"""How much of a cited line a message quotes."""
NEAR = 40
"""How many characters either side of a number a message quotes from a long line."""


class PlaceStatus(Enum):
    """What a condition's cited places say of it, read where extract reads it."""

    STATED = "stated"
    """A place states the value as the condition."""
    OTHER_VALUE = "other value"
    """The places state the condition, with another value."""
    UNREAD = "unread"
    """The places do not state the condition: its words stand there for something else."""


@dataclass(frozen=True)
class PlaceReading:
    """The outcome of re-reading a condition at its cited places, with what they say."""

    status: PlaceStatus
    said: tuple[str, ...] = ()
    """What the places state for the condition's key (`concurrency 32 (a sentence)`)."""
    evidence: list[Evidence] = field(default_factory=list)

    def describe(self, key: str, value: object) -> str:
        """What the places say instead, for a message."""
        if self.said:
            return "states " + "; ".join(self.said[:3])
        quotes = "; ".join(repr(_around(e.text or e.path, value)) for e in self.evidence[:2])
        if key == ENGINE:
            return f"names no engine as the one that measured ({quotes})"
        if key in NAME_KEYS:
            what = "system" if key == SYSTEM else f"{key.replace('_', ' ')}"
            return f"names no {what} as the figure's ({quotes})"
        return f"states no {key.replace('_', ' ')}: its {value} stands in {quotes}"


def reread_place(
    ctx: VerifyContext,
    key: str,
    value: object,
    places: list[Place],
    documents: Mapping[str, Document],
    own: Own | None = None,
) -> PlaceReading:
    """The cited places read again by extract's readers: `STATED` when one states `value`
    as `key` (of a header row of the figure's table, `own`'s column's header), else what
    they state for it instead."""
    reader = chain_reader(ctx)
    said: list[str] = []
    evidence: list[Evidence] = []
    for place in places:
        document = documents.get(place.path)
        if document is None:
            continue
        context = reader.context(document)
        if reads_at(context, place.line, key, value, own):
            return PlaceReading(PlaceStatus.STATED)
        if key == ENGINE:
            said += [f"engine {name}" for name in sorted(engine_readings(context, place.line))]
        elif key in NAME_KEYS:
            named = sorted(names_at(context, place.line, key))
            said += [f"{key.replace('_', ' ')} {name}" for name in named]
        elif key in MEASUREMENT_KEYS:
            read = sorted(map(str, measurement_at(context, place.line, key, own)))
            said += [f"{key.replace('_', ' ')} {found}" for found in read]
        else:
            said += [r.describe(key) for r in count_readings(context, place.line, key)]
        evidence.append(_evidence(document, place.line))
    status = PlaceStatus.OTHER_VALUE if said else PlaceStatus.UNREAD
    return PlaceReading(status, tuple(dict.fromkeys(said)), evidence)


def reread_once(
    ctx: VerifyContext,
    key: str,
    value: object,
    places: list[Place],
    documents: Mapping[str, Document],
    own: Own | None = None,
) -> PlaceReading:
    """`reread_place`, read once per row of figures (`own`'s path and line) for each cited
    place list and what is checked (`key` and `value`): a JSONL row's figures cite the same
    places for the same conditions. The figure's own value is in the key only where it may
    change the reading (a header row above it in its document: `place_reading._own_header`).
    The answers are let go when the next figure is another row's (`VerifyContext.rereads`)."""
    checked = citation_key(key, value) if isinstance(value, str | int | float | bool) else None
    if own is None or checked is None:
        return reread_place(ctx, key, value, places, documents, own)
    own_value = own[2] if _own_may_count(ctx, places, documents, own) else None
    found: PlaceReading = ctx.rereads.get(
        own[:2],
        (checked, tuple(places), own_value),
        lambda: reread_place(ctx, key, value, places, documents, own),
    )
    return found


def _own_may_count(
    ctx: VerifyContext, places: list[Place], documents: Mapping[str, Document], own: Own
) -> bool:
    """Whether a cited place is a header row above the figure in its own document, where its
    own column's header alone is read for it."""
    document = documents.get(own[0])
    if document is None:
        return False
    above = [place.line for place in places if place.path == own[0] and 1 <= place.line < own[1]]
    if not above:
        return False
    headers = header_line_set(chain_reader(ctx).context(document))
    return any(line in headers for line in above)


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


def _around(text: str, value: object) -> str:
    """The words around the first place `value` is written in `text` (the text, cut short,
    where it is not written as such: `4K`, `four`)."""
    text = " ".join(text.split()).replace(",", "") if isinstance(value, int) else text
    text = " ".join(text.split())
    written = re.escape(str(value))
    found = re.search(rf"(?<![\w.]){written}(?![\w])", text, re.IGNORECASE)
    if found is None and isinstance(value, str) and (name := vocab.engine_in(value)):
        found = next((m for m in re.finditer(re.escape(name), text, re.IGNORECASE)), None)
    if found is None or len(text) <= MAX_QUOTE:
        return text if len(text) <= MAX_QUOTE else f"{text[: MAX_QUOTE - 1]}…"
    start = max(0, found.start() - NEAR)
    return f"{'…' if start else ''}{text[start : found.end() + NEAR]}…"
