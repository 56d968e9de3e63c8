"""The sign-off covers everything published: record, article and figures file, as one hash.

Each tamper case starts from a record approved through the CLI, changes one published file as a
person with write access would, and must end `stale` with `draftflow status` exiting 1.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from draft_cli import SMALL_ID as RECORD_ID
from draft_cli import draft_small_record
from draftflow.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def approved_once(
    tmp_path_factory: pytest.TempPathFactory, corpus_dir: Path, manifest: dict[str, Any]
) -> Path:
    """One corpus results file drafted without a model and approved (its flags acknowledged)."""
    records = draft_small_record(corpus_dir, manifest, tmp_path_factory.mktemp("t") / "records")
    report = json.loads((records / f"{RECORD_ID}.verify.json").read_text())
    acks = [
        a
        for f in report["flags"]
        if f["severity"] == "error"
        for a in ("--ack", f["id"], "--reason", "checked")
    ]
    result = run("approve", RECORD_ID, "--editor", "Ed", "--records-dir", str(records), *acks)
    assert result.exit_code == 0, result.output
    return records


@pytest.fixture()
def approved(approved_once: Path, tmp_path: Path) -> Path:
    records = Path(shutil.copytree(approved_once, tmp_path / "records"))
    assert status_row(records) == ("approved", 0)
    return records


def status_row(records: Path) -> tuple[str, int]:
    """The record's state in `draftflow status --json`, and the exit code."""
    result = run("status", str(records), "--json")
    (row,) = [r for r in json.loads(result.stdout) if r["id"] == RECORD_ID]
    return row["state"], result.exit_code


def edit_figures(records: Path, edit: Callable[[list[dict[str, Any]]], None]) -> None:
    path = records / f"{RECORD_ID}.figures.json"
    data = json.loads(path.read_text())
    edit(data["figures"])
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def change_id(figures: list[dict[str, Any]]) -> None:
    figures[0]["id"] = "fig-000000000000"


def swap_ids(figures: list[dict[str, Any]]) -> None:
    figures[0]["id"], figures[1]["id"] = figures[1]["id"], figures[0]["id"]


def duplicate(figures: list[dict[str, Any]]) -> None:
    figures.append(dict(figures[0]))


def delete(figures: list[dict[str, Any]]) -> None:
    del figures[-1]


def label_claims_a_number(figures: list[dict[str, Any]]) -> None:
    figures[0]["label"] = figures[0]["label"] + " (9999 tok/s)"


@pytest.mark.parametrize(
    "edit",
    [change_id, swap_ids, duplicate, delete, label_claims_a_number],
    ids=lambda e: e.__name__,
)
def test_a_figures_file_edited_after_signoff_is_stale(
    approved: Path, edit: Callable[[list[dict[str, Any]]], None]
) -> None:
    edit_figures(approved, edit)
    assert status_row(approved) == ("stale", 1)
    result = run("status", str(approved))
    assert result.exit_code == 1 and "changed since" in result.output


def test_an_edited_article_is_stale(approved: Path) -> None:
    article = approved / f"{RECORD_ID}.md"
    article.write_text(article.read_text() + "\nIndependently reproduced at 9999 tok/s.\n")
    assert status_row(approved) == ("stale", 1)


def test_a_deleted_figures_file_or_article_is_stale(approved: Path) -> None:
    (approved / f"{RECORD_ID}.figures.json").unlink()
    assert status_row(approved) == ("stale", 1)


def test_restoring_the_bytes_restores_the_approval(approved: Path) -> None:
    article = approved / f"{RECORD_ID}.md"
    original = article.read_bytes()
    article.write_bytes(original + b" ")
    assert status_row(approved) == ("stale", 1)
    article.write_bytes(original)
    assert status_row(approved) == ("approved", 0)


def test_a_signoff_from_before_the_published_hash_is_stale(approved: Path) -> None:
    path = approved / f"{RECORD_ID}.signoff.json"
    signoff = json.loads(path.read_text())
    del signoff["published_sha256"]
    path.write_text(json.dumps(signoff, indent=2))
    result = run("status", str(approved), "--json")
    (row,) = json.loads(result.stdout)
    assert (row["state"], result.exit_code) == ("stale", 1)
    assert "predates" in row["problem"]


def test_review_says_stale_for_a_tampered_figures_file(approved: Path) -> None:
    edit_figures(approved, swap_ids)
    result = run("review", RECORD_ID, "--records-dir", str(approved))
    assert f"{RECORD_ID}: stale" in result.output
