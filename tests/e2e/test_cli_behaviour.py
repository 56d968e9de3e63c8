"""The commands behave alike: diff falls back to the previous version, status fits the
terminal and exits 1 when a record needs attention, repeated notes are collapsed, select
prints a table of changes (raw diff only with --json), render and cache info explain
themselves, models and doctor list only the options that apply and doctor says once how to
start a server."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from conftest import SharedCorpusDraft
from draft_cli import draft_args
from draftflow.cli import main
from draftflow.cli.notes import Note, print_notes

FOLDER = "PalatineVision__dgx-spark-benchmark"
RECORD_ID = "palatinevision-dgx-spark-benchmark"


def run(*args: str, columns: int = 200) -> Result:
    return CliRunner().invoke(main, list(args), env={"COLUMNS": str(columns)})


@pytest.fixture(scope="module")
def drafted(shared_corpus_draft: SharedCorpusDraft) -> Path:
    """The run's shared no-model draft of the folder (conftest; test_draft_facts reads it
    too): read only, `records` copies it for each test."""
    return shared_corpus_draft(FOLDER).parent


@pytest.fixture()
def records(drafted: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "records"
    shutil.copytree(drafted, copy)
    return copy


def _unselected(records: Path) -> str:
    rows = json.loads(run("figures", RECORD_ID, "--records-dir", str(records), "--json").stdout)
    return str(next(row["id"] for row in rows if not row["selected"]))


def test_select_prints_a_table_of_changes_and_the_raw_diff_only_with_json(
    records: Path,
) -> None:
    figure = _unselected(records)
    args = ("select", RECORD_ID, "--records-dir", str(records), "--reason", "r")
    result = run(*args, "--add", figure, columns=120)
    assert result.exit_code == 0, result.output
    assert "@@" not in result.output and '"editorial"' not in result.output
    lines = result.output.splitlines()
    assert lines[0] == f"{RECORD_ID}: what changed"
    assert any(line.startswith("~  editorial.version") and " 1 " in line for line in lines)
    assert any(line.startswith("+  editorial.reported_results[") for line in lines)
    assert all(len(line) <= 120 for line in lines[:-1])

    raw = run(*args, "--drop", figure, "--json")
    assert raw.exit_code == 0, raw.output
    data = json.loads(raw.stdout)
    assert data["dropped"] == [figure] and data["version"] == 3
    assert data["unified_diff"].startswith("--- ") and "@@" in data["unified_diff"]
    kinds = {(c["kind"], c["path"].split("[")[0]) for c in data["diff"]["changes"]}
    assert ("removed", "editorial.reported_results") in kinds


def test_diff_of_a_record_never_approved_compares_with_the_previous_version(
    records: Path,
) -> None:
    options = ("--records-dir", str(records))
    never = run("diff", RECORD_ID, *options)
    assert never.exit_code == 2  # no previous version yet either: one error, one fix
    assert never.stderr.splitlines()[-2:][0].startswith("error: ")
    run("select", RECORD_ID, *options, "--reason", "r", "--add", _unselected(records))
    result = run("diff", RECORD_ID, *options)
    assert result.exit_code == 0, result.output
    assert "never approved: comparing with its previous version" in result.stderr
    assert "against previous" in result.stdout and "editorial.version: 1 → 2" in result.stdout
    explicit = run("diff", RECORD_ID, *options, "--against", "approved")
    assert explicit.exit_code == 2 and "never approved" in explicit.stderr


def test_status_fits_the_terminal_and_exits_1_for_a_record_needing_attention(
    records: Path, tmp_path: Path
) -> None:
    ok = run("status", str(records), columns=80)
    assert ok.exit_code == 0, ok.output
    assert all(len(line) <= 80 for line in ok.stdout.splitlines())
    rows = json.loads(run("status", str(records), "--json").stdout)
    assert [row["state"] for row in rows] == ["draft"]

    (records / f"{RECORD_ID}.source.json").unlink()  # its sources can no longer be found
    moved = run("status", str(records), columns=80)
    assert moved.exit_code == 1
    assert moved.stderr.startswith(f"error: 1 of 1 record(s) need attention: {RECORD_ID}")
    assert all(len(line) <= 80 for line in moved.stdout.splitlines()[:3])


def test_repeated_notes_are_printed_once_with_a_count() -> None:
    console = Console(width=200, record=True)
    notes = [
        Note(f"rec-{n}", f"drafted from the plain folder /x/{n}", "draft it from git")
        for n in range(10)
    ]
    notes.append(Note("rec-a", "unknown source", "draft it once more"))
    notes.append(Note("rec-b", "unknown source", "draft it once more"))
    print_notes(console, notes)
    text = console.export_text()
    assert text.count("fix") == 2
    assert "  fix (10 records): draft it from git" in text
    assert "rec-a, rec-b (2 records): unknown source" in text
    assert "  fix (2 records): draft it once more" in text


def test_render_errors_do_not_mention_seeds(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": ', encoding="utf-8")
    result = run("render", str(broken))
    assert result.exit_code == 2
    assert "seed" not in result.output.lower()
    assert result.stderr.splitlines()[1].startswith("  fix: fix the JSON there")


def test_cache_info_says_invalid_replies_are_not_cached(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["cache", "info"], env={"DRAFTFLOW_CACHE_DIR": str(tmp_path / "c")}
    )
    assert result.exit_code == 0, result.output
    assert "0 replies" in result.output
    assert "only replies that validated are cached" in result.output
    assert "never stored" in run("cache", "info", "--help").output


@pytest.mark.parametrize(
    ("command", "absent"),
    [
        ("models", ("--model ", "--concurrency", "--cassette", "--max-repairs", "--seed")),
        ("doctor", ("--cassette", "--max-repairs", "--record-mode", "--seed")),
    ],
)
def test_models_and_doctor_list_only_the_options_that_apply(
    command: str, absent: tuple[str, ...]
) -> None:
    text = run(command, "--help").output
    assert "--base-url" in text and "--timeout" in text
    for option in absent:
        assert option not in text, option


def test_doctor_without_a_server_says_once_what_failed_and_how_to_start_one() -> None:
    result = CliRunner().invoke(
        main, ["doctor"], env={"DRAFTFLOW_BASE_URL": "", "OPENAI_BASE_URL": ""}
    )
    assert result.exit_code == 1
    assert result.output.count("no base URL is set") == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert errors == ["error: doctor: configuration: no base URL is set"]
    assert "llama-server -m MODEL.gguf -c 8192" in result.stderr and "vllm serve" in result.stderr


MODEL_LIBRARIES = ("openai", "langchain_core")
IMPORTED_AT_EXIT = """
import os, sys
end = os._exit  # the CLI ends with os._exit, past atexit: say what was loaded just before
def said_then_end(code):
    print("loaded:", *sorted(m for m in {names} if m in sys.modules), flush=True)
    end(code)
os._exit = said_then_end
from draftflow.cli import main
main()
"""


@pytest.mark.parametrize("command", [["--help"], ["draft"]], ids=["help", "draft"])
def test_a_run_with_no_model_never_loads_the_model_libraries(
    command: list[str], tmp_path: Path, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    """openai and langchain-core take over half a second to import: `--help` and a draft with
    no model configured (the deterministic drafter) start without them."""
    args = (
        command
        if command != ["draft"]
        else draft_args(corpus_dir / FOLDER, manifest[FOLDER], tmp_path)
    )
    script = IMPORTED_AT_EXIT.format(names=MODEL_LIBRARIES)
    ran = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=120
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout.splitlines()[-1] == "loaded:", ran.stdout[-500:]
