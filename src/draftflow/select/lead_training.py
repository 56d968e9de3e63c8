"""Fitting the lead ranker: a logistic regression over the headline candidates' features.

scikit-learn is a training dependency only (`pip install -e '.[dev]'`); it is imported here,
never on a command that drafts. Each repository's candidates weigh as much in all as another's
(a repository of a thousand result-file figures would otherwise decide what leads everywhere);
the same examples, settings and seed give the same weights.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from draftflow.errors import ConfigError
from draftflow.select.lead_features import Features
from draftflow.select.lead_model import LeadModel

INSTALL = "install the training dependencies: .venv/bin/pip install -e '.[dev]'"


@dataclass(frozen=True)
class LeadTrainingSettings:
    """The estimator's settings, written into the model file."""

    regularization: float = 0.3
    """scikit-learn's `C` (smaller is a stronger L2 penalty)."""
    blend: float = 1.5
    """How many rules' points one unit of the learned log-odds is worth."""
    seed: int = 0
    min_repositories: int = 4
    """A feature enters training only when this many repositories show it."""

    def as_dict(self) -> dict[str, Any]:
        """The settings as the model file records them."""
        return {
            "estimator": "sklearn.linear_model.LogisticRegression(solver=liblinear, penalty=l2)",
            "C": self.regularization,
            "seed": self.seed,
            "sample_weight": "each repository's candidates sum to the same weight",
            "min_repositories": self.min_repositories,
        }


@dataclass(frozen=True)
class LeadExample:
    """One headline candidate: its features and whether the gold headline holds it."""

    features: Features
    label: bool


def fit_lead(
    sets: Sequence[Sequence[LeadExample]],
    settings: LeadTrainingSettings,
    trained_on: Sequence[str] = (),
) -> LeadModel:
    """A model fitted to each repository's examples (one sequence per repository)."""
    try:
        import numpy as np
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ConfigError("training the lead model needs scikit-learn", hint=INSTALL) from error
    rows = [example for examples in sets for example in examples]
    labels = [1 if example.label else 0 for example in rows]
    if len(set(labels)) < 2:
        raise ConfigError(
            "the lead training examples hold only one class (no gold headline figure among "
            "the candidates, or nothing else)",
            hint="train on gold files whose headline figures are extracted",
        )
    weights = np.array([1.0 / len(examples) for examples in sets for _ in examples])
    weights *= len(weights) / weights.sum()
    vectorizer = DictVectorizer(sort=True, sparse=False)
    matrix = vectorizer.fit_transform([example.features for example in rows])
    estimator = LogisticRegression(
        C=settings.regularization,
        solver="liblinear",
        random_state=settings.seed,
        max_iter=1000,
        fit_intercept=False,  # the `bias` feature is the intercept, penalised like the rest
    )
    estimator.fit(matrix, labels, sample_weight=weights)
    names = vectorizer.get_feature_names_out()
    learned = {
        str(name): round(float(weight), 6)
        for name, weight in zip(names, estimator.coef_[0], strict=True)
        if abs(weight) >= 1e-6
    }
    return LeadModel(
        weights=learned,
        blend=settings.blend,
        trained_on=tuple(sorted(trained_on)),
        settings=settings.as_dict(),
    )
