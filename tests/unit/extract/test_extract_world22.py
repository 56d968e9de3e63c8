"""Wrong meanings found in repositories fetched in session 22, each read again from the
source lines that state it: rows that differ only in a model-size column keep labels that
tell them apart, a cell that states nothing (`-`) names no configuration, and a sampler's
settings table (`Min P`, `Repeat P`) gives no results."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

# NexVeridian/llm-inference-benchmarks README.md:1-10 (a model-size column before the model)
SIZES = """\
# Inference Benchmarks
Apple M4 Max 48GB 16 Core 16-inch using LM Studio

| Size (B) | Speed (T/s) | Model           | Type | Quant  | Spec Dec (B) | Spec Quant |
|----------|-------------|-----------------|------|--------|--------------|------------|
| 1.5      | 282         | qwen 2.5        | MLX  | 4      | -            | -          |
| 7        | 101         | qwen 2.5        | MLX  | 4      | -            | -          |
| 14       | 52          | qwen 2.5        | MLX  | 4      | -            | -          |
"""

# NexVeridian/llm-inference-benchmarks "LLM Settings.md":1-9
SAMPLER = """\
# Qwen 3
| Temp | Min P | Top P | Top K | Repeat P |
|------|-------|-------|-------|----------|
| 0.6  | 0.00  | 0.95  | 20    | -        |

# Qwen 3 `/no_think`
| Temp | Min P | Top P | Top K | Repeat P |
|------|-------|-------|-------|----------|
| 0.7  | 0.00  | 0.80  | 20    | 1.5      |
"""


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_rows_that_differ_in_the_models_size_keep_labels_that_tell_them_apart() -> None:
    results = _results({"README.md": SIZES})
    labels = {r.value: r.label for r in results}
    assert {282, 101, 52} <= set(labels)
    assert len({labels[282], labels[101], labels[52]}) == 3
    assert "Size (B) 1.5" in labels[282]
    assert "Size (B) 7" in labels[101]


def test_a_cell_that_states_nothing_names_no_configuration() -> None:
    labels = [r.label for r in _results({"README.md": SIZES})]
    assert labels
    assert not any("Spec Quant -" in label for label in labels)


def test_a_samplers_settings_table_gives_no_results() -> None:
    assert _results({"LLM Settings.md": SAMPLER}) == []


def test_http_codes_listed_before_errors_are_no_score() -> None:
    # cipher982/llm-benchmarks docs/sessions/2026-01-01-ai-operator-implementation.md:32
    text = (
        "# Operator\n\n### Phase 3: Health Check Integration\n"
        "- Auto-executes high-confidence (≥0.95) disables for 404/401 errors >48h\n"
    )
    assert [r.value for r in _results({"docs/session.md": text})] == []
