"""`repetitions` and `measurement_denominator` re-read where they are cited (issue 33).

MiaAI's results log states `3 trials` above its agent-decode table and `Agg decode tok/s` over
one column: a drafted figure there carries `repetitions: 3` cited to the caption and
`measurement_denominator: "aggregate"` cited to the header row. Each case hand-edits one of
them in the figures file (another count, another denominator, or a value cited nowhere):
re-read by extract's readers (`extract/conditions/measurement.py` through
`place_reading.reads_at`), the place states another value or none, and `verify` flags it at
its JSON pointer. Before (13e5f5ef) neither key was read or cited, and an edited value was
checked only by its number appearing in some document (`5` does, anywhere).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from conftest import CORPUS
from draft_cli import MODEL_VARIABLES, draft_only_in_process
from draftflow.acquire.snapshot import Snapshot
from draftflow.record.model import Record, ReportedResult
from draftflow.verify import DocumentIndexes, verify_figures

MIAAI = "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
LOG = "results/RESULTS-2026-08-14.md"
_INDEXES = DocumentIndexes()


@pytest.fixture(autouse=True)
def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in MODEL_VARIABLES:
        monkeypatch.delenv(variable, raising=False)


@cache
def _drafted(records: Path) -> tuple[Record, list[dict[str, Any]], Snapshot]:
    entries = json.loads((CORPUS / "MANIFEST.json").read_text())
    entry = next(e for e in entries if e["repository"].replace("/", "__") == MIAAI)
    record, figures, snapshot = draft_only_in_process(
        CORPUS / MIAAI, entry, records, ("README.md", LOG)
    )
    return record, figures, snapshot


@pytest.fixture(scope="module")
def drafted(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Record, list[dict[str, Any]], Snapshot]:
    return _drafted(tmp_path_factory.mktemp("measurement"))


def _errors(record: Record, figures: list[dict[str, Any]], snapshot: Snapshot) -> list[str]:
    results = []
    for figure in figures:
        result = ReportedResult.model_validate(
            {k: v for k, v in figure.items() if k not in ("id", "condition_sources")}
        )
        results.append(
            result.model_copy(update={"condition_sources": figure.get("condition_sources")})
        )
    report = verify_figures(record, results, snapshot, indexes=_INDEXES)
    return [f"{f.location} {f.message}" for f in report.flags if f.is_error]


def _index(figures: list[dict[str, Any]], key: str, value: object, place: str) -> int:
    for index, figure in enumerate(figures):
        cited = (figure.get("condition_sources") or {}).get(key)
        if figure["conditions"].get(key) == value and cited == [place]:
            return index
    raise AssertionError(f"no figure with {key}={value!r} cited to {place}")


@pytest.mark.parametrize(
    ("key", "was", "place", "edited", "message"),
    [
        ("repetitions", 3, f"{LOG}:133", 5, "is not what"),
        ("measurement_denominator", "aggregate", f"{LOG}:135", "per stream", "is not what"),
        ("repetitions", 3, f"{LOG}:133", 3, "no place of the figure's context"),
    ],
    ids=["another-count", "another-denominator", "cited-nowhere"],
)
def test_a_hand_edited_measurement_field_is_an_error(
    drafted: tuple[Record, list[dict[str, Any]], Snapshot],
    key: str,
    was: object,
    place: str,
    edited: object,
    message: str,
) -> None:
    record, clean, snapshot = drafted
    assert not _errors(record, clean, snapshot)
    figures = json.loads(json.dumps(clean))
    index = _index(figures, key, was, place)
    figures[index]["conditions"][key] = edited
    if message.startswith("no place"):
        del figures[index]["condition_sources"][key]
    where = f"/figures/{index}/conditions/{key}"
    found = [e for e in _errors(record, figures, snapshot) if e.startswith(where + " ")]
    assert any(message in e for e in found), found
