"""`draftflow refresh` against real local git repositories that gain a commit: the moved one
is drafted again at its new head and its sign-off goes stale; the unmoved one is not touched,
byte for byte; plain-folder records are reported as not refreshable."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from draftflow.acquire.heads import current_head, source_of
from draftflow.cli import main
from draftflow.errors import InputError, NetworkError
from draftflow.record.files import load_record
from draftflow.record.source import SourceKind
from draftflow.review.status import status
from draftflow.store.source import load_record_source
from gitrepo import git

ROBBIEMU = "robbiemu__dgx-spark-inference"
PALATINE = "PalatineVision__dgx-spark-benchmark"
NEW_TABLE = "# Rerun\n\n| model | decode tok/s |\n|---|---|\n| qwen3-4b | 61.25 |\n"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def files_of(records: Path, record_id: str) -> dict[str, bytes]:
    """Every file of one record, with its bytes: the record, its companions, history, approval."""
    found = {}
    for path in sorted(records.rglob("*")):
        relative = path.relative_to(records)
        named = path.name.startswith(f"{record_id}.") or record_id in relative.parts
        if path.is_file() and named and ".locks" not in relative.parts:
            found[str(relative)] = path.read_bytes()
    return found


def commit_new_results(repo: Path) -> str:
    (repo / "RERUN.md").write_text(NEW_TABLE, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "rerun")
    return git(repo, "rev-parse", "HEAD")


def approve(records: Path, record_id: str, source: Path) -> None:
    result = run(
        "approve",
        record_id,
        "--editor",
        "A. Editor",
        "--source",
        str(source),
        "--records-dir",
        str(records),
    )
    assert result.exit_code == 0, result.output


@pytest.fixture()
def two_checkouts(make_git_repo: Any, corpus_dir: Path, tmp_path: Path) -> dict[str, Any]:
    """Two checkouts drafted in one batch and approved; records in tmp_path/records."""
    first = make_git_repo(
        corpus_dir / ROBBIEMU, origin="https://github.com/robbiemu/dgx-spark-inference", name="a"
    )
    second = make_git_repo(
        corpus_dir / PALATINE,
        origin="https://github.com/PalatineVision/dgx-spark-benchmark",
        name="b",
    )
    records = tmp_path / "records"
    drafted = run("draft", str(first), str(second), "--records-dir", str(records))
    assert drafted.exit_code == 0, drafted.output
    approve(records, "robbiemu-dgx-spark-inference", first)
    approve(records, "palatinevision-dgx-spark-benchmark", second)
    return {"first": first, "second": second, "records": records}


def test_moved_checkout_is_redrafted_and_stale_unmoved_untouched(
    two_checkouts: dict[str, Any],
) -> None:
    records: Path = two_checkouts["records"]
    moved_id, still_id = "robbiemu-dgx-spark-inference", "palatinevision-dgx-spark-benchmark"
    old_revision = load_record(records / f"{moved_id}.json").source.revision
    before = files_of(records, still_id)
    head = commit_new_results(two_checkouts["first"])

    listed = run("refresh", "--dry-run", "--records-dir", str(records), "--json")
    assert listed.exit_code == 0, listed.output
    checks = {c["record_id"]: c for c in json.loads(listed.output)["checks"]}
    assert checks[moved_id]["state"] == "moved" and checks[moved_id]["head"] == head
    assert checks[still_id]["state"] == "current"
    assert load_record(records / f"{moved_id}.json").source.revision == old_revision

    result = run("refresh", "--records-dir", str(records))
    assert result.exit_code == 0, result.output
    # what changed is printed as a table of fields, not as a raw JSON diff
    assert f"{moved_id}: what the re-draft changed" in result.output
    # the commit move is one line, not a change of every pinned URL
    moved = next(line for line in result.output.splitlines() if "source revision:" in line)
    assert f"{old_revision[:12]} → {head[:12]}" in moved
    # a kept figure's URL moves with the revision and is no change; a test profile may now
    # cite another figure (the re-run's figure joined the headline), which is one
    kept_urls = re.findall(r"reported_results\[[^\]]*\]\.evidence_url", result.output)
    assert not kept_urls and "].pinned_url" not in result.output
    assert "@@" not in result.output
    assert "redrafted" in result.output and "current" in result.output
    record = load_record(records / f"{moved_id}.json")
    assert record.source.revision == head
    assert record.editorial.version == 2
    assert "RERUN.md" in (records / f"{moved_id}.json").read_text()  # the new commit is read
    states = {row.id: row.state for row in status(records)}
    assert states == {moved_id: "stale", still_id: "approved"}
    assert files_of(records, still_id) == before


def test_refresh_twice_changes_nothing(two_checkouts: dict[str, Any]) -> None:
    records: Path = two_checkouts["records"]
    commit_new_results(two_checkouts["first"])
    assert run("refresh", "--records-dir", str(records)).exit_code == 0
    everything = {p: p.read_bytes() for p in records.rglob("*") if p.is_file()}
    again = run("refresh", "--records-dir", str(records), "--json")
    assert again.exit_code == 0
    report = json.loads(again.output)
    assert {c["state"] for c in report["checks"]} == {"current"}
    assert report["redrafts"] is None
    assert {p: p.read_bytes() for p in records.rglob("*") if p.is_file()} == everything


def test_a_vanished_checkout_fails_alone(two_checkouts: dict[str, Any]) -> None:
    records: Path = two_checkouts["records"]
    shutil.rmtree(two_checkouts["second"])
    head = commit_new_results(two_checkouts["first"])
    result = run("refresh", "--records-dir", str(records), "--json")
    assert result.exit_code == 2, result.output
    checks = {c["record_id"]: c for c in json.loads(result.output)["checks"]}
    gone = checks["palatinevision-dgx-spark-benchmark"]
    assert gone["state"] == "failed" and "no longer exists" in gone["message"]
    assert checks["robbiemu-dgx-spark-inference"]["state"] == "redrafted"
    assert load_record(records / "robbiemu-dgx-spark-inference.json").source.revision == head


def test_plain_folder_and_unknown_source_are_reported(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    records = tmp_path / "records"
    entry = manifest[ROBBIEMU]
    drafted = run(
        "draft",
        str(corpus_dir / ROBBIEMU),
        "--origin",
        entry["url"],
        "--revision",
        entry["revision"],
        "--records-dir",
        str(records),
    )
    assert drafted.exit_code == 0, drafted.output
    record_id = "robbiemu-dgx-spark-inference"
    source = load_record_source(records, record_id)
    assert source is not None and source.kind is SourceKind.FOLDER and not source.refreshable
    before = files_of(records, record_id)

    result = run("refresh", "--records-dir", str(records))
    assert result.exit_code == 0, result.output
    assert "not refreshable" in result.output and "plain folder" in result.output
    assert files_of(records, record_id) == before

    (records / f"{record_id}.source.json").unlink()
    unknown = run("refresh", record_id, "--records-dir", str(records), "--json")
    assert unknown.exit_code == 0
    (check,) = json.loads(unknown.output)["checks"]
    assert check["state"] == "unknown-source" and "draft it once more" in check["hint"]


def test_unknown_id_is_bad_input(tmp_path: Path) -> None:
    result = run("refresh", "nobody-nothing", "--records-dir", str(tmp_path))
    assert result.exit_code == 2
    assert "no record 'nobody-nothing'" in result.output


def test_source_file_holds_no_credentials_and_no_tree_part() -> None:
    described = source_of("https://github.com/OWNER/NAME/tree/v1.0", origin=None, only=("a*",))
    assert described.kind is SourceKind.REMOTE
    assert described.location == "https://github.com/OWNER/NAME"
    assert described.only == ["a*"]
    with pytest.raises(InputError, match="user name or password"):
        source_of("https://user:token@github.com/OWNER/NAME", origin=None, only=())


# --- a remote, asked with `git ls-remote` over git:// on loopback -----------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture()
def served(tmp_path: Path, corpus_dir: Path) -> Iterator[dict[str, Any]]:
    """A corpus folder in a git repository served read-only by `git daemon` on 127.0.0.1."""
    if shutil.which("git") is None or subprocess.run(
        ["git", "daemon", "-h"], capture_output=True, check=False
    ).returncode not in (0, 129):
        pytest.skip("git daemon is not installed")
    base = tmp_path / "served"
    repo = base / "o" / "n"
    shutil.copytree(corpus_dir / PALATINE, repo)
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "first")
    git(repo, "config", "uploadpack.allowAnySHA1InWant", "true")
    port = _free_port()
    daemon = subprocess.Popen(
        [
            "git",
            "daemon",
            "--reuseaddr",
            "--export-all",
            f"--base-path={base}",
            "--listen=127.0.0.1",
            f"--port={port}",
            str(base),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield {"url": f"git://127.0.0.1:{port}/o/n", "repo": repo}
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)


def test_remote_head_is_asked_with_ls_remote_and_followed(
    served: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    records = tmp_path / "records"
    origin = "https://github.com/PalatineVision/dgx-spark-benchmark"
    drafted = run("draft", served["url"], "--origin", origin, "--records-dir", str(records))
    assert drafted.exit_code == 0, drafted.output
    record_id = "palatinevision-dgx-spark-benchmark"
    source = load_record_source(records, record_id)
    assert source is not None and source.kind is SourceKind.REMOTE
    assert source.location == served["url"] and source.origin == origin
    assert current_head(source) == git(served["repo"], "rev-parse", "HEAD")

    head = commit_new_results(served["repo"])
    result = run("refresh", "--records-dir", str(records), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    (check,) = report["checks"]
    assert check["state"] == "redrafted" and check["head"] == head
    (item,) = report["redrafts"]["items"]
    assert item["revision"] == head and item["state"] == "changed"
    assert load_record(records / f"{record_id}.json").source.revision == head


def test_unreachable_remote_fails_that_record_only(tmp_path: Path) -> None:
    from draftflow.record.source import RecordSource

    port = _free_port()  # nothing listens there
    source = RecordSource(kind=SourceKind.REMOTE, location=f"git://127.0.0.1:{port}/o/n")
    with pytest.raises(NetworkError, match="network failure: could not ask"):
        current_head(source, timeout=10)
