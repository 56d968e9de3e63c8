"""`draftflow select`: the editor changes a record's headline figures by figure id."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console

from draftflow.cli import main
from draftflow.cli.changes import diff_texts, print_changes
from draftflow.cli.options import records_dir_option
from draftflow.errors import InputError

EXAMPLES = """\b
Examples:
  draftflow select jvr0x-dgx-spark-bench --add fig-0123abcd4567 \\
      --reason "the README leads with this single-stream figure" \\
      --source examples/jvr0x__dgx-spark-bench
  draftflow select jvr0x-dgx-spark-bench --drop fig-89ab01234567 --reason "a token count"
"""


@main.command("select", epilog=EXAMPLES)
@click.argument("record_id", metavar="ID")
@click.option(
    "--add",
    "add",
    multiple=True,
    metavar="FIGURE_ID",
    help="Add this figure to the headline (`draftflow figures ID` lists the ids).",
)
@click.option(
    "--drop", "drop", multiple=True, metavar="FIGURE_ID", help="Drop this figure from the headline."
)
@click.option("--reason", required=True, help="Why (kept in the record's provenance).")
@click.option(
    "--source",
    metavar="PATH",
    default=None,
    help="A folder or checkout holding the record's repository at its revision "
    "(default: the source its draft stored, else the record's repository URL).",
)
@records_dir_option()
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the outcome as JSON: the figures added and dropped, the structural diff, and "
    "the raw unified diff of the record file.",
)
def select_command(
    record_id: str,
    add: tuple[str, ...],
    drop: tuple[str, ...],
    reason: str,
    source: str | None,
    records_dir: Path,
    as_json: bool,
) -> None:
    """Change the headline figures of record ID: add or drop figures by id.

    Only figures of the record's figures file can be added, so no number enters the record
    without its source line. The record is verified again, its version bumps (an earlier
    sign-off goes stale), and the edit is kept and re-applied by later drafts.
    """
    from draftflow.pipeline.reselect import edit_selection
    from draftflow.review import snapshot_for
    from draftflow.store.source import load_record_source
    from draftflow.store.write import RecordStore

    if not add and not drop:
        raise InputError(
            "nothing to change: no --add or --drop",
            hint=f"pass --add FIGURE_ID or --drop FIGURE_ID (`draftflow figures {record_id}` "
            "lists the ids)",
        )
    store = RecordStore(records_dir)
    stored = load_record_source(records_dir, record_id)
    snapshot = snapshot_for(store.load(record_id), source, stored=stored)
    only = tuple(stored.only) if stored is not None else ()
    outcome = edit_selection(
        store, record_id, snapshot, add=add, drop=drop, reason=reason, only=only
    )
    record = outcome.record
    saved = outcome.saved
    diff = diff_texts(saved.previous_text, saved.new_text) if saved.previous_text else None
    if as_json:
        click.echo(
            json.dumps(
                {
                    "record_id": record_id,
                    "version": record.editorial.version,
                    "added": list(outcome.added),
                    "dropped": list(outcome.dropped),
                    "errors": outcome.report.checked.errors,
                    "warnings": outcome.report.checked.warnings,
                    "diff": diff.model_dump(mode="json") if diff else None,
                    "unified_diff": saved.unified_diff(),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        if outcome.report.checked.errors:
            sys.exit(1)
        return
    console = Console(highlight=False)
    if diff is not None:
        print_changes(console, diff, f"{record_id}: what changed")
    console.print(
        f"{record_id} version {record.editorial.version}: "
        f"{len(record.editorial.reported_results)} headline figures "
        f"(added {len(outcome.added)}, dropped {len(outcome.dropped)}); "
        f"flags: {outcome.report.checked.errors} error, {outcome.report.checked.warnings} warning"
    )
    if outcome.report.checked.errors:
        sys.exit(1)
