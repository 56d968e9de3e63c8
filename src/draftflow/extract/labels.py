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

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from pydantic import JsonValue

from draftflow.extract.candidates import Candidate, SourceFormat, unit_from_key
from draftflow.extract.classify import UNSPECIFIED, Selected
from draftflow.extract.conditions import SOURCE_CELLS
from draftflow.extract.conditions.columns import bench_test_lengths
from draftflow.extract.conditions.measurement import MEASUREMENT_KEYS
from draftflow.extract.conditions.run_parameters import DATED, PARAMETER_KEYS
from draftflow.extract.conditions.setup_names import MODEL_SIZE_HEADER
from draftflow.extract.heading_places import names_a_place
from draftflow.extract.label_words import (
    HTML_TAG,
    MARKUP,
    by_document,
    by_words_before,
    by_words_beside,
    compared_setting,
    own_clauses,
)
from draftflow.extract.metric_names import is_measured_column, names_measured_extreme
from draftflow.record.label import Label, LabelPart, differing_parts, fold, is_measured_value

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
_PART_KEYS = (*_NAMED_KEYS, "system", "workload", *(key for key, _ in _SETTINGS))
"""The conditions `condition_parts` reads."""
_KEPT_ROLES = frozenset({*_NAMED_KEYS, "system"})
"""The parts a long label keeps longest: what was measured, with what, on what (the system
is left out last of all the others)."""
_TableKey = tuple[str, int]
_NO_WHAT = frozenset({"unspecified", "count"})
_BETWEEN = frozenset({"ratio", "relative_change"})
"""Metrics of a figure between two configurations: its label says which two."""


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
    workload = _text(conditions.get("workload"))
    parts.append(LabelPart(workload, role="workload"))
    # a llama-bench test (`tg500`) already says its length: `output tokens 500` beside it
    # repeats it in words no source line writes
    said = frozenset(bench_test_lengths(workload))
    parts.extend(
        p for p in _setting_parts(conditions, varying) if (p.role, int(p.value)) not in said
    )
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
    for written in reversed(candidate.place):
        text = _as_place(candidate, written)
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
        self._parts: dict[tuple[object, ...], list[LabelPart]] = {}

    def _condition_parts(
        self, table: _TableKey, conditions: Mapping[str, JsonValue]
    ) -> list[LabelPart]:
        """`condition_parts` of a figure of `table`, once per table and the conditions it
        reads (a row's figures of one reading share them); a new list each time."""
        varying = self._varying.get(table, frozenset())
        key = (table, *((type(v), v) for v in map(conditions.get, _PART_KEYS)))
        try:
            found = self._parts.get(key)
        except TypeError:  # a list or an object: not a key, read as it is
            return condition_parts(conditions, varying, self._system)
        if found is None:
            found = self._parts[key] = condition_parts(conditions, varying, self._system)
        return list(found)

    def label(self, item: Selected, row: Label, conditions: Mapping[str, JsonValue]) -> Label:
        """The figure's label: `row` (its row's cells and what it is) under its conditions."""
        candidate = item.candidate
        table = _table(candidate)
        named = self._condition_parts(table, conditions)
        if _is_prose(candidate):
            # the heading tells apart a document's sentences (`Throughput — single stream`)
            extra = _place(candidate)
            arms = compared_setting(candidate.column or "") if item.metric in _BETWEEN else None
            if arms:  # `TP=1 → TP=2 only 1.19×`: what the ratio is between
                extra.append(LabelPart(arms, role="place"))
            what = _prose_what(item)
            qualifier = row.qualifier
        else:
            measured = self._measured.get(table, frozenset())
            extra = [
                part
                for part in row.parts
                if part.name not in measured
                and not _covered(part, named)
                and not _EMPTY_CELL.match(part.value.strip())
            ]
            what, qualifier = row.what, row.qualifier
        built = Label.of([*named, *extra], what, qualifier, fallback=row.fallback)
        if _is_prose(candidate):
            built = replace(built, said=candidate.key)
        varying = [part for part in named if part.role not in _KEPT_ROLES]
        systems = [part for part in named if part.role == "system"]
        return _shortened(built, [*systems, *varying, *extra])


_DECIMAL = re.compile(r"\d[.,]\d")
_EMPTY_CELL = re.compile(r"^(?:[-–—−]+|n/?a|none)$", re.IGNORECASE)
"""A cell that states nothing (`-`, `n/a`): it names no configuration (`Spec Quant -`)."""
_CLAUSES = re.compile(r"(?<=[.:;`])\s+")
"""Where a caption's clauses part: a table's caption is the text just above it, and its last
clause is what titles the table (`BF16/auto result summary:`)."""


