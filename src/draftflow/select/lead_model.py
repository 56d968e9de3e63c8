"""The learned lead ranker as data, and the headline it ranks: the rules' scores and claims
count, re-ranked by a logistic regression trained on the gold headlines.

`lead_model.json` beside this module is the shipped model: the weight of every feature
(`lead_features.py`), how much its score counts against the rules' points, and what it was
trained on. It is read with the standard library and scored in plain Python (no pickle, no
scikit-learn at run time); `scripts/train-lead-model.py` writes it from the gold
(`pipeline/lead_learning.py`), bit for bit the same for the same gold and seed.

The model combines with the rules, it does not replace them: it ranks only the figures the
rules may put forward (eligible, with a positive rules score: a spec value, a baseline's
debit, someone else's figure never lead), and the headline stays as long as the rules'
claims (`rules.claims`): the author's claims say how many, the model which.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import ConfigError
from draftflow.select.lead_features import Features, lead_features
from draftflow.select.rules import MAX_HEADLINE, claims, ranked_picks
from draftflow.select.scored import Scored

FORMAT = "draftflow-lead-model/1"
SHIPPED = "lead_model.json"
RETRAIN = "retrain it: .venv/bin/python scripts/train-lead-model.py"


@dataclass(frozen=True)
class LeadModel:
    """The lead ranker: a figure's learned score is Σ weights × features (a log-odds that it
    is a gold headline figure); `blend` of it is added to the rules' score."""

    weights: dict[str, float]
    blend: float
    trained_on: tuple[str, ...] = ()
    settings: dict[str, Any] = field(default_factory=dict)

    def score(self, features: Features) -> float:
        """The learned log-odds of the figure these features describe."""
        weights = self.weights
        return sum(weights.get(name, 0.0) * value for name, value in features.items())

    def to_json(self) -> str:
        """The model as its JSON file's text (sorted, so equal models write equal bytes)."""
        document = {
            "format": FORMAT,
            "blend": self.blend,
            "trained_on": list(self.trained_on),
            "settings": self.settings,
            "weights": dict(sorted(self.weights.items())),
        }
        return json.dumps(document, indent=1) + "\n"


def lead_model_from_json(text: str, origin: str) -> LeadModel:
    """A model read from its JSON text; a file of another format is a configuration error."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(f"{origin} is not JSON: {error}", hint=RETRAIN) from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ConfigError(f"{origin} is not a {FORMAT} file", hint=RETRAIN)
    try:
        return LeadModel(
            weights={str(k): float(v) for k, v in document["weights"].items()},
            blend=float(document["blend"]),
            trained_on=tuple(str(r) for r in document.get("trained_on", [])),
            settings=dict(document.get("settings", {})),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ConfigError(f"{origin} is missing a field: {error}", hint=RETRAIN) from error


@lru_cache(maxsize=1)
def shipped_lead_model() -> LeadModel:
    """The model shipped inside the package (read once per process)."""
    source = resources.files("draftflow.select").joinpath(SHIPPED)
    return lead_model_from_json(source.read_text(encoding="utf-8"), f"draftflow/select/{SHIPPED}")


def load_lead_model(path: Path) -> LeadModel:
    """A model from a file (a retrained or left-one-out model)."""
    return lead_model_from_json(path.read_text(encoding="utf-8"), str(path))


def choose_ranked(
    eligible: list[Scored], snapshot: Snapshot, max_results: int, model: LeadModel
) -> list[Scored]:
    """The rules' claims count of figures, taken greedily (`rules.ranked_picks`: covering
    documents, metrics and rows) by the rules' score plus the model's blended score, among
    the figures of a positive rules score; in source order. The figures' scores are left as
    the rules gave them (the model prompt and the review page read those)."""
    limit = min(max_results, MAX_HEADLINE)
    count = len(claims(ranked_picks(eligible, limit)))
    pool = [item for item in eligible if item.score > 0]
    if not count or not pool:
        return []
    features = lead_features(eligible, snapshot)
    learned = {id(item): model.score(found) for item, found in zip(eligible, features, strict=True)}
    rules = {id(item): item.score for item in pool}
    try:
        for item in pool:
            item.score = rules[id(item)] + model.blend * learned[id(item)]
        taken = [item for item, _ in ranked_picks(pool, count)]
    finally:
        for item in pool:
            item.score = rules[id(item)]
    order = {id(item): index for index, item in enumerate(eligible)}
    return sorted(taken, key=lambda item: order[id(item)])
