"""What a figure between two arms (a ratio, a speed-up, a change) leaves unsaid: the engine or
system it compares, when its own words name one the figure's context did not resolve.

`Speedup vs llama.cpp` in a vLLM table, `vLLM ÷ llama.cpp`, `1.3x faster than llama.cpp`: the
figure is vLLM's rate over llama.cpp's, measured on both, and is neither engine's alone. The
engine its chain resolves (the table's, the document's) is one arm's; given to the ratio, it
reads as a figure of that engine. A guess is worse than a blank: the key stays unset.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import JsonValue

from draftflow.extract.conditions.setup_names import (
    engine_in,
    engines_named,
    other_system_among,
    systems_named,
)

BETWEEN_METRICS = frozenset({"ratio", "relative_change"})
"""A figure between two configurations (a speed-up): a setting it compares is neither's."""

_ENGINE_KEYS = frozenset({"engine", "engine_version"})
_SYSTEM_KEYS = frozenset({"system", "node_count"})


def compared_keys(
    metric: str | None, own_texts: Iterable[str | None], found: Mapping[str, JsonValue]
) -> frozenset[str]:
    """The condition keys a figure between two arms does not take from its context: the
    engine (and its version) where the figure's own words (its column header, its cell or
    sentence) name an engine other than the one resolved, or two; the system (and the
    machine count) where they name a system other than the one resolved."""
    if metric not in BETWEEN_METRICS:
        return frozenset()
    own = "\n".join(text for text in own_texts if text)
    dropped: set[str] = set()
    engine = found.get("engine")
    if isinstance(engine, str) and _names_other_engine(own, engine):
        dropped |= _ENGINE_KEYS
    system = found.get("system")
    if isinstance(system, str) and other_system_among(systems_named(own), system):
        dropped |= _SYSTEM_KEYS
    return frozenset(dropped)


def _names_other_engine(text: str, engine: str) -> bool:
    named = engines_named(text)
    if not named:
        return False
    resolved = engine_in(engine)
    return len(named) > 1 or resolved is None or resolved not in named
