"""A measured figure under a name no vocabulary knows is kept as metric `unspecified` with
what the source calls it; settings stay conditions; a figure's own unit comes first
(extract/classify.py, extract/results.py, extract/unread.py)."""

from __future__ import annotations

import pytest

from draftflow.extract.classify import UNSPECIFIED, Selected, select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.results import conditions_for
from draftflow.extract.unread import UnreadReason, unread_tables
from draftflow.extract.unspecified import with_unspecified
from draftflow.numbers.units import is_window_name, unit_of_name
from extract_support import snapshot_of

SPECULATIVE = """# Speculative decoding

| model | concurrency | batch | prompt tokens | mean accept length | decode tok/s |
|---|---:|---:|---:|---:|---:|
| Qwen3-8B | 4 | 8 | 512 | 3.21 | 41.5 |
| Qwen3-32B | 4 | 8 | 512 | 2.87 | 18.0 |
"""

TRANSFER = """# Cluster

## Network Transfer for Generating Token

**F32 Buffer**

| Model | 2 devices | 4 devices | 8 devices |
|---|---|---|---|
| Llama 3 8B | **2048 kB** | **6144 kB** | **14336 kB** |
"""

SPECS = """# Models

In the table below, you can find the expected size of the converted weights.

| Model | Original size | Float32 | Q40 |
|---|---|---|---|
| Llama 2 7B | 13.48 GB | 25.10GB | 3.95 GB |

## Setup

| Item | Value |
|---|---|
| Layers | 88 |
| Swap | 16 |
"""


def _selected(text: str) -> list[Selected]:
    candidates = harvest(snapshot_of({"README.md": text}))
    return with_unspecified(candidates, select(candidates))


def _by_column(selected: list[Selected]) -> dict[str, list[Selected]]:
    columns: dict[str, list[Selected]] = {}
    for item in selected:
        columns.setdefault(item.candidate.key, []).append(item)
    return columns


def test_a_column_of_no_known_metric_is_unspecified_with_its_header() -> None:
    columns = _by_column(_selected(SPECULATIVE))
    accept = columns["mean accept length"]
    assert [(s.metric, s.value, s.named_as) for s in accept] == [
        (UNSPECIFIED, 3.21, "mean accept length"),
        (UNSPECIFIED, 2.87, "mean accept length"),
    ]
    assert accept[0].unit == "unspecified"
    assert accept[0].statistic.startswith("mean")
    assert {s.metric for s in columns["decode tok/s"]} != {UNSPECIFIED}
    # settings stay settings: their values are the figure's conditions, not figures
    assert not {"concurrency", "batch", "prompt tokens", "model"} & set(columns)
    conditions = conditions_for(accept[0].candidate)
    assert conditions["concurrency"] == 4 and conditions["batch"] == 8


def test_a_column_headed_by_a_setting_count_takes_its_name_from_the_heading() -> None:
    selected = _selected(TRANSFER)
    assert [(s.metric, s.value, s.unit) for s in selected] == [
        (UNSPECIFIED, 2048, "kB"),
        (UNSPECIFIED, 6144, "kB"),
        (UNSPECIFIED, 14336, "kB"),
    ]
    assert {s.named_as for s in selected} == {"Network Transfer for Generating Token"}
    conditions = conditions_for(selected[1].candidate)
    assert conditions["devices"] == 4
    assert not any("kB" in str(value) for value in conditions.values())  # siblings are figures


def test_specifications_and_name_value_tables_are_no_figures_but_unread_tables() -> None:
    candidates = harvest(snapshot_of({"README.md": SPECS}))
    assert with_unspecified(candidates, select(candidates)) == []
    unread = unread_tables(candidates, [])
    assert [(t.place, t.reason) for t in unread] == [
        ("README.md:7", UnreadReason.NO_METRIC.value),
        ("README.md:13", UnreadReason.NO_METRIC.value),
    ]
    assert unread[0].columns == ["Original size", "Float32", "Q40"]


def test_a_table_that_gives_a_figure_is_not_unread() -> None:
    candidates = harvest(snapshot_of({"README.md": SPECULATIVE + "\n" + SPECS}))
    unread = unread_tables(candidates, select(candidates))
    assert [t.place for t in unread] == ["README.md:14", "README.md:20"]


def test_the_cells_own_unit_wins_over_a_metric_named_by_the_row() -> None:
    table = (
        "# Matrix\n\n| Configuration | temp / top_p | Elapsed | Completion | tok/s |\n"
        "|---|---|---:|---:|---:|\n"
        "| no-think-low-temperature | 0.2 / 0.9 | 77.99 s | 1,249 | 16.02 |\n"
    )
    found = {(s.candidate.key, s.metric, s.unit, s.value) for s in _selected(table)}
    assert ("Elapsed", "latency", "s", 77.99) in found
    # a temperature with no unit is the sampling setting; a completion count is a setting
    assert not [f for f in found if f[1] == "temperature" or f[0] == "Completion"]


