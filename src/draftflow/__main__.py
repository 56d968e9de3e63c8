"""The `draftflow` program and `python -m draftflow`: signal handlers, then the command line.

SIGINT and SIGTERM are handled from this module's first statements: importing it (which the
console-script launcher and `python -m` do before calling `main`) sets the handlers through the
built-in `_signal` module, before anything else is imported. While the command line is being
imported (a second or two on a busy machine: click, rich, pydantic, openai) a signal stops the
program at once, from the handler itself, with one line and exit code 130, nothing having been
written: no exception that the importing code could wrap or swallow. Once it is
imported a signal is noted and the command line acts on it (`draftflow.cli.note_signal`): before
the command starts, while it runs, or after it ends; a run that received a signal never ends 0.

What runs before this module, Python's own start-up and the launcher's first lines, cannot be
handled by draftflow: a signal there ends the process as Python's defaults do.
"""

# built in, with no stub: no import of `enum` or `signal` (13 ms cold) before the handlers
import _signal  # type: ignore[import-not-found]

_HANDLED = (_signal.SIGINT, _signal.SIGTERM)
_NAMES = {_signal.SIGINT: "SIGINT", _signal.SIGTERM: "SIGTERM"}
INTERRUPTED_EXIT = 130


class _StopImporting(BaseException):
    """A signal arrived while the command line was being imported."""


class _State:
    importing = True
    in_main = False
    leaving = False
    pending: int | None = None


def _on_signal(signum: int, _frame: object) -> None:
    if _State.leaving:
        return  # already on the way out with its one line
    if _State.importing:
        if not _State.in_main:
            _State.pending = signum  # between this import and `main`: `main` leaves at once
            return
        # Leave from here: nothing is written while importing, and an exception raised here
        # could be wrapped (pydantic-core turns one raised inside it into a SchemaError) or
        # swallowed (a library's `except BaseException`) by whatever code is importing.
        _State.leaving = True
        leave = globals().get("_leave_interrupted")  # defined a few lines below the handlers
        if leave is None:
            raise _StopImporting(signum)
        leave(signum)
    from draftflow.cli import note_signal  # imported already: a dictionary lookup

    note_signal(signum)


for _number in _HANDLED:
    _signal.signal(_number, _on_signal)

import os  # noqa: E402  (after the handlers: that is the point)
import sys  # noqa: E402


def _leave_interrupted(signum: int) -> None:
    name = _NAMES.get(signum, f"signal {signum}")
    line = (
        f"interrupted by {name}: no record or output file was written "
        "(files already there are unchanged); run the command again\n"
    )
    os.write(2, line.encode())
    os._exit(INTERRUPTED_EXIT)


def main() -> None:
    """Run the command line with SIGINT and SIGTERM handled from the first instruction."""
    try:
        _State.in_main = True
        for number in _HANDLED:  # again: a caller may have changed them since the import
            _signal.signal(number, _on_signal)
        if _State.pending is not None:
            raise _StopImporting(_State.pending)
        from draftflow import cli

        _State.importing = False
    except _StopImporting as stop:
        _leave_interrupted(stop.args[0])
    sys.exit(cli.main())


if __name__ == "__main__":
    main()
