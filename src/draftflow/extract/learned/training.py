"""Fitting the result model: a logistic regression over the instances' features.

scikit-learn is a training dependency only (`pip install -e '.[dev]'`); it is imported here,
never on a command that drafts. The same examples, settings and seed give the same weights
(liblinear is deterministic for a fixed `random_state`), so the shipped file is reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from draftflow.errors import ConfigError
from draftflow.extract.learned.features import Features
from draftflow.extract.learned.weights import ResultModel

INSTALL = "install the training dependencies: .venv/bin/pip install -e '.[dev]'"


@dataclass(frozen=True)
class TrainingSettings:
    """The estimator's settings, written into the model file."""

    regularization: float = 0.5
    """scikit-learn's `C` (smaller is a stronger L2 penalty)."""
    keep_threshold: float = 0.1
    add_threshold: float = 0.75
    seed: int = 0
    balance: bool = False
    min_repositories: int = 4
    """A feature enters training only when this many repositories show it."""

    def as_dict(self) -> dict[str, Any]:
        """The settings as the model file records them."""
        return {
            "estimator": "sklearn.linear_model.LogisticRegression(solver=liblinear, penalty=l2)",
            "C": self.regularization,
            "seed": self.seed,
            "class_weight": "balanced" if self.balance else None,
            "min_repositories": self.min_repositories,
        }


def fit(
    examples: Sequence[tuple[Features, bool]],
    settings: TrainingSettings,
    trained_on: Sequence[str] = (),
) -> ResultModel:
    """A model fitted to `examples` (features, is a gold figure)."""
    try:
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ConfigError("training the result model needs scikit-learn", hint=INSTALL) from error
    labels = [1 if label else 0 for _, label in examples]
    if len(set(labels)) < 2:
        raise ConfigError(
            "the training examples hold only one class (no gold figure, or nothing else)",
            hint="train on gold files whose documents hold both results and other numbers",
        )
    vectorizer = DictVectorizer(sort=True, sparse=False)
    matrix = vectorizer.fit_transform([features for features, _ in examples])
    if not matrix.shape[1]:
        raise ConfigError(
            "no feature is shared by enough training repositories",
            hint="train on more gold files, or lower TrainingSettings.min_repositories",
        )
    estimator = LogisticRegression(
        C=settings.regularization,
        solver="liblinear",
        random_state=settings.seed,
        class_weight="balanced" if settings.balance else None,
        max_iter=1000,
        fit_intercept=False,  # the `bias` feature is the intercept, penalised like the rest
    )
    estimator.fit(matrix, labels)
    names = vectorizer.get_feature_names_out()
    weights = {
        str(name): round(float(weight), 6)
        for name, weight in zip(names, estimator.coef_[0], strict=True)
        if abs(weight) >= 1e-6
    }
    return ResultModel(
        weights=weights,
        intercept=0.0,
        keep_threshold=settings.keep_threshold,
        add_threshold=settings.add_threshold,
        trained_on=tuple(sorted(trained_on)),
        settings=settings.as_dict(),
    )
