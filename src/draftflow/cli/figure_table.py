"""How `draftflow figures` prints its rows: a table grouped by document that fits the terminal
(the conditions that tell the rows apart as columns, as many as fit), the same uncut with
`--wide`, or tab-separated values for a program."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from draftflow.cli.figure_rows import (
    FigureRow,
    condition_keys,
    distinguishing_keys,
    labels_needed,
)

_GAP = "  "
_CONDITION_CAP = 20  # a condition column's width at most, when the table must fit
_METRIC_CAP = 22
_LABEL_MIN = 12


@dataclass(frozen=True)
class Column:
    """One column of the table: its header, width and how its cells are read."""

    header: str
    width: int
    key: str  # a FigureRow field, or `condition:KEY`
    right: bool = False

    def cell(self, row: FigureRow) -> str:
        """This column's text for `row`, cut to the width with … at the end."""
        text = _raw(row, self.key)
        return _fit(text, self.width, right=self.right)


@dataclass
class Layout:
    """The columns a table shows and the condition columns it had no room for."""

    columns: list[Column]
    left_out: list[str] = field(default_factory=list)
    label_line: bool = False  # each row's label on a line of its own below it


def layout(rows: list[FigureRow], width: int | None) -> Layout:
    """The columns for `rows` in `width` terminal columns (`None`: every column, uncut)."""
    keys = distinguishing_keys(rows)
    fixed = [
        _natural("", "selected_mark", rows, cap=1),
        _natural("id", "id", rows),
        _natural("line", "line", rows, right=True),
        _natural("value", "value", rows, right=True),
        _natural("unit", "unit", rows),
        _natural("metric", "metric", rows, cap=None if width is None else _METRIC_CAP),
    ]
    wanted = [_natural(key, f"condition:{key}", rows) for key in _by_weight(keys, rows)]
    with_label = width is None or labels_needed(rows, keys)
    if width is None:
        label = [_natural("label", "label", rows)] if with_label else []
        return Layout([*fixed, *label, *wanted])
    room = width - sum(column.width + len(_GAP) for column in fixed)
    shown, left_out = _fit_conditions(wanted, room)
    return Layout([*fixed, *shown], left_out, label_line=with_label)


def _fit_conditions(wanted: list[Column], room: int) -> tuple[list[Column], list[str]]:
    """The condition columns that fit in `room`, in order, each cut to the cap; the headers of
    the rest."""
    shown: list[Column] = []
    for index, column in enumerate(wanted):
        width = min(column.width, _CONDITION_CAP, room - len(_GAP))
        if width < min(column.width, _LABEL_MIN):
            return shown, [c.header for c in wanted[index:]]
        shown.append(Column(column.header, width, column.key))
        room -= width + len(_GAP)
    return shown, []


def _by_weight(keys: list[str], rows: list[FigureRow]) -> list[str]:
    """The keys that tell rows of one document apart first (the document's path tells the
    others apart), then those that tell most rows apart (ties in the record model's order)."""
    groups: dict[str, list[FigureRow]] = {}
    for row in rows:
        groups.setdefault(row.document, []).append(row)
    within = {key for group in groups.values() for key in distinguishing_keys(group)}
    return sorted(
        keys, key=lambda key: (key not in within, -len({row.condition(key) for row in rows}))
    )


def table_lines(rows: list[FigureRow], width: int | None) -> tuple[list[str], list[str]]:
    """The table's lines: a header, then per document its path and its rows; and the condition
    columns left out for want of room."""
    plan = layout(rows, width)
    lines = [_joined(_fit(c.header, c.width, right=c.right) for c in plan.columns)]
    document = None
    for row in rows:
        if row.document != document:
            document = row.document
            lines.append(document if width is None else _keep_end(document, width))
        lines.append(_joined(column.cell(row) for column in plan.columns))
        if plan.label_line and width is not None:
            indent = " " * (plan.columns[0].width + len(_GAP) * 3)
            lines.append(indent + _fit(row.label, width - len(indent)).rstrip())
    return lines, plan.left_out


def tsv_lines(rows: list[FigureRow]) -> Iterator[str]:
    """Tab-separated values: a header, then one line per row with every condition it has."""
    keys = condition_keys(rows)
    fields = ["id", "selected", "value", "unit", "metric", "label", "document", "line"]
    yield "\t".join([*fields, *keys])
    for row in rows:
        cells = [_raw(row, name) for name in fields[:1]]
        cells += ["yes" if row.selected else "no"]
        cells += [_raw(row, name) for name in fields[2:]]
        cells += [row.condition(key) for key in keys]
        yield "\t".join(" ".join(cell.split()) for cell in cells)


def _natural(
    header: str, key: str, rows: list[FigureRow], *, cap: int | None = None, right: bool = False
) -> Column:
    """A column as wide as its header and widest cell (at most `cap`)."""
    width = max(len(header), *(len(_raw(row, key)) for row in rows))
    return Column(header, width if cap is None else min(cap, width), key, right)


def _raw(row: FigureRow, key: str) -> str:
    if key.startswith("condition:"):
        return row.condition(key.removeprefix("condition:"))
    if key == "selected_mark":
        return "*" if row.selected else ""
    return str(getattr(row, key))


def _fit(text: str, width: int, *, right: bool = False) -> str:
    if len(text) > width:
        text = text[: max(width - 1, 0)] + "…"
    return text.rjust(width) if right else text.ljust(width)


def _keep_end(text: str, width: int) -> str:
    return text if len(text) <= width else "…" + text[len(text) - width + 1 :]


def _joined(cells: Iterator[str] | list[str]) -> str:
    return _GAP.join(cells).rstrip()
