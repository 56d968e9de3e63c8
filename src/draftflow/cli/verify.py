"""`draftflow verify`: check a record's hashes, URLs, lines, numbers and citations offline."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.cli import main, output_console
from draftflow.cli.flags import print_flag
from draftflow.cli.options import git_timeout_option, max_bytes_option
from draftflow.errors import CheckFailed, NotCachedError
from draftflow.record.files import load_record
from draftflow.record.model import Record
from draftflow.select import FIGURES_NAME
from draftflow.select.figures import load_figures
from draftflow.store.source import load_record_source
from draftflow.verify import VerificationReport, verify_figures, verify_record, with_figures
from draftflow.verify.context import DocumentIndexes

VERIFY_EPILOG = """\b
Examples:
  draftflow verify records/<id>.json
  draftflow verify records/<id>.json --source path/to/checkout
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
    if source is None:
        stored = load_record_source(record_path.parent, record.id)
        source = stored.location if stored is not None else None
    snapshot = _acquire(record, source, offline=not fetch, max_bytes=max_bytes, timeout=timeout)
    report = _with_figures_file(record, record_path, snapshot)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        print_report(report, snapshot, output_console(), record)
    if report.errors:
        raise CheckFailed(
            f"{record.id}: {len(report.errors)} error flag(s)",
            hint="fix each flagged value, line or citation in the record (or the record's "
            "source), then run draftflow verify again",
        )


def _with_figures_file(record: Record, record_path: Path, snapshot: Snapshot) -> VerificationReport:
    """The record's report, with its figures file's flags when one lies beside it (where
    each figure cites the places of its conditions: a hand edit of one is an error)."""
    indexes = DocumentIndexes()
    report = verify_record(record, snapshot, indexes=indexes)
    figures_path = record_path.parent / f"{record.id}.{FIGURES_NAME}"
    if not figures_path.is_file():
        return report
    figures = [figure.result for figure in load_figures(figures_path)]
    return with_figures(report, verify_figures(record, figures, snapshot, indexes=indexes))


def _acquire(
    record: Record, source: str | None, *, offline: bool, max_bytes: int, timeout: float
) -> Snapshot:
    """The record's repository at the record's revision, from SOURCE or from its URL (the
    fetch cache only, when `offline`)."""
    origin = record.source.url
    try:
        return acquire(
            source or origin,
            revision=record.source.revision,
            origin=origin,
            max_bytes=max_bytes,
            timeout=timeout,
            offline=offline,
        )
    except NotCachedError as error:
        raise NotCachedError(
            error.message,
            hint="pass --source PATH (a checkout or folder of the repository at the record's "
            "revision), or --fetch to fetch it",
        ) from None


def print_report(
    report: VerificationReport, snapshot: Snapshot, console: Console, record: Record | None = None
) -> None:
    """The human form: a summary of what was checked, then each flag with its context."""
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
    for flag in report.flags:
        print_flag(console, flag, snapshot, record=record)
    verdict = "[red]FAILED[/red]" if report.errors else "[green]passed[/green]"
    console.print(f"\n{verdict}: {len(report.errors)} error(s), {len(report.warnings)} warning(s)")
