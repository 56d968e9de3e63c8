"""A logistic regression as data: fitted with a seed, saved as JSON, loaded and scored in plain
Python (no pickle, no scikit-learn at run time).

Both learned models are one: the result model (`extract/learned/weights.py`) and the lead
ranker (`select/lead_model.py`) subclass `LogisticModel`, each adding its own numbers (a
threshold, a blend) and its file format. A model file holds its format, those numbers, the
repositories it was trained on, the training settings and the weight of every feature; it is
written sorted, so equal models write equal bytes. `fit` is the one training: a liblinear
logistic regression without intercept (a `bias` feature is the intercept, penalised like the
rest) over the features enough repositories show, deterministic for a fixed seed.
scikit-learn is a training dependency only (`pip install -e '.[dev]'`), imported by `fit`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from itertools import repeat
from operator import mul
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from draftflow.errors import ConfigError

INSTALL = "install the training dependencies: .venv/bin/pip install -e '.[dev]'"
ESTIMATOR = "sklearn.linear_model.LogisticRegression(solver=liblinear, penalty=l2)"
EQUAL_REPOSITORIES = "each repository's candidates sum to the same weight"
"""How the lead ranker's file has recorded `FitSettings.equal_repositories` since it was
first trained (its wording is part of the shipped bytes)."""


@dataclass(frozen=True, kw_only=True)
class LogisticModel:
    """A logistic regression's weights: a number's log-odds is Σ weight × feature value."""

    FORMAT: ClassVar[str] = "draftflow-logistic-model/1"
    RETRAIN: ClassVar[str] = "retrain the model"
    """What to do when the file cannot be read (the hint of the error)."""
    PARAMETERS: ClassVar[tuple[str, ...]] = ()
    """The subclass's own numbers, written in this order before `trained_on`."""

    weights: dict[str, float]
    trained_on: tuple[str, ...] = ()
    """The repositories of the gold it was trained on."""
    settings: dict[str, Any] = field(default_factory=dict)

    def score(self, features: Mapping[str, float]) -> float:
        """The log-odds of what these features describe (a feature without a weight adds 0)."""
        # the same products summed in the same order as a generator would, without one
        # Python frame per feature (every number of a snapshot is scored)
        products = map(mul, map(self.weights.get, features.keys(), repeat(0.0)), features.values())
        total: float = sum(products)
        return total

    def to_json(self) -> str:
        """The model as its JSON file's text (sorted, so equal models write equal bytes)."""
        document: dict[str, Any] = {"format": self.FORMAT}
        document |= {name: getattr(self, name) for name in self.PARAMETERS}
        document |= {
            "trained_on": list(self.trained_on),
            "settings": self.settings,
            "weights": dict(sorted(self.weights.items())),
        }
        return json.dumps(document, indent=1) + "\n"


Model = TypeVar("Model", bound=LogisticModel)


def parse_model(kind: type[Model], text: str, origin: str) -> Model:
    """A `kind` model read from its JSON text; a file of another format is a configuration
    error."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(f"{origin} is not JSON: {error}", hint=kind.RETRAIN) from error
    if not isinstance(document, dict) or document.get("format") != kind.FORMAT:
        raise ConfigError(f"{origin} is not a {kind.FORMAT} file", hint=kind.RETRAIN)
    try:
        return kind(
            weights={str(k): float(v) for k, v in document["weights"].items()},
            trained_on=tuple(str(r) for r in document.get("trained_on", [])),
            settings=dict(document.get("settings", {})),
            **{name: float(document[name]) for name in kind.PARAMETERS},
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ConfigError(f"{origin} is missing a field: {error}", hint=kind.RETRAIN) from error


def shipped(kind: type[Model], package: str, name: str) -> Model:
    """The `kind` model shipped as file `name` inside `package`."""
    source = resources.files(package).joinpath(name)
    origin = f"{package.replace('.', '/')}/{name}"
    return parse_model(kind, source.read_text(encoding="utf-8"), origin)


def load(kind: type[Model], path: Path) -> Model:
    """A `kind` model from a file (a retrained or left-one-out model)."""
    return parse_model(kind, path.read_text(encoding="utf-8"), str(path))


class Labelled(Protocol):
    """A training example: its features and whether the gold holds it."""

    @property
    def features(self) -> Mapping[str, float]: ...

    @property
    def label(self) -> bool: ...


class ExampleSet(Protocol):
    """One repository's training examples."""

    @property
    def repository(self) -> str: ...

    @property
    def examples(self) -> Sequence[Labelled]: ...


