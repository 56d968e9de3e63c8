"""`draftflow figures`: find a record's figures by text, metric and document, in a table that
fits the terminal or as JSON; `select --add` takes the ids it prints."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from conftest import SharedCorpusDraft
from draftflow.cli import main
from draftflow.record.files import load_record
from draftflow.select import load_figures

FOLDER = "PalatineVision__dgx-spark-benchmark"
RECORD_ID = "palatinevision-dgx-spark-benchmark"


@pytest.fixture(scope="module")
def records(
    tmp_path_factory: pytest.TempPathFactory, shared_corpus_draft: SharedCorpusDraft
) -> Path:
    """A copy of the run's shared no-model draft of the folder (conftest; test_draft_facts
    and test_cli_behaviour read it too), for this module's tests."""
    folder = tmp_path_factory.mktemp("figures") / "records"
    return Path(shutil.copytree(shared_corpus_draft(FOLDER).parent, folder))


def _figures(records: Path, *args: str, columns: int = 200) -> Result:
    return CliRunner().invoke(
        main,
        ["figures", RECORD_ID, *args, "--records-dir", str(records)],
        env={"COLUMNS": str(columns)},
    )


def _rows(records: Path, *args: str) -> list[dict[str, Any]]:
    result = _figures(records, *args, "--json")
    assert result.exit_code == 0, result.output
    rows: list[dict[str, Any]] = json.loads(result.stdout)
    return rows


def test_every_figure_is_listed_with_its_place_and_selection(records: Path) -> None:
    rows = _rows(records)
    figures = load_figures(records / f"{RECORD_ID}.figures.json")
    assert [row["id"] for row in rows] == [figure.id for figure in figures]
    record = load_record(records / f"{RECORD_ID}.json")
    assert record.provenance is not None and record.provenance.selection is not None
    chosen = {c.id for c in record.provenance.selection.chosen}
    assert {row["id"] for row in rows if row["selected"]} == chosen
    first, figure = rows[0], figures[0].result
    assert (first["value"], first["unit"], first["line"]) == (
        figure.value,
        figure.unit,
        figure.source_line,
    )
    assert figure.evidence_url.endswith(f"/{first['document']}#L{first['line']}")


def test_filters_narrow_the_list(records: Path) -> None:
    everything = _rows(records)
    ttft = _rows(records, "--metric", "ttft")
    assert 0 < len(ttft) < len(everything)
    assert all("ttft" in row["metric"] for row in ttft)
    both = _rows(records, "GPTQ", "--metric", "ttft")
    assert 0 < len(both) < len(ttft)
    assert all("gptq" in (row["label"] + row["document"]).lower() for row in both)
    conc1 = _rows(records, "--document", "conc1_")
    assert conc1 and all("conc1_" in row["document"] for row in conc1)
    selected = _rows(records, "--selected")
    assert selected and all(row["selected"] for row in selected)
    assert _rows(records, "no-such-words-anywhere") == []


def test_the_table_fits_the_terminal(records: Path) -> None:
    for columns in (80, 120):
        result = _figures(records, "--metric", "ttft", "--table", columns=columns)
        assert result.exit_code == 0, result.output
        table = result.stdout.splitlines()
        shown = [line for line in table if line.lstrip(" *").startswith("fig-")]
        assert len(shown) == len(_rows(records, "--metric", "ttft"))
        assert all(len(line) <= columns for line in table), max(map(len, table))
        assert "ms" in shown[0]
    assert " of 1" in result.stdout


def test_piped_output_is_tab_separated_and_wide_is_uncut(records: Path) -> None:
    piped = _figures(records, "--metric", "ttft", columns=80)
    header, *lines = piped.stdout.splitlines()
    assert header.startswith("id\tselected\tvalue\tunit\tmetric\tlabel\tdocument\tline")
    assert len(lines) == len(_rows(records, "--metric", "ttft"))
    wide = _figures(records, "--metric", "ttft", "--wide", columns=80).stdout.splitlines()
    assert "label" in wide[0] and max(map(len, wide)) > 80


def test_where_filters_by_exact_condition(records: Path) -> None:
    everything = _rows(records)
    key, value = next(
        (key, value)
        for row in everything
        for key, value in row["conditions"].items()
        if isinstance(value, int) and not isinstance(value, bool)
    )
    exact = _rows(records, "--where", f"{key}={value}")
    assert exact == [row for row in everything if row["conditions"].get(key) == value]
    assert _rows(records, f"{key}={value}") == exact
    unknown = _figures(records, "--where", "no_such_condition=1")
    assert unknown.exit_code == 2 and "fix: filter by a condition it has: " in unknown.stderr


def test_an_empty_match_says_so(records: Path) -> None:
    result = _figures(records, "no-such-words-anywhere", "--table")
    assert result.exit_code == 0
    assert "no figure matches 'no-such-words-anywhere'" in result.stdout
    piped = _figures(records, "no-such-words-anywhere")
    assert "no figure matches" in piped.stderr and "no figure" not in piped.stdout


def test_select_adds_an_id_that_figures_printed(
    records: Path, tmp_path: Path, corpus_dir: Path
) -> None:
    copy = tmp_path / "records"
    copy.mkdir()
    for path in records.glob(f"{RECORD_ID}*"):
        (copy / path.name).write_bytes(path.read_bytes())
    table = _figures(copy, "--metric", "ttft").stdout.splitlines()
    printed = next(line.split()[0] for line in table[1:] if line.split("\t")[1] != "yes")
    added = CliRunner().invoke(
        main,
        ["select", RECORD_ID, "--add", printed, "--reason", "test", "--records-dir", str(copy)],
    )
    assert added.exit_code == 0, added.output
    assert printed in {row["id"] for row in _rows(copy, "--selected")}


def test_a_record_without_figures_file_says_how_to_make_it(records: Path, tmp_path: Path) -> None:
    (tmp_path / f"{RECORD_ID}.json").write_bytes((records / f"{RECORD_ID}.json").read_bytes())
    result = _figures(tmp_path)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no figures file") and "fix: re-draft" in result.stderr
