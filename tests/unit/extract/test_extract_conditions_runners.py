"""Every condition from the figure's own context (issue 31, read31-s29): a row naming its own
runner takes no engine of the document's; a listed value takes the precision written right
before it; a compared-with arm takes none of the author's machine; a `Version` column beside
no engine is no engine's version; `runs 14 GB` counts no runs; a backend build
(`llama.cpp-hip`) names its engine. Each test fails on 8f52aedf."""

from __future__ import annotations

from documents import make_document
from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.measurement import repetitions_in_text
from draftflow.extract.conditions.place_reading import reads_at
from extract_support import deterministic_results, result_at

METHODS = """# Offload bench

Comparing three ways to run a model too large for the card.

| Method | Model | Goal |
|---|---|---|
| **vLLM** | Qwen2.5-3B | serving baseline |
| **Naive PyTorch** | Qwen2.5-7B | plain loading |
| **FlexGen** | Qwen2.5-14B | offloaded weights |

FlexGen, on the 14B model, is 2.4× faster than naive loading.

## Results

| Method | Latency (s) | Tokens/s |
|---|---|---|
| vllm | 1.20 | 48.5 |
| naive_pytorch | 9.40 | 3.1 |
| flexgen | 31.0 | 0.9 |

| Strategy | TTFT (ms) |
|---|---|
| MLX GPU (baseline) | 96 |
| TensorRT + MLX (hybrid) | 140 |
| NPU-Runner Batch | 276 |
"""


def test_a_row_naming_its_own_runner_takes_no_engine_of_the_document() -> None:
    results = deterministic_results({"README.md": METHODS})
    assert result_at(results, "README.md", 17, 48.5).conditions.get("engine") == "vLLM"
    for value, line in ((3.1, 18), (0.9, 19)):
        assert result_at(results, "README.md", line, value).conditions.get("engine") is None
    # a strategy column: the row naming MLX alone is MLX's, one joining it with another
    # runner names no one engine, one naming another runner none of the document's
    assert result_at(results, "README.md", 23, 96).conditions.get("engine") == "MLX"
    assert result_at(results, "README.md", 24, 140).conditions.get("engine") is None
    assert result_at(results, "README.md", 25, 276).conditions.get("engine") is None


def test_an_opening_listing_runners_names_no_engine_for_the_whole_document() -> None:
    results = deterministic_results({"README.md": METHODS})
    ratio = result_at(results, "README.md", 11, 2.4)
    assert ratio.conditions.get("engine") is None  # FlexGen's, not the opening's vLLM row's


def test_what_a_runner_cell_names() -> None:
    from draftflow.extract.conditions.runners import joins_runners, lists_runners, names_runner

    assert names_runner("naive_pytorch") and names_runner("FlexGen")
    assert not names_runner("CUDA") and not names_runner("Q4_K_M") and not names_runner("RTX 4090")
    assert joins_runners("TensorRT + MLX (hybrid)")
    assert not joins_runners("vLLM + speculative decoding")
    assert not joins_runners("llama.cpp + Vulkan")
    assert lists_runners(["vllm", "naive_pytorch"])
    assert not lists_runners(["CUDA", "Vulkan", "Metal"])  # backends of one engine
    assert not lists_runners(["GPTQ", "AWQ"])  # formats, not runners


LISTED = """# Notes

## Thermals

- **Throttling.** Small formats are compute-bound; BF16 is memory-bound. On the 4B
  model: the sweep showed Q4_K_M ~61 t/s, BF16 ~98 t/s.
  Cooled down: Q4_K_M 170 t/s, BF16 97 t/s.
"""


def test_each_listed_value_takes_the_precision_written_right_before_it() -> None:
    results = deterministic_results({"README.md": "# Notes\n", "docs/notes.md": LISTED})
    expected = {(6, 61): "Q4_K_M", (6, 98): "BF16", (7, 170): "Q4_K_M", (7, 97): "BF16"}
    for (line, value), precision in expected.items():
        figure = result_at(results, "docs/notes.md", line, value)
        assert figure.conditions.get("weight_precision") == precision, (line, value)
        assert (figure.condition_sources or {})["weight_precision"] == [f"docs/notes.md:{line}"]
    # verify reads each at its own line, for its own figure only
    context = DocumentContext(make_document("docs/notes.md", LISTED))
    assert reads_at(context, 6, "weight_precision", "Q4_K_M", ("docs/notes.md", 6, 61))
    assert not reads_at(context, 6, "weight_precision", "BF16", ("docs/notes.md", 6, 61))
    assert reads_at(context, 6, "weight_precision", "BF16", ("docs/notes.md", 6, 98))


