"""Runs of one configuration (JSONL rows that repeat their settings) become one median."""

from __future__ import annotations

import asyncio
import json

from draftflow.extract import extract
from draftflow.extract.document import parse_document
from draftflow.extract.run_rows import row_settings
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of


def _row(n_prompt: int, stamp: str, tps: float, vram: int) -> str:
    return json.dumps(
        {
            "test_time": stamp,
            "build": "hip",
            "n_prompt": n_prompt,
            "tokens_per_sec": tps,
            "vram_peak_mib": vram,
        }
    )


ROWS = "\n".join(
    [
        _row(512, "2025-08-05T23:53:33Z", 1010.5, 4100),
        _row(512, "2025-08-05T23:54:10Z", 1030.25, 4120),
        _row(128, "2025-08-05T23:55:00Z", 700.75, 3900),
        _row(512, "2025-08-05T23:56:40Z", 1020.5, 4110),
    ]
)


def _rates() -> list[ReportedResult]:
    extraction = asyncio.run(extract(snapshot_of({"bench/runs.jsonl": ROWS + "\n"}), None))
    return [r for r in extraction.reported_results if r.unit == "tokens/s"]


def test_rows_of_one_configuration_are_one_median_with_every_run() -> None:
    summary, single = sorted(_rates(), key=lambda r: -r.value)
    assert summary.value == 1020.5
    assert summary.source_line == 1
    assert summary.statistic.startswith("median of 3 source rows (lines 1, 2, 4)")
    assert summary.conditions["per_run_values"] == [1010.5, 1030.25, 1020.5]
    assert summary.conditions["repetitions"] == 3
    assert summary.conditions["run_source_lines"] == [1, 2, 4]
    assert summary.uncertainty is not None
    assert (summary.uncertainty.observed_min, summary.uncertainty.observed_max) == (
        1010.5,
        1030.25,
    )
    assert "2025-08-05" not in summary.label  # one run's timestamp names no summary
    # the other configuration's only run stands as written
    assert (single.value, single.source_line) == (700.75, 3)
    assert "per_run_values" not in single.conditions


def test_a_row_configuration_is_its_settings_not_its_outcomes() -> None:
    document = snapshot_of({"r.jsonl": _row(512, "2025-08-05T23:53:33Z", 1.5, 4100)})
    (root,) = parse_document(document.documents[0]).json_roots
    settings = dict(row_settings(root.node))
    assert settings == {"build": "hip", "n_prompt": "512"}


def test_a_jsonl_row_takes_no_condition_from_the_row_above() -> None:
    """The lines above a JSON Lines record are other records, not its caption: row 2 ran
    llama.cpp, not row 1's Qwen3-8B on vLLM 0.9.1."""
    rows = (
        '{"setup": "Qwen3-8B on vLLM 0.9.1", "tokens_per_sec": 10.5}\n'
        '{"setup": "on llama.cpp", "tokens_per_sec": 20.25}\n'
    )
    extraction = asyncio.run(extract(snapshot_of({"r.jsonl": rows}), None))
    (second,) = [r for r in extraction.reported_results if r.source_line == 2]
    assert second.conditions.get("engine") == "llama.cpp"
    assert "model" not in second.conditions
    assert "engine_version" not in second.conditions


GO_BENCH = """# Benchmarks

## Raspberry Pi 4

```
$ go test -benchtime=10s -count=5 -run=nada -bench .
goos: linux
goarch: arm64
BenchmarkInference-4          15         893788634 ns/op                33.56 tokens/s
BenchmarkInference-4          12         923948131 ns/op                32.47 tokens/s
BenchmarkInference-4          12         918284434 ns/op                32.67 tokens/s
BenchmarkInference-4          12         918693617 ns/op                32.66 tokens/s
BenchmarkInference-4          12         917186754 ns/op                32.71 tokens/s
BenchmarkPrefill-4            40         250000000 ns/op               120.5 tokens/s
PASS
```

## Another machine

```
$ go test -benchtime=10s -count=2 -run=nada -bench .
BenchmarkInference-4          99         110913774 ns/op               270.5 tokens/s
BenchmarkInference-4         100         111035054 ns/op               270.2 tokens/s
PASS
```
"""


def test_go_bench_count_lines_of_one_benchmark_are_one_median_per_printed_output() -> None:
    # issue 33 (hybridgroup/yzma): `go test -bench -count=5` printed five lines of one
    # benchmark, published as five figures; the iteration count Go chose named each
    extraction = asyncio.run(extract(snapshot_of({"BENCHMARKS.md": GO_BENCH}), None))
    rates = sorted(
        (r for r in extraction.reported_results if r.unit == "tokens/s"), key=lambda r: r.value
    )
    assert [r.value for r in rates] == [32.67, 120.5, 270.35]
    pi, prefill, other = rates
    assert pi.conditions["per_run_values"] == [33.56, 32.47, 32.67, 32.66, 32.71]
    assert pi.conditions["repetitions"] == 5
    assert pi.conditions["run_source_lines"] == [9, 10, 11, 12, 13]
    assert pi.statistic.startswith("median of 5 source rows")
    assert "15" not in pi.label and "column 2" not in json.dumps(pi.conditions)
    assert "per_run_values" not in prefill.conditions  # its only run stands as written
    assert other.conditions["per_run_values"] == [270.5, 270.2]  # another output's runs
