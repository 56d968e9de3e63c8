"""Facts computed over the headline figures: leaders and margins, scaling series, changes
between dated runs and spans; with `gaps.py`'s limits, attributions and what is unstated.

Everything is taken in headline order and ties are broken by that order, so the same input
gives the same facts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from draftflow.draft.facts.build import fact_about
from draftflow.draft.facts.fact_types import Direction, Fact, FactKind, FigureRef
from draftflow.draft.facts.figures import (
    NAMED_WORKLOAD_KEYS,
    Written,
    compared_along_one,
    compared_key,
    direction,
    figure_ref,
    identity,
    is_numeric_setting,
    metric_name,
    short_label,
    skeleton,
    statistic_key,
    text_value,
    varied_setting,
    workload,
)
from draftflow.draft.facts.gaps import attributions, limits, unstated
from draftflow.draft.facts.lead import lead
from draftflow.draft.facts.row_errors import row_failures
from draftflow.draft.parts import Grounded
from draftflow.extract.conditions.setup_names import MODEL_SIZE_HEADER
from draftflow.record.model import ReportedResult

MIN_SERIES = 3
_SPREAD_SUFFIXES = ("_spread", "_stdev", "_std")
MODEL_KEYS = ("model", "model_id", "model_artifact")
FLAT_GAIN = 1.10
DATE_KEYS = ("experiment_date", "date")


def compute_facts(
    grounded: Sequence[Grounded],
    written: Written,
    figures: Sequence[ReportedResult] = (),
    read: Sequence[str] = (),
) -> list[Fact]:
    """Every fact the headline figures support, grouped by kind in `FactKind` order. A lead
    or a span is kept only where no other of the record's `figures`, comparable with it,
    lies beyond it: "the highest" must not mean "the highest the headline kept". A gap (what
    no figure states) holds only where no document `read` (paths and texts) states it."""
    return [
        *lead(grounded, written, figures),
        *leaders(grounded, written, figures),
        *scaling(grounded, written),
        *changes(grounded, written),
        *limits(grounded, written),
        *attributions(grounded, written),
        *spans(grounded, written, figures),
        *unstated(grounded, written, read),
    ]


def leaders(
    grounded: Sequence[Grounded], written: Written, figures: Sequence[ReportedResult] = ()
) -> list[Fact]:
    """Per metric, statistic and workload: the best figure and its margin over the next,
    when none of the record's comparable `figures` beats it."""
    groups: dict[tuple[object, ...], list[Grounded]] = {}
    for item in grounded:
        result = item.result
        if direction(result) is None or result.value <= 0 or _is_spread(result):
            continue
        key = (result.metric, result.unit, statistic_key(result), workload(result))
        groups.setdefault(key, []).append(item)
    facts = []
    for items in groups.values():
        way = direction(items[0].result)
        assert way is not None
        ranked = sorted(items, key=lambda i: float(i.result.value), reverse=way is Direction.HIGHER)
        best = ranked[0]
        runner = next((i for i in ranked[1:] if i.result.value != best.result.value), None)
        along = compared_key(best.result, runner.result) if runner is not None else None
        if runner is None or not along or not _stated_by_both(along, best.result, runner.result):
            # a lead over a figure that differs in more than one condition says nothing; over
            # one that differs in none (`108` in the README, `107.8` in the notes) it sets a
            # measurement beside itself or its own rounding; over one whose key only one of
            # them states (Jacob's 16.5, of no model, over Qwen3.5-122B-A10B's 14.6) it sets
            # a known configuration beside an unknown one
            continue
        if along in MODEL_KEYS:
            # another model is no other configuration of one subject: dambergn's "qwen2.5 0.5b
            # leads with 201.73 tokens/s, 1.46x the 138.31 of Deepseek-r1 1.5b" ranked two
            # models of different sizes (read33-s24b)
            continue
        if _beyond(best.result, figures, way):
            continue  # the headline left out a comparable figure that does better
        if _between(best.result, runner.result, figures):
            continue  # the runner-up is not the next: the headline left out one between them
        if _within_spread(best.result, runner.result, figures):
            continue  # a lead the source's own spread covers is no lead
        refs = (figure_ref(best, written, shared=True), figure_ref(runner, written, shared=True))
        inputs = _distinct_names(refs, (best, runner))
        if inputs[0].label == inputs[1].label:
            continue  # two configurations no label tells apart cannot be named
        top, bottom = (inputs[0], inputs[1]) if way is Direction.HIGHER else (inputs[1], inputs[0])
        fact = fact_about(
            FactKind.LEADER,
            best,
            subject=inputs[0].label,
            inputs=inputs,
            arithmetic=f"{top.value!r} / {bottom.value!r}",
            direction=way,
            detail=_workload_phrase(best),
            weight=len(items),
        )
        facts.append(fact)
    return sorted(facts, key=lambda f: -f.weight)


