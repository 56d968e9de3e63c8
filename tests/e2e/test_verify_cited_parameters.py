"""A run parameter re-read where it is cited, under its name (issue 33).

A drafted figure's `thinking`, `temperature`, `top_p` and `max_output_tokens` are read from a
row's cells under their headers (`| Thinking | temp / top_p |`), a run file's keys
(`"temperature": 0.0`) or a settings block (`max_tokens`: 16384). Each case edits one of them to
another value, most to one that stands on the very line the figure cites for it but for another
parameter (`0.2 / 0.9`: the top_p, not the temperature): `verify` flags the figure's condition at
its JSON pointer and says what the place states instead. The clean drafts carry no error.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from conftest import CORPUS
from draft_cli import MODEL_VARIABLES, draft_only_in_process
from draftflow.acquire.snapshot import Snapshot
from draftflow.record.model import Record, ReportedResult
from draftflow.verify import DocumentIndexes, verify_figures, verify_record

TEAQL = "teaql__nvidia-dgx-spark-model-benchmark"
MATRIX = "reports/round-2-nemotron-super-modeling.md"
SUMMARY = "artifacts/round-2/modeling-runs/summary.json"
MODULAR = "reports/modular-dgx-nemotron-benchmark.md"
ONLY = (MATRIX, SUMMARY, MODULAR)


@dataclass(frozen=True)
class Case:
    """A figure (its document, line and a parameter's drafted value) and the edited value."""

    name: str
    path: str
    line: int
    key: str
    value: Any
    edited: Any


CASES = (
    # `| no-think-greedy | Off | 0 / 1.0 | ...`: the figures stay, named by their row's
    # `no-think-greedy` (a `temperature 0.0` label part, words the row does not write, had
    # verify drop them)
    Case("greedy-temperature-as-top-p", MATRIX, 116, "temperature", 0.0, 1.0),
    Case("official-top-p-as-temperature", MATRIX, 117, "top_p", 0.95, 1.0),
    # `| no-think-low-temperature | Off | 0.2 / 0.9 | ...`
    Case("temperature-as-top-p", MATRIX, 118, "temperature", 0.2, 0.9),
    Case("top-p-as-temperature", MATRIX, 118, "top_p", 0.9, 0.2),
    Case("thinking-flipped", MATRIX, 118, "thinking", False, True),
    # `| think-budget-1024 | On | 1.0 / 0.95 | ...`
    Case("thinking-on-flipped", MATRIX, 119, "thinking", True, False),
    # `"temperature": 0.0,` beside `"top_p": 1.0,` in the run's object
    Case("run-temperature-as-top-p", SUMMARY, 7, "temperature", 0.0, 1.0),
    Case("run-temperature-unstated", SUMMARY, 7, "temperature", 0.0, 0.6),
    # `max_tokens`: 16384 beside `reasoning_budget`: 2048
    Case("cap-as-budget", MODULAR, 25, "max_output_tokens", 16384, 2048),
)
_INDEXES = DocumentIndexes()


@pytest.fixture(autouse=True)
def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in MODEL_VARIABLES:
        monkeypatch.delenv(variable, raising=False)


@pytest.fixture(scope="module")
def drafts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("cited-parameters")


@cache
def _drafted(records: Path) -> tuple[Record, list[dict[str, Any]], Snapshot]:
    entries = json.loads((CORPUS / "MANIFEST.json").read_text())
    entry = next(e for e in entries if e["repository"].replace("/", "__") == TEAQL)
    record, figures, snapshot = draft_only_in_process(
        CORPUS / TEAQL, entry, records, ("README.md", *ONLY)
    )
    return record, figures, snapshot


def _figure_index(figures: list[dict[str, Any]], case: Case) -> int:
    for index, figure in enumerate(figures):
        value = figure["conditions"].get(case.key)
        if (
            figure["source_line"] == case.line
            and figure["evidence_url"].split("#L")[0].endswith("/" + case.path)
            and type(value) is type(case.value)
            and value == case.value
        ):
            return index
    raise AssertionError(f"no figure of {case.path}:{case.line} with {case.key}={case.value}")


def _errors(record: Record, figures: list[dict[str, Any]], snapshot: Snapshot) -> list[str]:
    results = [
        ReportedResult.model_validate({k: v for k, v in f.items() if k != "id"}) for f in figures
    ]
    report = verify_figures(record, results, snapshot, indexes=_INDEXES)
    return [f"{f.location} {f.message}" for f in report.flags if f.is_error]


def test_the_clean_draft_reads_every_cited_parameter_at_its_place(drafts: Path) -> None:
    record, figures, snapshot = _drafted(drafts)
    assert not _errors(record, figures, snapshot)
    assert not [f for f in verify_record(record, snapshot, indexes=_INDEXES).flags if f.is_error]
    for case in CASES:
        figure = figures[_figure_index(figures, case)]
        assert figure["condition_sources"][case.key], case.name


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in CASES])
def test_a_parameter_changed_to_another_value_is_an_error_at_its_pointer(
    drafts: Path, case: Case
) -> None:
    record, clean, snapshot = _drafted(drafts)
    figures = json.loads(json.dumps(clean))
    index = _figure_index(figures, case)
    figures[index]["conditions"][case.key] = case.edited
    where = f"/figures/{index}/conditions/{case.key}"
    found = [e for e in _errors(record, figures, snapshot) if e.startswith(where + " ")]
    assert found, where
    assert any(f"{case.key} = {case.edited!r} is not what" in e for e in found), found


def test_a_record_s_edited_temperature_is_an_error_at_its_pointer(drafts: Path) -> None:
    record, _, snapshot = _drafted(drafts)
    data = record.model_dump(mode="json")
    results = data["editorial"]["reported_results"]
    index = next(
        (i for i, r in enumerate(results) if isinstance(r["conditions"].get("temperature"), float)),
        None,
    )
    if index is None:
        pytest.skip("no headline figure of this draft states a temperature")
    results[index]["conditions"]["temperature"] = 1.7
    edited = Record.model_validate(data)
    where = f"/editorial/reported_results/{index}/conditions/temperature"
    flags = verify_record(edited, snapshot, indexes=_INDEXES).flags
    assert any(f.is_error and f.location == where for f in flags), where
