"""Every grounded figure of a record, each with a stable id: the `<id>.figures.json` file.

The record publishes a handful of headline results; the figures file keeps all of them, each
shaped exactly like a reported result with an `id` in front, so an editor can add one to the
selection by id (`draftflow select ID --add FIGURE_ID`) and verify can check every one.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from pydantic import ValidationError

from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import InputError
from draftflow.record.model import RemovedResult, ReportedResult
from draftflow.text.json_input import parse_json

FIGURE_ID_PREFIX = "fig-"
CONDITION_SOURCES = "condition_sources"
"""A figure's key for where each of its conditions is stated (`key` -> [`path:line`]); the
record's results do not carry it (`ReportedResult.condition_sources` is not written)."""


@dataclass(frozen=True)
class Figure:
    """One grounded figure and its stable id."""

    id: str
    result: ReportedResult

    def to_json(self) -> dict[str, Any]:
        """The figure as the figures file writes it: `id`, then the reported result's keys."""
        data: dict[str, Any] = {"id": self.id}
        data.update(self.result.model_dump(mode="json"))
        if self.result.condition_sources is not None:
            data[CONDITION_SOURCES] = {k: list(v) for k, v in self.result.condition_sources.items()}
        return data

    def removed(self, by: str, reason: str) -> RemovedResult:
        """The figure as a removal the provenance lists: taken out `by` verify or select."""
        result = self.result
        return RemovedResult(
            figure_id=self.id,
            label=result.label,
            value=result.value,
            unit=result.unit,
            evidence_url=result.evidence_url,
            removed_by=by,
            reason=reason,
        )


def figure_id(result: ReportedResult) -> str:
    """A stable id from what makes a figure itself: its document, line, metric, value,
    statistic and label (the same extraction always gives the same ids)."""
    key = "|".join(
        (
            result.source_document_id,
            str(result.source_line),
            result.metric,
            repr(result.value),
            result.statistic,
            result.label,
        )
    )
    return FIGURE_ID_PREFIX + hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]


def in_source_order(results: list[ReportedResult], snapshot: Snapshot) -> list[ReportedResult]:
    """The results by document (in the snapshot's order) and line; a line's figures keep their
    order. The deterministic pass lists a document's prose figures after its tables, a model
    run's merge in source order: selecting from this order, the headline rules (a column's
    baseline is its first row) and the lead ranker read the same list either way."""
    position = {document.document_id: index for index, document in enumerate(snapshot.documents)}
    last = len(position)
    return sorted(results, key=lambda r: (position.get(r.source_document_id, last), r.source_line))


def make_figures(results: list[ReportedResult]) -> list[Figure]:
    """Figures for results in order; two results with the same identity get a suffix."""
    figures: list[Figure] = []
    seen: dict[str, int] = {}
    for result in results:
        base = figure_id(result)
        count = seen.get(base, 0)
        seen[base] = count + 1
        figures.append(Figure(base if count == 0 else f"{base}-{count + 1}", result))
    return figures


def dump_figures(figures: list[Figure]) -> str:
    """The figures file text: `{"figures": [...]}`, 2-space indent, trailing newline (see
    `figures_bytes`)."""
    return figures_bytes(figures).decode()


def figures_bytes(figures: list[Figure]) -> bytes:
    """The figures file's UTF-8 bytes, as `dump_figures` writes them (`figures_chunks`
    joined). A draft writes the chunks to disk one by one instead: a large repository's file
    is 220 MB, and its bytes held whole were a second copy of every figure."""
    return b"".join(figures_chunks(figures))


_OPEN = b'{\n  "figures": ['
_CLOSE = b"\n  ]\n}\n"
_ITEM_INDENT = b"\n    "


