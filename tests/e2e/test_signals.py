"""Signals from the first instruction to the last, with real processes: exit 130 with one line,
a message that matches what is on disk, and never an exit 0 after a signal.

The moments are made exact with a small wrapper program: it sends the process its own signal
from inside an import, right after a save's renames, or while the program leaves.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from draft_cli import MODEL_VARIABLES, SMALL_FOLDER, SMALL_ID, SMALL_ONLY, draft_args

SIGNALS = [signal.SIGINT, signal.SIGTERM]

DURING_IMPORT = textwrap.dedent(
    """
    import importlib.abc, os, signal, sys
    SIGNUM = int(sys.argv[1])

    class SignalOnImport(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "rich":
                os.kill(os.getpid(), SIGNUM)
            return None

    sys.meta_path.insert(0, SignalOnImport())
    sys.argv = ["draftflow", *sys.argv[2:]]
    from draftflow.__main__ import main
    main()
    """
)

AFTER_RENAMES = textwrap.dedent(
    """
    import os, signal, sys
    from draftflow.store import write
    SIGNUM = int(sys.argv[1])

    commit = write.WriteUnit.commit

    def commit_then_signal(self):
        written = commit(self)
        if any(p.name.endswith(".verify.json") for p in written):  # the record's own save
            os.kill(os.getpid(), SIGNUM)
        return written

    write.WriteUnit.commit = commit_then_signal
    sys.argv = ["draftflow", *sys.argv[2:]]
    from draftflow.__main__ import main
    main()
    """
)

BEFORE_MAIN = textwrap.dedent(
    """
    import os, sys
    SIGNUM = int(sys.argv[1])
    sys.argv = ["draftflow", *sys.argv[2:]]
    from draftflow.__main__ import main  # what the console-script launcher does first
    os.kill(os.getpid(), SIGNUM)  # between the import and the call (the launcher's own lines)
    main()
    """
)

WHILE_LEAVING = textwrap.dedent(
    """
    import logging, os, signal, sys
    SIGNUM = int(sys.argv[1])

    shutdown = logging.shutdown

    def shutdown_then_signal():
        shutdown()
        os.kill(os.getpid(), SIGNUM)

    logging.shutdown = shutdown_then_signal
    sys.argv = ["draftflow", *sys.argv[2:]]
    from draftflow.__main__ import main
    main()
    """
)


# Code that imports may wrap a signal's exception (pydantic-core turns one raised inside it into
# a SchemaError) or swallow it (an `except BaseException`): the finder does either.
DURING_IMPORT_CAUGHT = textwrap.dedent(
    """
    import importlib.abc, os, signal, sys
    SIGNUM, HOW = int(sys.argv[1]), sys.argv[2]

    class SignalOnImport(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "rich":
                try:
                    os.kill(os.getpid(), SIGNUM)
                    sum(range(1000))  # the handler runs here
                except BaseException as caught:
                    if HOW == "wrapped":
                        raise RuntimeError(f"schema error: {caught!r}") from caught
            return None

    sys.meta_path.insert(0, SignalOnImport())
    sys.argv = ["draftflow", *sys.argv[3:]]
    from draftflow.__main__ import main
    main()
    """
)

# A signal inside the record's JSON serialization: from the Provenance serializer, which
# pydantic-core calls (and wraps any exception of in a PydanticSerializationError).
DURING_SERIALIZATION = textwrap.dedent(
    """
    import os, sys, types
    SIGNUM = int(sys.argv[1])
    sys.argv = ["draftflow", *sys.argv[2:]]
    from draftflow.__main__ import main
    from draftflow.record import model

    found = model.Provenance.__pydantic_decorators__.model_serializers[
        "_drop_no_unread_tables"
    ].func
    original = types.FunctionType(found.__code__, found.__globals__, "original")
    calls = []

    def signal_inside(self, handler):
        calls.append(1)
        if len(calls) == 1:
            os.kill(os.getpid(), SIGNUM)
        return original(self, handler)

    def planted(self, handler):
        return _SIGNAL_INSIDE(self, handler)

    found.__globals__["_SIGNAL_INSIDE"] = signal_inside
    found.__code__ = planted.__code__  # the function object pydantic-core holds
    main()
    """
)


def env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in MODEL_VARIABLES}


def run_wrapped(script: str, signum: int, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", script, str(int(signum)), *args]
    return subprocess.run(command, capture_output=True, text=True, env=env(), timeout=300)


def small_draft(corpus_dir: Path, manifest: dict[str, Any], records: Path) -> list[str]:
    entry = manifest[SMALL_FOLDER]
    return draft_args(corpus_dir / SMALL_FOLDER, entry, records, "--only", SMALL_ONLY)


def one_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    return lines[0]


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: s.name)
def test_a_signal_while_importing_exits_130_with_one_line(tmp_path: Path, signum: int) -> None:
    done = run_wrapped(DURING_IMPORT, signum, "status", str(tmp_path))
    assert done.returncode == 130, done.stderr
    line = one_line(done.stderr)
    name = signal.Signals(signum).name
    assert line.startswith(f"interrupted by {name}: no record or output file was written")


@pytest.mark.parametrize("how", ["wrapped", "swallowed"])
def test_a_signal_while_importing_ends_130_whatever_the_importer_does_with_it(
    tmp_path: Path, how: str
) -> None:
    done = run_wrapped(DURING_IMPORT_CAUGHT, signal.SIGTERM, how, "status", str(tmp_path))
    assert done.returncode == 130, done.stderr
    line = one_line(done.stderr)
    assert line.startswith("interrupted by SIGTERM: no record or output file was written")


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: s.name)
def test_a_signal_inside_the_records_serialization_exits_130_with_one_line(
    tmp_path: Path, corpus_dir: Path, manifest: dict[str, Any], signum: int
) -> None:
    records = tmp_path / "records"
    done = run_wrapped(DURING_SERIALIZATION, signum, *small_draft(corpus_dir, manifest, records))
    assert done.returncode == 130, done.stderr
    line = one_line(done.stderr)
    name = signal.Signals(signum).name
    assert line.startswith(f"interrupted by {name}: no record or output file was written")
    assert not (records / f"{SMALL_ID}.json").exists()


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: s.name)
def test_a_signal_between_the_import_and_main_exits_130_with_one_line(
    tmp_path: Path, signum: int
) -> None:
    """Importing `draftflow.__main__` sets the handlers; a signal before `main` is kept for it."""
    done = run_wrapped(BEFORE_MAIN, signum, "status", str(tmp_path))
    assert done.returncode == 130, done.stderr
    line = one_line(done.stderr)
    name = signal.Signals(signum).name
    assert line.startswith(f"interrupted by {name}: no record or output file was written")


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: s.name)
def test_a_signal_just_after_the_renames_says_the_files_were_written(
    tmp_path: Path, corpus_dir: Path, manifest: dict[str, Any], signum: int
) -> None:
    records = tmp_path / "records"
    done = run_wrapped(AFTER_RENAMES, signum, *small_draft(corpus_dir, manifest, records))
    assert done.returncode == 130, done.stderr
    line = one_line(done.stderr)
    assert "after the output was complete: wrote" in line
    for suffix in ("json", "md", "verify.json", "figures.json"):
        path = records / f"{SMALL_ID}.{suffix}"
        assert path.is_file() and str(path) in line


def test_a_signal_while_leaving_is_not_lost(tmp_path: Path) -> None:
    done = run_wrapped(WHILE_LEAVING, signal.SIGTERM, "status", str(tmp_path))
    assert done.returncode == 130, done.stderr
    assert "interrupted by SIGTERM" in one_line(done.stderr)


def test_signals_at_random_moments_never_end_0_and_always_tell_the_truth(
    tmp_path: Path, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    chance = random.Random(22)
    for attempt in range(8):
        records = tmp_path / f"records-{attempt}"
        signum = chance.choice(SIGNALS)
        process = subprocess.Popen(
            [sys.executable, "-m", "draftflow", *small_draft(corpus_dir, manifest, records)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env(),
        )
        time.sleep(chance.uniform(0.05, 2.5))
        if process.poll() is None:
            process.send_signal(signum)
        _, stderr = process.communicate(timeout=300)
        if process.returncode == 0:
            continue  # it finished before the signal was sent
        assert process.returncode == 130, stderr
        line = one_line(stderr)
        record = records / f"{SMALL_ID}.json"
        if "no record or output file was written" in line:
            assert not record.exists(), line
        else:
            assert "wrote" in line and str(record) in line and record.is_file(), line
