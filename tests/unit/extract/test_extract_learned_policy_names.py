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
