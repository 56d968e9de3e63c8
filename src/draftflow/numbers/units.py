"""The unit vocabulary, in one place: units written after a number, and units a name implies.

`unit_after(text, end)` reads the unit written right after a number (`32.8 tok/s`, `53°C`,
`3.2×`); `unit_of_name(name)` the unit a column header or JSON key implies (`TTFT (s)`,
`ttft_ms`, `Power (W)`, `mean ms`). Both return the canonical spelling.
"""

from __future__ import annotations

import re
from functools import lru_cache

# canonical unit → how it is spelled right after a number (longest spellings first)
WRITTEN_UNITS: tuple[tuple[str, str], ...] = (
    ("tokens/s", r"tok(?:en)?s?\s*/\s*s(?:ec(?:ond)?)?|t/s|tps|tok/sec"),
    ("requests/s", r"req(?:uest)?s?\s*/\s*s(?:ec)?|rps"),
    ("GB/s", r"GB/s|GiB/s"),
    ("ms", r"ms|msec|milliseconds?"),
    ("µs", r"µs|us|microseconds?"),
    ("s", r"s|sec|secs|seconds?"),
    ("min", r"min|mins|minutes?"),
    ("h", r"h|hrs?|hours?"),
    ("TiB", r"TiB"),
    ("TB", r"TB"),
    ("GiB", r"GiB"),
    ("GB", r"GB"),
    ("MiB", r"MiB"),
    ("MB", r"MB"),
    ("KiB", r"KiB"),
    ("GHz", r"GHz"),
    ("MHz", r"MHz"),
    ("W", r"W|watts?"),
    ("°C", r"°\s*C|ºC|C°|degC"),
    ("pp", r"pp|p\.p\.|percentage[ -]points?"),
    ("%", r"%|percent"),
    ("×", r"×|(?<=\d)[xX]"),
    ("tokens", r"tok(?:en)?s"),
)
_CASELESS = frozenset(
    {"tokens/s", "requests/s", "ms", "µs", "s", "min", "h", "W", "%", "pp", "tokens"}
)
_WRITTEN = tuple(
    (
        unit,
        re.compile(rf"(?:{spelling})(?![A-Za-z0-9/])", re.IGNORECASE if unit in _CASELESS else 0),
    )
    for unit, spelling in WRITTEN_UNITS
)

# canonical unit → pattern over a lowercased name (header or key); first match wins
NAME_UNITS: tuple[tuple[str, str], ...] = (
    (
        "tokens/s",
        r"tok(en)?s?\s*/\s*s|t/s|tokens?_per_s(ec(ond)?)?|tok_s\b|\btps\b|_tps\b|tokens?/sec"
        r"|tokens?.per.second",
    ),
    ("requests/s", r"req(uest)?s?\s*/\s*s|\brps\b|request_throughput|req_s\b"),
    ("GB/s", r"gb/s|gib/s|gbps\b|_gbs\b"),
    ("ms", r"\(ms\)|_ms\b|\bms\b|millisecond"),
    ("s", r"\(s\)|_s\b|\bsec(ond)?s?\b|_seconds?\b|_secs?\b"),
    ("min", r"\(min\)|_min(ute)?s\b|\bminutes\b"),
    ("GiB", r"\bgib\b|_gib\b"),
    ("GB", r"\bgb\b|_gb\b|\(gb\)"),
    ("MiB", r"\bmib\b|_mib\b"),
    ("MB", r"\bmb\b|_mb\b|\(mb\)"),
    ("W", r"\(w\)|\bw\b|_w\b|watts?\b"),
    ("°C", r"°c|\(c\)|_c\b|celsius"),
    ("MHz", r"mhz"),
    ("%", r"%|_pct\b|percent"),
    ("×", r"\(x\)|×|speed.?up"),
)
_NAMES = tuple((unit, re.compile(pattern)) for unit, pattern in NAME_UNITS)

# Units that say a figure was measured (a rate, a time, telemetry), as opposed to a count.
MEASURED_UNITS = frozenset(
    {
        "tokens/s",
        "requests/s",
        "GB/s",
        "ms",
        "µs",
        "s",
        "min",
        "h",
        "W",
        "°C",
        "%",
        "×",
        "MHz",
        "GHz",
    }
)
MEMORY_UNITS = frozenset({"TiB", "TB", "GiB", "GB", "MiB", "MB", "KiB"})
TIME_UNITS = frozenset({"ms", "µs", "s", "min", "h"})

# spellings the number parser attaches to a token (`24.7tok/s`, `1.5x`) → canonical
_ATTACHED = {
    "tok/s": "tokens/s",
    "t/s": "tokens/s",
    "tokens/s": "tokens/s",
    "x": "×",
    "%": "%",
}


def _first_of(units: tuple[tuple[str, re.Pattern[str]], ...]) -> re.Pattern[str]:
    """One pattern that tries the units' patterns in order at one place (each in its own
    case mode) and names the first that matches there: a group per unit, `g<index>`."""
    return re.compile(
        "|".join(
            f"(?P<g{index}>(?{'i' if pattern.flags & re.IGNORECASE else '-i'}:{pattern.pattern}))"
            for index, (_, pattern) in enumerate(units)
        )
    )


# The units before `×` are tried at the same place of the same text, so one alternation
# decides which matches first, as trying them one after another does (in one search instead
# of twenty); `×` reads another text (the digit before it) and `tokens` comes after it.
_TIMES_AT = next(index for index, (unit, _) in enumerate(_WRITTEN) if unit == "×")
_BEFORE_TIMES = _WRITTEN[:_TIMES_AT]
_FIRST_BEFORE_TIMES = _first_of(_BEFORE_TIMES)
_TIMES = _WRITTEN[_TIMES_AT][1]
_AFTER_TIMES = _WRITTEN[_TIMES_AT + 1 :]


def unit_after(text: str, end: int) -> str | None:
    """The canonical unit written right after a number ending at `end`, if any."""
    window = text[max(0, end - 1) : end + 16]
    attached = window[1:2] not in (" ", "\t", "*", "_", "`")
    rest = window[1:].lstrip("*_` \t")
    first = _FIRST_BEFORE_TIMES.match(rest)
    if first is not None:
        return _BEFORE_TIMES[int(first.lastgroup[1:])][0]  # type: ignore[index]
    if attached:
        if _TIMES.match(window[0] + rest, 1):
            return "×"
    elif rest.startswith("×") and _TIMES.match(rest):
        return "×"
    for unit, pattern in _AFTER_TIMES:
        if pattern.match(rest):
            return unit
    return None


def canonical_unit(written: str | None) -> str | None:
    """The canonical spelling of a unit the parser attached to a token (`tok/s` → tokens/s)."""
    if written is None:
        return None
    return _ATTACHED.get(written.lower(), written)


@lru_cache(maxsize=8192)
def unit_of_name(name: str) -> str | None:
    """The unit a header or key implies (`TTFT (s)` → s, `ttft_ms` → ms), or None."""
    lowered = name.lower()
    for unit, pattern in _NAMES:
        if pattern.search(lowered):
            return unit
    return None


def unit_named(text: str) -> str | None:
    """The canonical unit a whole text spells (a JSON `"unit": "tok/s"` field), or None."""
    stripped = text.strip()
    for unit, pattern in _WRITTEN:
        match = pattern.fullmatch(stripped)
        if match:
            return unit
    return None
