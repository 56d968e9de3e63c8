"""What a document's setup sections state for all its figures, agreed key by key: the one
engine (with its version), system and count of machines each paragraph names, and the
`key: value` lines and two-column tables (`resolve.py` puts them where no nearer context
states a key)."""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.machine_chip import is_chip_key, machine_with_chip
from draftflow.extract.conditions.readers import VERSION, Resolved, named_only, read_key_values
from draftflow.extract.conditions.run_settings import setting_of_key, settings_in_pairs
from draftflow.extract.conditions.setup import SetupSource, agreed
from draftflow.numbers import find_numbers

SETUP_COUNT_KEYS = ("concurrency", "input_tokens", "output_tokens")
"""The run's load and lengths a setup's `key: value` line or key-value table row states for
all its figures (`| Concurrency | 4 |`, `Prompt tokens: 64`); a cap (`max_tokens`) is a run
parameter, read with its name (`run_parameters.py`)."""

_VERSION_AFTER = rf"(?:\s+(?:nightly|version|build|release))?(?:\s*[:=]\s*|\s+)`?v?{VERSION}"


def setup_conditions(source: SetupSource) -> dict[str, JsonValue]:
    """What a document's setup sections state, agreed key by key (a key stated twice
    differently is left out): their prose and their `key: value` lines and tables."""
    readings: list[dict[str, JsonValue]] = [_setup_reading(text) for text in source.texts]
    joined = machine_with_chip(source.pairs)
    if joined is not None:
        readings.append({"system": joined})
    for pair in source.pairs:
        resolved = Resolved()
        read_key_values(resolved, [pair])
        reading = {**named_only(resolved.values), **_pair_counts(pair)}
        if joined is not None and is_chip_key(pair[0]):
            reading.pop("system", None)  # the chip of the computer `joined` names with it
        readings.append(reading)
    found = agreed(readings)
    for text in source.texts:
        for key in _names_several(text):
            found.pop(key, None)  # `the RTX 4090 and the DGX Spark`: the setup names both
    # a version is its engine's: only the readings of the agreed engine state it
    engine = found.get("engine")
    versions = agreed(
        {"engine_version": r.get("engine_version")}
        for r in readings
        if engine is not None and r.get("engine") == engine
    )
    found.pop("engine_version", None)
    if "engine_version" in versions:
        found["engine_version"] = versions["engine_version"]
    return found


def _pair_counts(pair: tuple[str, str]) -> dict[str, JsonValue]:
    """The load or length a setup pair states under its name, where its value writes one count
    (`Context | 512 tokens/slot (sweep), 4096 tokens/slot (long prompt)` states none)."""
    key, value = pair
    if setting_of_key(key) not in SETUP_COUNT_KEYS:
        return {}
    if len(find_numbers(value, decimal_comma=False)) != 1:
        return {}
    # a bare count: `~30ms per token` under `Estimated token generation speed` is no length
    return dict(settings_in_pairs([pair]).single())


@lru_cache(maxsize=1 << 12)
def _names_several(text: str) -> tuple[str, ...]:
    """The keys a setup paragraph names more than one value of (two systems, two engines, a
    system beside a chip other makers' machines carry: `on an Intel Arc A770M ... 2.33x on
    Lunar Lake`): the setup then states none of them for all its figures."""
    several: list[str] = []
    systems = vocab.mentioned_systems(text)
    if (len(systems) > 1 and not agreed({"system": name} for name in systems)) or (
        systems and (vocab.names_cpu_apart(text) or vocab.names_chip(text))
    ):
        several.extend(("system", "node_count"))
    if len(vocab.engines_named(text)) > 1:
        several.extend(("engine", "engine_version"))
    return tuple(several)


@lru_cache(maxsize=1 << 12)
def _setup_reading(text: str) -> dict[str, JsonValue]:
    """One setup paragraph: the one engine it names (and the version written after it), the
    one system it names and the machines it counts; none where it names a model only its
    vendor serves (`we transitioned to an agent swarm powered by Gemini Flash`)."""
    found: dict[str, JsonValue] = {}
    if vocab.names_hosted_model(text):
        return found
    engine = vocab.engine_measured(text)
    if engine:
        found["engine"] = engine
        after = re.search(rf"{re.escape(engine)}{_VERSION_AFTER}", text, re.I)
        if after:
            found["engine_version"] = after.group(1).rstrip(".,;:-")
    systems = agreed({"system": m.group(0).strip()} for m in vocab.SYSTEM.finditer(text))
    if vocab.is_generation(str(systems.get("system", ""))):
        # `none of the vLLM blockers were the Turing GPU`: the kind of card, not which one;
        # a setup names its machine by the card's own name (`GTX 1650 SUPER`)
        systems.pop("system")
    if "system" in systems:
        found["system"] = systems["system"]
        found["node_count"] = vocab.count_of(text, str(systems["system"]))
    return {k: v for k, v in found.items() if v is not None}
