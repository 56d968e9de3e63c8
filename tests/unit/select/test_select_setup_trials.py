"""A record-level setup value holds for every figure (issue 31, read31-s20): a KV-cache type
that a side experiment tries (a `Mitigation` section, one arm's column) is not the record's."""

from __future__ import annotations

from documents import make_document
from draftflow.select.setup_fields import read_kv_dtype, read_parallelism

_MITIGATION = (
    "# Edge LLM bench\n\n"
    "## Core Results (Pixel 6a, decode phase, n=10 trials)\n\n"
    "| Variant | TPS @ ctx=256 |\n|---|---|\n| Q2_K | 7.49 |\n\n"
    "## KV-Cache Q8_0 Mitigation (`-ctk q8_0 -ctv q8_0`)\n\n"
    "| Variant | ctx | Default TPS | Q8_0 KV TPS | Change |\n|---|---|---|---|---|\n"
    "| Q2_K | 256 | 7.49 | 4.49 | -40% baseline |\n\n"
    "*Crossover benefit at ctx 1400: Q8_0 KV wins for long-context deployments*\n"
)


def test_a_kv_type_a_side_experiment_tries_is_not_the_records() -> None:
    # KrisDcosta/edge-llm-bench README:60-70: q8_0 is the mitigation's arm; the core results
    # (README:25) ran at the default KV cache
    stated = read_kv_dtype([make_document("README.md", _MITIGATION)])
    assert stated.value is None


def test_a_setup_states_the_kv_type_and_a_trial_of_another_leaves_it_unsaid() -> None:
    setup = "# Bench\n\n## Setup\n\nServed with `--kv-cache-dtype fp8`.\n"
    assert read_kv_dtype([make_document("README.md", setup)]).value == "fp8"
    trial = setup + "\n## FP16 KV cache trial\n\nAn fp16 KV cache costs 9% decode.\n"
    stated = read_kv_dtype([make_document("README.md", trial)])
    assert stated.value is None and "several" in stated.unstated
    # the same trial of the setup's own type leaves the setup's
    same = setup + "\n## FP8 KV cache trial\n\nAn fp8 KV cache costs 9% decode.\n"
    assert read_kv_dtype([make_document("README.md", same)]).value == "fp8"


_ONE_ROW_TP2 = (
    "### Chat Performance\n\n> **A100** (Single Card, 40G)\n\n"
    "| Model | Format | Size| Decoding Speed |\n|---|---|---|---|\n"
    "| QwQ-32B | Q4_K_M | 32B | **41.36** tokens/s |\n"
    "| **Qwen3.5-35B-A3B** | FP8 | **35B (MoE)**| **97** tokens/s (**Hopper**)  |\n"
    "| **MiniMax-M2.5** | NVFP4 | **229B (MoE)**| **62** tokens/s (**Hopper, TP=2**)  |\n"
)


def test_one_table_rows_parallelism_is_not_the_records() -> None:
    # guoqingbao/vllm.rs ReadMe.md:47 (read33-s21): TP=2 is the MiniMax-M2.5 row's run; the
    # rows above it ran on a single card
    stated = read_parallelism([make_document("README.md", _ONE_ROW_TP2)])
    assert stated.value is None and "single table rows" in stated.unstated
    # a setup line stating it for all, and that row beside it, disagree: null
    setup = "# Bench\n\nServed with `--tensor-parallel-size 1`.\n\n" + _ONE_ROW_TP2
    assert read_parallelism([make_document("README.md", setup)]).value is None


def test_a_table_whose_every_row_states_one_parallelism_states_the_records() -> None:
    rows = (
        "| Model | Stack | tok/s |\n|---|---|---|\n"
        "| A | vLLM / TP=2 | 10 |\n| B | vLLM / TP=2 | 12 |\n"
    )
    stated = read_parallelism([make_document("README.md", "# Bench\n\n" + rows)])
    assert stated.value == "TP2"
