"""Refresh after a force-push, as real processes: a head that is an ancestor of the approved
commit is refused (`rewound`, exit 1, with the fix) unless `--allow-rewind`, for a checkout and
for a remote served by `git daemon`."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_process import cli
from gitrepo import git

PALATINE = "PalatineVision__dgx-spark-benchmark"
ORIGIN = "https://github.com/PalatineVision/dgx-spark-benchmark"
RECORD = "palatinevision-dgx-spark-benchmark"
NEW_TABLE = "# Rerun\n\n| model | decode tok/s |\n|---|---|\n| qwen3-4b | 61.25 |\n"


def commit_new_results(repo: Path) -> str:
    (repo / "RERUN.md").write_text(NEW_TABLE, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "rerun")
    return git(repo, "rev-parse", "HEAD")


def drafted_then_approved_at_a_later_commit(tmp: Path, source: str, repo: Path) -> str:
    """Draft at the first commit, refresh to a second, approve it; returns the approved sha."""
    records = tmp / "records"
    drafted = cli(tmp, "draft", source, "--origin", ORIGIN, "--records-dir", str(records))
    assert drafted.returncode == 0, drafted.stderr
    approved = commit_new_results(repo)
    refreshed = cli(tmp, "refresh", "--records-dir", str(records))
    assert refreshed.returncode == 0, refreshed.stderr + refreshed.stdout
    signed = cli(tmp, "approve", RECORD, "--editor", "A. Editor", "--source", str(repo),
                 "--records-dir", str(records))  # fmt: skip
    assert signed.returncode == 0, signed.stderr + signed.stdout
    return approved


def force_back(repo: Path) -> str:
    """What a force-push of the previous commit leaves: the branch one commit back."""
    git(repo, "reset", "-q", "--hard", "HEAD~1")
    return git(repo, "rev-parse", "HEAD")


def assert_refused_then_allowed(tmp: Path, approved: str, head: str) -> None:
    records = tmp / "records"
    before = {p: p.read_bytes() for p in records.rglob("*") if p.is_file()}
    refused = cli(tmp, "refresh", "--records-dir", str(records))
    assert refused.returncode == 1, refused.stderr + refused.stdout
    assert "Traceback" not in refused.stderr
    said = " ".join(refused.stdout.split())
    assert "rewound" in said
    assert f"the head {head[:12]} is an ancestor of the approved commit {approved[:12]}" in said
    assert "--allow-rewind" in said
    after = {
        p: p.read_bytes() for p in records.rglob("*") if p.is_file() and ".locks" not in p.parts
    }
    assert after == {p: b for p, b in before.items() if ".locks" not in p.parts}

    dry = cli(tmp, "refresh", "--dry-run", "--json", "--records-dir", str(records))
    (check,) = json.loads(dry.stdout)["checks"]
    assert check["state"] == "rewound" and dry.returncode == 1

    allowed = cli(tmp, "refresh", "--allow-rewind", "--records-dir", str(records), "--json")
    assert allowed.returncode == 0, allowed.stderr + allowed.stdout
    (check,) = json.loads(allowed.stdout)["checks"]
    assert check["state"] == "redrafted" and check["head"] == head
    record = json.loads((records / f"{RECORD}.json").read_text())
    assert record["source"]["revision"] == head


def test_a_checkout_forced_back_is_refused_without_allow_rewind(
    make_git_repo: Any, corpus_dir: Path, tmp_path: Path
) -> None:
    repo = make_git_repo(corpus_dir / PALATINE, origin=ORIGIN, name="checkout")
    approved = drafted_then_approved_at_a_later_commit(tmp_path, str(repo), repo)
    assert_refused_then_allowed(tmp_path, approved, force_back(repo))


def test_a_checkout_that_moves_forward_is_still_redrafted(
    make_git_repo: Any, corpus_dir: Path, tmp_path: Path
) -> None:
    repo = make_git_repo(corpus_dir / PALATINE, origin=ORIGIN, name="checkout")
    drafted_then_approved_at_a_later_commit(tmp_path, str(repo), repo)
    (repo / "MORE.md").write_text("# More\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "more")
    moved = cli(tmp_path, "refresh", "--records-dir", str(tmp_path / "records"), "--json")
    assert moved.returncode == 0, moved.stderr
    assert json.loads(moved.stdout)["checks"][0]["state"] == "redrafted"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture()
def served(tmp_path: Path, corpus_dir: Path) -> Iterator[tuple[str, Path]]:
    """A corpus folder in a git repository served read-only by `git daemon` on 127.0.0.1."""
    if subprocess.run(["git", "daemon", "-h"], capture_output=True, check=False).returncode not in (
        0,
        129,
    ):
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
        ["git", "daemon", "--reuseaddr", "--export-all", f"--base-path={base}",
         "--listen=127.0.0.1", f"--port={port}", str(base)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"git://127.0.0.1:{port}/o/n", repo
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)


def test_a_remote_forced_back_is_refused_without_allow_rewind(
    served: tuple[str, Path], tmp_path: Path
) -> None:
    url, repo = served
    approved = drafted_then_approved_at_a_later_commit(tmp_path, url, repo)
    assert_refused_then_allowed(tmp_path, approved, force_back(repo))
