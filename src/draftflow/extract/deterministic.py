"""Extraction with no model: harvest → select → ground → derive → results and profiles."""

from __future__ import annotations

import json

from pydantic import JsonValue

from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.artifact import DroppedClaim, Extraction
from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import Selected, select
from draftflow.extract.compared_arms import BETWEEN_METRICS, compared_keys
from draftflow.extract.conditions import ConditionReader
from draftflow.extract.conditions.readers import ENGINE_KEYS, SOURCE_CELLS
from draftflow.extract.conditions.row_memo import typed_item
from draftflow.extract.derive import (
    DerivedFigure,
    RunValue,
    agrees,
    derive,
    run_arrays,
    sweep_conditions,
)
from draftflow.extract.ground import Grounded, Grounder
from draftflow.extract.identities import without_identities, without_text
from draftflow.extract.label_words import compares_machines, words_after_value
from draftflow.extract.labels import LabelBuilder, told_apart
from draftflow.extract.learned.decide import decide
from draftflow.extract.learned.weights import ResultModel, shipped_model
from draftflow.extract.memory_deltas import with_memory_changes
from draftflow.extract.results import (
    conditions_for,
    figure_label,
    make_profile,
    make_result,
)
from draftflow.extract.run_rows import RUN_LINES, RunGroup, fold_run_rows
from draftflow.extract.setting_columns import (
    SettingColumns,
    setting_columns,
    with_row_settings,
    without_setting_cells,
)
from draftflow.extract.unread import unread_tables
from draftflow.extract.unspecified import with_unspecified
from draftflow.record.label import Label, LabelPart
from draftflow.record.model import ReportedResult, TestProfile
from draftflow.runtime.collector import collection_paused

Labels = dict[int, Label]
"""Each selected figure's label by `id()`: computed once, used for its grounding, its result,
its profile and its dedup key."""
Conditions = dict[int, dict[str, JsonValue]]
"""Each grounded figure's conditions by `id()`: read once for its result and its profile."""


def ground_selected(
    grounder: Grounder, selected: list[Selected], labels: Labels | None = None
) -> tuple[list[tuple[Selected, Grounded]], list[DroppedClaim]]:
    """Each selected candidate tied to its line (a harvested cell always is; checked anyway)."""
    grounded: list[tuple[Selected, Grounded]] = []
    dropped: list[DroppedClaim] = []
    for item in selected:
        candidate = item.candidate
        outcome = grounder.ground(
            kind="result",
            label=(labels[id(item)] if labels is not None else figure_label(item)).text(),
            document_id=candidate.document_id,
            line=candidate.line,
            claimed=float(item.value),
        )
        if isinstance(outcome, DroppedClaim):
            dropped.append(outcome)
        else:
            grounded.append((item, outcome))
    return grounded, dropped


Anchored = list[tuple[Selected, Grounded]]


def _result(
    item: Selected,
    anchor: Grounded,
    label: Label,
    conditions: dict[str, JsonValue],
    *,
    statistic: str | None = None,
    derived: DerivedFigure | None = None,
    sources: dict[str, list[str]] | None = None,
) -> ReportedResult:
    if item.named_as is not None:
        conditions = {**conditions, "metric_as_written": item.named_as}
    return make_result(
        document=anchor.document,
        line=anchor.line,
        value=anchor.value,
        label=label.text(),
        metric=item.metric,
        unit=item.unit,
        statistic=statistic or item.statistic,
        conditions=conditions,
        derived=derived,
        parts=label,
        condition_sources=dict(sources or {}),
    )


Summaries = tuple[set[int], dict[int, DerivedFigure], list[ReportedResult]]


def _summaries(grounded: Anchored, reader: ConditionReader) -> Summaries:
    """Run arrays: their items (reported through per_run_values, not one by one), the stated
    summaries they confirm, and the figures derived where the source states none."""
    anchors = {id(item): anchor for item, anchor in grounded}
    in_arrays: set[int] = set()
    confirmed: dict[int, DerivedFigure] = {}
    derived: list[ReportedResult] = []
    for array in run_arrays([item for item, _ in grounded]):
        runs = [
            RunValue(anchors[id(m)].value, anchors[id(m)].line, anchors[id(m)].decimals)
            for m in array.members
        ]
        in_arrays.update(id(m) for m in array.members)
        stated = anchors.get(id(array.stated)) if array.stated is not None else None
        figure = derive(runs, array.kind, stated.line if stated else array.anchor_line)
        if (
            array.stated is not None
            and stated is not None
            and agrees(figure, stated.value, stated.decimals)
        ):
            confirmed[id(array.stated)] = figure
            continue
        first = array.members[0]
        document = anchors[id(first)].document
        label = Label.of(
            figure_label(first).parts,
            first.candidate.key,
            f"({figure.kind} of {len(runs)} runs)",
            fallback=figure_label(first).fallback,
        ).text()
        kept, sources = reader.cite(conditions_for(first.candidate), document, array.anchor_line)
        result = make_result(
            document=document,
            line=array.anchor_line,
            value=figure.value,
            label=label,
            metric=first.metric,
            unit=first.unit,
            statistic=figure.statistic,
            conditions=kept,
            derived=figure,
        )
        derived.append(result.model_copy(update={"condition_sources": sources}))
    return in_arrays, confirmed, derived


