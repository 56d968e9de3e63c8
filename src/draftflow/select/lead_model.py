"""The learned lead ranker as data, and the headline it ranks: the rules' scores and claims
count, re-ranked by a logistic regression trained on the gold headlines.

`lead_model.json` beside this module is the shipped model: the weight of every feature
(`lead_features.py`), how much its score counts against the rules' points, and what it was
trained on. It is read with the standard library and scored in plain Python
(`draftflow/logistic.py`: no pickle, no scikit-learn at run time);
`scripts/train-lead-model.py` writes it from the gold
(`pipeline/lead_learning.py`), bit for bit the same for the same gold and seed.

The model combines with the rules, it does not replace them: it ranks only the figures the
rules may put forward (eligible, with a positive rules score: a spec value, a baseline's
debit, someone else's figure never lead), and the headline stays as long as the rules'
claims (`rules.claims`): the author's claims say how many, the model which.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from draftflow import logistic
from draftflow.acquire.snapshot import Snapshot
from draftflow.select.lead_features import RANKING, lead_features
from draftflow.select.rules import MAX_HEADLINE, claims, ranked_picks
from draftflow.select.scored import Scored

SHIPPED = "lead_model.json"


@dataclass(frozen=True, kw_only=True)
class LeadModel(logistic.LogisticModel):
    """The lead ranker: a figure's learned score is Σ weights × features (a log-odds that it
    is a gold headline figure); `blend` of it is added to the rules' score."""

    FORMAT: ClassVar[str] = "draftflow-lead-model/1"
    RETRAIN: ClassVar[str] = "retrain it: .venv/bin/python scripts/train-lead-model.py"
    PARAMETERS: ClassVar[tuple[str, ...]] = ("blend",)

    blend: float


@lru_cache(maxsize=1)
def shipped_lead_model() -> LeadModel:
    """The model shipped inside the package (read once per process)."""
    return logistic.shipped(LeadModel, "draftflow.select", SHIPPED)


def choose_ranked(
    eligible: list[Scored], snapshot: Snapshot, max_results: int, model: LeadModel
) -> list[Scored]:
    """The rules' claims count of figures, taken greedily (`rules.ranked_picks`: covering
    documents, metrics and rows) by the rules' score plus the model's blended score, among
    the figures of a positive rules score; in source order. The figures' scores are left as
    the rules gave them (the model prompt and the review page read those)."""
    limit = min(max_results, MAX_HEADLINE)
    # picks are taken greedily: the first `limit` of the features' `RANKING` (no fewer) are
    # those `ranked_picks(eligible, limit)` takes, so the figures are ranked once
    picks = ranked_picks(eligible, RANKING)
    count = len(claims(picks[: max(0, limit)]))
    pool = [item for item in eligible if item.score > 0]
    if not count or not pool:
        return []
    features = lead_features(eligible, snapshot, picks=picks)
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
