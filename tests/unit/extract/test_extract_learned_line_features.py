"""What the line a number is written on tells the learned result model
(`extract/learned/features.py`, `_place_features`): each feature is asserted, so a split of
the code that dropped or renamed one would show here."""

from __future__ import annotations

import pytest

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.learned.features import Place, instance_features


def _line_features(
    line: str, number: str, *, heading: str | None = None, fmt: SourceFormat = SourceFormat.LINE
) -> list[str]:
    candidate = Candidate(
        candidate_id="README.md:3",
        document_id="README.md",
        path="README.md",
        line=3,
        format=fmt,
        text=number,
        values=[float(number)],
        heading=heading,
    )
    features = instance_features(candidate, 0, None, Place("paragraph", line))
    return sorted(name for name in features if name.startswith(("line_", "block=")))


@pytest.mark.parametrize(
    ("line", "number", "heading", "expected"),
    [
        (
            "Run with vllm v0.20.1: decode reached 41.2 tok/s",
            "41.2",
            "Hardware",
            [
                "block=paragraph",
                "line_numbers=2",
                "line_result_word",
                "line_spec_section",
                "line_unit=tokens/s",
                "line_version",
            ],
        ),
        (
            "we expect `4096` at most",
            "4096",
            None,
            [
                "block=paragraph",
                "line_estimate_word",
                "line_in_code_span",
                "line_numbers=1",
                "line_unit=none",
            ],
        ),
        (
            "Llama-8B: 41.2 over the threshold",
            "41.2",
            None,
            [
                "block=paragraph",
                "line_after_colon",
                "line_model_name_near",
                "line_numbers=2",
                "line_threshold_word",
                "line_unit=none",
            ],
        ),
        (
            "# batch size 41 [see 2]",
            "41",
            None,
            [
                "block=paragraph",
                "line_numbers=2",
                "line_setting_before",
                "line_starts_#",
                "line_unit=none",
            ],
        ),
        (
            "see [41.2] tok/s",
            "41.2",
            None,
            ["block=paragraph", "line_in_brackets", "line_numbers=1", "line_unit=none"],
        ),
    ],
)
def test_the_line_features_of_a_number(
    line: str, number: str, heading: str | None, expected: list[str]
) -> None:
    assert _line_features(line, number, heading=heading) == expected


def test_a_number_not_written_on_its_line_has_no_unit_or_setting_before_it() -> None:
    assert _line_features("batch size 7", "41.2") == [
        "block=paragraph",
        "line_numbers=1",
        "line_unit=none",
    ]


def test_a_number_outside_a_line_has_only_its_block() -> None:
    features = _line_features("# 41.2 tok/s v1.2.3", "41.2", fmt=SourceFormat.MARKDOWN)
    assert features == ["block=paragraph"]
