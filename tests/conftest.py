"""Fixtures shared by every test module: the real corpus and git repositories made from it.

The corpus, gold, wild repositories and seed records are carried in `tests/data/`
(`data_files.py` checks them against their checksums)."""

from __future__ import annotations

import compileall
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from data_files import DATA, REFRESH
from gitrepo import git

ROOT = Path(__file__).resolve().parents[1]
CORPUS = DATA / "corpus"
DEVGOLD = DATA / "devgold"
SEEDS = DATA / "seeds"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The corpus of real benchmark-report repositories (byte-exact copies in tests/data)."""
    if not CORPUS.is_dir():
        pytest.fail(
            f"the corpus is missing at {CORPUS}; restore it with `git checkout -- tests/data` "
            f"or copy it with `{REFRESH}`"
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


SharedCorpusDraft = Callable[[str], Path]


@pytest.fixture(scope="session")
def shared_corpus_draft(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> SharedCorpusDraft:
    """A corpus folder's no-model draft (`run_draft` at its MANIFEST revision and URL, default
    settings), made once per test process and shared by every module that reads one: returns
    the records folder holding it (the record, its figures file, article and report, and no
    other draft). Read it, never write into it: a test that changes a file copies the folder.
    A Kleybrink draft is ~19 CPU-s; three modules drafted the same folders again."""
    import asyncio

    from draftflow.llm import ModelSettings
    from draftflow.pipeline.draft import DraftRequest, run_draft

    made: dict[str, Path] = {}
    root = tmp_path_factory.mktemp("no-model-drafts")

    def draft_of(folder: str) -> Path:
        if folder not in made:
            entry = manifest[folder]
            request = DraftRequest(
                source=str(corpus_dir / folder),
                records_dir=root / folder,
                settings=ModelSettings(),
                revision=entry["revision"],
                origin=entry["url"],
            )
            made[folder] = Path(asyncio.run(run_draft(request)).record_path)
        return made[folder]

    return draft_of


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


def pytest_configure(config: pytest.Config) -> None:
    """Bytecode for src/ before any test starts `python -m draftflow` (once, in the main
    process): where PYTHONDONTWRITEBYTECODE is set, as on the shared machine, each of those
    processes would compile the whole package again (0.3 of its ~1 CPU-second of start-up).
    Up-to-date files are skipped, so a second run costs a few stat calls."""
    if not hasattr(config, "workerinput"):
        compileall.compile_dir(ROOT / "src", quiet=1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the live-server tests first: they wait on a real server for minutes, and started
    first on one worker they overlap the rest of the suite on the other instead of ending it."""
    items.sort(key=lambda item: item.get_closest_marker("live_server") is None)
