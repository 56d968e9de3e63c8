"""Numbers a source line writes that are no measurement, so may never lead a record.

A line holds more numbers than results: a constant quoted from code or configuration (`a full
1000 ms `HMM_RANGE_DEFAULT_TIMEOUT``), part of a name (`` `12X` → `12Xa` ``), a value in a
hypothetical or conditional clause (`if the KV cache were 100 %`), a multiplicity read as a
ratio (`5x MLX, 10x cloud`: five and ten parallel calls), a memory size read as another
metric (`~242 GB of combined memory`). Each is read from the line's shape around the number,
never from one repository's words; a figure is kept out only when every place its line writes
its value is one of them.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache

from draftflow.extract.classify import UNSPECIFIED
from draftflow.numbers import find_numbers
from draftflow.record.model import ReportedResult

# a code span's content that names a constant, a setting or an identifier (not a value)
_IDENTIFIER = re.compile(r"^[A-Za-z_][\w.-]*$")
# a code span holding one token with letters (`12X`, `gfx1100`): a name, not a value
_NAME_SPAN = re.compile(r"^[\w.+-]+$")
_NAMED = re.compile(r"_|[a-z][A-Z]|^[A-Z0-9_]{3,}$")
# a value assigned to a setting in a command or configuration (`GPU_METRICS_INTERVAL_SECONDS=1
# bash collect.sh`, `--max-tokens=512`): an environment variable's upper-case name with an
# underscore, or a command-line option, then `=` right before the number
_ASSIGNED = re.compile(r"(?:^|[\s;(\[\"'`])(--?[A-Za-z][\w-]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)=[\"']?$")
# a clause that states a condition, not a result: the words that open or carry it
_HYPOTHETICAL = re.compile(
    r"\b(?:if|unless|would|could|might|were|suppose|supposing|assuming|hypothetical(?:ly)?"
    r"|imagine|in theory|theoretical(?:ly)?)\b",
    re.IGNORECASE,
)
# where a clause starts: a sentence's or a cell's end, a colon, a semicolon, a dash
_CLAUSE_START = re.compile(r"[.;:!?|—]\s|[|(]|^")
# the words after a ratio that make it one (`3.5x faster`, `1.70x speed-up`, `2x memory
# reduction`), and the words that end its phrase (`3-4x but ...`, `2x on ...`)
_COMPARATIVE = re.compile(
    r"^(?:faster|slower|quicker|more|less|fewer|higher|lower|better|worse|larger|smaller"
    r"|bigger|greater|cheaper|costlier|longer|shorter|speed-?ups?|slow-?downs?|improvements?"
    r"|gains?|increases?|decreases?|reductions?|throughput|speed|bandwidth|latency|capacity"
    r"|performance|efficiency|boost|drop|penalty|overhead|headroom|difference|gap|uplift"
    r"|jump|advantage|lead|compression|memory-efficient)$",
    re.IGNORECASE,
)
_FUNCTION_WORD = re.compile(
    r"^(?:but|and|or|on|in|at|the|a|an|of|with|over|vs|versus|than|from|to|for|when|while"
    r"|as|per|by|compared|relative|across|if|so|which|that|is|was|are|were|it|this|these)$",
    re.IGNORECASE,
)
_PHRASE_AFTER = re.compile(r"^[ \t]+([A-Za-z][\w-]*(?:[ \t]+[A-Za-z][\w-]*){0,2})")
# a value the sentence defines (`a bar at 100% means ...`), not one it reports
_DEFINITION = re.compile(r"^\S{0,4}\s+(?:means|indicates|denotes|signals)\b", re.IGNORECASE)
# a bare number followed by what its things did (`All 5 completed in 74 s`): a count of jobs
_HAPPENED = re.compile(
    r"^\**[ \t]+(?:[a-z]+[ \t]+)?(?:completed|finished|succeeded|failed|ran|passed"
    r"|returned|crashed|timed out|started|loaded)\b"
)
_MEMORY_AFTER = re.compile(
    r"^\s*(?:[A-Za-z]{1,4}\s+)?of\s+(?:\w+\s+){0,2}(?:memory|ram|vram|storage|disk)\b",
    re.IGNORECASE,
)
_MEMORY_METRICS = frozenset({"memory", "memory_usage", "peak_memory", "vram", "model_size"})


@dataclass(frozen=True)
class NotMeasured:
    """Why a number the line writes is no measurement, with the words that show it."""

    why: str
    words: str


def not_measured(result: ReportedResult, line: str) -> NotMeasured | None:
    """Why the figure's value on `line` is no measurement (every place the line writes it),
    or None when one place reads as a result or the line does not write it."""
    key = (float(result.value), result.metric, result.unit)
    verdicts = _line_verdicts(line)
    if key not in verdicts:  # the line's figures of one value, metric and unit read alike
        verdicts[key] = _not_measured(line, *key)
    return verdicts[key]


@lru_cache(maxsize=256)
def _line_verdicts(line: str) -> dict[tuple[float, str, str], NotMeasured | None]:
    """The verdicts given on `line` so far (a sweep's row writes each value ~10 times)."""
    del line  # the key of the memo
    return {}


def _not_measured(line: str, value: float, metric: str, unit: str) -> NotMeasured | None:
    first: NotMeasured | None = None
    for start, end in _places(line, value):
        reading = _reading(line, start, end, metric, unit)
        if reading is None:
            return None  # one place reads as a result: the rest need not be read
        first = first or reading
    return first


@lru_cache(maxsize=256)
def _written_values(line: str) -> tuple[tuple[float, ...], tuple[tuple[int, int], ...]]:
    """Every reading of every number the line writes, in ascending order, with its mention's
    span: read once per line, looked up per figure (a 10,000-column row has 10,000 figures)."""
    pairs = sorted(
        (alt, (m.start, m.end))
        for m in find_numbers(line)
        for number in m.numbers
        for alt in number.alternatives
    )
    return tuple(alt for alt, _ in pairs), tuple(span for _, span in pairs)


def _places(line: str, value: float) -> list[tuple[int, int]]:
    """Where the line writes the value (any reading of any number of a mention)."""
    values, spans = _written_values(line)
    tolerance = 1e-6 * max(1.0, abs(value))
    low = bisect_left(values, value - tolerance)
    high = bisect_right(values, value + tolerance)
    return sorted(set(spans[low:high]))


def _reading(line: str, start: int, end: int, metric: str, unit: str) -> NotMeasured | None:
    """Why the number at `line[start:end]` is no measurement of `metric` in `unit`, or None:
    part of a name, explained or supposed, else a quantity other than the metric's."""
    return (
        _part_of_a_name(line, start, end)
        or _explained_or_supposed(line, start, end)
        or _other_quantity(line, start, end, metric, unit)
    )


def _part_of_a_name(line: str, start: int, end: int) -> NotMeasured | None:
    """A number inside a name: in a code span naming something, a named constant's value, or
    a number with letters before it."""
    span = _code_span(line, start)
    if span is not None and _NAME_SPAN.match(span.strip("`")) and re.search("[A-Za-z]", span):
        return NotMeasured("part of a name in a code span, not a result", span)
    constant = re.match(r"^\s*(?:[A-Za-z%]{1,5}\s+)?`([^`]+)`", _after(line, end))
    if constant and _IDENTIFIER.match(constant[1]) and _NAMED.search(constant[1]):
        return NotMeasured("the value of a named constant", constant[0].strip())
    if start > 0 and line[start - 1].isascii() and line[start - 1].isalpha():
        return NotMeasured("part of a name (letters before it)", line[max(0, start - 8) : end])
    assigned = _ASSIGNED.search(line[max(0, start - 80) : start])
    if assigned:
        return NotMeasured("a value assigned to a setting (`NAME=value`)", f"{assigned[1]}=")
    return None


def _explained_or_supposed(line: str, start: int, end: int) -> NotMeasured | None:
    """A number a definition explains (`N means ...`), or one in a hypothetical clause."""
    definition = _DEFINITION.match(_after(line, end))
    if definition:
        return NotMeasured("a value a definition explains (`N means ...`)", definition[0].strip())
    hypothetical = _HYPOTHETICAL.search(_clause_before(line, start))
    if hypothetical:
        return NotMeasured("in a hypothetical or conditional clause", hypothetical[0])
    return None


def _other_quantity(line: str, start: int, end: int, metric: str, unit: str) -> NotMeasured | None:
    """A number of another quantity than the metric's: a count of things (`N× NOUN`) read as
    a ratio, a factor of a product, a count of events given no unit, a memory size."""
    after = _after(line, end)
    if metric == "ratio" and re.search(r"[x×]\s*$", line[start:end]):
        counted = _counted_things(after)
        if counted:
            return NotMeasured("a count of things (`N× NOUN`), not a ratio", counted)
    if re.match(r"^\s*[×x*]\s*\d", after):
        return NotMeasured("a factor of a product (`N × M`), not a result", line[start:end])
    happened = _HAPPENED.match(after)
    if happened and unit in ("", UNSPECIFIED) and not metric.endswith("_count"):
        return NotMeasured("a count of things that happened, not a score", happened[0].strip())
    memory = _MEMORY_AFTER.match(after)
    if memory and metric not in _MEMORY_METRICS:
        return NotMeasured("a memory size, not this metric", memory[0].strip())
    return None


def _counted_things(after: str) -> str:
    """The words after `N×` when they name things counted (`10x cloud`, `5x parallel MLX
    via ...`), not what the ratio compares: no comparative among them, none a function word
    first."""
    phrase = _PHRASE_AFTER.match(after)
    if phrase is None:
        return ""
    words = phrase[1].split()
    if _FUNCTION_WORD.match(words[0]) or any(_COMPARATIVE.match(word) for word in words):
        return ""
    return phrase[0].strip()


_AFTER_CHARS = 240
"""How far past a number its readers look (a constant's name, a definition's verb, the things
counted): a copy of the rest of a 10,000-column row per figure made such a row quadratic."""


def _after(line: str, end: int) -> str:
    """The text right after a number, as far as its readers look."""
    return line[end : end + _AFTER_CHARS]


def _code_span(line: str, start: int) -> str | None:
    """The inline code span (`` `...` ``) the position is inside, or None."""
    openings, closings = _code_spans(line)
    index = bisect_left(openings, start) - 1
    if index >= 0 and start < closings[index]:
        return line[openings[index] : closings[index] + 1]
    return None


@lru_cache(maxsize=256)
def _code_spans(line: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The line's backtick pairs, as (openings, closings) in order."""
    ticks = [i for i, c in enumerate(line) if c == "`"]
    pairs = list(zip(ticks[0::2], ticks[1::2], strict=False))
    return tuple(o for o, _ in pairs), tuple(c for _, c in pairs)


def _clause_before(line: str, start: int) -> str:
    """The words of the number's clause before it."""
    ends = _clause_starts(line)
    index = bisect_right(ends, start) - 1
    return line[ends[index] if index >= 0 else 0 : start]


@lru_cache(maxsize=256)
def _clause_starts(line: str) -> tuple[int, ...]:
    """Where the line's clauses start (each of `_CLAUSE_START`'s matches' ends), ascending:
    its fixed-width matches in the line are those in any prefix of it."""
    return tuple(sorted({m.end() for m in _CLAUSE_START.finditer(line)}))
