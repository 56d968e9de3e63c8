"""The command line: thin wrappers that parse options, call a stage, and map errors to exit codes.

Exit codes: 0 success; 1 the checked thing failed (error flags, refused sign-off);
2 bad usage or unusable input; 3 the model server failed; 4 output could not be written;
130 interrupted.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from draftflow import __version__
from draftflow.errors import DraftflowError

# Each module registers its commands on `main`; listed here so `--help` shows them all.
_COMMAND_MODULES = ("sources", "render", "verify", "model", "draft", "review", "select")

EPILOG = """\b
Examples:
  draftflow sources ../shared/corpus/jvr0x__dgx-spark-bench \\
      --origin https://github.com/jvr0x/dgx-spark-bench --revision <sha>
  draftflow draft https://github.com/OWNER/NAME
  draftflow verify records/<id>.json --source path/to/checkout
  draftflow render records/<id>.json

Run `draftflow COMMAND --help` for each command's options and examples.
"""


class _Group(click.Group):
    """A click group that turns draftflow errors into one clean message and an exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DraftflowError as error:
            click.secho(f"error: {error.message}", fg="red", err=True)
            if error.hint:
                click.echo(f"  fix: {error.hint}", err=True)
            ctx.exit(error.exit_code)
        except KeyboardInterrupt:
            click.echo("interrupted: nothing half-written was kept", err=True)
            ctx.exit(130)


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
