"""What the figures of one row share, read once for the row.

A JSONL row (a CSV row, a JSON object) holds many figures, one per measured leaf, and they
share the row's context: its document and line, its other cells, its file's name and run
settings. What a figure's conditions read from that context alone is read once per row and
handed to each of its figures; only what depends on the figure itself (its own key, its
own value where a header row makes it count) is in the memo's key.

The memo keeps one row at a time: on to another row (or another document) it is emptied, so
a repository of 100,000 figures holds one row's answers, never all of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping
from typing import Generic, TypeVar

from pydantic import JsonValue

_T = TypeVar("_T")

_SCALARS = frozenset({str, int, bool, type(None)})


def typed_item(name: str, value: JsonValue) -> tuple[str, type, object] | None:
    """`(name, type, value)` of a scalar, keyed so that `1`, `1.0` and `true` differ and a
    float is its repr (`-0.0` is not `0.0`); None for a list or an object."""
    kind = type(value)
    if kind is float:
        return (name, kind, repr(value))
    if kind in _SCALARS:
        return (name, kind, value)
    return None


def cells_key(cells: Mapping[str, JsonValue]) -> Hashable:
    """A hashable key equal for two rows' cells exactly when they are the same items in the
    same order with the same types (order is kept, since the conditions keep the cells in
    their order); a cell that is no scalar is keyed by its JSON text."""
    return tuple(
        typed_item(name, value) or (name, type(value), json.dumps(value))
        for name, value in cells.items()
    )


class RowMemo(Generic[_T]):
    """Answers for the figures of the row being read (`row`: its document and line), each
    under what it depends on besides the row; let go when the next figure is another row's."""

    def __init__(self) -> None:
        self._row: Hashable = None
        self._found: dict[Hashable, _T] = {}

    def get(self, row: Hashable, key: Hashable, compute: Callable[[], _T]) -> _T:
        """The answer for `key` in `row`: `compute()` on the row's first figure asking it."""
        if row != self._row:
            self._found.clear()
            self._row = row
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = compute()
        return found

    def clear(self) -> None:
        """Let go of the row's answers (the reader is done with its document)."""
        self._found.clear()
        self._row = None

    def __len__(self) -> int:
        return len(self._found)
