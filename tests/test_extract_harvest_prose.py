"""Figures written in prose, read from real corpus sentences: input lines → expected figures.

Each IN case is a sentence (or wrapped paragraph, or bullet) from a corpus repository with the
figures a reader calls reported results; each OUT case is a real sentence whose numbers the
gold policy (`../shared/devgold/POLICY.md`, "Out") says are not results.
"""

from __future__ import annotations

import pytest

from draftflow.extract.candidates import SourceFormat
from draftflow.extract.harvest import harvest
from draftflow.extract.harvest_prose import harvest_prose
from draftflow.extract.select import select
from test_extract_support import snapshot_of

Figure = tuple[int, float, str]


def figures(text: str) -> list[Figure]:
    """(line, value, unit) of every prose figure of a one-document snapshot."""
    document = snapshot_of({"R.md": text}).documents[0]
    return [(c.line, c.value, c.reading.unit) for c in harvest_prose(document) if c.reading]


def readings(text: str) -> list[tuple[float, str, str, bool, float | None]]:
    """(value, metric, statistic, approximate, denominator) of every prose figure."""
    document = snapshot_of({"R.md": text}).documents[0]
    return [
        (
            c.value,
            c.reading.metric,
            c.reading.statistic.split(";")[0],
            c.reading.approximate,
            c.reading.denominator,
        )
        for c in harvest_prose(document)
        if c.reading
    ]


# ---- IN: figures a reader reports ------------------------------------------------------------


def test_units_after_numbers_in_a_readme_paragraph_with_approximate_markers() -> None:
    # jethac/dgx-spark-hijinks README.md line 11 (first sentences)
    line = (
        "Latest compact signal: AEON's Gemma 4 26B A4B NVFP4+DFlash vLLM image now serves "
        "locally on GB10 with a warmed compact row at about 48 tok/s short decode, 54 tok/s "
        "medium decode, and 98 tok/s on the long-prefill shape. Qwen is now tracked: SGLang "
        "Qwen2.5 1.5B BF16/auto and fp8 both serve at about 58-59 tok/s."
    )
    assert figures(line) == [
        (1, 48, "tokens/s"),
        (1, 54, "tokens/s"),
        (1, 98, "tokens/s"),
        (1, 58, "tokens/s"),
        (1, 59, "tokens/s"),
    ]
    found = readings(line)
    assert [r[2] for r in found[3:]] == ["range_min", "range_max"]
    assert found[0][3] is True and found[0][1] == "decode_rate"


def test_a_bullet_with_code_spans_a_shared_unit_and_arithmetic() -> None:
    # jethac docs/BASELINE_RESULTS.md line 191: the list shares `tok/s`; `2+2` returns `4` is not
    line = (
        "- fp8 comparator: `3,101,822` KV tokens, no-graph policy matched to FP4, decode "
        "`56.73`, `56.81`, and `57.10 tok/s`, raw `2+2` returns `4`."
    )
    assert figures(line) == [
        (1, 3101822, "tokens"),
        (1, 56.73, "tokens/s"),
        (1, 56.81, "tokens/s"),
        (1, 57.10, "tokens/s"),
    ]
    assert readings(line)[0][1] == "kv_capacity"


def test_ratios_and_capacities_in_code_spans() -> None:
    # jethac docs/BASELINE_RESULTS.md line 173
    line = (
        "- stock `fp4_e2m1` with Triton attention allocated a larger `5,534,509` token KV pool, "
        "about `1.78x` the fp8 row, then failed on missing `KVFP4QuantizeUtil`."
    )
    assert figures(line) == [(1, 5534509, "tokens"), (1, 1.78, "×")]
    assert readings(line)[1][1:4] == ("ratio", "as reported", True)


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


def test_a_metric_word_before_a_unitless_value() -> None:
    # jethac docs/BASELINE_RESULTS.md lines 318 and 421-422
    text = (
        "- The patched source/JIT path selected `b12x` on real GB10 and produced finite outputs "
        "with cosine similarity around `0.991` against BF16 `torch.mm`.\n"
        "- minimum cosine: `0.9999961853`\n"
        "- maximum absolute error: `0.015625`\n"
    )
    assert [(line, value) for line, value, _ in figures(text)] == [
        (1, 0.991),
        (2, 0.9999961853),
        (3, 0.015625),
    ]
    assert [r[1] for r in readings(text)] == [
        "cosine_similarity",
        "cosine_similarity",
        "max_abs_error",
    ]


