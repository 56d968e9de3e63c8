"""A run's start and end as epoch times are when it ran, not results: the gold policy holds
them out as it holds out a `timestamp` or a `date` (lhl/strix-halo-testing's llama-bench
`results.jsonl` rows each wrote `start_time` and `end_time` in epoch milliseconds; f5bab4b1
kept both as figures of metric `unspecified`, 2 of every row's ~11, each verified and each
a warning). A duration is no epoch: `end_to_end_latency_ns` names a metric and `time` a
duration under a million, so both stay with the model."""

from __future__ import annotations

import json

import pytest

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import decide, instances, out_by_policy
from draftflow.extract.learned.weights import shipped_model
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of


def _rows(count: int) -> str:
    rows = [
        {
            "start_time": 1753883591328 + 212_000 * i,
            "end_time": 1753883803239 + 212_000 * i,
            "created": 1753883591 + i,
            "mode": "tg",
            "n_prompt": 2**i,
            "tokens_per_sec": 15.079 + i,
            "end_to_end_latency_ns": 1_200_000_000 + i,
        }
        for i in range(count)
    ]
    return "".join(json.dumps(row) + "\n" for row in rows)


def _out(files: dict[str, str], key: str) -> list[bool]:
    snapshot = snapshot_of(files)
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    found = [
        out_by_policy(i.candidate)
        for i in instances(snapshot, candidates, selected)
        if i.candidate.key.rsplit(".", 1)[-1] == key
    ]
    assert found, key
    return found


@pytest.mark.parametrize("key", ["start_time", "end_time", "created"])
def test_an_epoch_time_of_a_run_is_held_out(key: str) -> None:
    assert all(_out({"README.md": "# Runs\n", "runs/results.jsonl": _rows(3)}, key))


def test_no_epoch_time_is_a_figure() -> None:
    snapshot = snapshot_of({"README.md": "# Runs\n", "runs/results.jsonl": _rows(3)})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    kept = decide(snapshot, candidates, selected, shipped_model())
    keys = {item.candidate.key.rsplit(".", 1)[-1] for item in kept}
    assert not keys & {"start_time", "end_time", "created"}
    assert "tokens_per_sec" in keys


def test_a_duration_named_with_an_end_is_no_epoch() -> None:
    files = {"README.md": "# Runs\n", "runs/results.jsonl": _rows(3)}
    assert not any(_out(files, "end_to_end_latency_ns"))


@pytest.mark.parametrize("value", ["1.086", "147"])
def test_a_small_start_time_is_no_epoch(value: str) -> None:
    text = f"# Runs\n\n| Run | start time (s) |\n|---|---|\n| warm | {value} |\n"
    assert not any(_out({"README.md": text}, "start time (s)"))


def _record_rows(count: int) -> str:
    rows = [
        {"ts": 1784949212.4 + 60 * i, "cfg": "B-8B-tp2", "tok_s": 41.5 + i, "ttft": 0.21 + i}
        for i in range(count)
    ]
    return "".join(json.dumps(row) + "\n" for row in rows)


def test_a_records_ts_epoch_is_held_out() -> None:
    # read-s32: cadamcat/dual-radeon-vllm benchmarks/results.jsonl:13 `"ts": 1784949212.4`
    # was published as a figure of metric `unspecified`
    assert all(_out({"README.md": "# Runs\n", "benchmarks/results.jsonl": _record_rows(3)}, "ts"))


def test_a_task_identifier_is_held_out() -> None:
    # read-s32: heitor-mocelin codestral-22b.he-score.json:598 `"task_id": "HumanEval/147"`
    # gave a figure 147 of metric `unspecified`
    detail = [{"task_id": f"HumanEval/{n}", "passed": True, "seconds": 0.5 + n} for n in range(4)]
    document = json.dumps({"score": 0.61, "detail": detail}, indent=1)
    assert all(_out({"README.md": "# Scores\n", "results/x.he-score.json": document}, "task_id"))
