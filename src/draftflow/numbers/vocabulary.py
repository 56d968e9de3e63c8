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
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)

from draftflow.errors import ConfigError

DATA_FILE = "vocabulary.toml"


class VocabularyError(ConfigError):
    """The vocabulary data file does not load or contradicts itself."""


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Unit(_Entry):
    """A unit: its canonical spelling, its dimensions and the ways texts write it."""

    id: str
    dimensions: frozenset[str] = frozenset()
    measured: bool = False
    exact_case: bool = False
    written: tuple[str, ...] = ()
    joined: tuple[str, ...] = ()
    attached: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    ambiguous: tuple[str, ...] = ()
    stems: tuple[str, ...] = ()
    name_parts: tuple[str, ...] = ()
    name_words: tuple[str, ...] = ()
    name_ends: tuple[str, ...] = ()
    metric: str | None = None

    @model_validator(mode="after")
    def _scanners_read_every_spelling(self) -> Unit:
        for spelling in (*self.written, *self.joined, *self.attached):
            if not _readable_after_a_number(spelling, self.flags):
                raise ValueError(
                    f"unit {self.id!r}: the number scanners cannot read {spelling!r} after a "
                    "number; write it without spaces or Markdown (`*`, `_`, backticks) at "
                    "its ends"
                )
        return self

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every spelling of the unit in a text: written, joined and aliases."""
        return (*self.written, *self.joined, *self.aliases)

    @property
    def flags(self) -> re.RegexFlag:
        """The case mode its spellings match in."""
        return re.NOFLAG if self.exact_case else re.IGNORECASE


class Metric(_Entry):
    """A metric: its id, what it measures and the names that say it."""

    id: str
    dimension: str | None = None
    unit: str | None = None
    better: Literal["higher", "lower"] | None = None
    kind: Literal["speed", "latency", "duration"] | None = None
    percent: bool = False
    spellings: tuple[str, ...] = ()
    header: str | None = None

    def pattern(self) -> str | None:
        """The pattern a lowercased header, key or phrase naming it matches: its header
        pattern, then its spellings (None when it has neither)."""
        parts = [self.header] if self.header else []
        if self.spellings:
            parts.append(spelling_pattern(self.spellings))
        return "|".join(parts) or None


class ProseMetric(_Entry):
    """A phrase prose names a metric with, tried before or after the metrics' patterns."""

    metric: str
    order: Literal["first", "last"]
    pattern: str


class RunSetting(_Entry):
    """A run setting a count in text states: the words that say which one it is."""

    key: Literal["input_tokens", "output_tokens", "context_tokens", "concurrency"]
    unit: str = ""
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    lengths: tuple[str, ...] = ()


class RunContext(_Entry):
    """Where a source describes its runs once: methodology headings, workload lead-ins."""

    methodology_headings: tuple[str, ...] = ()
    workload_lead_ins: tuple[str, ...] = ()
    workload_trail_cuts: tuple[str, ...] = ()
    rate_at_headers: tuple[str, ...] = ()
    """Rate and latency headers written with their load after `@` (`TPS@4`)."""
    hosted_models: tuple[str, ...] = ()
    """Models served only by their vendor's API (`Gemini Flash`): a figure whose context
    names one was not measured on the repository's own machine or engine."""
    benchmarks: tuple[str, ...] = ()
    """Task benchmarks (`MMLU`, `GSM8K`, `Wiki2`): a score column or heading naming one
    states the workload of the figures under it."""


class StatusWords(_Entry):
    """An author's status for a result (`retracted`) and the words that state it."""

    id: str
    words: tuple[str, ...]


class Standing(_Entry):
    """The words that mark a result's standing: negations, what a status word must speak
    about, and the phrases that name who measured a figure."""

    negations: tuple[str, ...] = ()
    result_nouns: tuple[str, ...] = ()
    stating_verbs: tuple[str, ...] = ()
    by_phrases: tuple[str, ...] = ()
    source_keys: tuple[str, ...] = ()
    origin_keys: tuple[str, ...] = ()
    comment_author_keys: tuple[str, ...] = ()
    hosted: tuple[str, ...] = ()
    hosted_cues: tuple[str, ...] = ()
    measured_words: tuple[str, ...] = ()


class DocumentRoleWords(_Entry):
    """The words that give a document a role: in its path (folders and file name) or in its
    title and opening lines (`Purpose: design a test plan`)."""

    role: str
    path_words: tuple[str, ...] = ()
    title_pattern: str | None = None


