"""The vocabularies of figures, in one place: metric words, units, statistics and skips.

Every harvester and the classifier read their words from here. Metric names, their units,
the units' spellings, statistic words and outcome nouns are data (`numbers/vocabulary.toml`,
read through `numbers.vocabulary`, which the number parser and verify read too); this module
keeps the words that tell settings and skips apart. Patterns match lowercased names (column
headers, JSON keys, caption text).

Settings are told from outcomes in two steps: HARD_SKIP names are never outcomes
(identifiers, dates, engine settings such as `gpu_memory_utilization`); SOFT_SKIP names are
settings unless a metric pattern also names the figure (`Decode tok/s (32K context)` is a
decode rate, `Batched throughput (tok/s)` a throughput, `Draft acceptance rate` an
acceptance rate; `context`, `batch` and `draft` alone are settings).
"""

from __future__ import annotations

import re

from draftflow.numbers.units import (
    MEASURED_UNITS as MEASURED_UNITS,
)
from draftflow.numbers.units import (
    MEMORY_UNITS,
    TIME_UNITS,
)
from draftflow.numbers.units import (
    unit_of_name as unit_of_name,
)
from draftflow.numbers.vocabulary import vocabulary

_VOCABULARY = vocabulary()

# (metric, pattern over a lowercased name), first match wins: the more specific come first.
METRICS: tuple[tuple[str, str], ...] = tuple(
    (metric.id, pattern) for metric in _VOCABULARY.metric if (pattern := metric.pattern())
)
METRIC_RES = tuple((name, re.compile(pattern)) for name, pattern in METRICS)
"""`METRICS` compiled, in the same order."""

# Names that are never a measured outcome: identifiers, dates, engine settings, hardware.
HARD_SKIP = re.compile(
    r"\b(id|uuid|hash|sha|digest|date|timestamp|version|seed|port|pid|index|idx"
    r"|step|commit|year|month|day"
    # a hardware's list price and its rated power (thermal or board design power): specs
    r"|price|msrp|tdp|tgp)\b"
    # a processor's rated frequency (`Max freq` of a core table, lscpu's `CPU max MHz`): a spec
    r"|\b(?:max|maximum|min|minimum|base|boost|turbo|nominal|rated)[\s._-]*(?:cpu[\s._-]*)?"
    r"(?:freq|frequency|clock|mhz|ghz)\b|\bcpu[\s._-]*(?:max|min)[\s._-]*(?:mhz|ghz)\b"
    r"|^time$|max.?model.?len|max.?tokens|max.?num|params|parameters|num.?prompts|^n$|request.?rate"
    r"|burstiness|mem(ory)?.?util|^temperature$|sampling.?temp|top.?[pk]|min.?p\b|repeat.?p\b"
    r"|penalty|^(prompt|completion)$"
    r"|^(prompt|prefill|decode|input|output|completion|context|generated|gen)[ _]?tokens$"
    r"|input.?len|output.?len|^runs?$|trial|iteration"
    # the length of a workload's part (`Prefill length | 256, 1024`): a setting, never the rate
    # its first word names (haxlys's scenario matrix published as prefill rates, read31-s29)
    r"|(?:prompt|prefill|decode|generation|gen|sequence|seq|completion)[\s._-]?"
    r"(?:length|len|count)(?![a-z])"
    r"|weights?.?gb|mem.?gb|bw.?gbs|tops|timeout(?!s)|disk|size|mem(ory)?.?fraction|fraction.?static"
    # `ollama ps`: where the model is loaded (`100% CPU`) and when it is unloaded (`4 minutes
    # from now`), never a utilisation or a latency (dambergn/ollama-benchmarks, read31-s24)
    r"|^processor$|^until$"
)
# An identifier's key in snake case or a path (`task_id`, `detail.request_id`): `\bid\b` misses
# it, `_` being a word character (`"task_id": "HumanEval/147"` was published as 147, read-s32).
# A name's, not a caption's: `Config: model_id=...` above a table names what ran its figures.
ID_KEY = re.compile(r"(?<![a-z0-9])(?:id|ids|uuid)(?![a-z0-9])")
# Names of settings that a metric word in the same name overrides (see the module docstring).
SOFT_SKIP = re.compile(
    r"concurrency|^c$|batch|ctx|context|count|draft|chunk|depth|mhz|clock|fan|_chars"
)
# Both, for callers that only ask "is this name a setting?"
SKIP_KEY = re.compile(f"{HARD_SKIP.pattern}|{SOFT_SKIP.pattern}")
# Words of a number worked out rather than run (`estimated`, `theoretical`).
ESTIMATE_WORDS = r"estimated?|projected|theoretical|predicted"
# Targets, gates, limits and estimates: a number named so is not a measured result.
THRESHOLD_WORDS = re.compile(
    r"\b(target|threshold|gate|floor|ceiling|limit|budget|goal|slo|sla|requirement|cap"
    rf"|expected|{ESTIMATE_WORDS})s?\b"
)
# A percentage under a header naming a change is the change.
CHANGE_WORDS = re.compile(
    r"change|delta|\bdiff|\bvs\b|improvement|speed.?up|\bgain|regression|uplift|Δ"
)
# Metrics a percentage may be (others take a % only as a change).
PERCENT_METRICS = frozenset(metric.id for metric in _VOCABULARY.metric if metric.percent)
# Speeds (tokens or requests per second) and times (latencies).
SPEED_METRICS = _VOCABULARY.metric_ids("speed")
TIME_METRICS = _VOCABULARY.metric_ids("latency")
# Metrics whose smaller values are the better outcome (times, memory, energy).
LOWER_IS_BETTER = frozenset(metric.id for metric in _VOCABULARY.metric if metric.better == "lower")
# Speeds and times: a bare % beside them is not the figure itself.
SPEED_AND_TIME_METRICS = SPEED_METRICS | TIME_METRICS
# Column headers that say only "the figure is here": the row header names it (`Metric | Value`).
GENERIC_HEADERS = re.compile(
    r"^(value|values|result|results|measured|measurement|observed|reading|figure|number"
    r"|data|stat|statistic|outcome|amount)?$"
)
# Headings of a section that describes the machine or the setup: sizes there are specs.
SPEC_HEADINGS = re.compile(
    r"hardware|environment|setup|platform|machine|system\b|specs?\b|specifications?|topology"
    r"|configuration",
    re.IGNORECASE,
)
# Names of a resource's total size: a specification, not a measurement.
TOTAL_SIZE = re.compile(r"total.?bytes|mem(ory)?.?total|total.?mem(ory)?|swap.?total|total.?swap")
# Arrays of repeated runs: only these are summarised (a median is derived); others are sweeps.
RUN_WORDS = re.compile(
    r"(^|[._\[])(runs?|trials?|repeats?|repetitions?|iterations?|samples?|reps|attempts?"
    r"|measurements?)($|[._\]\[])|per.?run",
    re.IGNORECASE,
)
# Names of a memory figure that was measured (used, peak, free), not a size or a spec.
MEMORY_WORDS = re.compile(
    r"used|usage|peak|\bkv|cache|memory|vram|resident|rss|swap|available|free|allocat"
)

