"""Fitting the lead ranker: a logistic regression over the headline candidates' features
(`draftflow/logistic.py`, `fit`), with how much its score counts against the rules' points.

Each repository's candidates weigh as much in all as another's (a repository of a thousand
result-file figures would otherwise decide what leads everywhere); the same examples, settings
and seed give the same weights.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from draftflow import logistic
from draftflow.select.lead_features import Features
from draftflow.select.lead_model import LeadModel


@dataclass(frozen=True)
class LeadTrainingSettings(logistic.FitSettings):
    """The estimator's settings (written into the model file) and the model's blend."""

    regularization: float = 0.03
    """The inverse strength of the L2 penalty (liblinear's C): 0.03 since the 66 gold
    repositories (`benchmarks/lead_loo.py`, with `blend` 8: 176 -> 190 of 680 gold headline
    figures, 36 -> 39 non-results; 0.03 with blend 4.5: 184 and 35). A stronger penalty
    generalises better to a repository left out: a ranker learned from a few dozen
    repositories otherwise trusts features few of them show. 0.1 since the ranker reads a
    figure's row, its rank in its metric and whether the repository's subject names its
    metric (`lead_context.py`); `benchmarks/lead_loo.py` over the 60 gold repositories, 161
    -> 168 of 616 gold headline figures, 24 -> 26 non-results (0.3 with those features: 167
    and 31)."""
    equal_repositories: bool = True
    blend: float = 8.0
    """How many rules' points one unit of the learned log-odds is worth: 8 with C 0.03 (the
    weaker weights' log-odds spread less, and the model ranks better than the rules; see
    `regularization`). 4.5 since the model
    reads a figure's standing in its table (`lead_tables.py`); `benchmarks/lead_loo.py` over
    the 53 gold repositories, 132 -> 144 of 545 gold headline figures (1.5 with the table
    features: 129; 4.5 without them: 132)."""


@dataclass(frozen=True)
class LeadExample:
    """One headline candidate: its features and whether the gold headline holds it."""

    features: Features
    label: bool


def fit_lead(sets: Sequence[logistic.ExampleSet], settings: LeadTrainingSettings) -> LeadModel:
    """A lead model fitted to each repository's candidates."""
    fitted = logistic.fit(sets, settings)
    return LeadModel(
        weights=fitted.weights,
        blend=settings.blend,
        trained_on=fitted.trained_on,
        settings=settings.as_dict(),
    )
