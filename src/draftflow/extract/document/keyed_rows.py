"""Keyed rows: pipe rows a tool prints as `key: value` cells (`tok/s: 43.63 | TTFT: 33.7ms |
Total: 6.16s`). The keys are the table's header and the values its row; a cell naming its own
quantity beside two such cells (`256 tokens`, `1.73s total`) is keyed by its words. No cell
of a keyed row names the row: the first is a value like the others (`Table.keyed`)."""

from __future__ import annotations

import re

_DIGIT = re.compile(r"\d")
_PIPE_PAIR = re.compile(r"^(?P<key>[A-Za-z][^:|]{0,40}?)\s*:\s*(?P<value>\S.{0,40})$")
_NAMED_QUANTITY = re.compile(
    r"^(?P<value>\d[\d.,]*\s?(?P<unit>[A-Za-zµ%/]{1,12})?)"
    r"(?:\s+(?P<key>[A-Za-z][A-Za-z /-]{0,30}))?$"
)
"""A cell between `key: value` cells that names itself: `256 tokens`, `1.73s total`."""


def keyed_rows(
    rows: list[tuple[int, list[str]]],
) -> tuple[list[tuple[int, list[str]]], list[tuple[int, list[str]]]] | None:
    """Pipe rows each keyed by its cells (`_cell_pairs`), all with the same keys: a header of
    the keys (on the first row's line) and the rows of their values; None for other rows."""
    keys: list[str] | None = None
    body: list[tuple[int, list[str]]] = []
    for index, cells in rows:
        pairs = _cell_pairs(cells)
        if pairs is None:
            return None
        row_keys = [key for key, _ in pairs]
        if keys is not None and row_keys != keys:
            return None
        keys = row_keys
        body.append((index, [value for _, value in pairs]))
    return ([(rows[0][0], keys)], body) if keys else None


def _cell_pairs(cells: list[str]) -> list[tuple[str, str]] | None:
    """A pipe row's cells as (key, value) with a number in each value: every cell `key:
    value`, or two such cells at least beside cells naming their own quantity (`256 tokens`
    is keyed `tokens`, `1.73s total` is keyed `total`); None for other rows."""
    if len(cells) < 2:
        return None
    pairs: list[tuple[str, str]] = []
    keyed = 0
    for cell in cells:
        text = cell.strip()
        if (match := _PIPE_PAIR.match(text)) and _DIGIT.search(match["value"]):
            pairs.append((match["key"].strip(), match["value"].strip()))
            keyed += 1
        elif (named := _NAMED_QUANTITY.match(text)) and (named["key"] or named["unit"]):
            key = named["key"] or named["unit"]
            pairs.append((key.strip(), named["value"].strip()))
        else:
            return None
    return pairs if keyed == len(pairs) or keyed >= 2 else None
