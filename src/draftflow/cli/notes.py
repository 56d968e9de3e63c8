"""Per-record notes (a problem and its fix) printed once per distinct message, with a count.

Ten records drafted from plain folders all have the same "not refreshable" note; printing
it ten times hides the one note that differs. Identical notes are grouped: the ids, how
many, the message once, the fix once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rich.console import Console
from rich.markup import escape

__all__ = ["Note", "group_notes", "print_notes"]

_IDS_SHOWN = 3


class Note(NamedTuple):
    """One record's note: its id, the message, the fix (if any), and a rich style."""

    record_id: str
    message: str
    fix: str | None
    style: str = "dim"


def group_notes(notes: Iterable[Note]) -> list[list[Note]]:
    """The notes grouped by (fix, style) in first-seen order; notes without a fix group by
    their message instead."""
    groups: dict[tuple[str, str | None, str], list[Note]] = {}
    for note in notes:
        key = ("", note.fix, note.style) if note.fix else (note.message, None, note.style)
        groups.setdefault(key, []).append(note)
    return list(groups.values())


def print_notes(console: Console, notes: Iterable[Note]) -> None:
    """Each group once: its messages (one line for all when they are the same), then the fix
    once, with how many records it is for."""
    for group in group_notes(notes):
        style, fix = group[0].style, group[0].fix
        messages = {note.message for note in group}
        if len(messages) == 1:
            who = _who([note.record_id for note in group])
            console.print(f"[{style}]{escape(who)}[/]: {escape(group[0].message)}", soft_wrap=True)
        else:
            for note in group:
                console.print(
                    f"[{style}]{escape(note.record_id)}[/]: {escape(note.message)}", soft_wrap=True
                )
        if fix:
            count = f" ({len(group)} records)" if len(group) > 1 else ""
            console.print(f"  fix{count}: {escape(fix)}", soft_wrap=True)


def _who(ids: list[str]) -> str:
    if len(ids) == 1:
        return ids[0]
    shown = ", ".join(ids[:_IDS_SHOWN])
    more = f" and {len(ids) - _IDS_SHOWN} more" if len(ids) > _IDS_SHOWN else ""
    return f"{shown}{more} ({len(ids)} records)"
