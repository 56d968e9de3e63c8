"""The vocabularies of figures, in one place: metric words, units, statistics and skips.

Every harvester and the classifier read their words from here, so a new header word or unit
is added once. Patterns match lowercased names (column headers, JSON keys, caption text).
The unit table itself is defined next to the number parser (`numbers/units.py`, which may
not import `extract/`) and re-exported here: there is one unit vocabulary, not one per reader.

Settings are told from outcomes in two steps: HARD_SKIP names are never outcomes
(identifiers, dates, engine settings such as `gpu_memory_utilization`); SOFT_SKIP names are
settings unless a metric pattern also names the figure (`Decode tok/s (32K context)` is a
decode rate, `Batched throughput (tok/s)` a throughput, `Draft acceptance rate` an
acceptance rate; `context`, `batch` and `draft` alone are settings).
"""

from __future__ import annotations

import re

from draftflow.numbers.units import (
    MEASURED_UNITS as MEASURED_UNITS,
)
from draftflow.numbers.units import (
    MEMORY_UNITS,
    TIME_UNITS,
)
from draftflow.numbers.units import (
    NAME_UNITS as NAME_UNITS,
)
from draftflow.numbers.units import (
    WRITTEN_UNITS as WRITTEN_UNITS,
)
from draftflow.numbers.units import (
    unit_of_name as unit_of_name,
)

# First match wins: the more specific names come first.
METRICS: tuple[tuple[str, str], ...] = (
    ("relative_change", r"^(change|delta|diff|improvement|speed.?up|gain)\b"),
    ("failed_requests", r"failed.?requests"),
    ("error_count", r"(?<![a-z])errors?(?![a-z])"),
    ("failure_count", r"(?<![a-z])failures?(?![a-z])"),
    ("warning_count", r"(?<![a-z])warnings?(?![a-z])"),
    ("speculative_acceptance_rate", r"acceptance|accept.?rate|\bal\b"),
    ("ttfc", r"\bttfc\b|time.to.first.chunk"),
    ("ttft", r"ttf[tr]|time.to.first"),
    ("inter_token_latency", r"\bitl\b|itl_|tpot|inter.?token|time.per.output"),
    (
        "prefill_rate",
        r"prefill|\bpp\d*\b|prompt.?(eval|processing).?(rate|tok|speed)|prompt.?tok(en)?s?.?(per|/)",
    ),
    ("aggregate_throughput", r"aggregate|\bagg\b|agg_|t/s \(total\)|total.?token.?throughput"),
    (
        "decode_rate",
        r"decode|\btg\d*\b|gen(eration)?.?(tok|speed|rate)|eval.?rate|per.?(stream|session)"
        r"|stream.?tok|t/s \(req\)|output.?throughput|\bgen\b",
    ),
    ("request_throughput", r"req(uest)?s?.?(/|per).?s|request.?throughput|\brps\b"),
    ("throughput", r"tok(en)?s?\s*/\s*s|\bt/s\b|tokens?.?per.?s|tok_s\b|\btps\b|throughput"),
    ("latency", r"latency|e2el|e2e|\bwall\b|wall_|\bppt\b|est.?ppt"),
    ("memory", r"mem(ory)?.?used|memory|vram|peak.?mem|\bmem\b|kv.?pool"),
    ("kv_capacity", r"capacity"),
    ("utilization", r"utili[sz]ation|\butil\b|_util\b|cpu.?percent|load.?average|loadavg"),
    ("startup_time", r"start.?up|cold.?start|start.?to.?ready|weight.?load|load(ing)?.?time"),
    ("judge_pass_rate", r"pass.?rate|accuracy|judge"),
    ("accuracy", r"\bacc\b|acc_norm|exact.?match|pass@\d|\bf1\b|\bmc[12]\b"),
    ("composite_score", r"composite"),
    ("score", r"\bscore\b|_score\b"),
    ("rank", r"^rank$"),
    ("total_output_tokens", r"^(\d+\.)?tot(al)?.?(output.?|generated.?)?tokens$"),
    (
        "completed_requests",
        r"completed.?requests|successful.?requests|^completed$|^(points\.)?samples$",
    ),
    ("peak_concurrent_requests", r"peak.?concurrent|max.?concurrent.?requests"),
    ("benchmark_duration", r"duration"),
    ("total_input_tokens", r"total.?input.?tokens"),
    ("gpu_temperature", r"temperature_c\b|temp_c\b|gpu.?temp"),
    ("gpu_power_draw", r"power.?draw|power_w\b|gpu.?power"),
    ("temperature", r"\btemp(erature)?\b"),
    ("power", r"\bpower\b"),
)

