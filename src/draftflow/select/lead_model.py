"""The learned lead-claims model: which figures an editor would publish as the headline.

The headline rules (`rules.py`) score every figure and say why (the README states it, a
summary section, bold, restated in another document, the best value of a compared column,
...). Those reasons, the rules' score, and general signals of the figure (its document's role,
where in the document it stands, its metric and statistic, whether it stands alone) are the
features of a logistic regression trained on the gold headlines (`pipeline/learning.py`); its
log-odds replace the rules' score, and `rules.choose` then picks as before, covering
documents, metrics and configurations. The model ships as data (`lead_model.json`, the same
format as the result model) and is scored in plain Python.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from importlib import resources
from pathlib import PurePosixPath

from draftflow.extract.learned.features import Features
from draftflow.extract.learned.model import ResultModel, model_from_json
from draftflow.select.scored import Scored

SHIPPED = "lead_model.json"
_VARIABLE = re.compile(r"\([^)]*\)|\S*[/.]\S*[A-Za-z]\S*|\d+(?:[.,]\d+)*")


def reason_name(reason: str) -> str:
    """A rule's reason without what varies between figures (dates, paths, numbers)."""
    return " ".join(_VARIABLE.sub(" ", reason.lower()).split())[:80]


def lead_features(item: Scored, document_lines: int, rank: int) -> Features:
    """The features of one scored figure (`document_lines`: its document's length; `rank`:
    its place by the rules' score among the repository's figures, 0 the best)."""
    result = item.figure.result
    features: Features = {"bias": 1.0}
    for reason in item.reasons:
        features["reason=" + reason_name(reason)] = 1.0
    features[f"rule_score={_bucket(item.score, (-2, 0, 1, 2, 3, 4, 6, 8))}"] = 1.0
    features["rule_score"] = max(-5.0, min(item.score, 10.0)) / 5.0
    features[f"rule_rank={_bucket(rank, (0, 2, 5, 11, 23, 47, 95))}"] = 1.0
    role = item.role.role.value if item.role is not None else "none"
    features["role=" + role] = 1.0
    path = PurePosixPath(item.path or "")
    features["top_level" if len(path.parts) <= 1 else "nested"] = 1.0
    features["ext=" + (path.suffix.lower() or "none")] = 1.0
    features["metric=" + _metric_family(result.metric)] = 1.0
    features["statistic=" + _statistic(result.statistic)] = 1.0
    if item.stands_alone:
        features["stands_alone"] = 1.0
    if item.restates:
        features["restates_run_file"] = 1.0
    if "source runs" in result.statistic or "of runs" in result.label:
        features["summarises_runs"] = 1.0
    position = result.source_line / max(document_lines, 1)
    features[f"position={_bucket(position, (0.05, 0.15, 0.33, 0.66))}"] = 1.0
    features[f"line={_bucket(result.source_line, (10, 30, 80, 200, 600))}"] = 1.0
    value = abs(float(result.value))
    features[f"magnitude={math.floor(math.log10(value)) if value else -9}"] = 1.0
    features[f"conditions={min(len(result.conditions), 6)}"] = 1.0
    return features


def _metric_family(metric: str) -> str:
    for suffix in ("_stdev", "_spread", "_normalised"):
        if metric.endswith(suffix):
            return "spread" if suffix != "_normalised" else "normalised"
    return metric


def _statistic(statistic: str) -> str:
    lowered = statistic.lower()
    for name in ("median", "mean", "p99", "p95", "p90", "p50", "standard deviation", "range"):
        if name in lowered:
            return name
    return "as reported" if lowered.startswith("as reported") else "other"


def _bucket(value: float, edges: tuple[float, ...]) -> str:
    for edge in edges:
        if value <= edge:
            return f"<={edge:g}"
    return f">{edges[-1]:g}"


def rescored(scored: list[Scored], lines: dict[str, int], model: ResultModel) -> None:
    """Replace each figure's rules score by the model's log-odds that it leads (in place);
    `lines` gives each document's line count by path."""
    ranks = rule_ranks(scored)
    for item in scored:
        features = lead_features(item, lines.get(item.path, 1), ranks[id(item)])
        probability = model.probability(features)
        probability = min(max(probability, 1e-9), 1 - 1e-9)
        item.score = math.log(probability / (1 - probability))


def rule_ranks(scored: list[Scored]) -> dict[int, int]:
    """Each figure's place by the rules' score (0 the best; ties share the better place)."""
    ordered = sorted(-item.score for item in scored)
    first = {}
    for place, score in enumerate(ordered):
        first.setdefault(score, place)
    return {id(item): first[-item.score] for item in scored}


@lru_cache(maxsize=1)
def shipped_lead_model() -> ResultModel:
    """The lead-claims model shipped inside the package (read once per process)."""
    source = resources.files("draftflow.select").joinpath(SHIPPED)
    return model_from_json(source.read_text(encoding="utf-8"), f"draftflow/select/{SHIPPED}")
