"""What one place says of a system or a precision as a figure's
(`extract/conditions/name_reading.py`): where extract cites it and verify re-reads it."""

from __future__ import annotations

from documents import make_document
from draftflow.extract.conditions.cite import cite
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.place_reading import count_readings, names_at, reads_at

README = """# AMD Strix Halo vs Nvidia DGX Spark

Tested on AMD Strix Halo (Ryzen AI Max+ 395), 128 GB.

| Model | GB10 tok/s | RTX 5070 Ti tok/s [est] |
|---|---|---|
| Qwen3-32B BF16 | 2.3 | ❌ OOM BF16 / ~10–15 INT4 |

| | |
|---|---|
| Device | NVIDIA GB10 Grace Blackwell |

GB10 NF4 (BNB) vs GB10 FP4 (vLLM) at batch=4: 26.3 vs 21.0 tok/s.

The endpoint used MTP-5 speculation, NVFP4 MLA KV cache, on 2x DGX Spark TP=2.

Weights = Q40, Buffer = Q80, tested on 0.3.1 version

Run: `vllm serve --kv-cache-dtype fp8 --quantization nvfp4 --tensor-parallel-size 2`, bs=4, 2 GPUs.
"""


def _context() -> DocumentContext:
    return DocumentContext(make_document("README.md", README))


def test_a_system_is_stated_by_a_line_naming_it_alone() -> None:
    context = _context()
    assert names_at(context, 1, "system") == frozenset()  # `Strix Halo vs DGX Spark`: neither
    assert reads_at(context, 3, "system", "AMD Strix Halo")  # its restatement in brackets
    assert not reads_at(context, 3, "system", "Nvidia DGX Spark")
    assert reads_at(context, 11, "system", "NVIDIA GB10")  # a `| Device | ... |` pair row
    assert reads_at(context, 5, "system", "GB10")  # a column header that is a system
    assert not reads_at(context, 5, "system", "GB10 and RTX 4090")


def test_a_precision_is_stated_alone_or_under_its_own_name() -> None:
    context = _context()
    assert names_at(context, 7, "weight_precision") == {"bf16"}  # the cell naming two: none
    assert not reads_at(context, 7, "weight_precision", "INT4")
    assert names_at(context, 13, "weight_precision") == frozenset()  # NF4 vs FP4
    assert names_at(context, 15, "weight_precision") == frozenset()  # the KV cache's NVFP4
    assert names_at(context, 15, "kv_dtype") == {"nvfp4"}
    assert names_at(context, 17, "weight_precision") == {"q40"}  # not the buffer's Q80
    assert names_at(context, 19, "weight_precision") == {"nvfp4"}
    assert names_at(context, 19, "kv_dtype") == {"fp8"}


def test_device_counts_parallel_degrees_and_batch_sizes_are_read_under_their_names() -> None:
    context = _context()
    assert {r.value for r in count_readings(context, 15, "tensor_parallel")} == {2}
    assert {r.value for r in count_readings(context, 19, "tensor_parallel")} == {2}
    assert {r.value for r in count_readings(context, 19, "batch_size")} == {4}
    assert {r.value for r in count_readings(context, 19, "gpu_count")} == {2}
    assert not count_readings(context, 13, "gpu_count")  # `batch=4` is no GPU count


def test_extract_cites_a_name_only_where_it_is_stated_as_the_figure_s() -> None:
    context = _context()
    document = context.document
    chain = [(document, 13), (document, 1), (document, 3)]

    def reads(doc: object, line: int, key: str, value: object) -> bool:
        return reads_at(context, line, key, value)

    assert cite("FP4", chain, "weight_precision", reads) is None  # only beside NF4
    found = cite("Nvidia DGX Spark", chain, "system", reads)
    assert found is None  # only beside Strix Halo: blank, not guessed
    found = cite("AMD Strix Halo", chain, "system", reads)
    assert found is not None and found[0].line == 3


TABLE = """# Decode on two boxes

| Model | DGX Spark tok/s | Strix Halo tok/s | vLLM tok/s | SGLang tok/s |
|---|---|---|---|---|
| Qwen3-8B | 41.5 | 38.2 | 40.1 | 39.9 |
"""


def test_a_header_row_states_a_system_or_an_engine_only_of_its_own_column() -> None:
    context = DocumentContext(make_document("README.md", TABLE))
    spark, strix = ("README.md", 5, 41.5), ("README.md", 5, 38.2)
    assert reads_at(context, 3, "system", "DGX Spark", spark)
    assert not reads_at(context, 3, "system", "DGX Spark", strix)  # the Strix Halo column's
    assert reads_at(context, 3, "system", "Strix Halo", strix)
    assert reads_at(context, 3, "engine", "SGLang", ("README.md", 5, 39.9))
    assert not reads_at(context, 3, "engine", "vLLM", ("README.md", 5, 39.9))
    assert reads_at(context, 3, "system", "Strix Halo")  # no figure: any column's


def test_a_header_that_is_one_format_states_all_its_words() -> None:
    text = (
        "| Wiki2 PPL | FP16 | 4bit-GPTQ | 3bit-GPTQ | BF16 / INT4 |\n|---|---|---|---|---|\n"
        "| LLaMa-7B | 5.68 | 6.09 | 8.07 | 7.1 |\n"
    )
    context = DocumentContext(make_document("README.md", text))
    assert reads_at(context, 1, "weight_precision", "4bit-GPTQ", ("README.md", 3, 6.09))
    assert not reads_at(context, 1, "weight_precision", "3bit-GPTQ", ("README.md", 3, 6.09))
    assert not reads_at(context, 1, "weight_precision", "BF16", ("README.md", 3, 7.1))


def test_llama_bench_json_states_its_weights_by_llama_cpp_type_name_and_its_cache_by_type_k() -> (
    None
):
    """Verify re-reads a llama-bench run's `Q4_K_M` where its JSON writes llama.cpp's own
    name (`Q4_K - Medium`), and reads `"type_k": "f16"` as the cache's format, never the
    weights' (sensura-san/llm-bench)."""
    text = (
        '{\n  "model_type": "qwen3 0.6B Q4_K - Medium",\n  "type_k": "f16",\n  "avg_ts": 19.6\n}\n'
    )
    context = DocumentContext(make_document("results/run.json", text))
    assert reads_at(context, 2, "weight_precision", "Q4_K_M")
    assert not reads_at(context, 3, "weight_precision", "f16")
    assert reads_at(context, 3, "kv_dtype", "f16")
