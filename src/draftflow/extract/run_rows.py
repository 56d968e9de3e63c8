"""Runs of one configuration: JSON Lines rows that repeat a configuration are runs of it.

A JSONL file of benchmark output often writes one row per run: the same settings (model,
build, flags, prompt size) with new measurements and a new timestamp. Such a row is an input
of its configuration's summary, not a figure of its own: each measured member of the group's
rows becomes one figure, their median, with every run's value (`per_run_values`) and line
(`run_source_lines`) kept so verify re-reads each run by position and the figures file keeps
every run.

A row's configuration is every scalar of it but its measurements and its timestamps. When in
doubt a member counts as a setting: a setting misread as a measurement would merge different
configurations into one median (a false figure), a measurement misread as a setting only
leaves its rows unmerged.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.candidates import SourceFormat, unit_from_key
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

_ROW_PATH = re.compile(r"^\[(?P<row>\d+)\]\.?(?P<column>.*)$")
_WORDS = re.compile(r"[._\-\s]+")
# when a run happened: a timestamp names a run, not its configuration
_TIME_WORDS = frozenset(
    {"time", "timestamp", "date", "datetime", "started", "finished", "created", "start", "end"}
)
# a statistic of the run's own samples (`avg_ts`, `stddev_ns`, `p99_ms`) is an outcome
_STATISTIC_WORD = re.compile(r"^(?:avg|mean|median|std|stdev|stddev|p\d{2,3})$")
_EPOCH_FLOOR = 1e9  # seconds since 1970 pass 1e9 in 2001: a larger count under a time word


@dataclass(frozen=True)
class RunGroup:
    """The rows' figures of one measured member under one configuration: the first row's
    figure stands for the group (its place, label and conditions), the rest are its runs."""

    members: tuple[Selected, ...]
    settings: frozenset[str]
    """The keys of the configuration (a figure's cells outside it are not its conditions)."""

    def runs(self) -> list[RunValue]:
        """Each run's value as written, its line and its written decimals."""
        return [
            RunValue(item.value, item.candidate.line, _decimals(item.candidate.text))
            for item in self.members
        ]


def _decimals(text: str) -> int:
    number = text.strip().lstrip("-+")
    mantissa = re.split(r"[eE]", number)[0]
    return len(mantissa.split(".", 1)[1]) if "." in mantissa else 0


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


def row_settings(node: Node) -> tuple[tuple[str, str], ...]:
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


def _row_configurations(document: Document) -> dict[int, tuple[tuple[str, str], ...]]:
    """Each JSONL row's index (as the harvest numbers it) → its configuration."""
    return {root.line - 1: row_settings(root.node) for root in parse_document(document).json_roots}


def fold_run_rows(
    snapshot: Snapshot, selected: Iterable[Selected]
) -> tuple[list[Selected], dict[int, RunGroup]]:
    """The figures that stand once (each configuration's first row stands for its runs), and
    by `id()` of each standing figure the group of runs it summarises.

    Only JSONL rows are folded: a figure of any other source, of an array inside a row, or of
    a configuration with fewer than `MIN_RUNS` rows stands as it is. A later row's array
    members (its own samples) are inputs of that row's figures and do not stand."""
    items = list(selected)
    configurations: dict[str, dict[int, tuple[tuple[str, str], ...]]] = {}
    grouped: dict[tuple[object, ...], list[Selected]] = defaultdict(list)
    row_groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[int]] = defaultdict(list)
    placed: dict[int, tuple[str, int, tuple[tuple[str, str], ...]]] = {}
    for item in items:
        candidate = item.candidate
        match = _ROW_PATH.match(candidate.json_path or "")
        if candidate.format is not SourceFormat.JSONL or match is None:
            continue
        document_id = candidate.document_id
        if document_id not in configurations:
            document = snapshot.document(document_id)
            configurations[document_id] = (
                _row_configurations(document) if document is not None else {}
            )
        row = int(match["row"])
        settings = configurations[document_id].get(row)
        if settings is None:
            continue
        placed[id(item)] = (document_id, row, settings)
        rows = row_groups[(document_id, settings)]
        if not rows or rows[-1] != row:
            rows.append(row)
        column = match["column"]
        if "[" in column:
            continue
        key = (document_id, settings, column, item.metric, item.unit, item.statistic)
        grouped[(*key, item.value_index, item.part)].append(item)
    groups: dict[int, RunGroup] = {}
    folded: set[int] = set()
    for members in grouped.values():
        if len(members) < MIN_RUNS or len({m.candidate.line for m in members}) != len(members):
            continue
        settings = placed[id(members[0])][2]
        keys = frozenset(_last_key(path) for path, _ in settings)
        groups[id(members[0])] = RunGroup(tuple(members), keys)
        folded.update(id(member) for member in members[1:])
    for item in items:
        where = placed.get(id(item))
        if where is None or id(item) in folded:
            continue
        document_id, row, settings = where
        rows = row_groups[(document_id, settings)]
        path = item.candidate.json_path or ""
        if len(rows) >= MIN_RUNS and row != rows[0] and "[" in path[1:]:
            folded.add(id(item))  # a later run's samples: inputs of that run's own figures
    return [item for item in items if id(item) not in folded], groups


def _last_key(path: str) -> str:
    return re.sub(r"\[\d+\]$", "", path).rsplit(".", 1)[-1]
