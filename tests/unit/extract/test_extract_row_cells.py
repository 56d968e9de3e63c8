"""A table row read once for all its figures (`conditions/context.RowCells`): the figure's own
cell is found as a scan of the row finds it, on any row, however wide."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract.conditions.context import RowCells

CELLS = st.sampled_from(
    ["", "4", "41.2", "141.2", "41.25", "1", ".2", "qwen3-8b", "4 x 41.2", " 41.2"]
)


def scanned(cells: tuple[str, ...], wanted: str) -> int | None:
    """The definition: the cell that is `wanted`, else the first cell that holds `wanted` or
    that `wanted` holds, as a whole (no letter, digit or decimal point running on from it)."""
    if not wanted:
        return None
    if wanted in cells:
        return cells.index(wanted)
    return next(
        (i for i, c in enumerate(cells) if c and (_whole(wanted, c) or _whole(c, wanted))), None
    )


def _whole(part: str, text: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(part)}(?!\w|\.\d)", text) is not None


def row_of(cells: tuple[str, ...]) -> RowCells:
    exact: dict[str, int] = {}
    for column, cell in enumerate(cells):
        if cell:
            exact.setdefault(cell, column)
    return RowCells(tuple(f"c{i}" for i in range(len(cells))), cells, exact)


@settings(max_examples=400, deadline=None)
@given(cells=st.lists(CELLS, max_size=12), wanted=CELLS)
def test_the_own_cell_is_the_scan_s(cells: list[str], wanted: str) -> None:
    row = tuple(cells)
    assert row_of(row).own(wanted) == scanned(row, wanted)


def test_a_wide_row_finds_each_figure_s_own_cell() -> None:
    cells = tuple(f"{100 + i}.{i % 10}" for i in range(10_000))
    row = row_of(cells)
    for column in (0, 1, 4_999, 9_999):
        assert row.own(cells[column]) == scanned(cells, cells[column]) == column
    assert row.own("4") == scanned(cells, "4")  # a short figure held by no cell whole


def test_a_short_cell_inside_a_figure_s_digits_is_not_its_own() -> None:
    """InternLM/lmdeploy a100_fp16.md:38 (team gold): `| 1 | 1 | 128 | 128 | 102.21 |`; the
    `batch` cell `1` is no part of 102.21, and 0.01 is not the 0.011 before it."""
    row = row_of(("1", "1", "128", "128", "102.21", "0.011", "0.01"))
    assert row.own("102.21") == 4
    assert row.own("0.01") == 6
    assert row.own("**102.21** tok/s") == 4
