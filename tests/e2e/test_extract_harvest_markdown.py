"""Markdown table harvesting: cells with column and row headers, heading, caption and line."""

from __future__ import annotations

import itertools
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from draftflow.extract.document.lines import split_pipes
from draftflow.extract.harvest.markdown_tables import harvest_markdown
from draftflow.extract.harvest.run import harvest
from draftflow.text.lines import plain_text
from extract_support import corpus_snapshot, snapshot_of


def _harvest(text: str) -> list[Any]:
    return harvest_markdown(snapshot_of({"README.md": text}).documents[0])


REPORT = """# Report

## Decode matrix

Cell value = median per-stream decode tok/s.

| Prompt | c=1 | c=6 aggregate |
| ---: | ---: | ---: |
| 256 | 82.6 | **162** |
| 2,048 | 64.6 | 78 |

```
| 1 | 2 |
|---|---|
| 999 | 999 |
```

```python
| 3 | 4 |
|---|---|
| 777 | 777 |
```

Text after.
"""


def test_cells_have_headers_heading_caption_and_lines() -> None:
    candidates = _harvest(REPORT)
    by_place = {(c.line, c.column): c for c in candidates}
    cell = by_place[(10, "c=1")]
    assert cell.values == [64.6]
    assert cell.row_header == "2,048"
    assert cell.heading == "Decode matrix"
    assert cell.caption == "Cell value = median per-stream decode tok/s."
    assert by_place[(9, "c=6 aggregate")].values == [162]
    assert by_place[(9, "c=6 aggregate")].text == "**162**"
    assert by_place[(10, "Prompt")].values == [2048]
    assert by_place[(10, "Prompt")].row_header is None  # the first column is the row label


def test_tables_in_output_fences_are_tables_and_in_code_fences_not() -> None:
    # tools print pipe tables (llama-bench, lm-eval) and reports paste them in bare fences
    found = _harvest(REPORT)
    assert [c.line for c in found if 999 in c.values] == [15, 15]
    assert all(777 not in c.values for c in found)


def test_rows_without_outer_pipes_escaped_pipes_and_code_spans() -> None:
    text = "a | b\n--- | ---\nx \\| y | 5\n`p|q` | 6\n"
    candidates = _harvest(text)
    # GFM splits a row at a pipe inside a code span too, and drops cells past the header's
    # width, as GitHub shows the table: `6` is not in it
    assert [(c.line, c.row_header, c.values) for c in candidates] == [(3, "x | y", [5])]
    assert split_pipes("| `a|b` | c |") == ["`a|b`", "c"]
    # the same cells whichever way a row is read: with a code span it is read char by char
    row = "| **9.5** tok/s |  | x\\y | 7 |"
    assert split_pipes(row) == ["**9.5** tok/s", "", "x\\y", "7"]
    assert split_pipes(row + " `z` |") == ["**9.5** tok/s", "", "x\\y", "7", "`z`"]


def test_crlf_table_and_body_ends_at_blank_line() -> None:
    text = "| k | v |\r\n|---|---|\r\n| a | 1 |\r\n\r\n| b | 2 |\r\n"
    candidates = _harvest(text)
    assert [(c.line, c.values) for c in candidates] == [(3, [1])]


def test_plain_text_keeps_snake_case() -> None:
    assert plain_text("est_ppt (ms)") == "est_ppt (ms)"
    assert plain_text("**__bold__** [x 1](http://h/2)") == "bold x 1"


def test_a_delimiter_row_needs_dashes() -> None:
    assert _harvest("| a | b |\n| : | : |\n| 1 | 2 |\n") == []


def test_real_results_matrix(corpus_dir: Path, manifest: dict[str, Any]) -> None:
    snapshot = corpus_snapshot(
        corpus_dir, manifest, "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
    )
    document = snapshot.by_path("results/RESULTS-2026-08-14.md")
    assert document is not None
    by_place = {(c.line, c.column): c for c in harvest_markdown(document)}
    assert by_place[(32, "c=1")].values == [82.6]
    assert by_place[(32, "c=1")].row_header == "256"
    assert by_place[(71, "Aggregate tok/s")].values == [191.2]
    assert by_place[(72, "Prefill tok/s")].values == [2563]
    assert by_place[(104, "TTFT")].unit_guess == "ms"


def _pathological(width: int) -> str:
    """Lines of `width` characters that send a naive heading, rule or key-value pattern (or a
    table reader) into backtracking over the whole line, then one plain table."""
    return (
        "# "
        + " #" * (width // 2)
        + "x\n"
        + "--- "
        + " " * width
        + "y\n"
        + "k"
        + " " * width
        + ": 5\n"
        + "| a |\n|"
        + "-|" * (width // 2)
        + "\n| 1 |\n\n| b |\n|-|\n| 2 |\n"
    )


@contextmanager
def _cpu_budget(seconds: float) -> Iterator[None]:
    """Ends a runaway reader with a failure after `seconds` of this process's CPU time,
    rather than waiting hours for it (a regular expression match is interruptible)."""

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"over {seconds} CPU s")

    previous = signal.signal(signal.SIGVTALRM, stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)


_RUNS = itertools.count(1)


def _harvest_operations(text: str) -> int:
    """The work of reading `text` from scratch, counted, not timed: every line of Python run
    and every call into C (`sys.settrace` and `sys.setprofile`), so the count is the same on a
    quiet machine and a loaded one. The text ends in its own number of blank lines: a text
    read before may be remembered, not read."""
    count = 0

    def line(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        count += 1
        return line

    def call(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        count += event == "c_call"

    fresh = text + "\n" * next(_RUNS)
    sys.settrace(line)
    sys.setprofile(call)
    try:
        harvest(snapshot_of({"a.md": fresh}))
    finally:
        sys.setprofile(None)
        sys.settrace(None)
    return count


def test_pathological_lines_do_not_run_away() -> None:
    """Lines of 800,000 characters are read in about 0.6 CPU s; a reader that backtracks over
    a whole line (a regular expression let loose on it) never ends, and one that copies or
    scans the rest of the line at each of its characters takes minutes: 10 CPU s of this
    process stops either. A budget for what runs away, not a measurement: CPU time of this
    process, so a loaded machine does not trip it."""
    try:
        with _cpu_budget(10):
            candidates = harvest(snapshot_of({"a.md": _pathological(800_000)}))
    except TimeoutError as error:
        pytest.fail(f"the pathological lines were chewed on: {error}")
    # a delimiter row wider than its header makes no table (GFM), the next table is read
    assert [(c.line, c.values) for c in candidates] == [(10, [2])]


def test_pathological_lines_are_read_in_linear_work() -> None:
    """Such lines are skipped, not chewed on: sixteen times the width costs at most forty
    times the operations (linear today: 15.5x, 176,091 -> 2,726,168; a reader quadratic in
    its line: 256x). Operations, not seconds: a timed ratio flaked on the shared machine
    (the timed comparison is `benchmarks/harvest_linear.py`)."""
    try:
        with _cpu_budget(20):
            narrow = _harvest_operations(_pathological(5_000))
            wide = _harvest_operations(_pathological(80_000))
    except TimeoutError as error:
        pytest.fail(f"the pathological lines were chewed on: {error}")
    assert wide < 40 * narrow, f"5,000 wide: {narrow:,} operations, 80,000 wide: {wide:,}"
