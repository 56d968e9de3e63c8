"""Options several commands share, defined once so their names, defaults and env vars agree."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from draftflow.acquire import DEFAULT_MAX_BYTES

F = TypeVar("F", bound=Callable[..., Any])


def records_dir_option(help_text: str = "The folder of <id>.json records.") -> Callable[[F], F]:
    """`--records-dir`, from `DRAFTFLOW_RECORDS_DIR` when set, `records` otherwise."""
    return click.option(
        "--records-dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("records"),
        show_default=True,
        envvar="DRAFTFLOW_RECORDS_DIR",
        show_envvar=True,
        help=help_text,
    )


def max_bytes_option() -> Callable[[F], F]:
    """`--max-bytes`: the size above which a source file is skipped (and listed as skipped)."""
    return click.option(
        "--max-bytes",
        type=click.IntRange(min=1),
        default=DEFAULT_MAX_BYTES,
        show_default=True,
        help="Skip source files larger than this many bytes.",
    )


def git_timeout_option() -> Callable[[F], F]:
    """`--timeout`: seconds allowed for each git operation of acquiring a repository."""
    return click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True),
        default=60.0,
        show_default=True,
        help="Seconds allowed for each git operation.",
    )
