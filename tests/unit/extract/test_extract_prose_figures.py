"""Which numbers of a sentence are figures (`extract/prose_figures.py`): the line each
number cites, lists and ranges, and the OUT cases: real sentences whose numbers the gold
policy (`tests/data/devgold/POLICY.md`, "Out") says are not results, one per rule.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract.prose.words import APPROXIMATE, without_approximation
from prose_cases import figures, readings


def test_a_wrapped_sentence_cites_the_line_each_number_is_on() -> None:
    # teaql reports/round-2-nemotron-super-modeling.md lines 12-15
    text = (
        "Spark using a VLLM nightly build. It completed four first-attempt modeling\n"
        "requests with a 4.3K-token TeaQL rules prompt and one feedback repair. Warm\n"
        "generation remained between 15.45 and 16.36 tokens per second. All five\n"
        "requests returned HTTP 200 without restarting the container.\n"
    )
    assert figures(text) == [(3, 15.45, "tokens/s"), (3, 16.36, "tokens/s"), (3, 5, "unspecified")]
    assert [r[2] for r in readings(text)[:2]] == ["range_min", "range_max"]
    assert readings(text)[2][4] == 5  # "All five ... returned": 5 out of 5


def test_a_metric_phrase_introduces_a_list_of_values() -> None:
    # teaql reports/round-1-dgx-spark-teaql.md lines 67-68; the uptime is not a result
    text = "The host had been up for 7 days and 15 hours. Load average was\n0.67 / 0.51 / 0.38.\n"
    assert figures(text) == [
        (2, 0.67, "unspecified"),
        (2, 0.51, "unspecified"),
        (2, 0.38, "unspecified"),
    ]
    assert {r[1] for r in readings(text)} == {"utilization"}


@pytest.mark.parametrize(
    "text",
    [
        # configuration and flags (jethac docs/BASELINE_RESULTS.md line 447)
        "- settings: `--max-model-len 8192 --gpu-memory-utilization 0.80 "
        "--max-num-batched-tokens 4096`",
        # memory fractions as settings (jethac docs/BASELINE_RESULTS.md line 135)
        "- memory fraction: `0.40`",
        # token budgets and workload token counts (teaql round-2 line 25, ledger 141-142)
        "- Thinking with a requested 1,024-token reasoning budget performed worst:",
        "For the second loop, the preserved error is exact: MiMoCode requested 8,192\n"
        "output tokens while its prompt contained at least 57,345 input tokens.",
        # timeouts are settings (teaql ledger lines 23-24)
        "objects because of 600-second request timeouts and a circular dependency.",
        # a setting or a target named before a rate or a time: synthetic, since each corpus
        # line above is ruled out by its unit or its code before these words are read
        "The client waited with a timeout of 600 s per request.",
        "The target of 50 tok/s was met.",
        # hardware specifications (Kleybrink README.md line 5)
        "Built for — and tested on — the [NVIDIA DGX Spark](https://www.nvidia.com/en-us/"
        "products/workstations/dgx-spark/) (128 GB unified memory, 273 GB/s bandwidth).",
        # model and file sizes (jethac docs/BASELINE_RESULTS.md line 512)
        "- The server resolved `Gemma4UnifiedForConditionalGeneration` and loaded 22.28 GiB "
        "of checkpoints.",
        # thresholds and limits, with a bound in words (teaql ledger lines 29 and 143)
        "error requested at least 65,537 tokens against the 65,536-token model limit,",
        "The minimum total was therefore 65,537, exceeding the service limit by one token.",
        # the two lines above are token counts (settings); a bound in words before a rate or
        # a time is ruled out by the bound alone (synthetic)
        "Decode held at least 45 tok/s across the sweep.",
        "TTFT stayed below 200 ms for every prompt.",
        # arithmetic the source presents as an estimate (Kleybrink REPORT.md line 275)
        "A 30B-total MoE model with 3.6B active parameters achieves `273 / 3.6 ≈ 76 tok/s` "
        "theoretical — matching the observed 69 tok/s for Nemotron 3 Nano 30B.",
        # versions, ports, ids, dates, list numbering (teaql ledger lines 76-80, round-1 37)
        "A read-only SSH inspection at 2026-07-26 17:02 UTC confirmed:",
        "- active container `nemotron-super-server-64k` on published port 30704;",
        "- VLLM nightly `0.23.1rc1.dev1181+g6a9f24aa8`, 65,536-token context,",
        "1. A small TeaQL modeling task for structure and rule-following.",
        # numbers inside quoted model output
        'The model answered "The total is 187.42 USD in 3 seconds" to the prompt.',
        # a retracted claim (heitor-mocelin ... 011-vllm-pr40082 line 1245, shortened)
        'So my earlier "no cubins" claim was wrong and the 45 tok/s figure was retracted.',
        # model names and counts of hardware (teaql round-2 line 11)
        "`NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4` started successfully on one DGX",
        "Both runs used 2x DGX Spark with Qwen3 30B and Gemma 4 on Round 3.",
        # an uptime is the host's state, not a result (teaql round-1 line 67)
        "The host had been up for 7 days and 15 hours.",
        # a decade of values, not seconds (synthetic, the prose rule's own example)
        "TTFT sat in the low 60s at every concurrency.",
        # star ratings
        "Ease of setup: 4/5 stars, documentation ★★★☆☆.",
        # a quantifier without a counted set, and a count of workload inputs after a verb
        # of outcome (teaql round-2 line 12)
        "None of these attempts passed the validator.",
        "It completed four first-attempt modeling requests with a 4.3K-token TeaQL rules",
        # a version is no count (heitor-mocelin 005-qwen36-35b... line 73)
        "the FP4 MoE kernels lacked SM120/121 coverage, so vLLM falls back. vLLM 0.19's "
        "day-one SM121 fixes",
    ],
)
def test_sentences_whose_numbers_are_not_results(text: str) -> None:
    assert figures(text) == []


_NEAR_PIECES = ["about", "About", "APPROX", "approx.", "ca.", "ca", "circa", "some", "ſome", "near"]
_NEAR_PIECES += [
    "nearly",
    "almost",
    "around",
    "roughly",
    "approximately",
    "~",
    "≈",
    " ",
    "\t",
    "\r",
    "\f",
    "x",
    "5",
    ".",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_NEAR_PIECES), max_size=6).map("".join))
def test_approximation_is_removed_as_the_pattern_removes_it(near: str) -> None:
    """Searching only the last characters removes what the pattern removes anywhere."""
    assert without_approximation(near) == APPROXIMATE.sub("", near)


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        # pendakwahteknologi/gx10-benchmarks 02-inference-engine-comparison/README.md line 59:
        # published as a throughput, and titled so, in the editors' read
        (
            "4. **llama.cpp prompt processing is extremely fast at 3,077 tok/s.**",
            "prefill_rate",
        ),
        ("With llama.cpp, prompt eval reached 412.5 tok/s.", "prefill_rate"),
        # a time of prompt processing is no rate
        ("The prompt processing time was 12.5 s.", "latency"),
    ],
)
def test_prompt_processing_names_the_prefill_rate_not_its_time(text: str, metric: str) -> None:
    assert [r[1] for r in readings(text)] == [metric]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # lhl/strix-halo-testing hardware-test/README.md line 18: measured against the
        # theoretical limit, the measurement is a figure
        (
            "The maximum MBW I've gotten so far with GPU testing is 221 GB/s with Mesa RADV, "
            "86% of the theoretical bus limit, which is pretty good!",
            [221],
        ),
        # the theoretical value itself is not (synthetic, the rule's limit)
        ("Decode reached 40 tok/s, 80% of the theoretical 50 tok/s.", [40]),
        ("Decode reached 40 tok/s against 52 tok/s theoretical.", [40]),
    ],
)
def test_a_measurement_against_a_theoretical_value_is_a_figure_the_value_is_not(
    text: str, expected: list[float]
) -> None:
    assert [value for _, value, _ in figures(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        # a sentence that works its number out stays out whole
        "The GPU has a theoretical peak of 273 GB/s.",
        "In theory it reaches 500 tok/s.",
        "Needle test: 6/9 correct (66.7%, down from a theoretical 128K context).",
    ],
)
def test_a_theoretical_sentence_reports_nothing(text: str) -> None:
    assert figures(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # SteveLeve/intel-gpu-llm-inference ..._COMPARISON_SUMMARY.md lines 117, 118 and 126:
        # the lead-in names the figure though `~` opens it, and a GPU's or CPU's load is its
        # utilization
        ("- **Power**: ~25-35W", [(25, "power"), (35, "power")]),
        ("- **GPU Load**: 60-80%", [(60, "utilization"), (80, "utilization")]),
        ("- **CPU Load**: 20-30%", [(20, "utilization"), (30, "utilization")]),
    ],
)
def test_a_lead_in_names_an_approximate_figure_and_a_load_is_a_utilization(
    text: str, expected: list[tuple[float, str]]
) -> None:
    assert [(r[0], r[1]) for r in readings(text)] == expected