def figures_chunks(figures: list[Figure]) -> Iterator[bytes]:
    """The figures file's bytes in pieces, one figure at a time, with the trailing newline:
    `json.dumps({"figures": [...]}, indent=2, ensure_ascii=False, allow_nan=False)`'s text.

    With an indent, `json` runs its pure-Python encoder (a quarter of a CPU second for a 7 MB
    figures file); orjson writes the same text ten times faster, except for floats below
    1e-4, which it writes without an exponent: those go in as `repr` fragments. A figure
    orjson cannot write (an integer beyond 64 bits) is written by `json`. Only one figure's
    dict is held at once (all of them at once were a gigabyte for 100,000 figures). A JSON
    string holds no newline, so each figure's own 2-space text is indented by its place's 4
    spaces."""
    if not figures:
        yield _OPEN + b"]\n}\n"
        return
    yield _OPEN
    for index, figure in enumerate(figures):
        yield (_ITEM_INDENT if index == 0 else b"," + _ITEM_INDENT) + _figure_text(figure).replace(
            b"\n", _ITEM_INDENT
        )
    yield _CLOSE


def _figure_text(figure: Figure) -> bytes:
    """One figure's 2-space JSON text as `json.dumps(..., indent=2)` writes it."""
    try:
        return orjson.dumps(_as_python_writes(figure.to_json()), option=orjson.OPT_INDENT_2)
    except TypeError:  # orjson.JSONEncodeError: a value orjson cannot write
        text = json.dumps(figure.to_json(), indent=2, ensure_ascii=False, allow_nan=False)
        return text.encode()


def _as_python_writes(value: Any) -> Any:
    """`value` (fresh from `model_dump`, changed in place) with each float orjson would write
    otherwise than `json` as its `repr`; a non-finite one is refused as `json` refuses it."""
    kind = type(value)
    if kind is float:
        if not math.isfinite(value):
            raise ValueError("Out of range float values are not JSON compliant: " + repr(value))
        return orjson.Fragment(repr(value).encode()) if value and -1e-4 < value < 1e-4 else value
    items = value.items() if kind is dict else enumerate(value) if kind is list else ()
    for key, item in items:
        if type(item) in _CONTAINERS_AND_FLOATS:
            value[key] = _as_python_writes(item)
    return value


_CONTAINERS_AND_FLOATS = frozenset({dict, list, float})


def parse_figures(text: str, *, origin: str = "figures file") -> list[Figure]:
    """Figures from the file text; raises `InputError` naming the first invalid figure."""
    data = parse_json(text, origin=origin, hint="re-draft the record to rewrite its figures file")
    items = data.get("figures") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise InputError(
            f'{origin} holds no "figures" list', hint="re-draft the record to rewrite it"
        )
    figures: list[Figure] = []
    for index, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise InputError(f"{origin}: figure {index} has no id", hint="re-draft the record")
        fields = {key: value for key, value in item.items() if key not in ("id", CONDITION_SOURCES)}
        try:
            result = ReportedResult.model_validate(fields)
            sources = _condition_sources(item.get(CONDITION_SOURCES))
            if sources is not None:
                result = result.model_copy(update={"condition_sources": sources})
            figures.append(Figure(item["id"], result))
        except ValidationError as error:
            first = error.errors()[0]
            where = "/".join(str(part) for part in first["loc"])
            raise InputError(
                f"{origin}: figure {item['id']}: invalid field {where}: {first['msg']}",
                hint="re-draft the record to rewrite its figures file",
            ) from None
    return figures


def load_figures(path: Path) -> list[Figure]:
    """The figures file of a record; an absent file is an error that says how to make it."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(
            f"no figures file {path}",
            hint="re-draft the record with `draftflow draft` to write its figures file",
        ) from None
    return parse_figures(text, origin=str(path))


def _condition_sources(value: Any) -> dict[str, list[str]] | None:
    """A figure's `condition_sources` as written (a key whose places are not a list of
    strings is read as citing nothing, so verify finds its condition uncited)."""
    if not isinstance(value, dict):
        return None
    return {
        str(key): [str(place) for place in places]
        for key, places in value.items()
        if isinstance(places, list) and all(isinstance(place, str) for place in places)
    }
