"""Remote sources: URL parsing, transports, and real shallow fetches from a loopback git daemon."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from draftflow.acquire import acquire
from draftflow.acquire.remote import (
    RemoteSource,
    cache_key,
    looks_like_url,
    parse_github_repository,
    parse_remote,
)
from draftflow.errors import InputError, NetworkError, NotCachedError
from gitrepo import git

ORIGIN = "https://github.com/robbiemu/dgx-spark-inference"


@pytest.mark.parametrize(
    ("url", "clone_url", "repository", "revision"),
    [
        ("https://github.com/Owner/Name", "https://github.com/Owner/Name", "Owner/Name", None),
        (
            "https://github.com/Owner/Name.git",
            "https://github.com/Owner/Name.git",
            "Owner/Name",
            None,
        ),
        ("https://github.com/Owner/Name/", "https://github.com/Owner/Name", "Owner/Name", None),
        (
            "https://github.com/Owner/Name/tree/main",
            "https://github.com/Owner/Name",
            "Owner/Name",
            "main",
        ),
        ("https://github.com/o/n/tree/feature/x", "https://github.com/o/n", "o/n", "feature/x"),
        ("git@github.com:Owner/Name.git", "git@github.com:Owner/Name.git", "Owner/Name", None),
        (
            "ssh://git@github.com/Owner/Name.git",
            "ssh://git@github.com/Owner/Name.git",
            "Owner/Name",
            None,
        ),
        ("git://127.0.0.1:9418/o/n", "git://127.0.0.1:9418/o/n", "o/n", None),
    ],
)
def test_parse_remote_accepts_git_urls(
    url: str, clone_url: str, repository: str, revision: str | None
) -> None:
    remote = parse_remote(url)
    assert looks_like_url(url)
    assert remote.clone_url == clone_url
    assert remote.repository == repository
    assert remote.revision == revision


@pytest.mark.parametrize(
    ("url", "message", "hint"),
    [
        ("http://github.com/a/b", "unsupported URL scheme 'http://'", "https://"),
        ("file:///etc/passwd", "unsupported URL scheme 'file://'", "local folder"),
        ("ext::sh -c touch% /tmp/pwned", "unsupported git transport 'ext::'", "https"),
        ("fd::3", "unsupported git transport 'fd::'", "https"),
        ("ftp://github.com/a/b", "unsupported URL scheme", "https"),
        ("https://github.com/onlyowner", "expected OWNER/NAME", "OWNER/NAME"),
        ("https://github.com/a/b/c", "expected OWNER/NAME", "OWNER/NAME"),
        ("https://github.com/a/..", "is not a repository name", "OWNER/NAME"),
        ("https://user:hunter2@github.com/a/b", "carries a user name or password", "remove"),
        ("ssh://git:hunter2@github.com/a/b", "carries a user name or password", "remove"),
        ("https:///a/b", "malformed repository URL", "OWNER/NAME"),
        ("https://github.com/a/b?x=1", "malformed repository URL", "OWNER/NAME"),
    ],
)
def test_parse_remote_rejects_bad_urls(url: str, message: str, hint: str) -> None:
    with pytest.raises(InputError) as raised:
        parse_remote(url)
    assert message in raised.value.message
    assert "hunter2" not in str(raised.value)
    assert raised.value.hint and hint in raised.value.hint


def test_parse_github_repository() -> None:
    assert parse_github_repository("https://github.com/A/b.git") == "A/b"
    assert parse_github_repository("git@github.com:A/b.git") == "A/b"
    for bad in ("https://gitlab.com/a/b", "not a url", "https://github.com/a/b/tree/main"):
        with pytest.raises(InputError) as raised:
            parse_github_repository(bad)
        assert raised.value.hint and "github.com" in raised.value.hint


def test_cache_key_keeps_other_hosts_apart() -> None:
    assert cache_key(RemoteSource("u", "github.com", "o", "n")) == "o__n"
    assert cache_key(RemoteSource("u", "Example.org", "o", "n")) == "example.org__o__n"


def test_unreachable_remote_fails_fast_and_writes_nothing(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with pytest.raises(NetworkError) as raised:
        acquire(
            "https://github.invalid/a/b",
            origin="https://github.com/a/b",
            cache_dir=cache,
            timeout=20,
        )
    assert "could not reach https://github.invalid/a/b" in raised.value.message
    assert raised.value.hint and "network" in raised.value.hint
    assert list(cache.iterdir()) == []


def test_remote_outside_github_is_named_locally(served: dict[str, Any], tmp_path: Path) -> None:
    snapshot = acquire(served["url"], cache_dir=tmp_path / "cache")
    assert (snapshot.repository, snapshot.url) == ("o/n", "local://127.0.0.1/o/n")
    assert all(d.pinned_url.startswith("local://127.0.0.1/o/n/blob/") for d in snapshot.documents)


def test_revision_given_twice_must_agree(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="names revision 'main' but --revision is 'dev'"):
        acquire("https://github.com/a/b/tree/main", revision="dev", cache_dir=tmp_path)


# --- real fetches, offline, from `git daemon` on 127.0.0.1 -----------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture()
def served(tmp_path: Path, corpus_dir: Path) -> Iterator[dict[str, Any]]:
    """A corpus folder committed twice and served read-only by `git daemon` on loopback."""
    if shutil.which("git") is None or subprocess.run(
        ["git", "daemon", "-h"], capture_output=True, check=False
    ).returncode not in (0, 129):
        pytest.skip("git daemon is not installed")
    base = tmp_path / "served"
    repo = base / "o" / "n"
    shutil.copytree(corpus_dir / "robbiemu__dgx-spark-inference", repo)
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "first")
    first = git(repo, "rev-parse", "HEAD")
    (repo / "NEW.md").write_text("added in the second commit\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "second")
    git(repo, "tag", "v2")
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
            "--informative-errors",
            str(base),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port)
        yield {
            "url": f"git://127.0.0.1:{port}/o/n",
            "first": first,
            "second": git(repo, "rev-parse", "HEAD"),
            "daemon": daemon,
        }
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)


def _wait_for_port(port: int) -> None:
    for _ in range(100):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    pytest.fail("git daemon did not start")


def test_fetch_default_branch_tag_and_sha(served: dict[str, Any], tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    messages: list[str] = []
    head = acquire(served["url"], origin=ORIGIN, cache_dir=cache, progress=messages.append)
    assert messages[0] == f"fetching {served['url']} (default branch)"
    assert head.revision == served["second"]
    assert head.repository == "robbiemu/dgx-spark-inference"
    assert head.by_path("NEW.md") is not None
    assert len(head.documents) == 33
    assert head.commit_time is not None
    assert (cache / "127.0.0.1__o__n").is_dir()
    assert not (cache / "127.0.0.1__o__n" / "README.md").exists()  # bare: nothing checked out

    tagged = acquire(served["url"], origin=ORIGIN, revision="v2", cache_dir=cache)
    assert tagged.revision == served["second"]

    old = acquire(served["url"], origin=ORIGIN, revision=served["first"], cache_dir=cache)
    assert old.revision == served["first"]
    assert old.by_path("NEW.md") is None
    assert old.documents[0].pinned_url.startswith(f"{ORIGIN}/blob/{served['first']}/")


def test_cached_full_sha_needs_no_network(served: dict[str, Any], tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    acquire(served["url"], origin=ORIGIN, revision=served["first"], cache_dir=cache)
    served["daemon"].terminate()
    served["daemon"].wait(timeout=10)
    again = acquire(served["url"], origin=ORIGIN, revision=served["first"], cache_dir=cache)
    assert again.revision == served["first"]
    with pytest.raises(NetworkError, match="could not reach"):
        acquire(served["url"], origin=ORIGIN, cache_dir=cache)


def test_offline_reads_the_cache_and_never_fetches(served: dict[str, Any], tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with pytest.raises(NotCachedError, match="not in the local cache") as raised:
        acquire(
            served["url"], origin=ORIGIN, revision=served["first"], cache_dir=cache, offline=True
        )
    assert "fetching is off" in raised.value.message and not cache.exists()
    acquire(served["url"], origin=ORIGIN, revision=served["first"], cache_dir=cache)
    cached = acquire(
        served["url"], origin=ORIGIN, revision=served["first"], cache_dir=cache, offline=True
    )
    assert cached.revision == served["first"]
    with pytest.raises(InputError, match="not in the local cache"):  # on the daemon, not cached
        acquire(
            served["url"], origin=ORIGIN, revision=served["second"], cache_dir=cache, offline=True
        )


@pytest.mark.parametrize("revision", ["no-such-branch", "f" * 40])
def test_fetch_nonexistent_revision(served: dict[str, Any], tmp_path: Path, revision: str) -> None:
    cache = tmp_path / "cache"
    with pytest.raises(InputError) as raised:
        acquire(served["url"], origin=ORIGIN, revision=revision, cache_dir=cache)
    assert f"revision {revision!r} does not exist" in raised.value.message
    assert list(cache.iterdir()) == []


def test_fetch_nonexistent_repository(served: dict[str, Any], tmp_path: Path) -> None:
    url = served["url"].replace("/o/n", "/o/missing")
    with pytest.raises(InputError) as raised:
        acquire(url, origin=ORIGIN, cache_dir=tmp_path)
    assert "does not exist or is private" in raised.value.message
    assert raised.value.hint and "private" in raised.value.hint


def test_fetch_runs_no_hooks(
    served: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    hooks = home / "hooks"
    hooks.mkdir(parents=True)
    marker = tmp_path / "hook-ran"
    hook = hooks / "reference-transaction"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    (home / ".gitconfig").write_text(f"[core]\n\thooksPath = {hooks}\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)

    # The same fetch by plain git runs the hook: proof that this test can fail.
    plain = tmp_path / "plain"
    plain.mkdir()
    git(plain, "init", "-q", "--bare", home=home)
    git(plain, "fetch", "-q", "--depth", "1", served["url"], "HEAD:refs/x", home=home)
    assert marker.exists()
    marker.unlink()

    acquire(served["url"], origin=ORIGIN, cache_dir=tmp_path / "cache")
    assert not marker.exists()
