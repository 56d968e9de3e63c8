"""Units written after a number, and units a name implies, read from the one vocabulary
(`numbers/vocabulary.toml`, through `numbers.vocabulary`).

`unit_after(text, end)` reads the unit written right after a number (`32.8 tok/s`, `53°C`,
`3.2×`), `plain_unit_after(text, end, units)` one of a group of units written plainly there;
`unit_of_name(name)` the unit a column header or JSON key implies (`TTFT (s)`,
`ttft_ms`, `Power (W)`, `mean ms`). Each returns the canonical spelling.
"""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.numbers.vocabulary import (
    spelling_pattern,
    unit_name_re,
    unit_spelling_re,
    vocabulary,
)

_VOCABULARY = vocabulary()
_UNITS = _VOCABULARY.unit

# Units that say a figure was measured (a rate, a time, telemetry), as opposed to a count.
MEASURED_UNITS = frozenset(unit.id for unit in _UNITS if unit.measured)
MEMORY_UNITS = _VOCABULARY.unit_ids("memory")
TIME_UNITS = _VOCABULARY.unit_ids("time")

# how far past a number a reader must pass `unit_after` to read every written spelling: the
# longest, with room for the runs of spaces a space in it stands for and the character after
UNIT_READ_CHARS = max((len(s) for unit in _UNITS for s in unit.written), default=0) + 16

# spellings the number parser attaches to a token (`24.7tok/s`, `1.5x`) → canonical
_ATTACHED = {spelling.lower(): unit.id for unit in _UNITS for spelling in unit.attached}

_WRITTEN = tuple((unit.id, unit_spelling_re(unit.id)) for unit in _UNITS if unit.written)
# One pattern names the unit written at a place: a group per unit, `g<index>`, each in its
# unit's case mode. No two units share a spelling and none may be followed by a letter, so
# at most one unit matches at a place and one search decides it.
_FIRST = re.compile(
    "|".join(
        f"(?P<g{index}>(?{'i' if pattern.flags & re.IGNORECASE else '-i'}:{pattern.pattern}))"
        for index, (_, pattern) in enumerate(_WRITTEN)
    )
)
# Spellings read only joined to the number's last digit (`1.7x`; `2 x 4` is no ratio).
_JOINED = tuple(
    (unit.id, re.compile(rf"(?<=\d)(?:{spelling_pattern(unit.joined)})(?![A-Za-z0-9/])", re.I))
    for unit in _UNITS
    if unit.joined
)
_NAMES = tuple(
    (unit.id, pattern) for unit in _UNITS if (pattern := unit_name_re(unit.id)) is not None
)
_RATES = _VOCABULARY.unit_ids("rate")
# A rate divided by a size, a price or a power (`TPS/GB 效率`, `TPS/$`, `tok/s/W`) is an
# efficiency, a unit of its own; by a count of things (`tok/s/GPU`, `tok/s per user`) it stays
# a rate, per that thing.
_PER_RESOURCE = re.compile(
    r"\s*(?:/|per\s+)\s*(?:[kmgt]i?b|\$|usd|dollars?|€|¥|元|w|watts?|kw|j|joules?)(?![a-z])"
    # or times a resource to the minus one (`tok/s·W⁻¹`, heitor README.md:85, read-s32)
    r"|\s*[·⋅*×.]?\s*(?:w|watts?|kw|j|joules?)\s*(?:⁻¹|\^\s*\(?-1\)?|-1)",
    re.IGNORECASE,
)


# what may stand between a number and its unit: spaces and Markdown emphasis (`**48** t/s`)
_MARKUP = re.compile(r"[*_` \t]*")


def unit_after(text: str, end: int) -> str | None:
    """The canonical unit written right after a number ending at `end`, if any: a written
    spelling of any length, after spaces or emphasis, or a joined one (`1.7x`)."""
    start = _MARKUP.match(text, end).end()  # type: ignore[union-attr]
    first = _FIRST.match(text, start)
    if first is not None:
        return _WRITTEN[int(first.lastgroup[1:])][0]  # type: ignore[index]
    if start == end:
        for unit, pattern in _JOINED:
            if pattern.match(text, end):
                return unit
    return None


# the start of a word that names a unit (`sec` in `secs`), lowercased: plain_unit_after only
_STEMS = tuple((unit.id, stem.lower()) for unit in _UNITS for stem in unit.stems)


def plain_unit_after(text: str, end: int, units: frozenset[str]) -> str | None:
    """The canonical unit, one of `units`, written plainly right after a number ending at
    `end`: at most one space between and no markup (`**48** t/s` has none), a written
    spelling or a unit's stem starting the next word (`250 secs`)."""
    start = end + 1 if text[end : end + 1].isspace() else end
    first = _FIRST.match(text, start)
    if first is not None:
        unit = _WRITTEN[int(first.lastgroup[1:])][0]  # type: ignore[index]
        return unit if unit in units else None
    lowered = text[start : start + max((len(stem) for _, stem in _STEMS), default=0)].lower()
    return next((unit for unit, stem in _STEMS if unit in units and lowered.startswith(stem)), None)


def canonical_unit(written: str | None) -> str | None:
    """The canonical spelling of a unit the parser attached to a token (`tok/s` → tokens/s)."""
    if written is None:
        return None
    return _ATTACHED.get(written.lower(), written)


# a name's last part that is a count of a time unit (`load_average.five_minutes`, `loss_15m`):
# the window the value was taken over, not the value's unit
_WINDOW = re.compile(
    r"(^|[._\s-])(\d+|one|two|three|five|ten|fifteen|thirty|sixty)[_\s-]?"
    r"(s|sec|secs|seconds?|m|min|mins|minutes?|h|hours?)$"
)


