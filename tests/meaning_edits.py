"""Hand edits of a published field's meaning, for the record and the figures file of a
no-model draft of `jvr0x/dgx-spark-bench` (its `results/qwen3.6-35b-nvfp4-nvidia.json` and
README). Each edit changes what a field says while its number stays on its cited line, so
only a re-reading of the cited place can catch it; each names the JSON pointer verify must
flag. `owner` is "verify" for the meanings verify re-reads itself, "cond" for the condition
keys re-read by `verify/conditions.py` (at the places their figure cites, else on its line's
context chain) and by `verify/meaning.py` (counts and parallelism under their names); every
edit is an error now, whoever owns it.

Lines of the results file: each point's block starts at 67, 87, 107, 127, 147, 167, 187
(concurrency 1, 2, 4, 8, 16, 32, 64): `agg_tok_s` on the first line, `per_session_tok_s`
the next, `ttft_ms` p50/p95/p99 at +3..+5, `itl_ms` at +8..+10, `samples` +12, `gpu` +14/+15.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

RESULTS = "/editorial/reported_results"
Edit = Callable[[Any], None]


@dataclass(frozen=True)
class MeaningEdit:
    """One edit: its name, who owns the check, the edit and where verify must flag it."""

    name: str
    owner: str
    apply: Edit
    pointer: Callable[[Any], str]


def _result_index(results: list[dict[str, Any]], line: int) -> int:
    return next(i for i, r in enumerate(results) if r["source_line"] == line)


EDITED_LINES: set[int] = set()
"""Results-file lines whose headline result an edit changes: the test's draft puts their
figures in the headline (`draftflow select --add`), which holds only the lead claims."""


def result_edit(name: str, line: int, field: str, value: Any, owner: str = "verify") -> MeaningEdit:
    """Set `field` (`conditions/KEY` for a condition) of the headline result on `line`."""
    EDITED_LINES.add(line)

    def apply(record: dict[str, Any]) -> None:
        result = record["editorial"]["reported_results"][
            _result_index(record["editorial"]["reported_results"], line)
        ]
        if field.startswith("conditions/"):
            result["conditions"][field.removeprefix("conditions/")] = value
        else:
            result[field] = value(result[field]) if callable(value) else value

    def where(record: dict[str, Any]) -> str:
        return f"{RESULTS}/{_result_index(record['editorial']['reported_results'], line)}/{field}"

    return MeaningEdit(name, owner, apply, where)


def figure_edit(name: str, line: int, field: str, value: Any, owner: str = "verify") -> MeaningEdit:
    """Set `field` of the figures file's figure on `line` of the results file."""

    def apply(figures: list[dict[str, Any]]) -> None:
        figure = figures[_result_index(figures, line)]
        if field.startswith("conditions/"):
            figure["conditions"][field.removeprefix("conditions/")] = value
        else:
            figure[field] = value(figure[field]) if callable(value) else value

    def where(figures: list[dict[str, Any]]) -> str:
        return f"/figures/{_result_index(figures, line)}/{field}"

    return MeaningEdit(name, owner, apply, where)


def field_edit(name: str, place: str, value: Any, owner: str = "verify") -> MeaningEdit:
    """Set (or with a callable, rewrite) the record field at JSON pointer `place`."""

    def apply(record: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in place.strip("/").split("/")]
        target: Any = record
        for part in parents:
            target = target[part]
        target[last] = value(target[last]) if callable(value) else value

    return MeaningEdit(name, owner, apply, lambda _record: place)


def _add(sentence: str) -> Callable[[str], str]:
    return lambda text: f"{text} {sentence}"


def _label_plus(words: str) -> Callable[[str], str]:
    return lambda label: f"{label}, {words}"