def test_counts_of_outcomes_in_digits_and_words() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 26-28, 95-96 and 144
    text = (
        "checkpoint-writer subagents that produced two retry/message storms. The\n"
        "larger subagent session accumulated 6,864 assistant messages.\n"
        "\n"
        "The 10,241 HTTP 400 responses closely match 10,226 blank-finish assistant\n"
        "messages in the two runaway checkpoint-writer sessions.\n"
        "\n"
        "The processor logged this same context error 847 times between 05:44:14 and\n"
        "05:48:03 UTC.\n"
    )
    assert [(line, value) for line, value, _ in figures(text)] == [
        (1, 2),
        (2, 6864),
        (4, 10241),
        (4, 10226),
        (5, 2),
        (7, 847),
    ]
    assert [r[1] for r in readings(text)][:3] == ["failure_count", "message_count", "message_count"]


def test_measured_memory_and_times() -> None:
    # teaql round-2 lines 93-94, round-1 lines 12-14; jethac run summary line 31
    text = (
        "Only 1.81 GiB of system memory remained available and 6.82 GiB of swap was in\n"
        "use.\n"
        "\n"
        "returned the first streaming byte in 0.187 seconds and completed a minimal\n"
        "request in 1.023 seconds.\n"
        "\n"
        "- model loading took `17.17 GiB` memory and `127.259276` seconds.\n"
    )
    assert figures(text) == [
        (1, 1.81, "GiB"),
        (1, 6.82, "GiB"),
        (4, 0.187, "s"),
        (5, 1.023, "s"),
        (7, 17.17, "GiB"),
        (7, 127.259276, "s"),
    ]


def test_percent_takes_its_metric_from_the_words_after_it() -> None:
    # Kleybrink README.md line 126 (last sentences)
    line = (
        "A 30B MoE with 3.6B active params runs at 69 tok/s — while a 27B dense model crawls at "
        "11 tok/s. Nemotron Cascade 2 30B takes this further, achieving 100% accuracy at "
        "66.8 tok/s."
    )
    assert figures(line) == [
        (1, 69, "tokens/s"),
        (1, 11, "tokens/s"),
        (1, 100, "%"),
        (1, 66.8, "tokens/s"),
    ]
    assert readings(line)[2][1] == "judge_pass_rate"


def test_signed_changes_and_x_of_y_scores() -> None:
    text = "Decode is +5.9% faster than before. 6/15 tests passed; 3 of 4 runs passed.\n"
    assert readings(text) == [
        (5.9, "relative_change", "as reported", False, None),
        (6, "score", "as reported", False, 15),
        (3, "score", "as reported", False, 4),
    ]


def test_counts_of_a_counted_noun_that_a_verb_of_outcome_governs() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 20-24: what a run achieved and where it
    # failed; the 600-second timeout is a setting
    text = (
        "2. **Python orchestration path:** scripts called the DGX-hosted\n"
        "   OpenAI-compatible endpoint directly, wrote model responses locally, and ran\n"
        "   TeaQL and Cargo locally. This path produced the strongest repeatable record:\n"
        "   modular Nemotron generation succeeded through 140 objects and failed at 160\n"
        "   objects because of 600-second request timeouts and a circular dependency.\n"
    )
    assert figures(text) == [(4, 140, "objects"), (4, 160, "objects")]
    assert [r[1] for r in readings(text)] == ["count", "count"]


def test_numbers_in_words_and_a_quantifier_over_a_counted_set() -> None:
    # teaql reports/round-2-nemotron-super-modeling.md line 17 and lines 29-31
    text = (
        "None of the four first attempts passed the fixed KSML validator:\n"
        "\n"
        "When the best output and its one exact validator error were returned to the\n"
        "model, it changed `employee_id` to `staff_number`; the complete XML passed all\n"
        "fixed checks in one repair. The final conclusion was that the 120B model had\n"
    )
    assert [(line, value) for line, value, _ in figures(text)] == [(1, 0), (3, 1), (5, 1)]
    assert readings(text) == [
        (0, "score", "as reported", False, 4),
        (1, "error_count", "as reported", False, None),
        (1, "repair_count", "as reported", False, None),
    ]
    document = snapshot_of({"R.md": text}).documents[0]
    assert harvest_prose(document)[0].text == "None of the four"


