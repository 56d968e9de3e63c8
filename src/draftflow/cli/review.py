"""`draftflow review | approve`: a record's flags shown to its editor, and the sign-off (`status`
and `diff` are `cli/status.py`)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

from draftflow.acquire.snapshot import Snapshot
from draftflow.cli import main, output_console
from draftflow.cli.flags import print_flag
from draftflow.cli.options import records_dir_option
from draftflow.cli.publishable import refuse_local_record
from draftflow.cli.status import STATE_STYLES
from draftflow.errors import CheckFailed, InputError
from draftflow.record.model import Record
from draftflow.review import (
    Reverification,
    ReviewState,
    approve,
    load_report,
    load_signoff,
    render_review_html,
    reverify,
    review_state,
    snapshot_for,
)
from draftflow.review.signoff import SignOff, open_error_flags, published_sha256_now
from draftflow.select import FIGURES_NAME, load_figures
from draftflow.store.source import load_record_source
from draftflow.store.write import RecordStore, atomic_write_text
from draftflow.verify import CheckedCounts, VerificationReport

RECORDS_DIR_OPTION = records_dir_option()
SOURCE_OPTION = click.option(
    "--source",
    metavar="PATH",
    default=None,
    help="A folder or checkout holding the record's repository at the record's revision "
    "(default: the source its draft stored, else the record's repository URL).",
)


@main.command(
    "review",
    epilog="""\b
Examples:
  draftflow review jvr0x-dgx-spark-bench --source examples/jvr0x__dgx-spark-bench
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

    The record is verified again against its sources (--source, else the one its draft
    stored, else its repository at its revision). When they cannot be read, the review says
    plainly that it could not re-verify, and lists the stored report's flags as what they
    are: an earlier check that may not match the record now. Nothing in the records
    directory is changed. Exit code 1 while an error flag stands unacknowledged.
    """
    store = RecordStore(records_dir)
    record = store.load(record_id)
    console = output_console()
    check = reverify(store, record, source=source)
    if check.report is None and source is not None:
        raise InputError(check.reason or "the sources cannot be read", hint=check.hint)
    signoff = load_signoff(store.paths(record_id).signoff)
    state = review_state(published_sha256_now(store, record_id), check, signoff)
    report = check.report or _stored_report(store, record_id, check, console)
    live_signoff = signoff if state is ReviewState.APPROVED else None
    _print_review(console, record, report, check.snapshot, live_signoff, state)
    if html_path is not None:
        figures_path = store.extra_path(record_id, FIGURES_NAME)
        figures = load_figures(figures_path) if figures_path.is_file() else []
        page = render_review_html(
            record,
            report,
            snapshot=check.snapshot,
            signoff=live_signoff,
            state=state.value,
            figures=figures,
        )
        atomic_write_text(html_path, page, create_folder=False)
        console.print(f"wrote {html_path}")
    _raise_for_open_errors(record_id, report, live_signoff)


def _raise_for_open_errors(
    record_id: str, report: VerificationReport, signoff: SignOff | None
) -> None:
    """Exit 1 while an error flag stands that the live sign-off does not acknowledge."""
    open_errors = [flag.id for flag in open_error_flags(report, signoff)]
    if open_errors:
        raise CheckFailed(
            f"{record_id}: {len(open_errors)} error flag(s) stand: {', '.join(open_errors)}",
            hint="fix each in the record, or acknowledge it with a reason: "
            f"draftflow approve {record_id} --editor NAME --ack FLAG_ID --reason TEXT",
        )


def _stored_report(
    store: RecordStore, record_id: str, check: Reverification, console: Console
) -> VerificationReport:
    """What to show when the sources cannot be read: the stored report, said to be just that."""
    console.print(Text(f"{record_id}: {check.reason}", style="magenta bold"))
    if check.hint:
        console.print(Text(f"  fix: {check.hint}"))
    stored = load_report(store.paths(record_id).verify)
    if stored is None:
        console.print("no stored report either: nothing has checked this record")
        return VerificationReport(record_id=record_id, checked=CheckedCounts(), flags=[])
    console.print(
        Text(
            "showing the stored report of an earlier check; it may not match the record now",
            style="yellow",
        )
    )
    return stored


def _print_review(
    console: Console,
    record: Record,
    report: VerificationReport,
    snapshot: Snapshot | None,
    signoff: SignOff | None,
    state: ReviewState,
) -> None:
    errors = [f for f in report.flags if f.is_error]
    console.print(Text(f"{record.id}: {state.value}", style=STATE_STYLES[state.value] + " bold"))
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
      --source examples/jvr0x__dgx-spark-bench
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

    The sources are --source, else the one the record's draft stored, else its repository
    at its revision; when they cannot be read nothing is signed.

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
    stored = load_record_source(records_dir, record_id)
    refuse_local_record(record, record_id, stored, records_dir)
    snapshot = snapshot_for(record, source, stored=stored)
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