# a parenthesis that lists things joined by `+` (`Complete (LCB + tok/s)`: models with both
# results): its unit names one of the things listed, not the value's
_LISTED = re.compile(r"\([^()]*\s\+\s[^()]*\)")


def without_listed(name: str) -> str:
    """`name` without a parenthesis that lists things joined by `+` (`Complete (LCB + tok/s)`
    names models complete in both, not a speed): what its unit or metric words name is one of
    the things listed."""
    return _LISTED.sub(" ", name) if "+" in name else name


def is_window_name(name: str) -> bool:
    """True when a name ends in a count of a time unit (`five_minutes`, `15m`): the window its
    value was taken over, which is not the value's unit."""
    return _WINDOW.search(name.lower().strip()) is not None


@lru_cache(maxsize=1 << 16)  # a wide table's every header (8,192 thrashed at 10,000)
def unit_of_name(name: str) -> str | None:
    """The unit a header or key implies (`TTFT (s)` → s, `ttft_ms` → ms), or None; none for
    a window (`five_minutes`) or a parenthesis listing things (`Complete (LCB + tok/s)`). A
    time joined after things counted is a rate's (`tg_tok_sec` → tokens/s, `samples_sec` →
    none: `counted_rate`); a bare `min` ending a duration's name is minutes (`minutes_named`)."""
    lowered = without_listed(name.lower())
    if _WINDOW.search(lowered.strip()):
        return None
    counted = counted_rate(lowered)
    if counted is not None:
        return counted[0]
    for unit, pattern in _NAMES:
        match = pattern.search(lowered)
        if match is None or (unit in TIME_UNITS and _PER.search(lowered[: match.start()])):
            continue
        per_resource = unit in _RATES and _PER_RESOURCE.match(lowered, match.end())
        return None if per_resource else unit
    return "min" if minutes_named(lowered) else None


_TIME_OF_WORD = {
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), "s"),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), "min"),
    **dict.fromkeys(("hr", "hrs", "hour", "hours"), "h"),
}
_RATE_NOUNS = {noun: entry.rates for entry in _VOCABULARY.rate_noun for noun in entry.nouns}
# joined without `per` only to seconds: `tokens_min` is the least count of tokens
_COUNTED_RATE = re.compile(
    rf"(?<![a-z])(?P<noun>{spelling_pattern(_RATE_NOUNS)})[_\s-]"
    rf"(?:per[_\s-](?P<time>{spelling_pattern(_TIME_OF_WORD)})"
    rf"|(?P<second>{spelling_pattern(w for w, t in _TIME_OF_WORD.items() if t == 's')}))"
    r"(?![a-z0-9])"
)
_NAME_WORD = re.compile(r"[a-z0-9]+")
_RATE_TIME_WORDS = frozenset(_VOCABULARY.rate_time_words)


def counted_rate(lowered: str) -> tuple[str | None] | None:
    """Where a lowercased name joins a time unit after things counted (`tg_tok_sec`,
    `req_sec`, `requests_per_min`, `samples_sec`), the rate it names, as a one-tuple: the
    vocabulary's unit for it (`tokens/s`, `requests/min`) or None where it names none; None
    where the name joins no such time, or says it is a time (`time_to_100_tokens_s`)."""
    match = _COUNTED_RATE.search(lowered)
    if match is None or _RATE_TIME_WORDS & set(_NAME_WORD.findall(lowered[: match.start()])):
        return None
    rate = _RATE_NOUNS[match["noun"]].get(_TIME_OF_WORD[match["time"] or match["second"]])
    # a rate per watt or per byte (`tokens_s_per_w`) is an efficiency: no rate's unit
    if rate is not None and _PER_RESOURCE.match(lowered.replace("_", " "), match.end()):
        return (None,)
    return (rate,)


_BARE_MIN = re.compile(r"(?:\(\s*min\s*\)|(?<=[a-z0-9)])[\s_-]min)\s*$")
_MINUTE_DURATION_WORDS = frozenset(_VOCABULARY.minute_duration_words)
_MINUTE_ITEM_WORDS = frozenset(_VOCABULARY.minute_item_words)


@lru_cache(maxsize=1 << 14)
def minutes_named(name: str) -> bool:
    """Whether a name's bare `min` ending it names minutes, not a minimum: the rest of the
    name holds a duration word (`Time (min)`, `duration_min`, `elapsed_min`), no item its
    value could be the least over (`step_time_min`) and no other unit (`wall_s_min`). Any
    other `min` at the end (`ttft_min`, `FTL(min)`) is a minimum, as a `min` opening a name
    (`min_power_w`) or before a unit (`ttft_ms_min`) is."""
    lowered = name.lower().strip()
    match = _BARE_MIN.search(lowered)
    if match is None:
        return False
    rest = lowered[: match.start()]
    words = set(_NAME_WORD.findall(rest.replace("_", " ")))
    return (
        bool(words & _MINUTE_DURATION_WORDS)
        and not words & _MINUTE_ITEM_WORDS
        and unit_of_name(rest) is None
    )


_PER = re.compile(r"(?:(?<![a-z])per|/)[\s_-]*$")
"""What makes a time unit the denominator of a rate (`train_items_per_sec`, `samples/sec`,
`images per second`): a name of things per unit of time is a rate the vocabulary does not
name, not a time in that unit."""


def unit_named(text: str) -> str | None:
    """The canonical unit a whole text spells (a JSON `"unit": "tok/s"` field), or None."""
    stripped = text.strip()
    for unit, pattern in _WRITTEN:
        match = pattern.fullmatch(stripped)
        if match:
            return unit
    return None
