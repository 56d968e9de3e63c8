"""Lines that read as rows: numbers a tool or an author lined up without a header a table
reader knows.

```
Qwen3-8B                   10    362       16.4      31       52
Qwen3-14B                 2.4   1181       29.6      36       72
Qwen3-32B                 2.3   1318       65.6      34       64
```

A run of consecutive lines each holding the same count (two or more) of number-bearing words
is a table in all but its header: its numbers are cells of columns, not words of a sentence.
Chart data (`bar [60.7, 80.4]` in a mermaid block) and a bar drawn in block glyphs
(`3B: ████████ 67.1`) are read off the line alone. Each is a feature of the learned result
model (`features.py`): it says *where* a number stands, the model weighs whether such numbers
are results. One pass over a document's lines (linear in its size).
"""

from __future__ import annotations

import re

MIN_RUN = 3
"""Consecutive lines of the same shape that make rows (two could be a sentence and its echo)."""
MIN_NUMBERS = 2
"""Number-bearing words a line needs to be a row (one is a `key: value` line)."""

_CHART_DATA = re.compile(r"^\s*(bar|line|data|values|y-axis|x-axis)\s*[:=]?\s*\[[^\]]*\d", re.I)
_BAR_GLYPHS = re.compile(r"[█▇▆▅▄▃▂▁▏▎▍▌▋▊▉■▮]{2,}\s*$")


def _shape(line: str) -> int:
    """How many whitespace-separated words of `line` bear a digit."""
    return sum(1 for word in line.split() if any(ch.isdigit() for ch in word))


def row_lines(lines: list[str]) -> frozenset[int]:
    """The line numbers (1-based) standing in a run of at least `MIN_RUN` consecutive lines
    that each hold the same count, at least `MIN_NUMBERS`, of number-bearing words."""
    rows: set[int] = set()
    run_start, run_shape = 1, 0
    for number in range(1, len(lines) + 2):
        shape = _shape(lines[number - 1]) if number <= len(lines) else 0
        if shape != run_shape or shape < MIN_NUMBERS:
            if run_shape >= MIN_NUMBERS and number - run_start >= MIN_RUN:
                rows.update(range(run_start, number))
            run_start, run_shape = number, shape
    return frozenset(rows)


def is_chart_data(line: str) -> bool:
    """Whether the line is a chart's data series (`bar [60.71, 80.36]`, `line [87.5, 75]`)."""
    return _CHART_DATA.match(line) is not None


def after_bar_glyphs(before: str) -> bool:
    """Whether the text before a number ends in a bar drawn with block glyphs (`████ 67.1`)."""
    return _BAR_GLYPHS.search(before) is not None
