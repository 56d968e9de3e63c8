"""What kind of quantity a unit or a name says a number is (rate, time, power, temperature,
memory, count, ratio): the vocabulary rule 2's role checks and the prose check share."""

from __future__ import annotations

import re
from functools import lru_cache

# The dimension a unit may have; a unit may fit more than one (`x` is a count or a ratio).
_UNIT_DIMENSIONS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("tokens/s", "tok/s", "t/s", "tps", "token/s", "tokens/sec"), frozenset({"rate"})
    ),
    **dict.fromkeys(("requests/s", "req/s", "rps"), frozenset({"rate"})),
    **dict.fromkeys(
        ("tokens per second", "token per second", "tokens per sec", "token per sec"),
        frozenset({"rate"}),
    ),
    **dict.fromkeys(("requests per second", "request per second"), frozenset({"rate"})),
    **dict.fromkeys(
        ("ms", "s", "sec", "seconds", "us", "µs", "min", "minutes", "h"), frozenset({"time"})
    ),
    **dict.fromkeys(("w", "watts", "kw"), frozenset({"power"})),
    **dict.fromkeys(("°c", "c", "celsius"), frozenset({"temperature"})),
    **dict.fromkeys(("gb", "gib", "mb", "mib", "tb", "tib"), frozenset({"memory"})),
    **dict.fromkeys(("tokens", "requests", "runs", "count"), frozenset({"count"})),
    **dict.fromkeys(("%", "fraction", "ratio", "score", "rank"), frozenset({"ratio"})),
    "x": frozenset({"ratio", "count"}),
}

MEASURED = frozenset({"rate", "time", "power", "temperature", "memory"})
"""Dimensions of a measurement: a number in one of them is never a bare count or setting."""

# Words of a metric name or a key/header, first match wins (specific before general).
_METRIC_DIMENSIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"\b(?:{pattern})\b"), dimension)
    for pattern, dimension in (
        (
            r"normali[sz]ed|norm|score|rank|pass rate|acceptance|relative|ratio|fraction|"
            r"gain|speedup|percent|pct|util\w*|change|delta|diff|improvement|vs",
            "ratio",
        ),
        (r"memory|vram|gib|gb|mib", "memory"),
        (r"power|watts?", "power"),
        (r"temperature|temp", "temperature"),
        (
            r"throughput|tps|tok s|tokens per s|per s|per sec|per second|tok/s|t/s|tokens/s"
            r"|req/s|rps",
            "rate",
        ),
        # a name ending in a time unit (`decode_s`, `wall_ms`) counts that time
        (r"(?:\w+ )+(?:s|ms|us|sec|secs|seconds|minutes|min)$", "time"),
        (
            r"ttft|ttfc|ttfr|tpot|itl|e2el|latency|duration|wall time|ppt|time|ms|sec|seconds",
            "time",
        ),
        (r"rate|decode|prefill|gen", "rate"),
        (r"tokens|requests|concurrency|count|runs|len|length|context|pool", "count"),
    )
)


@lru_cache(maxsize=4096)  # asked of each figure's unit by several checks
def unit_dimensions(unit: str) -> frozenset[str]:
    """The dimensions a unit may have (empty when unknown)."""
    return _UNIT_DIMENSIONS.get(" ".join(unit.lower().split()), frozenset())


@lru_cache(maxsize=4096)
def metric_dimension(name: str) -> str | None:
    """The dimension a metric name, JSON key or column header names, if any."""
    text = " ".join(re.findall(r"[a-z0-9/%]+", name.lower().replace("_", " ")))
    for pattern, dimension in _METRIC_DIMENSIONS:
        if pattern.search(text):
            return dimension
    return None


UNIT_AFTER_RE = re.compile(
    r"\s*(?:-\s*)?((?:tokens?|requests?)\s+per\s+sec(?:ond)?|tokens?/s(?:ec)?|tok/s|t/s|tps|req/s|requests/s|rps|ms|µs|us|s|sec|seconds|"
    r"minutes|min|h|w|watts|kw|°c|gb|gib|mb|mib|tb|tib|tokens|requests|runs|%|x)(?![a-z0-9/])",
    re.IGNORECASE,
)


def unit_after(text: str, end: int) -> frozenset[str]:
    """The dimensions of the unit written right after a number ending at `end`, if any."""
    match = UNIT_AFTER_RE.match(text, end)
    return unit_dimensions(match.group(1)) if match else frozenset()


_CAPTION_UNIT_RE = re.compile(
    r"(?<![\w/])(tokens?/s(?:ec)?|tok/s|t/s|tps|req/s|requests/s|ms|µs|seconds|W|watts|kW|°C|"
    r"GB|GiB|MB|MiB)(?![\w/])"
)


def caption_dimensions(caption: str) -> frozenset[str]:
    """The measured dimension a table's caption names by its units, when it names exactly
    one (`median per-stream decode tok/s`); none when it names several or none."""
    found = {
        dimension
        for unit in _CAPTION_UNIT_RE.findall(caption)
        for dimension in unit_dimensions(unit)
        if dimension in MEASURED
    }
    return frozenset(found) if len(found) == 1 else frozenset()
