"""What names a table figure when its own cell, column and row do not: the caption or the
section headings above its table (with the unit they write), or the object or row of a
generic `value` that names it (`{"name": "decode", "value": 41.2, "unit": "tok/s"}`)."""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.extract.candidates import Candidate, SourceFormat, unit_from_key
from draftflow.extract.vocabulary import METRIC_RES, PROSE_METRICS, THRESHOLD_WORDS, metric_by_unit
from draftflow.numbers.dimensions import unit_dimensions
from draftflow.numbers.units import unit_named
from draftflow.numbers.vocabulary import vocabulary
from draftflow.text.lines import plain_text

# A count names one column (`Completed`, `Total tokens`), never a whole table: a heading
# `### Completed` over accuracy columns says which runs finished, not what the cells count.
_CHAIN_METRIC_RES = (
    *(
        (name, regex)
        for name, regex in METRIC_RES
        if vocabulary().metric_dimension_of(name) != "count"
    ),
    *((name, re.compile(pattern)) for name, pattern in PROSE_METRICS if name == "perplexity"),
)


@lru_cache(maxsize=4096)
def _chain_reading(text: str) -> tuple[str, str | None] | None:
    """The metric a caption or heading names (`Time to First Token (seconds)`) and the unit
    it writes, if any."""
    lowered = text.lower()
    if THRESHOLD_WORDS.search(lowered):
        return None
    named = [metric for metric, regex in _CHAIN_METRIC_RES if regex.search(lowered)]
    if not named:
        return None
    unit = unit_from_key(text)
    # the metric of the unit it writes, where it names several: `Power Consumption (Watts)
    # During Prefill` measures power in the prefill phase, not a prefill rate
    dimensions = unit_dimensions(unit) if unit else frozenset()
    agreeing = (m for m in named if vocabulary().metric_dimension_of(m) in dimensions)
    return next(agreeing, named[0]), unit


def context_reading(candidate: Candidate) -> tuple[str, str | None] | None:
    """The metric and unit a table cell takes from what stands above its table, when its
    cell, column and row name none: the caption (the sentence before the table), then the
    section headings, innermost first. The first that names a metric decides."""
    chain = [candidate.caption or "", *reversed(candidate.headings)]
    for text in chain:
        reading = _chain_reading(text) if text else None
        if reading is not None:
            return reading
    return None


def context_metric(candidate: Candidate) -> str | None:
    """`context_reading`'s metric, unless the cell or its column writes a unit of its own
    that is not the one the caption or heading states, known or not (a `Price ($)` column
    under a latency heading is not a latency)."""
    reading = context_reading(candidate)
    if reading is None:
        return None
    metric, unit = reading
    own = candidate.unit_guess
    if own is not None and own != unit and metric_by_unit(own, candidate.key) != metric:
        return None
    if own is None and _WRITES_A_UNIT.search(candidate.key):
        return None  # a unit the vocabulary does not know (`($)`, `[J/token]`): not the heading's
    if own is None and _CELL_WRITES_A_UNIT.search(candidate.text):
        return None  # the cell's own unknown unit (`~80 GB/token`) is not the heading's metric
    if _CELL_NAMES_A_COUNT.match(plain_text(candidate.text)):
        return None  # `Total processed: 19104`: a running count, not the heading's rate
    return metric


# a cell that names its own number as a count (`Total processed: 19104`, `Requests done: 96`):
# a tally of things, never a rate or a time whatever the heading over it measures
# (atomicjets/gemma-embeddings README.md:53, a log line's running total read as tokens/s)
_CELL_NAMES_A_COUNT = re.compile(
    r"^\W*(?:[A-Za-z]+\s+){0,2}(?:total|processed|completed|done|finished|count|seen|sent"
    r"|received|handled)(?:\s+[A-Za-z]+){0,2}\s*[:=]\s*[\d,.]+\s*$",
    re.IGNORECASE,
)
# a unit written in a header: a currency or percent sign, or a ratio in brackets (`[J/token]`);
# a bracketed word (`(old)`, `(wiki.test)`) names a variant or a data set, not a unit
_WRITES_A_UNIT = re.compile(r"[$€£%]|[(\[][^)\]]*/[^)\]]*[)\]]")
# a cell whose number is followed by a word-unit of several letters or a ratio (`80 GB/token`);
# a one-letter magnitude suffix (`8K`, `1.2M`) is part of the number
_CELL_WRITES_A_UNIT = re.compile(r"\d\s?[A-Za-zµ]{2,}|\d\s?[A-Za-zµ]*/[A-Za-z]")


def context_unit(candidate: Candidate, metric: str) -> str | None:
    """The unit the caption or heading that named `metric` writes (`(seconds)`), if any."""
    if candidate.format is not SourceFormat.MARKDOWN:
        return None
    reading = context_reading(candidate)
    return reading[1] if reading is not None and reading[0] == metric else None


_NAME_KEYS = ("name", "metric", "label", "measure", "key", "title")
_VALUE_KEYS = re.compile(r"^(value|val|result|score|mean|median|avg|average|p\d+|min|max)$")


def named_record(candidate: Candidate) -> tuple[str, str | None] | None:
    """For a figure under a generic name (a JSON `value`/`p50` key, a `Value` column) whose
    object or row names it (`name`, `metric`, a `Metric` column, as lm-eval prints), that
    name and the object's or row's `unit`."""
    if candidate.json_path is not None:
        own = candidate.json_path.rsplit(".", 1)[-1].lower()
    else:
        own = plain_text(candidate.column or "").lower().strip()
    if not _VALUE_KEYS.match(own):
        return None
    fields = {key.strip().lower(): text for key, text in candidate.context.items()}
    name = next((plain_text(fields[k]) for k in _NAME_KEYS if fields.get(k)), None)
    if not name or any(ch.isdigit() for ch in name[:1]):
        return None
    unit_text = fields.get("unit") or fields.get("units")
    return name, unit_named(unit_text) if unit_text else None
