"""llama-bench's tokens-per-second keys named by their own record's test."""

from __future__ import annotations

from draftflow.extract.bench_records import bench_rate_name
from draftflow.extract.candidates import Candidate, SourceFormat


def _cell(key: str, context: dict[str, str]) -> Candidate:
    return Candidate(
        candidate_id="d:1:" + key,
        document_id="d",
        path="bench.csv",
        line=2,
        format=SourceFormat.CSV,
        text="41.5",
        values=[41.5],
        column=key,
        context=context,
    )


def test_a_record_s_counts_or_test_name_the_rate() -> None:
    assert bench_rate_name(_cell("avg_ts", {"n_prompt": "512", "n_gen": "0"})) == "prefill avg_ts"
    assert bench_rate_name(_cell("stddev_ts", {"n_prompt": "0", "n_gen": "128"})) == (
        "decode stddev_ts"
    )
    assert bench_rate_name(_cell("avg_ts", {"test": "tg128 @ d4096"})) == "decode avg_ts"


def test_no_test_or_another_key_names_nothing() -> None:
    assert bench_rate_name(_cell("avg_ts", {"n_prompt": "512", "n_gen": "128"})) is None
    assert bench_rate_name(_cell("avg_ts", {"model": "qwen3 8B"})) is None
    assert bench_rate_name(_cell("start_ts", {"n_prompt": "512", "n_gen": "0"})) is None


def test_each_run_s_samples_are_left_as_read() -> None:
    # named, the samples fold into one derived mean and no longer stand as themselves
    assert bench_rate_name(_cell("samples_ts", {"n_prompt": "512", "n_gen": "0"})) is None
