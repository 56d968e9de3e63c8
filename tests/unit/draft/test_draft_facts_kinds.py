"""Facts of the kinds the corpus's headline tables do not hold (a change between dated runs,
an attribution), and the ratio arithmetic drafter and verify share."""

from __future__ import annotations

from documents import make_document, make_result
from draftflow.draft.facts.compute import compute_facts
from draftflow.draft.facts.fact_types import FactKind
from draftflow.draft.facts.figures import figure_ref
from draftflow.draft.facts.wording import amount, sentences
from draftflow.draft.parts import Grounded
from draftflow.numbers.arithmetic import ratios

RUNS = """# Runs

| run | date | decode tok/s |
|---|---|---|
| vllm tp1 | 2026-10-17 | 27.0 |
| vllm tp1 | 2026-10-18 | 39.9 |
| sglang tp1 (measured by @alice) | 2026-10-18 | 31.5 |
"""


def _grounded() -> list[Grounded]:
    doc = make_document("RUNS.md", RUNS)
    rows = [
        (5, 27.0, "vllm tp1", {"engine": "vLLM", "experiment_date": "2026-10-17"}),
        (6, 39.9, "vllm tp1", {"engine": "vLLM", "experiment_date": "2026-10-18"}),
        (7, 31.5, "sglang tp1", {"engine": "SGLang", "attribution": "@alice"}),
    ]
    return [
        Grounded(make_result(doc, line, value, label=label, conditions=conditions), doc)
        for line, value, label, conditions in rows
    ]


def _written(item: Grounded) -> str:
    return repr(item.result.value)


def test_a_change_between_dated_runs_is_the_later_over_the_earlier() -> None:
    facts = compute_facts(_grounded(), _written)
    change = next(f for f in facts if f.kind is FactKind.CHANGE)
    assert [ref.value for ref in change.inputs] == [27.0, 39.9]
    assert change.result == change.recompute() == round(39.9 / 27.0, 2)
    assert change.detail == "2026-10-17 → 2026-10-18"
    assert change.citations == ["https://github.com/o/demo/blob/" + "a" * 40 + "/RUNS.md"]
    assert change.inputs[0].evidence_url.endswith("#L5")
    (sentence,) = sentences(change)
    assert "27.0 tokens/s on 2026-10-17 to 39.9 tokens/s on 2026-10-18, 1.48×" in sentence
    assert [r.recomputable for r in ratios(sentence)] == [True]


def test_an_attribution_names_who_measured_which_figure() -> None:
    facts = compute_facts(_grounded(), _written)
    (attribution,) = [f for f in facts if f.kind is FactKind.ATTRIBUTION]
    assert attribution.subject == "@alice"
    assert [ref.value for ref in attribution.inputs] == [31.5]
    assert sentences(attribution) == ["The sources attribute the figures of sglang tp1 to @alice."]


def test_a_ratio_is_recomputable_only_from_the_figures_beside_it() -> None:
    assert ratios("A leads with 39.9 tokens/s, 1.48× the 27.0 tokens/s of B.")[0].recomputable
    assert not ratios("A leads with 39.9 tokens/s, 1.60× the 27.0 tokens/s of B.")[0].recomputable
    # an input that is gone leaves the ratio without arithmetic
    assert not ratios("A leads, 1.48× the 27.0 tokens/s of B.")[0].recomputable


def test_a_figure_is_written_with_its_unit_once() -> None:
    doc = make_document("x.md", "| a | 285W |\n| b | 47.91 |\n")
    watts = make_result(doc, 1, 285.0).model_copy(update={"unit": "W"})
    rate = make_result(doc, 2, 47.91)
    assert amount(figure_ref(Grounded(watts, doc), lambda _: "285W")) == "285W"
    assert amount(figure_ref(Grounded(rate, doc), lambda _: "47.91")) == "47.91 tokens/s"
    # a long float as the record stores it is written at two decimals, once
    long = make_result(doc, 2, 51.282952724374674)
    ref = figure_ref(Grounded(long, doc), lambda _: "51.282952724374674")
    assert amount(ref) == "51.28 tokens/s"


