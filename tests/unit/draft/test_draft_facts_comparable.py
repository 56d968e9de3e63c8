"""A ratio or a lead compares figures of one metric whose conditions differ in the compared
key only; otherwise the sentence is not written."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document, make_result
from draftflow.draft.facts.compute import leaders
from draftflow.draft.facts.figures import compared_along_one, compared_key
from draftflow.draft.parts import Grounded
from draftflow.record.label import Label

TABLE = """# Runs

| engine | model | decode tok/s |
|---|---|---|
| vLLM | Qwen3-8B | 41.0 |
| SGLang | Qwen3-8B | 45.0 |
| llama.cpp | Llama-3-70B | 9.0 |
"""


def _grounded(rows: list[tuple[int, float, str, dict[str, JsonValue]]]) -> list[Grounded]:
    doc = make_document("RUNS.md", TABLE)
    return [
        Grounded(make_result(doc, line, value, label=label, conditions=conditions), doc)
        for line, value, label, conditions in rows
    ]


def _written(item: Grounded) -> str:
    return repr(item.result.value)


def test_a_lead_over_a_figure_that_differs_in_one_condition_is_written() -> None:
    grounded = _grounded(
        [
            (5, 41.0, "Qwen3-8B, vLLM", {"model": "Qwen3-8B", "engine": "vLLM"}),
            (6, 45.0, "Qwen3-8B, SGLang", {"model": "Qwen3-8B", "engine": "SGLang"}),
        ]
    )
    assert compared_key(grounded[1].result, grounded[0].result) == "engine"
    facts = leaders(grounded, _written)
    assert [fact.subject for fact in facts] == ["Qwen3-8B, SGLang"]


def test_no_lead_over_a_figure_that_differs_in_model_and_engine() -> None:
    grounded = _grounded(
        [
            (6, 45.0, "Qwen3-8B, SGLang", {"model": "Qwen3-8B", "engine": "SGLang"}),
            (7, 9.0, "Llama-3-70B, llama.cpp", {"model": "Llama-3-70B", "engine": "llama.cpp"}),
        ]
    )
    assert compared_key(grounded[0].result, grounded[1].result) is None
    assert leaders(grounded, _written) == []


def test_a_series_differs_in_its_own_setting_only() -> None:
    rows: list[tuple[int, float, str, dict[str, JsonValue]]] = [
        (5, 41.0, "c 1", {"concurrency": 1, "engine": "vLLM"}),
        (6, 45.0, "c 2", {"concurrency": 2, "engine": "vLLM"}),
        (7, 9.0, "c 4", {"concurrency": 4, "engine": "SGLang"}),
    ]
    grounded = _grounded(rows)
    assert not compared_along_one([item.result for item in grounded])
    assert compared_along_one([item.result for item in grounded[:2]])


def _figure(value: float, cells: dict[str, str], what: str) -> Grounded:
    doc = make_document("RUNS.md", TABLE)
    result = make_result(
        doc,
        5,
        value,
        label=f"Qwen3.6-27B, {what}",
        conditions={"model": "Qwen3.6-27B", "source_cells": dict(cells)},
    )
    result = result.model_copy(update={"parts": Label.of([], what)})
    return Grounded(result, doc)


def test_figures_of_two_columns_read_as_one_generic_metric_are_not_compared() -> None:
    """kyuz0/amd-strix-halo-toolboxes: `avg_prompt_tok_s` (prefill) and `avg_tok_s` (decode)
    were both read as throughput, and the article said one was 54.19x the other."""
    prefill = _figure(352.21, {"mode": "baseline"}, "avg_prompt_tok_s")
    decode = _figure(6.5, {"mode": "baseline"}, "avg_tok_s")
    assert compared_key(prefill.result, decode.result) is None
    assert leaders([prefill, decode], _written) == []
    again = _figure(7.5, {"mode": "baseline"}, "avg_tok_s")
    assert compared_key(decode.result, again.result) == ""  # one column: comparable


def test_a_row_cell_no_condition_reads_is_a_difference() -> None:
    """Two rows that differ in their model and in a `toolbox` column no condition reads differ
    in two things: a ratio would credit the model with what the toolbox did."""
    mtp = _figure(6.5, {"model": "Qwen3.6-27B", "toolbox": "rocm-7.2.3-mtp"}, "avg_tok_s")
    plain = _figure(5.0, {"model": "Qwen3.6-27B", "toolbox": "rocm-7.2.3"}, "avg_tok_s")
    assert compared_key(mtp.result, plain.result) == "cell:toolbox"
    other = plain.result.model_copy(
        update={"conditions": {**plain.result.conditions, "model": "Qwen3.6-35B"}}
    )
    assert compared_key(mtp.result, other) is None
    # another column's measured value or an outcome mark in the row is no setting
    measured = _figure(
        5.0, {"model": "Qwen3.6-27B", "toolbox": "rocm-7.2.3-mtp", "8b": "67.79"}, "x"
    )
    oom = _figure(6.0, {"model": "Qwen3.6-27B", "toolbox": "rocm-7.2.3-mtp", "8b": "OOM"}, "x")
    assert compared_key(measured.result, oom.result) == ""


def test_no_lead_over_a_figure_whose_conditions_are_the_same() -> None:
    """cadamcat: `108 tok/s` in the README is the notes' `107.8` rounded; with no condition
    telling them apart, "108 leads, 1.00x the 107.8" compared one measurement with itself."""
    grounded = _grounded(
        [
            (5, 108.0, "vLLM, throughput", {"engine": "vLLM", "node_count": 2}),
            (6, 107.8, "vLLM, notes, throughput", {"engine": "vLLM", "node_count": 2}),
        ]
    )
    assert compared_key(grounded[0].result, grounded[1].result) == ""
    assert leaders(grounded, _written) == []


def test_no_lead_over_a_figure_along_a_key_only_one_of_them_states() -> None:
    """Jacob: `16.5 tok/s` states no model, `14.6` states Qwen3.5-122B-A10B; "MLX leads with
    16.5, 1.13x the 14.6 of Qwen3.5-122B-A10B" compared a known model with an unknown one."""
    grounded = _grounded(
        [
            (5, 16.5, "MLX, throughput", {"engine": "MLX"}),
            (6, 14.6, "Qwen3.5-122B-A10B, MLX", {"engine": "MLX", "model": "Qwen3.5-122B"}),
        ]
    )
    assert compared_key(grounded[0].result, grounded[1].result) == "model"
    assert leaders(grounded, _written) == []


