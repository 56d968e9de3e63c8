"""Turning grounded figures into the record's reported results and test profiles.

Conditions come only from the source: the other cells of the figure's row, the scalars around
a JSON leaf, and a column header that names a setting by value (`c=1`). A key the record
types (`concurrency` must be an int) that the source writes otherwise is kept as written
under `<key>_as_written` rather than coerced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import JsonValue, TypeAdapter, ValidationError

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import Selected, is_slashed
from draftflow.extract.derive import RANGE_KIND, DerivedFigure
from draftflow.extract.metric_names import (
    is_measured_column,
    is_metric_key,
    names_measured_extreme,
    strip_setting_values,
)
from draftflow.extract.numeric import cell_numbers
from draftflow.record.label import Label, LabelPart
from draftflow.record.model import KNOWN_CONDITION_TYPES, ReportedResult, TestProfile, Uncertainty
from draftflow.text.lines import plain_text

EVIDENCE_STATE = "source_reported"
MAX_CONDITION_TEXT = 120
MAX_LABEL_PARTS = 4

ALIASES = {
    "c": "concurrency",
    "bs": "concurrency",  # a batch size is the run's load (the gold policy's `concurrency`)
    "concurrency": "concurrency",
    "max_concurrency": "concurrency",
    "model": "model",
    "quant": "quantization",
    "quantization": "quantization",
    "prompt_tokens": "input_tokens",
    "input_tokens": "input_tokens",
    "output_tokens": "output_tokens",
}
_STAT_KEY = re.compile(
    r"^(p\d+(\.\d+)?|mean|median|avg|average|min|max|std|stdev|sum)$"
    r"|^(?:p\d+|mean|median|avg|average|std|stdev|stddev)_[a-z]"
    r"|[a-z]_(?:p\d+|mean|median|avg|average|std|stdev|stddev)$",
    re.I,
)
"""A JSON key of a statistic, alone or joined to what it measures (`avg_ns`, `stddev_ts`,
`ttft_p99`): another reading of the run, never a setting of its figures (llama-bench's run
JSON labelled each rate with its run's `avg_ns 26042952710, stddev_ns 7477302`). `max_`
and `min_` lead settings too (`max_tokens`, `min_p`): only alone are they readings."""
_SETTING_HEADER = re.compile(r"\b([a-z_]+)\s*=\s*([\d.,]+[km]?)\b", re.IGNORECASE)
_COUNT_HEADER = re.compile(r"^\s*([\d.,]+k?)\s+([a-z]+)\s*$", re.IGNORECASE)
"""A header that is a count of a setting (`2 devices`): its cells are figures at that count."""
_PLAIN_NUMBER = re.compile(r"^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?([eE][-+]?\d+)?$")
_LABEL_PRIORITY = re.compile(
    r"model|name|label|^id$|test|workload|scenario|profile|concurrency|prompt|batch|quant"
    r"|backend|engine|think|category|mode|^c$|load",
    re.IGNORECASE,
)
_ADAPTERS: dict[str, TypeAdapter[Any]] = {
    key: TypeAdapter(value_type) for key, value_type in KNOWN_CONDITION_TYPES.items()
}


@lru_cache(maxsize=1 << 16)
def typed_value(text: str) -> JsonValue:
    """A condition value as its source writes it: a plain number, a boolean, or text."""
    plain = plain_text(text).strip()
    if _PLAIN_NUMBER.match(plain):
        numbers = cell_numbers(plain)
        if len(numbers) == 1:
            return numbers[0]
    if plain.lower() in ("true", "false"):
        return plain.lower() == "true"
    return plain


@lru_cache(maxsize=1 << 14)
def condition_key(name: str) -> str:
    """The record's key for a source header: known aliases, else the header as written."""
    return ALIASES.get(name.strip().lower().replace(" ", "_"), name.strip())


def conform(key: str, value: JsonValue, written: str) -> tuple[str, JsonValue]:
    """Fit a condition to the record's typed keys, or keep it as written under another key."""
    adapter = _ADAPTERS.get(key)
    if adapter is None:
        return key, value
    for attempt in (value, written):
        try:
            adapter.validate_python(attempt, strict=True)
        except ValidationError:
            continue
        return key, attempt
    return f"{key}_as_written", written


def _add(conditions: dict[str, JsonValue], name: str, written: str) -> None:
    key, value = _condition(name, written)
    conditions.setdefault(key, value)


@lru_cache(maxsize=1 << 16)
def _condition(name: str, written: str) -> tuple[str, JsonValue]:
    """One source cell as a typed condition (memoised: rows repeat the same cells)."""
    return conform(condition_key(name), typed_value(written), plain_text(written))


@lru_cache(maxsize=1 << 16)
def _is_measurement_cell(in_json: bool, name: str, text: str) -> bool:
    """True for a neighbour that is another figure (or empty), not a setting of this one."""
    if not text.strip() or is_measured_column(name) or "±" in text:
        return True
    if names_measured_extreme(name):
        return True  # a run's peak memory is its reading, not its configuration
    if not in_json and name.strip() and not strip_setting_values(name):
        return True  # under `c=1` or `2 devices`: a figure at another setting, not a setting
    if in_json:
        return bool(_STAT_KEY.match(name)) or text == "null"
    return False


def conditions_for(candidate: Candidate) -> dict[str, JsonValue]:
    """The measured configuration of a figure, from its own row or JSON neighbourhood."""
    row = _row_cells(candidate)
    column, own_key = candidate.column, _own_key(candidate)
    if column in row.setting_names or own_key in row.setting_names:
        return _conditions(row.settings, column, own_key)
    # The figure's own cell is no setting of the row (the usual case): the row's settings
    # less nothing, after what its column header states.
    header = _header_conditions(column) if column is not None else None
    if not header:
        return dict(row.conditions)
    conditions = dict(header)
    for key, value in row.conditions.items():
        conditions.setdefault(key, value)
    return conditions


def _own_key(candidate: Candidate) -> str | None:
    """A JSON leaf's own key (never a setting or a name of itself), None for a table cell."""
    if candidate.json_path is None:
        return None
    return candidate.json_path.rsplit(".", 1)[-1]


@lru_cache(maxsize=1 << 16)  # a wide table's every header (4,096 thrashed at 10,000)
def _header_conditions(column: str) -> dict[str, JsonValue]:
    """The settings a column header names by value (`c=1`), read-only: a column's figures
    share them."""
    conditions: dict[str, JsonValue] = {}
    stated = _SETTING_HEADER.findall(column)
    # `TP=1 → TP=2 only 1.19×`: a setting named with two values is what the figure compares
    # (a ratio between its arms), a setting of neither; it stays blank, never the first arm's
    twice = {
        name.lower()
        for name, value in stated
        if any(other.lower() == name.lower() and v != value for other, v in stated)
    }
    for name, value in stated:
        if name.lower() not in twice:
            _add(conditions, name, value)
    count = _COUNT_HEADER.match(column)
    if count is not None:
        _add(conditions, count.group(2), count.group(1))
    return conditions


def _conditions(
    settings: tuple[tuple[str, str, JsonValue], ...], column: str | None, own_key: str | None
) -> dict[str, JsonValue]:
    conditions = dict(_header_conditions(column)) if column is not None else {}
    for name, key, value in settings:
        if name in (column, own_key):
            continue
        conditions.setdefault(key, value)
    return conditions


Row = tuple[tuple[str, str], ...]


def _row_of(candidate: Candidate) -> Row:
    """A candidate's row (or JSON neighbourhood) as a hashable key; rows share one context."""
    return tuple(candidate.context.items())


@dataclass(frozen=True)
class _RowCells:
    """The cells of one row (or JSON neighbourhood) that can be settings of its figures or
    name it; and the conditions and identity they give a figure whose own cell is not among
    them (most are: a figure's cell is a measurement), with the names of the cells each
    reads, so that a figure knows when they are its own."""

    settings: tuple[tuple[str, str, JsonValue], ...]
    naming: tuple[tuple[int, int, str, LabelPart], ...]
    conditions: dict[str, JsonValue]
    setting_names: frozenset[str]
    identity: tuple[LabelPart, ...]
    identity_names: frozenset[str]


_last_row: tuple[dict[str, str], bool, _RowCells] | None = None


def _row_cells(candidate: Candidate) -> _RowCells:
    """The setting and naming cells of a candidate's row. The figures of a row come one after
    another and share one context dict, so the last row's are kept by that dict's identity:
    a row of a hundred cells is then neither re-read nor re-hashed for each of its figures."""
    global _last_row
    last = _last_row  # read once: another thread may replace it
    in_json = candidate.json_path is not None
    if last is not None and last[0] is candidate.context and last[1] == in_json:
        return last[2]
    cells = _read_row(_row_of(candidate), in_json)
    _last_row = (candidate.context, in_json, cells)
    return cells


@lru_cache(maxsize=1 << 12)
def _read_row(row: Row, in_json: bool) -> _RowCells:
    """A row's cells, read once per row: the labels, the conditions and the model pass each
    go through the figures again."""
    settings, naming = _setting_cells(row, in_json), _naming_cells(row, in_json)
    conditions: dict[str, JsonValue] = {}
    for _, key, value in settings:
        conditions.setdefault(key, value)
    identity, identity_names = _identity(naming, None, None)
    return _RowCells(
        settings,
        naming,
        conditions,
        frozenset(name for name, _, _ in settings),
        identity,
        identity_names,
    )


def _setting_cells(row: Row, in_json: bool) -> tuple[tuple[str, str, JsonValue], ...]:
    """The cells of a row that can be a setting of its figures: (name, key, typed value).

    Computed once per row: every figure of the row skips only its own cell from it.
    """
    cells: list[tuple[str, str, JsonValue]] = []
    for name, text in row:
        if _is_measurement_cell(in_json, name, text) or len(text) > MAX_CONDITION_TEXT:
            continue
        cells.append((name, *_condition(name, text)))
    return tuple(cells)


def _naming_cells(row: Row, in_json: bool) -> tuple[tuple[int, int, str, LabelPart], ...]:
    """The cells of a row that can name it: (rank, position, name, part), rank 0 for a naming
    header (model, test, concurrency...). Computed once per row."""
    cells: list[tuple[int, int, str, LabelPart]] = []
    for order, (name, text) in enumerate(row):
        if _is_measurement_cell(in_json, name, text) or len(text) > 40:
            continue
        rank = 0 if _LABEL_PRIORITY.search(name) else 1
        cells.append((rank, order, name, LabelPart(plain_text(text), name, named=rank == 0)))
    return tuple(cells)


def identity(candidate: Candidate) -> list[LabelPart]:
    """The few cells that name a figure's row (`model=…`, `concurrency=1`), most telling first."""
    row = _row_cells(candidate)
    column, own_key = candidate.column, _own_key(candidate)
    if column in row.identity_names or own_key in row.identity_names:
        return list(_identity(row.naming, column, own_key)[0])
    # Leaving out cells the row's identity does not use changes neither which rank names the
    # row nor its first cells of that rank.
    return list(row.identity)


def _identity(
    naming: tuple[tuple[int, int, str, LabelPart], ...], column: str | None, own_key: str | None
) -> tuple[tuple[LabelPart, ...], frozenset[str]]:
    """The identity of a row without the cells named `column` and `own_key`, and the names of
    the cells it uses."""
    parts = [
        (rank, order, name, part)
        for rank, order, name, part in naming
        if name not in (column, own_key)
    ]
    if any(rank == 0 for rank, _, _, _ in parts):  # naming cells exist: the rest is noise
        parts = [part for part in parts if part[0] == 0]
    chosen = sorted(parts)[:MAX_LABEL_PARTS]
    return tuple(part for _, _, _, part in chosen), frozenset(name for _, _, name, _ in chosen)


def label_parts(candidate: Candidate) -> list[LabelPart]:
    """What names a figure's configuration: its row's identity, then its column when the
    column states a setting. Both labels start with it (`figure_label`)."""
    parts = identity(candidate)
    if candidate.column and (
        _SETTING_HEADER.search(candidate.column) or _COUNT_HEADER.match(candidate.column)
    ):
        parts.append(LabelPart(candidate.column))
    return parts


_UNNAMED_COLUMN = re.compile(r"^column \d+$")
"""The harvest's name for a column whose header cell is empty (`markdown_tables.py`)."""


def figure_label(selected: Selected, parts: list[LabelPart] | None = None) -> Label:
    """A figure's label: the row's identity and its row header, then what the figure is (its
    column or key, with the part of its cell it is). The result's label is its `text()`,
    the profile's its `configuration()`.

    `parts`, when given, is `label_parts(selected.candidate)` computed already."""
    candidate = selected.candidate
    parts = list(label_parts(candidate) if parts is None else parts)
    what = _what_it_is(candidate, parts)
    what, qualifier = _part_of_cell(selected, what)
    # no identity in the row: the figure's place, without the harvest's internal table number
    # (a number in a label is a claim verify checks against the source)
    place = f"{candidate.path}, {candidate.heading}" if candidate.heading else candidate.path
    return Label.of(parts, what, qualifier, fallback=place)


def _what_it_is(candidate: Candidate, parts: list[LabelPart]) -> str:
    """What the figure is: its JSON key, its row's key, or its column (appending the row
    header to `parts` where it names the row's configuration)."""
    if candidate.json_path is not None:
        return candidate.key
    if candidate.row_header and _UNNAMED_COLUMN.match(candidate.column or ""):
        # a key-value table without a header row: the row's key names the figure, not
        # "column 2" (luongnv89's `| Throughput | ~122–187 tok/s ... |`, read33-s21)
        return candidate.row_header
    if candidate.row_header and not is_metric_key(candidate.column or ""):
        # the row header names the row (a configuration), the column what the figure is
        parts.append(LabelPart(candidate.row_header))
        bare = strip_setting_values(candidate.column or "")
        return (candidate.column or "") if bare else ""
    if candidate.row_header and not parts and candidate.json_path is None:
        # a row named only by a long first cell (no identity cell: `TensorRT 9.0 (cuda graphs,
        # static shapes)`) is still named by it, or its rows' figures share one label
        parts.append(LabelPart(candidate.row_header))
    return candidate.column or candidate.key


def _part_of_cell(selected: Selected, what: str) -> tuple[str, str]:
    """`what` with the part of its cell the figure is, and the label's qualifier (which of
    several values, out of what)."""
    candidate = selected.candidate
    qualifier = ""
    count = len(candidate.values)
    listed = _listed_part(what, count, selected.value_index) if count > 1 else None
    if selected.part:
        what = f"{what}: {selected.part}"
    elif "±" in candidate.text or "+/-" in candidate.text:
        what = f"{what} ± spread" if selected.value_index else what
    elif listed is not None:
        what = listed
    elif (
        count > 1
        and not _is_range_end(selected)
        and (is_slashed(candidate.text) or "+" in candidate.text or selected.value_index)
    ):
        qualifier = f"(value {selected.value_index + 1} of {count})"  # `81W + 86W`: not a sum
    if selected.denominator is not None:
        qualifier = f"{qualifier} (of {selected.denominator:g})"
    return what, qualifier


def _is_range_end(selected: Selected) -> bool:
    """Whether the figure is one end of a range (`~20–27`): its statistic tells the two ends
    apart; `(value 2 of 2)` would add numbers to its label that the source does not write."""
    return selected.statistic.startswith(("range_min", "range_max"))


_LISTED = re.compile(r"\(([^()]*\s[+/]\s[^()]*)\)")
"""A parenthesis listing names joined by a spaced `+` or `/` (`(1st card + 2nd card)`), not
a unit's slash (`(tok/s)`)."""
_LIST_JOIN = re.compile(r"\s[+/]\s")


def _listed_part(what: str, count: int, index: int) -> str | None:
    """The name a header gives the figure's value when it lists one name a value
    (`Power Usage (1st card + 2nd card)` over `81W + 86W`: the first is `Power Usage: 1st
    card`, never the sum the whole header names); None when it lists none or another count."""
    found = _LISTED.search(what)
    if found is None:
        return None
    names = [name.strip() for name in _LIST_JOIN.split(found[1]) if name.strip()]
    if len(names) != count:
        return None
    return f"{(what[: found.start()] + what[found.end() :]).strip()}: {names[index]}"


def make_result(
    *,
    document: Document,
    line: int,
    value: int | float,
    label: str,
    metric: str,
    unit: str,
    statistic: str,
    conditions: dict[str, JsonValue],
    derived: DerivedFigure | None = None,
    parts: Label | None = None,
    condition_sources: dict[str, list[str]] | None = None,
) -> ReportedResult:
    """A reported result in the record's shape, cited by pinned URL and line; `parts` is
    its label's typed parts when `label` is their text, `condition_sources` the places its
    conditions are cited to."""
    uncertainty = None
    if derived is not None:
        # the runs a statistic was formed over: counted here, never guessed
        runs: list[JsonValue] = list(derived.per_run_values)
        conditions = {**conditions, "per_run_values": runs}
        if conditions.get("repetitions") is None:
            conditions["repetitions"] = len(runs)
        uncertainty = Uncertainty(
            observed_min=derived.observed_min,
            observed_max=derived.observed_max,
            interval_kind=RANGE_KIND,
        )
    return ReportedResult(
        label=label,
        metric=metric,
        value=value,
        unit=unit,
        statistic=statistic,
        uncertainty=uncertainty,
        conditions=conditions,
        evidence_state=EVIDENCE_STATE,
        site_reproduced=False,
        evidence_url=document.line_url(line),
        source_document_sha256=document.sha256,
        source_document_id=document.document_id,
        source_line=line,
        parts=parts,
        condition_sources=condition_sources,
    )


def make_profile(
    *, document: Document, line: int, label: str, conditions: dict[str, JsonValue]
) -> TestProfile:
    """A test profile: one measured configuration and the line that states it."""
    return TestProfile(label=label, evidence_url=document.line_url(line), conditions=conditions)
