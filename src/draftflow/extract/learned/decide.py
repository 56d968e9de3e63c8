"""The learned decision: which numbers of a snapshot are reported results.

The rules' figures (`classify.select`, `unspecified.with_unspecified`) and every other number
(a cell's value the rules left, a number on a line no reader took or left, `harvest/lines.py`)
are instances; the model keeps those it scores at or above its threshold. A figure the rules chose
keeps the rules' metric, unit and statistic; a figure only the model chose is `unspecified`,
with what the source calls it: the model says *that* it is a result, not *what* it measures.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import UNSPECIFIED, Selected, advised
from draftflow.extract.expectations import PlannedCells, named_expected
from draftflow.extract.failed_points import failed_point
from draftflow.extract.harvest.lines import (
    Places,
    harvest_lines,
    line_places,
    reads_lines,
    taken_places,
    written_at,
)
from draftflow.extract.learned.columns import ColumnStats
from draftflow.extract.learned.features import (
    NEVER_RESULTS,
    Features,
    Place,
    instance_features,
)
from draftflow.extract.learned.rows import row_lines
from draftflow.extract.learned.weights import KEPT, LEFT, ResultModel
from draftflow.extract.metric_names import metric_name, names_no_metric
from draftflow.extract.references import is_reference_point
from draftflow.extract.statistic_names import cell_statistic
from draftflow.extract.vocabulary import THRESHOLD_WORDS
from draftflow.numbers import NumberKind, find_numbers
from draftflow.numbers.dimensions import unit_dimensions
from draftflow.numbers.units import unit_after
from draftflow.numbers.vocabulary import vocabulary
from draftflow.text.lines import log_message, plain_text


@dataclass(frozen=True)
class Instance:
    """One value of one candidate, with the rules' figure of it (if any) and its features."""

    candidate: Candidate
    value_index: int
    chosen: Selected | None
    own: Features
    """Its features, not crossed with whether the rules chose it."""

    @cached_property
    def features(self) -> Features:
        """Its features crossed with whether the rules chose it (`crossed`): what the model
        weighs, built only when asked (training); `decide` scores `own` crossed in place."""
        return crossed(self.own, self.chosen is not None)

    @property
    def place(self) -> tuple[str, int, float]:
        """(document path, line, value): how gold figures are matched."""
        value = float(self.candidate.values[self.value_index])
        return (self.candidate.path, self.candidate.line, round(value, 6))


def instances(
    snapshot: Snapshot, candidates: list[Candidate], selected: list[Selected]
) -> Iterator[Instance]:
    """Every instance of a snapshot: first the rules' figures, then the values of harvested
    candidates they left, then the numbers on lines no reader took, document by document."""
    places = _PlaceReader({d.document_id: d for d in snapshot.documents})
    columns = ColumnStats(candidates, selected)
    chosen_values: set[tuple[int, int]] = set()
    for item in selected:
        chosen_values.add((id(item.candidate), item.value_index))
        yield _instance(item.candidate, item.value_index, item, places, columns)
    for candidate in candidates:
        for index, value in enumerate(candidate.values):
            if (id(candidate), index) not in chosen_values and math.isfinite(value):
                yield _instance(candidate, index, None, places, columns)
    taken = taken_places(candidates)
    for document in snapshot.documents:
        if not reads_lines(document):
            continue
        found = taken.get(document.document_id, set())
        for candidate in harvest_lines(document, found, places.of(document)):
            if math.isfinite(candidate.values[0]):
                yield _instance(candidate, 0, None, places, columns)


