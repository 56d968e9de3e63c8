"""A value's unit is written once in prose (`285W`, never `285W W`)."""

from __future__ import annotations

import pytest

from draftflow.draft.template_wording import with_unit


@pytest.mark.parametrize(
    ("written", "unit", "expected"),
    [
        ("285W", "W", "285W"),
        ("2.95%", "%", "2.95%"),
        ("600s", "s", "600s"),
        ("85%", "percent", "85%"),
        ("47.91", "tokens/s", "47.91 tokens/s"),
        ("13.2M", "tokens/s", "13.2M tokens/s"),
        ("12", "unspecified", "12"),
    ],
)
def test_a_unit_the_value_already_carries_is_not_written_again(
    written: str, unit: str, expected: str
) -> None:
    assert with_unit(written, unit) == expected