def told_apart(figures: Sequence[tuple[Selected, Label, Mapping[str, JsonValue]]]) -> list[Label]:
    """Each figure's label, told apart from every other figure's that reads the same: two
    figures share a label only when nothing the source states sets them apart. In order:
    the conditions that differ between them (`KV fp8`, `thinking off`), the nearest caption
    or heading that differs (`fp8 result summary`), the words the source writes beside each
    value in one cell (`thinking-on`, `thinking-off`), and last the documents they stand in."""
    labels = [label for _, label, _ in figures]
    settings = _setting_columns(figures)

    def by_cells(
        group: list[tuple[Selected, Label, Mapping[str, JsonValue]]],
    ) -> list[tuple[int, LabelPart]]:
        return _by_cells(group, settings)

    steps = (
        _by_conditions,
        by_cells,
        _by_place,
        by_words_beside,
        by_words_before,
        by_document,
    )
    groups: list[list[int]] | None = None
    for step in steps:
        # read again only after a step gave a part: else the labels, and so their
        # collisions, are as they were (a wide table's 30,000 labels were grouped 7 times)
        groups = _collisions(figures, labels) if groups is None else groups
        for group in groups:
            for index, part in step([figures[i] for i in group]):
                labels[group[index]] = labels[group[index]].with_parts(part)
                groups = None
    for group in _collisions(figures, labels, loosely=True):
        # alike but for a condition one states and another leaves out: each takes the
        # nearest heading of its own (JoshCork's 22.8 TPS under `PTL iGPU (DDR5-7200)`)
        for index, part in _by_place([figures[i] for i in group]):
            labels[group[index]] = labels[group[index]].with_parts(part)
    # select reads a figure's words as its row or sentence gives them: what tells it apart
    # from a figure elsewhere is for the reader, not a new name for it
    return [
        told if told == built or built.said else replace(told, said=built.text())
        for told, (_, built, _) in zip(labels, figures, strict=True)
    ]


def _collisions(
    figures: Sequence[tuple[Selected, Label, Mapping[str, JsonValue]]],
    labels: list[Label],
    *,
    loosely: bool = False,
) -> list[list[int]]:
    """Groups of figures that share a label but are not the same figure; `loosely`, those
    whose labels differ only by a condition one states and another leaves unstated
    (JoshCork's 22.8 and 18.7 TPS read `OpenVINO, Qwen 2.5-7B AWQ + GenAI, INT4 TPS` with
    and without `INT4`, and the DDR5-7200 heading that tells them apart never entered the
    label)."""
    by_text: dict[str, list[int]] = defaultdict(list)
    for index, label in enumerate(labels):
        by_text[_unconditioned(label) if loosely else label.text()].append(index)
    groups = []
    for members in by_text.values():
        if len(members) < 2:
            continue  # a label of its own: no collision (most figures; 7 passes over them)
        figures_named = {_figure_key(figures[i][0]) for i in members}
        texts = {labels[i].text() for i in members}
        alike = not loosely or (
            len(texts) > 1 and _no_condition_differs([labels[i] for i in members])
        )
        if len(figures_named) > 1 and alike:
            groups.append(members)
    return groups


_NOT_CONDITIONS = frozenset({"", "place", "cell"})


def _unconditioned(label: Label) -> str:
    """The label's text without the parts a condition gave it."""
    kept = Label(
        tuple(p for p in label.parts if p.role in _NOT_CONDITIONS), label.what, label.qualifier
    )
    return kept.text() or label.fallback


def _no_condition_differs(labels: Sequence[Label]) -> bool:
    """Whether no condition is written two ways among the labels (one stating it and another
    leaving it out is no difference)."""
    stated: dict[str, set[str]] = defaultdict(set)
    for label in labels:
        for part in label.parts:
            if part.role not in _NOT_CONDITIONS:
                stated[part.role].add(part.text())
    return all(len(texts) == 1 for texts in stated.values())


def _figure_key(item: Selected) -> tuple[str, int, float, str]:
    candidate = item.candidate
    return candidate.document_id, candidate.line, float(item.value), candidate.candidate_id


