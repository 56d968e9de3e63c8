"""A prose figure's model, precision and engine from its own clause
(`extract/conditions/own_clause.py`): a name in another clause that names another model, or
in a compared-with phrase, is not the figure's (issue 31, cadamcat/dual-radeon-vllm)."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions
from draftflow.extract.conditions.setup_names import model_in

# cadamcat/dual-radeon-vllm README.md:5
CADAMCAT = (
    "# dual-radeon-vllm\n\n"
    "`gemma-4-31B` (w4a16) decodes at **43 tok/s** on 2× RX 7900 XT, and a 26B MoE at "
    "**108 tok/s**, with both GPUs at 265 W *synchronised*. The machine is a VFIO virtual "
    "machine with **no P2P, no PCIe atomics and cross-die PCIe 3.0**: deliberately the least "
    "favourable topology.\n"
)
# cadamcat/dual-radeon-vllm docs/architecture-notes.md:30-32
COMPARED = (
    "# Notes\n\n"
    "`Qwen3.6-27B` (`model_type=qwen3_5`) is 64 layers: **48 gated-delta-net layers**\n"
    "+ 16 full-attention + an MTP head. On our dual 7900 XT under vLLM TP=2 it decodes\n"
    "at **12.1 tok/s** — 3.6× slower than the *larger* dense gemma-4-31B.\n"
)


def _conditions(document: str, line: int, written: str) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("README.md", document))
    return seed_conditions(
        {},
        text=written,
        value=float(written),
        line=line,
        column=None,
        context=context,
        readme=None,
    )


def test_a_figure_of_a_clause_naming_another_model_by_size_is_not_the_named_models() -> None:
    found = _conditions(CADAMCAT, 3, "108")
    assert "model" not in found
    assert "weight_precision" not in found


def test_the_figure_of_the_clause_naming_the_model_keeps_it_and_its_precision() -> None:
    found = _conditions(CADAMCAT, 3, "43")
    assert (found["model"], found["weight_precision"]) == ("gemma-4-31B", "w4a16")


def test_a_model_named_only_as_what_is_compared_with_is_not_the_figures() -> None:
    found = _conditions(COMPARED, 5, "12.1")
    assert found.get("model") in (None, "Qwen3.6-27B")  # never the compared gemma-4-31B
    assert found["engine"] == "vLLM"


def test_a_name_the_size_ends_is_read_whole_after_another_word() -> None:
    assert model_in("3.6× slower than the larger dense gemma-4-31B.") == "gemma-4-31B"
    assert model_in("while Llama-3-8B reaches 52 tok/s") == "Llama-3-8B"


def test_a_figure_after_a_comparison_word_takes_the_model_of_its_own_side() -> None:
    text = "# Runs\n\nLlama-3-8B decodes at 41 tok/s vs 23 tok/s for Qwen2.5-14B on vLLM.\n"
    assert _conditions(text, 3, "41")["model"] == "Llama-3-8B"
    assert _conditions(text, 3, "23")["model"] == "Qwen2.5-14B"


def test_a_precision_of_another_clauses_model_is_not_put() -> None:
    text = "# Runs\n\nQwen3-8B in FP8 decodes at 41 tok/s, while Llama-3-8B reaches 52 tok/s.\n"
    assert _conditions(text, 3, "41")["weight_precision"] == "FP8"
    found = _conditions(text, 3, "52")
    assert found["model"] == "Llama-3-8B"
    assert "weight_precision" not in found


def test_a_clause_naming_no_model_takes_the_one_its_paragraph_names() -> None:
    text = "# Runs\n\nWe served Qwen3-8B in FP8 on vLLM. It decodes at 41 tok/s.\n"
    found = _conditions(text, 3, "41")
    assert (found["model"], found["weight_precision"]) == ("Qwen3-8B", "FP8")


def test_a_caption_naming_two_models_gives_the_figure_neither() -> None:
    # teaql/nvidia-dgx-spark-model-benchmark reports/modular-dgx-nemotron-benchmark.md:4-8:
    # the 0 Errors of line 8 were given `Qwen 35B`, the earlier rounds' model of line 4
    text = (
        "# Benchmark Report\n\n## Executive Summary\n"
        "Previous tests (Rounds 10 & 11) using Qwen 35B established a hard biological limit "
        "of around 30-40 objects for single-shot monolithic generation.\n\n"
        "To break this ceiling, we utilized the **DGX Spark Nemotron 120B** model to "
        "concurrently generate multiple small sub-domain XML files.\n\n"
        "The results are historically significant: **180 objects across 14 modules were "
        "generated and compiled with 0 Errors.**\n"
    )
    assert "model" not in _conditions(text, 8, "0")


def test_a_heading_naming_one_model_with_its_ollama_tag_still_gives_it() -> None:
    text = "# Runs\n\n## Results for gpt-oss:20b on the Orin\n\nIt decodes at 41 tok/s.\n"
    assert _conditions(text, 5, "41")["model"] == "gpt-oss:20b"


def test_a_count_of_the_named_models_parameters_names_no_other_model() -> None:
    # guruswami-ai/mlx-benchmarks docs/FINDINGS.md:126
    text = (
        "# Findings\n\nMixtral 8x7B has 47B total parameters but only activates 13B per token "
        "and decodes at 69 tok/s.\n"
    )
    assert _conditions(text, 3, "69")["model"] == "Mixtral 8x7B"


def test_a_sentences_opening_conjunction_is_no_part_of_the_model_it_names() -> None:
    # Kleybrink/dgx-spark-bench README.md:150
    assert model_in("But gpt-oss:120b (likely MoE with ~7B active params) achieves") == (
        "gpt-oss:120b"
    )


def test_a_heading_model_without_the_size_its_clause_names_is_not_put() -> None:
    text = CADAMCAT.replace("# dual-radeon-vllm", "# gemma-4-31B on two Radeons")
    assert "model" not in _conditions(text, 3, "108")
    sized = "# Notes\n\n## gemma-4-26B-A4B\n\nThe 26B MoE decodes at 108 tok/s.\n"
    assert _conditions(sized, 5, "108")["model"] == "gemma-4-26B-A4B"


def test_a_model_another_clause_compares_with_makes_the_paragraphs_model_unsure() -> None:
    # heitor-mocelin/dgx-spark-research guides/00-overview-gemma4-and-hardware.md:63-65:
    # ~627 tok/s is the Qwen baseline, not Gemma 4 26B-A4B
    text = (
        "# Overview\n\n- This is the **same lesson** as the Qwen3.6-35B-A3B work in the\n"
        "  sibling subproject — Gemma 4 26B-A4B is its close analog,\n"
        "  and the measured Qwen baseline (~627 tok/s aggregate, ~75 single-stream) is a "
        "useful yardstick.\n"
    )
    assert "model" not in _conditions(text, 5, "627")


def test_a_model_a_figures_clause_says_it_exceeds_is_not_the_figures() -> None:
    # heitor-mocelin/dgx-spark-research sources/g13-labellerr-gemma4-overview.md:108
    text = (
        "# Gemma 4\n\n## MMLU Pro\n\nGemma 3 27B was the previous generation.\n\n"
        "The 31B scores 85.2%, which exceeds Qwen 3.5 27B on the same benchmark.\n"
    )
    assert "model" not in _conditions(text, 7, "85.2")


def test_a_paragraph_unsure_of_the_figures_model_takes_none_from_farther() -> None:
    # heitor-mocelin/dgx-spark-research guides/00-overview-gemma4-and-hardware.md:65, under a
    # heading naming the folder's Gemma model
    text = (
        "# gemma-4-26B-A4B on one GX10\n\n"
        "- This is the **same lesson** as the Qwen3.6-35B-A3B work in the\n"
        "  sibling subproject — Gemma 4 26B-A4B is its close analog,\n"
        "  and the measured Qwen baseline (~627 tok/s aggregate, ~75 single-stream) is a "
        "useful yardstick.\n"
    )
    assert "model" not in _conditions(text, 5, "627")


def test_a_model_the_other_clauses_name_by_size_admits_a_farther_name_of_that_size() -> None:
    # teaql/nvidia-dgx-spark-model-benchmark reports/round-2-nemotron-super-modeling.md:29-31
    text = (
        "# Round 2: NVIDIA Nemotron 3 Super 120B A12B\n\n"
        "When the best output was returned to the model, the complete XML passed all\n"
        "fixed checks in one repair. The final conclusion was that the 120B model had\n"
        "enough capacity.\n"
    )
    text = text.replace("in one repair", "in 1 repair")  # the test reads digits
    found = _conditions(text, 4, "1")
    assert str(found["model"]).startswith("NVIDIA Nemotron 3 Super 120B")


def test_a_draft_model_in_a_captions_json_setting_leaves_the_measured_one() -> None:
    # cadamcat/dual-radeon-vllm docs/speculative-decoding-on-rdna.md:21-28
    text = (
        "# MTP\n\n## 1. What was measured\n\n"
        "`gemma-4-31B-it-qat-w4a16-ct`, TP=2, batch 1, greedy, `--speculative-config\n"
        '\'{"method":"mtp","model":"google/gemma-4-31B-it-assistant",'
        '"num_speculative_tokens":1}\'`.\n\n'
        "| context | no speculation | MTP | change |\n|---:|---:|---:|---:|\n"
        "| 1 024 | 43.42 | **59.43** | **+36.9 %** |\n"
    )
    assert _conditions(text, 10, "36.9")["model"] == "gemma-4-31B-it-qat-w4a16-ct"
