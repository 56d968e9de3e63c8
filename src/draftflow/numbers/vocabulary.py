"""The one vocabulary of units, metrics and the other word lists, read from `vocabulary.toml`
beside this module.

numbers/, extract/, select/, draft/ and verify/ read units, metrics, the words of metric
names, statistics and outcomes, engines, hardware, weight precisions and model families from
here; none of them keeps a table of its own. The data file holds plain spellings (patterns
only where a spelling list cannot say it); the patterns the readers need are compiled here
(`spelling_pattern`): escaped, longest first, spaces around a `/` optional. Adding a unit, a
metric, an engine, a hardware or a precision is one entry in the data file; the loader
refuses a spelling its readers cannot read.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources
from typing import Any

from pydantic import Field, PrivateAttr, ValidationError, model_validator

from draftflow.numbers.vocabulary_entries import (
    ConfigLimit,
    DocumentRoleWords,
    Entry,
    Metric,
    MetricDimensionWords,
    OutcomeNoun,
    ProseMetric,
    RateNoun,
    RunContext,
    RunSetting,
    Standing,
    StatisticWords,
    StatusWords,
    Unit,
    VocabularyError,
    spelling_pattern,
)
from draftflow.numbers.vocabulary_name_entries import (
    HARDWARE_AFTER,
    HARDWARE_BEFORE,
    Engine,
    Hardware,
    HardwareMakers,
    HardwareTopic,
    LocalWeights,
    ModelFamilies,
    OtherRuntimes,
    Precision,
    RecordSystem,
    _bounded,
    _words_read,
)

DATA_FILE = "vocabulary.toml"
__all__ = [
    "DATA_FILE",
    "HARDWARE_AFTER",
    "HARDWARE_BEFORE",
    "Engine",
    "RunSetting",
    "Unit",
    "Vocabulary",
    "VocabularyError",
    "dimensions_by_spelling",
    "load",
    "spelling_pattern",
    "spellings_with_dimensions",
    "unit_name_re",
    "unit_spelling_re",
    "vocabulary",
]


class Vocabulary(Entry):
    """The data file's contents, in the file's order (which is the order names are tried)."""

    measured_dimensions: frozenset[str] = frozenset()
    name_end_statistics: tuple[str, ...] = ()
    rate_time_words: tuple[str, ...] = ()
    minute_duration_words: tuple[str, ...] = ()
    minute_item_words: tuple[str, ...] = ()
    rate_noun: tuple[RateNoun, ...] = ()
    unit: tuple[Unit, ...]
    metric: tuple[Metric, ...]
    prose_metric: tuple[ProseMetric, ...] = ()
    run_setting: tuple[RunSetting, ...] = ()
    run_context: RunContext = RunContext()
    status: tuple[StatusWords, ...] = ()
    standing: Standing = Standing()
    document_role: tuple[DocumentRoleWords, ...] = ()
    config_limit: ConfigLimit | None = None
    precision: Precision = Precision()
    engine: tuple[Engine, ...] = ()
    other_runtimes: OtherRuntimes = OtherRuntimes()
    hardware: tuple[Hardware, ...] = ()
    hardware_makers: HardwareMakers = HardwareMakers()
    hardware_topic: tuple[HardwareTopic, ...] = ()
    record_system: RecordSystem | None = None
    model_families: ModelFamilies = ModelFamilies()
    local_weights: LocalWeights = LocalWeights()
    unit_groups: dict[str, frozenset[str]] = Field(default_factory=dict)
    metric_dimension: tuple[MetricDimensionWords, ...] = ()
    statistic: tuple[StatisticWords, ...] = ()
    outcome_noun: tuple[OutcomeNoun, ...] = ()

    _units: dict[str, Unit] = PrivateAttr(default_factory=dict)
    _metrics: dict[str, Metric] = PrivateAttr(default_factory=dict)
    _metric_dimensions: dict[str, str] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any, /) -> None:
        self._units.update((unit.id, unit) for unit in self.unit)
        self._metrics.update((metric.id, metric) for metric in self.metric)
        self._metric_dimensions.update(
            (metric.id, metric.dimension) for metric in self.metric if metric.dimension
        )

    @model_validator(mode="after")
    def _groups_name_known_units(self) -> Vocabulary:
        known = {unit.id for unit in self.unit}
        for name, units in self.unit_groups.items():
            if unknown := sorted(units - known):
                raise ValueError(f"unit group {name!r} names no unit {unknown}")
        return self

    @model_validator(mode="after")
    def _rate_nouns_name_known_units(self) -> Vocabulary:
        known = {unit.id for unit in self.unit}
        for entry in self.rate_noun:
            if unknown := sorted({*entry.rates, *entry.rates.values()} - known):
                raise ValueError(f"[[rate_noun]] {list(entry.nouns)} names no unit {unknown}")
        return self

    @model_validator(mode="after")
    def _dimension_words_name_known_dimensions(self) -> Vocabulary:
        known = {d for unit in self.unit for d in unit.dimensions}
        known |= {metric.dimension for metric in self.metric if metric.dimension}
        for entry in self.metric_dimension:
            if entry.dimension not in known:
                raise ValueError(
                    f"[[metric_dimension]] names dimension {entry.dimension!r}, which no unit or "
                    f"metric has; use one of {sorted(known)} or give a unit that dimension"
                )
        return self

    @model_validator(mode="after")
    def _measured_dimensions_are_known(self) -> Vocabulary:
        known = {d for unit in self.unit for d in unit.dimensions}
        if unknown := sorted(self.measured_dimensions - known):
            raise ValueError(f"measured_dimensions names {unknown}, which no unit has")
        return self

    @model_validator(mode="after")
    def _no_written_spelling_is_shadowed(self) -> Vocabulary:
        # the scanners try units in the file's order: an earlier unit that reads a later
        # unit's spelling would take every number written with it
        for index, unit in enumerate(self.unit):
            for spelling in unit.written:
                if shadow := _first_reader(self.unit[:index], f"{spelling} "):
                    raise ValueError(
                        f"unit {unit.id!r}: {spelling!r} after a number reads as {shadow!r}, "
                        "which comes first; move the entry or change the spelling"
                    )
        return self

    @model_validator(mode="after")
    def _no_name_spelling_is_shadowed(self) -> Vocabulary:
        # the readers join the entries of a kind in the file's order: an earlier entry that
        # reads the start of a later one's spelling takes every text that writes it
        engines = "|".join(spelling_pattern(engine.spellings) for engine in self.engine)
        for engine in self.engine:
            _words_read(engine.spellings, _bounded(engines), f"engine {engine.name!r}")
        for entry in self.hardware:
            kind = _bounded(self.hardware_pattern(entry.kind))
            _words_read(entry.spellings, kind, f"hardware {entry.name!r} (an earlier entry?)")
        return self

    # The three lookups below read the private dicts from `__pydantic_private__` (a slot):
    # `self._metrics` goes through pydantic's `__getattr__` (~4 µs a call, against ~0.3 µs),
    # and every figure asks them several times (90,000 calls for a 30,000-figure table).

    def unit_by_id(self, unit_id: str) -> Unit | None:
        """The unit whose canonical spelling is `unit_id`."""
        units: dict[str, Unit] = self.__pydantic_private__["_units"]  # type: ignore[index]
        return units.get(unit_id)

    def metric_by_id(self, metric_id: str) -> Metric | None:
        """The metric whose id is `metric_id`."""
        metrics: dict[str, Metric] = self.__pydantic_private__["_metrics"]  # type: ignore[index]
        return metrics.get(metric_id)

    def metric_dimension_of(self, metric_id: str) -> str | None:
        """The dimension of the metric whose id is `metric_id` (None when it has none)."""
        private = self.__pydantic_private__
        dimensions: dict[str, str] = private["_metric_dimensions"]  # type: ignore[index]
        return dimensions.get(metric_id)

    def engine_named(self, name: str) -> Engine | None:
        """The engine whose record name is `name`, in any case (`vllm` → vLLM)."""
        return next((e for e in self.engine if e.name.lower() == name.lower()), None)

    def hardware_pattern(self, kind: str) -> str:
        """The names of one kind of hardware (`system`, `cpu`, `chip`) as alternatives
        without bounds, in the file's order."""
        return "|".join(entry.pattern() for entry in self.hardware if entry.kind == kind)

    def generation_pattern(self) -> str:
        """The names of GPU generations (`[[hardware]]` with `generation = true`) as
        alternatives without bounds."""
        return "|".join(entry.pattern() for entry in self.hardware if entry.generation)

    def names_a_card(self, name: str) -> bool:
        """Whether `name` is a card that sits in a machine (`AMD Instinct MI100`, `RTX 4090`):
        a count of it is of GPUs, never of machines."""
        names = "|".join(entry.pattern() for entry in self.hardware if entry.card)
        return _card_pattern(names).fullmatch(name.strip()) is not None

    def unit_ids(self, dimension: str) -> frozenset[str]:
        """The canonical units of one dimension (`time` → ms, µs, s, min, h)."""
        return frozenset(u.id for u in self.unit if dimension in u.dimensions)

    def unit_group(self, name: str) -> frozenset[str]:
        """The canonical units of one named group (`restated` → tokens/s, ms, %, ...)."""
        if name not in self.unit_groups:
            raise VocabularyError(f"no unit group {name!r} in {DATA_FILE}; add it to [unit_groups]")
        return self.unit_groups[name]

    def metric_ids(self, kind: str) -> frozenset[str]:
        """The metrics of one kind (`speed`, `latency`, `duration`)."""
        return frozenset(m.id for m in self.metric if m.kind == kind)


