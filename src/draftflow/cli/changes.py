"""A record's changes as a readable table (select, refresh): one row per changed field.

Reported results are matched by (label, metric) and prose by sentence (`diff_records`), so a
row says which figure or paragraph changed and how, not which JSON lines moved.
"""

from __future__ import annotations

from pydantic import JsonValue
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from draftflow.record.files import parse_record
from draftflow.review.diff import ChangeKind, RecordDiff, diff_records, format_value

__all__ = ["changes_table", "diff_texts", "print_changes"]

_SIGN = {
    ChangeKind.ADDED: "[green]+[/]",
    ChangeKind.REMOVED: "[red]-[/]",
    ChangeKind.CHANGED: "[yellow]~[/]",
}
_VALUE_LIMIT = 60


def diff_texts(old_text: str, new_text: str, *, against: str = "previous") -> RecordDiff:
    """The structural diff of two record file texts."""
    return diff_records(
        parse_record(old_text, origin="the previous record"),
        parse_record(new_text, origin="the new record"),
        against=against,
    )


def changes_table(diff: RecordDiff) -> Table:
    """One row per changed field: +/-/~, the field, what it was, what it is."""
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column("field", overflow="fold", ratio=2)
    table.add_column("was", overflow="fold", ratio=2)
    table.add_column("now", overflow="fold", ratio=2)
    for change in diff.changes:
        if change.sentences:
            removed = [s.text for s in change.sentences if s.kind is ChangeKind.REMOVED]
            added = [s.text for s in change.sentences if s.kind is ChangeKind.ADDED]
            was, now = " ".join(removed) or "-", " ".join(added) or "-"
        else:
            was = "-" if change.kind is ChangeKind.ADDED else _brief(change.old)
            now = "-" if change.kind is ChangeKind.REMOVED else _brief(change.new)
        table.add_row(_SIGN[change.kind], escape(change.path), escape(was), escape(now))
    return table


def _brief(value: JsonValue) -> str:
    """A reported result as `VALUE UNIT at line N`, an editor's choice as its id, else JSON."""
    if isinstance(value, dict):
        if "value" in value and "unit" in value and "source_line" in value:
            return f"{value['value']} {value['unit']} at line {value['source_line']}"
        if "id" in value and "why" in value:
            return str(value["id"])
    return format_value(value, _VALUE_LIMIT)


def print_changes(console: Console, diff: RecordDiff, title: str) -> None:
    """`title`, the status change if any, and the table (or "no content changes")."""
    console.print(f"[bold]{escape(title)}[/]")
    if diff.status_change:
        console.print(f"status: {diff.status_change[0]} → {diff.status_change[1]}")
    if diff.source_move is not None:
        console.print(diff.source_move.line(), markup=False, soft_wrap=True)
    if diff.identical:
        console.print("no other content changes" if diff.source_move else "no content changes")
        return
    console.print(changes_table(diff))
