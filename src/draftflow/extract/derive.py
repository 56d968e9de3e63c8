"""Derived figures: medians and means of repeated runs, computed here and never by the model.

A derived figure keeps its inputs (`per_run_values`), its observed range (`uncertainty`,
labelled as a range and not a confidence interval) and a `statistic` that says it was derived
and from which source lines, so that verify can recompute it.
"""

from __future__ import annotations

import re
import statistics
from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import Selected
from draftflow.extract.vocabulary import RUN_WORDS, SKIP_KEY

RANGE_KIND = "observed range, not confidence interval"

Kind = Literal["median", "mean"]


@dataclass(frozen=True)
class RunValue:
    """One grounded run: its value as written and the line that states it."""

    value: int | float
    line: int
    decimals: int


@dataclass(frozen=True)
class DerivedFigure:
    """A median or mean over grounded runs, with its range and the line it is anchored to."""

    kind: Kind
    value: int | float
    per_run_values: list[int | float]
    observed_min: int | float
    observed_max: int | float
    anchor_line: int
    lines: list[int]

    @property
    def statistic(self) -> str:
        """What the figure is, for the record's `statistic` field."""
        noun = "source row" if len(set(self.lines)) > 1 else "source value"
        plural = "s" if len(self.per_run_values) != 1 else ""
        where = ", ".join(str(line) for line in sorted(set(self.lines)))
        return (
            f"{self.kind} of {len(self.per_run_values)} {noun}{plural} (lines {where}); "
            "derived by draftflow, individually recoverable in per_run_values"
        )


def derive(runs: list[RunValue], kind: Kind, anchor_line: int | None = None) -> DerivedFigure:
    """The median or mean of `runs`, rounded to the precision the inputs are written at.

    `anchor_line` is the line the figure cites (by default a run equal to the figure, else the
    first run). Raises ValueError for an empty list.
    """
    if not runs:
        raise ValueError("a derived figure needs at least one run")
    values = [run.value for run in runs]
    raw = statistics.median(values) if kind == "median" else statistics.fmean(values)
    decimals = max(run.decimals for run in runs)
    value = _rounded(float(raw), decimals)
    anchor = anchor_line or next((run.line for run in runs if run.value == value), runs[0].line)
    return DerivedFigure(
        kind=kind,
        value=value,
        per_run_values=values,
        observed_min=min(values),
        observed_max=max(values),
        anchor_line=anchor,
        lines=[run.line for run in runs],
    )


def _rounded(raw: float, decimals: int) -> int | float:
    """`raw` at the inputs' precision, or one digit more when that is exact (2082.5)."""
    for places in (decimals, decimals + 1):
        candidate = round(raw, places)
        if abs(candidate - raw) < 1e-9:
            return int(candidate) if places == 0 else candidate
    return round(raw, decimals + 1)


_ARRAY_ITEM = re.compile(r"^(?P<array>.*)\[(?P<index>\d+)\]$")
_SUMMARY_KEYS: dict[str, Kind] = {
    "mean": "mean",
    "avg": "mean",
    "average": "mean",
    "median": "median",
    "p50": "median",
}


@dataclass(frozen=True)
class RunArray:
    """A JSON array of run values under a metric key, and the summary stated beside it.

    Verification reads a figure's inputs on its cited line or in the JSON block around it, so
    runs are only summarised where that holds: the items of one array (anchored on the line
    the array opens on) or a `mean`/`median` member next to it.
    """

    members: list[Selected]
    anchor_line: int
    stated: Selected | None
    kind: Kind


_KEY_WORDS = re.compile(r"[._\-\s]+")
_RUN_WORD = re.compile(
    r"^(?:runs?|trials?|repeats?|repetitions?|iterations?|samples?|reps|attempts?"
    r"|measurements?|values|all)$",
    re.IGNORECASE,
)


def _summary_of(key: str) -> tuple[Kind, str] | None:
    """(kind, stem) of a summary member's key: `mean` (stem ``), `avg_ts` (stem `ts`),
    `tokens_per_sec_median` (stem `tokens per sec`); None for any other key."""
    words = [word for word in _KEY_WORDS.split(key.lower()) if word]
    kinds = [_SUMMARY_KEYS[word] for word in words if word in _SUMMARY_KEYS]
    if len(kinds) != 1:
        return None
    return kinds[0], " ".join(word for word in words if word not in _SUMMARY_KEYS)


