"""A row's figures share their conditions' citations (issue 33, bounded at any size).

A run file's row holds a dozen figures whose conditions are mostly the same values read on the
same chain: each value is cited once per line, not once per figure. Where a figure's own value
changes what a place reads (a header row of its table naming an engine per column), its
citations are its own. Counted, not timed (the machine is shared)."""

from __future__ import annotations

import json

import pytest

from draftflow.extract.artifact import Extraction
from draftflow.extract.classify import select
from draftflow.extract.conditions import cite
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of

ROWS = 30

README = """# Strix Halo sweeps

Every run below was measured on an AMD Ryzen AI Max+ 395 with llama.cpp (Vulkan backend),
at concurrency 1.

## Engines side by side

| Metric | llama.cpp | vLLM |
| --- | --- | --- |
| decode tok/s | 41.5 | 38.2 |
| prefill tok/s | 812.0 | 901.4 |
"""


def _rows() -> str:
    rows = []
    for index in range(ROWS):
        rows.append(
            {
                "model_filename": "Qwen3-30B-A3B-Q4_K_M.gguf",
                "backends": "Vulkan",
                "n_prompt": 512 + 64 * index,
                "n_gen": 128,
                "n_batch": 2048,
                "avg_ts": round(40.0 + index * 0.37, 3),
                "stddev_ts": round(0.1 + index * 0.01, 3),
                "avg_ns": 1_000_000 + index * 977,
                "stddev_ns": 2_000 + index,
            }
        )
    return "\n".join(json.dumps(row) for row in rows) + "\n"


FILES = {"README.md": README, "llm-bench/qwen3/results.jsonl": _rows()}


def _extraction(monkeypatch: pytest.MonkeyPatch, counts: dict[str, int]) -> Extraction:
    real = cite.cite

    def counted(*args: object, **kwargs: object) -> object:
        counts["cite"] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cite, "cite", counted)
    snapshot = snapshot_of(FILES)
    candidates = harvest(snapshot)
    found = extract_deterministic(
        snapshot, candidates, with_unspecified(candidates, select(candidates))
    )
    return found


def test_a_rows_figures_cite_each_condition_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = {"cite": 0}
    found = _extraction(monkeypatch, counts)
    figures = [r for r in found.reported_results if "results.jsonl" in r.evidence_url]
    assert len(figures) >= 2 * ROWS  # each row gives several figures
    assert sum(bool((r.condition_sources or {}).get("input_tokens")) for r in figures) >= 2 * ROWS
    # each row states five cited conditions (model, precision, engine, input and output
    # tokens): cited once per line, not once per figure (486 calls before, 158 now)
    assert counts["cite"] <= (ROWS + 4) * 5


def test_shared_citations_cite_as_each_figure_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    shared = _extraction(monkeypatch, {"cite": 0})
    monkeypatch.undo()
    monkeypatch.setattr(cite, "citation_key", lambda key, value: None)
    alone = _extraction(monkeypatch, {"cite": 0})
    assert shared.model_dump_json() == alone.model_dump_json()
    assert [r.condition_sources for r in shared.reported_results] == [
        r.condition_sources for r in alone.reported_results
    ]
    engines = {
        r.value: r.conditions.get("engine")
        for r in shared.reported_results
        if "README.md" in r.evidence_url
    }
    # a header row naming an engine per column says so of its own column's figures only
    assert (engines[41.5], engines[38.2]) == ("llama.cpp", "vLLM")
