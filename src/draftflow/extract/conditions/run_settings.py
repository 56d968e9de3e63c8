"""Run settings stated in words: the token counts and concurrency a sentence, a caption or a
`key: value` line sets for the run (`generating 1024 tokens`, `Prompt's token length: 550`,
`10 rows of 512 tokens`, `5 concurrent requests`).

Numbers are read by the one number reader (`numbers.find_numbers`, `numbers.units`); which
setting a count is comes from the words around it, listed as data (`[[run_setting]]` in
`numbers/vocabulary.toml`). A text that states one setting with two different values says
nothing about it (`Stated.conflicts`): a wrong condition is worse than a missing one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache

from draftflow.numbers import NumberKind, NumberMention, find_numbers
from draftflow.numbers.units import unit_after
from draftflow.numbers.vocabulary import (
    RunSetting,
    spelling_pattern,
    unit_spelling_re,
    vocabulary,
)

_WORD = re.compile(r"[a-z0-9'’@.+-]+")
_JOINED_UNIT = re.compile(r"-tokens?$", re.IGNORECASE)
"""A unit joined to its count as a compound's first part (`64-token`)."""
_DIGITS = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")


@dataclass
class Stated:
    """The settings one level of context states: each key's values as read."""

    values: dict[str, set[int]] = field(default_factory=dict)
    unsettled: set[str] = field(default_factory=set)
    """Keys the text names another value of without writing it (`951 peak` beside
    `single-stream`): no value of theirs is every figure's, and none is read for them."""

    def add(self, key: str, value: int) -> None:
        """One reading of `key`."""
        self.values.setdefault(key, set()).add(value)

    def unsettle(self, key: str) -> None:
        """A reading of `key` whose value the text does not write."""
        self.unsettled.add(key)

    def merge(self, other: Stated) -> None:
        """Another reading of the same level."""
        for key, values in other.values.items():
            self.values.setdefault(key, set()).update(values)
        self.unsettled |= other.unsettled

    def single(self) -> dict[str, int]:
        """The keys stated with exactly one value (and no unwritten other)."""
        return {
            key: next(iter(v))
            for key, v in self.values.items()
            if len(v) == 1 and key not in self.unsettled
        }

    @property
    def conflicts(self) -> frozenset[str]:
        """The keys stated with two or more values: unspecified at this level."""
        return frozenset(
            key for key, v in self.values.items() if len(v) > 1 or (v and key in self.unsettled)
        )


@cache
def _settings() -> tuple[RunSetting, ...]:
    return vocabulary().run_setting


@cache
def _phrase_re(phrases: tuple[str, ...], *, at_end: bool) -> re.Pattern[str] | None:
    """Whole-word phrases ending a text (`at_end`) or starting it."""
    if not phrases:
        return None
    body = spelling_pattern(phrases)
    if at_end:
        return re.compile(rf"(?<![\w'])(?:{body})[\s(]*$", re.IGNORECASE)
    return re.compile(rf"^[\s-]*(?:{body})(?![\w])", re.IGNORECASE)


def _count(mention: NumberMention) -> int | None:
    """A whole count written out in digits (`32K` may be 32000 or 32768 tokens: none)."""
    if mention.kind is not NumberKind.QUANTITY or len(mention.numbers) != 1:
        return None
    if not _DIGITS.fullmatch(_JOINED_UNIT.sub("", mention.text)):
        return None
    value = mention.numbers[0].value
    return int(value) if float(value).is_integer() and value > 0 else None


def _after_unit(text: str, end: int, unit: str) -> str | None:
    """The text after the number's unit, or None when `unit` is not written after it."""
    if not unit:
        return text[end:]
    if unit_after(text, end) != unit:
        return None
    rest = text[end:]
    stripped = rest.lstrip("*_` \t-")
    found = unit_spelling_re(unit).match(stripped)
    if found is None:
        return None
    return stripped[found.end() :]


