"""A data file's record of a benchmark point that produced no rate: its side values (power,
memory, temperature, duration) measured a run that failed, not a result.

lhl/strix-halo-testing's sweeps write one JSON line per point; a point llama-bench could not
run keeps `"tokens_per_sec": null, "bench_raw": null` beside the power sampler's
`"median_power_w": 16.02`, which was published as the power draw of a run (read-s32). A
record whose rate keys (a metric of speed) are all null, and at least one is, is such a
point when what it states besides is only side readings (power, temperature, memory, its
duration): a score beside a null rate is a result of its own (bhodgens' `"livecodebench":
0.45, "decode_tps": null`). A record with one null rate beside a rate it states
(`"decode_tps": null, "prefill_tps": 500`), or a null latency (`"ttft_ms": null` of a run
that did not stream), is no failure.
"""

from __future__ import annotations

from draftflow.extract.candidates import Candidate
from draftflow.extract.metric_names import benchmark_score, metric_name
from draftflow.extract.vocabulary import SPEED_METRICS
from draftflow.numbers.vocabulary import vocabulary

_NULL = "null"
_DURATION_METRICS = vocabulary().metric_ids("duration")
_VERDICTS: dict[int, tuple[dict[str, str], bool]] = {}
_SIDE_DIMENSIONS = frozenset({"power", "temperature", "memory", "energy"})
"""What a sampler reads beside a run (its power, temperature, memory), whether or not the
run produced anything."""


def _side_reading(key: str, metric: str | None) -> bool:
    """Whether a key names a sampler's reading or the point's duration, not a result."""
    if metric is None:
        return False
    dimension = vocabulary().metric_dimension_of(metric)
    return dimension in _SIDE_DIMENSIONS or metric in _DURATION_METRICS


def _no_rate(context: dict[str, str]) -> bool:
    """Whether the record names a rate, every rate it names is null, and what it does state
    is only side readings: a score beside a null rate (`"livecodebench": 0.45, "decode_tps":
    null`, bhodgens' final_results.json) is a result of its own."""
    rates = side = 0
    for key, text in context.items():
        metric = metric_name(key)
        if metric in SPEED_METRICS:
            if text.strip() != _NULL:
                return False
            rates += 1
        elif metric is not None or benchmark_score(key) is not None:
            if not _side_reading(key, metric):
                return False
            side += 1
    return rates > 0 and side > 0


def failed_point(candidate: Candidate) -> bool:
    """Whether a JSON leaf stands in a record of a point that produced no rate (read once per
    record: its leaves share one context)."""
    if candidate.json_path is None or not candidate.context:
        return False
    context = candidate.context
    kept = _VERDICTS.get(id(context))
    if kept is not None and kept[0] is context:
        return kept[1]
    verdict = _no_rate(context)
    if len(_VERDICTS) >= 4096:
        _VERDICTS.clear()
    _VERDICTS[id(context)] = (context, verdict)
    return verdict


__all__ = ["failed_point"]
