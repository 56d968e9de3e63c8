"""The rows `draftflow figures` lists: each figure's place, selection and conditions, and the
filters that pick some of them (`QUERY` words, `--where KEY=VALUE`, `--metric`, ...)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from pydantic import BaseModel

from draftflow.errors import InputError
from draftflow.record.conditions import KNOWN_CONDITION_TYPES
from draftflow.record.documents import record_documents
from draftflow.record.model import Record, pinned_path
from draftflow.select import Figure, figure_id

# Condition keys that describe where a figure was read, not which run it is.
_NOT_SHOWN = frozenset({"source_cells"})
_KNOWN_ORDER = {key: index for index, key in enumerate(KNOWN_CONDITION_TYPES)}

Scalar = str | int | float | bool


class FigureRow(BaseModel):
    """One figure as `figures` lists it (and prints with --json)."""

    id: str
    value: int | float
    unit: str
    metric: str
    label: str
    document: str
    line: int
    selected: bool
    conditions: dict[str, Scalar]

    def words(self) -> str:
        """Everything a QUERY word is matched against, lowercased."""
        return " ".join(
            (self.id, str(self.value), self.unit, self.metric, self.label, self.where)
        ).lower()

    @property
    def where(self) -> str:
        """`document:line`."""
        return f"{self.document}:{self.line}"

    def condition(self, key: str) -> str:
        """The condition `key` as the table writes it ("" when the figure has none)."""
        value = self.conditions.get(key)
        return "" if value is None else condition_text(value)


def condition_text(value: Scalar) -> str:
    """A condition's value as written in a cell: `true`, `1`, `0.5`, `vLLM`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and math.isfinite(value):
        return str(int(value))
    return str(value)


def figure_rows(record: Record, figures: list[Figure]) -> list[FigureRow]:
    """A row per figure, with its document's path and whether the headline selects it."""
    paths = {doc.document_id: doc.path for doc in record_documents(record)}
    chosen = _selected_ids(record)
    return [
        FigureRow(
            id=figure.id,
            value=figure.result.value,
            unit=figure.result.unit,
            metric=figure.result.metric,
            label=figure.result.label,
            document=paths.get(figure.result.source_document_id)
            or pinned_path(figure.result.evidence_url)
            or figure.result.source_document_id,
            line=figure.result.source_line,
            selected=figure.id in chosen,
            conditions=_scalar_conditions(figure.result.conditions),
        )
        for figure in figures
    ]


def _scalar_conditions(conditions: Mapping[str, object]) -> dict[str, Scalar]:
    """The conditions that are one value each (lists and the source's cells left out)."""
    return {
        key: value
        for key, value in conditions.items()
        if key not in _NOT_SHOWN and isinstance(value, str | int | float | bool)
    }


def parse_where(pairs: Iterable[str]) -> dict[str, str]:
    """`KEY=VALUE` filters as a dict; a pair without `=` is an error that says the form."""
    parsed: dict[str, str] = {}
    for pair in pairs:
        key, found, value = pair.partition("=")
        if not found or not key.strip():
            raise InputError(
                f"--where {pair!r} is not KEY=VALUE",
                hint="name a condition and its value, e.g. --where concurrency=1",
            )
        parsed[key.strip()] = value.strip()
    return parsed


def split_query(query: str | None) -> tuple[list[str], dict[str, str]]:
    """A QUERY's plain words, and its `KEY=VALUE` words as condition filters."""
    words = (query or "").split()
    plain = [word for word in words if "=" not in word]
    return plain, parse_where(word for word in words if "=" in word)


def check_where_keys(rows: list[FigureRow], where: Mapping[str, str]) -> None:
    """An error naming the conditions there are when a filter names one no figure has."""
    known = condition_keys(rows)
    unknown = [key for key in where if key not in known]
    if unknown:
        close = [key for key in known if key.startswith(unknown[0])]
        meant = f"--where {close[0]}={where[unknown[0]]}, or " if close else ""
        raise InputError(
            f"no figure of this record has a condition {unknown[0]!r}",
            hint=f"{meant}filter by a condition it has: "
            + ", ".join(known)
            + " (a KEY=VALUE word is matched as a condition, not as text)",
        )


def condition_keys(rows: Iterable[FigureRow]) -> list[str]:
    """Every condition key the rows have, the known keys first in the record model's order."""
    keys = {key for row in rows for key in row.conditions}
    return sorted(keys, key=lambda key: (_KNOWN_ORDER.get(key, len(_KNOWN_ORDER)), key))


def filter_rows(
    rows: list[FigureRow],
    *,
    words: Iterable[str] = (),
    where: Mapping[str, str] | None = None,
    metric: str | None = None,
    document: str | None = None,
    selected: bool = False,
) -> list[FigureRow]:
    """The rows matching every filter given: `words`, `metric` and `document` as
    case-insensitive substrings, `where` as exact condition values (`1` matches `1.0`)."""
    lowered = [word.lower() for word in words]
    return [
        row
        for row in rows
        if all(word in row.words() for word in lowered)
        and all(_same_value(row.condition(key), value) for key, value in (where or {}).items())
        and (metric is None or metric.lower() in row.metric.lower())
        and (document is None or document.lower() in row.document.lower())
        and (row.selected or not selected)
    ]


def _same_value(cell: str, wanted: str) -> bool:
    """Exact equality of a condition's text and a filter's, numbers by value, text by letters
    regardless of case."""
    if cell.casefold() == wanted.casefold():
        return True
    try:
        return float(cell) == float(wanted)
    except ValueError:
        return False


def distinguishing_keys(rows: list[FigureRow]) -> list[str]:
    """The condition keys whose values differ between the rows: those that tell them apart."""
    return [key for key in condition_keys(rows) if len({row.condition(key) for row in rows}) > 1]


def labels_needed(rows: list[FigureRow], keys: list[str]) -> bool:
    """Whether two rows with the same metric, unit and conditions `keys` have different labels
    (then only the label tells them apart)."""
    seen: dict[tuple[str, ...], str] = {}
    for row in rows:
        key = (row.metric, row.unit, *(row.condition(k) for k in keys))
        if seen.setdefault(key, row.label) != row.label:
            return True
    return False


def _selected_ids(record: Record) -> set[str]:
    """The headline's figure ids: as the selection note records them, else as computed."""
    selection = record.provenance.selection if record.provenance else None
    if selection is not None:
        return {chosen.id for chosen in selection.chosen}
    return {figure_id(result) for result in record.editorial.reported_results}
