"""Labels an editor would write, built from each figure's typed conditions.

A figure's label names its configuration in a fixed order: the model and its precision, the
engine, the system where it differs from the one most of the repository's figures were
measured on, the workload, then each setting that varies between the figures of its table
(or, for a sentence, of its document); after them any cell of its row that still tells it
apart (`think`, `Round 31`), and last what the figure is. Each part once, no other measured
cell of the row, and a prose figure is named by its conditions and metric, not its sentence.

Every part is a condition (verified against the listed sources like a number is), a cell of
the figure's own row or its heading: nothing a source does not write.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from pydantic import JsonValue

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import Selected
from draftflow.record.label import Label, LabelPart, fold

MAX_LABEL = 80
"""A label an editor reads at a glance; past it, the row's extra cells are left out."""
MAX_HEADING = 48
"""The longest heading that names a sentence's figure when no condition does."""
_NAMED_KEYS = ("model", "weight_precision", "engine")
_SETTINGS: tuple[tuple[str, str], ...] = (
    ("node_count", "nodes"),
    ("concurrency", "concurrency"),
    ("input_tokens", "input tokens"),
    ("output_tokens", "output tokens"),
    ("context_tokens", "context tokens"),
)
_KEPT_ROLES = frozenset({*_NAMED_KEYS, "system"})
"""The parts a long label keeps longest: what was measured, with what, on what (the system
is left out last of all the others)."""
_TableKey = tuple[str, int]
_NO_WHAT = frozenset({"unspecified", "count"})


def _text(value: JsonValue) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _table(candidate: Candidate) -> _TableKey:
    return candidate.document_id, candidate.table


def _is_prose(candidate: Candidate) -> bool:
    return candidate.format is SourceFormat.PROSE


def _varying(
    figures: Iterable[tuple[Selected, Mapping[str, JsonValue]]],
) -> dict[_TableKey, frozenset[str]]:
    """The settings whose values differ between the figures of each table."""
    seen: dict[_TableKey, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for item, conditions in figures:
        values = seen[_table(item.candidate)]
        for key, _ in _SETTINGS:
            values[key].add(repr(conditions.get(key)))
    return {
        table: frozenset(key for key, found in values.items() if len(found) > 1)
        for table, values in seen.items()
    }


def _measured_columns(selected: Iterable[Selected]) -> dict[_TableKey, frozenset[str]]:
    """The columns of each table that hold figures: a cell under one is another measurement
    of the row (`OOM` under `70B F16`, `Mean 40`), never a name of its configuration."""
    columns: dict[_TableKey, set[str]] = defaultdict(set)
    for item in selected:
        candidate = item.candidate
        if not _is_prose(candidate) and candidate.column:
            columns[_table(candidate)].add(candidate.column)
    return {table: frozenset(names) for table, names in columns.items()}


def record_system(conditions: Iterable[Mapping[str, JsonValue]]) -> str:
    """The system most figures were measured on: the one a label need not repeat."""
    counts = Counter(_text(c.get("system")) for c in conditions if _text(c.get("system")))
    return counts.most_common(1)[0][0] if counts else ""


def condition_parts(
    conditions: Mapping[str, JsonValue], varying: frozenset[str], system: str
) -> list[LabelPart]:
    """The configuration a figure's conditions name, in the editor's order; a precision the
    model's name already says (`Qwen3-30B-A3B-FP8`) is not written again."""
    model, precision = _text(conditions.get("model")), _text(conditions.get("weight_precision"))
    parts = [LabelPart(model, role="model")]
    if fold(precision) not in fold(model):
        parts.append(LabelPart(precision, role="weight_precision"))
    parts.append(LabelPart(_text(conditions.get("engine")), role="engine"))
    own_system = _text(conditions.get("system"))
    if fold(own_system) != fold(system):
        parts.append(LabelPart(own_system, role="system"))
    parts.append(LabelPart(_text(conditions.get("workload")), role="workload"))
    parts.extend(_setting_parts(conditions, varying))
    return [part for part in parts if part.value]


def _setting_parts(conditions: Mapping[str, JsonValue], varying: frozenset[str]) -> list[LabelPart]:
    """The settings that vary between the figures of a table, each with its name."""
    parts: list[LabelPart] = []
    for key, name in _SETTINGS:
        value = conditions.get(key)
        if key not in varying or not isinstance(value, int) or isinstance(value, bool):
            continue
        # named like a column (`nodes 4`): one form for every value, so a series of labels
        # differs in the number alone
        parts.append(LabelPart(str(value), name, role=key))
    return parts


def _covered(part: LabelPart, named: list[LabelPart]) -> bool:
    """True when a row cell only repeats a condition part (`Qwen/Qwen3-8B` and `Qwen3-8B`)."""
    key = fold(part.value)
    return any(key and (key in fold(n.value) or fold(n.value) in key) for n in named)


def _prose_what(item: Selected) -> str:
    """What a sentence's figure is: its metric's name, or the name the source gives it."""
    if item.metric not in _NO_WHAT:
        return item.metric.replace("_", " ")
    if item.named_as:
        return " ".join(item.named_as.split())
    return item.unit if item.unit not in ("", "unspecified") else ""


def _place(candidate: Candidate) -> list[LabelPart]:
    """The nearest of a sentence's heading and lead-in that is short enough to name it."""
    for text in reversed(candidate.place):
        plain = " ".join(text.replace("*", "").replace("`", "").split()).strip(" :.—-")
        if plain and len(plain) <= MAX_HEADING:
            return [LabelPart(plain, role="place")]
    return []


def _shortened(label: Label, droppable: list[LabelPart]) -> Label:
    """The label without parts of `droppable` (last first) while it is longer than
    `MAX_LABEL`: a row's extra cells, then the varying settings and the workload; the model,
    precision, engine and system always stay."""
    parts = list(label.parts)
    for part in reversed(droppable):
        if len(label.text()) <= MAX_LABEL:
            break
        if part in parts:
            parts.remove(part)
            label = replace(label, parts=tuple(parts))
    return label


class LabelBuilder:
    """Builds every grounded figure's label from its conditions and its table's figures."""

    def __init__(
        self,
        figures: Sequence[tuple[Selected, Mapping[str, JsonValue]]],
        selected: Iterable[Selected],
    ) -> None:
        self._varying = _varying(figures)
        self._measured = _measured_columns(selected)
        self._system = record_system(conditions for _, conditions in figures)

    def label(self, item: Selected, row: Label, conditions: Mapping[str, JsonValue]) -> Label:
        """The figure's label: `row` (its row's cells and what it is) under its conditions."""
        candidate = item.candidate
        table = _table(candidate)
        named = condition_parts(conditions, self._varying.get(table, frozenset()), self._system)
        if _is_prose(candidate):
            # the heading tells apart a document's sentences (`Throughput — single stream`)
            extra = _place(candidate)
            what = _prose_what(item)
            qualifier = row.qualifier
        else:
            measured = self._measured.get(table, frozenset())
            extra = [
                part
                for part in row.parts
                if part.name not in measured and not _covered(part, named)
            ]
            what, qualifier = row.what, row.qualifier
        built = Label.of([*named, *extra], what, qualifier, fallback=row.fallback)
        if _is_prose(candidate):
            built = replace(built, said=candidate.key)
        varying = [part for part in named if part.role not in _KEPT_ROLES]
        systems = [part for part in named if part.role == "system"]
        return _shortened(built, [*systems, *varying, *extra])