_ROW_ROLES = frozenset({"", "cell"})
"""Label parts read from a row's own cells (not from its conditions)."""


def _run_summary(
    item: Selected,
    anchor: Grounded,
    label: Label,
    group: RunGroup,
    conditions: dict[str, JsonValue],
    sources: dict[str, list[str]],
) -> ReportedResult:
    """The median of a configuration's runs (JSONL rows), cited on its first run's line,
    with each run's value and line; the first row's cells that are not the configuration's
    (its timestamps, its other measurements) are no condition of the summary."""
    runs = group.runs()
    figure = derive(runs, "median", anchor.line)
    cells = conditions.get(SOURCE_CELLS)
    kept = dict(conditions)
    if isinstance(cells, dict):
        kept[SOURCE_CELLS] = {k: v for k, v in cells.items() if k in group.settings}
    kept[RUN_LINES] = [run.line for run in runs]
    if item.named_as is not None:
        kept["metric_as_written"] = item.named_as
    # a part naming one run (its timestamp, another of its measurements) names no summary
    parts = [
        part
        for part in label.parts
        if part.role not in _ROW_ROLES or not part.name or part.name in group.settings
    ]
    label = Label.of(parts, label.what, label.qualifier, fallback=label.fallback)
    label = label.with_qualifier(f"(median of {len(runs)} runs)")
    return make_result(
        document=anchor.document,
        line=anchor.line,
        value=figure.value,
        label=label.text(),
        metric=item.metric,
        unit=item.unit,
        statistic=figure.statistic,
        conditions=kept,
        derived=figure,
        parts=label,
        condition_sources=dict(sources),
    )


def _place_of(anchor: Grounded, item: Selected) -> tuple[str, int, str, int]:
    """Where a figure sits: its document, line, cell and which of the cell's numbers."""
    document_id = anchor.document.document_id
    return document_id, anchor.line, item.candidate.candidate_id, item.value_index


def _results(
    grounded: Anchored,
    labels: Labels,
    conditions: Conditions,
    reader: ConditionReader,
    sources: dict[int, dict[str, list[str]]],
    sweeps: dict[str, dict[str, int | float]] | None = None,
    run_groups: dict[int, RunGroup] | None = None,
) -> list[ReportedResult]:
    """Every grounded figure, run arrays folded into their summary, runs of one
    configuration into theirs, sweep points with their setting, in harvest order."""
    sweeps = sweeps or {}
    run_groups = run_groups or {}
    in_arrays, confirmed, derived = _summaries(grounded, reader)
    results: list[ReportedResult] = []
    seen: set[tuple[str, int, str, int, str]] = set()
    for item, anchor in grounded:
        label = labels[id(item)]
        # a cell's value index: both ends of a range (`~20–27`) share their cell and label
        key = (*_place_of(anchor, item), label.text())
        if id(item) in in_arrays or key in seen:
            continue
        seen.add(key)
        group = run_groups.get(id(item))
        if group is not None:
            results.append(
                _run_summary(item, anchor, label, group, conditions[id(item)], sources[id(item)])
            )
            continue
        figure = confirmed.get(id(item))
        statistic = None
        if figure is not None:
            statistic = (
                f"{figure.kind} of {len(figure.per_run_values)} source runs, as stated "
                "by the source; individually recoverable in per_run_values"
            )
        point = sweeps.get(item.candidate.candidate_id) or {}
        if point:  # a sweep point's setting names its configuration like any cell of its row
            label = label.with_parts(*(LabelPart(str(v), name) for name, v in point.items()))
        result = _result(
            item,
            anchor,
            label,
            conditions[id(item)],
            statistic=statistic,
            derived=figure,
            sources=sources[id(item)],
        )
        if point:
            kept, cited = reader.cite(dict(point), anchor.document, anchor.line)
            result = result.model_copy(
                update={
                    "conditions": {**result.conditions, **kept},
                    "condition_sources": {**(result.condition_sources or {}), **cited},
                }
            )
        results.append(result)
    return results + derived


def conditions_key(conditions: dict[str, JsonValue]) -> object:
    """A hashable key equal for two conditions exactly when their sorted JSON texts are.

    A figure's conditions are scalars read from its row, so the key is their sorted items,
    each value with its type (`1`, `1.0` and `true` differ in JSON) and a float by its repr
    (`-0.0` is not `0.0`); anything else is keyed by its JSON text, as it was. Encoding every
    grounded figure's conditions was a sixth of the deterministic pass."""
    items: list[tuple[str, type, object]] = []
    for name, value in conditions.items():
        item = typed_item(name, value)
        if item is None:
            return json.dumps(conditions, sort_keys=True)
        items.append(item)
    items.sort(key=lambda item: item[0])
    return tuple(items)