def decide(
    snapshot: Snapshot,
    candidates: list[Candidate],
    selected: list[Selected],
    model: ResultModel,
) -> list[Selected]:
    """The figures the model keeps: the rules' figures it accepts, and an `unspecified`
    figure for each other number it accepts, in harvest order (line candidates last)."""
    kept: list[Selected] = []
    planned = PlannedCells(candidates)
    for instance in instances(snapshot, candidates, selected):
        if any(name in instance.own for name in NEVER_RESULTS):
            continue  # a progress bar's count or time, a transcript's words: never results
        if is_reference_point(instance.candidate):
            continue  # a baseline's 1.00×: what its definition fixes, no measurement
        if instance.chosen is None and out_by_policy(instance.candidate):
            continue  # the policy's out list stands
        if planned.covers(instance.candidate) or failed_point(instance.candidate):
            continue  # a plan's arm (`TBD`), a point with no rate: nothing ran
        if not model.accepts_crossed(instance.own, rules_chose=instance.chosen is not None):
            continue
        kept.append(instance.chosen or _unspecified(instance))
    order = {id(candidate): index for index, candidate in enumerate(candidates)}
    return sorted(kept, key=lambda item: order.get(id(item.candidate), len(order)))


_BOUND_OR_FORMULA = re.compile(r"[≈≤≥<>=]|\+\s*$|^\s*`")
_FORMULA = re.compile(r"[≈≤≥<>=]")
_OPEN_BOUND = re.compile(r"\+(?!\d)")
_HTML_TAG = re.compile(r"</?[A-Za-z][^<>]*>|-+>|=>")
"""An HTML tag, or an arrow written with a bracket (`45.0 -> 70.0`, `a => b`)."""


def _tags_blanked(text: str) -> str:
    """`text` with each HTML tag (`<td>`, `</b>`, `<br/>`) and each arrow (`->`, `=>`)
    written as spaces of its length: a tag's angle brackets are no comparison (`<td>2.4</td>`
    in a notebook's table, `7min<br/>10GB` in a cell), nor is an arrow's (a reading from one
    value to another, `45.0 -> 70.0 (Max 70.0)`), and the number keeps its place."""
    return _HTML_TAG.sub(lambda tag: " " * len(tag.group()), text)


def out_by_policy(candidate: Candidate) -> bool:
    """Whether the gold policy's *out* list names a number the rules left, whatever the
    model scores: a threshold, target or estimate (by its column, key, row, heading or
    caption), a setting or identifier by the settings vocabulary (its column, key or row: a
    `Knob` table's `Port`, `ctx` and `gpu_memory_utilization` rows are settings, though the
    row may name a configuration, `llama.cpp CPU`), or a cell that is a bound or a formula
    (`≈ 3.4`, `273 / 80`, `500+`, code; an HTML tag's brackets are none)."""
    names = " ".join(
        text.lower()
        for text in (candidate.key, candidate.heading or "", candidate.row_header or "")
    )
    if THRESHOLD_WORDS.search(names) or advised(candidate):
        return True
    if named_expected(candidate):
        return True  # `What you should see`, `性能预期`, `推荐配置`: expected, not run
    key = _after_tag(candidate.key) if candidate.format is SourceFormat.LINE else candidate.key
    if any(_names_a_setting(name, candidate) for name in (key, candidate.row_header) if name):
        return True
    if an_epoch_time(key, candidate.values):
        return True
    if a_sampling_temperature(key, candidate):
        return True
    if candidate.format is SourceFormat.LINE:
        line = _tags_blanked(candidate.caption or "")
        start, end = written_at(candidate, line) or (-1, len(candidate.text) - 1)
        before, after = line[max(0, start - 3) : start], line[end : end + 3]
        if _OPEN_BOUND.match(after) or _FORMULA.search(after):
            return True
        if not _FORMULA.search(before):
            return False
        name = reading_name(line[max(0, start - 80) : start])
        # a setting named with its value (`177.8 tok/s @ N=12`, `n=3`) is the configuration
        return name is None or _names_a_setting(name, candidate)
    return bool(_BOUND_OR_FORMULA.search(_tags_blanked(candidate.text)))


