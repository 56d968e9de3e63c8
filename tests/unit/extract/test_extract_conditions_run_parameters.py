"""A figure's run parameters read where its source writes them under their names (issue 33):
`thinking`, `temperature`, `top_p`, `draft_tokens` and the output cap `max_output_tokens`
(the seed's `max_output_tokens: 700` beside `output_tokens: null`), each cited to the place
that states it; null where the figure's context does not state it, or states it twice."""

from __future__ import annotations

import json

from documents import make_document
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.place_reading import reads_at
from extract_support import deterministic_results, result_at

MATRIX = """# Nemotron modeling runs

Every run below used vLLM on one DGX Spark.

## Parameter matrix

| Configuration | Thinking | temp / top_p | Elapsed | tok/s |
|---|---|---:|---:|---:|
| no-think-greedy | Off | 0 / 1.0 | 78.58 s | 15.45 |
| no-think-low-temperature | Off | 0.2 / 0.9 | 77.99 s | 16.02 |
| think-budget-1024 | On | 1.0 / 0.95 | 328.15 s | 16.36 |
"""

SETTINGS = """# Modular generation

## Testing environment and parameters
- **LLM Used**: DGX `nemotron-3-super`
- **System Variables**:
  - `temperature`: 0.0
  - `max_tokens`: 16384
  - `enable_thinking`: True

## Results

| Round | Objects | Generation time (s) |
|---|---:|---:|
| 10 | 90 | 202 |
"""

UNSTATED = """# Greedy and sampled runs

The no-think-greedy run reached 15.45 tok/s; the GPU stayed cool.

## Telemetry

| Metric | Value |
|---|---|
| GPU temperature | 45 |

## Runs

- temperature: 0.0
- temperature: 0.7

| Run | tok/s |
|---|---:|
| greedy | 15.45 |
"""

RUNS = (
    json.dumps(
        {
            "id": "a",
            "temperature": 0.7,
            "top_p": 0.9,
            "kv_cache_dtype": "fp8",
            "output_tokens_per_second": 15.9,
        }
    )
    + "\n"
    + json.dumps({"id": "b", "temperature": 0.0, "output_tokens_per_second": 16.4})
    + "\n"
)


def test_a_rows_thinking_and_sampling_cells_are_its_conditions_cited_to_the_row() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "reports/matrix.md": MATRIX})
    row = result_at(results, "reports/matrix.md", 10, 16.02)
    assert row.conditions["thinking"] is False
    assert row.conditions["temperature"] == 0.2
    assert row.conditions["top_p"] == 0.9
    sources = row.condition_sources or {}
    for key in ("thinking", "temperature", "top_p"):
        assert sources[key] == ["reports/matrix.md:10"], key
    on = result_at(results, "reports/matrix.md", 11, 16.36)
    assert on.conditions["thinking"] is True
    assert (on.conditions["temperature"], on.conditions["top_p"]) == (1.0, 0.95)


def test_a_sections_settings_block_gives_its_figures_the_settings_and_the_output_cap() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "reports/modular.md": SETTINGS})
    figure = result_at(results, "reports/modular.md", 14, 202)
    assert figure.conditions["temperature"] == 0.0
    assert figure.conditions["thinking"] is True
    # `max_tokens` caps the output: it is not the tokens the run generated
    assert figure.conditions["max_output_tokens"] == 16384
    assert figure.conditions.get("output_tokens") is None
    sources = figure.condition_sources or {}
    assert sources["temperature"] == ["reports/modular.md:6"]
    assert sources["max_output_tokens"] == ["reports/modular.md:7"]
    assert sources["thinking"] == ["reports/modular.md:8"]


def test_a_label_a_gpu_temperature_or_two_stated_values_give_no_parameter() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "notes.md": UNSTATED})
    for result in results:
        assert result.conditions.get("thinking") is None, result.label
        assert result.conditions.get("temperature") is None, result.label


def test_a_run_files_row_states_its_own_sampling_settings() -> None:
    results = deterministic_results({"README.md": "# Runs\n", "runs/sampling.jsonl": RUNS})
    first = result_at(results, "runs/sampling.jsonl", 1, 15.9)
    assert (first.conditions["temperature"], first.conditions["top_p"]) == (0.7, 0.9)
    assert (first.condition_sources or {})["temperature"] == ["runs/sampling.jsonl:1"]
    second = result_at(results, "runs/sampling.jsonl", 2, 16.4)
    assert second.conditions["temperature"] == 0.0
    assert second.conditions.get("top_p") is None  # the other run's top_p is not this one's
    assert first.conditions["kv_dtype"] == "fp8"
    assert second.conditions.get("kv_dtype") is None  # `auto` names no precision


