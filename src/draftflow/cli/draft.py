"""`draftflow draft`: from a repository to a verified record, its article and its diff."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console

from draftflow.cli import main, output_console, run_async
from draftflow.cli.llm import model_options, settings_from_options
from draftflow.cli.options import records_dir_option
from draftflow.cli.sizing import sized_to_server
from draftflow.errors import Interrupted
from draftflow.store.write import validate_record_id

if TYPE_CHECKING:
    from draftflow.pipeline.draft import DraftOutcome, UsageProbe

EXAMPLES = """\b
Examples:
\b
  # a plain copy named in the MANIFEST.json beside it (its origin and revision)
  draftflow draft examples/jvr0x__dgx-spark-bench

\b
  # a plain copy with no manifest: say which repository and revision it is
  draftflow draft path/to/copy --origin https://github.com/OWNER/NAME \\
      --revision <full 40-hex sha>

\b
  # a local clone or bare mirror (origin not on GitHub): pinned URLs of the public one
  draftflow draft file:///srv/mirrors/bench.git --origin https://github.com/OWNER/NAME

\b
  # a public repository, drafted by Qwen behind vLLM on a Spark
  draftflow draft https://github.com/OWNER/NAME \\
      --base-url http://spark.local:8000/v1 --model Qwen/Qwen3-32B

\b
  # several repositories at once, one shared bound on requests to the server
  draftflow draft --from repositories.txt --base-url http://spark.local:8000/v1 \\
      --concurrency 32

\b
  # replay recorded model exchanges offline (with the settings they were recorded with)
  draftflow draft examples/jvr0x__dgx-spark-bench \\
      --only 'results/qwen3.6-35b-nvfp4-nvidia*.json' \\
      --cassette cassettes/jvr0x-dgx-spark-bench.json \\
      --model smollm2 --context-tokens 6000 --max-tokens 512 --max-repairs 0

Without a model server the sections are written from templates over the grounded figures.
"""


class _StageLine:
    """The live status line of one stage: its name, model calls so far, and elapsed time."""

    def __init__(self, name: str, usage: UsageProbe | None) -> None:
        self.name = name
        self.usage = usage
        self.started = time.perf_counter()

    def __rich__(self) -> str:
        return f"[bold]{self.name}[/]… {self.calls()}[dim]{self.elapsed():.0f}s[/]"

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def calls(self) -> str:
        if self.usage is None:
            return ""
        u = self.usage()
        return (
            f"model calls: {u.get('requests', 0)} sent, {u.get('cache_hits', 0)} cached, "
            f"{u.get('cassette_replays', 0)} replayed  "
        )


class _Progress:
    """Stage-by-stage progress on stderr; silent when asked or when stderr is not a terminal."""

    def __init__(self, console: Console, enabled: bool) -> None:
        self.console = console
        self.enabled = enabled

    @contextmanager
    def _stage(self, name: str, usage: UsageProbe | None) -> Iterator[None]:
        if not self.enabled:
            yield
            return
        line = _StageLine(name, usage)
        with self.console.status(line):
            yield
        self.console.print(f"[green]✓[/] {name} {line.calls()}[dim]{line.elapsed():.1f}s[/]")

    def stage(self, name: str, usage: UsageProbe | None = None) -> AbstractContextManager[None]:
        return self._stage(name, usage)


@main.command(epilog=EXAMPLES)
@click.argument("sources", metavar="SOURCE...", nargs=-1)
@click.option(
    "--from",
    "source_list",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Draft every source listed in FILE (one per line, `#` comments; a line may add "
    "--origin, --revision, --id, --only).",
    metavar="FILE",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    help="With several sources: processes that draft them, each several repositories at once "
    "(one per CPU plus one per 4 --concurrency slots in all)  [default: one per CPU, or per "
    "4 slots].",
)
@click.option(
    "--revision", help="Commit, tag or branch to pin (default: HEAD / the default branch)."
)
@click.option(
    "--origin",
    help="GitHub URL of the repository the source is a copy of (default: a checkout's GitHub "
    "origin, else pinned URLs marked local://; a plain folder's MANIFEST.json).",
)
@records_dir_option("Where records are written.")
@click.option(
    "--only",
    "only",
    multiple=True,
    metavar="GLOB",
    help="Read only documents whose path matches (repeatable), e.g. 'results/*.csv'.",
)
@click.option(
    "--id",
    "record_id",
    callback=lambda _ctx, _param, value: None if value is None else validate_record_id(value),
    help="Record id: letters, digits, '-' and '_' (default: owner-name of the repository).",
)
@click.option(
    "--max-results",
    type=click.IntRange(min=1),
    default=24,
    show_default=True,
    envvar="DRAFTFLOW_MAX_RESULTS",
    help="At most this many headline figures in reported_results; every grounded figure "
    "stays in records/ID.figures.json.",
)
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable summary.")
@model_options
def draft(
    sources: tuple[str, ...],
    source_list: Path | None,
    workers: int | None,
    revision: str | None,
    origin: str | None,
    records_dir: Path,
    only: tuple[str, ...],
    record_id: str | None,
    max_results: int,
    as_json: bool,
    **model_flags: Any,
) -> None:
    """Draft a verified record from SOURCE (a GitHub URL, a checkout or mirror, a file:// URL
    or a corpus folder).

    Pins the revision, hashes every document, extracts each reported result with its
    source line, drafts the editorial, verifies every number offline (dropping what no
    source supports), writes records/ID.json, .md and .verify.json, and prints what changed
    in meaning since the previous version with the flags that need a look.

    Several SOURCEs (or --from FILE) are drafted in parallel processes; --concurrency is
    then the total of model requests in flight across all of them, and one table sums up.
    """
    from draftflow.pipeline.draft import DraftRequest, run_draft

    settings = sized_to_server(settings_from_options(**model_flags))
    if source_list is not None or len(sources) != 1:
        from draftflow.cli.batch import draft_many

        draft_many(
            sources,
            source_list,
            settings=settings,
            records_dir=records_dir,
            only=only,
            single=(revision, origin, record_id),
            workers=workers,
            as_json=as_json,
        )
        return
    (source,) = sources
    err = Console(stderr=True)
    events = _Progress(err, enabled=not as_json and sys.stderr.isatty())
    request = DraftRequest(
        source=source,
        records_dir=records_dir,
        settings=settings,
        revision=revision,
        origin=origin,
        record_id=record_id,
        only=only,
        max_results=max_results,
    )
    outcome = run_async(run_draft(request, events))
    try:
        if as_json:
            click.echo(outcome.model_dump_json(indent=2))
        else:
            _print_outcome(output_console(), outcome)
    except Interrupted as interrupted:  # the files were complete before this
        written = (outcome.record_path, outcome.article_path, outcome.report_path)
        interrupted.written.extend(Path(p) for p in written)
        raise
    if outcome.errors:
        sys.exit(1)


MAX_UNREAD_SHOWN = 8
"""Unread tables the draft summary names; the record's provenance lists them all."""