# Names that are never a measured outcome: identifiers, dates, engine settings, hardware.
HARD_SKIP = re.compile(
    r"\b(id|uuid|hash|sha|digest|date|timestamp|version|seed|port|pid|index|idx"
    r"|step|commit|year|month|day)\b"
    r"|^time$|max.?model.?len|max.?tokens|max.?num|params|num.?prompts|^n$|request.?rate"
    r"|burstiness|mem(ory)?.?util|^temperature$|sampling.?temp|top.?[pk]|^prompt$"
    r"|^(prompt|prefill|decode|input|output|completion|context|generated|gen)[ _]?tokens$"
    r"|input.?len|output.?len|^runs?$|trial|iteration"
    r"|weights?.?gb|mem.?gb|bw.?gbs|tops|timeout|disk|size|mem(ory)?.?fraction|fraction.?static"
)
# Names of settings that a metric word in the same name overrides (see the module docstring).
SOFT_SKIP = re.compile(
    r"concurrency|^c$|batch|ctx|context|count|draft|chunk|depth|mhz|clock|fan|_chars"
)
# Both, for callers that only ask "is this name a setting?"
SKIP_KEY = re.compile(f"{HARD_SKIP.pattern}|{SOFT_SKIP.pattern}")
# Targets, gates, limits and estimates: a number named so is not a measured result.
THRESHOLD_WORDS = re.compile(
    r"\b(target|threshold|gate|floor|ceiling|limit|budget|goal|slo|sla|requirement|cap"
    r"|expected|estimated?|projected|theoretical|predicted)s?\b"
)
# A percentage under a header naming a change is the change.
CHANGE_WORDS = re.compile(
    r"change|delta|\bdiff|\bvs\b|improvement|speed.?up|\bgain|regression|uplift|Δ"
)
# Metrics a percentage may be (others take a % only as a change).
PERCENT_METRICS = frozenset(
    {
        "relative_change",
        "judge_pass_rate",
        "speculative_acceptance_rate",
        "percentage",
        "utilization",
        "memory",
        "score",
        "error_rate",
    }
)
# Speeds (tokens or requests per second) and times (latencies).
SPEED_METRICS = frozenset(
    {"throughput", "decode_rate", "prefill_rate", "aggregate_throughput", "request_throughput"}
)
TIME_METRICS = frozenset({"ttft", "ttfc", "latency", "inter_token_latency"})
# Speeds and times: a bare % beside them is not the figure itself.
SPEED_AND_TIME_METRICS = SPEED_METRICS | TIME_METRICS
# Column headers that say only "the figure is here": the row header names it (`Metric | Value`).
GENERIC_HEADERS = re.compile(
    r"^(value|values|result|results|measured|measurement|observed|reading|figure|number"
    r"|data|stat|statistic|outcome|amount)?$"
)
# Headings of a section that describes the machine or the setup: sizes there are specs.
SPEC_HEADINGS = re.compile(
    r"hardware|environment|setup|platform|machine|system\b|specs?\b|specifications?|topology"
    r"|configuration",
    re.IGNORECASE,
)
# Names of a resource's total size: a specification, not a measurement.
TOTAL_SIZE = re.compile(r"total.?bytes|mem(ory)?.?total|total.?mem(ory)?|swap.?total|total.?swap")
# Arrays of repeated runs: only these are summarised (a median is derived); others are sweeps.
RUN_WORDS = re.compile(
    r"(^|[._\[])(runs?|trials?|repeats?|repetitions?|iterations?|samples?|reps|attempts?"
    r"|measurements?)($|[._\]\[])|per.?run",
    re.IGNORECASE,
)
# Names of a memory figure that was measured (used, peak, free), not a size or a spec.
MEMORY_WORDS = re.compile(
    r"used|usage|peak|\bkv|cache|memory|vram|resident|rss|swap|available|free|allocat"
)