def _is_spread(result: ReportedResult) -> bool:
    """Whether the figure is a spread (`± 0.0077 s`) or a deviation: the width of other
    figures' runs, not a result to rank (shreyansh26's "latency spread ... is lowest with
    0.0077 s", read33-s24b)."""
    return result.metric.endswith(_SPREAD_SUFFIXES)


def _between(
    best: ReportedResult, runner: ReportedResult, figures: Sequence[ReportedResult]
) -> bool:
    """Whether one of the record's `figures`, comparable with both (one metric, statistic and
    workload), lies strictly between them: then the runner-up is not "the next" (fal-ai's
    "the next, ..., takes 2.230s" was the slowest SD1.5 row; Stable Fast's 0.901 s lay
    between, read33-s24b)."""
    low, high = sorted((float(best.value), float(runner.value)))
    for other in figures:
        if not low < float(other.value) < high:
            continue
        if (other.metric, other.unit) != (best.metric, best.unit):
            continue
        if statistic_key(other) != statistic_key(best) or workload(other) != workload(best):
            continue
        if compared_key(best, other) is not None or compared_key(runner, other) is not None:
            return True
    return False


def _within_spread(
    best: ReportedResult, runner: ReportedResult, figures: Sequence[ReportedResult]
) -> bool:
    """Whether the gap between the two figures is no wider than a spread the source gives
    either of them: its observed range, or a `± spread` figure on its line (read as widely
    as the line's widest, since a line may hold several)."""
    gap = abs(float(best.value) - float(runner.value))
    return any(_spread_of(result, figures) >= gap for result in (best, runner))


def _spread_of(result: ReportedResult, figures: Sequence[ReportedResult]) -> float:
    spreads = [
        float(other.value)
        for other in figures
        if _is_spread(other)
        and other.evidence_url == result.evidence_url
        and other.unit == result.unit
        and other.metric.startswith(result.metric)
    ]
    interval = result.uncertainty
    if interval is not None and None not in (interval.observed_min, interval.observed_max):
        value = float(result.value)
        ends = (float(interval.observed_min or 0), float(interval.observed_max or 0))
        spreads.append(max(value - ends[0], ends[1] - value))
    return max(spreads, default=0.0)


def _stated_by_both(key: str, first: ReportedResult, second: ReportedResult) -> bool:
    """Whether both figures state the condition (or row cell) they are compared along."""
    if key.startswith("cell:"):
        return True  # a differing cell is one both rows have
    return first.conditions.get(key) is not None and second.conditions.get(key) is not None


def _distinct_names(
    refs: tuple[FigureRef, ...], items: tuple[Grounded, ...]
) -> tuple[FigureRef, ...]:
    """Two inputs with the same label are told apart by the document that states each."""
    if len({ref.label for ref in refs}) == len(refs):
        return refs
    named = [dict(identity(item.result)) for item in items]
    for key in named[0]:
        values = [n.get(key) for n in named]
        if all(values) and len(set(values)) == len(values):
            return tuple(
                ref.model_copy(update={"label": f"{ref.label} ({value})"})
                for ref, value in zip(refs, values, strict=True)
            )
    return tuple(
        ref.model_copy(update={"label": f"{ref.label} in {item.document.path}"})
        for ref, item in zip(refs, items, strict=True)
    )


def _workload_phrase(item: Grounded) -> str:
    """The group's settings, each once: the source's own workload words (`tg 1024`) stand
    for a count they already state (`output tokens 1024`)."""
    pairs = workload(item.result)
    named = " ".join(value for key, value in pairs if key in NAMED_WORKLOAD_KEYS).split()
    kept = [(k, v) for k, v in pairs if k in NAMED_WORKLOAD_KEYS or v not in named][:2]
    return ", ".join(
        v if k in NAMED_WORKLOAD_KEYS else f"{k.replace('_', ' ')} {v}" for k, v in kept
    )


