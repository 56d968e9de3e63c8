"""The deterministic extraction's own helpers (extract/deterministic.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from draftflow.extract.deterministic import conditions_key

CONDITIONS: list[dict[str, Any]] = [
    {},
    {"concurrency": 1},
    {"concurrency": 1.0},
    {"concurrency": True},
    {"concurrency": "1"},
    {"concurrency": None},
    {"delta": 0.0},
    {"delta": -0.0},
    {"case": "short", "concurrency": 1},
    {"concurrency": 1, "case": "short"},  # the same as the one before: JSON sorts the keys
    {"case": "short", "concurrency": 2},
    {"per_run_values": [1, 2]},
    {"per_run_values": [1.0, 2]},
    {"nested": {"a": 1}},
]


@pytest.mark.parametrize("first", CONDITIONS)
@pytest.mark.parametrize("second", CONDITIONS)
def test_conditions_share_a_key_exactly_when_their_sorted_json_is_the_same(
    first: dict[str, Any], second: dict[str, Any]
) -> None:
    same_json = json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    assert (conditions_key(first) == conditions_key(second)) is same_json