_NAMED_READING = re.compile(
    r"(?:^|[\s(,;|{\[`*])(?P<name>[A-Za-z_][\w@.\-]*(?:[ \t]+[A-Za-z_][\w@.\-]*)*)"
    r"[ \t]*`?[ \t]*=[ \t]*\**[ \t]*$"
)
"""Words, then `=` right before a number (`busbw=22.7 GB/s`, `load time =  390.49 ms`,
`pass@1 = 0.000`): a tool's or an author's named reading. A formula's `=` follows a number or
an operator (`198.25 * 1000 / 4790.39 = 41.47`, `n=3 = 40.3`), which no word run ends in."""
_OPERATOR_BEFORE = re.compile(r"[×÷/^+=≈~]$")
_NUMBER_BEFORE = re.compile(r"\d$")


def named_reading(before: str) -> bool:
    """Whether the text `before` a number ends in a name and `=` (`key=value` or
    `key = value`): the number is what the name reads, not the result of arithmetic the
    source shows, so the policy's formula rule leaves it to the model. Words after an
    operator, or a unit after a number (`÷ 273 GB/s = 227 ms per token = 4.4 tok/s`), are a
    quantity in a chain of arithmetic, not a name."""
    return reading_name(before) is not None


def reading_name(before: str) -> str | None:
    """The name `named_reading` reads before a number (`busbw` of `busbw=22.7`, `N` of
    `177.8 tok/s @ N=12`), or None where the `=` is arithmetic's or there is none."""
    match = _NAMED_READING.search(before)
    if match is None:
        return None
    head = before[: match.start("name")].rstrip(" \t*_`")
    if _OPERATOR_BEFORE.search(head):
        return None
    if _NUMBER_BEFORE.search(head) and unit_after(before, len(head)) is not None:
        return None
    return match.group("name")


_CONFIGURATION = re.compile(
    r"\b(?:concurrency|batch(?:[\s_-]*size)?|bs|ctx|context|depth|chunk(?:[\s_-]*size)?)"
    r"\s*[:=@]?\s*\d[\d,.]*\s*[kKmM]?\b",
    re.I,
)
"""A setting named with its own value (`depth 170`, `ctx 518`, `Concurrency 5:`): the name
says at which configuration the number beside it was measured, not that it is the setting."""
_MEASURED_STATISTIC = re.compile(r"(?:^|[\W_])(?:avg|average|mean|median)(?:[\W_]|$)", re.I)
"""A name that averages what it names (`Avg memory utilization`, `M9_avg_mem_util_percent`)
reads a measurement: a setting is set, not averaged."""
_EVENT_COUNT = re.compile(r"^\W*(?:timeouts|errors|failures|retries)\W*$", re.I)
"""A name that is a plural event alone (`Timeouts`): a count of what happened, not the
`timeout` setting."""


def _names_a_setting(name: str, candidate: Candidate) -> bool:
    """Whether the settings vocabulary reads `name` (a candidate's column, key or row) as a
    setting or identifier of the number, once a setting given with its own value is read as
    the configuration (`p100 (depth 170)`), and unless the name averages a measurement or
    counts events (`Avg memory utilization`, `Timeouts`)."""
    bare = _CONFIGURATION.sub(" ", name).strip(" \t:()[]-")
    if not bare or _MEASURED_STATISTIC.search(bare) or _EVENT_COUNT.match(bare):
        return False
    return names_no_metric(bare) and not _a_duration(bare, candidate)


def _after_tag(words: str) -> str:
    """The words before a number on a line after the last bracketed tag among them: a log
    line's `[default_loader.py:272] Loading weights took 6.04 seconds` names its number
    `Loading weights took`; the tag says where the logger stands (a file and a line, which the
    settings vocabulary reads as an identifier), not what the number is."""
    return words.rsplit("]", 1)[-1].strip()


_TIME_ALONE = re.compile(r"^\W*time\W*$", re.I)
_CLOCK_OR_EPOCH = 1e6
"""A `time` cell at or above this is a clock reading or an epoch, not a duration."""


