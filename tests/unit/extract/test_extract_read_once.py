"""What a wide table or a long document repeats is read once (issue 35: the suite's corpus
drafts). Counted, not timed (the machine is shared): a table's column headers once per key,
not once per row; a document's opening lines once, not once per figure line; a cell's text
once per header, whatever row repeats it. Each count fails on a43569a5, which read them again
for every row or line; the readings themselves are the same."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from documents import make_document
from draftflow.extract import status_words
from draftflow.extract.conditions import columns, place_reading, run_parameters
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.place_reading import counts_at
from draftflow.extract.conditions.run_parameters import cell_parameters, figure_date

ROWS = 40
_fresh = itertools.count()


def _token() -> str:
    """A text no other test has read (the readings are kept per text, process-wide)."""
    return f"zq{next(_fresh)}x{id(_fresh) % 997}"


class _Counted:
    """A compiled pattern whose `match` calls are counted."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.calls = pattern, 0

    def match(self, *args: Any) -> re.Match[str] | None:
        self.calls += 1
        return self.pattern.match(*args)


def test_a_tables_headers_are_read_once_per_key_whatever_its_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = _token()
    headers = [f"model {token}", "TPS@4", "TPS@8", f"pp512 {token}"]
    rows = [f"| m{n}-{token} | {n}.5 | {n}.25 | {n}.75 |" for n in range(ROWS)]
    text = "\n".join(
        [f"# Sweep {token}", "", "| " + " | ".join(headers) + " |", "|---|---|---|---|", *rows]
    )
    context = DocumentContext(make_document("README.md", text + "\n"))
    calls: list[str] = []
    real = place_reading.corner_settings

    def counted(corner: str, header: str) -> Any:
        calls.append(header)
        return real(corner, header)

    monkeypatch.setattr(place_reading, "corner_settings", counted)
    first_row = 5
    readings = [counts_at(context, line, "concurrency") for line in range(first_row, 5 + ROWS)]
    assert readings == [frozenset({4, 8})] * ROWS  # each row under `TPS@4` and `TPS@8`
    # a43569a5 read the four headers again for every row: 4 x 40
    assert len(calls) <= 2 * len(headers), len(calls)


def test_a_documents_opening_lines_are_read_once_not_per_figure_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = _token()
    lines = [f"# Results {token} 2026-10-17", "", f"Tested with {token}.", ""]
    lines += [f"- run {n} {token}: {n}.5 tok/s" for n in range(ROWS)]
    context = DocumentContext(make_document("README.md", "\n".join(lines) + "\n"))
    calls: list[str] = []
    real = run_parameters.find_dates

    def counted(text: str) -> Any:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(run_parameters, "find_dates", counted)
    first = len(lines) - ROWS + 1
    dates = [figure_date(context, line) for line in range(first, len(lines) + 1)]
    assert dates == ["2026-10-17"] * ROWS  # the title's date, the opening naming no other
    # each figure's own line once, the opening lines once: a43569a5 read the 12 opening
    # lines again for each of the 40 figure lines (~500 readings)
    assert len(calls) <= ROWS + 2 * len(lines[:12]), len(calls)


def test_a_cells_text_is_read_once_per_header_whatever_row_repeats_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = _token()
    calls: list[str] = []
    real = run_parameters.parameter_of

    def counted(name: str) -> str | None:
        calls.append(name)
        return real(name)

    monkeypatch.setattr(run_parameters, "parameter_of", counted)
    for _ in range(ROWS):
        assert cell_parameters(f"temperature {token}", "0.7") == ()
    assert len(calls) <= 2, calls  # a43569a5: 2 x 40


def test_a_json_cells_one_and_true_are_read_apart() -> None:
    """The cells are remembered by value and type: `1 == True` in Python, not in a row."""
    assert cell_parameters("thinking", True) == (("thinking", True),)
    assert cell_parameters("thinking", 1) == ()
    assert cell_parameters("temperature", 1) == (("temperature", 1.0),)
    assert cell_parameters("temperature", True) == ()
    assert cell_parameters("thinking", True) == (("thinking", True),)


def test_a_test_name_cell_is_read_once_whatever_row_repeats_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = 1000 + next(_fresh) % 9000
    counted = _Counted(columns._BENCH_TEST)
    monkeypatch.setattr(columns, "_BENCH_TEST", counted)
    for _ in range(ROWS):
        assert columns.bench_test_lengths(f"pp{token}") == (("input_tokens", token),)
    assert counted.calls <= 1, counted.calls  # a43569a5: once per row


def test_a_rows_status_cell_is_read_once_whatever_row_repeats_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = _token()
    calls: list[str] = []
    real = status_words.plain

    def counted(text: str) -> str:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(status_words, "plain", counted)
    marks = {status_words.marker(f"estimated ({token})") for _ in range(ROWS)}
    assert len(marks) == 1 and None not in marks  # `estimated` opens the cell
    assert len(calls) <= 1, len(calls)  # a43569a5: once per row
