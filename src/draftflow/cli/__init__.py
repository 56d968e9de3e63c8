"""The command line: thin wrappers that parse options, call a stage, and map errors to exit codes.

Exit codes: 0 success; 1 the checked thing failed (error flags, refused sign-off);
2 bad usage or unusable input; 3 the model server failed; 4 output could not be written;
5 the network failed (a repository could not be reached); 130 interrupted.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, TypeVar

import click

from draftflow import __version__
from draftflow.cli.usage import as_usage_failure
from draftflow.errors import DraftflowError, Interrupted
from draftflow.runtime.collector import tune_collector
from draftflow.store.atomic import completed_writes, forget_completed_writes

if TYPE_CHECKING:
    import asyncio

    from rich.console import Console

# Each command -> the module that registers it on `main`, imported only when the command is
# run or asked for its own help: `draftflow approve` need not import extract, select and draft,
# nor `--version` and `--help` any stage (click's lazy-loading pattern: `list_commands`,
# `get_command`). Nothing here imports asyncio, rich or pydantic: the commands do.
_COMMAND_MODULES = {
    "sources": "sources",
    "render": "render",
    "verify": "verify",
    "models": "llm",
    "doctor": "llm",
    "cache": "llm",
    "draft": "draft",
    "status": "status",
    "diff": "status",
    "review": "review",
    "approve": "review",
    "eval": "evaluate",
    "refresh": "refresh",
    "select": "select",
    "prompts": "prompts",
    "figures": "figures",
    "logs": "logs",
}

# Each command's one-line help as its docstring's first sentence says it, for `draftflow --help`
# without importing every command module (a test holds each line to the command's own).
_COMMAND_HELP = {
    "approve": "Sign off a record: verify it again, then record who approved which exact content.",
    "cache": "Inspect or empty the cache of validated model replies.",
    "diff": "Show what changed in a record: fields added, removed and changed.",
    "doctor": "Check the model server: reachable, model served, JSON-schema output honoured.",
    "draft": "Draft a verified record from SOURCE (a GitHub URL, a checkout or mirror, a "
    "file:// URL or a corpus folder).",
    "eval": "Score extraction on GOLD files: recall per document and shape, precision, headline.",
    "figures": "List the figures of record ID with their ids (the ones `draftflow select ID "
    "--add` takes), values, units, metrics, places, the conditions that tell them apart, and a "
    "* for those in the headline.",
    "logs": "Show each model request of record ID's last draft and its reply: accepted, "
    "rejected (with the reason: not JSON, cut at the token cap, not the schema) or refused by "
    "the server; then what the checks dropped from the accepted replies (the provenance).",
    "models": "List the models the configured server offers, by the names a draft takes (a "
    "llama.cpp model file by its name without folder and .gguf).",
    "prompts": "List the prompts draftflow sends to the model: name, the file it is read from "
    "(packaged, or your folder's override), and the first 12 hex digits of its sha256.",
    "refresh": "Re-draft each record (every one, or the IDs given) whose repository moved.",
    "render": "Render RECORD.json as the Markdown article an editor reads and publishes.",
    "review": "Every flag of a record with its claim, the cited source lines around it, and "
    "what to do.",
    "select": "Change the headline figures of record ID: add or drop figures by id.",
    "sources": "Pin SOURCE at one full revision and list every document draftflow will read.",
    "status": "One row per record: id, revision, results, flags, state, day of the last change.",
    "verify": "Verify RECORD.json against its sources, offline and deterministically.",
}

EPILOG = """\b
Examples:
  draftflow sources examples/jvr0x__dgx-spark-bench
  draftflow draft https://github.com/OWNER/NAME
  draftflow verify records/<id>.json --source path/to/checkout
  draftflow render records/<id>.json

Run `draftflow COMMAND --help` for each command's options and examples.