def _a_duration(name: str, candidate: Candidate) -> bool:
    """Whether a name the settings vocabulary reads as an identifier (`time`, a timestamp)
    names a duration here: a number below a million under `Time` (`147 min`, `1.086`) is
    how long something took; a clock (`12:38`) or a date is no one number, an epoch is big."""
    values = [abs(float(value)) for value in candidate.values]
    return bool(_TIME_ALONE.match(name)) and all(value < _CLOCK_OR_EPOCH for value in values)


_POINT_IN_TIME = frozenset(
    {"start", "started", "begin", "end", "ended", "finished", "stop", "stopped", "created", "epoch"}
    | {"ts", "timestamp", "stamp", "datetime", "when"}
)
"""Words that name when something happened (`start_time`, `end_time`, `created`, a record's
`ts`: cadamcat/dual-radeon-vllm's `"ts": 1784949212.4` was published, read-s32)."""
_NAME_WORDS = re.compile(r"[^a-z]+")
_EPOCH = (1e9, 1e19)
"""Seconds since 1970 pass 1e9 in 2001; milliseconds, microseconds and nanoseconds are larger
still, and no epoch of this era is 1e19 nanoseconds."""


_SAMPLING_CEILING = 2.0
"""OpenAI-compatible servers accept a sampling temperature from 0 to 2; a device's
temperature in °C or °F never reads that low while it runs."""


def a_sampling_temperature(name: str, candidate: Candidate) -> bool:
    """Whether a number named a temperature with no unit and no more than 2 is the sampler's
    setting (`| Temp | Min P | Top P |` over `0.7`), not a device's reading: a retrain on 70
    repositories scored a sampler table's `Temp 0.7` a result (test_extract_world22)."""
    if candidate.unit_guess is not None or metric_name(name) != "temperature":
        return False
    return bool(candidate.values) and all(0 <= v <= _SAMPLING_CEILING for v in candidate.values)


def an_epoch_time(name: str, values: list[float]) -> bool:
    """Whether `name` names when a run started or ended (`start_time`, `end_time`, `created`)
    and every value is an epoch: a timestamp, an identifier of the run as the policy holds a
    `timestamp` or a `date` out, never a result. A name that names a metric
    (`end_to_end_latency_ns`) measures a duration, and a small value is one (`147`)."""
    words = _NAME_WORDS.split(name.rsplit(".", 1)[-1].lower())
    if not _POINT_IN_TIME.intersection(words) or not values:
        return False
    if not all(_EPOCH[0] <= abs(float(value)) < _EPOCH[1] for value in values):
        return False
    return metric_name(name) is None


def _unspecified(instance: Instance) -> Selected:
    """A figure the model alone chose, with its unit where the source writes one right after
    it (else the one its name gives) and what the source calls it: of the metric that name
    names when the unit is that metric's kind of quantity (verify refuses `unspecified`
    for it), else of no metric."""
    candidate = instance.candidate
    named = plain_text(candidate.key).strip() or (candidate.heading or "").strip() or None
    unit = candidate.unit_guess
    if unit is not None and named is not None and _another_numbers_unit(named, unit):
        unit = None  # `(~62–83 tok/s) from 256 through 128K`: the name's unit is 62–83's
    if candidate.format is SourceFormat.LINE and candidate.caption:
        # the unit written after the number first: the words before it may hold another
        # number's (`10% in 0.0463 secs`, a `hey` latency distribution, is in seconds)
        span = written_at(candidate, candidate.caption)
        if span is not None:
            unit = unit_after(candidate.caption, span[1]) or unit
    statistic = cell_statistic(candidate.key, candidate.text, instance.value_index)
    return Selected(
        candidate,
        _metric_named(named, unit),
        unit or UNSPECIFIED,
        statistic,
        instance.value_index,
        named_as=named or "a number the source states without naming it",
    )


