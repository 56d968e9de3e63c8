"""`draftflow status | diff | review | approve`: the editor's side of the workflow."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from draftflow.cli import main, output_console
from draftflow.cli.flags import print_flag
from draftflow.cli.options import records_dir_option
from draftflow.errors import DraftflowError, InputError
from draftflow.records import Record
from draftflow.review import (
    ReviewState,
    approve,
    diff_lines,
    diff_records,
    load_report,
    load_signoff,
    load_version,
    render_review_html,
    review_state,
    snapshot_for,
    status,
)
from draftflow.review.signoff import SignOff
from draftflow.select import FIGURES_NAME, load_figures
from draftflow.snapshot import Snapshot
from draftflow.verify import VerificationReport, verify_record
from draftflow.write import RecordStore, atomic_write_text

RECORDS_DIR_OPTION = records_dir_option()
SOURCE_OPTION = click.option(
    "--source",
    metavar="PATH",
    default=None,
    help="A folder or checkout holding the record's repository at the record's revision "
    "(default: acquire the record's repository URL).",
)

_STATE_STYLES = {"draft": "cyan", "flagged": "red", "approved": "green", "stale": "yellow"}
_DIFF_STYLES = {"added": "green", "removed": "red", "changed": "yellow", "info": "bold"}


@main.command(
    "status",
    epilog="""\b
Examples:
  draftflow status
  draftflow status records/gold --json
