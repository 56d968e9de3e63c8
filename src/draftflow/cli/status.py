"""`draftflow status | diff`: where each record of a folder stands, and what changed in one."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from draftflow.cli import main, output_console
from draftflow.cli.notes import Note, print_notes
from draftflow.cli.options import records_dir_option
from draftflow.errors import CheckFailed, InputError
from draftflow.review import (
    LocalCopies,
    RecordStatus,
    ReviewState,
    diff_lines,
    diff_versions,
    status,
)
from draftflow.store.write import RecordStore

RECORDS_DIR_OPTION = records_dir_option()

STATE_STYLES = {
    "draft": "cyan",
    "flagged": "red",
    "approved": "green",
    "stale": "yellow",
    "not-reverified": "magenta",
    "unreadable": "red",
}
_NEEDS_ATTENTION = {
    ReviewState.FLAGGED: "flagged: `draftflow review ID` shows each flag and what to do",
    ReviewState.STALE: "stale: `draftflow diff ID` shows what changed since the sign-off, "
    "then approve it again",
    ReviewState.NOT_REVERIFIED: "not-reverified: give its sources, --corpus DIR for a folder of "
    "OWNER__NAME copies, --source ID=PATH for one, or --fetch (each row's note says which)",
}
_DIFF_STYLES = {"added": "green", "removed": "red", "changed": "yellow", "info": "bold"}


@main.command(
    "status",
    epilog="""\b
Examples:
  draftflow status
  draftflow status records/gold --json
  draftflow status --source examples/jvr0x__dgx-spark-bench
  draftflow status --source jvr0x-dgx-spark-bench=../checkouts/bench
  draftflow status records/gold --corpus tests/data/corpus
  draftflow status --fetch

\b
Exit codes: 0 every record re-verified and none flagged or stale, 1 a record is flagged
(error flags its sign-off does not acknowledge), stale (changed since its sign-off) or not
re-verified (its sources could not be read), 2 a record's file cannot be read (its row says
which and the fix).
""",
)
@click.argument("records_dir_arg", metavar="[RECORDS_DIR]", required=False, type=Path)
@RECORDS_DIR_OPTION
@click.option(
    "--source",
    "sources",
    metavar="[ID=]PATH",
    multiple=True,
    help="A local copy (checkout, mirror or folder) to verify against, offline: ID=PATH for "
    "record ID, or a PATH named after the repository (OWNER__NAME or NAME). Repeatable.",
)
@click.option(
    "--corpus",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="A folder of local copies named OWNER__NAME (as examples/ holds).",
)
@click.option(
    "--fetch",
    is_flag=True,
    help="Fetch a record's repository when it is not in the local cache (default: offline).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON on stdout.")
def status_command(
    records_dir_arg: Path | None,
    records_dir: Path,
    sources: tuple[str, ...],
    corpus: Path | None,
    fetch: bool,
    as_json: bool,
) -> None:
    """One row per record: id, revision, results, flags, state, day of the last change.

    Each record is verified again against its sources (a local copy --source or --corpus
    names, else the one its draft stored, else its repository at its revision from the fetch
    cache); nothing on disk is taken on trust.
    States: draft (no error flags), flagged (error flags not acknowledged), approved (the
    sign-off matches the record's sha256 and every error flag found now is acknowledged),
    stale (changed since approval), not-reverified (the sources could not be read) and
    unreadable (a file of the record is corrupt).
    """
    copies = LocalCopies.parse(sources, corpus)
    rows = status(records_dir_arg or records_dir, offline=not fetch, copies=copies)
    if as_json:
        click.echo(json.dumps([r.model_dump(mode="json") for r in rows], indent=2))
    else:
        _print_status(rows, records_dir_arg or records_dir)
    _raise_for_status(rows)


def _print_status(rows: list[RecordStatus], folder: Path) -> None:
    console = Console(highlight=False)  # the terminal's width (COLUMNS when piped)
    if not rows:
        console.print(f"no records in {folder}")
        return
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("id", overflow="fold")
    table.add_column("revision", no_wrap=True)
    for header in ("results", "errors", "warn"):
        table.add_column(header, justify="right", no_wrap=True)
    table.add_column("state", no_wrap=True)
    table.add_column("changed", no_wrap=True)
    for row in rows:
        table.add_row(
            escape(row.id),
            row.short_revision or "?",
            str(row.results) if row.repository else "?",
            str(row.errors) if row.verified else "?",
            str(row.warnings) if row.verified else "?",
            Text(row.state.value, style=STATE_STYLES[row.state.value]),
            (row.last_change or "?")[:10],
        )
    console.print(table)
    print_notes(
        console,
        (
            Note(row.id, row.problem, row.fix, STATE_STYLES[row.state.value])
            for row in rows
            if row.problem
        ),
    )


def _raise_for_status(rows: list[RecordStatus]) -> None:
    unreadable = [r.id for r in rows if r.state is ReviewState.UNREADABLE]
    if unreadable:
        raise InputError(
            f"{len(unreadable)} record(s) have a file that cannot be read: {', '.join(unreadable)}",
            hint="each row above names the file and how to fix it",
        )
    attention = [r for r in rows if r.state in _NEEDS_ATTENTION]
    if attention:
        counts = Counter(r.state for r in attention)
        listed = ", ".join(f"{r.id} ({r.state.value})" for r in attention)
        raise CheckFailed(
            f"{len(attention)} of {len(rows)} record(s) need attention: {listed}",
            hint="; ".join(
                _NEEDS_ATTENTION[state] for state in _NEEDS_ATTENTION if state in counts
            ),
        )


@main.command(
    "diff",
    epilog="""\b
Examples:
  draftflow diff jvr0x-dgx-spark-bench
  draftflow diff jvr0x-dgx-spark-bench --against previous
  draftflow diff jvr0x-dgx-spark-bench --against HEAD~1 --json
""",
)
@click.argument("record_id", metavar="ID")
@click.option(
    "--against",
    default=None,
    help="approved (the signed-off version), previous (the last version in history), "
    "or a git revision of the repository holding the records directory  "
    "[default: approved, or previous for a record never approved].",
)
@RECORDS_DIR_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the diff as JSON on stdout.")
def diff_command(record_id: str, against: str | None, records_dir: Path, as_json: bool) -> None:
    """Show what changed in a record: fields added, removed and changed.

    Reported results are matched by (label, metric), not by position; prose is compared
    sentence by sentence; a change of editorial status is shown on its own line. Without
    --against, a record never approved is compared with its previous version.
    """
    store = RecordStore(records_dir)
    if against is None:
        against = "approved" if store.paths(record_id).signoff.is_file() else "previous"
        if against == "previous":
            click.echo(
                f"{record_id} was never approved: comparing with its previous version", err=True
            )
    diff = diff_versions(store, record_id, against)
    if as_json:
        click.echo(diff.model_dump_json(indent=2))
        return
    console = output_console()
    console.print(Text(f"{record_id}: against {diff.against}", style="bold"))
    for style, line in diff_lines(diff):
        console.print(Text(line, style=_DIFF_STYLES[style]))
