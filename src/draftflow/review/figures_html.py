"""The review page's list of every grounded figure (the record's figures file), with filters.

The page runs no script (its content security policy forbids them), so the filters are CSS:
radio buttons before the table hide the rows that do not match (headline or not, metric,
document). Each row shows the figure id an editor passes to `draftflow select --add/--drop`.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from draftflow.record.model import ReportedResult

MAX_ROWS = 2000
MAX_METRIC_FILTERS = 10
MAX_DOCUMENT_FILTERS = 8

FIGURES_STYLE = """
.filters{margin:8px 0;font-size:13px}.filters b{margin-right:6px}
input.ff{position:absolute;opacity:0;pointer-events:none}
.filters label{display:inline-block;margin:2px 4px 2px 0;padding:1px 9px;border:1px solid #c9d0d8;
  border-radius:12px;cursor:pointer;background:#fff}
tr.fig.sel td:first-child{border-left:4px solid #2a7d46}
td.fid{font-family:ui-monospace,monospace;font-size:12px;white-space:nowrap}
table.figs{table-layout:fixed}table.figs td{overflow-wrap:anywhere}
table.figs col.c-id{width:10em}table.figs col.c-label{width:30%}table.figs col.c-value{width:9em}
table.figs col.c-source{width:24%}
"""


class FigureLike(Protocol):
    """A figure of the figures file: its id and its reported result."""

    @property
    def id(self) -> str: ...

    @property
    def result(self) -> ReportedResult: ...


def _document(result: ReportedResult) -> str:
    return result.source_path


def _value(value: int | float) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def _input(group: str, key: str, checked: bool = False) -> str:
    mark = " checked" if checked else ""
    return f'<input class="ff" type="radio" name="{group}" id="{group}-{key}"{mark}>'


def _label(group: str, key: str, label: str) -> str:
    return f'<label for="{group}-{key}">{html.escape(label)}</label>'


def _filter(group: str, keys: list[tuple[str, str]]) -> tuple[str, str, str]:
    """The radio inputs (first checked), their labels, and the CSS marking the checked one."""
    inputs = "".join(_input(group, key, checked=i == 0) for i, (key, _) in enumerate(keys))
    labels = "".join(_label(group, key, label) for key, label in keys)
    css = "".join(
        f"#{group}-{key}:checked~.filters label[for={group}-{key}]"
        "{background:#2f5fb3;border-color:#2f5fb3;color:#fff}"
        for key, _ in keys
    )
    return inputs, labels, css


def figures_section(figures: Sequence[FigureLike], selected: set[str]) -> str:
    """The figures list: filters (headline, metric, document) and one row per figure."""
    if not figures:
        return ""
    metrics = [m for m, _ in Counter(f.result.metric for f in figures).most_common()]
    metrics = metrics[:MAX_METRIC_FILTERS]
    documents = [d for d, _ in Counter(_document(f.result) for f in figures).most_common()]
    documents = documents[:MAX_DOCUMENT_FILTERS]
    css = [
        "#fs-sel:checked~table tr.fig:not(.sel){display:none}",
        "#fs-rest:checked~table tr.fig.sel{display:none}",
    ]
    css += [f"#fm-{i}:checked~table tr.fig:not(.m{i}){{display:none}}" for i in range(len(metrics))]
    css += [
        f"#fd-{i}:checked~table tr.fig:not(.d{i}){{display:none}}" for i in range(len(documents))
    ]
    rows = []
    for figure in figures[:MAX_ROWS]:
        result = figure.result
        classes = ["fig"]
        if figure.id in selected:
            classes.append("sel")
        if result.metric in metrics:
            classes.append(f"m{metrics.index(result.metric)}")
        document = _document(result)
        if document in documents:
            classes.append(f"d{documents.index(document)}")
        rows.append(
            f'<tr class="{" ".join(classes)}"><td class="fid">{html.escape(figure.id)}</td>'
            f"<td>{html.escape(result.label)}</td><td>{html.escape(result.metric)}</td>"
            f"<td>{_value(result.value)}</td><td>{html.escape(result.unit)}</td>"
            f'<td><a href="{html.escape(result.evidence_url)}" title="{html.escape(document)}">'
            f"{html.escape(document.rsplit('/', 1)[-1])}:{result.source_line}</a></td>"
            f"<td>{'headline' if figure.id in selected else ''}</td></tr>"
        )
    more = len(figures) - MAX_ROWS
    note = f"<p>{more} more figures are in the figures file.</p>" if more > 0 else ""
    # The inputs are siblings before the filter labels and the table, so that `~` reaches them.
    shows = _filter("fs", [("all", "all"), ("sel", "headline"), ("rest", "not selected")])
    by_metric = _filter(
        "fm", [("any", "any metric")] + [(str(i), m) for i, m in enumerate(metrics)]
    )
    by_document = _filter(
        "fd",
        [("any", "any document")]
        + [(str(i), d.rsplit("/", 1)[-1]) for i, d in enumerate(documents)],
    )
    css += [shows[2], by_metric[2], by_document[2]]
    head = "".join(
        f"<th>{name}</th>"
        for name in ("figure id", "label", "metric", "value", "unit", "source", "selection")
    )
    return (
        f'<h2 id="figures">All figures ({len(figures)})</h2>'
        "<p>Every grounded figure of the repository (the record's figures file). Change the "
        "headline with <code>draftflow select ID --add FIGURE_ID --drop FIGURE_ID --reason "
        "TEXT</code>.</p>"
        f"<style>{''.join(css)}</style><div>{shows[0]}{by_metric[0]}{by_document[0]}"
        f'<div class="filters"><b>show</b>{shows[1]}</div>'
        f'<div class="filters"><b>metric</b>{by_metric[1]}</div>'
        f'<div class="filters"><b>document</b>{by_document[1]}</div>'
        '<table class="figs"><colgroup><col class="c-id"><col class="c-label"><col><col '
        'class="c-value"><col><col class="c-source"><col></colgroup>'
        f"<tr>{head}</tr>{''.join(rows)}</table></div>{note}"
    )
