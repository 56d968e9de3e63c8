"""Scoring a drafted record against its gold file: which gold figures the record's grounded
figures hold (same document, line and value; a run of a JSON array its summary holds), per
document and source shape, the figures on covered lines that hold no gold figure, the gold
headline figures in the record's headline, and the headline's conditions
(`condition_score.py`). `evaluate.py` drafts the records; the report is `eval_report.py`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from pydantic import JsonValue

from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import InputError
from draftflow.extract.document import Node, is_table_row, parse_document, split_pipes
from draftflow.numbers.cells import is_sentence
from draftflow.pipeline.assemble import record_id_for
from draftflow.pipeline.condition_score import GoldConditions, PlacedFigure, score_conditions
from draftflow.pipeline.eval_report import (
    DocumentScore,
    HeadlinePrecision,
    Miss,
    OffGold,
    RepositoryEval,
    SourceShape,
    Tally,
)
from draftflow.pipeline.gold import GoldDocument, GoldFile
from draftflow.record.conditions import RUN_SOURCE_LINES
from draftflow.record.files import load_record
from draftflow.record.model import pinned_path
from draftflow.text.json_input import parse_json, read_input_text


@dataclass(frozen=True)
class _Figure:
    path: str
    line: int
    value: float
    metric: str
    label: str
    conditions: dict[str, JsonValue]


def score_repository(
    gold: GoldFile, gold_path: Path, snapshot: Snapshot, records_dir: Path
) -> RepositoryEval:
    """Score the drafted record of one gold file's repository."""
    record_id = record_id_for(gold.repository)
    record_path = records_dir / f"{record_id}.json"
    figures_path = records_dir / f"{record_id}.figures.json"
    if not record_path.is_file():
        raise InputError(
            f"no record {record_path} for {gold.repository}",
            hint="draft it first, or leave out --records to draft into a temporary folder",
        )
    record = load_record(record_path)
    headline = [_figure_of(r.model_dump(mode="json")) for r in record.editorial.reported_results]
    if figures_path.is_file():
        grounded = _read_figures(figures_path)
        figures_from = str(figures_path)
    else:
        grounded, figures_from = headline, str(record_path)
    shapes = _shapes(gold, snapshot)
    by_place = _index(grounded)
    runs = RunCredit(snapshot, grounded)
    misses: list[Miss] = []
    per_shape = {shape: Tally() for shape in SourceShape}
    per_document = {d.path: Tally() for d in gold.documents}
    for figure in gold.figures:
        shape = shapes.get((figure.path, figure.line, figure.raw), SourceShape.PROSE)
        found = _holds(by_place, figure.path, figure.line, figure.value) or runs.holds(
            figure.path, figure.line, figure.value
        )
        for tally in (per_shape[shape], per_document.setdefault(figure.path, Tally())):
            tally.total += 1
            tally.found += found
        if not found:
            misses.append(
                Miss(
                    path=figure.path,
                    line=figure.line,
                    shape=shape,
                    raw=figure.raw,
                    value=figure.value,
                    metric=figure.metric,
                    label=figure.label,
                )
            )
    gold_lines = {(f.path, f.line) for f in gold.figures}
    on_covered = [f for f in grounded if gold.covers(f.path, f.line)]
    off_gold = [
        OffGold(path=f.path, line=f.line, value=f.value, metric=f.metric, label=f.label)
        for f in on_covered
        if (f.path, f.line) not in gold_lines
    ]
    headline_index = _index(headline)
    headline_tally = Tally(
        found=sum(_holds(headline_index, h.path, h.line, h.value) for h in gold.headline),
        total=len(gold.headline),
    )
    return RepositoryEval(
        gold_file=str(gold_path),
        repository=gold.repository,
        revision=gold.revision,
        record_path=str(record_path),
        figures_from=figures_from,
        documents=[
            DocumentScore(
                path=d.path, recall=per_document[d.path], sha256_matches=_sha_matches(snapshot, d)
            )
            for d in gold.documents
        ],
        shapes={shape: tally for shape, tally in per_shape.items() if tally.total},
        results_on_covered=len(on_covered),
        off_gold=off_gold,
        headline=headline_tally,
        published=headline_precision(gold, headline),
        misses=misses,
        conditions=score_conditions(_gold_conditions(gold), _placed(grounded)),
        unread_tables=list(record.provenance.unread_tables) if record.provenance else [],
    )


