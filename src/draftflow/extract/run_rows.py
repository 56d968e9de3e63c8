"""Runs of one configuration: JSON Lines rows that repeat a configuration are runs of it, and
so are the lines `go test -bench -count=N` prints for one benchmark.

A JSONL file of benchmark output often writes one row per run: the same settings (model,
build, flags, prompt size) with new measurements and a new timestamp. Such a row is an input
of its configuration's summary, not a figure of its own: each measured member of the group's
rows becomes one figure, their median, with every run's value (`per_run_values`) and line
(`run_source_lines`) kept so verify re-reads each run by position and the figures file keeps
every run.

A row's configuration is every scalar of it but its measurements and its timestamps. A Go
benchmark line (`BenchmarkInference-4  15  893788634 ns/op  33.56 tokens/s`) is its benchmark's
name (with its GOMAXPROCS suffix) in one printed output: by Go's format the count after the
name is the iterations the framework chose, an outcome, and every later pair is a measured
value and its unit. When in doubt a member counts as a setting: a setting misread as a
measurement would merge different configurations into one median (a false figure), a
measurement misread as a setting only leaves its rows unmerged.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.candidates import Candidate, SourceFormat, unit_from_key
from draftflow.extract.classify import Selected
from draftflow.extract.derive import RunValue
from draftflow.extract.document import Node, parse_document
from draftflow.extract.metric_names import metric_name
from draftflow.extract.vocabulary import MEASURED_UNITS, SKIP_KEY
from draftflow.numbers.units import MEMORY_UNITS
from draftflow.record.conditions import RUN_SOURCE_LINES

MIN_RUNS = 2
"""Fewer rows than this are one configuration's only run: its figures stand as they are."""

RUN_LINES = RUN_SOURCE_LINES
TABLE_KEY = "printed output"
"""The setting that keeps one Go benchmark's runs in one printed output apart from another's."""

_ROW_PATH = re.compile(r"^\[(?P<row>\d+)\]\.?(?P<column>.*)$")
_WORDS = re.compile(r"[._\-\s]+")
# when a run happened: a timestamp names a run, not its configuration
_TIME_WORDS = frozenset(
    {"time", "timestamp", "date", "datetime", "started", "finished", "created", "start", "end"}
)
# a statistic of the run's own samples (`avg_ts`, `stddev_ns`, `p99_ms`) is an outcome
_STATISTIC_WORD = re.compile(r"^(?:avg|mean|median|std|stdev|stddev|p\d{2,3})$")
_EPOCH_FLOOR = 1e9  # seconds since 1970 pass 1e9 in 2001: a larger count under a time word


Settings = tuple[tuple[str, str], ...]
"""A row's configuration: (path, text) of each of its settings."""


@dataclass(frozen=True)
class RunGroup:
    """The rows' figures of one measured member under one configuration: the first row's
    figure stands for the group (its place, label and conditions), the rest are its runs."""

    members: tuple[Selected, ...]
    settings: frozenset[str]
    """The keys of the configuration (a figure's cells outside it are not its conditions)."""

    def runs(self) -> list[RunValue]:
        """Each run's value as written, its line and its written decimals."""
        return [RunValue(item.value, item.candidate.line, _decimals(item)) for item in self.members]


_NUMBER = re.compile(r"\d+(?:\.(\d+))?")


def _decimals(item: Selected) -> int:
    """The decimals the run's figure is written with (`47.10` has two)."""
    written = [match.group(1) or "" for match in _NUMBER.finditer(item.candidate.text)]
    return len(written[min(item.value_index, len(written) - 1)]) if written else 0


def _words(key: str) -> list[str]:
    return [word for word in _WORDS.split(key.lower()) if word]


def is_measurement(key: str, node: Node) -> bool:
    """True for a row member that is an outcome of the run, not a setting of it: a metric's
    name, a statistic of samples, a measured unit, or a timestamp."""
    words = _words(key)
    if any(word in _TIME_WORDS for word in words) and (
        node.kind == "string" or (node.kind == "number" and _is_epoch(node.text))
    ):
        return True
    if node.kind != "number" or SKIP_KEY.search(key.lower()):
        return False
    if metric_name(key) is not None or any(_STATISTIC_WORD.match(word) for word in words):
        return True
    unit = unit_from_key(key)
    return unit is not None and (unit in MEASURED_UNITS or unit in MEMORY_UNITS)


def _is_epoch(text: str) -> bool:
    try:
        return float(text) >= _EPOCH_FLOOR
    except ValueError:
        return False


def row_settings(node: Node) -> Settings:
    """The configuration a JSONL row states: (path, text) of each scalar that is no
    measurement, in order; a list's scalars under their index."""
    found: list[tuple[str, str]] = []
    _collect(node, "", "", found)
    return tuple(found)


def _collect(node: Node, path: str, key: str, found: list[tuple[str, str]]) -> None:
    if node.kind == "object":
        for name, child in node.members:
            _collect(child, f"{path}.{name}" if path else name, name, found)
    elif node.kind == "array":
        if all(item.kind == "number" for item in node.items):
            return  # a list of numbers is samples of the run (`samples_ts`), not a setting
        for index, item in enumerate(node.items):
            _collect(item, f"{path}[{index}]", key, found)
    elif not is_measurement(key, node):
        found.append((path, node.text))