def test_a_setting_cell_only_one_row_has_is_a_difference() -> None:
    """0xDaizz/vllm-mlx (issue 33): a text model's `Speed` row was ranked 8.13x a video run's,
    whose row also states `Configuration 2 frames @ 0.5fps`, `Frames 2`, `Tokens 256`: the
    rows differ in the model and the workload, so no lead is written."""
    text = _figure(464, {"model": "Llama-3.2-1B-4bit"}, "speed")
    video = _figure(
        57.1,
        {"Configuration": "2 frames @ 0.5fps", "Frames": "2", "Time": "4.48s", "Tokens": "256"},
        "speed",
    )
    video = Grounded(
        video.result.model_copy(
            update={"conditions": {**video.result.conditions, "model": "Qwen3-VL-8B-Instruct-4bit"}}
        ),
        video.document,
    )
    assert compared_key(text.result, video.result) is None
    assert leaders([text, video], _written) == []
    # a measured cell (`Time 4.48s`) only one row has is an outcome, not a setting
    timed = _figure(50.0, {"model": "Llama-3.2-1B-4bit", "Time": "4.48s"}, "speed")
    assert compared_key(text.result, timed.result) == ""


ENGINES = """# Runs

| engine | decode tok/s |
|---|---|
| vLLM | 41.0 ± 0.5 |
| SGLang | 45.0 ± 6.0 |
| TGI | 43.0 |
"""