@cache
def _named_before_unit(setting: RunSetting) -> re.Pattern[str] | None:
    """A count's setting written between it and its unit (`100 output tokens`, `512 prompt
    tokens`): one of the words the setting takes after its unit, then the unit."""
    if not setting.unit or not setting.after:
        return None
    return re.compile(
        rf"[\s*_`]+(?:{spelling_pattern(setting.after)})[\s-]+"
        rf"(?:{unit_spelling_re(setting.unit).pattern.lstrip('^')})(?![\w/])",
        re.IGNORECASE,
    )


@cache
def _unit_before_named(setting: RunSetting) -> re.Pattern[str] | None:
    """A count written as a compound before the setting's word (`64-token prompts`, `a
    128-token output`): the unit joined to the count in the singular such a compound takes
    (the number reader reads `64-token` as one mention), then one of the words the setting
    takes after its unit."""
    if not setting.unit or not setting.after:
        return None
    singular = re.escape(setting.unit.removesuffix("s"))
    return re.compile(
        rf"(?<=-{singular})[\s-]+(?:{spelling_pattern(setting.after)})(?![\w/])", re.IGNORECASE
    )


@cache
def _reach(phrases: tuple[str, ...]) -> int | None:
    """How many characters other than spaces the longest of `phrases` holds: a match of
    `_phrase_re(phrases, at_end=True)` spans no more of them before its tail of spaces and
    brackets. None when a phrase starts or ends with a space or ends with a bracket (the
    tail could not be told from the phrase: the whole text before is searched)."""
    if any(p[:1].isspace() or p[-1:].isspace() or p.endswith("(") for p in phrases):
        return None
    return max((len("".join(p.split())) for p in phrases), default=0)


def _phrase_window(text: str, end: int, reach: int | None) -> int:
    """Where a phrase ending `text[:end]` (`_phrase_re(..., at_end=True)`) can start at the
    earliest: before the tail of spaces and brackets, `reach` characters other than spaces.
    Searching from there finds what searching the whole of `text[:end]` finds (the
    lookbehind still sees the character before), without reading a long line's every
    earlier character again for each of its numbers (a JSONL row holds dozens)."""
    if reach is None:
        return 0
    at = end
    while at > 0 and (text[at - 1].isspace() or text[at - 1] == "("):
        at -= 1
    seen = 0
    while at > 0 and seen < reach:
        at -= 1
        seen += not text[at].isspace()
    return at


def _setting_of(text: str, mention: NumberMention) -> str | None:
    """The one setting the words around a count name, or None."""
    keys = set()
    for setting in _settings():
        named = _named_before_unit(setting)
        if named is not None and named.match(text, mention.end):
            keys.add(setting.key)  # `100 output tokens`: the setting's word before its unit
            continue
        compound = _unit_before_named(setting)
        if compound is not None and compound.match(text, mention.end):
            keys.add(setting.key)  # `64-token prompts`: the unit before the setting's word
            continue
        after = _after_unit(text, mention.end, setting.unit)
        if after is None:
            continue
        ends = _phrase_re(setting.before, at_end=True)
        starts = _phrase_re(setting.after, at_end=False)
        if (
            ends
            and ends.search(
                text, _phrase_window(text, mention.start, _reach(setting.before)), mention.start
            )
        ) or (starts and starts.match(after)):
            keys.add(setting.key)
    return next(iter(keys)) if len(keys) == 1 else None


SINGLE_STREAM = re.compile(
    r"(?<![\w-])single[\s-](?:stream|user|request|session)(?:ed|s)?(?![\w-])|シングルストリーム",
    re.IGNORECASE,
)
"""Words that say a run served one request at a time (`single-stream`, `single-user`,
`シングルストリーム`): its concurrency is 1."""


_AT_LOAD = re.compile(r"@\s?c(?P<n>[1-9]\d{0,3})(?![\w.])", re.IGNORECASE)
"""A load written as a concurrency after `@` (`48.7 tok/s @ c8`): `c8` reads as a name, not a
number, so no setting's phrase finds it (`@ C=32` is the vocabulary's `c=`)."""


