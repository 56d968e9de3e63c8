"""A figure's configuration and label from its row (extract/results.py)."""

from __future__ import annotations

import pytest

from draftflow.extract.harvest import harvest
from draftflow.extract.results import conditions_for, result_label
from draftflow.extract.select import Selected, is_measured_column, select
from test_extract_support import snapshot_of

# The shape of a results table that reports several outcomes per row beside its settings.
CASES_TABLE = """# Baseline

| case | prompt tokens | generated tokens | TTFT seconds | total seconds | decode tok/s |
|---|---:|---:|---:|---:|---:|
| `short_decode` | 28 | 64 | 0.107 | 0.939 | 76.94 |
| `medium_decode` | 40 | 192 | 0.106 | 2.633 | 75.97 |
"""


def _chosen(files: dict[str, str]) -> dict[tuple[int, str], Selected]:
    return {(s.candidate.line, s.candidate.key): s for s in select(harvest(snapshot_of(files)))}


@pytest.mark.parametrize(
    ("name", "measured"),
    [
        ("total seconds", True),  # a unit that makes its cells latencies
        ("TTFT seconds", True),
        ("decode tok/s", True),
        ("power W", True),
        ("elapsed_s", True),
        ("prompt tokens", False),  # a setting: what was sent
        ("generated tokens", False),
        ("timeout_s", False),  # a time that is a setting
        ("concurrency", False),
        ("case", False),
    ],
)
def test_a_column_is_measured_by_its_metric_word_or_its_unit(name: str, measured: bool) -> None:
    assert is_measured_column(name) is measured


def test_an_outcome_column_is_never_a_condition_of_the_figures_beside_it() -> None:
    chosen = _chosen({"README.md": CASES_TABLE})
    decode = chosen[(5, "decode tok/s")]
    conditions = conditions_for(decode.candidate)
    assert conditions["case"] == "short_decode"
    assert conditions["input_tokens"] == 28
    assert conditions["generated tokens"] == 64
    assert "total seconds" not in conditions
    assert "TTFT seconds" not in conditions
    # the total time is itself a figure of the row, with the row's settings as its conditions
    total = chosen[(5, "total seconds")]
    assert total.metric == "latency" and total.candidate.value == 0.939
    assert conditions_for(total.candidate)["case"] == "short_decode"


KERNELS_TABLE = """# Kernels

| shape | backend | installed mean ms | patched mean ms |
|---|---|---:|---:|
| 1x128x128 | cudnn | 0.0727 | 0.0769 |
| 16x256x256 | cutlass | 0.0654 | 0.0661 |
"""


def test_a_label_names_its_row_by_settings_not_by_another_figure() -> None:
    chosen = _chosen({"README.md": KERNELS_TABLE})
    installed = chosen[(5, "installed mean ms")]
    label = result_label(installed)
    assert "1x128x128" in label and "installed mean ms" in label
    assert "0.0769" not in label, "the patched time is a figure of its own, not a name"
    assert "patched mean ms" not in conditions_for(installed.candidate)
