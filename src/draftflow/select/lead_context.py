"""What the lead ranker reads of a candidate against the whole repository: whether its metric
is the repository's subject, whether its label is a line the author repeats for every run,
and whether its value is the best of its metric.

An author's claims are one or two metrics reported across every configuration: the metric the
repository's name or front page names (an energy study's energy per token, not the throughput
beside it), the summary line every run's report ends with (`Average of ...`), the best value of
each compared set. A figure's standing among its metric's figures by the rules' points, and
how many candidates its line holds (a wide row of one configuration, or a line of one claim),
let the ranker weigh the rules' verdict within a metric rather than across metrics. Each is
read from structure shared by every repository (the vocabulary's metric patterns, labels
without their numbers, the metric's better direction), never from one repository's words.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter, defaultdict
from functools import lru_cache

from draftflow.acquire.snapshot import Snapshot
from draftflow.numbers.vocabulary import vocabulary
from draftflow.select.scored import Scored, said
from draftflow.select.shapes import is_main_document

Features = dict[str, float]
SUBJECT_LINES = 12
"""The front page's lines that say what the repository is about: its title and purpose."""
_DIGITS = re.compile(r"[\d.,]+")
_SPACES = re.compile(r"[\s_\-/]+")


@lru_cache(maxsize=64)
def _metric_pattern(metric: str) -> re.Pattern[str] | None:
    entry = vocabulary().metric_by_id(metric)
    pattern = entry.pattern() if entry is not None else None
    return re.compile(pattern, re.IGNORECASE) if pattern else None


def subject_text(snapshot: Snapshot) -> tuple[str, str]:
    """The repository's name and its front page's opening lines (lowercased, separators as
    spaces): where an author says what the repository measures."""
    name = _SPACES.sub(" ", snapshot.repository.split("/")[-1].lower())
    readme = next((d for d in snapshot.documents if is_main_document(d)), None)
    opening = "\n".join(readme.line_list[:SUBJECT_LINES]).lower() if readme is not None else ""
    return name, _SPACES.sub(" ", opening)


def _named(metric: str, text: str) -> bool:
    pattern = _metric_pattern(metric)
    return bool(text) and pattern is not None and pattern.search(text) is not None


def _label_key(item: Scored) -> str:
    """The figure's label without its numbers: the same line of every run's report."""
    return _DIGITS.sub("#", said(item.figure.result).lower()).strip()


def _dimension(metric: str) -> str:
    entry = vocabulary().metric_by_id(metric)
    return (entry.dimension if entry is not None else None) or "none"


def _better(metric: str) -> int:
    entry = vocabulary().metric_by_id(metric)
    if entry is None or entry.better is None:
        return 0
    return 1 if entry.better == "higher" else -1


def context_features(eligible: list[Scored], snapshot: Snapshot) -> list[Features]:
    """Each candidate's repository-level features, in the order given."""
    if not eligible:
        return []
    name, opening = subject_text(snapshot)
    metrics = Counter(item.figure.result.metric for item in eligible)
    named = {m: (float(_named(m, name)), float(_named(m, opening))) for m in metrics}
    directions = {m: _better(m) for m in metrics}  # once per metric, not per figure
    dimensions = {m: f"dimension={_dimension(m)}" for m in metrics}
    keys = [_label_key(item) for item in eligible]
    weight: dict[str, float] = defaultdict(float)
    for item in eligible:
        weight[item.figure.result.metric] += max(item.score, 0.0)
    total_weight = sum(weight.values()) or 1.0
    metric_order = sorted(weight, key=lambda m: (-weight[m], -metrics[m], m))
    metric_rank = {metric: index for index, metric in enumerate(metric_order)}
    scores = sorted(-item.score for item in eligible)  # best first
    labels = Counter(keys)
    label_documents: dict[str, set[str]] = defaultdict(set)
    for item, label_key in zip(eligible, keys, strict=True):
        label_documents[label_key].add(item.path)
    lines = Counter((item.path, item.figure.result.source_line) for item in eligible)
    metric_scores: dict[str, list[float]] = defaultdict(list)
    for item in eligible:
        metric_scores[item.figure.result.metric].append(-item.score)
    for found_scores in metric_scores.values():
        found_scores.sort()
    best: dict[tuple[str, str], float] = {}
    for item in eligible:
        metric = item.figure.result.metric
        direction = directions[metric]
        if not direction:
            continue
        value = float(item.figure.result.value) * direction
        for key in ((item.path, metric), ("", metric)):
            best[key] = max(best.get(key, value), value)
    features: list[Features] = []
    for item, label in zip(eligible, keys, strict=True):
        metric = item.figure.result.metric
        direction = directions[metric]
        value = float(item.figure.result.value) * direction
        found: Features = {
            "metric_share": metrics[metric] / len(eligible),
            "metric_score_share": weight[metric] / total_weight,
            "main_metric": float(metric_rank[metric] == 0),
            "metric_rank_log": math.log1p(metric_rank[metric]),
            "score_rank_log": math.log1p(bisect.bisect_left(scores, -item.score)),
            "metric_in_name": named[metric][0],
            "metric_in_opening": named[metric][1],
            "metric_in_subject": max(named[metric]),
            "line_figures_log": math.log1p(lines[(item.path, item.figure.result.source_line)] - 1),
            "score_rank_in_metric_log": math.log1p(
                bisect.bisect_left(metric_scores[metric], -item.score)
            ),
            "label_repeats_log": math.log1p(labels[label] - 1),
            "label_documents_log": math.log1p(len(label_documents[label]) - 1),
            "zero_value": float(float(item.figure.result.value) == 0.0),
            dimensions[metric]: 1.0,
        }
        if direction:
            found["best_in_document"] = float(value >= best[(item.path, metric)])
            found["best_in_repository"] = float(value >= best[("", metric)])
        features.append(found)
    return features
