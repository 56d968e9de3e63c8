"""Scoring conditions: each gold key correct, wrong or missing on the record's figure."""

from __future__ import annotations

from draftflow.pipeline.condition_score import (
    ConditionVerdict,
    GoldConditions,
    PlacedFigure,
    identifying_part,
    score_conditions,
    values_match,
)


def test_each_key_is_correct_wrong_missing_or_not_found() -> None:
    gold = [
        GoldConditions(
            path="README.md",
            line=5,
            value=41.5,
            conditions={"model": "Qwen3-30B-A3B", "engine": "vLLM", "concurrency": 8},
        ),
        GoldConditions(path="README.md", line=9, value=1.0, conditions={"system": "GB10"}),
    ]
    figures = [
        PlacedFigure(
            path="README.md",
            line=5,
            value=41.5,
            conditions={"model": "Qwen/Qwen3-30B-A3B-FP8", "engine": "SGLang"},
        )
    ]
    score = score_conditions(gold, figures)
    assert score.keys["model"].correct == 1
    assert score.keys["engine"].wrong == 1
    assert score.keys["concurrency"].missing == 1
    assert score.keys["system"].not_found == 1
    total = score.total
    assert (total.correct, total.wrong, total.missing, total.judged) == (1, 1, 1, 3)
    verdicts = {(m.key, m.verdict) for m in score.mismatches}
    assert ("engine", ConditionVerdict.WRONG) in verdicts


def test_the_figure_agreeing_most_is_judged() -> None:
    gold = [GoldConditions(path="a.md", line=1, value=2.0, conditions={"engine": "vLLM"})]
    figures = [
        PlacedFigure(path="a.md", line=1, value=2.0, conditions={"engine": "SGLang"}),
        PlacedFigure(path="a.md", line=1, value=2.0, conditions={"engine": "vLLM 0.20.1"}),
    ]
    assert score_conditions(gold, figures).total.correct == 1


def test_values_match_by_identifying_words_not_by_any_containment() -> None:
    assert values_match("Qwen3-30B-A3B", "Qwen/Qwen3-30B-A3B-GPTQ-Int4")
    assert values_match(1024, 1024.0)
    assert not values_match(1024, 512)
    assert not values_match("vLLM", "the run used vLLM with a patched scheduler on two nodes")
    assert not values_match("4090", "3090Ti")


def test_a_record_naming_the_golds_identifying_part_is_not_wrong() -> None:
    """s20: turboderp's `HumanEval` was judged wrong against the gold's `HumanEval pass@1, 10
    samples per task`, E27-25's `GSM8K` against `GSM8K 5-shot, strict-match, limit 100`: the
    gold names the workload and adds its detail (CONDITIONS.md: "shortened to the
    identifying part"). A record naming something else stays wrong, and a comparison's
    one side is not the gold's comparison."""
    assert values_match("HumanEval pass@1, 10 samples per task", "HumanEval")
    assert values_match("GSM8K 5-shot, strict-match, limit 100", "GSM8K")
    assert values_match("NVIDIA Jetson AGX Orin Developer Kit (64 GB)", "Jetson AGX Orin")
    assert not values_match("HumanEval pass@1, 10 samples per task", "MMLU")
    assert not values_match("Jetson AGX Orin (64 GB) vs RTX Ada 2000 (laptop, 8 GB)", "RTX Ada")
    assert identifying_part("RTX Ada 2000 (laptop, 8 GB)") == "RTX Ada 2000"


def test_a_stated_output_cap_is_judged_as_the_golds_output_length() -> None:
    """The gold has no cap key: ninehills' `Max Tokens: 200` is its `output_tokens`; the record
    keeps the cap apart (`max_output_tokens`, the seed's field) and is judged by it there."""
    gold = [GoldConditions(path="a.md", line=1, value=2.0, conditions={"output_tokens": 200})]
    capped = PlacedFigure(path="a.md", line=1, value=2.0, conditions={"max_output_tokens": 200})
    assert score_conditions(gold, [capped]).total.correct == 1
    other = PlacedFigure(path="a.md", line=1, value=2.0, conditions={"max_output_tokens": 512})
    assert score_conditions(gold, [other]).total.wrong == 1
    both = {"output_tokens": 128, "max_output_tokens": 200}
    generated = PlacedFigure(path="a.md", line=1, value=2.0, conditions=both)
    assert score_conditions(gold, [generated]).total.wrong == 1  # what it generated decides


def test_one_engine_spelled_two_ways_is_correct_and_two_engines_are_not() -> None:
    """alexziskind1/draftbench's gold writes the engine as its files do, `llamacpp`; a record's
    `llama.cpp` is that engine (spelling, not meaning), a record's `vLLM` is not."""
    gold = [GoldConditions(path="a.md", line=1, value=2.0, conditions={"engine": "llamacpp"})]
    same = PlacedFigure(path="a.md", line=1, value=2.0, conditions={"engine": "llama.cpp"})
    assert score_conditions(gold, [same]).total.correct == 1
    other = PlacedFigure(path="a.md", line=1, value=2.0, conditions={"engine": "vLLM"})
    assert score_conditions(gold, [other]).total.wrong == 1
