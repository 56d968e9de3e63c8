"""What a figure's own row, column or heading says about the devices it ran on, and what a
llama-bench `model` cell says (`extract/conditions/columns.py`, `resolve.py`)."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions
from draftflow.extract.conditions.columns import (
    bench_model,
    load_of_header,
    model_of_weights_file,
    parallel_count,
    topology_count,
)

_CLUSTER = """# Findings

Results from a campaign on a 5-node M3 Ultra cluster running MLX distributed inference.

## Finding 6: large models

| Topology | Gen TPS | Prompt TPS (1K) |
|----------|---------|-----------------|
| Single | 20.2 | 234 |
| TP2 | 14.3 | 362 |
| TP4 | 16.1 | 555 |

## Finding 3: TP scaling

| Quant | Single TPS | TP2 TPS |
|-------|-----------|---------|
| Q4 | 31.5 | 21.6 |

## Finding 1: Single-node generation

| Model | Measured TPS |
|-------|--------------|
| Llama 405B | 2.99 |

## Finding 9: speed

| Model | Mode | TPS |
|-------|------|-----|
| Llama 405B | Single | 7.5 |
"""


def _conditions(
    text: str, cell: str, value: float, path: str = "docs/FINDINGS.md"
) -> dict[str, JsonValue]:
    line = next(n for n, row in enumerate(text.splitlines(), 1) if f" {cell} " in row)
    return seed_conditions(
        {},
        text=cell,
        value=value,
        line=line,
        column=None,
        context=DocumentContext(make_document(path, text)),
        readme=None,
    )


def test_a_row_that_states_its_parallelism_overrides_the_introductions_node_count() -> None:
    assert _conditions(_CLUSTER, "14.3", 14.3)["node_count"] == 2
    assert _conditions(_CLUSTER, "16.1", 16.1)["node_count"] == 4
    assert _conditions(_CLUSTER, "20.2", 20.2)["node_count"] == 1  # `Single` above `TP2`


def test_a_column_header_that_states_its_parallelism_gives_its_cells_the_count() -> None:
    assert _conditions(_CLUSTER, "31.5", 31.5)["node_count"] == 1  # `Single TPS` by `TP2 TPS`
    assert _conditions(_CLUSTER, "21.6", 21.6)["node_count"] == 2


def test_a_heading_that_says_single_node_gives_one_machine() -> None:
    assert _conditions(_CLUSTER, "2.99", 2.99)["node_count"] == 1


def test_single_alone_without_a_parallel_sibling_is_not_a_machine_count() -> None:
    # `Single` with no `TP2` beside it may be one request: the introduction's count stands
    assert _conditions(_CLUSTER, "7.5", 7.5)["node_count"] == 5


def test_a_parallel_degree_is_small_and_single_pp512_is_a_prompt_length() -> None:
    assert parallel_count("tp1 / ratio 0.8 / bs 256") == 1
    assert parallel_count("DeepSeek-V4-Flash / vLLM / TP=2") == 2
    assert parallel_count("pp512") is None
    assert parallel_count("TP2 then TP4") is None
    assert topology_count("Single", ["TP2", "TP4"]) == 1
    assert topology_count("Single", ["Batch 1"]) is None


_BENCH_LOG = """ggml_cuda_init: found 1 ROCm devices:
| model                  |       size |     params | backend | ngl |  test |           t/s |
| ---------------------- | ---------: | ---------: | ------- | --: | ----: | ------------: |
| deepseek2 30B.A3B BF16 |  55.79 GiB |    29.94 B | ROCm    |  99 | pp512 | 422.28 ± 1.78 |
"""


def test_a_llama_bench_model_cell_is_an_architecture_size_and_file_type() -> None:
    assert bench_model("deepseek2 30B.A3B BF16") == ("deepseek2 30B.A3B", "BF16")
    assert bench_model("qwen3moe 30B.A3B Q4_K - Medium") == ("qwen3moe 30B.A3B", "Q4_K_M")
    assert bench_model("bitnet 3B IQ2_BN - 2.00 bpw Bitnet") == (
        "bitnet 3B",
        "IQ2_BN - 2.00 bpw Bitnet",
    )
    assert bench_model("Llama 2 7B Q4_0") is None  # a name as a reader writes it
    path = "results/GLM-4.7-Flash-BF16-00001-of-00002__rocm-7_2_3__fa1.log"
    assert model_of_weights_file(path, "BF16") == "GLM-4.7-Flash"
    assert model_of_weights_file("x/MiniMax-M2-UD-Q6_K_XL-00001-of-00004.log", "Q6_K") == (
        "MiniMax-M2"
    )
    assert model_of_weights_file("discussions/95 - Bitnet.md", "IQ2_BN") is None


def test_a_llama_bench_row_takes_its_model_from_the_run_files_name() -> None:
    path = "results/GLM-4.7-Flash-BF16-00001-of-00002__rocm.md"
    found = _conditions(_BENCH_LOG, "422.28", 422.28, path=path)
    assert found["model"] == "GLM-4.7-Flash"
    assert found["weight_precision"] == "BF16"
    found = _conditions(_BENCH_LOG, "422.28", 422.28, path="results/bench.md")
    assert found["model"] == "deepseek2 30B.A3B"  # no file name names it: the column's words


_RATE_AT = """# Benchmark

