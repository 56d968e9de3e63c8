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
debit, someone else's figure never lead), and it says which of them are the author's claims:
the headline is the ladder's figures the model gives at least 7 % of being lead claims
(`lead_claims`), at most `MAX_HEADLINE`, never padded to a count.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from draftflow import logistic
from draftflow.acquire.snapshot import Snapshot
from draftflow.select.lead_features import lead_features
from draftflow.select.rules import MAX_HEADLINE, ranked_picks
from draftflow.select.scored import Scored

SHIPPED = "lead_model.json"
STOP_LOG_ODDS = -2.625
"""A candidate the model gives log-odds below this (P < 0.07) of being a lead claim is no
claim: calibrated left-one-out with `benchmarks/headline_stop.py` over the 45 gold
repositories (each repository's ladder ranked by a model trained without it; the threshold
the other repositories pick for 31 of the 45), and checked again over 53 when the model was
retrained on them (492 published, 130 of 545 gold headline figures, 17 non-results, where all
twelve rungs give 588, 144 and 28; `benchmarks/results/learning.md`). Checked again over
the 66 after the C 0.03 / blend 8 retrain, left-one-out over the rules' figures: -2.625 keeps
191 of 680 gold headline figures in 693 published (36 non-results); -2.5 190 in 677, -2.875
193 in 721 (41 non-results). Re-run it when the model is retrained."""


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


@dataclass(frozen=True)
class Rung:
    """One pick of the lead ladder: the figure, its blended score when taken (the rules'
    score less the costs of the picks before it, plus the model's blended score), and the
    model's own log-odds that it is a lead claim."""

    item: Scored
    taken_at: float
    learned: float


def lead_ladder(
    eligible: list[Scored], snapshot: Snapshot, limit: int, model: LeadModel
) -> list[Rung]:
    """Up to `limit` figures in the order they are taken (`rules.ranked_picks`: covering
    documents, metrics and rows) by the rules' score plus the model's blended score, among
    the figures of a positive rules score. The figures' scores are left as the rules gave
    them (the model prompt and the review page read those)."""
    pool = [item for item in eligible if item.score > 0]
    if not pool or limit <= 0:
        return []
    features = lead_features(eligible, snapshot)
    learned = {id(item): model.score(found) for item, found in zip(eligible, features, strict=True)}
    rules = {id(item): item.score for item in pool}
    try:
        for item in pool:
            item.score = rules[id(item)] + model.blend * learned[id(item)]
        picks = ranked_picks(pool, limit)
    finally:
        for item in pool:
            item.score = rules[id(item)]
    return [Rung(item, taken_at, learned[id(item)]) for item, taken_at in picks]


def lead_claims(ladder: list[Rung]) -> list[Rung]:
    """The rungs the model calls lead claims: log-odds at least `STOP_LOG_ODDS`. A rung
    below it is skipped, not a stop: the ladder's order is the rules' points plus the model's
    blend, so a figure the rules rank high and the model gives no chance (a perplexity
    beside a throughput table) may stand above the author's claims."""
    return [rung for rung in ladder if rung.learned >= STOP_LOG_ODDS]


def choose_ranked(
    eligible: list[Scored], snapshot: Snapshot, max_results: int, model: LeadModel
) -> list[Scored]:
    """The lead claims (`lead_claims`) of the lead ladder (`lead_ladder`, at most
    `max_results` and `MAX_HEADLINE`), in source order; the ladder's first pick where the
    model calls none a claim (a record of figures never publishes an empty headline: figures
    a model mislabelled alike, one label over a whole run file, score low until verify puts
    their harvested readings back)."""
    ladder = lead_ladder(eligible, snapshot, min(max_results, MAX_HEADLINE), model)
    taken = [rung.item for rung in lead_claims(ladder) or ladder[:1]]
    order = {id(item): index for index, item in enumerate(eligible)}
    return sorted(taken, key=lambda item: order[id(item)])
