"""What a number's column (or row, or line) says about it, as features.

A table's column is read as a whole: the share of its cells the rules made figures of, whether
it holds only whole numbers, how many distinct values it has, whether they count up like an
index. A number on a line is read with the other numbers of that line. These say what kind of
column a cell stands in without naming the column: a column of parameter counts (7, 8, 24)
looks like a setting wherever it is.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from collections.abc import Hashable

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import Selected
from draftflow.extract.learned.features import SAMPLING_AXIS, Features

LINE_READ = "line_others_chosen"
"""A line candidate's feature: the rules took other numbers of its line (a sentence the prose
finder read): a feature, not a gate (issue 30). What a reader left in a sentence is often a
setting, yet often a result it does not read (a range's far end `23–32 %`, a pair
`50.9/51.9`, `24.89 vs 12.1`): the model weighs it. As a gate it held 53 gold figures of 74
repositories out for 6 off-gold ones (session 29, left-one-out models)."""


_TIME_AXIS = re.compile(
    r"(?:elapsed|time|timestamp|t|ts|uptime|wall|sec(?:ond)?s?)(?:[\s_]?time)?"
    r"(?:[\s_]*[\[(]?(?:s|sec|secs|seconds|ms|min)[\])]?)?",
    re.IGNORECASE,
)
"""A header naming when a sample was taken (`elapsed_s`, `time (s)`, `t`, `timestamp`)."""
_SAMPLED = 5
"""A time axis steps evenly over at least this many samples (a sweep of a few is no series)."""


def column_key(candidate: Candidate) -> Hashable:
    """The column a candidate stands in: its table and header, or its JSON key path's tail
    (the same key across an array's items), or its line (line candidates)."""
    if candidate.format is SourceFormat.LINE:
        return (candidate.document_id, "line", candidate.line)
    if candidate.json_path is not None:
        return (candidate.document_id, "json", candidate.key)
    return (candidate.document_id, candidate.table, candidate.key)


def row_key(candidate: Candidate) -> Hashable:
    """The row a candidate stands in (a JSON leaf: its enclosing object's line)."""
    if candidate.json_path is not None:
        return (candidate.document_id, "json", candidate.parent_line)
    return (candidate.document_id, candidate.table, candidate.line)


class ColumnStats:
    """Per column and per row: how many cells, how many the rules chose, and their values."""

    def __init__(self, candidates: list[Candidate], selected: list[Selected]) -> None:
        chosen = {id(item.candidate) for item in selected}
        self._values: dict[Hashable, list[float]] = defaultdict(list)
        self._chosen: dict[Hashable, int] = defaultdict(int)
        self._row_cells: dict[Hashable, int] = defaultdict(int)
        self._row_chosen: dict[Hashable, int] = defaultdict(int)
        self._lines_read: dict[tuple[str, int], int] = defaultdict(int)
        self._columns: dict[Hashable, Features] = {}
        self._wholes: dict[Hashable, list[int]] = defaultdict(lambda: [0, 0])
        self._time_axes: dict[Hashable, bool] = {}
        for candidate in candidates:
            column, row = column_key(candidate), row_key(candidate)
            self._time_axes[column] = self._time_axes.get(column, True) and _time_axis(candidate)
            self._values[column].append(float(candidate.values[0]))
            self._row_cells[row] += 1
            taken = id(candidate) in chosen
            for whole in _wholes(candidate):
                self._wholes[whole][0] += 1
                self._wholes[whole][1] += taken
            if taken:
                self._chosen[column] += 1
                self._row_chosen[row] += 1
                self._lines_read[(candidate.document_id, candidate.line)] += 1

    def features(self, candidate: Candidate) -> Features:
        """The column and row features of one candidate."""
        features: Features = {}
        if candidate.format is SourceFormat.LINE:
            # the rules read this line and took other numbers of it: they left this one
            read = self._lines_read.get((candidate.document_id, candidate.line), 0)
            features[LINE_READ if read else "line_none_chosen"] = 1.0
        features.update(self._column_features(column_key(candidate)))
        row = row_key(candidate)
        cells = self._row_cells.get(row, 0)
        if cells and candidate.format is not SourceFormat.LINE:
            features[f"row_chosen={_share(self._row_chosen.get(row, 0), cells)}"] = 1.0
        for whole in _wholes(candidate):
            count, taken = self._wholes.get(whole, (0, 0))
            if count:
                share = f"{whole[0]}_chosen={_share(taken, count)}"
                features[share] = 1.0
                features[f"fmt={candidate.format.value}&{share}"] = 1.0
        return features

    def _column_features(self, column: Hashable) -> Features:
        """What a whole column says (read once per column: its cells share it)."""
        cached = self._columns.get(column)
        if cached is not None:
            return cached
        features: Features = {}
        self._columns[column] = features
        values = self._values.get(column, [])
        if not values:
            features["col=alone"] = 1.0
            return features
        count = len(values)
        features[f"col_cells={_bucket(count, (1, 2, 4, 10, 50))}"] = 1.0
        features[f"col_chosen={_share(self._chosen.get(column, 0), count)}"] = 1.0
        if all(v.is_integer() for v in values):
            features["col_integers"] = 1.0
        distinct = len(set(values))
        if count >= 3 and distinct == 1:
            features["col_constant"] = 1.0
        elif count >= 3 and distinct / count < 0.5:
            features["col_repeats"] = 1.0
        if count >= 3 and values == sorted(values) and distinct == count:
            features["col_increasing"] = 1.0
            if all(b - a == values[1] - values[0] for a, b in itertools.pairwise(values)):
                features["col_arithmetic"] = 1.0
            if count >= _SAMPLED and self._time_axes.get(column, False) and _even(values):
                features[SAMPLING_AXIS] = 1.0
        return features


def _even(values: list[float]) -> bool:
    """Whether increasing values step evenly, as a sampler's clock does: every step within
    half of the usual one (`10, 20, 30, 41, 51`: a 10 s period with a second of jitter)."""
    steps = sorted(b - a for a, b in itertools.pairwise(values))
    usual = steps[len(steps) // 2]
    return usual > 0 and steps[0] >= usual / 2 and steps[-1] <= usual * 1.5


def _time_axis(candidate: Candidate) -> bool:
    """Whether a cell stands where a sampled series keeps its time: a table's or CSV's first
    column, headed by a time (`elapsed_s,power_w,temp_c`: a GPU's telemetry every 10 s). Its
    cells say when each row was sampled; the row's other cells are what was measured."""
    return (
        candidate.format is not SourceFormat.LINE
        and candidate.json_path is None
        and candidate.row_header is None
        and candidate.column is not None
        and len(candidate.values) == 1
        and _TIME_AXIS.fullmatch(candidate.column.strip(" `*")) is not None
    )


def _wholes(candidate: Candidate) -> tuple[tuple[str, str, int], ...]:
    """The wholes a candidate belongs to beyond its column and row: its document (every
    harvested number of it) and, for a table's cell, its table. Whether the rules took other
    numbers of the same document or table says whether it reports results at all: a per-run
    data file or a table the rules found no metric in is read by what its neighbours are."""
    document = ("doc", candidate.document_id, -1)
    if candidate.format is SourceFormat.LINE or candidate.json_path is not None:
        return (document,)
    return document, ("table", candidate.document_id, candidate.table)


def _share(part: int, whole: int) -> str:
    if part == 0:
        return "none"
    if part == whole:
        return "all"
    return "most" if part * 2 >= whole else "some"


def _bucket(value: int, edges: tuple[int, ...]) -> str:
    for edge in edges:
        if value <= edge:
            return f"<={edge}"
    return f">{edges[-1]}"
