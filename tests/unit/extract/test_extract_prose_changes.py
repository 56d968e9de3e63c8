"""Changes and scores written in sentences (issue 30): a percent a comparative follows or a
verb of change governs, points of a score, `x / y` scores with blanks, and what stays out.
Each sentence is cut from a gold repository (the path and line in the comment) or, where
marked, written to show a rule's limit."""

from __future__ import annotations

import pytest

from draftflow.extract.metric_names import metric_name
from prose_cases import readings


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # luongnv89/dgx-spark-llm-lab results/2026-08-20-ornith-vs-qwen3.6/REPORT.md line 86
        ("Same score with 38 % fewer output\ntokens and 25 % less wall time.", [38, 25]),
        # guruswami-ai/mlx-benchmarks README.md line 18
        (
            "- **TP scaling depends on quantisation.** Q8 on TP2 loses 7%. Q2 on TP2 loses 48%.",
            [7, 48],
        ),
        # rhattala/dgx-spark-bench README.md line 196
        ("**SM clock rose 28% and decode moved 1%** — decode is memory-bandwidth-bound.", [28, 1]),
        # an approximation word and a longer object between the verb and its `by`
        # (ikawrakow/ik_llama.cpp discussions/... token generation speed.md line 55)
        ("FA has improved CPU prompt processing speed by almost 50%.", [50]),
        # a verb of change right before an approximate range (SteveLeve/intel-gpu-llm-inference
        # ..._8B_PERFORMANCE_RESULTS.md line 274; johnahull/llm-d-xks-gke BENCHMARKS.md line 147)
        ("As model size increases, speed decreases approximately 30-40% per tier.", [30, 40]),
        ("Even under heavy load, latency only increases 16% from baseline.", [16]),
    ],
)
def test_a_percent_that_changed_is_a_relative_change(text: str, expected: list[float]) -> None:
    found = readings(text)
    assert [r[0] for r in found] == expected
    assert {r[1] for r in found} == {"relative_change"}


@pytest.mark.parametrize(
    "text",
    [
        # JoshCork/intel-ai-benchmarking docs/cross-platform-benchmarking.md lines 67 and 101:
        # what the hardware or the model has more of is its specification
        "Xe3-LPG increases to 12 cores with 96 XMX engines, providing 50% more compute.",
        "Qwen2.5-7B-Instruct is 19% smaller than Llama 3.1-8B in non-embedding parameters.",
        # a bound stays a bound (the-crypt-keeper/can-ai-code README.md line 37)
        "Show dramatic improvement (up to 250% boost for smaller models)",
    ],
)
def test_a_specification_or_a_bound_in_percent_is_no_change(text: str) -> None:
    assert [r for r in readings(text) if r[1] == "relative_change"] == []


@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        # luongnv89/dgx-spark-llm-lab README.md line 34: the sentence names no score
        ("Thinking costs 2k tokens for +1.7 points, and blows the budget.", 1.7, "unspecified"),
        # luongnv89/dgx-spark-llm-lab results/2026-08-20-ornith-vs-qwen3.6/REPORT.md line 5
        (
            "It ties at its best setting and loses 20 points at the setting we deploy.",
            20,
            "unspecified",
        ),
        # luongnv89/dgx-spark-llm-lab README.md line 243
        ("The same model scores 12 points apart through the tool loops.", 12, "score"),
        # rhattala/dgx-spark-bench README.md line 66
        ("Draft acceptance swings **~20 pp on prompt alone**.", 20, "speculative_acceptance_rate"),
    ],
)
def test_points_are_a_difference_of_the_score_the_sentence_names(
    text: str, value: float, metric: str
) -> None:
    assert [(r[0], r[1]) for r in readings(text)] == [(value, metric)]


@pytest.mark.parametrize(
    "text",
    [
        # JoshCork/intel-ai-benchmarking docs/cross-platform-benchmarking.md line 518 (a
        # transcript of a kiosk's answer)
        "Members earn points, and when you reach 500 points, you get a $5 reward.",
        # written: data points and a scale
        "We sampled 200 data points.",
        "Answers were rated on a 5-point scale.",
        # visorcraft/strix-halo-llm-perf README.md line 95: `pp` is prompt processing there
        "Vulkan reached **502 pp** in this run.",
    ],
)
def test_points_of_something_else_are_no_figure(text: str) -> None:
    assert [r for r in readings(text) if r[0] in (500, 200, 5, 502)] == []


@pytest.mark.parametrize(
    ("text", "value", "whole"),
    [
        # flowy0/gb10-experiments runs/2026/07/2026-07-16T06-27-41.724475Z_c8d0fe11.md 5, 6
        ("- **Final Score**: **97** / 100", 97, 100),
        ("- **Total Points**: 29 / 30", 29, 30),
    ],
)
def test_a_score_over_its_whole_with_blanks_keeps_the_whole(
    text: str, value: float, whole: float
) -> None:
    assert [(r[0], r[1], r[4]) for r in readings(text)] == [(value, "score", whole)]


def test_a_list_of_three_over_each_other_is_no_score() -> None:
    # intel/auto-round auto_round_extension/ark/test/README_MOE_PREFILL_PERF.md line 170
    found = readings("silently falls back to precedence 2/3/4 whenever any of these fail:")
    assert [r for r in found if r[4] is not None] == []


@pytest.mark.parametrize(
    ("name", "metric"),
    [
        # rmtrms/thm-bachelorthesis plotting/data/benchmark_summary_all_fields.csv, header
        ("averageOverallF1AcrossCategories", "accuracy"),
        ("totalErrors", "error_count"),
    ],
)
def test_a_camel_case_name_reads_as_its_words(name: str, metric: str) -> None:
    assert metric_name(name) == metric