@dataclass(frozen=True)
class FitSettings:
    """The estimator's settings, written into the model file."""

    regularization: float = 1.0
    """scikit-learn's `C` (smaller is a stronger L2 penalty)."""
    seed: int = 0
    balance: bool = False
    """Weigh the two classes alike (scikit-learn's `class_weight="balanced"`)."""
    equal_repositories: bool = False
    """Weigh each repository's examples alike in all (a repository of a thousand examples
    would otherwise decide for every other)."""
    min_repositories: int = 4
    """A feature enters training only when this many repositories show it."""

    def as_dict(self) -> dict[str, Any]:
        """The settings as the model file records them."""
        weighting: dict[str, Any] = (
            {"sample_weight": EQUAL_REPOSITORIES}
            if self.equal_repositories
            else {"class_weight": "balanced" if self.balance else None}
        )
        return {
            "estimator": ESTIMATOR,
            "C": self.regularization,
            "seed": self.seed,
            **weighting,
            "min_repositories": self.min_repositories,
        }


@dataclass(frozen=True)
class Fitted:
    """What `fit` learned: the weights and the repositories they were learned from."""

    weights: dict[str, float]
    trained_on: tuple[str, ...]


def fit(sets: Sequence[ExampleSet], settings: FitSettings) -> Fitted:
    """A logistic regression fitted to every set's examples, over the features at least
    `settings.min_repositories` of the sets' repositories show (all of them when fewer)."""
    try:
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ConfigError("training a learned model needs scikit-learn", hint=INSTALL) from error
    rows, labels = _rows(sets, settings)
    vectorizer = DictVectorizer(sort=True, sparse=False)
    matrix = vectorizer.fit_transform(rows)
    if not matrix.shape[1]:
        raise ConfigError(
            "no feature is shared by enough training repositories",
            hint="train on more gold files, or lower the settings' min_repositories",
        )
    estimator = LogisticRegression(
        C=settings.regularization,
        solver="liblinear",
        random_state=settings.seed,
        class_weight="balanced" if settings.balance else None,
        max_iter=1000,
        fit_intercept=False,  # the `bias` feature is the intercept, penalised like the rest
    )
    sample_weight = _equal_repositories(sets) if settings.equal_repositories else None
    estimator.fit(matrix, labels, sample_weight=sample_weight)
    names = vectorizer.get_feature_names_out()
    weights = {
        str(name): round(float(weight), 6)
        for name, weight in zip(names, estimator.coef_[0], strict=True)
        if abs(weight) >= 1e-6
    }
    return Fitted(weights, tuple(sorted(s.repository for s in sets)))


def _rows(
    sets: Sequence[ExampleSet], settings: FitSettings
) -> tuple[list[dict[str, float]], list[int]]:
    """Each example's shared features and its label (1: the gold holds it), in order."""
    shared = shared_features(sets, min(settings.min_repositories, len(sets)))
    examples = [example for s in sets for example in s.examples]
    labels = [1 if example.label else 0 for example in examples]
    if len(set(labels)) < 2:
        raise ConfigError(
            "the training examples hold only one class (no gold figure among them, or nothing "
            "else)",
            hint="train on gold files whose documents hold both gold figures and other numbers",
        )
    rows = [{k: v for k, v in e.features.items() if k in shared} for e in examples]
    return rows, labels


def _equal_repositories(sets: Sequence[ExampleSet]) -> Any:
    """Sample weights under which each repository's examples sum to the same weight (their
    mean is 1)."""
    import numpy as np

    weights = np.array([1.0 / len(s.examples) for s in sets for _ in s.examples])
    weights *= len(weights) / weights.sum()
    return weights


def shared_features(sets: Sequence[ExampleSet], minimum: int) -> set[str]:
    """The features present in at least `minimum` repositories' examples: a feature only one
    or two repositories show is their own wording, which a model would memorise."""
    seen: dict[str, set[str]] = {}
    for example_set in sets:
        for example in example_set.examples:
            for name in example.features:
                seen.setdefault(name, set()).add(example_set.repository)
    return {name for name, repositories in seen.items() if len(repositories) >= minimum}
