"""The `draftflow` program and `python -m draftflow`: signal handlers, then the command line.

SIGINT and SIGTERM are handled from here on. While the command line is being imported (a second
or two on a busy machine: click, rich, pydantic, openai) a signal stops the program at once with
one line and exit code 130, nothing having been written. Once it is imported a signal is noted
and the command line acts on it (`draftflow.cli.note_signal`): before the command starts, while
it runs, or after it ends; a run that received a signal never ends 0.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

INTERRUPTED_EXIT = 130
_HANDLED = (signal.SIGINT, signal.SIGTERM)


class _StopImporting(BaseException):
    """A signal arrived while the command line was being imported."""


class _State:
    importing = True


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    if _State.importing:
        raise _StopImporting(signum)
    from draftflow.cli import note_signal  # imported already: a dictionary lookup

    note_signal(signum)


def _leave_interrupted(signum: int) -> None:
    name = signal.Signals(signum).name
    line = (
        f"interrupted by {name}: no record or output file was written "
        "(files already there are unchanged); run the command again\n"
    )
    os.write(2, line.encode())
    os._exit(INTERRUPTED_EXIT)


def main() -> None:
    """Run the command line with SIGINT and SIGTERM handled from the first instruction."""
    for number in _HANDLED:
        signal.signal(number, _on_signal)
    try:
        from draftflow import cli

        _State.importing = False
    except _StopImporting as stop:
        _leave_interrupted(stop.args[0])
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
