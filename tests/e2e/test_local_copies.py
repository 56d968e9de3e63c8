"""A clone of a mirror, a bare mirror and a `file://` URL draft: named as their origin says,
pinned URLs marked local (a warning that says how to publish), and verified again offline
against the same copy; `--origin` gives them GitHub's URLs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from draft_cli import SMALL_FOLDER, SMALL_ONLY
from draftflow.cli import main
from gitrepo import git


@pytest.fixture
def mirror(tmp_path: Path, corpus_dir: Path, make_git_repo: Any) -> Path:
    """A bare mirror of a corpus repository whose origin is a local path."""
    repo = make_git_repo(corpus_dir / SMALL_FOLDER, name="bench")
    git(tmp_path, "clone", "-q", "--mirror", str(repo), str(tmp_path / "mirrors" / "bench.git"))
    return tmp_path / "mirrors" / "bench.git"


def _draft(source: str, records: Path, *extra: str) -> dict[str, Any]:
    result = CliRunner().invoke(
        main, ["draft", source, "--only", SMALL_ONLY, "--records-dir", str(records), *extra]
    )
    assert result.exit_code == 0, result.output
    assert ("pinned URLs marked local" in result.stdout) == ("--origin" not in extra)
    (path,) = [p for p in records.glob("*.json") if p.name.count(".") == 1]
    record: dict[str, Any] = json.loads(path.read_text())
    return record


def test_a_file_url_of_a_bare_mirror_drafts_with_local_urls(mirror: Path, tmp_path: Path) -> None:
    records = tmp_path / "records"
    record = _draft(f"file://{mirror}", records)
    expected = f"local://localhost/{tmp_path.name}/bench"
    assert (record["source"]["url"], record["source"]["platform"]) == (expected, "local")
    assert record["source"]["pinned_url"].startswith(f"{expected}/blob/")
    report = json.loads(next(records.glob("*.verify.json")).read_text())
    warnings = [f["message"] for f in report["flags"] if f["severity"] == "warning"]
    assert any("pinned URLs are marked local" in message for message in warnings)
    assert not [f for f in report["flags"] if f["severity"] == "error"]
    again = CliRunner().invoke(
        main, ["verify", str(next(records.glob(f"{record['id']}.json"))), "--source", str(mirror)]
    )
    assert again.exit_code == 0, again.output


def test_origin_names_the_public_repository(mirror: Path, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(mirror), str(clone))
    origin = "https://github.com/jvr0x/dgx-spark-bench"
    record = _draft(str(clone), tmp_path / "records", "--origin", origin)
    assert record["source"]["url"] == origin and record["source"]["platform"] == "github"


def test_a_redraft_after_a_one_line_commit_lists_what_changed_in_meaning(
    tmp_path: Path, corpus_dir: Path, make_git_repo: Any
) -> None:
    repo = make_git_repo(corpus_dir / SMALL_FOLDER, name="bench")
    records = tmp_path / "records"
    origin = "https://github.com/jvr0x/dgx-spark-bench"
    _draft(str(repo), records, "--origin", origin)
    results = repo / SMALL_ONLY
    results.write_text(results.read_text() + "\n")  # new bytes, the same figures on each line
    git(repo, "commit", "-q", "-am", "one line")
    args = ["draft", str(repo), "--only", SMALL_ONLY, "--records-dir", str(records)]
    result = CliRunner().invoke(main, [*args, "--origin", origin])
    assert result.exit_code == 0, result.output
    changes = result.stdout.split(":\n", 1)[1].split("\n24 headline", 1)[0].splitlines()
    assert changes[0].strip().startswith("source revision: ")
    assert changes[0].endswith(f"(1 of 1 documents changed: {SMALL_ONLY})")
    assert not any("evidence_url" in line or "sha256" in line for line in changes), changes
    assert len(changes) < 10, changes
