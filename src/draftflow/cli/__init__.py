"""The command line: thin wrappers that parse options, call a stage, and map errors to exit codes.

Exit codes: 0 success; 1 the checked thing failed (error flags, refused sign-off);
2 bad usage or unusable input; 3 the model server failed; 4 output could not be written;
130 interrupted.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import click
from rich.console import Console

from draftflow import __version__
from draftflow.errors import DraftflowError, Interrupted

# Each module registers its commands on `main`; listed here so `--help` shows them all.
_COMMAND_MODULES = ("sources", "render", "verify", "model", "draft", "review")

EPILOG = """\b
Examples:
  draftflow sources ../shared/corpus/jvr0x__dgx-spark-bench \\
      --origin https://github.com/jvr0x/dgx-spark-bench --revision <sha>
  draftflow draft https://github.com/OWNER/NAME
  draftflow verify records/<id>.json --source path/to/checkout
  draftflow render records/<id>.json

Run `draftflow COMMAND --help` for each command's options and examples.
"""


INTERRUPTED_EXIT = 130
_HANDLED_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_PIPED_WIDTH = 200


def output_console(*, stderr: bool = False) -> Console:
    """The console every command prints with: lines are never re-wrapped, and when the output
    is piped or captured tables get room instead of squeezing into 80 columns."""
    console = Console(highlight=False, soft_wrap=True, stderr=stderr)
    if not console.is_terminal:
        console = Console(highlight=False, soft_wrap=True, stderr=stderr, width=_PIPED_WIDTH)
    return console


def _raise_interrupted(signum: int, _frame: FrameType | None) -> None:
    raise Interrupted(signal.Signals(signum).name)


@contextlib.contextmanager
def _interrupts_raise() -> Iterator[None]:
    """SIGINT and SIGTERM raise `Interrupted` at once, wherever the main thread is.

    Installed before `asyncio.run`, this also keeps asyncio from deferring SIGINT to the next
    `await` (after a CPU-bound verify and the whole save). The previous handlers come back on
    the way out, so the CLI can run inside another program (the tests' CliRunner).
    """
    previous = {number: signal.getsignal(number) for number in _HANDLED_SIGNALS}
    for number in _HANDLED_SIGNALS:
        signal.signal(number, _raise_interrupted)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def interrupted_message(interrupted: KeyboardInterrupt) -> str:
    """What an interruption kept, truthfully: the files completed before it, or none."""
    name = getattr(interrupted, "signal_name", "SIGINT")
    written: list[Path] = list(dict.fromkeys(getattr(interrupted, "written", [])))
    if not written:
        return (
            f"interrupted by {name}: no record or output file was written "
            "(files already there are unchanged); run the command again"
        )
    listed = ", ".join(str(path) for path in written)
    return f"interrupted by {name} after the output was complete: wrote {listed}"


class _StderrNotices(logging.Handler):
    """Notices from the stages (e.g. a model server that keeps us waiting), one line each on
    whatever stderr is at the time."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(f"draftflow: {record.getMessage()}", err=True)


def _log_notices_to_stderr() -> None:
    logger = logging.getLogger("draftflow")
    if not any(isinstance(handler, _StderrNotices) for handler in logger.handlers):
        logger.addHandler(_StderrNotices())
        logger.setLevel(logging.INFO)


class _Group(click.Group):
    """A click group that turns draftflow errors into one clean message and an exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        _log_notices_to_stderr()
        try:
            with _interrupts_raise():
                return super().invoke(ctx)
        except DraftflowError as error:
            click.secho(f"error: {error.message}", fg="red", err=True)
            if error.hint:
                click.echo(f"  fix: {error.hint}", err=True)
            ctx.exit(error.exit_code)
        except KeyboardInterrupt as interrupted:
            click.echo(interrupted_message(interrupted), err=True)
            ctx.exit(INTERRUPTED_EXIT)


@click.group(cls=_Group, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="draftflow")
def main() -> None:
    """Draft editorial records of local-AI benchmark reports, with every number checked.

    draftflow pins a repository revision, hashes every source document, extracts each
    reported result with its exact source line, drafts the editorial with a local
    OpenAI-compatible model (or a deterministic drafter when none is configured), and
    verifies every number, hash, line and citation offline before an editor signs off.
    """


def _register() -> None:
    for name in _COMMAND_MODULES:
        importlib.import_module(f"draftflow.cli.{name}")


_register()

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