def headline_precision(gold: GoldFile, headline: Sequence[_Placed]) -> HeadlinePrecision:
    """The record's headline figures judged against the gold: how many it publishes, how many
    of them a gold headline holds (same document, line and value), and how many stand on a
    covered line where the gold lists no such figure at all (non-results)."""
    gold_headline = _index(gold.headline)
    gold_figures = _index(gold.figures)
    return HeadlinePrecision(
        published=len(headline),
        gold_headline=sum(_holds(gold_headline, f.path, f.line, f.value) for f in headline),
        non_results=sum(
            gold.covers(f.path, f.line) and not _holds(gold_figures, f.path, f.line, f.value)
            for f in headline
        ),
    )


def _gold_conditions(gold: GoldFile) -> list[GoldConditions]:
    return [
        GoldConditions(path=h.path, line=h.line, value=h.value, conditions=h.conditions)
        for h in gold.headline
        if h.conditions
    ]


def _placed(figures: Iterable[_Figure]) -> list[PlacedFigure]:
    return [
        PlacedFigure(path=f.path, line=f.line, value=f.value, conditions=f.conditions)
        for f in figures
    ]


def _sha_matches(snapshot: Snapshot, document: GoldDocument) -> bool:
    found = snapshot.by_path(document.path)
    return found is not None and found.sha256 == document.sha256


def _read_figures(path: Path) -> list[_Figure]:
    hint = "re-draft the record to rewrite its figures file"
    text = read_input_text(path, what="the figures file", hint=hint)
    data = parse_json(text, origin=str(path), hint=hint)
    items = data.get("figures") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise InputError(f'{path} holds no "figures" list')
    return [_figure_of(item) for item in items if isinstance(item, dict)]


def _figure_of(result: dict[str, object]) -> _Figure:
    """A grounded figure's place and value, from a reported-result-shaped dict."""
    url = str(result.get("evidence_url", ""))
    path = pinned_path(url)
    line = result.get("source_line")
    value = result.get("value")
    conditions = result.get("conditions")
    return _Figure(
        path=path,
        line=line if isinstance(line, int) else 0,
        value=float(value) if isinstance(value, int | float) else math.nan,
        metric=str(result.get("metric", "")),
        label=str(result.get("label", "")),
        conditions=conditions if isinstance(conditions, dict) else {},
    )


class RunCredit:
    """A gold figure that is one run of a JSON array the record summarises: found when a
    figure of the same document holds its value in `per_run_values` and is anchored on the
    array or on a member of the object around it (the stated mean beside `values`)."""

    def __init__(self, snapshot: Snapshot, figures: Sequence[_Figure]) -> None:
        self._snapshot = snapshot
        self._summaries: dict[str, list[tuple[int, list[float]]]] = {}
        # runs on lines of their own (JSONL rows): (path, line) → the values a summary
        # holds there, by position in `per_run_values` and `run_source_lines`
        self._placed: dict[tuple[str, int], list[float]] = {}
        for figure in figures:
            values = figure.conditions.get("per_run_values")
            if isinstance(values, list):
                numbers = [float(v) for v in values if isinstance(v, int | float)]
                self._summaries.setdefault(figure.path, []).append((figure.line, numbers))
                lines = figure.conditions.get(RUN_SOURCE_LINES)
                if isinstance(lines, list) and len(lines) == len(values) == len(numbers):
                    for run_line, number in zip(lines, numbers, strict=True):
                        if isinstance(run_line, int):
                            self._placed.setdefault((figure.path, run_line), []).append(number)
        self._arrays: dict[str, dict[tuple[int, float], set[int]]] = {}

    def holds(self, path: str, line: int, value: float) -> bool:
        placed = self._placed.get((path, line), ())
        if any(math.isclose(value, v, rel_tol=1e-9) for v in placed):
            return True
        summaries = self._summaries.get(path)
        if not summaries:
            return False
        anchors = self._array_items(path).get((line, value), set())
        return any(
            anchor in anchors and any(math.isclose(value, v, rel_tol=1e-9) for v in values)
            for anchor, values in summaries
        )

    def _array_items(self, path: str) -> dict[tuple[int, float], set[int]]:
        """(line, value) of each number in a JSON array → the lines a summary of the array
        may be anchored on: the array's, its items', its parent object's members'."""
        known = self._arrays.get(path)
        if known is not None:
            return known
        found: dict[tuple[int, float], set[int]] = {}
        document = self._snapshot.by_path(path)
        roots = parse_document(document).json_roots if document is not None else ()
        for root in roots:
            _walk_arrays(root.node, {root.node.line}, found)
        self._arrays[path] = found
        return found