def scaling(grounded: Sequence[Grounded], written: Written) -> list[Fact]:
    """Series of figures whose labels differ in one number only, along that number."""
    groups: dict[tuple[object, ...], list[tuple[float, Grounded]]] = {}
    for item in grounded:
        result = item.result
        name = short_label(result)
        shape, numbers = skeleton(name)
        fixed = _model_numbers(name, result.conditions.get("model"))
        for position, number in enumerate(numbers):
            if position in fixed:
                continue  # another model is another configuration, not a setting's value
            others = tuple(n for i, n in enumerate(numbers) if i != position)
            setting = next((k for k, v in workload(result) if _same_number(v, number)), "-")
            key = (
                result.metric,
                result.unit,
                statistic_key(result),
                shape,
                position,
                others,
                workload(result, skip=setting),
                # a series is one table's: labels alike in two documents may name
                # configurations that differ in what neither label says
                item.document.pinned_url,
            )
            groups.setdefault(key, []).append((float(number), item))
    facts = []
    used: set[int] = set()
    for group, members in groups.items():
        series = _one_per_setting(members)
        if any(item.result.value <= 0 for _, item in series):
            continue  # a ratio along the series needs positive figures
        if len(series) < MIN_SERIES or any(id(i) in used for _, i in series):
            continue
        results = [item.result for _, item in series]
        if not _one_clean_series(results, series):
            continue
        setting = varied_setting(results)
        if setting and not is_numeric_setting(results, setting):
            continue  # GPUs or hosts named with numbers are not steps along one setting
        along = _setting_name(short_label(series[0][1].result), int(str(group[4])))
        if MODEL_SIZE_HEADER.search(along):
            continue  # a model's size names another model, not a setting's value
        used.update(id(i) for _, i in series)
        facts.append(_series_fact(series, along, written))
    return sorted(facts, key=lambda f: -f.weight)


def _one_clean_series(results: list[ReportedResult], series: list[tuple[float, Grounded]]) -> bool:
    """Whether the figures differ in the series' setting alone (more is no series) and no
    row of theirs counts failed requests (such a trial is no clean point of a trend)."""
    if not compared_along_one(results):
        return False
    return not any(row_failures(item) for _, item in series)


def _model_numbers(name: str, model: object) -> set[int]:
    """The positions of the label's numbers that are part of its model's name (`7B`)."""
    if not isinstance(model, str) or model not in name:
        return set()
    start = name.index(model)
    end = start + len(model)
    spans = [m.span() for m in re.finditer(r"\d+(?:\.\d+)?", name)]
    return {i for i, (a, b) in enumerate(spans) if start <= a and b <= end}


def _same_number(text: str, number: str) -> bool:
    try:
        return float(text) == float(number)
    except ValueError:
        return False


def _one_per_setting(members: list[tuple[float, Grounded]]) -> list[tuple[float, Grounded]]:
    by_setting: dict[float, Grounded] = {}
    for setting, item in members:
        by_setting.setdefault(setting, item)
    return sorted(by_setting.items())


def _setting_name(name: str, position: int) -> str:
    """The word a label puts before its varied number (`max_concurrency 8`), else the label
    with that number written as N (`Llama 2 7B / N x RasPi 5 8 GB`)."""
    spans = [m.span() for m in re.finditer(r"\d+(?:\.\d+)?", name)]
    start, end = spans[position]
    before = name[:start].rstrip()
    word = re.search(r"([A-Za-z][A-Za-z_ ]{1,30})$", before)
    if word and not before.endswith(("/", ",", "›")):
        return word.group(1).strip().replace("_", " ")
    return " ".join(f"{name[:start]}N{name[end:]}".split())


def _series_fact(series: list[tuple[float, Grounded]], setting: str, written: Written) -> Fact:
    items = [item for _, item in series]
    way = direction(items[0].result)
    inputs = tuple(figure_ref(item, written) for item in items)
    detail = ""
    gained = False
    for before, after in pairwise(inputs):
        gain = after.value / before.value if before.value else 0.0
        if way is Direction.LOWER and after.value:
            gain = before.value / after.value
        if way is not None and gain < FLAT_GAIN:
            # a series that never gained does not "stop gaining" (wayfarer 65 -> 45 -> 36
            # tokens/s over 4, 6 and 8 bits: the first step already falls)
            detail = after.label if gained else ""
            break
        gained = True
    fact = fact_about(
        FactKind.SCALING,
        items[0],
        subject=setting,
        inputs=inputs,
        arithmetic=f"{inputs[-1].value!r} / {inputs[0].value!r}",
        direction=way,
        detail=detail,
        weight=len(items),
    )
    return fact