def test_counts_listed_after_a_count_and_a_subset_of_it() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 130-131 and 136
    text = (
        "Its main session\n"
        "accumulated 142 assistant messages, 137 tool parts, and five checkpoint records.\n"
        "\n"
        "- 3,420 assistant messages, including 3,387 with no finish reason, over an\n"
        "  interval of 15 minutes.\n"
    )
    assert [(line, value, unit) for line, value, unit in figures(text)] == [
        (2, 142, "assistant messages"),
        (2, 137, "tool parts"),
        (2, 5, "checkpoint records"),
        (4, 3420, "assistant messages"),
        (4, 3387, "assistant messages"),
    ]


def test_the_other_end_of_a_change_and_a_count_after_a_name_with_a_digit() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 51 and 53 (table cells that are
    # sentences): "from one error to zero"; "Pass@1" is a metric's name, not an instruction
    text = (
        "Exact validator feedback repaired the official-sampling result from one error to "
        "zero.\n\nPass@1 failed with eight compiler errors; a compiled string value persisted "
        "as numeric zero.\n"
    )
    assert readings(text) == [
        (1, "error_count", "as reported", False, None),
        (0, "error_count", "as reported", False, None),
        (8, "error_count", "as reported", False, None),
    ]


# ---- OUT: numbers the gold policy leaves out, one per rule -----------------------------------


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
        # hardware specifications (Kleybrink README.md line 5)
        "Built for — and tested on — the [NVIDIA DGX Spark](https://www.nvidia.com/en-us/"
        "products/workstations/dgx-spark/) (128 GB unified memory, 273 GB/s bandwidth).",
        # model and file sizes (jethac docs/BASELINE_RESULTS.md line 512)
        "- The server resolved `Gemma4UnifiedForConditionalGeneration` and loaded 22.28 GiB "
        "of checkpoints.",
        # thresholds and limits, with a bound in words (teaql ledger lines 29 and 143)
        "error requested at least 65,537 tokens against the 65,536-token model limit,",
        "The minimum total was therefore 65,537, exceeding the service limit by one token.",
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


def test_code_fences_tables_and_key_value_lines_are_left_to_their_harvesters() -> None:
    text = (
        "# Results\n\n"
        "| model | tok/s |\n|---|---|\n| a | 45 tok/s |\n\n"
        "```\ndecode 999 tok/s\n```\n\n"
        "Mean TTFT (ms):      826.65\n"
    )
    assert figures(text) == []


def test_prose_figures_are_selected_with_their_reading() -> None:
    text = "# Results\n\nCode-completion microbench: **~182 tok/s aggregate**.\n"
    candidates = harvest(snapshot_of({"R.md": text}))
    chosen = [s for s in select(candidates) if s.candidate.format is SourceFormat.PROSE]
    assert [(s.value, s.metric, s.unit) for s in chosen] == [
        (182, "aggregate_throughput", "tokens/s"),
    ]
    assert (
        chosen[0].candidate.column == "Results › Code-completion microbench: ~182 tok/s aggregate ."
    )


def test_a_table_cell_that_is_a_sentence_is_read_as_prose() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 48-49 and 62 (shortened)
    text = (
        "| Date | Run | Recorded outcome | Classification |\n"
        "|---|---|---|---|\n"
        "| 2026-07-24/25 | Round 12 Qwen 30-object service | Focused generation completed in "
        "157 seconds but had 202 native syntax errors. AST normalization and a privacy fix "
        "produced zero evaluation errors. | Confirmed DGX inference; repaired final pass |\n"
        "| 2026-07-25 | Round 14 | 45 tok/s | short |\n"
    )
    assert figures(text) == [
        (3, 157, "s"),
        (3, 202, "native syntax errors"),
        (3, 0, "evaluation errors"),
    ]
    document = snapshot_of({"R.md": text}).documents[0]
    label = harvest_prose(document)[0].column or ""
    assert label.startswith("2026-07-24/25 / Recorded outcome › Focused generation")
