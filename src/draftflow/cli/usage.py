"""click's own errors (bad usage, a bad value, a missing file) in draftflow's form.

Every failure prints one `error:` line and one `fix:` line on stderr; click's exceptions would
print a usage block and `Error: ...` with no fix, so the CLI entry point wraps them in
`UsageFailure`, whose `show` prints the two lines. The exit code stays click's (2).
"""

from __future__ import annotations

from typing import IO, Any

import click
from click.exceptions import NoArgsIsHelpError, NoSuchCommand

__all__ = ["UsageFailure", "as_usage_failure"]


class UsageFailure(click.ClickException):
    """A click exception restated as `error: WHAT` and `  fix: WHAT TO DO`."""

    def __init__(self, message: str, hint: str, exit_code: int) -> None:
        super().__init__(message)
        self.hint = hint
        # click declares exit_code a class variable; this instance keeps the wrapped error's
        object.__setattr__(self, "exit_code", exit_code)

    def show(self, file: IO[Any] | None = None) -> None:
        """Print the two lines on stderr (click's `show` would print usage and `Error:`)."""
        click.secho(f"error: {self.message}", fg="red", err=True)
        click.echo(f"  fix: {self.hint}", err=True)


def as_usage_failure(
    error: click.ClickException, fallback_path: str | None = None
) -> click.ClickException:
    """`error` as a `UsageFailure`; help shown for a bare group (exit 2) stays as it is.

    `fallback_path` names the command when click's error does not carry its context."""
    if isinstance(error, UsageFailure | NoArgsIsHelpError):
        return error
    path = _command_path(error) or fallback_path
    message = _first_lower(_message(error))
    if path and isinstance(error, click.UsageError):
        message = f"{path}: {message}"
    return UsageFailure(message, _hint(error, path or "draftflow"), error.exit_code)


def _command_path(error: click.ClickException) -> str | None:
    ctx = getattr(error, "ctx", None)
    return ctx.command_path if isinstance(ctx, click.Context) else None


def _message(error: click.ClickException) -> str:
    """click's message without the 'Did you mean' part (the fix line says it) and the period."""
    text = error.message if isinstance(error, NoSuchCommand) else error.format_message()
    if isinstance(error, click.NoSuchOption):
        text = error.message
    return text.rstrip(".")


def _hint(error: click.ClickException, path: str) -> str:
    help_ = f"`{path} --help`"
    possibilities = getattr(error, "possibilities", None)
    if isinstance(error, NoSuchCommand):
        guess = _did_you_mean(possibilities)
        return f"{guess}run `draftflow --help` for the list of commands"
    if isinstance(error, click.NoSuchOption):
        return f"{_did_you_mean(possibilities)}{help_} lists the options this command takes"
    if isinstance(error, click.MissingParameter):
        return f"give it; {help_} shows the arguments, the options and examples"
    if isinstance(error, click.BadParameter):
        return f"give a value it accepts: {help_} says what each option takes"
    if isinstance(error, click.FileError):
        return "check the path exists and is readable"
    if isinstance(error, click.UsageError):
        return f"{help_} shows how the command is called, with examples"
    return f"see {help_}"


def _did_you_mean(possibilities: object) -> str:
    if not isinstance(possibilities, list) or not possibilities:
        return ""
    return "did you mean " + " or ".join(str(p) for p in sorted(possibilities)) + "? "


def _first_lower(text: str) -> str:
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text