def changes(grounded: Sequence[Grounded], written: Written) -> list[Fact]:
    """The same configuration's figure in its earliest and latest dated runs."""
    groups: dict[tuple[object, ...], list[tuple[str, Grounded]]] = {}
    for item in grounded:
        result = item.result
        date = next((d for k in DATE_KEYS if (d := text_value(result.conditions.get(k)))), None)
        if date is None:
            continue
        label = short_label(result)
        key = (
            result.metric,
            result.unit,
            statistic_key(result),
            label,
            workload(result),
            identity(result),
        )
        groups.setdefault(key, []).append((date, item))
    facts = []
    for members in groups.values():
        dated = sorted(members, key=lambda pair: pair[0])
        (first_date, first), (last_date, last) = dated[0], dated[-1]
        if first_date == last_date or first.result.value <= 0:
            continue
        inputs = (figure_ref(first, written), figure_ref(last, written))
        fact = fact_about(
            FactKind.CHANGE,
            first,
            subject=inputs[0].label,
            inputs=inputs,
            arithmetic=f"{inputs[1].value!r} / {inputs[0].value!r}",
            direction=direction(first.result),
            detail=f"{first_date} → {last_date}",
            weight=len(members),
        )
        facts.append(fact)
    return sorted(facts, key=lambda f: -f.weight)


def spans(
    grounded: Sequence[Grounded], written: Written, figures: Sequence[ReportedResult] = ()
) -> list[Fact]:
    """Per metric and statistic: the lowest and highest headline figure, when the figures
    differ in one setting only (a load, a workload) and no comparable figure of the record
    lies outside them."""
    groups: dict[tuple[object, ...], list[Grounded]] = {}
    per_metric: dict[str, int] = {}
    for item in grounded:
        result = item.result
        key = (result.metric, result.unit, statistic_key(result))
        groups.setdefault(key, []).append(item)
        per_metric[result.metric] = per_metric.get(result.metric, 0) + 1
    facts = []
    for items in groups.values():
        ordered = sorted(items, key=lambda i: float(i.result.value))
        low, high = ordered[0], ordered[-1]
        if len(items) < 2 or low.result.value == high.result.value:
            continue
        if len(items) < per_metric[low.result.metric]:
            # "the headline bandwidth figures run from 21.6 to 22.2 GB/s" left out the
            # headline's 22.68 GB/s mean and its 1.6 GB/s floor (read33-s21): a range states
            # every headline figure of its metric, or is not written
            continue
        if not compared_along_one([item.result for item in ordered]):
            continue  # a range over figures that differ in several conditions ranks nothing
        if _beyond(low.result, figures, Direction.LOWER, same_workload=False) or _beyond(
            high.result, figures, Direction.HIGHER, same_workload=False
        ):
            continue  # the headline's range is not the source's
        inputs = _distinct_names((figure_ref(low, written), figure_ref(high, written)), (low, high))
        if inputs[0].label == inputs[1].label and not compared_key(low.result, high.result):
            # er0080's "startup time figures run from ~25s (RTX 3090, startup time) to ~72s
            # (RTX 3090, startup time)": two figures nothing the record states tells apart
            # differ in what it does not state (a 125M and a 27B model), no range of one
            # quantity (read33-s23)
            continue
        facts.append(
            fact_about(
                FactKind.SPAN,
                low,
                subject=metric_name(low),
                inputs=inputs,
                arithmetic="min, max",
                direction=direction(low.result),
                weight=len(items),
            )
        )
    return sorted(facts, key=lambda f: -f.weight)


def _beyond(
    figure: ReportedResult,
    figures: Sequence[ReportedResult],
    way: Direction,
    *,
    same_workload: bool = True,
) -> bool:
    """Whether one of `figures`, of the same metric and statistic (and, with `same_workload`,
    workload) and comparable with `figure` (differing in one condition at most), lies
    beyond it in `way`."""
    for other in figures:
        if other.metric != figure.metric or other.unit != figure.unit:
            continue
        beyond = (
            other.value > figure.value if way is Direction.HIGHER else other.value < figure.value
        )
        if not beyond or (way is Direction.LOWER and other.value <= 0):
            continue
        if statistic_key(other) != statistic_key(figure):
            continue
        if same_workload and workload(other) != workload(figure):
            continue
        if compared_key(figure, other) is not None:
            return True
    return False
