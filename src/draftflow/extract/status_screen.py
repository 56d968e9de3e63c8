"""A device monitor's status screen (`nvidia-smi`, `amdgpu_top`, `nvtop`) pasted into a
report: clocks, fans, voltages and memory in use at one moment. It is a snapshot of the
machine, not a benchmark's measurement, so its numbers are never results (`raw_tables`
leaves its tables unread, `learned.features` marks its numbers).

A screen is told by what only a device listing writes, never by its box alone (a bar chart
of results is drawn in the same box characters, `│ Jetson: |█████| 28.9s │`):
- `nvidia-smi`'s own column headers (`Pwr:Usage/Cap`, `GPU-Util`, `Bus-Id`), which it draws
  with `|` and `+` like a Markdown table;
- a device's PCI address (`0000:86:00.0`) or a process list's `PID` column;
- a row drawn in a box (`│ … │`) that reads clocks, voltages or fan speeds (`96MHz 49mV`,
  `0RPM`).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Mapping
from functools import lru_cache
from threading import Lock

_BOX_SIDES = "│┃║"
_SCREEN_HEADERS = re.compile(r"Pwr:Usage/Cap|Memory-Usage|GPU-Util|Persistence-M|Bus-Id|^\W*PID$")
_PCI_ADDRESS = re.compile(r"\b[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.\d\b")
_DEVICE_READING = re.compile(r"\d\s*(?:MHz|mV|RPM)\b")


@lru_cache(maxsize=256)
def is_screen_line(line: str) -> bool:
    """True when `line` is a row of a status screen: a PCI address, or a row drawn in a box
    (`│ … │`) that reads a clock, a voltage or a fan speed."""
    if _PCI_ADDRESS.search(line):
        return True
    text = line.strip()
    boxed = len(text) > 2 and text[0] in _BOX_SIDES and text[-1] in _BOX_SIDES
    return boxed and _DEVICE_READING.search(text) is not None


def is_screen_row(row: Mapping[str, str]) -> bool:
    """True when a table row (its cells by column header) belongs to a status screen: one of
    `nvidia-smi`'s headers or a `PID` column, or cells that read as a screen's line."""
    # read once per row: a row's candidates share one `context` dict (`candidates.Candidate`),
    # and a 10,000-column row read per cell would be 10^8 searches; the memo holds the dict
    # itself, so an id is never reused while its entry stands
    with _ROWS_LOCK:
        held = _ROWS.get(id(row))
        if held is not None and held[0] is row:
            return held[1]
    found = any(_SCREEN_HEADERS.search(header) for header in row) or is_screen_line(
        " ".join(row.values())
    )
    with _ROWS_LOCK:
        _ROWS[id(row)] = (row, found)
        if len(_ROWS) > _ROWS_KEPT:
            _ROWS.popitem(last=False)
    return found


_ROWS: OrderedDict[int, tuple[Mapping[str, str], bool]] = OrderedDict()
_ROWS_KEPT = 256
_ROWS_LOCK = Lock()


def in_status_screen(row: Mapping[str, str], line: str) -> bool:
    """True when a number whose table row is `row` (empty outside a table) and whose line
    is `line` stands in a status screen."""
    return is_screen_line(line) or is_screen_row(row)