def _array_stem(key: str) -> str:
    """An array's key without its run word: `samples_ts` → `ts`, `runs` → ``."""
    words = [word for word in _KEY_WORDS.split(key.lower()) if word]
    return " ".join(word for word in words if not _RUN_WORD.match(word))


def _summary_place(path: str) -> tuple[str, str]:
    """(parent path, stem) of an array or member path, the key the two are paired on."""
    parent, _, key = path.rpartition(".")
    summary = _summary_of(key)
    return parent, summary[1] if summary is not None else _array_stem(key)


def run_arrays(selected: list[Selected]) -> list[RunArray]:
    """Arrays of repeated runs: at least two selected JSON numbers in an array the source calls
    runs (`runs`, `trials`, `samples`, ...) or next to a stated mean/median. The stated summary
    is the sibling member named by a summary word and the array's own name less its run word
    (`mean` beside `runs`, `avg_ts` beside `samples_ts`): the source's own statistic.

    Any other array is a sweep: each point stays its own figure (see `sweep_conditions`).
    """
    arrays: dict[tuple[str, str], list[Selected]] = defaultdict(list)
    summaries: dict[tuple[str, str, str], tuple[Selected, Kind]] = {}
    for item in selected:
        path = item.candidate.json_path
        if path is None or item.value_index:
            continue
        item_match = _ARRAY_ITEM.match(path)
        if item_match:
            arrays[(item.candidate.document_id, item_match["array"])].append(item)
            continue
        summary = _summary_of(path.rsplit(".", 1)[-1])
        if summary is not None:
            parent, stem = _summary_place(path)
            summaries[(item.candidate.document_id, parent, stem)] = (item, summary[0])
    found = []
    for (document_id, array_path), members in arrays.items():
        if len(members) < 2:
            continue
        parent, stem = _summary_place(array_path)
        # a bare `mean`/`median` member summarises any array beside it, as it always did
        pair = summaries.get((document_id, parent, stem)) or summaries.get(
            (document_id, parent, "")
        )
        if pair is None and not RUN_WORDS.search(array_path):
            continue  # a sweep (one figure per point), not repeated runs
        stated: Selected | None = None
        kind: Kind = "median"
        if pair is not None:
            stated, kind = pair
        first = members[0].candidate
        found.append(RunArray(members, first.parent_line or first.line, stated, kind))
    return found


def agrees(figure: DerivedFigure, stated: int | float, stated_decimals: int) -> bool:
    """True when the source's stated summary is the recomputed one at its written precision."""
    return abs(float(figure.value) - float(stated)) <= 0.5 * 10.0 ** (-stated_decimals) + 1e-9


def sweep_conditions(candidates: list[Candidate]) -> dict[str, dict[str, int | float]]:
    """For each item of a JSON array, the settings at the same index of its sibling arrays.

    `{"concurrency": [1, 4, 16], "tokens_per_second": [30.1, 95.4, 210.7]}` gives the item
    `tokens_per_second[1]` the condition `concurrency: 4`.
    """
    arrays: dict[tuple[str, str], dict[str, dict[int, int | float]]] = defaultdict(dict)
    items: list[tuple[Candidate, str, str, int]] = []
    for candidate in candidates:
        if candidate.json_path is None:
            continue  # not a JSON leaf (most candidates: table cells)
        match = _ARRAY_ITEM.match(candidate.json_path)
        if match is None or len(candidate.values) != 1:
            continue
        parent, _, key = match["array"].rpartition(".")
        index = int(match["index"])
        arrays[(candidate.document_id, parent)].setdefault(key, {})[index] = candidate.values[0]
        items.append((candidate, parent, key, index))
    conditions: dict[str, dict[str, int | float]] = {}
    for candidate, parent, key, index in items:
        siblings = arrays[(candidate.document_id, parent)]
        found = {
            name: values[index]
            for name, values in siblings.items()
            if name != key
            and index in values
            and SKIP_KEY.search(name.lower())
            and len(values) == len(siblings[key])
        }
        if found:
            conditions[candidate.candidate_id] = found
    return conditions