Data:

- Prompt Length: 512 (with some random characters to avoid cache).
- Max Tokens: 200.

### No Quantisation

| Backend | TPS@4 | QPS@4 | TPS@1 | FTL@1 |
| ------- | ----- | ----- | ----- | ----- |
| vLLM | 222.63 | 1.08 | 62.69 | 95.43 |
"""


def test_a_rate_header_states_its_load_and_a_section_list_its_lengths() -> None:
    found = _conditions(_RATE_AT, "222.63", 222.63)
    assert found["concurrency"] == 4
    # `Max Tokens: 200` caps the output (the seed's `max_output_tokens`): not what was generated
    assert (found["input_tokens"], found["max_output_tokens"]) == (512, 200)
    assert "output_tokens" not in found
    assert _conditions(_RATE_AT, "62.69", 62.69)["concurrency"] == 1
    assert load_of_header("pass@1") is None


_OLD_BENCH = """# Speed with TinyLlama

| model | size | params | backend | ngl | test | t/s |
| --- | ---: | ---: | --- | --: | --- | ---: |
| llama ?B mostly Q4_K - Medium | 636.18 MiB | 1.10 B | CUDA | 5 | pp 512 | 20.99 ± 0.16 |
"""


def test_an_older_llama_bench_type_string_with_no_size_names_no_model() -> None:
    """kreier/jetson (read33-s26b): `llama ?B mostly Q4_K - Medium` is the type string of a
    build that could not tell the size; "Model: llama ?B mostly Q4_K - Medium 1.10 B" named
    no model (the source names TinyLlama-1.1B-Chat-v1.0). Its file type is still Q4_K_M."""
    assert bench_model("llama ?B mostly Q4_K - Medium") == (None, "Q4_K_M")
    found = _conditions(_OLD_BENCH, "20.99", 20.99, path="llama.cpp/CUDA/benchmark.md")
    assert "?B" not in str(found.get("model"))
    assert found.get("weight_precision") == "Q4_K_M"


_BENCH_JSON = """[
  {
    "build_commit": "f40a2e5f1",
    "model_filename": "models/qwen3-0.6b/qwen3-0.6b-Q4_K_M.gguf",
    "model_type": "qwen3 0.6B Q4_K - Medium",
    "type_k": "f16",
    "type_v": "f16",
    "n_prompt": 512,
    "avg_ts": 19.65983
  }
]
"""


def test_a_llama_bench_json_run_states_its_weights_by_model_type_not_its_cache_type() -> None:
    """llama-bench's JSON names its model cell `model_type` and its KV cache's formats
    `type_k`/`type_v`: a Q4_K_M run with an f16 cache was published as weights `f16`
    (sensura-san/llm-bench, team gold)."""
    raw: dict[str, JsonValue] = {
        "model_type": "qwen3 0.6B Q4_K - Medium",
        "type_k": "f16",
        "type_v": "f16",
        "n_prompt": 512,
    }
    found = seed_conditions(
        raw,
        text="19.65983",
        value=19.65983,
        line=9,
        column="avg_ts",
        context=DocumentContext(make_document("results/run.json", _BENCH_JSON)),
        readme=None,
    )
    assert found["weight_precision"] == "Q4_K_M"
    assert found["model"] == "qwen3 0.6B"