def _profiles(grounded: Anchored, labels: Labels, read: Conditions) -> list[TestProfile]:
    """One profile per distinct configuration (document, label and conditions)."""
    profiles: list[TestProfile] = []
    seen: set[tuple[str, str, object]] = set()
    for item, anchor in grounded:
        conditions = read[id(item)]
        label = labels[id(item)].configuration()
        key = (anchor.document.document_id, label, conditions_key(conditions))
        if key in seen:
            continue
        seen.add(key)
        profiles.append(
            make_profile(
                document=anchor.document, line=anchor.line, label=label, conditions=conditions
            )
        )
    return profiles


_NO_ENGINE_METRICS = frozenset({"bandwidth"})
"""Metrics an inference engine does not measure (a copy's, a link's, a memory's bandwidth): a
figure of one takes an engine only its own line states, never its document's or repository's
(`Host→device copies collapse to 2 MiB/s` in a vLLM repository is the kernel's)."""


def _engine_at_hand(
    item: Selected, anchor: Grounded, read: tuple[dict[str, JsonValue], dict[str, list[str]]]
) -> tuple[dict[str, JsonValue], dict[str, list[str]]]:
    """`read` without an engine cited farther than the figure's own line, for a metric no
    engine measures; without a machine count, for a ratio between two counts of them; and
    without the engine or system a ratio's own words compare (`compared_keys`)."""
    found, places = read
    own = f"{anchor.document.path}:{anchor.line}"
    dropped: set[str] = set()
    if item.metric in _NO_ENGINE_METRICS and places.get("engine", [own]) != [own]:
        dropped |= ENGINE_KEYS
    if item.metric in BETWEEN_METRICS and compares_machines(item.candidate.column or ""):
        dropped.add("node_count")  # `TP=1 → TP=2 only 1.19×`: two machines is one arm's
    if item.metric in BETWEEN_METRICS:
        prose = item.candidate.format is SourceFormat.PROSE
        header = None if prose else item.candidate.column  # a prose figure's is its place
        dropped |= compared_keys(item.metric, (header, words_after_value(item)), found)
    if not dropped:
        return read
    return (
        {k: v for k, v in found.items() if k not in dropped},
        {k: v for k, v in places.items() if k not in dropped},
    )


def _read(
    reader: ConditionReader, item: Selected, anchor: Grounded, settings: SettingColumns
) -> tuple[dict[str, JsonValue], dict[str, list[str]]]:
    """A figure's conditions from its row (with the setting cells of its row a column named
    like a measurement holds) and its context chain."""
    candidate = item.candidate
    raw = with_row_settings(conditions_for(candidate), settings.row_settings(candidate))
    return reader.read(raw, candidate, anchor)


def extract_deterministic(
    snapshot: Snapshot,
    candidates: list[Candidate],
    selected: list[Selected] | None = None,
    result_model: ResultModel | None = None,
) -> Extraction:
    """The extraction that harvesting alone supports: every figure the result model keeps
    of the rules' choice and of every other number, grounded.

    `selected`, when given, is `select(candidates)` computed already; `result_model` is the
    shipped model unless given (a left-one-out model in `draftflow eval --leave-one-out`)."""
    with collection_paused():
        grounder = Grounder(snapshot)
        if selected is None:
            selected = with_unspecified(candidates, select(candidates))
        selected = decide(snapshot, candidates, selected, result_model or shipped_model())
        settings = setting_columns(snapshot, candidates)
        selected = without_setting_cells(selected, settings)
        selected = with_memory_changes(snapshot, without_identities(without_text(selected)))
        # a JSONL row that repeats a configuration is a run of it, an input of its summary
        selected, run_groups = fold_run_rows(snapshot, selected)
        labels = {id(item): figure_label(item) for item in selected}
        grounded, dropped = ground_selected(grounder, selected, labels)
        reader = ConditionReader(snapshot)
        read = {
            id(item): _engine_at_hand(item, anchor, _read(reader, item, anchor, settings))
            for item, anchor in grounded
        }
        conditions = {key: found for key, (found, _) in read.items()}
        sources = {key: places for key, (_, places) in read.items()}
        builder = LabelBuilder([(item, conditions[id(item)]) for item, _ in grounded], selected)
        built = [
            (
                item,
                builder.label(item, labels[id(item)], conditions[id(item)]),
                conditions[id(item)],
            )
            for item, _ in grounded
        ]
        labels = {
            id(item): label for (item, _, _), label in zip(built, told_apart(built), strict=True)
        }
        return Extraction(
            reported_results=_results(
                grounded,
                labels,
                conditions,
                reader,
                sources,
                sweep_conditions(candidates),
                run_groups,
            ),
            test_profiles=_profiles(grounded, labels, conditions),
            unread_tables=unread_tables(candidates, [item for item, _ in grounded]),
            dropped=dropped,
            candidates_seen=len(candidates),
            method="deterministic",
        )
