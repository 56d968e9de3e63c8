"""`draftflow status | diff | review | approve`: the editor's side of the workflow."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from draftflow.cli import main
from draftflow.errors import DraftflowError, InputError
from draftflow.records import Record, record_to_json
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
from draftflow.select import load_figures
from draftflow.snapshot import Snapshot
from draftflow.verify import Evidence, Flag, VerificationReport, verify_record
from draftflow.write import RecordStore, atomic_write_text

RECORDS_DIR_OPTION = click.option(
    "--records-dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("records"),
    show_default=True,
    help="The folder holding <id>.json records.",
)
SOURCE_OPTION = click.option(
    "--source",
    metavar="PATH",
    default=None,
    help="A folder or checkout holding the record's repository at the record's revision "
    "(default: acquire the record's repository URL).",
)

CONTEXT = 2
_STATE_STYLES = {"draft": "cyan", "flagged": "red", "approved": "green", "stale": "yellow"}
_DIFF_STYLES = {"added": "green", "removed": "red", "changed": "yellow", "info": "bold"}


def _console() -> Console:
    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:  # piped or captured: don't squeeze tables into 80 columns
        console = Console(highlight=False, soft_wrap=True, width=200)
    return console


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
    console = _console()
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
    console = _console()
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
    console = _console()
    snapshot, report = _current_report(store, record, source, console)
    signoff = load_signoff(store.paths(record_id).signoff)
    state = review_state(record, report, signoff)
    live_signoff = signoff if state is ReviewState.APPROVED else None
    _print_review(console, record, report, snapshot, live_signoff, state)
    if html_path is not None:
        figures_path = store.paths(record_id).figures
        figures = load_figures(figures_path) if figures_path.is_file() else []
        page = render_review_html(
            record,
            report,
            snapshot=snapshot,
            signoff=live_signoff,
            state=state.value,
            figures=figures,
        )
        atomic_write_text(html_path, page)
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
        _print_flag(console, record, flag, snapshot, acks.get(flag.id) is not None)


def _print_flag(
    console: Console, record: Record, flag: Flag, snapshot: Snapshot | None, acknowledged: bool
) -> None:
    severity = str(flag.severity)
    style = "red" if severity == "error" else "yellow"
    console.print()
    console.print(
        Text(f"{severity} {flag.id} [{flag.rule}] at {flag.location}", style=style + " bold")
    )
    console.print(f"  claim: {flag.claim}")
    around = _record_context(record, flag.location, flag.claim)
    if around:
        console.print(Text(f"  in the record: {around}"))
    console.print(f"  {flag.message}")
    for evidence in flag.evidence:
        _print_evidence(console, evidence, snapshot)
    if acknowledged:
        console.print(Text("  acknowledged in the current sign-off", style="green"))
    elif severity == "error":
        console.print(
            f"  to do: fix {flag.location} in the record, or acknowledge it: "
            f"draftflow approve {record.id} --editor NAME --ack {flag.id} --reason TEXT"
        )
    else:
        console.print("  to do: check it; acknowledging a warning is optional")


def _record_context(record: Record, pointer: str, claim: str, width: int = 70) -> str | None:
    """The record's text around `claim` at the JSON pointer `pointer`, on one line."""
    value: Any = record_to_json(record)
    for part in pointer.strip("/").split("/") if pointer.strip("/") else []:
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return None
    if not isinstance(value, str):
        return None if isinstance(value, (dict, list)) else json.dumps(value)
    at = value.find(claim)
    if at < 0:
        return " ".join(value.split())[: 2 * width]
    start, end = max(0, at - width), min(len(value), at + len(claim) + width)
    before, after = ("…" if start else ""), ("…" if end < len(value) else "")
    return before + " ".join(value[start:end].split()) + after


def _print_evidence(console: Console, evidence: Evidence, snapshot: Snapshot | None) -> None:
    line = evidence.line
    console.print(Text(f"  {evidence.path}#L{line}  {evidence.url}", style="dim"))
    document = snapshot.document(evidence.document_id) if snapshot and line else None
    if document is None or line is None:
        if evidence.text is not None:
            console.print(Text(f"  >{line or '?':>6} | {evidence.text}"))
        return
    for number in range(max(1, line - CONTEXT), line + CONTEXT + 1):
        text = document.line(number)
        if text is not None:
            marker = ">" if number == line else " "
            console.print(Text(f"  {marker}{number:>6} | {text}"))


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
    console = _console()
    console.print(
        Text(f"{record_id} approved by {signoff.editor} at {signoff.time}", style="green bold")
    )
    console.print(
        f"sha256 {signoff.record_sha256}; {len(signoff.acknowledged)} flag(s) acknowledged; "
        f"wrote {result.signoff_path}"
    )
