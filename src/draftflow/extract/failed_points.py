"""A data file's record of a benchmark point that produced no rate: its side values (power,
memory, temperature, duration) measured a run that failed, not a result.

lhl/strix-halo-testing's sweeps write one JSON line per point; a point llama-bench could not
run keeps `"tokens_per_sec": null, "bench_raw": null` beside the power sampler's
`"median_power_w": 16.02`, which was published as the power draw of a run (read-s32). A
record whose rate keys (a metric of speed) are all null, and at least one is, is such a point.
A record with one null rate beside a rate it states (`"decode_tps": null, "prefill_tps":
500`), or a null latency (`"ttft_ms": null` of a run that did not stream), is no failure.
"""

from __future__ import annotations

from draftflow.extract.candidates import Candidate
from draftflow.extract.metric_names import metric_name
from draftflow.extract.vocabulary import SPEED_METRICS

_NULL = "null"
_VERDICTS: dict[int, tuple[dict[str, str], bool]] = {}


def _no_rate(context: dict[str, str]) -> bool:
    """Whether the record names a rate and every rate it names is null."""
    rates = [text for key, text in context.items() if metric_name(key) in SPEED_METRICS]
    return bool(rates) and all(text.strip() == _NULL for text in rates)


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
