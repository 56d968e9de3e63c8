"""The gold policy's out list (`learned/decide.out_by_policy`) reads names and cells as what
they are: an arrow is no bound, an engine named like a file is no file, and a `Time` column of
durations is no timestamp (each a group of gold figures the policy held out on b8e2f9d)."""

from __future__ import annotations

import pytest

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import instances, out_by_policy
from draftflow.extract.metric_names import NOT_A_LABEL, names_no_metric
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of


def _left_by_rules(text: str, value: float) -> list[bool]:
    """`out_by_policy` of each instance of `value` the rules left."""
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    found = [
        out_by_policy(i.candidate)
        for i in instances(snapshot, candidates, selected)
        if i.chosen is None and value in i.candidate.values
    ]
    assert found
    return found


def test_an_arrow_from_one_reading_to_another_is_no_bound() -> None:
    # hedone21/llm_rs2's results table: a temperature from start to end of a run
    text = "# Runs\n\n| Device | Temp (°C) |\n|---|---|\n| Galaxy S25 | 36.3 -> 39.1 (Max 39.1) |\n"
    assert not any(_left_by_rules(text, 36.3))


@pytest.mark.parametrize("cell", ["> 36.3", "≥ 36.3", "36.3+"])
def test_a_comparison_is_still_a_bound(cell: str) -> None:
    text = f"# Runs\n\n| Device | Temp (°C) |\n|---|---|\n| Galaxy S25 | {cell} |\n"
    assert all(_left_by_rules(text, 36.3))


@pytest.mark.parametrize("name", ["llama.cpp", "Llama.cpp", "llama.cpp CPU", "ik_llama.cpp"])
def test_an_engine_named_like_a_source_file_is_no_file(name: str) -> None:
    assert not NOT_A_LABEL.search(name)
    assert not names_no_metric(name)


@pytest.mark.parametrize("name", ["main.cpp", "src/kernels/gemm.cpp", "bench.py"])
def test_a_source_file_is_still_no_label(name: str) -> None:
    assert names_no_metric(name)


def test_a_row_named_by_an_engine_is_not_held_out() -> None:
    # mlc-ai/llm-perf-bench: rows named by the engine, columns by the model
    text = (
        "# Speed\n\n| Engine | Llama2-7B | Llama2-13B |\n|---|---|---|\n"
        "| Llama.cpp | 17.35 | 11.2 |\n"
    )
    assert not any(_left_by_rules(text, 17.35))


def test_a_time_column_of_durations_is_not_a_timestamp() -> None:
    # E27-25/fusionxpark-gb10-hwtest's training table: how long each run took
    text = "# Training\n\n| ID | Steps | Time |\n|---|---|---|\n| T1 | 500 | 147 min |\n"
    assert not any(_left_by_rules(text, 147))


def test_a_time_column_of_epochs_is_still_an_identifier() -> None:
    text = "# Runs\n\n| ID | time |\n|---|---|\n| r1 | 1733450000 |\n"
    assert all(_left_by_rules(text, 1733450000))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # hedone21/llm_rs2: rows named by the configuration they ran at, columns by the branch
        (
            "### 4-context sweep results (ms/tok, lower is better)\n\n"
            "| Context | master (legacy) | feat (flash DK=128) |\n|---|---|---|\n"
            "| p100 (depth 170) | 66.48 | **61.06** |\n| p300 (depth 374) | 72.14 | **64.42** |\n",
            66.48,
        ),
        # johnahull/llm-d-xks-gke: a report line per concurrency
        ("# Results\n\n- Concurrency 5: 8.90 req/s\n", 8.90),
        # chuyishang/inference-energy: a measured average of a quantity vLLM also sets
        ("# Run\n\n```\nM9  Avg memory utilization:   91.4%\n```\n", 91.4),
        # (rmtrms/thm-bachelorthesis's `Timeouts` column is no longer left by the rules: it
        # is read as a failure count, test_extract_timeouts_column.py)
    ],
)
def test_a_measured_number_beside_a_setting_s_name_is_not_held_out(text: str, value: float) -> None:
    assert not any(_left_by_rules(text, value))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("# Setup\n\n| Model | Batch |\n|---|---|\n| Qwen3-8B | 4 |\n", 4),
        ("# Setup\n\n| Knob | Value |\n|---|---|\n| gpu_memory_utilization | 0.88 |\n", 0.88),
        ("# Setup\n\n| Model | timeout |\n|---|---|\n| Qwen3-8B | 2400 |\n", 2400),
    ],
)
def test_a_setting_s_own_value_is_still_held_out(text: str, value: float) -> None:
    assert all(_left_by_rules(text, value))


