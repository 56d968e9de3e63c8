"""A clone of a mirror, a bare mirror and a `file://` URL draft: named as their origin says,
pinned URLs marked local (a warning that says how to publish), and verified again offline
against the same copy; `--origin` gives them GitHub's URLs."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli_process import cli
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


def test_a_local_record_is_approved_after_the_refusals_own_fix_names_the_public_repository(
    mirror: Path, tmp_path: Path
) -> None:
    """End to end in real processes: a bare mirror's record (local:// URLs) is refused sign-off
    with a fix that is one command; run as printed, with the public name put in, the same id
    is drafted with GitHub's URLs and the sign-off goes through."""
    drafted = cli(tmp_path, "draft", str(mirror), "--only", SMALL_ONLY, "--records-dir", "recs")
    assert drafted.returncode == 0, drafted.stderr
    (record_id,) = [p.stem for p in (tmp_path / "recs").glob("*.json") if p.name.count(".") == 1]
    refused = cli(tmp_path, "approve", record_id, "--records-dir", "recs", "--editor", "A. Editor")
    assert refused.returncode == 1, refused.stderr
    assert "pinned URLs are marked local" in refused.stderr
    fix = refused.stderr.split("fix: ", 1)[1]
    redraft, approve_again = re.findall(r"`([^`]+)`", fix)
    public = redraft.replace("OWNER/NAME", "jvr0x/dgx-spark-bench")
    assert shlex.split(public)[:2] == ["draftflow", "draft"]
    again = cli(tmp_path, *shlex.split(public)[1:])
    assert again.returncode == 0, again.stderr
    approved = cli(tmp_path, *shlex.split(approve_again.replace("NAME", "'A. Editor'"))[1:])
    assert approved.returncode == 0, approved.stderr
    record = json.loads((tmp_path / "recs" / f"{record_id}.json").read_text())
    assert record["source"]["url"] == "https://github.com/jvr0x/dgx-spark-bench"
    assert record["editorial_status"] == "approved"
