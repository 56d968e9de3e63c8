"""What a figure between two arms (a ratio, a speed-up, a change) leaves unsaid: the engine or
system it compares, when its own words name one the figure's context did not resolve.

`Speedup vs llama.cpp` in a vLLM table, `vLLM ÷ llama.cpp`, `1.3x faster than llama.cpp`: the
figure is vLLM's rate over llama.cpp's, measured on both, and is neither engine's alone. The
engine its chain resolves (the table's, the document's) is one arm's; given to the ratio, it
reads as a figure of that engine. A guess is worse than a blank: the key stays unset.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from pydantic import JsonValue

from draftflow.extract.conditions.readers import DEVICE_KEYS, ENGINE_KEYS
from draftflow.extract.conditions.setup_names import (
    COMPARISON_WORDS,
    PRECISION,
    engines_named,
    other_system_among,
    systems_named,
)

BETWEEN_METRICS = frozenset({"ratio", "relative_change"})
"""A figure between two configurations (a speed-up): a setting it compares is neither's."""


def compared_keys(
    metric: str | None, own_texts: Iterable[str | None], found: Mapping[str, JsonValue]
) -> frozenset[str]:
    """The condition keys a figure between two arms does not take from its context: the
    engine (and its version) where the figure's own words (its column header, and the words
    after its value in its cell or sentence: `1.4x faster than llama.cpp`) name an engine
    the resolved one does not (a resolved `llama.cpp vs vLLM` names both arms); the system
    (and the machine count) where they name a system other than the one resolved. Words
    before the value are another figure's (`2.33x on Lunar Lake vs 2.03x on Arc A770M`)."""
    if metric not in BETWEEN_METRICS:
        return frozenset()
    own = "\n".join(text for text in own_texts if text)
    dropped: set[str] = set()
    engine = found.get("engine")
    arm = compared_arm(own)
    if isinstance(engine, str) and (
        _names_other_engine(own, engine) or (arm is not None and engine in engines_named(arm))
    ):
        dropped |= ENGINE_KEYS  # `1.4x faster than MLX 8-bit`: MLX ran the other arm
    precision = found.get("weight_precision")
    if isinstance(precision, str) and arm is not None and _other_precision(arm, precision):
        dropped.add("weight_precision")  # `Q4_K_S is 4.7x faster than MLX 4-bit`: one arm's
    system = found.get("system")
    if isinstance(system, str) and other_system_among(systems_named(own), system):
        dropped |= DEVICE_KEYS
    return frozenset(dropped)


_COMPARED_ARM = re.compile(rf"\b(?:{COMPARISON_WORDS})\s+(?P<arm>[^,;()]{{1,40}})", re.I)
"""The words after a comparison word: what a ratio's own words take it over (`than MLX
8-bit`), the other arm."""


def compared_arm(text: str) -> str | None:
    """The arm a figure's own words (after its value) compare it with, as written, if any."""
    found = _COMPARED_ARM.search(text)
    return found.group("arm") if found else None


def _other_precision(arm: str, precision: str) -> bool:
    """Whether the compared arm names a weight format other than `precision`."""
    named = {m.group(0).lower() for m in PRECISION.finditer(arm)}
    return bool(named) and precision.lower() not in named


def _names_other_engine(text: str, engine: str) -> bool:
    named = engines_named(text)
    return bool(named) and not named <= engines_named(engine)