ARMS = """# Local vs hosted

We serve Llama-3.1-8B with **llama.cpp** on an **NVIDIA RTX 4090**, against a hosted API.

## Findings

- **TTFT is 0.05–0.20s local** vs **~0.9–1.4s hosted** — a wide gap.
- Decode runs at 4,100 vs 1,700 tok/s at concurrency 32.
"""


def test_a_compared_with_arm_takes_none_of_the_authors_machine_or_engine() -> None:
    results = deterministic_results({"README.md": ARMS})
    for value in (0.05, 0.2):
        own = result_at(results, "README.md", 7, value).conditions
        assert own.get("engine") == "llama.cpp" and own.get("system") == "NVIDIA RTX 4090"
    for value in (0.9, 1.4):
        other = result_at(results, "README.md", 7, value).conditions
        assert other.get("engine") is None and other.get("system") is None
    # two values of one arm's kind name no arm: both are the author's runs
    assert result_at(results, "README.md", 8, 1700).conditions.get("engine") == "llama.cpp"


TASKS = """=== stdout ===
local-chat-completions (model=qwen2.5-7b-instruct), limit: 2.0, batch_size: 1
|    Tasks    |Version|Filter|n-shot|  Metric   |   |Value|   |Stderr|
|-------------|-------|------|-----:|-----------|---|----:|---|-----:|
| - arc_easy  |    1.1|none  |     0|acc        |↑  |  0.5|±  |   0.5|
"""
ENGINES = """# Engines

| Engine | Version | tok/s |
|---|---|---|
| vLLM | 0.6.3 | 41.2 |
"""


def test_a_version_column_beside_no_engine_is_no_engines_version() -> None:
    results = deterministic_results({"README.md": "# Evals\n", "results/arc.log": TASKS})
    score = result_at(results, "results/arc.log", 5, 0.5)
    assert score.conditions.get("engine_version") is None  # the task's version
    engines = deterministic_results({"README.md": ENGINES})
    assert result_at(engines, "README.md", 5, 41.2).conditions.get("engine_version") == "0.6.3"


def test_a_verb_before_a_size_counts_no_runs() -> None:
    assert repetitions_in_text("CPU offload — runs 14 GB model on 8 GB VRAM GPU") == frozenset()
    assert repetitions_in_text("it runs 3 times faster than the baseline") == frozenset()
    assert repetitions_in_text("the suite runs 5 times per model") == {5}
    assert repetitions_in_text("--runs 7") == {7}


BACKENDS = """# Benchmark Results

| backend | -fa | pp512 | tg128 |
|---|---|---|---|
| llama.cpp-vulkan_radv | | 120.5 | 22.8 |
| llama.cpp-hip | -fa 1 | 410.2 | 20.1 |
"""


def test_a_backend_build_of_an_engine_names_the_engine() -> None:
    assert vocab.engine_in("llama.cpp-vulkan_amdvlk") == "llama.cpp"
    assert vocab.engine_in("llama.cpp-hip") == "llama.cpp"
    assert vocab.engine_in("llama-cpp-python") is None  # another project
    results = deterministic_results({"README.md": "# Box\n", "bench/m/README.md": BACKENDS})
    figure = result_at(results, "bench/m/README.md", 6, 410.2)
    assert figure.conditions.get("engine") == "llama.cpp"
    assert (figure.condition_sources or {})["engine"] == ["bench/m/README.md:6"]


WINNER_TABLE = """# Engine comparison

Peak throughput of each engine on one A10G.

| Model | TensorRT Peak | vLLM Peak | Throughput Winner |
|-------|---------------|-----------|-------------------|
| **Gemma 3-1B** | 3,972 tok/s | **5,121 tok/s** | vLLM (+29%) |
| **Phi-2 2.7B** | **1,934 tok/s** | 1,571 tok/s | TensorRT (+23%) |
"""


def test_a_cell_naming_a_comparison_s_winner_is_not_its_row_s_engine() -> None:
    # Subrahmanyam2305/LLM-serve analysis/all_models/README.md:45 (team gold): the
    # TensorRT-LLM peak of 3,972 tok/s was published as vLLM's, the winner cell's engine
    engines = {
        r.value: r.conditions.get("engine")
        for r in deterministic_results({"README.md": WINNER_TABLE})
    }
    assert engines[3972] is None
    assert engines[5121] == "vLLM"  # its own column names it