# JSON subtrees that describe the setup rather than report a measurement.
CONFIG_PATH = re.compile(
    r"(^|\.)(hardware|config|server_config|sweep|workload|settings|args|env|recipe|parameters"
    r"|options|schema|properties|meta)(\.|\[|$)"
)

STATISTICS: tuple[tuple[str, str], ...] = (
    (r"\bp50\b|median|_p50", "median as reported"),
    (r"\bp(9\d(\.\d+)?)\b", "p{0} as reported"),
    (r"mean|avg|average", "mean as reported"),
    (r"\bmax\b|_max|peak", "maximum as reported"),
    (r"\bmin\b|_min", "minimum as reported"),
)
UNITS_BY_METRIC = {
    "relative_change": "%",
    "speculative_acceptance_rate": "ratio",
    "judge_pass_rate": "fraction",
    "composite_score": "score",
    "rank": "rank",
    "total_output_tokens": "tokens",
    "completed_requests": "requests",
    "failed_requests": "requests",
    "peak_concurrent_requests": "requests",
    "total_input_tokens": "tokens",
    "gpu_temperature": "°C",
    "gpu_power_draw": "W",
    "prefill_rate": "tokens/s",
    "decode_rate": "tokens/s",
    "aggregate_throughput": "tokens/s",
    "throughput": "tokens/s",
    "request_throughput": "requests/s",
    "kv_capacity": "tokens",
}

_METRIC_OF_UNIT = {
    "tokens/s": "throughput",
    "requests/s": "request_throughput",
    "GB/s": "bandwidth",
    "W": "power",
    "°C": "temperature",
    "MHz": "clock",
    "GHz": "clock",
    "×": "ratio",
    "%": "percentage",
}


def metric_by_unit(unit: str | None, name: str) -> str | None:
    """The metric a figure with no metric word is, by its unit (`ms` → latency); a memory
    size counts only when its name says it was measured (`KV cache 39.02 GiB`)."""
    if unit is None:
        return None
    if unit in TIME_UNITS:
        return "latency"
    if unit in MEMORY_UNITS:
        return "memory" if MEMORY_WORDS.search(name.lower()) else None
    return _METRIC_OF_UNIT.get(unit)


# ---- figures written in prose (read by the prose finder, extract/prose_figures.py) ---------

# Metric words of prose that tables rarely use: the specific ones are checked before METRICS,
# the general ones after it.
PROSE_METRICS: tuple[tuple[str, str], ...] = (
    ("kv_capacity", r"\bkv\b|kv.?cache|kv.?pool|cache.?size"),
    ("cosine_similarity", r"cosine"),
    ("max_abs_error", r"abs(olute)?.?error"),
    ("perplexity", r"perplexity|\bppl\b"),
)
PROSE_FALLBACK_METRICS: tuple[tuple[str, str], ...] = (
    ("startup_time", r"\bload(ing|ed)\b|boot|graph.?capture|warm.?up|compil"),
    ("accuracy", r"accura|exact.?match"),
    ("score", r"\bscor(e|ed|es|ing)\b|pass@"),
    ("relative_change", r"faster|slower|speed.?up|improve|regress|higher|lower|gain|drop"),
)

# Nouns counted as outcomes of a run (`0 errors`, `two retry storms`, `847 times`).
OUTCOME_NOUNS: tuple[tuple[str, str], ...] = (
    ("error_count", r"errors?|exceptions?|crash(es)?|ooms?"),
    ("warning_count", r"warnings?|suggestions?"),
    ("repair_count", r"fix(es)?|repairs?"),
    ("failure_count", r"failures?|fail(s|ed)?|timeouts?|storms?|loops?|hangs?|restarts?|retries"),
    ("pass_count", r"passes|passed|successes"),
    ("message_count", r"messages?|responses?"),
    ("event_count", r"times|occurrences|events?"),
)