def _walk_arrays(node: Node, around: set[int], found: dict[tuple[int, float], set[int]]) -> None:
    if node.kind == "object":
        members = {member.line for _, member in node.members} | {node.line}
        for _, member in node.members:
            _walk_arrays(member, members, found)
    elif node.kind == "array":
        anchors = around | {node.line} | {item.line for item in node.items}
        for item in node.items:
            if item.kind == "number":
                try:
                    found.setdefault((item.line, float(item.text)), set()).update(anchors)
                except ValueError:
                    continue
            else:
                _walk_arrays(item, anchors, found)


class _Placed(Protocol):
    """A figure's place and value (a record's figure or a gold file's)."""

    @property
    def path(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def value(self) -> float: ...


def _index(figures: Iterable[_Placed]) -> dict[tuple[str, int], list[float]]:
    index: dict[tuple[str, int], list[float]] = {}
    for figure in figures:
        index.setdefault((figure.path, figure.line), []).append(figure.value)
    return index


def _holds(index: dict[tuple[str, int], list[float]], path: str, line: int, value: float) -> bool:
    return any(
        math.isclose(value, found, rel_tol=1e-9, abs_tol=1e-12)
        for found in index.get((path, line), ())
    )


def _shapes(gold: GoldFile, snapshot: Snapshot) -> dict[tuple[str, int, str], SourceShape]:
    """The shape of every line a gold figure stands on."""
    shapes: dict[tuple[str, int, str], SourceShape] = {}
    fences: dict[str, frozenset[int]] = {}
    for figure in gold.figures:
        document = snapshot.by_path(figure.path)
        lines = document.line_list if document else []
        if figure.path not in fences:
            fences[figure.path] = (
                parse_document(document).fenced_lines() if document else frozenset()
            )
        text = lines[figure.line - 1] if 0 < figure.line <= len(lines) else ""
        in_fence = figure.line in fences[figure.path]
        shapes[(figure.path, figure.line, figure.raw)] = line_shape(
            figure.path, text, in_fence=in_fence, raw=figure.raw
        )
    return shapes


def line_shape(path: str, line: str, *, in_fence: bool = False, raw: str = "") -> SourceShape:
    """The shape of a figure's line: by the file's format, then by the line's own form.

    A Markdown table cell that is a sentence is prose that happens to sit in a table: the
    figure `raw` in such a cell counts as prose.
    """
    suffix = path.lower().rsplit(".", 1)[-1] if "." in path else ""
    if suffix in ("json", "jsonl", "ndjson", "yaml", "yml", "toml"):
        return SourceShape.JSON
    if suffix in ("csv", "tsv"):
        return SourceShape.CSV
    if suffix in ("txt", "log", "out"):
        return SourceShape.LOG
    if in_fence:
        return SourceShape.LOG
    if is_table_row(line):
        written = re.compile(rf"(?<![\w.,-]){re.escape(raw)}(?!\w|[.,]\d)") if raw else None
        cell = next((c for c in split_pipes(line) if written and written.search(c)), "")
        return SourceShape.PROSE if is_sentence(cell) else SourceShape.TABLE
    if "<td" in line.lower():
        return SourceShape.TABLE
    return SourceShape.PROSE
