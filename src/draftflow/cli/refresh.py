"""`draftflow refresh`: re-draft the records whose repositories moved since their draft."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from draftflow.cli import main, output_console
from draftflow.cli.changes import print_changes
from draftflow.cli.llm import model_options, settings_from_options
from draftflow.cli.notes import Note, print_notes
from draftflow.cli.options import records_dir_option
from draftflow.cli.sizing import sized_to_server

if TYPE_CHECKING:
    from draftflow.pipeline.refresh import RefreshReport

EPILOG = """\b
Examples:
\b
  # which records' repositories have new commits? (nothing is written)
  draftflow refresh --dry-run
\b
  # re-draft those that moved, with the model server on a Spark
  draftflow refresh --base-url http://spark.local:8000/v1 --concurrency 32
\b
  # only these records
  draftflow refresh jvr0x-dgx-spark-bench kleybrink-dgx-spark-bench
"""

_STATE_STYLE = {
    "current": "[dim]current[/]",
    "moved": "[yellow]moved[/]",
    "rewound": "[red]rewound[/]",
    "redrafted": "[green]redrafted[/]",
    "not-refreshable": "[dim]not refreshable[/]",
    "unknown-source": "[yellow]unknown source[/]",
    "failed": "[red]failed[/]",
}


@main.command("refresh", epilog=EPILOG)
@click.argument("ids", nargs=-1, metavar="[ID]...")
@records_dir_option()
@click.option("--dry-run", is_flag=True, help="List the records whose source moved; write nothing.")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    help="Processes that re-draft  [default: one per CPU, or per 4 --concurrency slots].",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print a machine-readable report (each re-draft's raw unified diff included).",
)
@click.option(
    "--allow-rewind",
    is_flag=True,
    help="Re-draft even where the head is an ancestor of the approved commit (history "
    "rewritten); refused without it.",
)
@model_options
def refresh_command(
    ids: tuple[str, ...],
    records_dir: Path,
    dry_run: bool,
    workers: int | None,
    as_json: bool,
    allow_rewind: bool,
    **model_flags: Any,
) -> None:
    """Re-draft each record (every one, or the IDs given) whose repository moved.

    Asks each record's source for its default-branch head (`git ls-remote`; a local
    checkout's HEAD). Where it moved, drafts the record again at the new revision, prints
    the diff, and leaves any sign-off stale for the editor to approve again. A head that is
    an ancestor of the approved commit (a force-push) is refused as `rewound` (exit 1)
    unless --allow-rewind. Records drafted from plain folders have no history and are
    reported as not refreshable.
    """
    from draftflow.cli.batch import batch_table
    from draftflow.pipeline.refresh import refresh

    settings = settings_from_options(**model_flags)
    if not dry_run:
        settings = sized_to_server(settings)
    report = refresh(
        records_dir, ids, settings, dry_run=dry_run, workers=workers, allow_rewind=allow_rewind
    )
    if as_json:
        click.echo(report.model_dump_json(indent=2))
    else:
        console = output_console()
        console.print(_checks_table(report))
        _print_notes(console, report)
        if report.redrafts is not None:
            for item in report.redrafts.items:
                if item.outcome is not None and item.outcome.diff:
                    _print_redraft_changes(console, records_dir, item.outcome.record_id)
            console.print(batch_table(report.redrafts.items))
        elif dry_run:
            moved = sum(1 for c in report.checks if c.state == "moved")
            console.print(f"dry run: {moved} record(s) would be drafted again")
    if report.exit_code:
        sys.exit(report.exit_code)


def _print_redraft_changes(console: Console, records_dir: Path, record_id: str) -> None:
    """What the re-draft changed, field by field, against the version it replaced."""
    from draftflow.review import diff_versions
    from draftflow.store.write import RecordStore

    diff = diff_versions(RecordStore(records_dir), record_id, "previous")
    print_changes(console, diff, f"{record_id}: what the re-draft changed")


def _checks_table(report: RefreshReport) -> Table:
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("record", overflow="fold")
    table.add_column("source", no_wrap=True)
    table.add_column("revision", no_wrap=True)
    table.add_column("head now", no_wrap=True)
    table.add_column("state", no_wrap=True)
    for check in report.checks:
        table.add_row(
            escape(check.record_id),
            check.source.kind.value if check.source else "-",
            check.revision[:12],
            (check.head or "")[:12] or "-",
            _STATE_STYLE[check.state.value],
        )
    return table


def _print_notes(console: Console, report: RefreshReport) -> None:
    print_notes(
        console,
        (
            Note(
                check.record_id,
                check.message,
                check.hint,
                "red" if check.state in {"failed", "rewound"} else "dim",
            )
            for check in report.checks
            if check.message is not None
        ),
    )
