"""What a line or a cell states (verify/readings.py): each shortcut gives what reading every
mention in turn gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.numbers import find_numbers, parse_number
from draftflow.verify.readings import (
    LineReadings,
    OwnedReadings,
    ValueTable,
    cell_readings,
    states,
)


@settings(max_examples=500, deadline=None)
@given(
    whole=st.integers(min_value=0, max_value=10**15 - 1),
    fraction=st.one_of(st.none(), st.text(alphabet="0123456789", min_size=1, max_size=15)),
)
def test_plain_decimal_cells_read_as_the_scanner_reads_them(
    whole: int, fraction: str | None
) -> None:
    """The shortcut for a plain decimal cell gives what `find_numbers` gives."""
    cell = str(whole) if fraction is None else f"{whole}.{fraction}"
    expected = tuple(
        alt
        for mention in find_numbers(cell, decimal_comma=False)
        for parsed in mention.numbers
        for alt in parsed.alternatives
    )
    assert cell_readings(cell) == expected
    assert cell_readings(f"0{cell}") == tuple(
        alt
        for mention in find_numbers(f"0{cell}", decimal_comma=False)
        for parsed in mention.numbers
        for alt in parsed.alternatives
    )


_CLAIMS = st.one_of(
    st.integers(min_value=-500, max_value=500).map(str),
    st.floats(min_value=0, max_value=50, allow_nan=False).map(lambda v: f"{v:.1f}"),
    st.sampled_from(["0", "0.0", "32000", "0.95", "95", "2", "4.1"]),
)
_CELLS = st.lists(
    st.one_of(
        st.integers(min_value=-500, max_value=500).map(str),
        st.floats(min_value=0, max_value=50, allow_nan=False).map(lambda v: f"{v:.2f}"),
        st.sampled_from(["32K", "95%", "72-75 ms", "4.1 ± 0.3", "~41", "two", "nan"]),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=300, deadline=None)
@given(cells=_CELLS, claim=_CLAIMS)
def test_a_line_states_what_its_mentions_state_one_by_one(cells: list[str], claim: str) -> None:
    mentions = find_numbers(" | ".join(cells))
    number = parse_number(claim)
    assert number is not None
    one_by_one = [m for m in mentions if states(m, number) is not None and m.numbers]
    assert LineReadings(mentions).stating(number) == one_by_one


@settings(max_examples=300, deadline=None)
@given(cells=_CELLS, claim=_CLAIMS)
def test_a_row_reads_as_a_number_in_the_cells_one_by_one_find(cells: list[str], claim: str) -> None:
    """The sorted readings of a row's cells name the columns that reading each cell in turn
    names (NaN cells included: such a row is read one cell at a time)."""
    number = parse_number(claim)
    assert number is not None
    readings = [cell_readings(cell) for cell in cells]
    one_by_one = [i for i, alts in enumerate(readings) if any(number.matches(a) for a in alts)]
    assert OwnedReadings(readings).owners(number) == one_by_one


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(_CELLS, min_size=1, max_size=6), claim=_CLAIMS)
def test_a_value_table_finds_the_lines_with_a_matching_reading(
    lines: list[list[str]], claim: str
) -> None:
    number = parse_number(claim)
    assert number is not None
    table = ValueTable()
    readings = [[alt for cell in cells for alt in cell_readings(cell)] for cells in lines]
    for line, values in enumerate(readings, start=1):
        table.add(values, line)
    table.freeze()
    expected = [
        line
        for line, values in enumerate(readings, start=1)
        if any(low <= v <= high for v in values for low, high in number.intervals())
    ]
    assert table.lines_for(number) == expected


@settings(max_examples=100, deadline=None)
@given(
    cells=st.lists(
        st.sampled_from(["1.5", "2.5", "32K", "95%", "7", "4.1 ± 0.3", "two", "1.50"]),
        min_size=65,
        max_size=200,
    ),
    claims=st.lists(_CLAIMS | st.sampled_from(["1.5", "2.5", "7", "95"]), min_size=1, max_size=6),
)
def test_a_wide_row_answers_each_value_asked_as_reading_its_cells_one_by_one(
    cells: list[str], claims: list[str]
) -> None:
    """A wide row keeps its answer per value asked (its figures ask for the values it repeats):
    each answer, asked again, is what reading each cell in turn gives, and a caller's change
    to an answer does not change the next."""
    readings = [cell_readings(cell) for cell in cells]
    row = OwnedReadings(readings)
    for claim in [*claims, *claims]:
        number = parse_number(claim)
        assert number is not None
        one_by_one = [i for i, alts in enumerate(readings) if any(number.matches(a) for a in alts)]
        answer = row.owners(number)
        assert answer == one_by_one
        answer.append(-1)