@cache
def _card_pattern(names: str) -> re.Pattern[str]:
    """The card entries' names (`names`, as alternatives) as a whole name, a parenthesised
    architecture allowed after it (`AMD Instinct MI100 (gfx908)`); compiled once."""
    return re.compile(rf"(?:{names})(?:\s+\([^)]*\))?", re.I)


def written_re(unit: Unit) -> re.Pattern[str]:
    """A unit's written spellings read right after a number, in the unit's case mode; a
    letter, digit or `/` may not follow (`s` is not the start of `sec2`)."""
    return re.compile(rf"(?:{spelling_pattern(unit.written)})(?![A-Za-z0-9/])", unit.flags)


def _first_reader(units: Iterable[Unit], text: str) -> str | None:
    """The first of `units` whose written spellings read the start of `text`."""
    return next((u.id for u in units if u.written and written_re(u).match(text)), None)


def load(text: str) -> Vocabulary:
    """A vocabulary from the text of a data file (the shipped one: `vocabulary()`)."""
    try:
        return Vocabulary.model_validate(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise VocabularyError(
            f"the vocabulary data does not load ({error}); fix {DATA_FILE}"
        ) from error


@cache
def vocabulary() -> Vocabulary:
    """The shipped vocabulary, loaded once."""
    text = resources.files("draftflow.numbers").joinpath(DATA_FILE).read_text(encoding="utf-8")
    return load(text)


@cache
def unit_spelling_re(unit_id: str) -> re.Pattern[str]:
    """A unit's written spellings read right after a number (`written_re`), by its id."""
    return written_re(_known_unit(unit_id))


@cache
def unit_name_re(unit_id: str) -> re.Pattern[str] | None:
    """A unit's spellings in a lowercased header or key (`ttft_ms`, `TTFT (ms)`), or None."""
    unit = _known_unit(unit_id)
    parts = []
    if unit.name_parts:
        parts.append(_name_parts_pattern(unit.name_parts))
    if unit.name_words:
        parts.append(rf"\b(?:{spelling_pattern(unit.name_words)})\b")
    if unit.name_ends:
        # never a GGUF type's last part (`Q4_K_S`, `IQ3_S` are weight formats, not seconds)
        parts.append(
            rf"(?<!q\d_k)(?<!iq\d)(?:{spelling_pattern(unit.name_ends)})(?:\b|{_statistic_end()})"
        )
    return re.compile("|".join(parts)) if parts else None


@cache
def _statistic_end() -> str:
    """A statistic ending a key after its unit (`_max`, `_quantiles_p25`), as a lookahead."""
    statistics = vocabulary().name_end_statistics
    return rf"(?=_(?:{spelling_pattern(statistics)})\b)" if statistics else "(?!)"


def _name_parts_pattern(spellings: Sequence[str]) -> str:
    """Spellings found anywhere in a header, but one that begins with a letter not inside a
    word: `t/s` is no part of `BERT/SQuAD — f1`, and `Mtok/s` is another unit than `tok/s`."""
    led = [spelling for spelling in spellings if spelling[:1].isascii() and spelling[:1].isalpha()]
    other = [spelling for spelling in spellings if spelling not in led]
    alternatives = [rf"(?<![a-z])(?:{spelling_pattern(led)})"] if led else []
    return "|".join([*alternatives, spelling_pattern(other)] if other else alternatives)


def _known_unit(unit_id: str) -> Unit:
    unit = vocabulary().unit_by_id(unit_id)
    if unit is None:
        raise VocabularyError(f"no unit {unit_id!r} in {DATA_FILE}; add an entry for it")
    return unit


@cache
def dimensions_by_spelling() -> dict[str, frozenset[str]]:
    """Each lowercased spelling of a unit that has dimensions (its id too) → its dimensions."""
    found: dict[str, frozenset[str]] = {}
    for unit in vocabulary().unit:
        if unit.dimensions:
            for spelling in (unit.id, *unit.spellings, *unit.labels):
                found.setdefault(spelling.lower(), unit.dimensions)
    return found


def spellings_with_dimensions(*, free_text: bool = False) -> list[tuple[Unit, str]]:
    """(unit, spelling) for every spelling of every unit that has dimensions; `free_text`
    leaves out the spellings that are also ordinary words (`s`, `min`, `us`)."""
    return [
        (unit, spelling)
        for unit in vocabulary().unit
        if unit.dimensions
        for spelling in unit.spellings
        if not (free_text and spelling in unit.ambiguous)
    ]
