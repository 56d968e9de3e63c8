"""A number's unit and metric in prose: the unit written right after it, the metric the words
before it or its clause name, the statistic they state, and whether a number with a unit is a
reported figure (`figure_with_unit`).

A unit makes a number a candidate figure (`48 tok/s`, `0.187 seconds`, `1.78x`, `17.17 GiB`);
the words around it decide: sizes are measured memory only when something used or held them
(`128 GB unified memory` is the hardware), `2x DGX Spark` counts machines, a percent needs a
metric. Settings written after the unit (`600-second request timeouts`) are not figures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from draftflow.extract.prose.changes import (
    POINTS,
    changed,
    new_level,
    not_score_points,
    points_moved,
)
from draftflow.extract.prose.literals import GatedPatterns
from draftflow.extract.prose.words import without_approximation
from draftflow.extract.vocabulary import (
    METRICS,
    PROSE_FALLBACK_METRICS,
    PROSE_METRICS,
    STATISTICS,
    metric_by_unit,
)
from draftflow.numbers import NumberKind, NumberMention
from draftflow.numbers.units import TIME_UNITS, UNIT_READ_CHARS, canonical_unit, unit_after
from draftflow.numbers.vocabulary import vocabulary

_METRIC_REACH = 60
"""How far before a number a metric phrase may stand (characters)."""

_METRIC_RES = tuple(
    (name, re.compile(pattern))
    for name, pattern in (*PROSE_METRICS, *METRICS, *PROSE_FALLBACK_METRICS)
)
# Each metric pattern with the literals every match of it contains: most phrases hold none
# of a pattern's literals, and a substring test rules it out for a fraction of a search.
_GATED_METRICS = GatedPatterns(_METRIC_RES)
_STATISTIC_RES = tuple((re.compile(pattern), statistic) for pattern, statistic in STATISTICS)
_WORD_REST = re.compile(r"^[\w-]*")
_NEXT_WORD = re.compile(r"^\s*(?!(?:into|than|versus|vs)\b)[\w-]+", re.IGNORECASE)
"""One free word between a metric and its number (`decode throughput hovered 50`), not one
that makes the number what the metric becomes or is compared with (`turns a failure into
4294967295`, hybridgroup/yzma's signedness note; `fewer errors than 5`)."""

SETTING_AFTER = re.compile(
    r"^[\s-]*(?:[\w/.-]+\s+){0,2}?(?:limit|budget|cap|ceiling|floor|target|threshold|gate|goal|"
    r"timeout|context(?!\s+(?:error|overflow))|window size|max|maximum|minimum|rule|request|"
    r"prompt|run|trial|"
    r"iteration|sample|question|task|user|stream|parallel|concurrent|batch|layer|expert|param|"
    r"parameter|weight|checkpoint|safetensor|model|file|download|disk|storage|ssd|nvme|unified|"
    r"lpddr\w*|hbm\w*|ram|vram|bandwidth|bus|sequence|input|output token|prompt token|"
    r"completion token)s?\b",
    re.IGNORECASE,
)
_COMPARATIVE = re.compile(
    r"^\s*(?:faster|slower|more|less|fewer|higher|lower|larger|smaller|better|worse|speed|"
    r"improvement|the|as|over|vs|versus|than|compared|relative|of)\b",
    re.IGNORECASE,
)
SETTING_WORDS = re.compile(
    r"(?<![a-z])(?:fraction|utili[sz]ation|util|budget|limit|target|threshold|timeout|interval|"
    r"concurrency|context|batch|temperature|top.?[pk]|seed|max.?tokens|flags?|settings?|"
    r"default|fixed|prompts?)(?![a-z])",
    re.IGNORECASE,
)
_MEASURED = re.compile(
    r"\b(?:used|uses|took|takes|remain(?:ed|ing|s)?|available|free|allocated|consum(?:ed|es)|"
    r"peak(?:ed|s)?|reported|showed|shows|in use|left|resident|footprint|occupied|reach(?:ed|es)|"
    r"measured|observed|gotten|grew|rose|fell|dropped|averaged|sustain(?:ed|s)|achiev(?:ed|es)|got|"
    r"hit|recorded|logged|produced|returned|scored|scores|finished|completed|ran|runs at|serves?|"
    r"decod(?:ed|es)|generat(?:ed|es|ing)|delivered|allocat(?:ed|es)|creat(?:ed|ing)|loaded|"
    r"wrote|written|writing|produc(?:ed|ing)|corrected|revised|settled|landed)\b",
    re.IGNORECASE,
)
_SPEC_NOUN = re.compile(
    r"^[\s-]*(?:of\s+)?(?:\w+\s+)?(?:unified|system|total|lpddr\w*|hbm\w*|ram|vram|swap|"
    r"storage|disk|ssd|nvme|weights|checkpoints?|safetensors|model|parameters|download|files?)\b",
    re.IGNORECASE,
)

_CONNECTOR = re.compile(
    r"^[\s:=,(]*(?:(?:is|was|were|are|of|at|around|about|roughly|approximately|near|reached|hit|"
    r"scored|scores|averaged|averages|came in at|stayed|remained|went to|to|from|only|just|"
    r"still|then|now|=|:)\s*)*$",
    re.IGNORECASE,
)
# `token` as an adjective (`3,113,713 token KV pool`), not the start of a rate (`12 tokens/s`)
_TOKEN_WORD = re.compile(r"[ \t`*_]*tokens?\b(?!\s*/)", re.IGNORECASE)
_UNIT_GAP = re.compile(r"[ \t*_`]*-?[ \t*_`]*\n?[ \t*_`]*")
_UNIT_WORD = re.compile(r"[^\s,.;:()\[\]*_`]+")
_PER_SECOND = re.compile(r"\s+per\s+s(?:ec(?:ond)?)?\b", re.IGNORECASE)
_WORD_THEN_TOKENS = re.compile(r"[A-Za-z][\w-]*\s+tokens?\b", re.IGNORECASE)

_VOCABULARY = vocabulary()
_RATE_UNITS = _VOCABULARY.unit_ids("rate")
_SIZE_UNITS = _VOCABULARY.unit_ids("memory")
# Units of telemetry and hardware: a figure in one is measured only when something measured it
# (`a 240 W GPU` is its specification).
_TELEMETRY_UNITS = frozenset(
    unit
    for dimension in ("power", "temperature", "frequency")
    for unit in _VOCABULARY.unit_ids(dimension)
)
_RATE_METRICS = _VOCABULARY.metric_ids("speed")
_TIME_METRICS = _VOCABULARY.metric_ids("latency") | _VOCABULARY.metric_ids("duration")


def unit_after_number(text: str, mention: NumberMention) -> tuple[str | None, int]:
    """The unit written right after a mention (`numbers.units`, the one unit vocabulary) and
    where it ends; (None, the mention's end) if none."""
    if mention.kind is NumberKind.PERCENT or mention.unit == "%":
        return "%", mention.end
    if mention.unit:  # joined to the number by the parser: `11s`, `1.78x`, `600-second`
        if POINTS.fullmatch(mention.unit):
            return "points", mention.end  # `a 20-point regression`
        return joined_unit(mention.unit), mention.end
    token = _TOKEN_WORD.match(text, mention.end)
    if token:  # `3,113,713 token KV pool`: the adjective form the vocabulary spells plural
        per_second = _PER_SECOND.match(text, token.end())
        return ("tokens/s", per_second.end()) if per_second else ("tokens", token.end())
    end = mention.end
    gap = _UNIT_GAP.match(text, end)
    start = gap.end() if gap else end
    # the vocabulary reads units after spaces and emphasis; a hyphen or a line break too (it
    # reads the character before `end` and as many after it as its longest spelling needs:
    # only those are joined, not the block)
    unit = unit_after(text[end - 1 : end] + " " + text[start : start + UNIT_READ_CHARS], 1)
    if unit is None:
        tokens = _WORD_THEN_TOKENS.match(text, start)
        if tokens:  # `1,557,709 KV tokens`: one word may stand between
            return "tokens", tokens.end()
        points = POINTS.match(text, start)
        if points:  # `+1.7 points`, `loses 20 points`: a difference of scores
            return "points", points.end()
        return None, end
    written = _UNIT_WORD.match(text, start)
    unit_end = written.end() if written else start
    per_second = _PER_SECOND.match(text, unit_end)
    if unit == "tokens" and per_second:  # `15.79 tokens per second`
        return "tokens/s", per_second.end()
    return unit, unit_end


@lru_cache(maxsize=1024)
def joined_unit(written: str) -> str | None:
    if written.lower() in ("token", "tokens"):  # `336,566-token KV cache`
        return "tokens"
    return unit_after("0" + written, 1) or canonical_unit(written)


@lru_cache(maxsize=4096)
def metric_in(text: str, unit: str | None = None) -> str | None:
    """The first metric the words name that fits the unit (any metric when there is none);
    memoised, as every number of a clause asks it of the same clause."""
    lowered = text.lower()
    for name, regex in _GATED_METRICS.candidates(lowered):
        if regex.search(lowered) and (unit is None or fits_unit(name, unit)):
            return name
    return None


def fits_unit(metric: str | None, unit: str | None) -> bool:
    if metric is None or unit is None:
        return metric is not None
    if unit in _RATE_UNITS:
        return metric in _RATE_METRICS
    if unit in TIME_UNITS:
        return metric in _TIME_METRICS
    if unit in _SIZE_UNITS:
        return metric in ("memory", "kv_capacity")
    if unit == "tokens":
        return metric == "kv_capacity"
    if unit in ("points", "pp"):  # a difference of scores: the score's own metric
        dimension = _VOCABULARY.metric_dimension_of(metric)
        return dimension == "ratio" and metric not in ("relative_change", "ratio", "rank")
    return True


def statistic_of(before: str, index: int, kind: NumberKind) -> str:
    if kind is NumberKind.RANGE:
        return "range_min" if index == 0 else "range_max"
    lowered = before.lower()
    for pattern, statistic in _STATISTIC_RES:
        match = pattern.search(lowered)
        if match:
            return statistic.format(match.group(1)) if "{0}" in statistic else statistic
    return "as reported"


def metric_before(before: str, lead_in: str | None) -> str | None:
    """The metric a phrase names just before the number (only connector words between)."""
    named = _metric_ending(before[-_METRIC_REACH:].lower())
    return named if named is not None else _lead_in_metric(before, lead_in)


@lru_cache(maxsize=8192)
def _metric_ending(lowered: str) -> str | None:
    """The metric named last in a window of text that only connector words follow, if any
    (memoised: reports repeat the same lead-ups, `decode throughput was`)."""
    best: tuple[int, str] | None = None
    for name, regex in _GATED_METRICS.candidates(lowered):
        for match in regex.finditer(lowered):
            rest = _WORD_REST.sub("", lowered[match.end() :])
            joined = _CONNECTOR.match(rest) or _CONNECTOR.match(_NEXT_WORD.sub("", rest))
            if joined and (best is None or match.start() > best[0]):
                best = (match.start(), name)
    return best[1] if best is not None else None


def _lead_in_metric(before: str, lead_in: str | None) -> str | None:
    """A bullet's lead-in names the figure that opens its text (`- minimum cosine: 0.99`,
    `- **Power**: ~22-33W`: an approximation mark or word opens it as well)."""
    opening = without_approximation(before.rstrip()).strip(" :*_-~≈")
    if lead_in is not None and not opening and not SETTING_WORDS.search(lead_in):
        return metric_in(lead_in)
    return None


@dataclass(frozen=True)
class UnitContext:
    """The words around a number with a unit: its clause, the text before and after it."""

    clause: str
    before: str
    after: str
    signed: bool
    spaced: bool
    """The unit is written apart from the number (`128K × c`), not joined (`1.78x`)."""
    written: str = ""
    """The unit as written (`KV tokens`)."""
    lead_in: str | None = None
    """The block's lead-in, which names the figure that opens an item (`metric_before`)."""
    row_label: str | None = None
    """A sentence cell's row head under a header that names nothing (`ProseBlock.row_label`)."""
    keyed: str = ""
    """The key written just before the colon that opens the number's clause, with the number
    and its unit (`Prompt: 606.5 t/s`): the key that names a value is the one right before it."""

    def named(self) -> str | None:
        """The metric the phrase just before the number names (`metric_before`)."""
        return metric_before(self.before, self.lead_in)

    def mentioned(self, unit: str) -> str | None:
        """The metric named just before the number if it fits the unit, else the first the
        clause names that fits it, else the one its row's head names under a header that
        names nothing (`Model load time | ✅ ready in ~72s` is a load time, not a latency)."""
        named = self.named() or self._key_names(unit)
        if named and fits_unit(named, unit):
            return named
        found = metric_in(self.clause, unit)
        if found == "ttft" and _first_of_an_earlier_figure(self.before):
            return None  # `first byte in 0.187 s and completed a request in 1.023 s`
        if found is None and self.row_label:
            return metric_in(self.row_label, unit)
        return found

    def _key_names(self, unit: str) -> str | None:
        """The metric the key before the number's colon names, where it names more than the
        unit alone does (`Prompt: 606.5 t/s | Generation: 6.6 t/s`: prefill, then decode)."""
        if not self.keyed:
            return None
        named = metric_in(self.keyed, unit)
        bare = self.keyed.partition(":")[2]
        return named if named != metric_in(bare, unit) else None

    def measured(self) -> bool:
        """Something used, held or measured the quantity (`used`, `peaked`, `remaining`)."""
        return bool(_MEASURED.search(f"{self.before[-50:]} {self.after[:30]}"))


_FIRST_BYTE = re.compile(
    r"\bfirst\s+(?:streaming\s+|streamed\s+|response\s+|output\s+|generated\s+)?"
    r"(?:byte|token)s?\b",
    re.IGNORECASE,
)


def _first_of_an_earlier_figure(before: str) -> bool:
    """The clause's `first byte` (or `first token`) names a number written before this one: the
    time to it is that figure's, not this one's."""
    found = list(_FIRST_BYTE.finditer(before))
    return bool(found) and any(ch.isdigit() for ch in before[found[-1].end() :])


def figure_with_unit(unit: str, context: UnitContext) -> tuple[str, str] | None:
    """(metric, unit) when a number with a unit is a reported figure, else None: its metric from
    the phrase before it (`UnitContext.named`) or its clause, and the unit's own tests: a size is
    memory only when measured, a ratio is no count of machines or repetitions, a percent needs a
    metric. The metric phrases are read only for the units whose tests use them."""
    metric = _metric_of_unit(unit, context)
    return (metric, unit) if metric is not None else None


def _metric_of_unit(unit: str, context: UnitContext) -> str | None:
    """The figure's metric by the tests of its unit's kind, or None where they find none."""
    if unit == "tokens":
        return _kv_capacity(context)
    if unit in _SIZE_UNITS:
        return _memory_metric(unit, context)
    if unit in ("GB/s", "GiB/s"):
        return "bandwidth" if context.measured() else None
    if unit == "%":
        return _percent_metric(context)
    if unit in ("points", "pp"):
        return _points_metric(context)
    if unit == "×":
        return _ratio_metric(context)
    if unit in _RATE_UNITS or unit in TIME_UNITS:
        return _rate_or_time_metric(unit, context)
    return _own_metric(unit, context)


def _kv_capacity(context: UnitContext) -> str | None:
    """A count of tokens is a figure only as the KV cache's capacity (`3,113,713 token KV
    pool`), named within a few words of it."""
    before, after = context.before, context.after
    near = " ".join([*before.split()[-4:], context.written, *after.split()[:3]])
    return "kv_capacity" if _KV_WORD.search(near) else None


_KV_WORD = re.compile(r"\bkv\b|cache|pool|capacity", re.IGNORECASE)
_OF_WEIGHTS_BEFORE = re.compile(
    r"(?:weights?|checkpoints?|safetensors|model size|download)\W+\S*$", re.IGNORECASE
)
_QUANT_FILE_BEFORE = re.compile(
    r"(?:\b(?:UD[-_])?I?Q[1-8](?:_[A-Z0-9]{1,4}){1,3}|\bgguf)\W*"
    r"(?:(?:is|was|at|weighs|of|=)\W*)?[~≈]?\s*$",
    re.IGNORECASE,
)
"""`UD-IQ2_M at 90.9 GB`, `Q4_K_M (18.6 GB)`: a quantized file named just before its size
is the file's size, a published artifact's, not memory measured."""
_OF_WEIGHTS_AFTER = re.compile(
    r"^\s*of\s+(?:\w+\s+)?(?:weights|checkpoints?|safetensors|model|parameters|download)",
    re.IGNORECASE,
)


def _memory_metric(unit: str, context: UnitContext) -> str | None:
    """A size is measured memory (or KV capacity) when something used or held it, or when the
    metric named is memory; never the size of weights, a download or the hardware's spec."""
    if _OF_WEIGHTS_BEFORE.search(context.before) or _QUANT_FILE_BEFORE.search(context.before):
        return None
    measured = context.measured()
    if _SPEC_NOUN.match(context.after) and not measured:
        return None  # `128 GB unified memory`: the hardware
    if _OF_WEIGHTS_AFTER.match(context.after):
        return None
    mentioned = context.mentioned(unit)
    if not (measured or mentioned in ("memory", "kv_capacity")):
        return None
    return mentioned if mentioned and fits_unit(mentioned, unit) else "memory"


def _percent_metric(context: UnitContext) -> str | None:
    """A signed percent is a change, and so is one a comparative follows (`38 % fewer output
    tokens`, `6% faster`) or a verb of change governs (`loses 7%`, `rose 28%`); another needs
    a metric named after it, just before it or in its clause, and not a rate or a time (a share
    of a rate is no rate)."""
    if context.signed or is_change(context):
        return "relative_change"
    named_after = metric_in(" ".join(context.after.split()[:2]))
    percent = named_after or context.named() or metric_in(context.clause)
    if percent is None or percent in _RATE_METRICS or percent in _TIME_METRICS:
        return None
    if percent == "relative_change" and new_level(context.before):
        return None  # `MATH-500 dropped to 0%`: the level reached, of a metric left unnamed
    return percent


def is_change(context: UnitContext) -> bool:
    """The words right around a number say it is a change (`changes.changed`)."""
    return changed(context.before, context.after)


def _points_metric(context: UnitContext) -> str | None:
    """Points (`+1.7 points`, `loses 20 points`, `~20 pp`) are a difference of scores or of
    percentages: of the score-like metric the words name, else `unspecified` (the sentence
    says a score moved, not which one); never points of something else (`changes.py`)."""
    if not_score_points(context.after):
        return None
    named = context.mentioned("points")
    if named is None and "pp" in context.written.lower():
        return None  # `502 pp`: prompt processing as llama.cpp writes it, no percentage point
    moved = context.signed or is_change(context) or points_moved(context.after)
    if named is None and not moved:
        return None  # `you get 500 points`: points of something else
    return named or "unspecified"


_MACHINES_AFTER = re.compile(r"^\s*(?:[A-Z]|gpus?\b|nodes?\b|sparks?\b|machines?\b)")
_REPETITIONS_AFTER = re.compile(
    r"^\s*(?:\)|averaged|runs?\b|repeats?|repetitions?|each|per\b|trials?)", re.IGNORECASE
)


def _ratio_metric(context: UnitContext) -> str | None:
    """A multiple is a ratio (a change when signed) unless it counts machines or repetitions
    or writes a shape."""
    after = context.after
    if _MACHINES_AFTER.match(after):
        return None  # `2x DGX Spark`: a count of machines
    if context.spaced and not _COMPARATIVE.match(after):
        return None  # `128K × c=6`: a shape, not a ratio
    if _REPETITIONS_AFTER.match(after):
        return None  # `3× averaged`, `TTFT (3×)`: repetitions of the workload
    return "relative_change" if context.signed else "ratio"


def _rate_or_time_metric(unit: str, context: UnitContext) -> str:
    """A rate or a time is always a figure: of the metric named if it fits the unit, else of
    the metric its unit and clause make (a throughput by default)."""
    fallback = metric_by_unit(unit, context.clause) or "throughput"
    mentioned = context.mentioned(unit)
    return mentioned if mentioned and fits_unit(mentioned, unit) else fallback


def _own_metric(unit: str, context: UnitContext) -> str | None:
    """A unit of its own metric (`0.42 J/token`); telemetry (power, temperature, frequency)
    only where something measured it or the words name that metric (`a 240 W GPU` is its
    specification)."""
    own = metric_by_unit(unit, context.clause)
    if not own:
        return None
    if unit in _TELEMETRY_UNITS and not (context.measured() or context.mentioned(unit) == own):
        return None
    return own
