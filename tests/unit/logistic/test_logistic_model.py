"""The logistic regression as data (`draftflow/logistic.py`) that the result model and the
lead ranker both are: scored in plain Python, written and read as JSON, fitted with a seed."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from draftflow import logistic
from draftflow.errors import ConfigError
from draftflow.extract.learned.weights import ResultModel
from draftflow.select.lead_model import LeadModel


@dataclass(frozen=True, kw_only=True)
class Tilted(logistic.LogisticModel):
    FORMAT: ClassVar[str] = "test-tilted/1"
    RETRAIN: ClassVar[str] = "retrain the tilted model"
    PARAMETERS: ClassVar[tuple[str, ...]] = ("tilt", "floor")

    tilt: float
    floor: float


@dataclass(frozen=True)
class Example:
    features: dict[str, float]
    label: bool


@dataclass(frozen=True)
class Repository:
    repository: str
    examples: list[Example]


def test_a_score_is_the_sum_of_weight_times_value_and_an_unknown_feature_adds_nothing() -> None:
    model = logistic.LogisticModel(weights={"a": 2.0, "b": -0.5})
    assert model.score({"a": 3.0, "b": 2.0, "unseen": 100.0}) == 5.0
    result = ResultModel(weights={"a": 1.0}, intercept=-1.0, keep_threshold=0.1, add_threshold=0.9)
    assert result.probability({"a": 1.0}) == 0.5
    assert result.probability({"a": 3.0}) == 1.0 / (1.0 + math.exp(-2.0))
    assert LeadModel(weights={"a": 1.5}, blend=2.0).score({"a": 2.0}) == 3.0


def test_a_model_writes_its_own_numbers_after_the_format_and_reads_back_the_same() -> None:
    model = Tilted(weights={"z": 1.0, "a": -2.0}, tilt=0.25, floor=3.0, trained_on=("o/r",))
    text = model.to_json()
    assert list(json.loads(text)) == [
        "format",
        "tilt",
        "floor",
        "trained_on",
        "settings",
        "weights",
    ]
    assert list(json.loads(text)["weights"]) == ["a", "z"]
    again = logistic.parse_model(Tilted, text, "t.json")
    assert again == model and again.to_json() == text


def test_a_file_of_another_kind_or_missing_a_number_says_how_to_fix_it(tmp_path: Path) -> None:
    lead = LeadModel(weights={"a": 1.0}, blend=1.5).to_json()
    missing = json.dumps({"format": "test-tilted/1", "weights": {}, "tilt": 1.0})
    for text in ("not json", lead, missing):
        with pytest.raises(ConfigError) as raised:
            logistic.parse_model(Tilted, text, "t.json")
        assert raised.value.hint == "retrain the tilted model"
    path = tmp_path / "lead.json"
    path.write_text(lead, encoding="utf-8")
    assert logistic.load(LeadModel, path) == LeadModel(weights={"a": 1.0}, blend=1.5)


def _sets() -> list[Repository]:
    sets = []
    for index in range(5):
        examples = [
            Example({"bias": 1.0, "big": float(i % 2), f"own_{index}": 1.0}, bool(i % 2))
            for i in range(4 + 6 * index)
        ]
        examples.append(Example({"bias": 1.0, "big": 1.0}, index % 2 == 0))
        sets.append(Repository(f"o/r{index}", examples))
    return sets


def _fit(sets: Sequence[logistic.ExampleSet], **settings: float | bool) -> logistic.Fitted:
    return logistic.fit(sets, logistic.FitSettings(**settings))  # type: ignore[arg-type]


def test_a_fit_is_the_same_twice_and_weighs_only_what_enough_repositories_show() -> None:
    first = _fit(_sets())
    assert first == _fit(_sets())
    assert first.trained_on == ("o/r0", "o/r1", "o/r2", "o/r3", "o/r4")
    assert set(first.weights) == {"bias", "big"}  # each `own_` feature is one repository's
    assert first.weights["big"] > 0
    assert set(_fit(_sets(), min_repositories=1).weights) > {"bias", "big"}


def test_equal_repositories_weighs_a_small_repository_as_much_as_a_large_one() -> None:
    plain = _fit(_sets())
    equal = _fit(_sets(), equal_repositories=True)
    assert plain.weights != equal.weights
    assert logistic.FitSettings(equal_repositories=True).as_dict()["sample_weight"]
    assert logistic.FitSettings(balance=True).as_dict()["class_weight"] == "balanced"


def test_examples_of_one_class_are_refused() -> None:
    one_class = [Repository("o/r", [Example({"bias": 1.0}, False)] * 3)]
    with pytest.raises(ConfigError, match="only one class"):
        _fit(one_class)
