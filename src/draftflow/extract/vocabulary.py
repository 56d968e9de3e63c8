"""The vocabularies of figures, in one place: metric words, units, statistics and skips.

Every harvester and the classifier read their words from here, so a new header word or unit
is added once. Patterns match lowercased names (column headers, JSON keys, caption text).
"""

from __future__ import annotations

import re

# First match wins: the more specific names come first.
METRICS: tuple[tuple[str, str], ...] = (
    ("relative_change", r"^(change|delta|diff|improvement|speed.?up|gain)\b"),
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
    ("speculative_acceptance_rate", r"acceptance|accept.?rate|\bal\b"),
    ("judge_pass_rate", r"pass.?rate|accuracy|judge"),
    ("composite_score", r"composite"),
    ("rank", r"^rank$"),
    ("total_output_tokens", r"^(\d+\.)?tot(al)?.?(output.?|generated.?)?tokens$"),
    ("completed_requests", r"completed.?requests|successful.?requests|^(points\.)?samples$"),
    ("failed_requests", r"failed.?requests"),
    ("peak_concurrent_requests", r"peak.?concurrent"),
    ("benchmark_duration", r"benchmark.?duration"),
    ("total_input_tokens", r"total.?input.?tokens"),
    ("gpu_temperature", r"temperature_c\b|temp_c\b|gpu.?temp"),
    ("gpu_power_draw", r"power.?draw|power_w\b|gpu.?power"),
)

# What a number is NOT a result of: names of identifiers, dates, settings and spreads.
SKIP_KEY = re.compile(
    r"\b(id|uuid|hash|sha|digest|date|timestamp|version|seed|port|pid|index|idx"
    r"|elapsed|step|commit|year|month|day)\b"
    r"|^time$|concurrency|^c$|batch|ctx|context|max.?model.?len|max.?tokens|max.?num|params"
    r"|num.?prompts|count|^n$|request.?rate|burstiness|utili[sz]ation|^temperature$"
    r"|top.?[pk]|draft|chunk|^prompt$|^prompt.?tokens$|^output.?tokens$|input.?len|output.?len"
    r"|depth|^runs?$|trial|iteration"
    r"|mhz|clock|gpu.?util|fan|_pct|percent|weights?.?gb|mem.?gb|bw.?gbs|tops|_chars"
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
}

UNIT_WORDS = frozenset(
    {
        "ms",
        "tok",
        "tokens",
        "token",
        "gb",
        "gib",
        "mb",
        "mib",
        "req",
        "sec",
        "seconds",
        "tps",
        "rps",
    }
)

# Units a header or key implies, first match wins (`ttft_ms` → ms, `Power (W)` → W).
UNIT_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"tok(en)?s?\s*/\s*s|t/s|tokens?_per_s(ec(ond)?)?|tok_s\b|\btps\b|tokens?/sec", "tokens/s"),
    (r"req(uest)?s?\s*/\s*s|\brps\b|request_throughput|req_s\b", "requests/s"),
    (r"\(ms\)|_ms\b|\bms\b|millisecond", "ms"),
    (r"\(s\)|_s\b|\bsec(onds?)?\b|_seconds\b", "s"),
    (r"\bgib\b|_gib\b", "GiB"),
    (r"\bgb\b|_gb\b|\(gb\)", "GB"),
    (r"\bmib\b|_mib\b", "MiB"),
    (r"\bmb\b|_mb\b|\(mb\)", "MB"),
    (r"\bw\b|_w\b|watt", "W"),
    (r"%|_pct\b|percent", "%"),
)

# ---- figures written in text: the unit right after a number, and outcome words ------------
# (read by the prose finder; patterns match the lowercased words after the number)

# The unit written right after a number (`48 tok/s`, `0.187 seconds`, `1.78x`), first match
# wins; each pattern is anchored at the start of the text after the number.
UNITS_AFTER_NUMBER: tuple[tuple[str, str], ...] = (
    (r"tok(?:en)?s?\s*/\s*s(?:ec)?\b|t/s\b|tokens?\s+per\s+s(?:ec(?:ond)?)?\b|tps\b", "tokens/s"),
    (r"req(?:uest)?s?\s*/\s*s(?:ec)?\b|requests?\s+per\s+s(?:ec(?:ond)?)?\b|rps\b", "requests/s"),
    (r"gb/s\b|gib/s\b|gbps\b", "GB/s"),
    (r"ms\b|msec\b|millisec(?:ond)?s?\b", "ms"),
    (r"(?:µs|us)\b|microsec(?:ond)?s?\b", "µs"),
    (r"s\b|secs?\b|seconds?\b", "s"),
    (r"min\b|mins\b|minutes?\b", "min"),
    (r"h\b|hrs?\b|hours?\b", "h"),
    (r"gib\b", "GiB"),
    (r"gb\b", "GB"),
    (r"mib\b", "MiB"),
    (r"mb\b", "MB"),
    (r"tib\b|tb\b", "TB"),
    (r"%|percent\b|pct\b", "%"),
    (r"[x×](?![\w/])", "x"),
    (r"w\b|watts?\b", "W"),
    (r"°\s*c\b|degrees?\s+c(?:elsius)?\b|c\b(?=\s*(?:peak|max|gpu|cpu|temp))", "°C"),
    (r"[mg]hz\b", "MHz"),
    (r"tokens?\b", "tokens"),
)

# The metric a unit implies when the words around a figure name none.
METRIC_BY_UNIT = {
    "tokens/s": "throughput",
    "requests/s": "request_throughput",
    "GB/s": "bandwidth",
    "ms": "latency",
    "µs": "latency",
    "s": "latency",
    "min": "latency",
    "h": "latency",
    "GiB": "memory",
    "GB": "memory",
    "MiB": "memory",
    "MB": "memory",
    "TB": "memory",
    "x": "ratio",
    "W": "power",
    "°C": "temperature",
    "MHz": "clock",
    "tokens": "kv_capacity",
}

# Metric words of prose that tables rarely use; checked after METRICS.
PROSE_METRICS: tuple[tuple[str, str], ...] = (
    ("cpu_utilization", r"load.?average|\bcpu\b"),
    ("kv_capacity", r"\bkv\b|kv.?cache|kv.?pool|cache.?size"),
    ("startup_time", r"\bload(ing|ed)\b|start.?up|boot|graph.?capture|warm.?up|compil"),
    ("cosine_similarity", r"cosine"),
    ("max_abs_error", r"abs(olute)?.?error"),
    ("accuracy", r"accura|exact.?match"),
    ("score", r"\bscor(e|ed|es|ing)\b|pass@"),
    ("perplexity", r"perplexity|\bppl\b"),
    ("relative_change", r"faster|slower|speed.?up|improve|regress|higher|lower|gain|drop"),
)

# Nouns counted as outcomes of a run (`0 errors`, `two retry storms`, `847 times`).
OUTCOME_NOUNS: tuple[tuple[str, str], ...] = (
    ("error_count", r"errors?|exceptions?|crash(es)?|ooms?|warnings?"),
    ("failure_count", r"failures?|fail(s|ed)?|timeouts?|storms?|loops?|hangs?|restarts?|retries"),
    ("pass_count", r"passes|passed|successes"),
    ("message_count", r"messages?|responses?"),
    ("event_count", r"times|occurrences|events?"),
)
