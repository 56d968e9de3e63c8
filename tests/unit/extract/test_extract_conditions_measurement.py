"""How a figure was measured, read where its source says so (issue 33): `repetitions` (`3
trials`, `"num_runs": 5`, a `Runs` column) and `measurement_denominator` (its own column's
`Aggregate tok/s` or `Per-stream` header, its own data line's `per_request_tok_s`), each cited
to the place that states it; null where no place of its chain states it, or states two.
Before (13e5f5ef) neither was ever read: every headline figure's were null."""

from __future__ import annotations

import json

from documents import make_document
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.measurement import (
    denominators_in,
    header_denominators,
    repetitions_in_text,
)
from draftflow.extract.conditions.place_reading import reads_at
from extract_support import deterministic_results, result_at

TRIALS = """# Results

## Agent decode

Agent / file-writing decode-only (`max_tokens=512`, temp 0, 3 trials):

| C | Agg decode tok/s | Mean stream tok/s |
| ---: | ---: | ---: |
| 1 | 66.6 | 66.6 |
| 6 | 190.5 | 31.7 |

## Static batch

| C | Best agg tok/s | Per-stream | Runs |
| ---: | ---: | ---: | ---: |
| 8 | 252.6 | 31.6 | 5 |
"""

FAILED = """# Training

## QLoRA

Failed at weight loading every attempt (4 runs).

| Model | tok/s |
|---|---:|
| Qwen 72B | 12.5 |

## Inference

Gemma 4 runs directly in the browser; 3 runs per config and 5 runs per prompt were tried.

| Model | tok/s |
|---|---:|
| Gemma 4 | 41.2 |
"""

RUNS = (
    json.dumps({"id": "a", "num_runs": 5, "per_request_tok_s": 15.9})
    + "\n"
    + json.dumps({"id": "b", "aggregate_tps": 96.4})
    + "\n"
)


def test_a_captions_trial_count_is_its_tables_repetitions_cited_to_the_caption() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "results/agent.md": TRIALS})
    figure = result_at(results, "results/agent.md", 9, 66.6)
    assert figure.conditions["repetitions"] == 3
    assert (figure.condition_sources or {})["repetitions"] == ["results/agent.md:5"]
    # a row's own `Runs` cell is nearer than anything above it
    assert result_at(results, "results/agent.md", 16, 252.6).conditions["repetitions"] == 5


def test_a_columns_header_gives_its_figures_denominator_and_no_other_columns() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "results/agent.md": TRIALS})
    aggregate = result_at(results, "results/agent.md", 10, 190.5)
    assert aggregate.conditions["measurement_denominator"] == "aggregate"
    assert (aggregate.condition_sources or {})["measurement_denominator"] == ["results/agent.md:7"]
    # `Mean stream tok/s` names no denominator in the words that say one
    assert (
        result_at(results, "results/agent.md", 10, 31.7).conditions.get("measurement_denominator")
        is None
    )
    per_stream = result_at(results, "results/agent.md", 16, 31.6)
    assert per_stream.conditions["measurement_denominator"] == "per stream"


def test_a_run_files_row_states_its_repetitions_and_denominator_under_their_names() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "runs/bench.jsonl": RUNS})
    first = result_at(results, "runs/bench.jsonl", 1, 15.9)
    assert first.conditions["repetitions"] == 5
    assert first.conditions["measurement_denominator"] == "per request"
    assert (first.condition_sources or {})["measurement_denominator"] == ["runs/bench.jsonl:1"]
    second = result_at(results, "runs/bench.jsonl", 2, 96.4)
    assert second.conditions["measurement_denominator"] == "aggregate"
    assert second.conditions.get("repetitions") is None  # the other row's count is not its own


def test_a_failure_count_a_models_name_or_two_counts_give_no_repetitions() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "notes/train.md": FAILED})
    for result in results:
        assert result.conditions.get("repetitions") is None, result.label
    assert repetitions_in_text("Failed at weight loading every attempt (4 runs).") == frozenset()
    assert repetitions_in_text("Gemma 4 runs directly in the browser") == frozenset()
    assert repetitions_in_text("Llama 3 runs at 40 tok/s.") == frozenset()


def test_repetitions_are_read_in_the_ways_sources_write_them() -> None:
    cases = {
        "**Both models, 3 runs per tier, 12 pages each:**": {3},
        "avg: 189.5 tok/s  median: 189.8  (5 runs, 2048 tokens)": {5},
        "Tests run at pp512. Three repetitions each.": {3},
        "**Conditions:** 3 runs per config, concurrency 1": {3},
        "each prompt was run five times": {5},
        "All 5 runs were averaged": {5},
        "--repetitions 4": {4},
        "./build/bin/llama-bench -m m.gguf -n 128 -p 512 -ngl 99 -r 2": {2},
        "llama-cli -m m.gguf -r 2": set(),  # `-r` is llama-bench's repetitions, not every tool's
        "runs: 3": {3},
        "warmup_runs: 2": set(),
        "3 models on 2 nodes": set(),
    }
    for text, expected in cases.items():
        assert repetitions_in_text(text) == frozenset(expected), text


def test_denominators_are_the_sources_words_beside_a_rate() -> None:
    assert denominators_in("Per-request decode throughput") == {"per request"}
    assert denominators_in("t/s (total)") == {"total"}
    assert denominators_in("Output token throughput (tok/s)") == frozenset()
    assert denominators_in("Total memory (GB)") == frozenset()
    assert header_denominators("C1 agg") == {"aggregate"}
    assert header_denominators("Total") == frozenset()  # total of what: memory, time, rate


