"""Checking the model's claims (`extract/model_claims.py`) directly, without a model: a result
stands only on a line the harvest read, with the source's written value; the end-to-end
cases (hostile text, runs, conditions) are in `test_extract_model_pass.py`."""

from __future__ import annotations

import pytest

from draftflow.extract.artifact import DropReason
from draftflow.extract.ground import Grounder
from draftflow.extract.harvest.run import harvest
from draftflow.extract.model_pass.claims import ClaimChecker, HarvestedFigures, array_lines_of
from draftflow.extract.model_pass.reply import ResultClaim
from extract_support import snapshot_of

README = """# Bench

Decode ran at about 48 tok/s; we used 8 GPUs.

| Prompt | Decode tok/s |
| ---: | ---: |
| 256 | 75.4 |
"""
DOC_ID = "bench-repo-README.md"


def _checker() -> ClaimChecker:
    snapshot = snapshot_of({"README.md": README})
    candidates = harvest(snapshot)
    return ClaimChecker(
        snapshot,
        Grounder(snapshot),
        array_lines=array_lines_of(candidates),
        figures=HarvestedFigures.of(candidates),
    )


def _claim(line: int, value: float) -> ResultClaim:
    return ResultClaim(
        document_id=DOC_ID,
        line=line,
        value=value,
        label="decode",
        metric="decode_rate",
        unit="tokens/s",
    )


@pytest.mark.parametrize("claimed", [75, 75.41, 75.35])
def test_a_table_value_is_kept_as_the_source_writes_it(claimed: float) -> None:
    """The model's rounded or mis-copied value never reaches the record: the source's
    written `75.4` does."""
    checker = _checker()
    checker.accept_result(_claim(7, claimed), {})
    assert [(r.source_line, r.value) for r in checker.results] == [(7, 75.4)]
    assert (DOC_ID, 7, 75.4) in checker.confirmed


def test_a_prose_number_the_prose_finder_did_not_read_is_dropped() -> None:
    checker = _checker()
    checker.accept_result(_claim(3, 48), {})  # read as a figure: kept
    checker.accept_result(_claim(3, 8), {})  # `8 GPUs` is written there, but is no figure
    assert [r.value for r in checker.results] == [48]
    assert [d.reason for d in checker.dropped] == [DropReason.NOT_HARVESTED]


def test_harvested_figures_tell_data_lines_from_prose_values() -> None:
    figures = HarvestedFigures.of(harvest(snapshot_of({"README.md": README})))
    assert figures.allows(DOC_ID, 7, 12345)  # a table row: grounding decides
    assert figures.allows(DOC_ID, 3, 48.0)
    assert not figures.allows(DOC_ID, 3, 8)
