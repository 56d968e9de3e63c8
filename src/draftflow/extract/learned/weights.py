"""The learned result model as data: a logistic regression's weights in a JSON file.

`result_model.json` beside this module is the shipped model: the weight of every feature
(`features.py`), the intercept, the decision thresholds, and what it was trained on (each gold
file's repository, the training settings). It is read with the standard library and scored
in plain Python (`draftflow/logistic.py`: no pickle, no scikit-learn at run time).
`scripts/train-result-model.py` writes it from the gold (`training.py`), bit for bit the same
for the same gold and seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import chain, repeat
from operator import mul
from typing import ClassVar

from draftflow import logistic
from draftflow.extract.learned.features import Features

SHIPPED = "result_model.json"
KEPT, LEFT = "kept:", "left:"
"""The prefixes of a feature crossed with whether the rules chose the number
(`decide.crossed`)."""


@dataclass(frozen=True, kw_only=True)
class ResultModel(logistic.LogisticModel):
    """Whether a number is a reported result: P(result) = sigmoid(intercept + Σ weights)."""

    FORMAT: ClassVar[str] = "draftflow-result-model/1"
    RETRAIN: ClassVar[str] = "retrain it: .venv/bin/python scripts/train-result-model.py"
    PARAMETERS: ClassVar[tuple[str, ...]] = ("keep_threshold", "add_threshold", "intercept")

    intercept: float
    keep_threshold: float
    """A figure the rules chose stays unless the model scores it below this: the model vetoes
    only what it is fairly sure of."""
    add_threshold: float
    """A number the rules left becomes a figure only at or above this."""

    def probability(self, features: Features) -> float:
        """The model's probability that the number these features describe is a result."""
        return self._sigmoid(self.score(features))

    def _sigmoid(self, total: float) -> float:
        score = self.intercept + total
        if score < -60:
            return 0.0
        return 1.0 / (1.0 + math.exp(-score))

    def accepts(self, features: Features, *, rules_chose: bool) -> bool:
        """Whether the number is a result: a rules' figure the model does not veto, or a
        number the model adds."""
        threshold = self.keep_threshold if rules_chose else self.add_threshold
        return self.probability(features) >= threshold

    def accepts_crossed(self, features: Features, *, rules_chose: bool) -> bool:
        """`accepts` of `features` crossed with whether the rules chose the number (each also
        as `kept:NAME` or `left:NAME` after them all, `decide.crossed`), without building the
        crossed mapping (every number of a snapshot is scored): the same products summed in
        the same order, so the same probability to the bit."""
        side = self._kept_weights if rules_chose else self._left_weights
        names, values = features.keys(), features.values()
        products = chain(
            map(mul, map(self.weights.get, names, repeat(0.0)), values),
            map(mul, map(side.get, names, repeat(0.0)), values),
        )
        total: float = sum(products)
        threshold = self.keep_threshold if rules_chose else self.add_threshold
        return self._sigmoid(total) >= threshold

    @cached_property
    def _kept_weights(self) -> dict[str, float]:
        return _side_weights(self.weights, KEPT)

    @cached_property
    def _left_weights(self) -> dict[str, float]:
        return _side_weights(self.weights, LEFT)


def _side_weights(weights: dict[str, float], prefix: str) -> dict[str, float]:
    """The weights of the features crossed with `prefix`, by the plain feature's name."""
    return {
        name[len(prefix) :]: weight for name, weight in weights.items() if name.startswith(prefix)
    }


@lru_cache(maxsize=1)
def shipped_model() -> ResultModel:
    """The model shipped inside the package (read once per process)."""
    return logistic.shipped(ResultModel, "draftflow.extract.learned", SHIPPED)
