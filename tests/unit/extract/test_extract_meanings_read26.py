"""Numbers outside readers found published with a wrong meaning in the drafts of session 26
(read31-s26, read33-s26), each read again from the lines that stated them: an unknown's
coefficient in an equation is no multiple, a model's transcript illustrates its answers, a
column named for a task benchmark holds its score, and a caption pointing to a file is no
label."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.extract.metric_names import benchmark_score
from draftflow.record.model import ReportedResult
from draftflow.record.standing import Status
from extract_support import snapshot_of
from prose_cases import figures


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_an_unknowns_coefficient_in_an_equation_is_no_multiple() -> None:
    # iLovEing/Chinese_LLM_Inference-Benchmark result/infer_summary.md:340 and :488: `2x` and
    # `-2x` of a model's worked answer were published as a ratio of 2× and a change of -2×
    assert figures("   2x + 4y = 20（鸡和兔的总腿数）\n") == []
    worked = "化简这个方程，得到 \\(2x + 32 - 4x = 20\\)，进一步化简得到 \\(-2x = -12\\)\n"
    assert figures(worked) == []
    assert figures("Solving, 3x = 12 gives x = 4.\n") == []
    # :486, read31-s26b: an unknown inside brackets on the same side
    assert figures("   2x + 4(8 - x) = 20\n") == []


def test_a_multiple_beside_an_equals_sign_in_words_stays_a_ratio() -> None:
    # the rule reads only terms and operators before `=`: a multiple with words after it stays
    assert [f[1:] for f in figures("vLLM decodes 2x faster than SGLang (== baseline 1).\n")] == [
        (2, "×")
    ]


_SCORES_README = (
    "# Chinese LLM benchmark\n\n## 评测结果\n"
    "参考 [result/bhm_summary.md](https://github.com/o/r/blob/main/result/bhm_summary.md)\n"
    "|  model  |  CEval  |  CMMLU  |\n| --- | --- | --- |\n"
    "| qwen2.5-7B-Instruct | 77.42 | 80.42 |\n| blueLM-7B-Chat | 71.84 | 76.56 |\n"
)
_SCORES_SUMMARY = (
    "# Benchmark Summary\n|  model  |  CEval  |  CMMLU  |\n| --- | --- | --- |\n"
    "| glm-4-9b-chat-hf | 69.24 | 69.37 |\n| qwen2.5-7B-Instruct | 77.42 | 80.42 |\n"
)


def test_a_column_named_for_a_task_benchmark_holds_its_score() -> None:
    # iLovEing/Chinese_LLM_Inference-Benchmark README.md:37-42, result/bhm_summary.md:2-8:
    # every CEval and CMMLU score was harvested with metric `unspecified`, none a headline
    results = _results({"README.md": _SCORES_README, "result/bhm_summary.md": _SCORES_SUMMARY})
    scores = [(r.value, r.metric) for r in results]
    assert (77.42, "score") in scores and (69.37, "score") in scores
    assert {r.metric for r in results} == {"score"}


def test_a_corpus_scored_by_perplexity_names_no_metric_alone() -> None:
    # a `WikiText-2` column may hold perplexities: its name alone says no score
    assert benchmark_score("WikiText-2") is None
    assert benchmark_score("CEval") == "score" and benchmark_score("**MMLU (%)**") == "score"
    assert benchmark_score("CMMLU std") is None


def test_a_caption_pointing_to_another_file_is_no_label() -> None:
    # iLovEing README.md:36 `参考 result/bhm_summary.md` ("see <file>") led every label
    results = _results({"README.md": _SCORES_README, "result/bhm_summary.md": _SCORES_SUMMARY})
    assert results and not any("bhm_summary" in r.label for r in results)


def test_a_models_transcript_is_an_illustration_of_its_answers() -> None:
    # iLovEing/Chinese_LLM_Inference-Benchmark result/infer_summary.md:324-345: a model's
    # generated answer (`system … user … assistant`) holds `x + y = 8` and `2x + 4y = 20`
    transcript = (
        "# Inference Summary\n\n## model: [qwen2.5-7B-Instruct]\n\n### case 3\n```\nsystem\n\n"
        "You are a helpful AI assistant.user\n\n"
        "A cage holds 8 heads and 20 feet. How many chickens? assistant\n\n"
        "The model runs at 35.2 tokens/s here, a 1.5x gain.\n"
        "```\n"
    )
    results = _results({"result/infer_summary.md": transcript})
    assert results, "the transcript's figures are read, and marked"
    statuses = [r.status for r in results]  # type: ignore[attr-defined]
    assert all(s is not None and s.status is Status.ILLUSTRATIVE for s in statuses)


_SELF_HOSTED_AND_SERVICE = (
    "# Embedding tuning\n\nThe tests were conducted on a 4 x RTX 4090 machine rented from "
    "vast.ai.\n\n### Best throughput: 1 × RTX 4090\n\n| Parameter | Value | Notes |\n"
    "|---|---|---|\n| **Batch size** | **32** | x |\n"
    "| **Latency (p50 / p95)** | **49.0 s / 55.2 s** | Long. |\n\n"
    "### Cloudflare Workers AI Load Test Results\n\nThe following results were achieved using "
    "the script to load test the Cloudflare Workers AI embedding service.\n\n"
    "| Parameter | Value | Notes |\n|---|---|---|\n| **Batch size** | **16** | x |\n"
    "| **Latency (p50 / p95)** | **0.83 s / 1.43 s** | Lower. |\n"
)


def test_a_hosted_services_figure_is_not_the_repositorys_machines() -> None:
    # atomicjets/gemma-embeddings GEMMA.md:253-262: Cloudflare Workers AI's 0.83 s latency
    # was recorded on the introduction's RTX 4090 (and compared with its 49.0 s, 59.04×)
    results = _results({"GEMMA.md": _SELF_HOSTED_AND_SERVICE})
    systems = {r.value: r.conditions.get("system") for r in results}
    assert systems[49.0] == "RTX 4090" and systems[0.83] is None
