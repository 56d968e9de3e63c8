"""Cells split into figures: real cells from the corpus, written as input cell → figures.

Each case quotes a cell of a real corpus line (the file and line are named) with its header.
"""

from __future__ import annotations

import pytest

from draftflow.numbers.cells import CellRole, CellShape, cell_shape, split_cell

Figure = tuple[float, str, str | None]  # value, role, unit

CASES: list[tuple[str, str, str, list[Figure]]] = [
    # jethac docs/BASELINE_RESULTS.md:266: a signed change
    ("jethac BASELINE_RESULTS.md:266", "+5.9%", "patched latency change", [(5.9, "value", "%")]),
    # heitor g10-shamily-gemma4-llama-dgx-spark.md:284: Unicode minus, and value ± spread
    ("heitor g10:284", "−4%", "pp512 vs empty", [(-4.0, "value", "%")]),
    (
        "heitor g10:284",
        "2536 ± 56",
        "pp512 (t/s)",
        [(2536.0, "value", "tokens/s"), (56.0, "spread", "tokens/s")],
    ),
    # heitor g12-nvidia-forum-gemma4-31b-fp8.md:171: unit in the cell, and a × ratio
    (
        "heitor g12:171",
        "11.2 ± 0.7 t/s",
        "TP=2 (2 Sparks)",
        [(11.2, "value", "tokens/s"), (0.7, "spread", "tokens/s")],
    ),
    ("heitor g12:171", "1.7×", "Speedup", [(1.7, "value", "×")]),
    # heitor 014-community-adadrag-qwen35-dgx-spark.md:382: a range gives both ends
    (
        "heitor 014:382",
        "15-25s",
        "Expected Latency",
        [(15.0, "range_min", "s"), (25.0, "range_max", "s")],
    ),
    # djangodevreng .../11-rate-sweep.md:20: an x/y score, and a unit in the cell
    (
        "djangodevreng 11-rate-sweep.md:20",
        "100/100",
        "voltooid",
        [(100.0, "value", None), (100.0, "denominator", None)],
    ),
    ("djangodevreng 11-rate-sweep.md:20", "4476 ms", "p50", [(4476.0, "value", "ms")]),
    # jethac BASELINE_RESULTS.md:266: the unit from the header
    ("jethac BASELINE_RESULTS.md:266", "0.0727", "installed mean ms", [(0.0727, "value", "ms")]),
    # teaql round-2-nemotron-super-modeling.md:82, :90, :91: approximate, °C, W
    ("teaql round-2:82", "Approximately 686 seconds", "Value", [(686.0, "value", "s")]),
    ("teaql round-2:90", "53°C", "Value", [(53.0, "value", "°C")]),
    ("teaql round-2:91", "12.92 W", "Value", [(12.92, "value", "W")]),
    # teaql round-1-dgx-spark-teaql.md:117: thousands separators
    ("teaql round-1:117", "3,529,728", "Value", [(3529728.0, "value", None)]),
    # jethac llamacpp_gemma4_26b_q4_0_bench_20260607T135911Z.txt:5 (llama-bench)
    (
        "jethac llama-bench.txt:5",
        "3021.76 ± 34.41",
        "t/s",
        [(3021.76, "value", "tokens/s"), (34.41, "spread", "tokens/s")],
    ),
]


@pytest.mark.parametrize(
    ("where", "cell", "header", "expected"), CASES, ids=[f"{c[0]} {c[1]}" for c in CASES]
)
def test_real_cells(where: str, cell: str, header: str, expected: list[Figure]) -> None:
    figures = split_cell(cell, header)
    assert [(f.value, f.role.value, f.unit) for f in figures] == expected, where


def test_markers_and_approximation() -> None:
    # kleybrink-style bold and emoji markers are ignored; `~` makes a figure approximate
    [bold] = split_cell("**191.2** 🚀", "Decode tok/s")
    assert (bold.value, bold.unit, bold.approximate) == (191.2, "tokens/s", False)
    [approx] = split_cell("~1,052 tok/s")
    assert (approx.value, approx.unit, approx.approximate) == (1052.0, "tokens/s", True)
    assert split_cell("Approximately 686 seconds")[0].approximate


def test_a_percentage_stays_a_percentage() -> None:
    [full] = split_cell("100%", "pass rate")
    assert (full.value, full.unit) == (100.0, "%")


def test_x_of_y_is_one_score_with_its_denominator() -> None:
    score, denominator = split_cell("90/100", "score")
    assert (score.value, score.denominator, denominator.role) == (90.0, 100.0, CellRole.DENOMINATOR)


def test_paired_values_take_the_paired_header() -> None:
    ttft, total = split_cell("2.185 s / 6.90 s", "TTFT / total")
    assert (ttft.label, ttft.value, ttft.unit) == ("TTFT", 2.185, "s")
    assert (total.label, total.value, total.unit) == ("total", 6.9, "s")


def test_list_cell_names_each_figure() -> None:
    # jethac docs/BASELINE_RESULTS.md:683
    cell = "prefill `125.77` tok/s, decode `43.57` tok/s, init `0.3235` s, TTFT `2.0584` s"
    assert cell_shape(cell) is CellShape.LIST
    assert [(f.label, f.value, f.unit) for f in split_cell(cell, "result")] == [
        ("prefill", 125.77, "tokens/s"),
        ("decode", 43.57, "tokens/s"),
        ("init", 0.3235, "s"),
        ("TTFT", 2.0584, "s"),
    ]


def test_sentence_cells_are_prose() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md:62
    cell = (
        "Focused generation completed in 157 seconds but had 202 native syntax errors. "
        "AST normalization and a privacy fix produced zero evaluation errors."
    )
    assert cell_shape(cell) is CellShape.SENTENCE
    assert cell_shape("0% at idle snapshot") is CellShape.FIGURE


def test_interval_bounds_conditions_and_ambiguous_ranges_are_not_values() -> None:
    # Reederey87 docs/13-vllm-026-cand7.md:60 and :57, docs/12-dsv4-flash-0731-upgrade.md:72
    roles = [f.role for f in split_cell("33.84 (−0.9%, Welch95 [−0.90, +0.30])", "cand7")]
    assert roles == [CellRole.VALUE, CellRole.VALUE, CellRole.INTERVAL, CellRole.INTERVAL]
    ratio, at = split_cell("2,948,751 tok / 2.81× @1M", "Value")[1:]
    assert (ratio.unit, at.role) == ("×", CellRole.CONDITION)
    assert {f.role for f in split_cell("−5…−8%", "change")} == {CellRole.AMBIGUOUS}
    low, high = split_cell("5…8 ms", "x")
    assert (low.role, high.role, high.unit) == (CellRole.RANGE_MIN, CellRole.RANGE_MAX, "ms")


@pytest.mark.parametrize("cell", ["500+", "1,000+ ms", "**800+**", "~60+ tok/s", "112+ GB"])
def test_a_trailing_plus_is_an_open_bound_never_a_value(cell: str) -> None:
    assert [f.role for f in split_cell(cell, "TTFT (ms)")] == [CellRole.BOUND]


@pytest.mark.parametrize(
    ("cell", "roles"),
    [
        ("+5.9%", [CellRole.VALUE]),
        ("500+/-3", [CellRole.VALUE, CellRole.SPREAD]),
        ("0.26.1rc1.dev608+g99a", []),
    ],
)
def test_a_plus_that_is_a_sign_a_spread_or_a_version_is_not_a_bound(
    cell: str, roles: list[CellRole]
) -> None:
    assert [f.role for f in split_cell(cell, "TTFT (ms)")] == roles
