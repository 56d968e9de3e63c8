"""A device monitor's status screen (`nvidia-smi`, `amdgpu_top`, `nvtop`) pasted into a
report: clocks, fans, temperatures and memory in use at one moment, drawn in a box. It is a
snapshot of the machine, not a benchmark's measurement, so its numbers are never results
(`raw_tables` leaves its tables unread, `learned.features` marks its numbers).

Its rows are told by their box-drawing characters (`│ 40C/ 46C  0RPM │`) or by
`nvidia-smi`'s own column headers (`Pwr:Usage/Cap`, `GPU-Util`), which it draws with `|`
and `+` like a Markdown table. A directory tree drawn with the same characters
(`│   ├── run.json  # x86 TPS 14.05`) is not a screen: its lines do not close with a side.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_BOX_DRAWING = re.compile(r"[\u2500-\u257f]")
_BOX_SIDES = "│┃║"
_SCREEN_HEADERS = re.compile(r"Pwr:Usage/Cap|Memory-Usage|GPU-Util|Persistence-M|Bus-Id")


def is_screen_line(line: str) -> bool:
    """True when `line` is a row of a screen drawn in a box: it opens and closes with a
    box-drawing side (`│ ... │`)."""
    text = line.strip()
    return len(text) > 2 and text[0] in _BOX_SIDES and text[-1] in _BOX_SIDES


def is_screen_row(row: Mapping[str, str]) -> bool:
    """True when a table row (its cells by column header) belongs to a status screen: a cell
    or header drawn with box-drawing characters, or one of `nvidia-smi`'s own headers."""
    return any(
        _BOX_DRAWING.search(text) or _SCREEN_HEADERS.search(text)
        for pair in row.items()
        for text in pair
    )


def in_status_screen(row: Mapping[str, str], line: str) -> bool:
    """True when a number whose table row is `row` (empty outside a table) and whose line
    is `line` stands in a status screen."""
    return is_screen_line(line) or is_screen_row(row)
