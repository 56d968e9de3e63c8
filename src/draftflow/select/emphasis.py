"""How an author marks a figure in its row, for the headline rules: a symbol in its cell
(`219.08 ms 🔥`) stresses it; small print (`<sub>I: 163.42 ms</sub>`) tucks a detail away; and
of one quantity's statistics on one row (median, mean, minimum, quartiles) the central one
stands for the row, the others describe its spread.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache

from draftflow.extract.document import split_pipes
from draftflow.numbers import find_numbers
from draftflow.record.model import ReportedResult

_SMALL_PRINT = re.compile(r"<(sub|sup|small)>(.*?)</\1>", re.IGNORECASE | re.DOTALL)
_TAGS = re.compile(r"<[^>]+>")
# the central statistic of a row, best first; a label's last part names a column's statistic
_CENTRAL = ("median", "mean", "average", "avg")
_ROW_SUFFIXES = (".md", ".markdown", ".txt", ".log", ".csv", ".tsv")
_SPREAD_NAME = re.compile(
    r"^(p\d{1,2}(\.\d+)?|min(imum)?|max(imum)?|std(dev)?|stdev|q[13]|iqr)$", re.IGNORECASE
)


def _states(text: str, value: float) -> bool:
    """Whether `text` writes the value (in any of the forms a number is read in)."""
    return any(
        abs(v - value) <= 1e-9 * max(1.0, abs(value))
        for mention in find_numbers(text)
        for n in mention.numbers
        for v in n.alternatives
    )


def _cell_of(line: str, value: float) -> str | None:
    """The table cell of a pipe-table line that writes the value (small print left out)."""
    cells, first = _row_values(line)
    at = first.get(value)
    if at is not None:
        return cells[at]
    for cell in cells:
        if _states(_SMALL_PRINT.sub("", cell), value):
            return cell
    return None


@lru_cache(maxsize=64)
def _row_values(line: str) -> tuple[tuple[str, ...], dict[float, int]]:
    """A pipe-table line's cells (none for another line) and, for each value a cell writes
    (small print left out), the first cell that writes it: read once per line, not once per
    figure of the line (a wide row has thousands)."""
    if line.count("|") < 2:
        return (), {}
    cells = tuple(split_pipes(line))
    first: dict[float, int] = {}
    for index, cell in enumerate(cells):
        for mention in find_numbers(_SMALL_PRINT.sub("", cell)):
            for number in mention.numbers:
                for alternative in number.alternatives:
                    first.setdefault(alternative, index)
    return cells, first


def marked_by_symbol(line: str, value: float) -> bool:
    """A pictographic symbol (`🔥`, `⭐`, `🏆`) in the value's table cell: the author's mark
    on the cell among its row and column."""
    cell = _cell_of(line, value)
    return cell is not None and _has_symbol(cell)


@lru_cache(maxsize=1 << 12)
def _has_symbol(cell: str) -> bool:
    """A pictographic symbol in a cell, outside small print and tags (read once per cell
    text: a row writes the same value in many cells)."""
    plain = _TAGS.sub("", _SMALL_PRINT.sub("", cell))
    return any(unicodedata.category(char) == "So" for char in plain)


def in_small_print(line: str, value: float) -> bool:
    """The value is written only in small print (`<sub><sup>I: 434.84 ms</sup></sub>`): a
    breakdown under the cell's figure, not the figure."""
    if "<" not in line:
        return False
    small = [match.group(2) for match in _SMALL_PRINT.finditer(line)]
    if not any(_states(_TAGS.sub(" ", text), value) for text in small):
        return False
    return not _states(_TAGS.sub(" ", _SMALL_PRINT.sub(" ", line)), value)


def _statistic_name(result: ReportedResult) -> str:
    statistic = result.statistic.lower().replace("as reported", "").strip()
    if statistic:
        return statistic.split()[0]
    return result.label.rsplit(",", 1)[-1].strip().lower()


def spread_statistics(results: Iterable[tuple[int, ReportedResult]]) -> set[int]:
    """The keys of figures that give the spread of a quantity whose central statistic the
    same row states (`Min 22` beside `Median 66`): the central figure stands for the row."""
    rows: dict[tuple[str, int, str, str], list[tuple[int, str]]] = defaultdict(list)
    for key, result in results:
        if not result.evidence_url.split("#", 1)[0].lower().endswith(_ROW_SUFFIXES):
            continue  # a JSON object's keys are no table row (vLLM writes mean, median, p99)
        place = (result.source_document_id, result.source_line, result.metric, result.unit)
        rows[place].append((key, _statistic_name(result)))
    spread: set[int] = set()
    for members in rows.values():
        # the central statistic written first (leftmost) stands for the row
        central = next((name for _, name in members if name in _CENTRAL), None)
        if central is None or len(members) < 2:
            continue
        spread.update(
            key
            for key, name in members
            if name != central and (name in _CENTRAL or _SPREAD_NAME.match(name))
        )
    return spread
