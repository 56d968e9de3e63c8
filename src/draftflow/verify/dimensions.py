"""What kind of quantity a unit or a name says a number is (rate, time, power, temperature,
memory, count, ratio): the vocabulary rule 2's role checks and the prose check share."""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.numbers.dimensions import MEASURED as MEASURED
from draftflow.numbers.dimensions import UNIT_AFTER_RE as UNIT_AFTER_RE
from draftflow.numbers.dimensions import UNIT_SPELLINGS as UNIT_SPELLINGS
from draftflow.numbers.dimensions import unit_after as unit_after
from draftflow.numbers.dimensions import unit_dimensions as unit_dimensions
from draftflow.numbers.units import counted_rate, is_window_name
from draftflow.numbers.vocabulary import spelling_pattern, spellings_with_dimensions, vocabulary

_VOCABULARY = vocabulary()


# Words of a metric name or a key/header, first match wins (the data file keeps the order).
_METRIC_DIMENSIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"\b(?:{entry.pattern})\b"), entry.dimension)
    for entry in _VOCABULARY.metric_dimension
)


@lru_cache(maxsize=4096)
def metric_dimension(name: str) -> str | None:
    """The dimension a metric name, JSON key or column header names, if any: a metric's own
    (by its id in the vocabulary), else the first its words name."""
    if (own := _VOCABULARY.metric_dimension_of(name)) is not None:
        return own
    if is_window_name(name):
        return None  # `five_minutes`: the window a value was taken over, not its quantity
    spelled = caption_dimensions(name) or caption_dimensions(name.lower())
    if spelled:  # a unit the name spells (`MLC LLM (tok/sec)`) says it before its words do
        return next(iter(spelled))
    text = " ".join(re.findall(r"[a-z0-9/%]+", name.lower().replace("_", " ")))
    for pattern, dimension in _METRIC_DIMENSIONS:
        if pattern.search(text):
            # a time its last word names is a rate's denominator after things counted
            # (`tg_tok_sec`, `requests_per_min`), as extract reads the name's unit
            if dimension == "time" and counted_rate(name.lower()) is not None:
                return "rate"
            return dimension
    return None


_CAPTION_SPELLINGS = spelling_pattern(
    spelling
    for unit, spelling in spellings_with_dimensions(free_text=True)
    if unit.dimensions & MEASURED
)
_CAPTION_UNIT_RE = re.compile(rf"(?<![\w/])({_CAPTION_SPELLINGS})(?![\w/])")
"""The units a caption may name, as the vocabulary spells them (a caption is free text: in
its case, and none that is also an ordinary word): those of a measured dimension."""


def caption_dimensions(caption: str) -> frozenset[str]:
    """The measured dimension a table's caption names by its units, when it names exactly
    one (`median per-stream decode tok/s`); none when it names several or none."""
    found = {
        dimension
        for unit in _CAPTION_UNIT_RE.findall(caption)
        for dimension in unit_dimensions(unit)
        if dimension in MEASURED
    }
    return frozenset(found) if len(found) == 1 else frozenset()
