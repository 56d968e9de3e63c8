"""The learned result model as data: a logistic regression's weights in a JSON file.

`result_model.json` beside this module is the shipped model: the weight of every feature
(`features.py`), the intercept, the decision threshold, and what it was trained on (each gold
file's repository and sha256, the training settings). It is read with the standard library
and scored in plain Python: no pickle, no scikit-learn at run time.
`scripts/train-result-model.py` writes it from the gold (`training.py`), bit for bit the same
for the same gold and seed.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from itertools import repeat
from operator import mul
from pathlib import Path
from typing import Any

from draftflow.errors import ConfigError
from draftflow.extract.learned.features import Features

FORMAT = "draftflow-result-model/1"
SHIPPED = "result_model.json"
RETRAIN = "retrain it: .venv/bin/python scripts/train-result-model.py"


@dataclass(frozen=True)
class ResultModel:
    """Whether a number is a reported result: P(result) = sigmoid(intercept + Σ weights)."""

    weights: dict[str, float]
    intercept: float
    keep_threshold: float
    """A figure the rules chose stays unless the model scores it below this: the model vetoes
    only what it is fairly sure of."""
    add_threshold: float
    """A number the rules left becomes a figure only at or above this."""
    trained_on: tuple[str, ...] = ()
    """The repositories of the gold it was trained on."""
    settings: dict[str, Any] = field(default_factory=dict)

    def probability(self, features: Features) -> float:
        """The model's probability that the number these features describe is a result."""
        # the same products summed in the same order as a generator would, without one
        # Python frame per feature (every number of a snapshot is scored)
        score = self.intercept + sum(
            map(mul, map(self.weights.get, features.keys(), repeat(0.0)), features.values())
        )
        if score < -60:
            return 0.0
        return 1.0 / (1.0 + math.exp(-score))

    def accepts(self, features: Features, *, rules_chose: bool) -> bool:
        """Whether the number is a result: a rules' figure the model does not veto, or a
        number the model adds."""
        threshold = self.keep_threshold if rules_chose else self.add_threshold
        return self.probability(features) >= threshold

    def to_json(self) -> str:
        """The model as its JSON file's text (sorted, so equal models write equal bytes)."""
        document = {
            "format": FORMAT,
            "keep_threshold": self.keep_threshold,
            "add_threshold": self.add_threshold,
            "intercept": self.intercept,
            "trained_on": list(self.trained_on),
            "settings": self.settings,
            "weights": dict(sorted(self.weights.items())),
        }
        return json.dumps(document, indent=1, sort_keys=False) + "\n"


def model_from_json(text: str, origin: str) -> ResultModel:
    """A model read from its JSON text; a file of another format is a configuration error."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(f"{origin} is not JSON: {error}", hint=RETRAIN) from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ConfigError(f"{origin} is not a {FORMAT} file", hint=RETRAIN)
    try:
        weights = {str(k): float(v) for k, v in document["weights"].items()}
        return ResultModel(
            weights=weights,
            intercept=float(document["intercept"]),
            keep_threshold=float(document["keep_threshold"]),
            add_threshold=float(document["add_threshold"]),
            trained_on=tuple(str(r) for r in document.get("trained_on", [])),
            settings=dict(document.get("settings", {})),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ConfigError(f"{origin} is missing a field: {error}", hint=RETRAIN) from error


@lru_cache(maxsize=1)
def shipped_model() -> ResultModel:
    """The model shipped inside the package (read once per process)."""
    source = resources.files("draftflow.extract.learned").joinpath(SHIPPED)
    return model_from_json(
        source.read_text(encoding="utf-8"), f"draftflow/extract/learned/{SHIPPED}"
    )


def load_model(path: Path) -> ResultModel:
    """A model from a file (a retrained or left-one-out model)."""
    return model_from_json(path.read_text(encoding="utf-8"), str(path))
