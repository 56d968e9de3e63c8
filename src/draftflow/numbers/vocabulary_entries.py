"""The entries of the vocabulary's data file, one model each (a unit, a metric, a run
setting, the word lists; the names of what ran are `vocabulary_name_entries.py`), and the
spelling patterns their readers compile: each entry refuses, when it is loaded, a spelling
its reader cannot read. `vocabulary.py` reads the file into them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from draftflow.errors import ConfigError


class VocabularyError(ConfigError):
    """The vocabulary data file does not load or contradicts itself."""


class Entry(BaseModel):
    """An entry of the vocabulary's data file: frozen, and no key the model does not know."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Unit(Entry):
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


class Metric(Entry):
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


class ProseMetric(Entry):
    """A phrase prose names a metric with, tried before or after the metrics' patterns."""

    metric: str
    order: Literal["first", "last"]
    pattern: str


class RunSetting(Entry):
    """A run setting a count in text states: the words that say which one it is."""

    key: Literal[
        "input_tokens", "output_tokens", "max_output_tokens", "context_tokens", "concurrency"
    ]
    unit: str = ""
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    lengths: tuple[str, ...] = ()


class RunContext(Entry):
    """Where a source describes its runs once: methodology headings, workload lead-ins."""

    methodology_headings: tuple[str, ...] = ()
    workload_lead_ins: tuple[str, ...] = ()
    workload_trail_cuts: tuple[str, ...] = ()
    rate_at_headers: tuple[str, ...] = ()
    """Rate and latency headers written with their load after `@` (`TPS@4`)."""
    hosted_models: tuple[str, ...] = ()
    """Models served only by their vendor's API (`Gemini Flash`): a figure whose context
    names one was not measured on the repository's own machine or engine."""
    hosted_services: tuple[str, ...] = ()
    """Inference services only their vendor runs (`Workers AI`): a figure whose context names
    one was measured on the vendor's service, not the repository's own machine or engine."""
    benchmarks: tuple[str, ...] = ()
    """Task benchmarks (`MMLU`, `GSM8K`, `Wiki2`): a score column or heading naming one
    states the workload of the figures under it."""
    perplexity_corpora: tuple[str, ...] = ()
    """The benchmarks a column may score by perplexity: a header naming one alone names no
    metric, as every other benchmark's names its score."""


class StatusWords(Entry):
    """An author's status for a result (`retracted`) and the words that state it."""

    id: str
    words: tuple[str, ...]


class Standing(Entry):
    """The words that mark a result's standing: negations, what a status word must speak
    about, and the phrases that name who measured a figure."""

    negations: tuple[str, ...] = ()
    result_nouns: tuple[str, ...] = ()
    stating_verbs: tuple[str, ...] = ()
    by_phrases: tuple[str, ...] = ()
    source_nouns: tuple[str, ...] = ()
    source_prepositions: tuple[str, ...] = ()
    source_keys: tuple[str, ...] = ()
    origin_keys: tuple[str, ...] = ()
    comment_author_keys: tuple[str, ...] = ()
    hosted: tuple[str, ...] = ()
    hosted_cues: tuple[str, ...] = ()
    hosted_routes: tuple[str, ...] = ()
    measured_words: tuple[str, ...] = ()
    example_headings: tuple[str, ...] = ()
    example_lead_ins: tuple[str, ...] = ()
    example_words: tuple[str, ...] = ()
    """Words that offer what follows as an example (`sample`, `expected`), read with an
    output noun or a hedge of the same lead-in."""
    example_outputs: tuple[str, ...] = ()
    example_hedges: tuple[str, ...] = ()
    assistant_turns: tuple[str, ...] = ()
    """A chat transcript's markers of the assistant's turn, at a line's end."""
    example_instances: tuple[str, ...] = ()
    failure_words: tuple[str, ...] = ()
    fix_words: tuple[str, ...] = ()
    corrected_words: tuple[str, ...] = ()
    mistaken_words: tuple[str, ...] = ()
    their_words: tuple[str, ...] = ()
    publishing_words: tuple[str, ...] = ()
    setup_words: tuple[str, ...] = ()
    predicted_words: tuple[str, ...] = ()
    advice_verbs: tuple[str, ...] = ()
    heading_verbs: tuple[str, ...] = ()
    training_words: tuple[str, ...] = ()
    """Words that say a figure measures a training run (`Training Performance`,
    `train_runtime`, `Avg Step Time`), not inference."""
    inference_words: tuple[str, ...] = ()
    """Words that say a name speaks of inference (`Inference after fine-tuning`)."""
    expectation_words: tuple[str, ...] = ()
    """A column's or key's words that say its cells are what the author expects, not what
    ran (`Expected tok/s`, `What you should see`, `性能预期`)."""
    expectation_openers: tuple[str, ...] = ()
    """Words a heading opens with to say its section advises or expects (`Recommended
    models`, `推荐配置`)."""
    placeholders: tuple[str, ...] = ()
    """Cells that stand for a value not yet measured (`TBD`, `pending`, `待测`)."""


class DocumentRoleWords(Entry):
    """The words that give a document a role: in its path (folders and file name) or in its
    title and opening lines (`Purpose: design a test plan`)."""

    role: str
    path_words: tuple[str, ...] = ()
    file_names: tuple[str, ...] = ()
    """Whole file names, lowercased (`agents.md`): a convention's file, wherever it stands."""
    folder_names: tuple[str, ...] = ()
    """Whole folder names, lowercased (`.claude`): every document under such a folder,
    wherever the folder stands."""
    title_pattern: str | None = None


class ConfigLimit(Entry):
    """How a configuration key names a limit rather than a measurement (`max_p99_ttft_ms`)."""

    key_pattern: str


def lowercase_spellings(spellings: tuple[str, ...], what: str) -> tuple[str, ...]:
    """The spellings, refused unless each is written in lowercase."""
    # the readers match in any case, and verify looks for a spelling in a lowercased source
    if upper := [spelling for spelling in spellings if spelling != spelling.lower()]:
        raise ValueError(f"{what} are written in lowercase; lowercase {upper}")
    return spellings


def compiled_patterns(patterns: tuple[str, ...]) -> tuple[str, ...]:
    """The patterns, refused unless each is a regular expression."""
    for pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as error:
            raise ValueError(f"{pattern!r} is no regular expression ({error})") from error
    return patterns


class _Alternatives(Entry):
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


class RateNoun(Entry):
    """Things counted per unit of time in a key (`tg_tok_sec`, `requests_per_min`): the
    nouns, and the rate each time unit after them makes (none: a rate without a unit)."""

    nouns: tuple[str, ...]
    rates: dict[str, str] = {}


class OutcomeNoun(_Alternatives):
    """The nouns after a number in prose that make it a count of run outcomes (`0 errors`)."""

    metric: str


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
