"""`draftflow verify`: check a record's hashes, URLs, lines, numbers and citations offline."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from draftflow.acquire.snapshot import Snapshot
from draftflow.cli import main, output_console
from draftflow.cli.flags import print_flag
from draftflow.cli.options import git_timeout_option, max_bytes_option
from draftflow.errors import CheckFailed, NotCachedError
from draftflow.record.files import load_record
from draftflow.record.model import Record
from draftflow.review.reverify import AcquireLimits, current_report, snapshot_for
from draftflow.store.source import load_record_source
from draftflow.store.write import RecordStore
from draftflow.verify import FlagCause, Severity, VerificationReport, flags_by_cause
from draftflow.verify.causes import EXAMPLES

VERIFY_EPILOG = """\b
Examples:
  draftflow verify records/<id>.json
  draftflow verify records/<id>.json --source path/to/checkout
  draftflow verify records/<id>.json --all-flags     # every warning, not three a cause
  draftflow verify records/gold/miaai-lab-deepseek-v4-flash-dspark-2x-dgx-spark.json \\
      --source tests/data/corpus/MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark --json

\b
SOURCE is a local git checkout or a plain folder holding the record's repository at the
record's revision (taken from source.revision; the repository from source.url). Without
--source, verify reads the source the record's draft stored (<id>.source.json beside the
record), else the record's repository from the local fetch cache; it goes online only
with --fetch (as status, review and approve read their sources).

\b
Exit codes: 0 no error flag, 1 error flags found, 2 bad usage or unreadable input.
"""


@main.command("verify", epilog=VERIFY_EPILOG)
@click.argument("record_path", metavar="RECORD.json", type=click.Path(path_type=Path))
@click.option(
    "--source",
    "source",
    metavar="SOURCE",
    default=None,
    help="Local checkout or folder of the record's repository at its revision.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print {"record_id", "checked", "flags", "claims"} as JSON on stdout.',
)
@click.option(
    "--all-flags",
    is_flag=True,
    help=f"Print every warning; by default each cause's first {EXAMPLES} are printed in full "
    "and the rest counted (every error is always printed).",
)
@click.option(
    "--fetch",
    is_flag=True,
    help="Fetch the record's repository when neither --source nor a stored source is given "
    "and it is not in the local cache (default: offline).",
)
@max_bytes_option()
@git_timeout_option()
def verify_command(
    record_path: Path,
    source: str | None,
    as_json: bool,
    all_flags: bool,
    fetch: bool,
    max_bytes: int,
    timeout: float,
) -> None:
    """Verify RECORD.json against its sources, offline and deterministically.

    Every document's bytes are hashed against its document_sha256 and its pinned URL
    checked; every reported result must stand on its cited line (or be derived, as its
    statistic says, from values that do); every number, hash, date and version in the
    prose must be supported by the cited documents or the record's verified fields; every
    section must cite pinned documents; every stated condition must appear in a source.
    No model and no network are used (except to fetch the repository with --fetch).
    """
    record = load_record(record_path)
    store = RecordStore(record_path.parent)
    limits = AcquireLimits(max_bytes=max_bytes, timeout=timeout)
    snapshot = _acquire(record, source, store, offline=not fetch, limits=limits)
    report = current_report(record, snapshot, store)
    if as_json:
        data = report.to_json()
        data["causes"] = [cause.to_json() for cause in flags_by_cause(report.flags)]
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print_report(report, snapshot, output_console(), record, all_flags=all_flags)
    if report.errors:
        raise CheckFailed(
            f"{record.id}: {len(report.errors)} error flag(s)",
            hint="fix each flagged value, line or citation in the record (or the record's "
            "source), then run draftflow verify again",
        )


def _acquire(
    record: Record, source: str | None, store: RecordStore, *, offline: bool, limits: AcquireLimits
) -> Snapshot:
    """The record's repository at the record's revision, found as status and approve find it
    (SOURCE, else the stored source beside the record, else its URL; the fetch cache only,
    when `offline`)."""
    stored = load_record_source(store.root, record.id)
    try:
        return snapshot_for(record, source, stored=stored, offline=offline, limits=limits)
    except NotCachedError as error:
        raise NotCachedError(
            error.message,
            hint="pass --source PATH (a checkout or folder of the repository at the record's "
            "revision), or --fetch to fetch it",
        ) from None


def print_report(
    report: VerificationReport,
    snapshot: Snapshot | None,
    console: Console,
    record: Record | None = None,
    *,
    all_flags: bool = False,
) -> None:
    """The human form: a summary of what was checked, the flags counted by cause, then each
    error and (unless `all_flags`) each cause's first warnings with their context."""
    checked = report.checked
    console.print(f"[bold]verify[/bold] {escape(report.record_id)}")
    table = Table(show_header=False)
    table.add_column("what")
    table.add_column("count", justify="right")
    rows = [
        ("documents checked", checked.documents),
        ("documents not checkable", checked.documents_missing),
        ("reported results", checked.results),
        ("numbers checked", checked.numbers),
        ("  supported by a source line", checked.supported),
        ("  derived from source values", checked.derived),
        ("  from the record's verified fields", checked.record),
        ("  identifiers recognised", checked.identifiers),
        ("  unsupported", checked.unsupported),
        ("error flags", checked.errors),
        ("warning flags", checked.warnings),
    ]
    for label, count in rows:
        table.add_row(label, str(count))
    console.print(table)
    causes = flags_by_cause(report.flags)
    if causes:
        console.print(_causes_table(causes))
    for cause in causes:
        _print_cause(console, cause, snapshot, record, all_flags=all_flags)
    verdict = "[red]FAILED[/red]" if report.errors else "[green]passed[/green]"
    console.print(f"\n{verdict}: {len(report.errors)} error(s), {len(report.warnings)} warning(s)")


def _causes_table(causes: list[FlagCause]) -> Table:
    table = Table(title="flags by cause", title_justify="left")
    table.add_column("flags", justify="right")
    table.add_column("severity")
    table.add_column("rule")
    table.add_column("cause")
    for cause in causes:
        table.add_row(str(cause.count), cause.severity.value, cause.rule.value, escape(cause.cause))
    return table


def _print_cause(
    console: Console,
    cause: FlagCause,
    snapshot: Snapshot | None,
    record: Record | None,
    *,
    all_flags: bool,
) -> None:
    """A cause's flags in full: every error; a warning cause's first few, the rest counted."""
    shown = cause.flags if all_flags or cause.severity is Severity.ERROR else cause.flags[:EXAMPLES]
    for flag in shown:
        print_flag(console, flag, snapshot, record=record)
    if len(shown) < cause.count:
        console.print(
            f"\n[dim]… {cause.count - len(shown)} more {cause.severity.value}(s) of this cause "
            "(--all-flags prints every one; --json lists them)[/dim]"
        )