def _engine_rows(rows: list[tuple[int, float, str, str]]) -> list[Grounded]:
    doc = make_document("RUNS.md", ENGINES)
    return [
        Grounded(
            make_result(doc, line, value, label=engine, conditions={"engine": engine}).model_copy(
                update={"metric": metric}
            ),
            doc,
        )
        for line, value, engine, metric in rows
    ]


def test_a_spread_is_not_a_result_to_rank() -> None:
    """shreyansh26 (read33-s24b): "For latency spread, ... torch.compile ... ± spread is
    lowest with 0.0077 s; the next ... takes 0.0089 s"."""
    spreads = _engine_rows(
        [(5, 0.5, "vLLM", "decode_rate_spread"), (6, 6.0, "SGLang", "decode_rate_spread")]
    )
    assert leaders(spreads, _written) == []


def test_no_lead_between_two_models() -> None:
    """dambergn (read33-s24b): "qwen2.5 0.5b ... leads with 201.73 tokens/s, 1.46x the 138.31
    tokens/s of Deepseek-r1 1.5b": two models, not two configurations of one."""
    grounded = _grounded(
        [
            (5, 201.73, "qwen2.5 0.5b", {"model": "qwen2.5 0.5b", "engine": "Ollama"}),
            (6, 138.31, "Deepseek-r1 1.5b", {"model": "Deepseek-r1 1.5b", "engine": "Ollama"}),
        ]
    )
    assert compared_key(grounded[0].result, grounded[1].result) == "model"
    assert leaders(grounded, _written) == []


def test_the_runner_up_is_the_next_of_the_record_s_comparable_figures() -> None:
    """fal-ai (read33-s24b): "the next, Diffusers ..., takes 2.230s" was the slowest row; the
    headline had left out Stable Fast's 0.901 s between them."""
    rows = _engine_rows([(5, 41.0, "vLLM", "decode_rate"), (7, 47.0, "TGI", "decode_rate")])
    assert [f.subject for f in leaders(rows, _written)] == ["TGI"]
    (between,) = _engine_rows([(6, 45.0, "SGLang", "decode_rate")])
    assert leaders(rows, _written, [between.result]) == []


def test_no_lead_within_the_source_s_spread() -> None:
    """A lead of 4 tok/s where the source writes ± 6.0 beside the leader is no lead."""
    rows = _engine_rows([(5, 41.0, "vLLM", "decode_rate"), (6, 45.0, "SGLang", "decode_rate")])
    assert [f.subject for f in leaders(rows, _written)] == ["SGLang"]
    (spread,) = _engine_rows([(6, 6.0, "SGLang", "decode_rate_spread")])
    assert leaders(rows, _written, [spread.result]) == []
    tight = _engine_rows([(5, 0.5, "vLLM", "decode_rate_spread")])
    assert [f.subject for f in leaders(rows, _written, [tight[0].result])] == ["SGLang"]


def test_no_lead_of_a_stated_machine_over_a_figure_of_none() -> None:
    # atomicjets/gemma-embeddings GEMMA.md:128 and :262: an RTX 4090's 49.0 s latency beside
    # Cloudflare Workers AI's 0.83 s, whose machine no source states ("59.04× as much")
    grounded = _grounded(
        [
            (5, 49.0, "Qwen3-8B, latency", {"model": "Qwen3-8B", "system": "RTX 4090"}),
            (6, 0.83, "Qwen3-8B, latency", {"model": "Qwen3-8B"}),
        ]
    )
    assert compared_key(grounded[0].result, grounded[1].result) is None
    both = _grounded(
        [
            (5, 49.0, "Qwen3-8B, RTX 4090", {"model": "Qwen3-8B", "system": "RTX 4090"}),
            (6, 30.0, "Qwen3-8B, RTX 3090", {"model": "Qwen3-8B", "system": "RTX 3090"}),
        ]
    )
    assert compared_key(both[0].result, both[1].result) == "system"