# JSON subtrees that describe the setup rather than report a measurement.
CONFIG_PATH = re.compile(
    r"(^|\.)(hardware|config|server_config|sweep|workload|settings|args|env|recipe|parameters"
    r"|options|schema|properties|meta"
    # a named group of settings: `gen_kwargs`, `sampling_params`, `engine_args`
    r"|[a-z0-9]+_(?:kwargs|args|config|params|settings|options))(\.|\[|$)"
)

# (pattern, statistic), first match wins: a spread first (the data file keeps the order).
STATISTICS: tuple[tuple[str, str], ...] = tuple(
    (entry.pattern, entry.statistic) for entry in _VOCABULARY.statistic
)
# The unit of a figure whose source writes none, by its metric.
UNITS_BY_METRIC = {metric.id: metric.unit for metric in _VOCABULARY.metric if metric.unit}

# The metric of a figure with no metric word, by its unit.
_METRIC_OF_UNIT = {unit.id: unit.metric for unit in _VOCABULARY.unit if unit.metric}


def metric_by_unit(unit: str | None, name: str) -> str | None:
    """The metric a figure with no metric word is, by its unit (`ms` → latency); a memory
    size counts only when its name says it was measured (`KV cache 39.02 GiB`)."""
    if unit is None:
        return None
    if unit in TIME_UNITS:
        return "latency"
    if unit in MEMORY_UNITS:
        return "memory" if MEMORY_WORDS.search(name.lower()) else None
    return _METRIC_OF_UNIT.get(unit)


# ---- figures written in prose (read by the prose finder, extract/prose_figures.py) ---------

# Metric words of prose that tables rarely use: the specific ones are checked before METRICS,
# the general ones after it.
PROSE_METRICS: tuple[tuple[str, str], ...] = tuple(
    (phrase.metric, phrase.pattern)
    for phrase in _VOCABULARY.prose_metric
    if phrase.order == "first"
)
PROSE_FALLBACK_METRICS: tuple[tuple[str, str], ...] = tuple(
    (phrase.metric, phrase.pattern) for phrase in _VOCABULARY.prose_metric if phrase.order == "last"
)

# Nouns counted as outcomes of a run (`0 errors`, `two retry storms`, `847 times`).
OUTCOME_NOUNS: tuple[tuple[str, str], ...] = tuple(
    (entry.metric, entry.pattern) for entry in _VOCABULARY.outcome_noun
)
