"""A pytest plugin: each test's CPU seconds, its own and its waited children's, by phase.

Wall time on the shared machine is noise; a test's CPU is not (though a CPU second's worth of
work varies with the machine's state: `benchmarks/cpu_speed.py`). One line per test is
appended to `$CPUPROF_OUT` (tab-separated: node id, own CPU s, children's CPU s, wall s,
xdist worker, then setup, call and teardown CPU s, own + children); a test that first builds
a shared fixture (a corpus draft) pays for it in its setup or call. `#COLLECTED` and
`#SESSION` lines give each process's CPU so far after collection and at the end.

    PYTHONPATH=benchmarks CPUPROF_OUT=/tmp/run.tsv .venv/bin/pytest -q -n 3 -p cpuprof
    python3 benchmarks/cpuprof.py /tmp/base.tsv /tmp/branch.tsv   # by file, then by test
"""

from __future__ import annotations

import collections
import os
import resource
import sys
import time
from collections.abc import Callable, Generator
from typing import Any

import pytest

OUT = os.environ.get("CPUPROF_OUT", "/tmp/cpuprof.tsv")
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
PHASES = ("setup", "call", "teardown")


def _cpu() -> tuple[float, float]:
    """CPU seconds so far: this process's and its waited children's (user + system)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


_phases: dict[str, dict[str, float]] = {}


def _timed(phase: str) -> Callable[..., Generator[None, Any, None]]:
    @pytest.hookimpl(hookwrapper=True)
    def hook(item: pytest.Item, *args: Any, **kwargs: Any) -> Generator[None, Any, None]:
        own, children = _cpu()
        yield
        own_after, children_after = _cpu()
        spent = own_after - own + children_after - children
        _phases.setdefault(item.nodeid, {})[phase] = spent

    return hook


pytest_runtest_setup = _timed("setup")
pytest_runtest_call = _timed("call")
pytest_runtest_teardown = _timed("teardown")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Generator[None, Any, None]:
    own, children = _cpu()
    started = time.monotonic()
    yield
    own_after, children_after = _cpu()
    phases = _phases.pop(item.nodeid, {})
    by_phase = "\t".join(f"{phases.get(p, 0.0):.3f}" for p in PHASES)
    with open(OUT, "a") as out:
        out.write(
            f"{item.nodeid}\t{own_after - own:.3f}\t{children_after - children:.3f}\t"
            f"{time.monotonic() - started:.3f}\t{WORKER}\t{by_phase}\n"
        )


def _mark(label: str) -> None:
    own, children = _cpu()
    with open(OUT, "a") as out:
        out.write(f"#{label}\t{own:.3f}\t{children:.3f}\t{time.time():.1f}\t{WORKER}\n")


def pytest_collection_finish(session: pytest.Session) -> None:
    _mark("COLLECTED")


def pytest_sessionfinish(session: pytest.Session) -> None:
    _mark("SESSION")


def _load(path: str) -> dict[str, float]:
    """Each test's CPU s (own + children) in a run's file."""
    with open(path) as lines:
        rows = [line.rstrip("\n").split("\t") for line in lines if not line.startswith("#")]
    return {row[0]: float(row[1]) + float(row[2]) for row in rows}


def compare(before: dict[str, float], after: dict[str, float], top: int = 25) -> None:
    """The tests both runs hold: CPU s by file, then the tests that changed most."""
    common = [test for test in before if test in after]
    print(
        f"{len(common)} tests in both: {sum(before[t] for t in common):.1f} -> "
        f"{sum(after[t] for t in common):.1f} CPU s"
    )
    files: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0])
    for test in common:
        files[test.split("::")[0]][0] += before[test]
        files[test.split("::")[0]][1] += after[test]
    for name, (was, now) in sorted(files.items(), key=lambda kv: -max(kv[1]))[:top]:
        print(f"{was:8.1f} {now:8.1f}  {name}")
    print()
    for test in sorted(common, key=lambda t: -abs(after[t] - before[t]))[:top]:
        print(f"{before[test]:8.2f} {after[test]:8.2f}  {test[:110]}")


if __name__ == "__main__":
    compare(_load(sys.argv[1]), _load(sys.argv[2]))
