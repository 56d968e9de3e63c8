"""The extract stage's door to number parsing: the plain-cell road agrees with the full one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from draftflow.extract.numeric import cell_numbers
from draftflow.numbers.cells import plain_cell_value

_DIGITS = st.text(alphabet="0123456789", min_size=1, max_size=15)


@given(sign=st.sampled_from(["", "-"]), whole=_DIGITS, fraction=st.one_of(st.none(), _DIGITS))
def test_a_plain_cell_reads_as_the_full_parser_reads_it(
    sign: str, whole: str, fraction: str | None
) -> None:
    text = sign + whole + ("" if fraction is None else "." + fraction)
    value = plain_cell_value(text)
    (expected,) = cell_numbers(text)
    assert (value, type(value)) == (expected, type(expected))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("42", 42),
        ("-0", 0),
        ("007", 7),
        ("27.0", 27.0),
        ("-3.750", -3.75),
        ("0.29940777", 0.29940777),
    ],
)
def test_plain_cells_keep_their_written_type(text: str, value: int | float) -> None:
    found = plain_cell_value(text)
    assert (found, type(found)) == (value, type(value))


@pytest.mark.parametrize(
    ("text", "full_road"),
    [
        ("", ()),
        (" 42", (42,)),
        ("42 ", (42,)),
        ("+5", (5,)),
        ("1,024", (1024,)),
        ("1e3", (1000,)),
        (".5", None),  # the full road reads 5 here: not a behaviour to pin
        ("5.", (5,)),
        ("32K", (32000,)),
        ("95%", (95,)),
        ("~188", (188,)),
        ("1234567890123456", (1234567890123456,)),
        ("2026-10-17", ()),
        ("v0.6.6", ()),
        ("24.7 tok/s", (24.7,)),
        ("٣٤", (34,)),  # Arabic-Indic digits: only the full road reads them
    ],
)
def test_any_other_cell_takes_the_full_road(
    text: str, full_road: tuple[int | float, ...] | None
) -> None:
    """The plain road declines what it cannot read exactly, and the full road reads it:
    a plain reader that declined everything, or the full road losing these, fails here."""
    assert plain_cell_value(text) is None
    if full_road is not None:
        assert cell_numbers(text) == full_road