def _print_outcome(console: Console, outcome: DraftOutcome) -> None:
    if outcome.new_record:
        console.print(f"[bold]new record[/] {outcome.record_path}")
    elif outcome.changed:
        console.print(f"[bold]changed[/] {outcome.record_path}:")
        for line in outcome.changes:
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
    else:
        console.print(f"unchanged: {outcome.record_path}")
    console.print(
        f"{_counted(outcome.results, 'headline result')} of "
        f"{_counted(outcome.figures, 'figure')} (selected by {outcome.selection_method}), "
        f"{_counted(outcome.sections, 'section')}; flags: "
        f"[red]{_counted(outcome.errors, 'error')}[/], "
        f"[yellow]{_counted(outcome.warnings, 'warning')}[/]"
    )
    if outcome.unreadable:
        console.print(
            f"[yellow]{len(outcome.unreadable)} document(s) could not be read, or not in full:[/]"
        )
        for line in outcome.unreadable:
            console.print(f"  {line}", markup=False, highlight=False)
    if outcome.unread_tables:
        shown = ", ".join(outcome.unread_tables[:MAX_UNREAD_SHOWN])
        more = len(outcome.unread_tables) - MAX_UNREAD_SHOWN
        console.print(
            f"unread tables: {len(outcome.unread_tables)} with numbers but no figure "
            f"(listed in the record's provenance): {shown}"
            + (f" … {more} more" if more > 0 else ""),
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    if outcome.dropped:
        console.print(
            f"dropped as unsupported: {len(outcome.dropped)} (listed in the record's provenance)"
        )
    if outcome.local_url:
        console.print(
            f"pinned URLs marked local ({outcome.local_url}): the copy's origin is not a GitHub "
            "repository; to publish, draft again with --origin https://github.com/OWNER/NAME",
            style="yellow",
            markup=False,
            soft_wrap=True,
        )
    usage = outcome.usage
    if outcome.hint is None:
        console.print(
            f"model {outcome.model}: {usage.get('requests', 0)} calls, "
            f"{usage.get('cache_hits', 0)} cached, {usage.get('cassette_replays', 0)} replayed, "
            f"{usage.get('prompt_tokens', 0)} prompt + "
            f"{usage.get('completion_tokens', 0)} completion tokens"
        )
    else:
        console.print(outcome.hint, style="dim", markup=False, soft_wrap=True)
    console.print(
        f"article {outcome.article_path}; report {outcome.report_path}; "
        f"figures {outcome.figures_path}"
    )
    console.print(f"done in {outcome.elapsed_seconds:.1f}s")


def _counted(count: int, noun: str) -> str:
    """`1 headline result`, `2 headline results`, `0 errors`: the count with its noun."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