class ConfigLimit(_Entry):
    """How a configuration key names a limit rather than a measurement (`max_p99_ttft_ms`)."""

    key_pattern: str


def _lowercase(spellings: tuple[str, ...], what: str) -> tuple[str, ...]:
    # the readers match in any case, and verify looks for a spelling in a lowercased source
    if upper := [spelling for spelling in spellings if spelling != spelling.lower()]:
        raise ValueError(f"{what} are written in lowercase; lowercase {upper}")
    return spellings


def _compiled(patterns: tuple[str, ...]) -> tuple[str, ...]:
    for pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as error:
            raise ValueError(f"{pattern!r} is no regular expression ({error})") from error
    return patterns


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
# what an engine's or a hardware name may not touch on either side: a word character or `-`
HARDWARE_BEFORE = r"(?<![\w-])"
HARDWARE_AFTER = r"(?![\w-])"


def _bounded(pattern: str) -> re.Pattern[str]:
    """An engine's or a hardware name's alternatives as a word of its own, in any case."""
    return re.compile(rf"{HARDWARE_BEFORE}(?:{pattern}){HARDWARE_AFTER}", re.I)


class Precision(_Entry):
    """The weight precisions sources name (`fp8`, `Q4_K_M`), the unquantized formats a
    quantization table compares against, and the data types of a KV cache."""

    spellings: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    reference: tuple[str, ...] = ()
    kv_cache: tuple[str, ...] = ()

    @field_validator("spellings", "reference", "kv_cache")
    @classmethod
    def _spellings_are_lowercase(cls, spellings: tuple[str, ...]) -> tuple[str, ...]:
        return _lowercase(spellings, "precision spellings")

    @field_validator("patterns")
    @classmethod
    def _patterns_compile(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        return _compiled(patterns)

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
        return re.compile(rf"{PRECISION_BEFORE}(?:{self.pattern()}){PRECISION_AFTER}", re.I)


class Hardware(_Entry):
    """A machine, CPU family or chip sources name: its kind and the ways they write it."""

    name: str
    kind: Literal["system", "cpu", "chip"]
    spellings: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    alone: str | None = None

    @field_validator("spellings")
    @classmethod
    def _spellings_are_lowercase(cls, spellings: tuple[str, ...]) -> tuple[str, ...]:
        return _lowercase(spellings, "hardware spellings")

    @field_validator("patterns")
    @classmethod
    def _patterns_compile(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        return _compiled(patterns)

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


class HardwareMakers(_Entry):
    """The maker words a hardware name may open with (dropped when two names are compared)."""

    words: tuple[str, ...] = ()


class HardwareTopic(_Entry):
    """A hardware topic a record is filed under: the keywords that find it in a snapshot and
    the words that support it in a source."""

    topic: str
    keywords: tuple[str, ...]
    support: tuple[str, ...] = ()

    @field_validator("keywords")
    @classmethod
    def _keywords_compile(cls, keywords: tuple[str, ...]) -> tuple[str, ...]:
        return _compiled(keywords)


class RecordSystem(_Entry):
    """The machine class the records are about (DGX Spark and the boxes on its GB10 chip):
    the keywords that name it and the pattern a record's system is read with."""

    name: str
    keywords: tuple[str, ...]
    pattern: str

    @field_validator("keywords")
    @classmethod
    def _keywords_compile(cls, keywords: tuple[str, ...]) -> tuple[str, ...]:
        return _compiled(keywords)


class Engine(_Entry):
    """An inference engine: the name records carry and the plain spellings texts use."""

    name: str
    spellings: tuple[str, ...]

    @field_validator("spellings")
    @classmethod
    def _spellings_are_lowercase(cls, spellings: tuple[str, ...]) -> tuple[str, ...]:
        return _lowercase(spellings, "engine spellings")

    @model_validator(mode="after")
    def _readers_read_every_spelling(self) -> Engine:
        _words_read(
            self.spellings, _bounded(spelling_pattern(self.spellings)), f"engine {self.name!r}"
        )
        return self


class ModelFamilies(_Entry):
    """The open-weight model families a caption or heading may name, by plain name."""

    names: tuple[str, ...] = ()


class _Alternatives(_Entry):
    """Words as regular-expression alternatives, tried as one pattern (`pattern`)."""

    patterns: tuple[str, ...]

    @field_validator("patterns")
    @classmethod
    def _patterns_are_sound(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        # an empty alternative would match every name
        if not patterns or not all(pattern.strip() for pattern in patterns):
            raise ValueError("an empty pattern matches every name; give each entry its words")
        try:
            re.compile("|".join(patterns))
        except re.error as error:
            raise ValueError(f"{patterns!r} is no regular expression ({error})") from error
        return patterns

    @property
    def pattern(self) -> str:
        """The entry's alternatives as one pattern, in the file's order."""
        return "|".join(self.patterns)


class MetricDimensionWords(_Alternatives):
    """The words of a metric name, JSON key or header that say what kind of quantity it is."""

    dimension: str


class StatisticWords(_Alternatives):
    """The words of a name that state its statistic (`p95`, `median`); `{0}` in `statistic`
    takes the pattern's first group."""

    statistic: str

    @model_validator(mode="after")
    def _placeholder_has_a_group(self) -> StatisticWords:
        if "{0}" in self.statistic and re.compile(self.pattern).groups < 1:
            raise ValueError(
                f"statistic {self.statistic!r} takes {{0}} from its pattern's first group; "
                "add a group `(...)` to its patterns"
            )
        return self


class OutcomeNoun(_Alternatives):
    """The nouns after a number in prose that make it a count of run outcomes (`0 errors`)."""

    metric: str


class Vocabulary(_Entry):
    """The data file's contents, in the file's order (which is the order names are tried)."""

    measured_dimensions: frozenset[str] = frozenset()
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
    hardware: tuple[Hardware, ...] = ()
    hardware_makers: HardwareMakers = HardwareMakers()
    hardware_topic: tuple[HardwareTopic, ...] = ()
    record_system: RecordSystem | None = None
    model_families: ModelFamilies = ModelFamilies()
    unit_groups: dict[str, frozenset[str]] = {}
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

    def unit_by_id(self, unit_id: str) -> Unit | None:
        """The unit whose canonical spelling is `unit_id`."""
        return self._units.get(unit_id)

    def metric_by_id(self, metric_id: str) -> Metric | None:
        """The metric whose id is `metric_id`."""
        return self._metrics.get(metric_id)

    def metric_dimension_of(self, metric_id: str) -> str | None:
        """The dimension of the metric whose id is `metric_id` (None when it has none)."""
        return self._metric_dimensions.get(metric_id)

    def engine_named(self, name: str) -> Engine | None:
        """The engine whose record name is `name`, in any case (`vllm` → vLLM)."""
        return next((e for e in self.engine if e.name.lower() == name.lower()), None)

    def hardware_pattern(self, kind: str) -> str:
        """The names of one kind of hardware (`system`, `cpu`, `chip`) as alternatives
        without bounds, in the file's order."""
        return "|".join(entry.pattern() for entry in self.hardware if entry.kind == kind)

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


def spelling_pattern(spellings: Iterable[str]) -> str:
    """One alternation of plain spellings, longest first (so `tokens/s` is tried before
    `tokens`), each escaped; a space is any run of them, and spaces around a `/` are optional
    after a word, not a lone letter (`tok / s`, not `t / s`)."""
    ordered = sorted(dict.fromkeys(spellings), key=len, reverse=True)
    return "|".join(_spelling(spelling) for spelling in ordered)


def _spelling(spelling: str) -> str:
    escaped = re.escape(spelling).replace(r"\ ", r"\s+")
    before = spelling.split("/", 1)[0]
    # a lone letter before the slash stays tight: `Port / served` is no `t/s`
    return escaped if len(before) < 2 else escaped.replace("/", r"\s*/\s*")


# what the scanners skip between a number and its unit (numbers/units.py `_MARKUP`)
_MARKUP_CHARACTERS = "*_` \t"


def _readable_after_a_number(spelling: str, flags: re.RegexFlag) -> bool:
    """Whether a scanner reads the spelling whole right after a number: it starts with no
    character the scanner skips, ends in no space, and its pattern matches it."""
    if not spelling or spelling[0] in _MARKUP_CHARACTERS or spelling != spelling.rstrip():
        return False
    pattern = re.compile(rf"(?:{_spelling(spelling)})(?![A-Za-z0-9/])", flags)
    return pattern.fullmatch(spelling) is not None


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
        parts.append(spelling_pattern(unit.name_parts))
    if unit.name_words:
        parts.append(rf"\b(?:{spelling_pattern(unit.name_words)})\b")
    if unit.name_ends:
        parts.append(rf"(?:{spelling_pattern(unit.name_ends)})\b")
    return re.compile("|".join(parts)) if parts else None


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
