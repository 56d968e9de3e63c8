"""Fixtures shared by every test module: the real corpus and git repositories made from it."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gitrepo import git

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DRAFTFLOW_SHARED", ROOT.parent / "shared")).resolve()
CORPUS = SHARED / "corpus"
SEEDS = SHARED / "seeds"


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