_SHARED_UNIT = re.compile(r"(?:\b(?:vs|versus|than|to|and|or)\.?|→|->|[/–-])\s*$", re.I)
"""Words ending a name that carry its number's unit over to the next (`5.15 token/s vs.`)."""
_MEASURED_KINDS = frozenset({NumberKind.QUANTITY, NumberKind.RANGE, NumberKind.PLUS_MINUS})


def _another_numbers_unit(name: str, unit: str) -> bool:
    """Whether the words naming a number write `unit` right after a quantity of their own and
    do not carry it over to the number: the unit is that quantity's (MiaAI-Lab's `256` after
    `flat (~62–83 tok/s) from` was published as 256 tokens/s, read-s32)."""
    return any(
        mention.kind in _MEASURED_KINDS
        and unit_after(name, mention.end) == unit
        and not _SHARED_UNIT.search(name)
        for mention in find_numbers(name)
    )


def _metric_named(named: str | None, unit: str | None) -> str:
    """The metric the name a source gives a number names (`Avg prompt throughput:` before
    `4964.4 tokens/s`, `memory in each GPU:` before `31.83 GiB`), when the unit written with
    it is that metric's kind of quantity; else `unspecified`: a name whose metric the unit
    contradicts (`Avg prefill time:` in seconds is no `prefill_rate`), or a number of no unit,
    is not read as that metric."""
    metric = metric_name(named) if named else None
    if metric is None or not unit:
        return UNSPECIFIED
    dimension = vocabulary().metric_dimension_of(metric)
    return metric if dimension is not None and dimension in unit_dimensions(unit) else UNSPECIFIED


def crossed(features: Features, chosen: bool) -> Features:
    """The features, each also crossed with whether the rules chose the number: a linear
    model then weighs evidence apart for what the rules kept and what they left."""
    side = KEPT if chosen else LEFT
    return features | {side + name: value for name, value in features.items()}


class _PlaceReader:
    """Each document's line places (heading path and block kind), read once per document."""

    def __init__(self, documents: dict[str, Document]) -> None:
        self._documents = documents
        self._blocks: dict[str, Places] = {}
        self._rows: dict[str, frozenset[int]] = {}
        self._last: tuple[tuple[str, int], Place] | None = None

    def of(self, document: Document) -> Places:
        """The document's line places (none for a data file)."""
        blocks = self._blocks.get(document.document_id)
        if blocks is None:
            blocks = line_places(document) if reads_lines(document) else {}
            self._blocks[document.document_id] = blocks
        return blocks

    def place(self, candidate: Candidate) -> Place:
        """Where a candidate stands: its block kind (`data` in a data file) and its line; the
        last line's kept (a row's candidates come together and stand alike)."""
        key = (candidate.document_id, candidate.line)
        if self._last is None or self._last[0] != key:
            self._last = (key, self._place(candidate))
        return self._last[1]

    def _place(self, candidate: Candidate) -> Place:
        document = self._documents.get(candidate.document_id)
        if document is None:
            return Place("line", "")
        block = self.of(document).get(candidate.line, ((), "line"))[1]
        if not reads_lines(document):
            return Place("data", document.line(candidate.line) or "")
        rows = self._rows.get(document.document_id)
        if rows is None:
            rows = self._rows[document.document_id] = row_lines(document.line_list)
        # a logger's record is read without its prefix: its time stamp and level say
        # nothing of whether a number is a result (`[2026-01-20 20:19:06,373 INFO]`)
        line = log_message(document.line(candidate.line) or "")
        return Place(block, line, candidate.line in rows)


def _instance(
    candidate: Candidate,
    index: int,
    chosen: Selected | None,
    places: _PlaceReader,
    columns: ColumnStats,
) -> Instance:
    place = places.place(candidate)
    features = instance_features(candidate, index, chosen, place)
    features.update(columns.features(candidate))
    return Instance(candidate, index, chosen, features)


__all__ = ["Instance", "decide", "instances"]
