"""A record's size bounded whatever the repository: what the pipeline dropped or removed is
listed up to `MAX_LISTED` entries (one example of each cause first) and counted by cause.

A large repository of run files can drop tens of thousands of candidates; listing each one
made a record of megabytes that no editor reads. The counts by cause say what happened to
all of them; the figures file keeps every figure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from draftflow.record.model import Provenance, RemovedResult

__all__ = ["MAX_LISTED", "bounded_provenance", "cause_of", "removed_cause"]

MAX_LISTED = 40
"""Entries kept in each provenance list (dropped, removed, unread tables)."""
MAX_CAUSE = 140

_T = TypeVar("_T")
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|‘[^’]*’|“[^”]*”")
_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
_PATH = re.compile(r"(?<![\w/])[\w.-]+(?:/[\w.+-]+)+")


def cause_of(text: str) -> str:
    """What a dropped-entry's text says happened, without the values, quotes and places that
    differ between entries of one cause (`verify: /figures/N/unit: %: the unit … does not
    fit …`)."""
    cause = _BRACKETED.sub("", text)
    cause = _QUOTED.sub("…", cause)
    cause = _PATH.sub("PATH", cause)
    cause = _NUMBER.sub("N", cause)
    cause = " ".join(cause.split())
    return cause if len(cause) <= MAX_CAUSE else cause[: MAX_CAUSE - 1] + "…"


def removed_cause(removed: RemovedResult) -> str:
    """A removed figure's cause: who removed it and why, values left out."""
    return f"{removed.removed_by}: {cause_of(removed.reason)}"


def _kept(items: Sequence[_T], cause: Callable[[_T], str]) -> list[_T]:
    """Up to `MAX_LISTED` items in their order: the first of each cause, then the next ones."""
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        first.setdefault(cause(item), index)
    chosen = sorted(first.values())[:MAX_LISTED]
    taken = set(chosen)
    for index in range(len(items)):
        if len(chosen) >= MAX_LISTED:
            break
        if index not in taken:
            chosen.append(index)
    return [items[index] for index in sorted(chosen)]


def _counts(causes: list[str]) -> dict[str, int]:
    return dict(sorted(Counter(causes).items(), key=lambda pair: (-pair[1], pair[0])))


def bounded_provenance(provenance: Provenance) -> Provenance:
    """The provenance with each long list cut to `MAX_LISTED` entries and its totals counted
    by cause; a provenance within the bound is returned as it is (its bytes unchanged)."""
    update: dict[str, object] = {}
    if len(provenance.dropped) > MAX_LISTED:
        update["dropped"] = _kept(provenance.dropped, cause_of)
        update["dropped_by_cause"] = _counts([cause_of(text) for text in provenance.dropped])
    if len(provenance.removed) > MAX_LISTED:
        update["removed"] = _kept(provenance.removed, removed_cause)
        update["removed_by_cause"] = _counts([removed_cause(r) for r in provenance.removed])
    if len(provenance.unread_tables) > MAX_LISTED:
        tables = provenance.unread_tables
        update["unread_tables"] = list(tables[:MAX_LISTED])
        update["unread_tables_by_reason"] = _counts([table.reason for table in tables])
    return provenance.model_copy(update=update) if update else provenance
