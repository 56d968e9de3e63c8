"""Shapes and words the learned result model reads that no vocabulary names
(`extract/learned/features.py`): which part of an `x/y` score a value is, the words just
before a number on its line."""

from __future__ import annotations

import pytest

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.learned.features import Place, instance_features


def _features(text: str, values: list[float], index: int, line: str = "") -> set[str]:
    candidate = Candidate(
        candidate_id="results.log:7",
        document_id="results.log",
        path="results.log",
        line=7,
        format=SourceFormat.LINE if line else SourceFormat.JSON,
        text=text,
        values=list(values),
    )
    return set(instance_features(candidate, index, None, Place("line", line)))


@pytest.mark.parametrize(
    ("text", "values", "index", "part"),
    [
        ("PASS correct 3/3", [3, 3], 0, "fraction_part"),
        ("FAIL correct 5/9", [5, 9], 0, "fraction_part"),
        ("FAIL correct 5/9", [5, 9], 1, "fraction_whole"),
        ("1,391/3075", [1391, 3075], 0, "fraction_part"),
        ("54.3/63", [54.3, 63], 0, "fraction_part"),
        ("1117MiB / 15360MiB", [1117, 15360], 0, "slash_other"),
        ("300/20", [300, 20], 0, "slash_ratio"),
    ],
)
def test_which_part_of_a_score_out_of_a_whole_a_value_is(
    text: str, values: list[float], index: int, part: str
) -> None:
    features = _features(text, values, index)
    assert part in features
    others = {"fraction_part", "fraction_whole", "slash_other", "slash_ratio"} - {part}
    assert not features & others


def test_the_words_just_before_a_number_on_its_line() -> None:
    line = "INFO 08-07 16:59:01 [loader.py:272] Loading weights took 6.04 seconds"
    features = _features("6.04", [6.04], 0, line)
    assert {"w_before=weights", "w_before=took", "w_after=seconds"} <= features
    assert "w_before=info" not in features  # more than 24 characters before it
