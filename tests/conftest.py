"""Fixtures shared by every test module: the real corpus and git repositories made from it.

The corpus, gold, wild repositories and seed records are carried in `tests/data/`
(`data_files.py` checks them against their checksums)."""

from __future__ import annotations

import compileall
import fcntl
import hashlib
import json
import os
import shutil
from collections.abc import Awaitable, Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from assert_cache import rewrite_before_workers
from data_files import DATA, REFRESH
from gitrepo import git

if TYPE_CHECKING:
    from draftflow.acquire.snapshot import Snapshot
    from draftflow.extract.artifact import Extraction

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
SharedCorpusExtraction = Callable[[str], "Extraction"]


def shared_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every process of this test run sees: the xdist workers' base temp's parent
    (pytest-xdist's recipe for work done once per run), else this process's base temp."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def _held(lock: Path) -> Iterator[None]:
    """An exclusive lock on `lock` across the run's processes (the other workers wait)."""
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class _Shared:
    """No-model extractions and drafts of corpus folders, made once per test run: the first
    process to ask makes one, under a lock in `root`; another waits for it and reads it. An
    extraction is kept by its snapshot's fingerprint (every document's hash, the revision and
    URLs), so any in-process draft of the same snapshot can take it (`kept_extractions`)."""

    def __init__(self, corpus_dir: Path, manifest: dict[str, dict[str, Any]], root: Path) -> None:
        self.corpus_dir, self.manifest, self.root = corpus_dir, manifest, root
        root.mkdir(exist_ok=True)

    def _request(self, folder: str) -> dict[str, str]:
        entry = self.manifest[folder]
        return {"revision": entry["revision"], "origin": entry["url"]}

    def _snapshot(self, folder: str) -> Snapshot:
        from draftflow.acquire import acquire

        return acquire(str(self.corpus_dir / folder), **self._request(folder))

    def _kept(self, snapshot: Snapshot, second: bool) -> Path:
        """Where the extraction of `snapshot` is kept: the first one made in this run, or the
        second, made apart from it (never copied from the first)."""
        key = hashlib.sha256(snapshot.model_dump_json().encode()).hexdigest()[:24]
        return self.root / f"{key}.{'second' if second else 'first'}.extraction.pickle"

    async def kept_extraction(
        self, snapshot: Snapshot, make: Callable[[], Awaitable[Extraction]], *, second: bool
    ) -> Extraction:
        """The kept no-model extraction of `snapshot` (a fresh copy), made by `make` (which
        must be `extract(snapshot, None)`) if none is kept yet: the one made is returned as
        made, kept pickled before a later stage can change it."""
        import pickle

        kept = self._kept(snapshot, second)
        with _held(kept.with_suffix(".lock")):
            if not kept.exists():
                made = await make()
                _write(kept, pickle.dumps(made))
                return made
        extraction: Extraction = pickle.loads(kept.read_bytes())
        return extraction

    def extraction(self, folder: str, *, second: bool = False) -> Extraction:
        """`extract(snapshot, None)` of the folder at its MANIFEST revision and URL, as extract
        returned it (a fresh copy); `second`: another one, made apart from the first."""
        import asyncio

        from draftflow.extract import extract

        snapshot = self._snapshot(folder)
        return asyncio.run(
            self.kept_extraction(snapshot, lambda: extract(snapshot, None), second=second)
        )

    @contextmanager
    def drafts_keep_extractions(self, *, second: bool = False) -> Iterator[None]:
        """Within it, an in-process draft's no-model extraction (`run_draft`'s
        `extract(snapshot, None)`, as the CLI runs it) is the kept one of its snapshot, made
        and kept if there is none yet; a draft with a model or a result model of its own
        extracts as it would."""
        from draftflow.pipeline import draft as pipeline_draft

        real_extract = pipeline_draft.extract

        async def extract_kept(snapshot: Any, client: Any, **kwargs: Any) -> Extraction:
            if client is not None or kwargs.get("result_model") is not None:
                return await real_extract(snapshot, client, **kwargs)
            return await self.kept_extraction(
                snapshot, lambda: real_extract(snapshot, client, **kwargs), second=second
            )

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(pipeline_draft, "extract", extract_kept)
            yield

    def draft(self, folder: str) -> Path:
        """The folder's `run_draft` with default settings (no model): its record's path. Its
        extraction is the folder's kept one (the same `extract(snapshot, None)`: extract is
        deterministic without a model), made and kept by the draft if none is yet
        (ray-project's is ~55 CPU-s)."""
        import asyncio

        from draftflow.llm import ModelSettings
        from draftflow.pipeline.draft import DraftRequest, run_draft

        done = self.root / f"{folder}.done"
        with _held(self.root / f"{folder}.lock"):
            if not done.exists():
                shutil.rmtree(self.root / folder, ignore_errors=True)  # a failed try's leftovers
                request = DraftRequest(
                    source=str(self.corpus_dir / folder),
                    records_dir=self.root / folder,
                    settings=ModelSettings(),
                    **self._request(folder),
                )
                with self.drafts_keep_extractions():
                    outcome = asyncio.run(run_draft(request))
                _write(done, outcome.record_path.encode())
        return Path(done.read_text())


def _write(path: Path, data: bytes) -> None:
    """`data` at `path`, whole or not at all."""
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    part.replace(path)


@pytest.fixture(scope="session")
def _shared(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> _Shared:
    return _Shared(corpus_dir, manifest, shared_root(tmp_path_factory) / "no-model-corpus")


@pytest.fixture(scope="session")
def shared_corpus_draft(_shared: _Shared) -> SharedCorpusDraft:
    """A corpus folder's no-model draft (`run_draft` at its MANIFEST revision and URL, default
    settings), made once per test run and shared by every module that reads one, across the
    xdist workers: returns the records folder holding it (the record, its figures file,
    article and report, and no other draft). Read it, never write into it: a test that changes
    a file copies the folder. A Kleybrink draft is ~19 CPU-s; three modules drafted the same
    folders again, in each worker that ran one of them."""
    return _shared.draft


@pytest.fixture(scope="session")
def shared_corpus_extraction(_shared: _Shared) -> SharedCorpusExtraction:
    """A corpus folder's no-model extraction (`extract(snapshot, None)` at its MANIFEST
    revision and URL), made once per test run, or taken from the folder's shared draft, which
    extracts the same: a fresh copy on each call (label parts, which a record does not store,
    included), so a test may change it. ray-project's extraction is ~55 CPU-s; eight modules
    extracted the same folders again."""
    return _shared.extraction


@pytest.fixture(scope="session")
def second_corpus_extraction(_shared: _Shared) -> SharedCorpusExtraction:
    """A second no-model extraction of a corpus folder, made once per test run apart from
    `shared_corpus_extraction`'s (extract run again, never a copy of the first: in whichever
    worker asks first, so under another hash seed as often as not): for the tests whose point
    is that an independent run gives the same (test_draft's and test_pipeline's determinism
    tests, which each made their own of jvr0x and MiaAI). A fresh copy on each call."""
    return partial(_shared.extraction, second=True)


KeptExtractions = Callable[..., AbstractContextManager[None]]


@pytest.fixture(scope="session")
def kept_extractions(_shared: _Shared) -> KeptExtractions:
    """`with kept_extractions():` an in-process no-model draft (the CLI's or `run_draft`'s)
    takes the run's kept extraction of its snapshot (the one `shared_corpus_extraction` gives
    for a corpus folder at its MANIFEST revision: the same snapshot fingerprint), made and kept
    if none is; `second=True` takes `second_corpus_extraction`'s. For tests of what a draft
    does after extracting: select, draft, verify and the files written are run as ever."""
    return _shared.drafts_keep_extractions


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
    Up-to-date files are skipped, so a second run costs a few stat calls. With xdist, the
    test modules' rewritten bytecode is made here too, once, not by each worker
    (`assert_cache.py`)."""
    if not hasattr(config, "workerinput"):
        compileall.compile_dir(ROOT / "src", quiet=1)
        rewrite_before_workers(config, ROOT / "tests", DATA)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the live-server tests first: they wait on a real server for minutes, and started
    first on one worker they overlap the rest of the suite on the other instead of ending it."""
    items.sort(key=lambda item: item.get_closest_marker("live_server") is None)