def _by_conditions(
    group: list[tuple[Selected, Label, Mapping[str, JsonValue]]],
) -> list[tuple[int, LabelPart]]:
    """A part for each condition whose value differs between the figures of the group
    (`thinking off`); not a sampling or serving setting read from the figure's context
    (`run_parameters`): its words are the record's (`temperature 0.0` where the row writes
    `0 / 1.0`, which verify reads as a temperature the place does not name), and the row's
    own cells (`no-think-greedy`) tell its figures apart as the source names them."""
    found = differing_parts([conditions for _, _, conditions in group])
    return [
        (index, part)
        for index, parts in enumerate(found)
        for part in parts
        if part.role not in _READ_PARAMETERS
    ]


_READ_PARAMETERS = frozenset({*PARAMETER_KEYS, *MEASUREMENT_KEYS, DATED} - {"thinking"})


def _row_cells(conditions: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    row = conditions.get(SOURCE_CELLS)
    return row if isinstance(row, dict) else {}


def _setting_columns(
    figures: Sequence[tuple[Selected, Label, Mapping[str, JsonValue]]],
) -> dict[_TableKey, frozenset[str]]:
    """The columns of each table whose number cells name a setting of the row (`hipblaslt`
    1, `TP` 2, `Spec Dec (B)` 1.5): no figure of the table stands under them, no metric or
    unit names them, and their rows repeat their values, as a swept setting's do and a
    measurement's (`max_mem` 62332, 62963) do not; a name with a unit is a reading (lhl's
    results.jsonl `gtt_delta_mib` 61481 beside 61489)."""
    rows: dict[_TableKey, dict[int, dict[str, JsonValue]]] = defaultdict(dict)
    measured: dict[_TableKey, set[str]] = defaultdict(set)
    for item, _, conditions in figures:
        candidate = item.candidate
        if _is_prose(candidate):
            continue
        rows[_table(candidate)][candidate.line] = _row_cells(conditions)
        if candidate.column and item.metric != UNSPECIFIED:  # `Spec Dec (B)` 1.5: named by none
            measured[_table(candidate)].add(candidate.column)
    found: dict[_TableKey, frozenset[str]] = {}
    for table, by_line in rows.items():
        values: dict[str, list[str]] = defaultdict(list)
        for cells in by_line.values():
            for header, value in cells.items():
                values[header].append(repr(value))
        found[table] = frozenset(
            header
            for header, written in values.items()
            if header not in measured[table]
            and not is_measured_column(header)
            and not names_measured_extreme(header)
            and unit_from_key(header) is None
            and len(set(written)) < len(by_line)
        )
    return found


def _by_cells(
    group: list[tuple[Selected, Label, Mapping[str, JsonValue]]],
    settings: Mapping[_TableKey, frozenset[str]],
) -> list[tuple[int, LabelPart]]:
    """A part for each cell of the figures' rows whose text differs between them and names
    a configuration (`KV cache: fp8`, `hipblaslt 1` under a setting's column), never another
    measured value of the row; an empty cell (`-`) names nothing, so the row that states the
    setting is the one its part marks (`Spec Dec (B) 1.5`, not the others' `-`)."""
    cells = [_row_cells(conditions) for _, _, conditions in group]
    headers: list[str] = []
    for row in cells:
        headers += [header for header in row if header not in headers]
    parts: list[tuple[int, LabelPart]] = []
    for header in headers:
        values = [row.get(header) for row in cells]
        if len({repr(value) for value in values}) < 2:
            continue
        setting = any(header in settings.get(_table(item.candidate), ()) for item, _, _ in group)
        for index, value in enumerate(values):
            text = _cell_name(value) or _identity_number(header, value, setting=setting)
            if text and not (setting and _EMPTY_CELL.match(text)):
                parts.append((index, LabelPart(text, header, role="cell")))
    return parts


def _identity_number(header: str, value: JsonValue, *, setting: bool = False) -> str:
    """A number cell under a header that names the model's size (`Size (B)` 1.5 beside
    `qwen 2.5`, `Params`) or a setting's column (`_setting_columns`), which tells its rows
    apart, as the row writes it; else nothing. Another number of the row is a measurement."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return ""
    return str(value) if setting or MODEL_SIZE_HEADER.search(header) else ""


def _cell_name(value: JsonValue) -> str:
    """A row cell as a label part: a short text without a measured number (`fp8`, not
    `7.014Gi/7.996Gi`); else nothing. A number cell is left to the conditions, whose
    settings verify reads under their names."""
    text = " ".join(value.split()) if isinstance(value, str) else ""
    if not text or len(text) > MAX_HEADING or is_measured_value(text) or _DECIMAL.search(text):
        return ""
    return text


def _by_place(
    group: list[tuple[Selected, Label, Mapping[str, JsonValue]]],
) -> list[tuple[int, LabelPart]]:
    """The nearest caption or heading whose text differs between the figures of the group."""
    places = [_places(item.candidate) for item, _, _ in group]
    depth = max((len(found) for found in places), default=0)
    levels = [_level_texts(places, level) for level in range(depth)]
    for level, texts in enumerate(levels):
        if len(set(texts)) < 2:
            continue  # alike, or too long to tell apart here: a level further up may
        # a figure with nothing short here takes the nearest heading of its own further up
        # (a caption too long for a label above JoshCork's `PTL iGPU (DDR5-7200)` table)
        above = [(t, Counter(t)) for t in levels[level + 1 :]]
        for index, text in enumerate(texts):
            further = (t[index] for t, counts in above if t[index] and counts[t[index]] == 1)
            texts[index] = text or next(further, "")
        return [(index, LabelPart(text, role="place")) for index, text in enumerate(texts) if text]
    return []


def _level_texts(places: list[list[str]], level: int) -> list[str]:
    """Each figure's place at one level, short enough for a label, where they differ."""
    raw = [found[level] if level < len(found) else "" for found in places]
    if len(set(raw)) < 2:
        return ["" for _ in raw]
    plain = [_plain_place(text) for text in raw]
    # the long ones' own clauses, read together: one by one, each read every other heading
    long = [text for text, short in zip(raw, plain, strict=True) if not short]
    clauses = iter(own_clauses(long, raw, MAX_HEADING))
    return [found or next(clauses) for found in plain]


def _places(candidate: Candidate) -> list[str]:
    """What a figure stands under, nearest first: its table's caption, then its headings (a
    sentence's lead-in and heading), as written (`_by_place` shortens them)."""
    if _is_prose(candidate) or candidate.format is SourceFormat.LINE:
        return [_as_place(candidate, text) for text in reversed(candidate.place)]
    caption = _CLAUSES.split(candidate.caption or "")[-1]
    if _POINTER.match(" ".join(MARKUP.sub(r"\1", caption).split()).strip(" :.")):
        caption = ""  # `参考 result/bhm_summary.md`: where else the table is, not what it holds
    headings = [_as_place(candidate, text) for text in reversed(candidate.headings)]
    return [caption, *headings]


def _as_place(candidate: Candidate, text: str) -> str:
    """A text a figure stands under, blank where it is a heading (or a sentence's lead-in)
    that names no place (`heading_places`): a sentence, or the section's role. A table's
    caption is the prose above it and keeps its words."""
    heading = _is_prose(candidate) or candidate.format is SourceFormat.LINE
    heading = heading or text == candidate.heading or text in candidate.headings
    return "" if heading and not names_a_place(text) else text


def _plain_place(text: str) -> str:
    plain = " ".join(MARKUP.sub(r"\1", HTML_TAG.sub("", text)).split()).strip(" :.—-")
    return plain if len(plain) <= MAX_HEADING else ""


_POINTER = re.compile(
    r"(?:see(?: also)?|refer to|cf\.?|参考|参见|详见|见)\s*:?\s*(?:[\w.-]+/)*[\w-]+\.[a-z]{1,5}$",
    re.IGNORECASE,
)
"""A caption that only points to a file holding the same figures (`See results/summary.md`)."""


def labels_shared_across_settings(
    results: Sequence[tuple[str, Mapping[str, JsonValue]]],
) -> list[tuple[int, int]]:
    """Pairs of figures (label, conditions) that share a label although a stated condition or
    a setting cell of their rows differs (`hipblaslt` 1 beside an empty cell): what
    `told_apart` must never leave. A number cell whose every row differs is a measurement of
    the row (`max_mem`), no setting."""
    written: dict[str, list[str]] = defaultdict(list)
    for _, conditions in results:
        for header, value in _row_cells(conditions).items():
            written[header].append(repr(value))
    measured = {
        header
        for header, values in written.items()
        if len(set(values)) == len(values) and all(_NUMBER.match(v) for v in values)
    }

    def stated(conditions: Mapping[str, JsonValue]) -> str:
        cells = {k: v for k, v in _row_cells(conditions).items() if k not in measured}
        rest = {k: v for k, v in conditions.items() if k != SOURCE_CELLS and v is not None}
        return repr(sorted({**rest, **{f"cell {k}": v for k, v in cells.items()}}.items()))

    by_label: dict[str, list[int]] = defaultdict(list)
    for index, (label, _) in enumerate(results):
        by_label[label].append(index)
    return [
        (first, other)
        for members in by_label.values()
        for first in members[:1]
        for other in members[1:]
        if stated(results[first][1]) != stated(results[other][1])
    ]


_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
