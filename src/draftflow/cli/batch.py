"""`draftflow draft SOURCE SOURCE... | --from FILE`: the batch, its progress and its table.

Not a command module: `draft` hands several sources here, and `refresh` prints its re-drafts
with the same table.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from draftflow.errors import InputError
from draftflow.llm import ModelSettings
from draftflow.pipeline.batch import run_batch
from draftflow.pipeline.batch_model import BatchItem, BatchReport, BatchState
from draftflow.pipeline.batch_sources import SourceLine, read_source_list
from draftflow.pipeline.draft import DraftRequest

_STATE_STYLE = {
    BatchState.NEW: "[green]new[/]",
    BatchState.CHANGED: "[yellow]changed[/]",
    BatchState.UNCHANGED: "[dim]unchanged[/]",
    BatchState.FAILED: "[red]failed[/]",
}


def draft_many(
    sources: Sequence[str],
    source_list: Path | None,
    *,
    settings: ModelSettings,
    records_dir: Path,
    only: tuple[str, ...],
    single: tuple[str | None, str | None, str | None],
    workers: int | None,
    as_json: bool,
) -> None:
    """Draft every source, print one table (or JSON), and exit with the batch's code."""
    if any(value is not None for value in single):
        raise InputError(
            "--revision, --origin and --id name one repository, and several sources were given",
            hint="put each source's revision, origin and id on its line of a --from FILE",
        )
    lines = [SourceLine(source=s) for s in sources]
    if source_list is not None:
        lines += read_source_list(source_list)
    if not lines:
        raise InputError("no source to draft", hint="give a SOURCE, several, or --from FILE")
    requests = [
        DraftRequest(
            source=line.source,
            records_dir=records_dir,
            settings=settings,
            revision=line.revision,
            origin=line.origin,
            record_id=line.record_id,
            only=line.only or only,
        )
        for line in lines
    ]
    report = run_batch_with_progress(requests, settings=settings, workers=workers, as_json=as_json)
    emit_report(report, as_json=as_json)
    if report.exit_code:
        sys.exit(report.exit_code)


def run_batch_with_progress(
    requests: Sequence[DraftRequest],
    *,
    settings: ModelSettings,
    workers: int | None,
    as_json: bool,
) -> BatchReport:
    """Run the batch; on a terminal, a line on stderr as each repository finishes."""
    err = Console(stderr=True)
    live = not as_json and sys.stderr.isatty()
    total = len(requests)
    done = 0

    def finished(item: BatchItem) -> None:
        nonlocal done
        done += 1
        if live:
            mark = "[red]✗[/]" if item.failure else "[green]✓[/]"
            err.print(f"{mark} [{done}/{total}] {escape(_name(item))} [dim]{item.seconds:.1f}s[/]")

    if live:
        err.print(
            f"drafting {total} repositories, at most {settings.concurrency} model "
            "requests in flight"
        )
    return run_batch(requests, concurrency=settings.concurrency, workers=workers, on_item=finished)


def emit_report(report: BatchReport, *, as_json: bool) -> None:
    """The batch as JSON, or as a table followed by each failure's message and fix."""
    if as_json:
        click.echo(report.model_dump_json(indent=2))
        return
    console = Console()
    console.print(batch_table(report.items))
    for item in report.items:
        if item.failure is not None:
            console.print(
                f"[red]error[/] {escape(item.source)}: {escape(item.failure.message)}",
                soft_wrap=True,
            )
            if item.failure.hint:
                console.print(f"  fix: {escape(item.failure.hint)}", soft_wrap=True)
    failed = sum(1 for item in report.items if item.failure is not None)
    flagged = sum(1 for item in report.items if item.errors)
    console.print(
        f"{len(report.items)} repositories in {report.elapsed_seconds:.1f}s "
        f"({report.workers} workers drafting up to {report.repositories_per_worker} each at "
        f"once, at most {report.concurrency} model requests in flight): "
        f"{failed} failed, {flagged} with error flags",
        soft_wrap=True,
    )


def batch_table(items: Sequence[BatchItem]) -> Table:
    """One row per repository: revision, results, flags, state and time."""
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("repository", overflow="fold")
    table.add_column("revision", no_wrap=True)
    table.add_column("results", justify="right")
    table.add_column("flags", no_wrap=True)
    table.add_column("state", no_wrap=True)
    table.add_column("time", justify="right", no_wrap=True)
    for item in items:
        failed = item.failure is not None
        table.add_row(
            escape(_name(item)),
            (item.revision or "")[:12] or "-",
            "-" if failed else str(item.results),
            "-" if failed else _flags(item),
            _STATE_STYLE[item.state],
            f"{item.seconds:.1f}s",
        )
    return table


def _flags(item: BatchItem) -> str:
    if not item.errors and not item.warnings:
        return "none"
    parts = [f"[red]{item.errors} error[/]"] if item.errors else []
    return ", ".join([*parts, f"{item.warnings} warning"] if item.warnings else parts)


def _name(item: BatchItem) -> str:
    return item.repository or item.source
