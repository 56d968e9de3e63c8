"""The figures of one cell (`extract/classify.py`, `_cell_figures` and its parts): the cell's
figures and the name that gives their metric, each figure's metric, unit and statistic."""

from __future__ import annotations

import pytest

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import (
    _cell_figures,
    _figure_metric,
    _figure_statistic,
    _figure_unit,
    _figures_and_name,
    _parse_misstates,
    _percentage_metric,
)
from draftflow.extract.statistic_names import SPREAD_STATISTIC
from draftflow.numbers.cells import CellFigure, CellRole


def _cell(
    text: str,
    values: list[int | float],
    column: str,
    *,
    heading: str | None = None,
    context: dict[str, str] | None = None,
) -> Candidate:
    return Candidate(
        candidate_id="README.md:3",
        document_id="README.md",
        path="README.md",
        line=3,
        format=SourceFormat.MARKDOWN,
        text=text,
        values=values,
        column=column,
        row_header="run",
        heading=heading,
        context=context or {},
    )


def _figure(
    unit: str | None = None,
    *,
    value: float = 1.7,
    signed: bool = False,
    label: str | None = None,
    role: CellRole = CellRole.VALUE,
    approximate: bool = False,
) -> CellFigure:
    return CellFigure(
        index=0,
        value=value,
        decimals=1,
        raw=str(value),
        role=role,
        unit=unit,
        approximate=approximate,
        signed=signed,
        label=label,
    )


def test_a_named_record_names_its_figure_and_gives_its_unit() -> None:
    # `| value | name | unit |` as lm-eval prints: the row names the figure under `value`
    cell = _cell("41.2", [41.2], "value", context={"name": "decode", "unit": "tok/s"})
    read = _figures_and_name(cell)
    assert read is not None
    figures, named = read
    assert named == "decode_rate"
    assert [(f.unit, f.label) for f in figures] == [("tokens/s", "decode")]


def test_a_named_record_named_as_a_threshold_reports_nothing() -> None:
    cell = _cell("41.2", [41.2], "value", context={"name": "max threshold"})
    assert _figures_and_name(cell) is None
    assert _cell_figures(cell) == []


def test_a_cell_whose_parse_counts_other_values_has_no_figures() -> None:
    assert _figures_and_name(_cell("41.2", [41.2, 3.0], "decode tok/s")) == ((), "decode_rate")


def test_a_figure_whose_parse_misstates_the_value_is_told_apart() -> None:
    assert _parse_misstates(_cell("41.3", [41.3], "decode"), _figure(value=41.2))
    assert not _parse_misstates(_cell("41.2", [41.2], "decode"), _figure(value=41.2))


def test_a_normalised_metric_is_a_score() -> None:
    cell = _cell("0.93", [0.93], "ttft_s_norm")
    assert _figure_unit(cell, _figure("s"), "ttft_normalised", "ttft_s_norm") == "score"
    assert _figure_unit(cell, _figure("s"), "ttft", "ttft_s_norm") == "s"


def test_a_spread_a_range_end_and_an_approximate_value_say_so() -> None:
    spread = _figure(role=CellRole.SPREAD)
    assert _figure_statistic(_cell("41 ± 0.3", [41, 0.3], "decode"), spread, "decode_rate", "") == (
        "decode_rate_spread",
        SPREAD_STATISTIC,
    )
    low = _figure(role=CellRole.RANGE_MIN)
    assert _figure_statistic(_cell("40-45", [40, 45], "decode"), low, "decode_rate", "") == (
        "decode_rate",
        "range_min: one end of the range written in the source",
    )
    near = _figure(approximate=True)
    assert _figure_statistic(_cell("~41", [41], "decode"), near, "decode_rate", "") == (
        "decode_rate",
        "as reported; approximate as written",
    )


def test_a_multiple_under_a_change_is_a_ratio() -> None:
    cell = _cell("1.7×", [1.7], "Speedup")
    assert _figure_metric(cell, _figure("×"), "relative_change") == "ratio"


def test_a_time_on_a_phase_row_is_its_latency_unless_its_label_names_a_rate() -> None:
    cell = _cell("5.2 s", [5.2], "short_decode")
    assert _figure_metric(cell, _figure("s"), "decode_rate") == "latency"
    assert _figure_metric(cell, _figure("s", label="decode"), "decode_rate") == "decode_rate"


@pytest.mark.parametrize(
    ("column", "heading", "metric"),
    [("total memory", None, None), ("memory", "Hardware", None), ("memory", "Results", "memory")],
)
def test_a_size_of_the_hardware_is_no_memory_figure(
    column: str, heading: str | None, metric: str | None
) -> None:
    cell = _cell("64 GB", [64], column, heading=heading)
    assert _figure_metric(cell, _figure("GB"), "memory") == metric


@pytest.mark.parametrize(
    ("figure", "column", "metric", "expected"),
    [
        (_figure("pp"), "decode tok/s", "decode_rate", "relative_change"),
        (_figure("%", signed=True), "decode tok/s", "decode_rate", "relative_change"),
        (_figure("%"), "decode change", "decode_rate", "relative_change"),
        (_figure("%"), "decode tok/s", "decode_rate", None),  # a share of a rate
        (_figure("%"), "pass rate", "judge_pass_rate", "judge_pass_rate"),
        (_figure("tok/s"), "decode tok/s", "decode_rate", "decode_rate"),
    ],
)
def test_a_percentage_is_a_difference_a_share_metric_or_no_rate(
    figure: CellFigure, column: str, metric: str, expected: str | None
) -> None:
    assert _percentage_metric(_cell("12%", [12], column), figure, metric) == expected
