"""A setting is no measurement and a measurement no setting (issue 31, outside reads): a
column named like a measurement that holds a setting the document sets (`GPU Util` 50%/90%
under `--gpu-memory-utilization`) gives no utilization figures and sets its row's figures
apart; a column of a run's peak memory (`Peak`, `max_mem`) is a reading of the run, never
a setting that enters its figures' conditions or labels."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


_UTIL = (
    "# Qwen3-8B on vLLM\n\n"
    "Serving Qwen3-8B with vLLM on an RTX 4090, one request at a time.\n\n"
    "```\nvllm serve Qwen/Qwen3-8B --gpu-memory-utilization 0.9\n```\n\n"
    "## Results\n\n"
    "| Model | GPU Util | Decode (tok/s) | TTFT (ms) |\n"
    "|---|---|---|---|\n"
    "| Qwen3-8B | 50% | 88.2 | 41 |\n"
    "| Qwen3-8B | 90% | 91.5 | 39 |\n"
)


def test_a_utilization_column_holding_the_documents_setting_is_no_result() -> None:
    results = _results({"README.md": _UTIL})
    assert not [r for r in results if r.metric == "utilization"]
    decode = {r.value: r for r in results if r.metric == "decode_rate"}
    assert set(decode) == {88.2, 91.5}
    cells = decode[91.5].conditions.get("source_cells")
    assert isinstance(cells, dict) and cells.get("GPU Util") == "90%"


def test_a_measured_utilization_stays_a_result() -> None:
    # no setting of the document's names the column's values: nvidia-smi's reading
    measured = _UTIL.replace("--gpu-memory-utilization 0.9", "--max-model-len 8192")
    results = _results({"README.md": measured})
    assert {r.value for r in results if r.metric == "utilization"} == {50, 90}
    # nor where a cell is no round share, whatever the document sets
    ragged = _UTIL.replace("| 50% |", "| 47% |")
    results = _results({"README.md": ragged})
    assert {r.value for r in results if r.metric == "utilization"} == {47, 90}


_PEAK = (
    "# llama.cpp on RTX 4090\n\n## Results\n\n"
    "| Model | Quant | Peak | tok/s |\n|---|---|---|---|\n"
    "| Qwen3-8B | Q4_K_M | 6144 | 120.5 |\n"
    "| Qwen3-8B | Q4_K_M | 6212 | 118.2 |\n"
    "| Qwen3-8B | Q8_0 | 6144 | 98.1 |\n"
    "| Qwen3-8B | Q8_0 | 9216 | 97.0 |\n"
)


def test_a_peak_memory_cell_is_no_setting_of_its_row() -> None:
    for text in (_PEAK, _PEAK.replace("| Peak |", "| max_mem |")):
        results = _results({"README.md": text})
        rates = [r for r in results if r.value in (120.5, 118.2, 98.1, 97.0)]
        assert len(rates) == 4
        for rate in rates:
            cells = rate.conditions.get("source_cells") or {}
            assert isinstance(cells, dict)
            assert "Peak" not in cells and "max_mem" not in cells, rate.conditions
            assert not any(number in rate.label for number in ("6144", "6212", "9216")), rate.label