def test_an_approximate_figure_is_hedged_once() -> None:
    # er0080/vllm-benchmarking (read33-s21): the title read "latency of about ~72s"
    doc = make_document("x.md", "| load | ~72s |\n| run | 72 s |\n")
    approx = "as reported; approximate (the source writes ~ or about)"
    hedged = make_result(doc, 1, 72.0).model_copy(update={"unit": "s", "statistic": approx})
    assert figure_ref(Grounded(hedged, doc), lambda _: "~72s").bound == ""
    plain = make_result(doc, 2, 72.0).model_copy(update={"unit": "s", "statistic": approx})
    assert figure_ref(Grounded(plain, doc), lambda _: "72").bound == "about "


SWEEP = """# Inference Benchmarks
Apple M4 Max 48GB 16 Core 16-inch using LM Studio

| Size (B) | Speed (T/s) | Model | Type | Quant |
|---|---|---|---|---|
| 1.5 | 282 | qwen 2.5 | MLX | 4 |
| 7 | 101 | qwen 2.5 | MLX | 4 |
| 14 | 52 | qwen 2.5 | MLX | 4 |
| 12 | 65 | wayfarer | MLX | 4 bit |
| 12 | 45 | wayfarer | MLX | 6 bit |
| 12 | 36 | wayfarer | MLX | 8 bit |
"""


def test_a_series_that_never_gains_does_not_stop_gaining_and_no_series_runs_along_a_size() -> None:
    # NexVeridian/llm-inference-benchmarks README.md:6-14 (read33-s22): "It stops gaining at
    # wayfarer, 6 …: 65 tokens/s becomes 45" over a series that only falls, and a series
    # "along qwen 2.5, Size (B) N" over three models
    doc = make_document("README.md", SWEEP)
    rows = [
        (6, 282.0, "qwen 2.5, MLX, Size (B) 1.5, 4"),
        (7, 101.0, "qwen 2.5, MLX, Size (B) 7, 4"),
        (8, 52.0, "qwen 2.5, MLX, Size (B) 14, 4"),
        (9, 65.0, "wayfarer, MLX, 4 bit"),
        (10, 45.0, "wayfarer, MLX, 6 bit"),
        (11, 36.0, "wayfarer, MLX, 8 bit"),
    ]
    grounded = [
        Grounded(make_result(doc, line, value, label=label), doc) for line, value, label in rows
    ]
    series = [f for f in compute_facts(grounded, _written) if f.kind is FactKind.SCALING]
    assert all("Size" not in f.subject for f in series), [f.subject for f in series]
    said = [s for f in series for s in sentences(f)]
    assert not any("stops gaining" in s for s in said), said


TRIALS = """# 4-GPU Detailed Trials (BATCH=32)

| Concurrency | Docs/s | Tok/s | p50 (s) | Errors |
|---|---|---|---|---|
| 128 | 174 | 72,711 | 21.91 | 0 |
| 192 | 186 | 76,873 | 31.69 | 0 |
| 256 | 178 | 73,633 | 42.94 | 0 |
| 384 | 188 | 78,018 | 59.13 | 201 |
"""


def test_no_trend_runs_through_a_trial_that_had_failed_requests() -> None:
    """atomicjets (read33-s26b): "Along concurrency, throughput goes from 72,711 tokens/s to
    78,018 tokens/s" ran through the concurrency-384 trial with 201 errors; without that row
    the series of clean trials stands."""
    doc = make_document("GEMMA.md", TRIALS)
    rows = [(5, 72711.0, 128), (6, 76873.0, 192), (7, 73633.0, 256), (8, 78018.0, 384)]
    grounded = [
        Grounded(make_result(doc, line, value, label=f"concurrency {c}, Tok/s"), doc)
        for line, value, c in rows
    ]
    series = [f for f in compute_facts(grounded, _written) if f.kind is FactKind.SCALING]
    assert series == []
    clean = [f for f in compute_facts(grounded[:3], _written) if f.kind is FactKind.SCALING]
    assert clean and [ref.value for ref in clean[0].inputs] == [72711.0, 76873.0, 73633.0]
