"""Run git in a test repository with a fixed identity and dates, so commits are reproducible."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

FIXED_DATE = "2026-01-02T03:04:05+00:00"


def git(cwd: Path, *args: str, home: Path | None = None) -> str:
    """Run git in `cwd` (HOME is `home`, else `cwd`, so no user config leaks in)."""
    env = {
        **os.environ,
        "GIT_AUTHOR_DATE": FIXED_DATE,
        "GIT_COMMITTER_DATE": FIXED_DATE,
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": str(home or cwd),
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
