"""A figure's configuration and label from its row (extract/results.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from draftflow.extract import results
from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import Selected, select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.metric_names import is_measured_column
from draftflow.extract.results import (
    MAX_LABEL_PARTS,
    conditions_for,
    figure_label,
    identity,
)
from extract_support import corpus_snapshot, snapshot_of

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
    label = figure_label(installed).text()
    assert "1x128x128" in label and "installed mean ms" in label
    assert "0.0769" not in label, "the patched time is a figure of its own, not a name"
    assert "patched mean ms" not in conditions_for(installed.candidate)


def _conditions_cell_by_cell(candidate: Candidate) -> dict[str, object]:
    """`conditions_for` as the row is read for each figure on its own (its first form)."""
    conditions: dict[str, object] = {}
    if candidate.column is not None:
        for name, value in results._SETTING_HEADER.findall(candidate.column):
            conditions.setdefault(*results._condition(name, value))
    own_key = (candidate.json_path or "").rsplit(".", 1)[-1]
    in_json = candidate.json_path is not None
    for name, key, value in results._setting_cells(tuple(candidate.context.items()), in_json):
        if name == candidate.column or (in_json and name == own_key):
            continue
        conditions.setdefault(key, value)
    return conditions


def _identity_cell_by_cell(candidate: Candidate) -> list[str]:
    """`identity` as the row is read for each figure on its own (its first form)."""
    own_key = (candidate.json_path or "").rsplit(".", 1)[-1]
    in_json = candidate.json_path is not None
    parts = [
        (rank, order, part)
        for rank, order, name, part in results._naming_cells(
            tuple(candidate.context.items()), in_json
        )
        if name != candidate.column and not (in_json and name == own_key)
    ]
    if any(rank == 0 for rank, _, _ in parts):
        parts = [part for part in parts if part[0] == 0]
    return [part for _, _, part in sorted(parts)[:MAX_LABEL_PARTS]]


@pytest.mark.parametrize(
    "folder", ["djangodevreng__dgx-spark-benchmarks", "jvr0x__dgx-spark-bench"]
)
def test_a_rows_cells_read_once_give_each_cell_what_reading_it_alone_gives(
    corpus_dir: Path, manifest: dict[str, Any], folder: str
) -> None:
    # Every harvested cell, setting and naming cells too (whose own cell the row's shared
    # conditions and identity must leave out), in harvest order and then backwards.
    candidates = harvest(corpus_snapshot(corpus_dir, manifest, folder))
    assert len(candidates) > 1000
    own_cell_left_out = 0
    for candidate in [*candidates, *reversed(candidates)]:
        conditions = conditions_for(candidate)
        assert json.dumps(conditions) == json.dumps(_conditions_cell_by_cell(candidate))
        assert identity(candidate) == _identity_cell_by_cell(candidate)
        row = tuple(candidate.context.items())
        in_json = candidate.json_path is not None
        names = {name for name, _, _ in results._setting_cells(row, in_json)}
        names |= {name for _, _, name, _ in results._naming_cells(row, in_json)}
        own_cell_left_out += candidate.column in names
    assert own_cell_left_out > 0