@dataclass(frozen=True)
class _Place:
    """Where a JSONL figure stands: its document, row, the row's settings and its member."""

    document_id: str
    row: int
    settings: Settings
    column: str


_GO_BENCHMARK = re.compile(r"^Benchmark[\w/=.-]*$")
"""A Go benchmark's name as `go test -bench` prints it (`BenchmarkInference-32`)."""
_GO_ITERATIONS = re.compile(r"^\d+$")


def go_benchmark_place(candidate: Candidate) -> _Place | None:
    """Where a figure of a `go test -bench` line stands: its printed output (the text table),
    the line's benchmark name as its configuration, its column; None for another table's
    figure or the line's iteration count (an outcome no summary is made of)."""
    if candidate.format is not SourceFormat.TEXT_TABLE or candidate.column is None:
        return None
    names = list(candidate.context)
    if len(names) < 3 or candidate.column in names[:2]:
        return None
    name, iterations = candidate.context[names[0]], candidate.context[names[1]]
    if not _GO_BENCHMARK.match(name) or not _GO_ITERATIONS.match(iterations.strip()):
        return None
    settings = ((TABLE_KEY, str(candidate.table)), (names[0], name))
    return _Place(candidate.document_id, candidate.row, settings, candidate.column)


class _RowPlaces:
    """Each JSONL figure's place, every document's rows read for their settings once."""

    def __init__(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        self._settings: dict[str, dict[int, Settings]] = {}

    def place(self, item: Selected) -> _Place | None:
        candidate = item.candidate
        if candidate.format is SourceFormat.TEXT_TABLE:
            return go_benchmark_place(candidate)
        match = _ROW_PATH.match(candidate.json_path or "")
        if candidate.format is not SourceFormat.JSONL or match is None:
            return None
        row = int(match["row"])
        settings = self._rows(candidate.document_id).get(row)
        if settings is None:
            return None
        return _Place(candidate.document_id, row, settings, match["column"])

    def _rows(self, document_id: str) -> dict[int, Settings]:
        """Each row's index (as the harvest numbers it) → its settings."""
        found = self._settings.get(document_id)
        if found is None:
            document = self._snapshot.document(document_id)
            roots = parse_document(document).json_roots if document is not None else ()
            found = self._settings[document_id] = {
                root.line - 1: row_settings(root.node) for root in roots
            }
        return found


def fold_run_rows(
    snapshot: Snapshot, selected: Iterable[Selected]
) -> tuple[list[Selected], dict[int, RunGroup]]:
    """The figures that stand once (each configuration's first row stands for its runs), and
    by `id()` of each standing figure the group of runs it summarises.

    Only JSONL rows and `go test -bench` lines are folded: a figure of any other source, of
    an array inside a row, or of a configuration with fewer than `MIN_RUNS` rows stands as it
    is. A later row's array
    members (its own samples) are inputs of that row's figures and do not stand."""
    items = list(selected)
    places = _RowPlaces(snapshot)
    placed = {id(item): place for item in items if (place := places.place(item)) is not None}
    groups = _run_groups(items, placed)
    folded = {id(member) for group in groups.values() for member in group.members[1:]}
    first_rows: dict[tuple[str, Settings], int] = {}
    repeated: set[tuple[str, Settings]] = set()
    for place in placed.values():
        configuration = (place.document_id, place.settings)
        first = first_rows.setdefault(configuration, place.row)
        if first != place.row:
            repeated.add(configuration)
    for item in items:
        place = placed.get(id(item))
        if place is None or "[" not in place.column:
            continue
        configuration = (place.document_id, place.settings)
        if configuration in repeated and place.row != first_rows[configuration]:
            folded.add(id(item))  # a later run's samples: inputs of that run's own figures
    return [item for item in items if id(item) not in folded], groups


def _run_groups(items: list[Selected], placed: dict[int, _Place]) -> dict[int, RunGroup]:
    """By `id()` of each configuration's first figure of a member, the group of its runs:
    the same member (and metric, unit, statistic, part) on `MIN_RUNS` rows or more."""
    grouped: dict[tuple[object, ...], list[Selected]] = defaultdict(list)
    for item in items:
        place = placed.get(id(item))
        if place is None or "[" in place.column:
            continue
        key = (place.document_id, place.settings, place.column, item.metric, item.unit)
        grouped[(*key, item.statistic, item.value_index, item.part)].append(item)
    groups: dict[int, RunGroup] = {}
    for members in grouped.values():
        if len(members) < MIN_RUNS or len({m.candidate.line for m in members}) != len(members):
            continue
        settings = placed[id(members[0])].settings
        keys = frozenset(_last_key(path) for path, _ in settings)
        groups[id(members[0])] = RunGroup(tuple(members), keys)
    return groups


def _last_key(path: str) -> str:
    return re.sub(r"\[\d+\]$", "", path).rsplit(".", 1)[-1]
