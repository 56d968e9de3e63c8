"""The repository's main claim: what its lead headline figures measured, and on what.

The lead configuration is the first headline figure's (select puts the figures the record
rests on first): its model, precision, engine, system and node count as its conditions state
them. Its claim is the range of the metric that configuration reports most often, each end a
cited figure. Nothing is named that no condition of those figures states.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import JsonValue

from draftflow.draft.facts.build import fact_about
from draftflow.draft.facts.fact_types import Fact, FactKind
from draftflow.draft.facts.figures import (
    Written,
    compared_along_one,
    direction,
    figure_ref,
    statistic_key,
)
from draftflow.draft.facts.gaps import FAILURE_METRICS
from draftflow.draft.parts import Grounded
from draftflow.extract.vocabulary import SPEED_AND_TIME_METRICS
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.label import NOT_CONFIGURATION
from draftflow.record.model import ReportedResult
from draftflow.record.standing import Status

_SET_ASIDE_STATUSES = frozenset({Status.SUPERSEDED, Status.DEPRECATED, Status.RETRACTED})

# The conditions that name a configuration in a claim, in the order a sentence names them.
LEAD_KEYS = (
    "model",
    "weight_precision",
    "quantization",
    "speculative_decoding",
    "engine",
    "engine_version",
    "system",
    "node_count",
)
# A claim names at least one of these; precision or a node count alone names nothing.
NAMING_KEYS = frozenset({"model", "engine", "system"})
MAX_CONDITION_CHARS = 80
MAX_WORKLOAD_CHARS = 40
# what a figure's conditions hold about its runs, not the configuration it was measured on
_MEASUREMENT_KEYS = frozenset(
    {
        "per_run_values",
        "per_prompt_decode_rates",
        "per_prompt_TTFT_seconds",
        "run_ids",
        "run_source_lines",
        "repetitions",
    }
)
# a failure count qualifies a claim (a limit fact says it), it is not one; nor is a count of
# events, a count of passes aside ("Two fixes, because the problem had two halves" made
# epappas's lead "a repair count of Two fixes on NVIDIA GB10", read33-s21)
_NOT_CLAIMED = (
    FAILURE_METRICS
    | {"unspecified"}
    | frozenset(n.metric for n in vocabulary().outcome_noun if n.metric != "pass_count")
)


def lead(
    grounded: Sequence[Grounded], written: Written, figures: Sequence[ReportedResult] = ()
) -> list[Fact]:
    """The lead configuration's claim: its most reported metric, lowest to highest (with the
    engines every headline figure was measured with as its detail, when they are several);
    its first figure alone where that range is no one setup's or not the source's (another
    of the record's `figures` of the same setup lies outside it)."""
    current = [item for item in grounded if not is_set_aside(item.result)]
    if not current:
        return []
    configuration = lead_configuration(current[0].result.conditions)
    if not NAMING_KEYS & {key for key, _ in configuration}:
        return []
    group = [i for i in current if _one_setup(i, current[0], configuration)]
    members = _main_metric(group)
    if not members or not _told_apart(members):
        return []
    if not _one_setup_range(members, figures):
        members = members[:1]
    ordered = sorted(members, key=lambda i: float(i.result.value))
    low, high = ordered[0], ordered[-1]
    chosen = [low, high] if low.result.value != high.result.value else [low]
    inputs = tuple(figure_ref(item, written) for item in chosen)
    # a range over several workloads says so: it is not one workload's spread
    workloads = tuple(dict.fromkeys(w for i in ordered if (w := _workload(i.result.conditions))))
    model = dict(configuration).get("model", "")
    engines = _engines(grounded)
    return [
        fact_about(
            FactKind.MEASURED,
            chosen[0],
            subject=model,
            inputs=inputs,
            arithmetic="min, max" if len(inputs) > 1 else "as reported",
            direction=direction(chosen[0].result),
            configuration=configuration,
            workloads=workloads if len(workloads) > 1 else (),
            # the engines the headline figures were measured with, for the sentence naming them
            detail=", ".join(engines) if len(engines) > 1 else "",
            weight=len(group),
        )
    ]


# the source's own words for a figure it keeps only for the record: an archived or superseded
# row (newbdez33's "📦 Archived" mlx-4bit 45.73 TPS, which its README calls "not directly
# comparable" with the current runs, led "The lead headline figure shows ... 45.73",
# read33-s24b)
_SET_ASIDE = re.compile(
    r"\barchived?\b|\bsuperseded\b|\bobsolete\b|\boutdated\b|\bdeprecated\b|\blegacy\b",
    re.IGNORECASE,
)


def _one_setup_range(members: Sequence[Grounded], figures: Sequence[ReportedResult]) -> bool:
    """Whether the members' lowest to highest is one setup's range as the source gives it:
    they differ in one condition at most (argonne's 146.53 to 5106.74 tokens/s joined a
    batch-1, 1024-token power study and a batch-64, 128-token speculative-decoding one), and no
    other figure of the record along that condition lies outside them (Sergey-Kit's llama.cpp
    "69.6 to 117.3 tokens/s" left out its own row's 125.4 at concurrency 32, read33-s27)."""
    results = [item.result for item in members]
    if len(results) < 2 or not compared_along_one(results):
        return len(results) < 2
    low = min(float(r.value) for r in results)
    high = max(float(r.value) for r in results)
    first = results[0]
    for other in figures:
        if not (float(other.value) < low or float(other.value) > high) or other.value <= 0:
            continue
        if (other.metric, other.unit, statistic_key(other)) != (
            first.metric,
            first.unit,
            statistic_key(first),
        ):
            continue
        if lead_configuration(other.conditions) != lead_configuration(first.conditions):
            continue
        if compared_along_one([*results, other]):
            return False
    return True


def _one_setup(item: Grounded, first: Grounded, configuration: tuple[tuple[str, str], ...]) -> bool:
    """Whether the figure is of the lead figure's setup: the configuration its conditions
    name, stated in the same report. Two reports of one configuration's name are two setups
    the record may not tell apart (btbtyler09's dual and native GPTQ8 runs, one file each:
    "decode rate of 100.32 to 105.25 tokens/s" pooled them, read33-s26b); a range is over one
    setup's figures, else the claim is the lead figure's own."""
    if lead_configuration(item.result.conditions) != configuration:
        return False
    return item.result.source_document_id == first.result.source_document_id


def is_set_aside(result: ReportedResult) -> bool:
    """Whether the figure's label or its author's status marks it archived, superseded or
    out of date: it stays in the headline's table but leads no claim."""
    if result.status is not None and result.status.status in _SET_ASIDE_STATUSES:
        return True
    return _SET_ASIDE.search(result.label) is not None


def _told_apart(members: Sequence[Grounded]) -> bool:
    """Whether the claim's figures that differ in value differ in what they state: two
    throughputs under one stated configuration (two unnamed models, two tasks of one table)
    make no range a reader can place, so the claim is not made."""
    values_by_setting: dict[str, set[float]] = {}
    for item in members:
        stated = {
            key: value
            for key, value in item.result.conditions.items()
            if key not in NOT_CONFIGURATION and key not in _MEASUREMENT_KEYS
        }
        values_by_setting.setdefault(repr(sorted(stated.items())), set()).add(
            float(item.result.value)
        )
    return all(len(values) == 1 for values in values_by_setting.values())


def _engines(grounded: Sequence[Grounded]) -> list[str]:
    """The engines the figures' conditions name, once each (`vLLM 0.23 (AEON)` is `vLLM`
    when another figure names `vLLM` alone); none when a figure names no engine, since the
    sentence they make says every headline figure was measured with one of them (a training
    step time or an NCCL bandwidth beside two engines' rates was measured with neither)."""
    engines = [i.result.conditions.get("engine") for i in grounded]
    if not all(isinstance(engine, str) and engine for engine in engines):
        return []
    named = dict.fromkeys(e for e in engines if isinstance(e, str))
    return [e for e in named if not any(e.startswith(f"{o} ") for o in named if o != e)]


def lead_configuration(conditions: dict[str, JsonValue]) -> tuple[tuple[str, str], ...]:
    """The conditions of `LEAD_KEYS` a figure states, as short text pairs."""
    pairs = []
    for key in LEAD_KEYS:
        value = conditions.get(key)
        if isinstance(value, bool) or value is None or isinstance(value, list | dict):
            continue
        text = " ".join(str(value).split())
        if text and len(text) <= MAX_CONDITION_CHARS:
            pairs.append((key, text))
    return tuple(pairs)


def _workload(conditions: dict[str, JsonValue]) -> str:
    value = conditions.get("workload")
    return value if isinstance(value, str) and len(value) <= MAX_WORKLOAD_CHARS else ""


def _main_metric(group: Sequence[Grounded]) -> list[Grounded]:
    """The lead configuration's figures of the metric (and unit and statistic) it reports
    most often, a speed or a latency before any other (what a title claims); a tie goes to
    the one reported first. A figure without a unit claims nothing a reader can weigh (`a
    memory of 3027217.00`), so it is never the claim."""
    by_metric: dict[tuple[str, str, str], list[Grounded]] = {}
    for item in group:
        result = item.result
        if result.value > 0 and result.unit and result.metric not in _NOT_CLAIMED:
            key = (result.metric, result.unit, statistic_key(result))
            by_metric.setdefault(key, []).append(item)
    if not by_metric:
        return []
    return max(
        by_metric.values(),
        key=lambda items: (
            items[0].result.metric in SPEED_AND_TIME_METRICS,
            direction(items[0].result) is not None,
            len(items),
        ),
    )
