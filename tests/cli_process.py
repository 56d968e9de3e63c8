"""`python -m draftflow` as a real process, for the hostile end-to-end tests, and the same
command inside the test process where the process is not what a test is about."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def clean_env(tmp: Path) -> dict[str, str]:
    """The environment without any draftflow or OpenAI setting, with a private cache."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DRAFTFLOW_", "OPENAI_"))}
    env["DRAFTFLOW_CACHE_DIR"] = str(tmp / "cache")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def cli(
    tmp: Path,
    *args: str,
    timeout: float = 120,
    env: dict[str, str] | None = None,
    prefix: tuple[str, ...] = (),
    **popen: Any,
) -> subprocess.CompletedProcess[str]:
    """Run `python -m draftflow ARGS` in `tmp` and wait for it (`env` adds variables, `prefix`
    goes before the interpreter: `("setsid",)`)."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "draftflow", *args],
        cwd=tmp,
        env={**clean_env(tmp), **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        **popen,
    )


def cli_in_process(
    *args: str, cwd: Path | None = None, env: dict[str, str | None] | None = None
) -> subprocess.CompletedProcess[str]:
    """`draftflow ARGS` run inside the test process (click's runner, `prog_name` draftflow,
    every DRAFTFLOW_/OPENAI_ variable unset, `env` added), in `cwd` if given, returned as `cli`
    returns a process: its exit code, stdout and stderr. For a test about what a command
    decides (a flag, a refusal), not about the process: each one saves the ~0.7 CPU-s a
    `python -m draftflow` spends importing. A crash is raised, never read as an exit code."""
    import pytest
    from click.testing import CliRunner

    from draftflow.cli import main

    cleared: dict[str, str | None] = {
        name: None for name in os.environ if name.startswith(("DRAFTFLOW_", "OPENAI_"))
    }
    with pytest.MonkeyPatch.context() as patch:
        if cwd is not None:
            patch.chdir(cwd)
        result = CliRunner().invoke(main, list(args), env={**cleared, **(env or {})},
                                    prog_name="draftflow")  # fmt: skip
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(
        ["draftflow", *args], result.exit_code, result.stdout, result.stderr
    )


def assert_fails_cleanly(result: subprocess.CompletedProcess[str], code: int, says: str) -> None:
    """The documented code, one error line naming the problem, its fix, and no traceback."""
    err = result.stderr
    assert result.returncode == code, f"exit {result.returncode}\n{err}"
    assert "Traceback" not in err and "Traceback" not in result.stdout, err
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, err
    assert says in errors[0], err
    assert any(line.startswith("  fix: ") for line in err.splitlines()), err