""",
)
@click.argument("records_dir_arg", metavar="[RECORDS_DIR]", required=False, type=Path)
@RECORDS_DIR_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON on stdout.")
def status_command(records_dir_arg: Path | None, records_dir: Path, as_json: bool) -> None:
    """One row per record: id, repository@revision, results, flags, state, last change.

    States: draft (no error flags, not approved), flagged (error flags), approved (the
    sign-off matches the record's current sha256) and stale (changed since approval).
    """
    rows = status(records_dir_arg or records_dir)
    if as_json:
        click.echo(json.dumps([r.model_dump(mode="json") for r in rows], indent=2))
        return
    table = Table(
        "id", "repository@revision", "results", "errors", "warnings", "state", "last change"
    )
    for row in rows:
        table.add_row(
            row.id,
            f"{row.repository}@{row.short_revision}",
            str(row.results),
            str(row.errors) if row.verified else "?",
            str(row.warnings) if row.verified else "?",
            Text(row.state.value, style=_STATE_STYLES[row.state.value]),
            row.last_change,
        )
    console = output_console()
    console.print(table if rows else f"no records in {records_dir_arg or records_dir}")


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
    default="approved",
    show_default=True,
    help="approved (the signed-off version), previous (the last version in history), "
    "or a git revision of the repository holding the records directory.",
)
@RECORDS_DIR_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the diff as JSON on stdout.")
def diff_command(record_id: str, against: str, records_dir: Path, as_json: bool) -> None:
    """Show what changed in a record: fields added, removed and changed.

    Reported results are matched by (label, metric), not by position; prose is compared
    sentence by sentence; a change of editorial status is shown on its own line.
    """
    store = RecordStore(records_dir)
    current = store.load(record_id)
    old, label = load_version(store, record_id, against)
    diff = diff_records(old, current, against=label)
    if as_json:
        click.echo(diff.model_dump_json(indent=2))
        return
    console = output_console()
    console.print(Text(f"{record_id}: against {label}", style="bold"))
    for style, line in diff_lines(diff):
        console.print(Text(line, style=_DIFF_STYLES[style]))


@main.command(
    "review",
    epilog="""\b
Examples:
  draftflow review jvr0x-dgx-spark-bench --source ../shared/corpus/jvr0x__dgx-spark-bench
  draftflow review jvr0x-dgx-spark-bench --html review.html
""",
)
@click.argument("record_id", metavar="ID")
@click.option(
    "--html",
    "html_path",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="Also write a self-contained HTML review page here.",
)
@SOURCE_OPTION
@RECORDS_DIR_OPTION
def review_command(
    record_id: str, html_path: Path | None, source: str | None, records_dir: Path
) -> None:
    """Every flag of a record with its claim, the cited source lines around it, and what to do.

    The record is verified again against its sources; when they cannot be acquired (and no
    --source is given) the stored report is shown instead. Nothing in the records directory
    is changed.
    """
    store = RecordStore(records_dir)
    record = store.load(record_id)
    console = output_console()
    snapshot, report = _current_report(store, record, source, console)
    signoff = load_signoff(store.paths(record_id).signoff)
    state = review_state(record, report, signoff)
    live_signoff = signoff if state is ReviewState.APPROVED else None
    _print_review(console, record, report, snapshot, live_signoff, state)
    if html_path is not None:
        figures_path = store.extra_path(record_id, FIGURES_NAME)
        figures = load_figures(figures_path) if figures_path.is_file() else []
        page = render_review_html(
            record,
            report,
            snapshot=snapshot,
            signoff=live_signoff,
            state=state.value,
            figures=figures,
        )
        atomic_write_text(html_path, page, create_folder=False)
        console.print(f"wrote {html_path}")


def _current_report(
    store: RecordStore, record: Record, source: str | None, console: Console
) -> tuple[Snapshot | None, VerificationReport]:
    try:
        snapshot = snapshot_for(record, source)
    except DraftflowError as error:
        stored = load_report(store.paths(record.id).verify)
        if source is not None or stored is None:
            raise
        console.print(
            Text(
                f"sources unavailable ({error.message}); showing the stored report", style="yellow"
            )
        )
        return None, stored
    return snapshot, verify_record(record, snapshot)


def _print_review(
    console: Console,
    record: Record,
    report: VerificationReport,
    snapshot: Snapshot | None,
    signoff: SignOff | None,
    state: ReviewState,
) -> None:
    errors = [f for f in report.flags if str(f.severity) == "error"]
    console.print(Text(f"{record.id}: {state.value}", style=_STATE_STYLES[state.value] + " bold"))
    console.print(
        f"{len(report.claims)} numbers checked, {len(errors)} error flag(s), "
        f"{len(report.flags) - len(errors)} warning(s)"
    )
    acks = {a.flag_id: a for a in signoff.acknowledged} if signoff else {}
    for flag in report.flags:
        print_flag(
            console,
            flag,
            snapshot,
            record=record,
            acknowledged=acks.get(flag.id) is not None,
            advice=True,
        )


@main.command(
    "approve",
    epilog="""\b
Examples:
  draftflow approve jvr0x-dgx-spark-bench --editor "A. Editor" \\
      --source ../shared/corpus/jvr0x__dgx-spark-bench
  draftflow approve jvr0x-dgx-spark-bench --editor "A. Editor" \\
      --ack 3f2a9c1e --reason "the source states it in a chart caption"
""",
)
@click.argument("record_id", metavar="ID")
@click.option("--editor", required=True, help="Who signs off.")
@click.option(
    "--ack",
    "acks",
    multiple=True,
    metavar="FLAG_ID",
    help="A flag to acknowledge (id or unique prefix); each needs a --reason, in order.",
)
@click.option("--reason", "reasons", multiple=True, metavar="TEXT", help="Why the flag may stand.")
@SOURCE_OPTION
@RECORDS_DIR_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the sign-off as JSON on stdout.")
def approve_command(
    record_id: str,
    editor: str,
    acks: tuple[str, ...],
    reasons: tuple[str, ...],
    source: str | None,
    records_dir: Path,
    as_json: bool,
) -> None:
    """Sign off a record: verify it again, then record who approved which exact content.

    Refused (exit 1) while any error flag is not acknowledged with a reason. On success
    records/<id>.signoff.json holds the editor, the time, the sha256 of the approved record
    and each acknowledgement; any later change to the record makes it stale.
    """
    if len(acks) != len(reasons):
        raise InputError(
            f"{len(acks)} --ack but {len(reasons)} --reason given",
            hint="give one --reason right after each --ack",
        )
    if len(set(acks)) != len(acks):
        raise InputError("a flag is acknowledged twice", hint="give each --ack once")
    store = RecordStore(records_dir)
    record = store.load(record_id)
    snapshot = snapshot_for(record, source)
    result = approve(
        store, record_id, snapshot, editor=editor, acks=dict(zip(acks, reasons, strict=True))
    )
    if as_json:
        click.echo(result.signoff.model_dump_json(indent=2))
        return
    signoff = result.signoff
    console = output_console()
    console.print(
        Text(f"{record_id} approved by {signoff.editor} at {signoff.time}", style="green bold")
    )
    console.print(
        f"sha256 {signoff.record_sha256}; {len(signoff.acknowledged)} flag(s) acknowledged; "
        f"wrote {result.signoff_path}"
    )