def test_verify_reads_repetitions_and_a_denominator_only_where_the_place_states_them() -> None:
    context = DocumentContext(make_document("results/agent.md", TRIALS))
    assert reads_at(context, 5, "repetitions", 3)
    assert not reads_at(context, 5, "repetitions", 5)
    assert not reads_at(context, 5, "repetitions", 512)  # the output cap, not a run count
    assert reads_at(context, 16, "repetitions", 5)  # the row's `Runs` cell
    own_aggregate = ("results/agent.md", 10, 190.5)
    own_stream = ("results/agent.md", 10, 31.7)
    assert reads_at(context, 7, "measurement_denominator", "aggregate", own_aggregate)
    assert not reads_at(context, 7, "measurement_denominator", "per stream", own_aggregate)
    assert not reads_at(context, 7, "measurement_denominator", "aggregate", own_stream)
    # the header row of two denominators, read for no figure, says neither
    assert not reads_at(context, 14, "measurement_denominator", "aggregate")


# rhattala/dgx-spark-bench verifier-gate/README.md:124-134
COSTS = """# Verifier gate

## What it costs (measured, 4 runs)

End-to-end best-of-3 on short outputs, 2x DGX Spark GB10. Prompt: a 119-char coding question,
`max_tokens=300`, `temperature=0.7`, clocks 2405/3003 MHz at ~40 C.

| concurrency | aggregate | mean latency |
|---|---|---|
| 1 | 70 tok/s | 4.1 s |
| 6 | **237 tok/s** | 7.2 s |

## Sweep

| Prompt | Decode tok/s |
|---|---:|
| 256 | 82.6 |

*output tokens/s, median of 3 runs, 64-token prompts*
"""


def test_a_headings_run_count_a_captions_settings_and_a_note_below_are_read() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "gate/README.md": COSTS})
    figure = result_at(results, "gate/README.md", 11, 237)
    assert figure.conditions["repetitions"] == 4
    assert figure.conditions["measurement_denominator"] == "aggregate"
    assert figure.conditions["max_output_tokens"] == 300
    assert figure.conditions["temperature"] == 0.7
    sources = figure.condition_sources or {}
    assert sources["repetitions"] == ["gate/README.md:3"]
    assert sources["measurement_denominator"] == ["gate/README.md:8"]
    assert sources["temperature"] == sources["max_output_tokens"] == ["gate/README.md:6"]
    # the latency column is no rate: no denominator
    assert "measurement_denominator" not in result_at(results, "gate/README.md", 11, 7.2).conditions
    swept = result_at(results, "gate/README.md", 17, 82.6)
    assert swept.conditions["repetitions"] == 3
    assert (swept.condition_sources or {})["repetitions"] == ["gate/README.md:19"]


ONE_LINE = (
    json.dumps(
        {
            "model_id": "Qwen/Qwen3-30B-A3B-FP8",
            "output_throughput": 41.7,
            "total_token_throughput": 1303.5,
        }
    )
    + "\n"
)


def test_a_figure_on_a_line_of_many_keys_takes_only_its_own_keys_denominator() -> None:
    """PalatineVision's vLLM bench files are one JSON line: `total_token_throughput` says
    `total` of its own figure, not of `output_throughput` beside it."""
    results = deterministic_results({"README.md": "# Runs\n", "results/bench.json": ONE_LINE})
    assert result_at(results, "results/bench.json", 1, 1303.5).conditions[
        "measurement_denominator"
    ] == ("total")
    output = result_at(results, "results/bench.json", 1, 41.7)
    assert output.conditions.get("measurement_denominator") is None


def test_a_value_standing_in_two_cells_of_its_row_takes_no_columns_denominator() -> None:
    """`| 1 | 66.6 | 66.6 |` under `Agg decode tok/s` and `Mean stream tok/s`: which column a
    figure of 66.6 is of is not said (MiaAI RESULTS-2026-08-14.md:137)."""
    results = deterministic_results({"README.md": "# Runs\n", "results/agent.md": TRIALS})
    for result in results:
        if result.source_line == 9:
            assert result.conditions.get("measurement_denominator") is None, result.label


# Reederey87/dgx-spark-2x-deepseek-v4-flash README.md:264-268 and 286-289
LABELLED = """# Production stack

## Gates

| Metric | Result |
|---|---|
| Throughput — single stream (C1) | **33.85 tok/s** mean |
| Throughput — aggregate @ concurrency 8 (C8) | **87.78 tok/s** mean |

## A/B

| Metric | cand7 | c8r | Delta |
|---|---|---|---|
| C8 aggregate tok/s (mean) | 87.68 | **87.78** | tie |
| Bench acceptance | 0.502 | 0.495 | flat |
"""


def test_a_rows_label_beside_a_rate_gives_its_figures_denominator() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "docs/gates.md": LABELLED})
    single = result_at(results, "docs/gates.md", 7, 33.85)
    assert single.conditions["measurement_denominator"] == "single stream"
    assert (single.condition_sources or {})["measurement_denominator"] == ["docs/gates.md:7"]
    aggregate = result_at(results, "docs/gates.md", 8, 87.78)
    assert aggregate.conditions["measurement_denominator"] == "aggregate"
    ab = result_at(results, "docs/gates.md", 14, 87.68)
    assert ab.conditions["measurement_denominator"] == "aggregate"
    assert (
        result_at(results, "docs/gates.md", 15, 0.495).conditions.get("measurement_denominator")
        is None
    )
    context = DocumentContext(make_document("docs/gates.md", LABELLED))
    assert reads_at(context, 8, "measurement_denominator", "aggregate", ("docs/gates.md", 8, 87.78))
    assert not reads_at(context, 8, "measurement_denominator", "per request")
