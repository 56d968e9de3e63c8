"""A JSON Schema describes results and holds none: its bounds and examples are not figures."""

from __future__ import annotations

import json

from draftflow.acquire.snapshot import SkippedFile
from draftflow.extract.harvest.json_leaves import SCHEMA_PROBLEM
from draftflow.extract.harvest.run import harvest
from extract_support import snapshot_of

SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "MLX Benchmark Result",
    "type": "object",
    "properties": {"tokens_per_second": {"type": "number", "minimum": 0}},
    "examples": [
        {"model": "mlx-community/Qwen3.5-9B-MLX-4bit", "gen_kwargs": {"max_gen_toks": 4096}},
        {"tokens_per_second": 31.5, "latency_ms": 870},
    ],
}
RESULT = {"model": "Qwen3.5-9B", "tokens_per_second": 31.5, "latency_ms": 870}


def test_a_json_schema_gives_no_figures_and_says_why() -> None:
    snapshot = snapshot_of(
        {"schema.json": json.dumps(SCHEMA, indent=2), "run.json": json.dumps(RESULT, indent=2)}
    )
    unreadable: list[SkippedFile] = []
    found = harvest(snapshot, unreadable)
    assert {c.path for c in found} == {"run.json"}
    assert [(s.path, s.reason) for s in unreadable] == [("schema.json", SCHEMA_PROBLEM)]


def test_a_result_naming_its_schema_elsewhere_is_read() -> None:
    named = {"$schema": "https://example.org/bench/v1.json", **RESULT}
    snapshot = snapshot_of({"run.json": json.dumps(named, indent=2)})
    assert sorted(c.values[0] for c in harvest(snapshot)) == [31.5, 870]
