"""Meanings read from repositories fetched in session 21, each wrong on the code before it: a
port of an engine is not the engine (guoqingbao/vllm.rs, `vLLM.rs – A Minimalist vLLM in
Rust`), a value cell's own note of its hardware beats the caption above its table
(`97 tokens/s (Hopper)` under `> A100`), and a label keeps a heading's underscores
(gparemsky/48gb4090, `report-RTX4090-mistral_small3_2_latest.txt`)."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.extract.conditions.setup_names import engine_in, engines_named
from draftflow.extract.label_words import MARKUP
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

PORT_README = """# vLLM.rs – A Minimalist vLLM in Rust

A blazing-fast, lightweight **Rust** implementation of vLLM.

## Performance

> **A100** (Single Card, 40G)

| Model | Format | Size| Decoding Speed |
|------------------|---------------|----------|------------------------|
| Ministral-3-3B | BF16 | 3B | **118.49** tokens/s |
| QwQ-32B | Q4_K_M | 32B | **41.36** tokens/s |
| **Qwen3.5-35B-A3B** | FP8 | **35B (MoE)**| **97** tokens/s (**Hopper**)  |
"""


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def _conditions(result: ReportedResult) -> dict[str, object]:
    return {k: v for k, v in (result.conditions or {}).items() if v is not None}


def test_a_port_of_an_engine_names_the_port_not_the_engine() -> None:
    assert engine_in("vLLM.rs – A Minimalist vLLM in Rust") is None
    assert engines_named("benchmarks of mistral.rs and candle") == frozenset()
    assert engine_in("served by vLLM.") == "vLLM"  # a sentence's full stop is no port
    # ReadMe.md:3: what a project reimplements is its origin, not what ran
    assert engine_in("A lightweight **Rust** implementation of vLLM.") is None
    assert engine_in("a fork of llama.cpp; benchmarks run on llama.cpp b4000") == "llama.cpp"
    assert engine_in("llama.cpp b4567") == "llama.cpp"


def test_figures_of_a_port_are_not_published_under_the_engine_it_ports() -> None:
    results = _results({"README.md": PORT_README})
    assert results
    assert all(_conditions(r).get("engine") is None for r in results)


def test_a_value_cells_note_of_its_hardware_beats_the_caption() -> None:
    by_value = {r.value: _conditions(r) for r in _results({"README.md": PORT_README})}
    assert by_value[118.49].get("system") == "A100"
    assert by_value[97].get("system") == "Hopper"


def test_a_label_keeps_the_underscores_inside_a_word() -> None:
    heading = "report-RTX4090-mistral_small3_2_latest.txt"
    assert MARKUP.sub(r"\1", heading) == heading
    assert MARKUP.sub(r"\1", "**fast** _really_ `code`") == "fast really code"


SWEEP = """# Tuning playbook

Measured on 2× RTX 3090, vLLM 0.25.1.

| Point | tok/s/GPU | tok/s/user | |
| --- | --- | --- | --- |
| TP=2, concurrency 4 | 509 | 63.6 | frontier — fastest for one user |
| TP=1, concurrency 16 | 1796 | 29.0 | frontier — most throughput per card |
"""


def test_a_rows_label_states_its_concurrency_and_tp_over_cards_is_no_node_count() -> None:
    # er0080/vllm-benchmarking docs/tuning-playbook.md:56-60 (read31-s21): 1796 tok/s was
    # published at concurrency 4 (another row's), 63.6 on 2 nodes (TP=2 on one 2-GPU host)
    by_value = {r.value: _conditions(r) for r in _results({"docs/tuning.md": SWEEP})}
    assert by_value[1796]["concurrency"] == 16
    assert by_value[63.6]["concurrency"] == 4
    assert by_value[63.6].get("node_count") is None
    # nor TP=1 one node (read31-s22): the row runs on one card of the host and names no node
    assert by_value[1796].get("node_count") is None


GEMM = """# GB10 tests

**HW-1: Memory Bandwidth**
| Size | BW | % Peak |
|---|---|---|
| 1 GB | 133.6 GB/s | 48.9% |

Peak: **~134 GB/s (49%)**

**HW-2: GEMM Throughput**
| Precision | TFLOPS | % Theory |
|---|---|---|
| BF16 | 11.9 | 17.7% |
| **FP8** | **61.1** | **45.6%** |
"""


def test_a_column_headed_tflops_is_not_a_bandwidth_or_a_token_rate() -> None:
    # E27-25/fusionxpark-gb10-hwtest README.md:137: 61.1 TFLOPS was published as 61.1 GB/s,
    # the unit of a line beside the table before it (with no such line: tokens/s)
    units = {r.value: r.unit for r in _results({"README.md": GEMM})}
    assert units[11.9] == "TFLOPS"
    # the model adds the bold FP8 row near its threshold (p 0.69 by the model of 8f52aedf,
    # 0.61 retrained with energy read in joules, session 29): left out, it has no unit to
    # misread; published, it is in TFLOPS
    assert units.get(61.1, "TFLOPS") == "TFLOPS"
    assert units[133.6] == "GB/s"


ESTIMATES = """# GB10 vs RTX 5070 Ti

| Model | Params | GB10 tok/s | RTX 5070 Ti tok/s [est] | GB10 faster? |
|---|---|---|---|---|
| Qwen3-0.6B | 0.6B | **77 tok/s** | ~400–500 tok/s | ❌ 5–6× slower |
"""


def test_an_estimated_column_of_another_card_is_neither_measured_nor_the_other_machines() -> None:
    # E27-25/fusionxpark-gb10-hwtest docs/GB10_vs_RTX5070Ti_comparison.md:62: the RTX 5070 Ti
    # estimate (~400-500 tok/s [est]) led the record as a GB10 measurement
    by_value = {r.value: r for r in _results({"docs/compare.md": ESTIMATES})}
    assert _conditions(by_value[77]).get("system") == "GB10"
    estimate = by_value[500]
    assert estimate.status is not None and estimate.status.status.value == "estimated"
    assert _conditions(estimate).get("system") == "RTX 5070 Ti"


def test_a_sibling_value_cells_setting_is_not_the_rows() -> None:
    # the row's label states its settings (above); a value cell's words are its own figure's
    row = (
        "| Model | short | long |\n|---|---|---|\n"
        "| Qwen3-8B | 45 tok/s | 300 tok/s at concurrency 16 |\n"
    )
    by_value = {r.value: _conditions(r) for r in _results({"README.md": f"# Bench\n\n{row}"})}
    assert by_value[300]["concurrency"] == 16
    assert "concurrency" not in by_value[45]