@pytest.mark.parametrize(
    ("line", "value"),
    [
        # epappas/gx10-cluster's nccl-tests summary, E27-25's GRPO run, bhodgens' failure
        # notes: a name, `=`, the reading (gold figures the policy held out on 59ed308)
        ("size=1.07 GB  iters=10  busbw=22.7 GB/s", 22.7),
        ("T21 GRPO (GSM8K) 200 steps: reward=0.373", 0.373),
        ("- LCB pass@1 = 0.133 (Q8_0) - extremely low coding capability", 0.133),
        ("sweep n=4: latency=3.2 s", 3.2),  # a reading named beside a setting's value
    ],
)
def test_a_named_reading_after_an_equals_sign_is_no_formula(line: str, value: float) -> None:
    assert not any(_left_by_rules(f"# Run\n\n```\n{line}\n```\n", value))


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("Tokens per Second = 198.66 * 1000 / 4790.39 = 41.47", 41.47),  # arithmetic shown
        ("Best config: MTP n=3 = 40.3 tok/s", 40.3),  # `=` after a number
        # a chain of arithmetic whose middle term has a unit (heitor-mocelin, a corpus draft)
        ("31B × 2 bytes ÷ 273 GB/s = 227 ms per token = 4.4 tok/s theoretical max", 4.4),
        ("Theoretical: 273 / 80 ≈ 3.4 tok/s", 3.4),
        ("run with --max-model-len=4096", 4096),  # a setting, named so
        # a setting named with its value beside a result: jvr0x/dgx-spark-bench's dual-Spark
        # recipe, whose draft published the 12 as a throughput of 12 tokens/s
        ("Peak aggregate **177.8 tok/s @ N=12** (the sweep ceiling)", 12),
        ("Decode 41.2 tok/s (n=5, batch=8)", 5),
        ("Decode 41.2 tok/s (n=5, batch=8)", 8),
    ],
)
def test_a_formula_a_bound_or_a_setting_after_an_equals_sign_stays_out(
    line: str, value: float
) -> None:
    assert all(_left_by_rules(f"# Run\n\n{line}\n", value))


@pytest.mark.parametrize(
    ("line", "value"),
    [
        # dennislee22/vLLM-benchmarking's and cmontemuino/amd-mi300x-ml-benchmarks' vLLM logs
        (
            "(VllmWorker TP1 pid=3975) INFO 09-03 02:12:04 [default_loader.py:262] "
            "Loading weights took 2.56 seconds",
            2.56,
        ),
        ("INFO 08-07 16:59:02 [worker.py:294] Memory profiling takes 26.08 seconds", 26.08),
        (
            "(VllmWorker TP0 pid=3974) INFO [monitor.py:34] torch.compile takes 9.21 s in total",
            9.21,
        ),
    ],
)
def test_a_log_lines_source_tag_is_not_the_numbers_name(line: str, value: float) -> None:
    text = f"# Startup log\n\n```\n{line}\n```\n"
    assert not any(_left_by_rules(text, value))


def test_a_setting_after_a_log_tag_is_still_a_setting() -> None:
    text = "# Startup log\n\n```\nINFO [config.py:12] max_model_len 8192\n```\n"
    assert all(_left_by_rules(text, 8192))