def test_a_run_file_named_for_a_date_gives_its_figures_that_experiment_date() -> None:
    results = deterministic_results(
        {
            "README.md": "# Runs\n",
            "runs/2026-10-17/sampling.jsonl": RUNS,
            "runs/2026-10-17-vs-2026-10-18.jsonl": RUNS,
        }
    )
    dated = result_at(results, "runs/2026-10-17/sampling.jsonl", 1, 15.9)
    assert dated.conditions["experiment_date"] == "2026-10-17"
    assert (dated.condition_sources or {})["experiment_date"] == [
        "runs/2026-10-17/sampling.jsonl:0"
    ]
    # a name with two dates does not say which one a run is of
    compared = result_at(results, "runs/2026-10-17-vs-2026-10-18.jsonl", 1, 15.9)
    assert compared.conditions.get("experiment_date") is None


DATED_LOG = """# Results — 2026-08-14

## 2026-08-14 — live matrix

| Prompt | Decode tok/s |
|---|---:|
| 256 | 82.6 |

- This is not a regression vs 1 Aug (TTFT 80.4 s vs 78.8 s).

## 2026-08-01 — published sweep

| Prompt | Decode tok/s |
|---|---:|
| 256 | 79.9 |

## Historical

| Prompt | Decode tok/s |
|---|---:|
| 256 | 61.2 |
"""


def test_a_dated_section_dates_its_figures_and_an_undated_one_of_a_dated_log_none() -> None:
    results = deterministic_results(
        {"README.md": "# Runs\n", "results/RESULTS-2026-08-14.md": DATED_LOG}
    )
    path = "results/RESULTS-2026-08-14.md"
    live = result_at(results, path, 7, 82.6)
    assert live.conditions["experiment_date"] == "2026-08-14"
    assert (live.condition_sources or {})["experiment_date"] == [f"{path}:3"]
    assert result_at(results, path, 15, 79.9).conditions["experiment_date"] == "2026-08-01"
    # the file's name is the log's date, not the date of its undated historical runs
    assert result_at(results, path, 21, 61.2).conditions.get("experiment_date") is None
    for result in results:
        if result.source_line == 9:  # `vs 1 Aug`: the line names another run's date
            assert result.conditions.get("experiment_date") is None


def test_verify_reads_a_parameter_or_a_date_only_where_its_place_states_it() -> None:
    matrix = DocumentContext(make_document("reports/matrix.md", MATRIX))
    assert reads_at(matrix, 10, "temperature", 0.2)
    assert not reads_at(matrix, 10, "temperature", 0.9)  # the row's top_p
    assert reads_at(matrix, 10, "thinking", False)
    assert not reads_at(matrix, 10, "thinking", True)
    assert not reads_at(matrix, 3, "thinking", True)  # a sentence's words are no switch
    dated = DocumentContext(make_document("runs/2026-10-17/sampling.jsonl", RUNS))
    assert reads_at(dated, 0, "experiment_date", "2026-10-17")
    assert not reads_at(dated, 0, "experiment_date", "2026-10-18")
    assert not reads_at(dated, 1, "experiment_date", "2026-10-17")


# kreier/jetson llama.cpp/CUDA/benchmark.md:37-42 (fd960244)
RELEASES = """# Benchmarking llama.cpp with and without GPU/CUDA support

## Speed with

| version | ngl | pp512 | tg128 | release    | notes    |
|---------|-----|-------|-------|------------|----------|
| b4970   | 0   | 6.71  | 4.98  | 2025-03-28 | pure CPU |
| b1618   | 24  | 54.18 | 3.55  | 2023-12-07 | old!     |
"""


def test_a_release_date_column_dates_the_build_not_the_run() -> None:
    """`release` is when the llama.cpp build came out: the record published 2025-03-28 and
    2023-12-07 as the runs' experiment dates (read31-s25 §2 #2-5). A dated row elsewhere
    still dates its figures (test above)."""
    results = deterministic_results({"llama.cpp/CUDA/benchmark.md": RELEASES})
    path = "llama.cpp/CUDA/benchmark.md"
    for line, value in ((7, 6.71), (7, 4.98), (8, 54.18), (8, 3.55)):
        assert result_at(results, path, line, value).conditions.get("experiment_date") is None


