"""pytest's rewritten test modules, made once before the xdist workers start.

pytest rewrites the asserts of every test module it imports and keeps the result in
`__pycache__/*-pytest-*.pyc` (where PYTHONDONTWRITEBYTECODE is unset, as `scripts/test.sh`
leaves it). On a fresh clone no such file exists yet, and each of the `-n 3` workers collects
at the same moment: each rewrites all ~260 test modules itself, ~5 CPU-s a worker. Made here in
the main process first (~4 CPU-s, once; mypy runs on the other core meanwhile), the workers
read them. Files already up to date cost a hash each; on any pytest whose internals differ
this does nothing and the workers rewrite as before.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def _test_modules(paths: list[Path], skip: Path) -> Iterator[Path]:
    for path in paths:
        if path.is_file():
            candidates: Iterator[Path] = iter([path])
        elif path.is_dir():
            candidates = path.rglob("*.py")
        else:
            continue
        for candidate in candidates:
            if candidate.is_relative_to(skip):
                continue  # the copied repositories: no tests of ours
            if candidate.name == "conftest.py" or candidate.name.startswith("test_"):
                yield candidate


def rewrite_before_workers(config: pytest.Config, tests: Path, skip: Path) -> int:
    """Write the rewritten bytecode of the test modules under the run's paths that lack it,
    as pytest's import hook would; the number written."""
    if sys.dont_write_bytecode or not config.getoption("numprocesses", None):
        return 0
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
        )

        state = config.stash[assertstate_key]
    except (ImportError, KeyError):  # another pytest, or --assert=plain
        return 0
    root = Path(config.rootpath)
    paths = [(root / arg.split("::")[0]).resolve() for arg in config.args] or [tests]
    written = 0
    for module in _test_modules(paths, skip):
        cache = get_cache_dir(module)
        pyc = cache / (module.name[:-3] + PYC_TAIL)
        if _read_pyc(module, pyc) is not None:
            continue
        try:
            cache.mkdir(exist_ok=True)
            source_hash, code = _rewrite_test(module, config)
        except (OSError, SyntaxError):
            continue  # the worker meets it and reports it as it would have
        written += _write_pyc(state, code, source_hash, pyc)
    return written