RECORD_EDITS: list[MeaningEdit] = [
    # the unit, and its scale
    result_edit("unit-ms-to-s", 70, "unit", "s"),
    result_edit("unit-itl-ms-to-us", 75, "unit", "µs"),
    result_edit("unit-toks-to-requests", 67, "unit", "requests/s"),
    result_edit("unit-decode-toks-to-requests", 88, "unit", "requests/s"),
    result_edit("unit-toks-to-tokmin", 68, "unit", "tokens/min"),
    result_edit("unit-w-to-kw", 82, "unit", "kW"),
    result_edit("unit-c-to-f", 81, "unit", "°F"),
    result_edit("unit-requests-to-tokens", 79, "unit", "tokens"),
    # the metric
    result_edit("metric-ttft-to-itl", 70, "metric", "inter_token_latency"),
    result_edit("metric-itl-to-ttft", 95, "metric", "ttft"),
    result_edit("metric-aggregate-to-decode", 87, "metric", "decode_rate"),
    result_edit("metric-decode-to-aggregate", 108, "metric", "aggregate_throughput"),
    result_edit("metric-aggregate-to-prefill", 127, "metric", "prefill_throughput"),
    result_edit("metric-ttft-to-request-throughput", 110, "metric", "request_throughput"),
    result_edit("metric-power-to-temperature", 102, "metric", "gpu_temperature"),
    # the statistic
    result_edit("statistic-p50-to-mean", 70, "statistic", "mean"),
    result_edit("statistic-p50-to-p95", 90, "statistic", "p95"),
    result_edit("statistic-p50-to-p99", 115, "statistic", "p99"),
    result_edit("statistic-reported-to-p95", 67, "statistic", "p95"),
    result_edit("statistic-reported-to-peak", 88, "statistic", "peak"),
    result_edit("statistic-reported-to-mean-of-runs", 127, "statistic", "mean of 5 runs"),
    # label words
    result_edit("label-16-concurrent", 127, "label", _label_plus("16 concurrent requests")),
    result_edit("label-single-stream", 127, "label", _label_plus("single-stream")),
    result_edit("label-64-users", 67, "label", _label_plus("64 users")),
    result_edit("label-batch-32", 107, "label", _label_plus("batch size 32")),
    result_edit(
        "label-p99", 70, "label", lambda label: label.replace("ttft_ms.p50", "ttft_ms.p99")
    ),
    result_edit("label-prefill", 87, "label", _label_plus("prefill throughput")),
    result_edit("label-per-session", 127, "label", _label_plus("per-session decode")),
    result_edit("label-2-nodes", 87, "label", _label_plus("2 nodes"), owner="cond"),
    # setup fields
    field_edit("setup-parallelism", "/reported_setup/parallelism", "tensor parallelism 2"),
    field_edit("setup-parallelism-nodes", "/reported_setup/parallelism", "TP2 across 2 nodes"),
    field_edit("setup-kv-dtype", "/reported_setup/kv_dtype", "fp16"),
    field_edit("setup-kv-dtype-nvfp4", "/reported_setup/kv_dtype", "nvfp4"),
    field_edit("setup-system", "/reported_setup/system", "NVIDIA DGX Station"),
    field_edit("setup-system-h100", "/reported_setup/system", "8x H100 SXM"),
    field_edit("setup-context", "/reported_setup/context_limit_tokens", 131072),
    field_edit("setup-date", "/reported_setup/experiment_date", "2025-03-14"),
    # provenance words in prose
    field_edit("provenance-vendor-verified", "/summary", _add("Vendor-verified.")),
    field_edit(
        "provenance-independent-lab",
        "/notes/0",
        _add("The figures were confirmed by an independent lab."),
    ),
    field_edit(
        "provenance-nvidia-engineers",
        "/editorial/sections/0/paragraphs/0",
        _add("NVIDIA engineers confirmed these results."),
    ),
    field_edit("provenance-title", "/title", lambda t: f"Vendor-verified: {t}"),
    field_edit(
        "provenance-answer",
        "/editorial/answer",
        # the answer no longer repeats the limits' "none of these figures was re-run here"
        _add("These figures were reproduced independently."),
    ),
    field_edit(
        "provenance-certified", "/summary", _add("The results are officially certified by NVIDIA.")
    ),
    # numbers with their conditions in prose
    field_edit(
        "prose-at-wrong-concurrency", "/summary", _add("It reaches 574.6 tok/s at concurrency 32.")
    ),
    field_edit(
        "prose-single-stream", "/summary", _add("Single-stream decode runs at 10.3 tokens/s.")
    ),
    field_edit(
        "prose-wrong-statistic",
        "/editorial/sections/0/paragraphs/0",
        _add("The p99 time to first token is 2048 ms."),
    ),
    field_edit(
        "prose-wrong-unit",
        "/editorial/answer",
        _add("Aggregate throughput reaches 574.6 requests/s."),
    ),
    field_edit(
        "prose-ms-to-s", "/notes/0", _add("The time to first token is 178 s at concurrency 1.")
    ),
    field_edit(
        "prose-wrong-metric",
        "/editorial/sections/0/paragraphs/0",
        _add("The per-session decode rate reaches 574.6 tokens/s."),
    ),
    field_edit("prose-two-nodes", "/summary", _add("Across 2 nodes it decodes 574.6 tok/s.")),
    field_edit("prose-batch", "/summary", _add("At batch size 16 the box decodes 432.4 tok/s.")),
    field_edit(
        "prose-fp8", "/summary", _add("With FP8 weights it decodes 574.6 tok/s."), owner="cond"
    ),
    # limitations the source states
    field_edit("limitations-emptied", "/limitations", []),
    field_edit("limitations-standing-dropped", "/limitations", lambda items: items[1:]),
    # conditions (re-read in verify/conditions.py)
    result_edit("condition-quantization", 67, "conditions/weight_precision", "fp8", owner="cond"),
    result_edit("condition-engine", 67, "conditions/engine", "SGLang", owner="cond"),
    result_edit("condition-model", 87, "conditions/model", "Llama-3.1-8B", owner="cond"),
    result_edit("condition-system", 87, "conditions/system", "DGX Station", owner="cond"),
    result_edit("condition-gpu-count", 107, "conditions/gpu_count", 2, owner="cond"),
    result_edit("condition-tensor-parallel", 107, "conditions/tensor_parallel", 2, owner="cond"),
    result_edit("condition-concurrency", 127, "conditions/concurrency", 16, owner="cond"),
]

FIGURE_EDITS: list[MeaningEdit] = [
    figure_edit("unit-ms-to-s", 190, "unit", "s"),
    figure_edit("unit-toks-to-requests", 187, "unit", "requests/s"),
    figure_edit("metric-ttft-to-itl", 191, "metric", "inter_token_latency"),
    figure_edit("metric-aggregate-to-decode", 187, "metric", "decode_rate"),
    figure_edit("statistic-p95-to-mean", 191, "statistic", "mean"),
    figure_edit("statistic-p50-to-p99", 195, "statistic", "p99"),
    figure_edit("label-16-concurrent", 187, "label", _label_plus("16 concurrent requests")),
    figure_edit("label-single-stream", 187, "label", _label_plus("single-stream")),
    figure_edit("label-two-nodes", 188, "label", _label_plus("2 nodes"), owner="cond"),
    figure_edit("condition-concurrency", 187, "conditions/concurrency", 32, owner="cond"),
]
