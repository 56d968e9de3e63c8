"""`draftflow figures`: find a record's figures (and their ids for `select --add`)."""

from __future__ import annotations

import json
from pathlib import Path

import click
from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from draftflow.cli import main
from draftflow.cli.options import records_dir_option
from draftflow.record.documents import record_documents
from draftflow.record.model import Record
from draftflow.select import FIGURES_NAME, Figure, figure_id, load_figures
from draftflow.store.write import RecordStore

EXAMPLES = """\b
Examples:
  draftflow figures jvr0x-dgx-spark-bench
  draftflow figures jvr0x-dgx-spark-bench "c=1" --metric throughput
  draftflow figures jvr0x-dgx-spark-bench --document results/ --json
  draftflow select jvr0x-dgx-spark-bench --add FIGURE_ID --reason TEXT
"""


_GAP = 2  # columns between two table columns
_MIN_FLEX = 8


class FigureRow(BaseModel):
    """One figure as `figures` lists it (and prints with --json)."""

    id: str
    value: int | float
    unit: str
    metric: str
    label: str
    document: str
    line: int
    selected: bool

    def words(self) -> str:
        """Everything a QUERY is matched against, lowercased."""
        return " ".join(
            (self.id, str(self.value), self.unit, self.metric, self.label, self.where)
        ).lower()

    @property
    def where(self) -> str:
        """`document:line`."""
        return f"{self.document}:{self.line}"


@main.command("figures", epilog=EXAMPLES)
@click.argument("record_id", metavar="ID")
@click.argument("query", metavar="[QUERY]", required=False)
@click.option("--metric", metavar="TEXT", help="Only figures whose metric contains TEXT.")
@click.option(
    "--document", metavar="TEXT", help="Only figures from documents whose path contains TEXT."
)
@click.option("--selected", is_flag=True, help="Only the figures in the headline selection.")
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON on stdout.")
@records_dir_option()
def figures_command(
    record_id: str,
    query: str | None,
    metric: str | None,
    document: str | None,
    selected: bool,
    as_json: bool,
    records_dir: Path,
) -> None:
    """List the figures of record ID: id, value, unit, metric, label, document:line, and
    whether the headline selects it.

    QUERY keeps the figures whose id, value, unit, metric, label or document contain each of
    its words (case does not matter). The ids are the ones `draftflow select ID --add`
    takes.
    """
    store = RecordStore(records_dir)
    record = store.load(record_id)
    figures = load_figures(store.extra_path(record_id, FIGURES_NAME))
    rows = figure_rows(record, figures)
    shown = filter_rows(rows, query=query, metric=metric, document=document, selected=selected)
    if as_json:
        click.echo(json.dumps([row.model_dump() for row in shown], indent=2, ensure_ascii=False))
        return
    console = Console(highlight=False)
    if shown:
        console.print(figures_table(shown, console.width))
    chosen = sum(1 for row in rows if row.selected)
    console.print(
        f"{len(shown)} of {len(rows)} figures shown; {chosen} in the headline (*). "
        f"Add one: draftflow select {escape(record_id)} --add FIGURE_ID --reason TEXT",
        soft_wrap=True,
    )
    if not shown:
        console.print(
            "no figure matches " + escape(_described(query, metric, document, selected)),
            soft_wrap=True,
        )


def figure_rows(record: Record, figures: list[Figure]) -> list[FigureRow]:
    """A row per figure, with its document's path and whether the headline selects it."""
    paths = {doc.document_id: doc.path for doc in record_documents(record)}
    chosen = _selected_ids(record)
    return [
        FigureRow(
            id=figure.id,
            value=figure.result.value,
            unit=figure.result.unit,
            metric=figure.result.metric,
            label=figure.result.label,
            document=paths.get(figure.result.source_document_id)
            or _path_from_url(figure.result.evidence_url)
            or figure.result.source_document_id,
            line=figure.result.source_line,
            selected=figure.id in chosen,
        )
        for figure in figures
    ]


def filter_rows(
    rows: list[FigureRow],
    *,
    query: str | None = None,
    metric: str | None = None,
    document: str | None = None,
    selected: bool = False,
) -> list[FigureRow]:
    """The rows matching every filter given (each a case-insensitive substring test)."""
    words = (query or "").lower().split()
    return [
        row
        for row in rows
        if all(word in row.words() for word in words)
        and (metric is None or metric.lower() in row.metric.lower())
        and (document is None or document.lower() in row.document.lower())
        and (row.selected or not selected)
    ]


def figures_table(rows: list[FigureRow], width: int) -> Table:
    """A compact table `width` columns wide at most: the id and value keep their width, the
    unit and metric are capped, the label and document:line share the rest (cut with …)."""
    cells = [
        [
            "*" if row.selected else "",
            row.id,
            str(row.value),
            row.unit,
            row.metric,
            row.label,
            row.where,
        ]
        for row in rows
    ]
    headers = ["", "id", "value", "unit", "metric", "label", "document:line"]
    caps = [1, 40, 20, 12, 28]
    fixed = [
        min(cap, max(len(header), *(len(cell[i]) for cell in cells)))
        for i, (header, cap) in enumerate(zip(headers, caps, strict=False))
    ]
    rest = max(_MIN_FLEX * 2, width - sum(fixed) - _GAP * (len(headers) - 1) - 1)
    label_width = max(_MIN_FLEX, min(max(len(c[5]) for c in cells), rest * 3 // 5))
    place_width = max(_MIN_FLEX, rest - label_width)
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, _GAP // 2))
    for header, column_width in zip(headers, [*fixed, label_width, place_width], strict=True):
        table.add_column(
            header,
            width=column_width,
            no_wrap=True,
            overflow="ellipsis",
            justify="right" if header == "value" else "left",
        )
    for cell in cells:
        cell[6] = _keep_end(cell[6], place_width)  # the file name and line say the most
        table.add_row(*(escape(text) for text in cell))
    return table


def _keep_end(text: str, width: int) -> str:
    return text if len(text) <= width else "…" + text[len(text) - width + 1 :]


def _selected_ids(record: Record) -> set[str]:
    """The headline's figure ids: as the selection note records them, else as computed."""
    selection = record.provenance.selection if record.provenance else None
    if selection is not None:
        return {chosen.id for chosen in selection.chosen}
    return {figure_id(result) for result in record.editorial.reported_results}


def _path_from_url(url: str) -> str | None:
    """PATH of `https://HOST/OWNER/NAME/blob/REVISION/PATH#Lnn`."""
    _, found, rest = url.partition("/blob/")
    path = rest.partition("/")[2].partition("#")[0]
    return path if found and path else None


def _described(query: str | None, metric: str | None, document: str | None, selected: bool) -> str:
    parts = [f"{query!r}"] if query else []
    parts += [f"--metric {metric!r}"] if metric else []
    parts += [f"--document {document!r}"] if document else []
    parts += ["--selected"] if selected else []
    return " ".join(parts) or "(no filter)"
