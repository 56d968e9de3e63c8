"""`draftflow figures`: find a record's figures (and their ids for `select --add`)."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

import click

from draftflow.cli import main
from draftflow.cli.figure_rows import (
    FigureRow,
    check_where_keys,
    figure_rows,
    filter_rows,
    parse_where,
    split_query,
)
from draftflow.cli.figure_table import table_lines, tsv_lines
from draftflow.cli.options import records_dir_option
from draftflow.select import FIGURES_NAME, load_figures
from draftflow.store.write import RecordStore

EXAMPLES = """\b
Examples:
  draftflow figures jvr0x-dgx-spark-bench
  draftflow figures jvr0x-dgx-spark-bench --where concurrency=1 --metric throughput
  draftflow figures jvr0x-dgx-spark-bench --where engine=vLLM --wide | less -S
  draftflow figures jvr0x-dgx-spark-bench --document results/ --json
  draftflow select jvr0x-dgx-spark-bench --add FIGURE_ID --reason TEXT
"""


@main.command("figures", epilog=EXAMPLES)
@click.argument("record_id", metavar="ID")
@click.argument("query", metavar="[QUERY]", required=False)
@click.option(
    "--where",
    "where_pairs",
    metavar="KEY=VALUE",
    multiple=True,
    help="Only figures whose condition KEY is exactly VALUE (repeatable; numbers by value, "
    "text regardless of case), e.g. --where concurrency=1.",
)
@click.option("--metric", metavar="TEXT", help="Only figures whose metric contains TEXT.")
@click.option(
    "--document", metavar="TEXT", help="Only figures from documents whose path contains TEXT."
)
@click.option("--selected", is_flag=True, help="Only the figures in the headline selection.")
@click.option("--wide", is_flag=True, help="Every column uncut, however wide the table.")
@click.option(
    "--table", "force_table", is_flag=True, help="A table even when stdout is not a terminal."
)
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON on stdout.")
@records_dir_option()
def figures_command(
    record_id: str,
    query: str | None,
    where_pairs: tuple[str, ...],
    metric: str | None,
    document: str | None,
    selected: bool,
    wide: bool,
    force_table: bool,
    as_json: bool,
    records_dir: Path,
) -> None:
    """List the figures of record ID with their ids (the ones `draftflow select ID --add`
    takes), values, units, metrics, places, the conditions that tell them apart, and a * for
    those in the headline.

    On a terminal the table fits its width, one block per document; conditions it has no room
    for are named below it (--wide shows them). Piped, it prints tab-separated values with
    every condition as a column; --json prints the rows as JSON.

    QUERY keeps the figures whose id, value, unit, metric, label or document contain each of
    its words (case does not matter); a KEY=VALUE word is a --where filter.
    """
    store = RecordStore(records_dir)
    record = store.load(record_id)
    rows = figure_rows(record, load_figures(store.extra_path(record_id, FIGURES_NAME)))
    words, where = split_query(query)
    where |= parse_where(where_pairs)
    check_where_keys(rows, where)
    shown = filter_rows(
        rows, words=words, where=where, metric=metric, document=document, selected=selected
    )
    as_table = not as_json and (force_table or wide or sys.stdout.isatty())
    if as_json:
        click.echo(json.dumps([row.model_dump() for row in shown], indent=2, ensure_ascii=False))
    elif as_table:
        _print_table(record_id, rows, shown, None if wide else _terminal_width())
    else:
        for line in tsv_lines(shown):
            click.echo(line)
    if not shown:
        filters = _described(query, where_pairs, metric, document, selected)
        click.echo(f"no figure matches {filters}", err=not as_table)


def _print_table(
    record_id: str, rows: list[FigureRow], shown: list[FigureRow], width: int | None
) -> None:
    """The table, then a line saying how many figures it shows and how to add one."""
    if shown:
        lines, left_out = table_lines(shown, width)
        for line in lines:
            click.echo(line)
        if left_out:
            _echo_wrapped(
                f"not shown for want of room: {', '.join(left_out)} (--wide shows them)", width
            )
    chosen = sum(1 for row in rows if row.selected)
    _echo_wrapped(
        f"{len(shown)} of {len(rows)} figures shown; {chosen} in the headline (*). "
        f"Add one: draftflow select {record_id} --add FIGURE_ID --reason TEXT",
        width,
    )


def _echo_wrapped(text: str, width: int | None) -> None:
    """`text` in lines of `width` columns at most (one line when the width is not limited)."""
    click.echo(text if width is None else textwrap.fill(text, width, break_on_hyphens=False))


def _terminal_width() -> int:
    """The terminal's width (COLUMNS when set, 80 when it cannot be told)."""
    return shutil.get_terminal_size((80, 24)).columns


def _described(
    query: str | None,
    where: tuple[str, ...],
    metric: str | None,
    document: str | None,
    selected: bool,
) -> str:
    parts = [f"{query!r}"] if query else []
    parts += [f"--where {pair!r}" for pair in where]
    parts += [f"--metric {metric!r}"] if metric else []
    parts += [f"--document {document!r}"] if document else []
    parts += ["--selected"] if selected else []
    return " ".join(parts) or "(no filter)"
