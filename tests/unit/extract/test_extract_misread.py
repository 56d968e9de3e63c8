"""Metrics misread (issue 21): a setting in a header or sentence is not the quantity, and a
spread is not the quantity it spreads. The corpus has none of these three lines (the
`std_tpot_ms` one is in tests/e2e/test_extract_misread_corpus.py), so each is synthetic,
modelled on the issue's."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of


def _results(text: str) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of({"README.md": text}), None)).reported_results


def test_a_temperature_in_a_rate_header_is_a_setting_not_the_figure() -> None:
    text = "# Bench\n\n| Model | tok/s (temp 0.6) |\n|---|---|\n| Qwen3-8B | 38.0 |\n"
    [result] = [r for r in _results(text) if r.value == 38.0]
    assert result.metric == "throughput" and result.unit == "tokens/s"
    assert result.conditions.get("temperature") != 38.0
    assert all(r.metric != "temperature" for r in _results(text))


def test_the_idle_time_before_a_request_is_not_its_ttft() -> None:
    text = "# Bench\n\nAfter 300 s of idle, the first request had a TTFT of 850 ms.\n"
    found = {(r.metric, r.value, r.unit) for r in _results(text)}
    assert ("ttft", 850, "ms") in found
    assert all(value != 300 for _, value, _ in found)


def test_a_sigma_or_std_column_is_a_spread_of_its_quantity() -> None:
    text = (
        "# Bench\n\n| Model | mean_tpot_ms | std_tpot_ms | σ TTFT (ms) |\n"
        "|---|---|---|---|\n| Q | 12.5 | 1.5 | 14 |\n"
    )
    by_value = {r.value: r for r in _results(text)}
    assert by_value[12.5].metric == "inter_token_latency"
    assert by_value[12.5].statistic != "standard deviation"
    assert (by_value[1.5].metric, by_value[1.5].statistic) == (
        "inter_token_latency_stdev",
        "standard deviation",
    )
    assert (by_value[14].metric, by_value[14].statistic) == ("ttft_stdev", "standard deviation")


# The next three are an editor's findings in fetched repositories (session 15's read):
# pendakwahteknologi/gx10-benchmarks and JacobPEvans/mlx-benchmarks.


def test_a_caption_that_says_generates_names_no_decode_rate() -> None:
    text = (
        "# Voice\n\nfacebook/mms-tts-zlm on GPU. Generates speech 125x faster than realtime.\n\n"
        "| Text | Chars | Synthesis | Chars/s | RTF |\n|---|--:|--:|--:|--:|\n"
        "| Very Long | 1,199 | 0.59s | 2,017 | 0.008 |\n"
    )
    assert all(r.metric != "decode_rate" and r.unit != "tokens/s" for r in _results(text))


def test_a_completed_heading_does_not_make_scores_counts() -> None:
    text = (
        "# Session\n\n### Completed\n\n| Model | Total time | GSM8K flexible-extract |\n"
        "|---|---|---|\n| `mlx-community/Qwen3.5-35B-A3B-4bit` | 5046 s | **0.83** |\n"
    )
    assert all(r.metric != "completed_requests" for r in _results(text))


def test_a_named_group_of_settings_in_json_holds_no_results() -> None:
    run = (
        '{"model": "Qwen3.5-9B", "gen_kwargs": {"max_gen_toks": 4096, "temperature": 0.0},\n'
        ' "results": {"tokens_per_second": 31.5}}\n'
    )
    found = asyncio.run(extract(snapshot_of({"run.json": run}), None)).reported_results
    assert [r.value for r in found] == [31.5]
