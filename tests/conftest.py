"""Fixtures shared by every test module: the real corpus and git repositories made from it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DRAFTFLOW_SHARED", ROOT.parent / "shared")).resolve()
CORPUS = SHARED / "corpus"
SEEDS = SHARED / "seeds"

FIXED_DATE = "2026-01-02T03:04:05+00:00"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The shared corpus of real benchmark-report repositories (byte-exact copies)."""
    if not CORPUS.is_dir():
        pytest.fail(
            f"the corpus is missing at {CORPUS}; set DRAFTFLOW_SHARED to the shared/ folder"
        )
    return CORPUS


@pytest.fixture(scope="session")
def manifest(corpus_dir: Path) -> dict[str, dict[str, Any]]:
    """MANIFEST.json keyed by the corpus folder name (`owner__name`)."""
    entries = json.loads((corpus_dir / "MANIFEST.json").read_text())
    return {e["repository"].replace("/", "__"): e for e in entries}


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The two published example records."""
    return SEEDS


def git(cwd: Path, *args: str) -> str:
    """Run git with a fixed identity and dates so fixture commits are reproducible."""
    env = {
        **os.environ,
        "GIT_AUTHOR_DATE": FIXED_DATE,
        "GIT_COMMITTER_DATE": FIXED_DATE,
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": str(cwd),
    }
    result = subprocess.run(
        [
            "git",
            "-c",
            "user.name=fixture",
            "-c",
            "user.email=fixture@example.invalid",
            "-c",
            "core.autocrlf=false",
            "-c",
            "init.defaultBranch=main",
            *args,
        ],
        cwd=cwd,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return result.stdout.strip()


MakeRepo = Callable[..., Path]


@pytest.fixture()
def make_git_repo(tmp_path: Path) -> MakeRepo:
    """Copy a corpus folder (or any folder) into a fresh git repository; returns its path.

    `origin` sets the `origin` remote so pinned URLs point at GitHub.
    """

    def make(source: Path, *, origin: str | None = None, name: str = "repo") -> Path:
        repo = tmp_path / name
        shutil.copytree(source, repo, symlinks=True)
        git(repo, "init", "-q")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"fixture: {source.name}")
        if origin:
            git(repo, "remote", "add", "origin", origin)
        return repo

    return make