def test_a_percent_of_a_memory_is_a_share_and_a_window_is_not_a_unit() -> None:
    data = (
        '{"host": {"load_average": {"one_minute": 0.67, "five_minutes": 0.51}},\n'
        ' "docker_stats": {"memory_usage_gib": 4.5, "memory_percent": 3.7}}\n'
    )
    found = {
        s.candidate.key: (s.metric, s.unit)
        for s in select(harvest(snapshot_of({"snapshot.json": data})))
    }
    assert found["docker_stats.memory_percent"] == ("percentage", "%")
    assert found["docker_stats.memory_usage_gib"] == ("memory", "GiB")
    assert found["load_average.five_minutes"][0] == "utilization"
    assert found["load_average.five_minutes"][1] != "min"


@pytest.mark.parametrize(
    ("name", "window"),
    [
        ("load_average.five_minutes", True),
        ("loss_15m", True),
        ("fifteen_minutes", True),
        ("decode_s", False),
        ("ttft_ms", False),
        ("total minutes", False),
        ("p50_s", False),
    ],
)
def test_a_count_of_a_time_unit_names_a_window(name: str, window: bool) -> None:
    assert is_window_name(name) is window
    assert (unit_of_name(name) is None) or not window


COUNTS_AND_VARIANTS = """# Runs

| task | shots | stderr | Minimum objects | Gemma 4 E4B | column 2 | Active |
|---|---:|---:|---:|---:|---:|---:|
| arc | 25 | 0.01 | 3 | 42.5 | 1.5 | 70B |
| mmlu | 5 | 0.02 | 4 | 51.5 | 2.5 | 3B |
"""


def test_counts_spreads_variants_and_magnitudes_are_not_unspecified_figures() -> None:
    assert _selected(COUNTS_AND_VARIANTS) == []


def test_whole_numbers_count_as_measured_where_their_column_writes_decimals() -> None:
    table = "# T\n\n| run | mean accept length |\n|---|---:|\n| a | 3 |\n| b | 2.5 |\n"
    assert [s.value for s in _selected(table)] == [3, 2.5]


def test_key_value_tool_output_takes_its_metric_from_its_unit_but_a_bound_is_a_setting() -> None:
    text = (
        "# Load test\n\nDynamic batching:\n- max wait time: 10ms\n\n"
        "```\nSummary:\n  Total:\t55.0552 secs\n  Slowest:\t0.0911 secs\n"
        "  Average:\t0.0549 secs\n  Requests/sec:\t908.1787\n```\n"
    )
    found = {(s.candidate.key, s.metric, s.unit, s.value) for s in _selected(text)}
    assert ("Slowest", "latency", "s", 0.0911) in found
    assert ("Requests/sec", "request_throughput", "requests/s", 908.1787) in found
    assert not [f for f in found if f[3] == 10]


OWN_UNIT = """# Pipeline

### Throughput Summary

| Backend | Hardware | Stage 2 (img/s) | Stage 3 (img/s) |
|---|---|:---:|:---:|
| vLLM FP4 bs=4 | **GB10** | **2.19** | **0.56** |
| HF BF16 bs=1 | **GB10** | 0.25 | 0.05 |
"""


def test_a_column_writing_its_own_unit_under_a_metric_heading_is_unspecified() -> None:
    # The heading names throughput, but the column writes a unit of its own the vocabulary
    # does not know (`img/s`): not the heading's metric, and still a measured value.
    columns = _by_column(_selected(OWN_UNIT))
    stage = columns["Stage 2 (img/s)"]
    assert [(item.metric, item.named_as) for item in stage] == [
        (UNSPECIFIED, "Stage 2 (img/s)")
    ] * 2
    assert [item.candidate.values[0] for item in stage] == [2.19, 0.25]


ESTIMATES = """# Evaluation

### 4.2 Theoretical Analysis

| Precision | Weight Traffic/token | Max tok/s |
|---|---|---|
| BF16 (2 B/param) | ~80 GB/token | 273 / 80 ≈ 3.4 tok/s |
| FP4 (0.5 B/param) | ~20 GB/token | 273 / 20 ≈ 13.7 tok/s |

### 4.3 Measured

| Precision | Weight Traffic/token |
|---|---|
| FP4 | 21.5 GB/token |
"""


def test_a_column_writing_its_own_unit_under_an_estimate_heading_is_no_figure() -> None:
    # jvr0x's `Theoretical Analysis`: the section works numbers out, it does not run them
    columns = _by_column(_selected(ESTIMATES))
    assert [item.candidate.values[0] for item in columns["Weight Traffic/token"]] == [21.5]