_OTHER_LOAD = re.compile(
    r"(?<![\w-])(?:peak|saturat(?:ion|ed|ing)|under\s+load|aggregate)(?![\w-])", re.IGNORECASE
)
"""A peak, a saturated run or an aggregate beside a single stream (`75 tok/s single-stream /
951 peak`, heitor-mocelin's guides/05-benchmarking-and-the-tuning-loop.md:10; `Single-stream
is bandwidth-bound; saturation is not`, its AsusGx10/FINDINGS.md:91 above `Qwen3.6 951
tok/s`, read-s32): the text names two loads, one request and a full box, so neither is every
figure's concurrency."""


_SINGLE_AS_BASE = re.compile(
    r"=|(?:\b(?:vs\.?|versus|over|than|against|relative\s+to|compared\s+(?:to|with))|[/(])\s*$",
    re.IGNORECASE,
)
"""What makes a text's `single-stream` the base a figure is compared with, not its run: a
formula (`efficiency = (TPS at N) / (single-stream TPS)`) or a comparison's words before it."""


def _runs_single_stream(text: str) -> bool:
    """Whether a text says its figures ran single-stream (see `SINGLE_STREAM`), not as a base."""
    return (
        any(
            not _SINGLE_AS_BASE.search(text[max(0, m.start() - 40) : m.start()])
            for m in SINGLE_STREAM.finditer(text)
        )
        and "=" not in text
    )


@lru_cache(maxsize=1 << 12)
def settings_in_text(text: str) -> Stated:
    """The run settings a sentence or caption states (`generating 1024 tokens`, `single-stream`
    for a concurrency of 1)."""
    stated = Stated()
    if _runs_single_stream(text):
        stated.add("concurrency", 1)
        if _OTHER_LOAD.search(text):
            stated.unsettle("concurrency")
    for load in _AT_LOAD.finditer(text):
        stated.add("concurrency", int(load["n"]))
    for mention in find_numbers(text, decimal_comma=False):
        count = _count(mention)
        key = _setting_of(text, mention) if count is not None else None
        if key is not None and count is not None:
            stated.add(key, count)
    return stated


@lru_cache(maxsize=1 << 12)
def setting_of_column(header: str) -> str | None:
    """The setting a table column is named as alone (`Prompt`, `Concurrency`, `Context`): its
    header is one of the setting's names, whatever its cells write."""
    name = header.strip(" *_`:").lower()
    found = {setting.key for setting in _settings() if name in setting.names}
    return next(iter(found)) if len(found) == 1 else None


@lru_cache(maxsize=1 << 12)
def setting_of_key(key: str) -> str | None:
    """The setting a `key:` names (`Prompt's token length` -> input_tokens), or None."""
    words = _WORD.findall(key.lower())
    if not words or len(words) > 5:
        return None
    found = set()
    for setting in _settings():
        named = [n for n in setting.names if _holds(words, n)]
        if not named:
            continue
        if not setting.lengths or any(w in setting.lengths for w in words):
            found.add(setting.key)
    if "max_output_tokens" in found and "max" in words:
        found = {"max_output_tokens"}  # `max_output_tokens` names the cap, not the output
    return next(iter(found)) if len(found) == 1 else None


def _holds(words: list[str], name: str) -> bool:
    parts = name.split()
    return any(words[i : i + len(parts)] == parts for i in range(len(words)))


def settings_in_pairs(pairs: list[tuple[str, str]]) -> Stated:
    """The run settings `key: value` lines state: a value's count where it writes one. A
    value of several counts states none for all figures: a sweep (`Concurrency Levels: 1, 2,
    4, 8`) is each figure's own, and an exception (`512 tokens (128 for Qwen)`) is another
    figure's; its first count would be a guess for every figure."""
    stated = Stated()
    for key, value in pairs:
        setting = setting_of_key(key)
        if setting is None:
            continue
        mentions = find_numbers(value, decimal_comma=False)
        first = next(iter(mentions), None)
        count = _count(first) if first is not None else None
        others = {_count(m) for m in mentions[1:]} - {None, count}
        if count is not None and not others:
            stated.add(setting, count)
    return stated