\b
Exit codes: 0 success; 1 the checked thing failed (error flags, refused
sign-off); 2 bad usage or unusable input; 3 the model server failed (also: no
answer within --deadline); 4 output could not be written; 5 the network
failed (a repository URL could not be reached); 130 interrupted (SIGINT or
SIGTERM: the message says which files, if any, were complete).
"""


T = TypeVar("T")
INTERRUPTED_EXIT = 130
_HANDLED_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_PIPED_WIDTH = 200


def output_console(*, stderr: bool = False) -> Console:
    """The console every command prints with: lines are never re-wrapped, and when the output
    is piped or captured tables get room instead of squeezing into 80 columns."""
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True, stderr=stderr)
    if not console.is_terminal:
        console = Console(highlight=False, soft_wrap=True, stderr=stderr, width=_PIPED_WIDTH)
    return console


class _Running:
    """The coroutine `run_async` is running, and a signal that asked it to stop."""

    main_task: asyncio.Task[Any] | None = None
    signal_name: str | None = None


class _Received:
    """The signal this command received, if any: once set, the command cannot end 0."""

    name: str | None = None


def note_signal(signum: int) -> None:
    """Note a signal that arrived where it cannot stop the command at once (before the command
    starts, or after it ends); the command then ends 130 (see `_Group`)."""
    _Received.name = signal.Signals(signum).name


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    """Stop now: raise `Interrupted` where the main thread is, unless that is inside the event
    loop but not in the main coroutine (a helper task, the loop's own code), where an exception
    would strand the other tasks: there the main coroutine is cancelled instead."""
    note_signal(signum)
    name = signal.Signals(signum).name
    main_task = _Running.main_task
    if main_task is not None and not main_task.done():
        import asyncio  # imported already: `run_async` set `main_task`

        loop = main_task.get_loop()
        if asyncio.current_task(loop) is not main_task:
            _Running.signal_name = name
            loop.call_soon_threadsafe(main_task.cancel)
            return
    raise Interrupted(name)


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` for the commands: SIGINT and SIGTERM stop the coroutine within moments,
    whether it waits on the network or computes (see `_on_signal`)."""
    import asyncio

    async def main() -> T:
        _Running.main_task = asyncio.current_task()
        return await coroutine

    _Running.signal_name = None
    try:
        result = asyncio.run(main())
    except asyncio.CancelledError:
        if _Running.signal_name is None:
            raise
        raise Interrupted(_Running.signal_name) from None
    finally:
        _Running.main_task = None
    if _Running.signal_name is not None:  # the coroutine ended before its cancellation landed
        raise Interrupted(_Running.signal_name)
    return result


@contextlib.contextmanager
def _interrupts_raise() -> Iterator[None]:
    """SIGINT and SIGTERM stop the command at once, wherever the main thread is.

    Installed before `asyncio.run`, this also keeps asyncio from deferring SIGINT to the next
    `await` (after a CPU-bound verify and the whole save). The previous handlers come back on
    the way out, so the CLI can run inside another program (the tests' CliRunner).
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (and only it receives signals)
        return
    previous = {number: signal.getsignal(number) for number in _HANDLED_SIGNALS}
    previous_unraisable_hook = sys.unraisablehook
    for number in _HANDLED_SIGNALS:
        signal.signal(number, _on_signal)
    sys.unraisablehook = _unraisable_hook(previous_unraisable_hook)
    try:
        yield
    finally:
        sys.unraisablehook = previous_unraisable_hook
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)


def _unraisable_hook(
    previous: Callable[[sys.UnraisableHookArgs], Any],
) -> Callable[[sys.UnraisableHookArgs], Any]:
    """Say nothing of an `Interrupted` that Python could not raise (the signal landed in a
    weakref callback or a `__del__`): `note_signal` has kept it, so the command still ends
    130 with its one-line message, and a traceback there would only hide that line."""

    def hook(unraisable: sys.UnraisableHookArgs) -> Any:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type, Interrupted):
            return None
        return previous(unraisable)

    return hook


def interrupted_message(interrupted: KeyboardInterrupt) -> str:
    """What an interruption kept, truthfully: the files completed before it, or none.

    The files are those the command renamed into place (`completed_writes`, recorded with the
    renames, so a signal just after them is told that they were written) and any the stage
    named on its way out.
    """
    name = getattr(interrupted, "signal_name", "SIGINT")
    named: list[Path] = [*completed_writes(), *getattr(interrupted, "written", [])]
    written = list(dict.fromkeys(Path(path) for path in named))
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

    def main(self, args: Any = None, *pos: Any, **kwargs: Any) -> Any:
        """As click's, except in a program of its own (not one called with `args`, as tests
        do): the collector runs less often (`tune_collector`), and the program leaves as soon
        as the command is done. Every `finally` has run by then (records saved, temporary
        files removed, a cassette written, batch workers stopped), and tearing down openai,
        langchain and a draft's objects would take another half second, or more than a
        second on a busy machine."""
        if args is None:
            tune_collector()
        try:
            return super().main(args, *pos, **kwargs)
        except SystemExit as leaving:
            if args is None:
                _leave_now(leaving.code)
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, none of their modules imported."""
        return sorted({*self.commands, *_COMMAND_MODULES})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """As click's, each line from `_COMMAND_HELP` for a command whose module is not
        imported: `draftflow --help` imports none of them."""
        names = self.list_commands(ctx)
        shown = [n for n in names if n not in self.commands or not self.commands[n].hidden]
        if not shown:
            return
        limit = formatter.width - 6 - max(len(name) for name in shown)
        rows = [(name, self._short_help(name, limit)) for name in shown]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def _short_help(self, name: str, limit: int) -> str:
        # a command not imported is shortened as click shortens its own help: by a stand-in
        command = self.commands.get(name) or click.Command(name, help=_COMMAND_HELP[name])
        return command.get_short_help_str(limit)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command, its module imported (which registers it) the first time it is asked for."""
        module = _COMMAND_MODULES.get(cmd_name)
        if cmd_name not in self.commands and module is not None:
            importlib.import_module(f"draftflow.cli.{module}")
        return super().get_command(ctx, cmd_name)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        """As click's, with a bad option of the group itself in draftflow's error form."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as error:
            raise as_usage_failure(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        _log_notices_to_stderr()
        forget_completed_writes()
        try:
            with _interrupts_raise():
                _raise_if_signalled()  # one that arrived while the options were parsed
                result = super().invoke(ctx)
                _raise_if_signalled()  # one that a stage held and nothing raised since
                return result
        except click.ClickException as error:
            sub = ctx.invoked_subcommand
            raise as_usage_failure(error, f"{ctx.command_path} {sub}" if sub else None) from None
        except KeyboardInterrupt as interrupted:
            click.echo(interrupted_message(interrupted), err=True)
            ctx.exit(INTERRUPTED_EXIT)
        except Exception as error:
            if _Received.name is not None:
                # the signal's `Interrupted` came back wrapped by code it was raised in (a
                # pydantic serializer or validator, a library's error handling): it is still
                # the signal that ended the command
                click.echo(interrupted_message(Interrupted(_Received.name)), err=True)
                ctx.exit(INTERRUPTED_EXIT)
            if not isinstance(error, DraftflowError):
                raise
            click.secho(f"error: {error.message}", fg="red", err=True)
            if error.hint:
                click.echo(f"  fix: {error.hint}", err=True)
            ctx.exit(error.exit_code)
        finally:
            _Received.name = None


def _raise_if_signalled() -> None:
    if _Received.name is not None:
        raise Interrupted(_Received.name)


def _leave_now(code: object) -> None:
    """Exit with `code` as `sys.exit` would, output flushed, skipping the interpreter's
    teardown. A signal that arrived after the command ended (noted, or still pending once
    signals are blocked for the exit) turns a success into 130: a run that received a signal
    never ends 0."""
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    logging.shutdown()
    sys.stdout.flush()
    signal.pthread_sigmask(signal.SIG_BLOCK, _HANDLED_SIGNALS)
    pending = signal.sigpending() & set(_HANDLED_SIGNALS)
    if not code and (_Received.name is not None or pending):
        name = _Received.name or signal.Signals(min(pending)).name
        print(interrupted_message(Interrupted(name)), file=sys.stderr)
        code = INTERRUPTED_EXIT
    sys.stderr.flush()
    os._exit(code or 0)


@click.group(cls=_Group, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="draftflow")
def main() -> None:
    """Draft editorial records of local-AI benchmark reports, with every number checked.

    draftflow pins a repository revision, hashes every source document, extracts each
    reported result with its exact source line, drafts the editorial with a local
    OpenAI-compatible model (or a deterministic drafter when none is configured), and
    verifies every number, hash, line and citation offline before an editor signs off.
    """


def all_commands(group: click.Group = main) -> dict[str, click.Command]:
    """Each command of `group` by name, every command module imported (for `--help`-like uses
    and the tests that walk all commands)."""
    ctx = click.Context(group)
    found = {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}
    return {name: command for name, command in found.items() if command is not None}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
