"""The headline rule on compared values: the best and the baseline row of each table column,
and the best of each metric across result files."""

from __future__ import annotations

import re
from collections import defaultdict

from draftflow.extract.vocabulary import LOWER_IS_BETTER
from draftflow.record.model import ReportedResult
from draftflow.select.metric_scores import what_named
from draftflow.select.scored import BOLD_REASON, Scored, said
from draftflow.select.shapes import RESTATED_MIN_DIGITS, significant_digits

TABLE_GAP_LINES = 2
# counts of faults (errors, warnings, failed requests, retries): fewer is better
_FAULT_METRIC = re.compile(r"error|warning|fail|retr(y|ies)|timeout", re.IGNORECASE)


def _groupvalue_key(result: ReportedResult) -> tuple[str, str, str]:
    return (result.metric, result.unit, result.statistic)


def score_comparisons(scored: list[Scored]) -> None:
    """Best and baseline of each table column, and the best of each metric across files."""
    columns: dict[tuple[str, ...], list[list[Scored]]] = defaultdict(list)
    across: dict[tuple[str, str, str], list[Scored]] = defaultdict(list)
    for item in scored:
        result = item.figure.result
        key = (result.source_document_id, what_named(said(result)), *_groupvalue_key(result))
        runs = columns[key]
        gap = result.source_line - runs[-1][-1].figure.result.source_line if runs else -1
        if gap == 0:
            continue  # the same row: another figure of it, not another row of the column
        if runs and 0 < gap <= TABLE_GAP_LINES:
            runs[-1].append(item)
        else:
            runs.append([item])
        across[_groupvalue_key(result)].append(item)
    for runs in columns.values():
        for column in runs:
            if len(column) < 2:
                continue
            best = _best(column, ties=True)
            if best is not None:
                best.add(2.0, "best of its table column")
                best.stands_alone = best.stands_alone or BOLD_REASON in best.reasons
            if column[0] is not best:
                column[0].add(2.0, "the baseline row of its table column")
    for group in across.values():
        documents = {item.figure.result.source_document_id for item in group}
        if len(documents) > 1:
            best = _best(group)
            if best is not None:
                best.add(1.0, "best of this metric across the result files")
            group[0].add(0.5, "")


def _best(group: list[Scored], *, ties: bool = False) -> Scored | None:
    """The best figure of a group (the first on a tie when `ties`); across result files None
    when a few-digit best value is shared (`0 errors` in several runs): a tie names no best.
    Within one table the first of tied rows stands (`0.5 req/s` under two SLOs)."""
    lower = is_lower_better(group[0].figure.result.metric)
    best = (min if lower else max)(group, key=lambda item: float(item.figure.result.value))
    value = float(best.figure.result.value)
    if ties or significant_digits(value) >= RESTATED_MIN_DIGITS:
        return best  # `155.4 GiB` twice is one claim restated, not a tie
    shared = sum(float(item.figure.result.value) == value for item in group)
    return best if shared == 1 else None


def is_lower_better(metric: str) -> bool:
    """Whether a smaller value of the metric is the better outcome (times, memory, faults)."""
    return metric in LOWER_IS_BETTER or bool(_FAULT_METRIC.search(metric))