STAMPED = """{
  "run": {
    "id": "gemma-4-26b-a4b-bf16",
    "timestamp": "2026-07-19T16:47:58Z",
    "hardware": {"name": "DGX Spark"}
  },
  "results": {
    "decode_tokens_per_second": 52.4
  }
}
"""


def test_a_json_run_files_timestamp_dates_its_figures_and_two_stamps_none() -> None:
    """Issue 33: a run file's `"timestamp"` is when its figures ran (jvr0x/dgx-spark-bench's
    results/*.json); before (13e5f5ef) a JSON file's figures were dated by its name alone."""
    twice = STAMPED.replace('"hardware"', '"finished": "x",\n    "date": "2026-07-20",\n    "h"')
    results = deterministic_results(
        {"README.md": "# Runs\n", "results/a.json": STAMPED, "results/b.json": twice}
    )
    figure = result_at(results, "results/a.json", 8, 52.4)
    assert figure.conditions["experiment_date"] == "2026-07-19"
    assert (figure.condition_sources or {})["experiment_date"] == ["results/a.json:4"]
    # a stamp far above its figure (jvr0x results/mimo-v25-dual.json:5 over :64) is cited too
    filler = "".join(f'    "note_{i}": "x",\n' for i in range(40))
    far = STAMPED.replace('"results": {\n', '"results": {\n' + filler)
    far_results = deterministic_results({"README.md": "# Runs\n", "results/far.json": far})
    distant = result_at(far_results, "results/far.json", 48, 52.4)
    assert (distant.condition_sources or {})["experiment_date"] == ["results/far.json:4"]
    # two stamps of two days: which one a figure ran on is not said
    assert result_at(results, "results/b.json", 10, 52.4).conditions.get("experiment_date") is None


PREFIX = """# Serving runs

## Server settings

- enable_prefix_caching: false
- max_tokens: 256

| Concurrency | Output tok/s |
|---:|---:|
| 4 | 88.1 |
"""


def test_a_sections_prefix_caching_switch_is_its_figures_prefix_cache() -> None:
    """Issue 33: the seed's per-result `prefix_cache`, read as a switch under its names
    (`enable_prefix_caching: false`); before (13e5f5ef) never read."""
    results = deterministic_results({"README.md": "# Runs\n", "reports/serve.md": PREFIX})
    figure = result_at(results, "reports/serve.md", 10, 88.1)
    assert figure.conditions["prefix_cache"] is False
    assert (figure.condition_sources or {})["prefix_cache"] == ["reports/serve.md:5"]
    assert figure.conditions["max_output_tokens"] == 256
    context = DocumentContext(make_document("reports/serve.md", PREFIX))
    assert reads_at(context, 5, "prefix_cache", False)
    assert not reads_at(context, 5, "prefix_cache", True)


DATED_REPORT = """# GB10 vs RTX 5070 Ti: Detailed Benchmark Comparison

**Device Under Test:** NVIDIA GB10
**Date:** 2026-05-07

## Results

| Model | tok/s |
|---|---:|
| Qwen3-8B | 41.2 |
"""


def test_a_reports_opening_date_line_dates_its_figures_and_a_research_date_does_not() -> None:
    """Issue 33: `**Date:** 2026-05-07` under a report's title dates its runs, as the record's
    date is read (E27-25 docs/GB10_vs_RTX5070Ti_comparison.md:5); before (13e5f5ef) a
    document's figures were dated only by its headings, file name or title."""
    research = DATED_REPORT.replace("**Date:**", "> Research date:")
    # a post's front matter dates the post (rhattala docs/blog-draft.md:4), not its runs
    post = "---\ntitle: Two benchmarks\ndate: 2026-08-16\n---\n\n" + DATED_REPORT.replace(
        "**Date:** 2026-05-07", "Measured with vLLM."
    )
    period = DATED_REPORT.replace("2026-05-07", "2026-05-07 to 2026-05-09")
    results = deterministic_results(
        {
            "README.md": "# Runs\n",
            "docs/report.md": DATED_REPORT,
            "docs/research.md": research,
            "docs/period.md": period,
            "docs/post.md": post,
        }
    )
    assert result_at(results, "docs/post.md", 15, 41.2).conditions.get("experiment_date") is None
    figure = result_at(results, "docs/report.md", 10, 41.2)
    assert figure.conditions["experiment_date"] == "2026-05-07"
    assert (figure.condition_sources or {})["experiment_date"] == ["docs/report.md:4"]
    assert (
        result_at(results, "docs/research.md", 10, 41.2).conditions.get("experiment_date") is None
    )
    assert result_at(results, "docs/period.md", 10, 41.2).conditions.get("experiment_date") is None
