"""`draftflow sources`: JSON and human output, and every bad input → exit 2 with a fix."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from draftflow.cli import main

FOLDER = "jvr0x__dgx-spark-bench"


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A runner whose user cache is a fresh temporary folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    return CliRunner()


def invoke_sources(
    runner: CliRunner, folder: Path, origin: str, revision: str, *options: str
) -> Result:
    """`draftflow sources FOLDER --origin ORIGIN --revision REVISION [OPTIONS]`."""
    arguments = ["sources", str(folder), "--origin", origin, "--revision", revision, *options]
    return runner.invoke(main, arguments)


def test_json_output_for_a_corpus_folder(
    runner: CliRunner, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    entry = manifest[FOLDER]
    result = invoke_sources(runner, corpus_dir / FOLDER, entry["url"], entry["revision"], "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress noise when stderr is not a terminal
    payload = json.loads(result.stdout)
    assert list(payload) == ["repository", "url", "revision", "commit_time", "documents", "skipped"]
    assert payload["repository"] == entry["repository"]
    assert payload["revision"] == entry["revision"]
    assert payload["commit_time"] is None
    assert payload["skipped"] == []
    expected = {f["path"]: f["sha256"] for f in entry["files"]}
    assert {d["path"]: d["sha256"] for d in payload["documents"]} == expected
    first = payload["documents"][0]
    assert list(first) == ["document_id", "path", "sha256", "bytes", "lines", "pinned_url"]
    assert first["pinned_url"] == (f"{entry['url']}/blob/{entry['revision']}/{first['path']}")


def test_json_lists_skips_with_reasons(runner: CliRunner, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "ok.md").write_text("ok\n")
    (repo / "nul.md").write_bytes(b"\0")
    (repo / "run.sh").write_text("echo\n")
    (repo / "link.md").symlink_to("/etc/passwd")
    result = invoke_sources(runner, repo, "https://github.com/o/n", "a" * 40, "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert [d["document_id"] for d in payload["documents"]] == ["n-ok.md"]
    assert payload["skipped"] == [
        {"path": "link.md", "reason": "symlink: not followed"},
        {"path": "nul.md", "reason": "binary: NUL byte"},
        {"path": "run.sh", "reason": "not a document type"},
    ]


def test_human_output_has_a_table_and_a_summary(
    runner: CliRunner, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    entry = manifest[FOLDER]
    result = invoke_sources(runner, corpus_dir / FOLDER, entry["url"], entry["revision"])
    assert result.exit_code == 0, result.output
    assert "schema" in result.stdout  # a path in the table
    summary = " ".join(result.stdout.split())
    assert f"128 documents, 373,791 bytes, from {entry['url']} at {entry['revision']}" in summary


def test_human_output_for_a_git_checkout(
    runner: CliRunner, corpus_dir: Path, make_git_repo: Any
) -> None:
    repo = make_git_repo(
        corpus_dir / "Kleybrink__dgx-spark-bench",
        origin="https://github.com/Kleybrink/dgx-spark-bench",
    )
    (repo / "tool.py").write_text("x = 1\n")
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@e", "add", "tool.py"], cwd=repo, check=True
    )
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "t"],
        cwd=repo,
        check=True,
    )
    result = runner.invoke(main, ["sources", str(repo)])
    assert result.exit_code == 0, result.output
    summary = " ".join(result.stdout.split())
    assert "12 documents" in summary
    assert "1 skipped (1 not a document type)" in summary


def _plain_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "README.md").write_text("x\n")
    return folder


def _checkout(tmp_path: Path, origin: str | None) -> Path:
    repo = tmp_path / "checkout"
    repo.mkdir()
    (repo / "README.md").write_text("x\n")
    env = {**os.environ, "HOME": str(tmp_path)}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "x"]):
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@e", *args],
            cwd=repo,
            check=True,
            env=env,
            capture_output=True,
        )
    if origin:
        subprocess.run(["git", "remote", "add", "origin", origin], cwd=repo, check=True)
    return repo


BAD_INPUTS = [
    # (arguments, built from tmp_path by `setup`, what the error says, what the fix says)
    ("missing-path", "does not exist", "pass an existing folder"),
    ("a-file", "is a file, not a repository folder", "pass the folder"),
    ("plain-no-options", "is a plain folder, not a git checkout", "--origin"),
    ("plain-origin-only", "is a plain folder, not a git checkout", "--revision"),
    ("plain-short-revision", "is not a full 40-hex commit sha", "full sha"),
    ("plain-branch-revision", "is not a full 40-hex commit sha", "full sha"),
    ("origin-not-github", "is not a GitHub repository URL", "https://github.com/OWNER/NAME"),
    ("origin-garbage", "is not a GitHub repository URL", "https://github.com/OWNER/NAME"),
    ("malformed-url", "expected OWNER/NAME", "https://github.com/OWNER/NAME"),
    ("http-url", "unsupported URL scheme 'http://'", "use https://"),
    ("file-url-missing", "does not exist", "pass an existing folder"),
    ("ext-transport", "unsupported git transport 'ext::'", "https"),
    ("checkout-bad-revision", "revision 'no-such-rev' does not exist", "git log"),
    ("remote-bad-revision-syntax", "cannot be fetched from a remote", "full 40-hex"),
]


def _arguments(case: str, tmp_path: Path) -> list[str]:
    origin = "https://github.com/o/n"
    sha = "b" * 40
    cases: dict[str, Callable[[], list[str]]] = {
        "missing-path": lambda: [str(tmp_path / "nope")],
        "a-file": lambda: [
            str(_plain_folder(tmp_path) / "README.md"),
            "--origin",
            origin,
            "--revision",
            sha,
        ],
        "plain-no-options": lambda: [str(_plain_folder(tmp_path))],
        "plain-origin-only": lambda: [str(_plain_folder(tmp_path)), "--origin", origin],
        "plain-short-revision": lambda: [
            str(_plain_folder(tmp_path)),
            "--origin",
            origin,
            "--revision",
            "bbbbbbb",
        ],
        "plain-branch-revision": lambda: [
            str(_plain_folder(tmp_path)),
            "--origin",
            origin,
            "--revision",
            "main",
        ],
        "origin-not-github": lambda: [
            str(_plain_folder(tmp_path)),
            "--origin",
            "https://gitlab.com/o/n",
            "--revision",
            sha,
        ],
        "origin-garbage": lambda: [
            str(_plain_folder(tmp_path)),
            "--origin",
            "o/n",
            "--revision",
            sha,
        ],
        "malformed-url": lambda: ["https://github.com/only-owner"],
        "http-url": lambda: ["http://github.com/o/n"],
        "file-url-missing": lambda: [f"file://{tmp_path}/no-such-mirror.git"],
        "ext-transport": lambda: ["ext::sh -c touch% /tmp/pwned"],
        "checkout-bad-revision": lambda: [
            str(_checkout(tmp_path, origin)),
            "--revision",
            "no-such-rev",
        ],
        "remote-bad-revision-syntax": lambda: ["https://github.com/o/n", "--revision", "main~1"],
    }
    return cases[case]()


def test_an_unreachable_url_is_a_network_failure_exit_5(runner: CliRunner, tmp_path: Path) -> None:
    url = "https://github.invalid/a/b"
    result = runner.invoke(main, ["sources", url, "--origin", "https://github.com/o/n"])
    assert result.exit_code == 5, result.output
    assert f"error: network failure: could not reach {url}" in result.stderr
    assert "fix: check your network connection; offline, pass a local clone" in result.stderr
    cache = tmp_path / "xdg-cache" / "draftflow" / "repos"
    assert not cache.exists() or list(cache.iterdir()) == []


@pytest.mark.parametrize("origin", [None, "https://gitlab.com/o/n.git"])
def test_a_checkout_not_from_github_is_read_with_local_urls(
    runner: CliRunner, tmp_path: Path, origin: str | None
) -> None:
    result = runner.invoke(main, ["sources", str(_checkout(tmp_path, origin)), "--json"])
    assert result.exit_code == 0, result.output
    assert "local://" in result.stdout and "https://github.com" not in result.stdout


@pytest.mark.parametrize(("case", "message", "fix"), BAD_INPUTS, ids=[c[0] for c in BAD_INPUTS])
def test_bad_input_exits_2_with_a_fix(
    runner: CliRunner, tmp_path: Path, case: str, message: str, fix: str
) -> None:
    arguments = _arguments(case, tmp_path)
    before = sorted(p for p in tmp_path.rglob("*") if ".git" not in p.parts)
    result = runner.invoke(main, ["sources", *arguments, "--json"])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert message in result.stderr
    fix_line = result.stderr.split("fix:", 1)[1]
    assert fix in " ".join(fix_line.split())
    after = sorted(p for p in tmp_path.rglob("*") if ".git" not in p.parts)
    cache = tmp_path / "xdg-cache" / "draftflow" / "repos"
    # At most the empty cache root itself may appear (a failed fetch locks it, leaves it empty).
    assert [p for p in after if p not in before and p not in (cache, *cache.parents)] == []
    assert not cache.exists() or list(cache.iterdir()) == []
