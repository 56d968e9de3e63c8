"""A run file's row that names two precisions shares its figures' citations but for the keys
each figure's own value reads apart (issue 33, bounded at any size).

lhl/strix-halo-testing's `results.jsonl` rows name `Q4_0` (the model) and `f16` (the KV cache)
on one line, so a figure's own listed item may change what its line reads for a precision,
a system or an engine (`place_reading._own_item`). Each of a row's ~14 figures cited every
condition anew; now only those keys are read per figure, keyed by what the figure's own value
changes (`place_reading.own_reading`), and the rest once per line. Counted, not timed."""

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

ROWS = 24

README = """# Strix Halo sweeps

Every run below was measured on an AMD Ryzen AI Max+ 395 with llama.cpp (ROCm backend).
"""


def _rows() -> str:
    rows = []
    for index in range(ROWS):
        rows.append(
            {
                "mode": "pp",
                "value": 2**index,
                "tokens_per_sec": round(50.0 + index * 3.1, 4),
                "bench_raw": {
                    "model_type": "llama 7B Q4_0",
                    "backends": "ROCm",
                    "n_prompt": 2**index,
                    "n_gen": 0,
                    "type_k": "f16",
                    "type_v": "f16",
                    "avg_ns": 19_983_320 + index * 977,
                    "stddev_ns": 33_604 + index,
                    "avg_ts": round(50.0 + index * 3.1, 4),
                    "stddev_ts": round(0.08 + index * 0.01, 4),
                },
                "vram_peak_mib": 147 + index,
                "gtt_peak_mib": 3756 + index,
                "max_temp_c": 50.0 + index,
                "avg_power_w": round(19.02 + index * 0.5, 3),
            }
        )
    return "\n".join(json.dumps(row) for row in rows) + "\n"


FILES = {"README.md": README, "llm-bench/llama-2-7b.Q4_0/results.jsonl": _rows()}


def _extraction(monkeypatch: pytest.MonkeyPatch, counts: dict[str, int]) -> Extraction:
    real = cite.cite

    def counted(*args: object, **kwargs: object) -> object:
        counts["cite"] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cite, "cite", counted)
    snapshot = snapshot_of(FILES)
    candidates = harvest(snapshot)
    return extract_deterministic(
        snapshot, candidates, with_unspecified(candidates, select(candidates))
    )


def _row_figures(found: Extraction) -> list[object]:
    return [r for r in found.reported_results if "results.jsonl" in r.evidence_url]


def test_a_rows_figures_cite_its_conditions_once_but_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts = {"cite": 0}
    figures = _row_figures(_extraction(monkeypatch, counts))
    assert len(figures) >= 6 * ROWS  # each row gives several figures
    # about ten cited conditions a row; before, each of a row's figures cited them all
    # (1,009 calls for these 24 rows; 169 now)
    assert counts["cite"] <= 12 * ROWS


def test_per_key_citations_cite_as_each_figure_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    shared = _extraction(monkeypatch, {"cite": 0})
    monkeypatch.undo()
    monkeypatch.setattr(cite, "citation_key", lambda key, value: None)
    alone = _extraction(monkeypatch, {"cite": 0})
    assert shared.model_dump_json() == alone.model_dump_json()
    cited = [r for r in _row_figures(shared) if r.condition_sources]
    assert len(cited) >= 6 * ROWS
