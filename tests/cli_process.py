"""`python -m draftflow` as a real process, for the hostile end-to-end tests."""

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


def assert_fails_cleanly(result: subprocess.CompletedProcess[str], code: int, says: str) -> None:
    """The documented code, one error line naming the problem, its fix, and no traceback."""
    err = result.stderr
    assert result.returncode == code, f"exit {result.returncode}\n{err}"
    assert "Traceback" not in err and "Traceback" not in result.stdout, err
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, err
    assert says in errors[0], err
    assert any(line.startswith("  fix: ") for line in err.splitlines()), err
