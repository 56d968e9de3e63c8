"""A figure between two arms (a ratio, a speed-up) takes neither arm's engine or system where
its own words name the other arm (issue 31: a ratio of engine A over engine B was published
with the conditions of engine A alone)."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

_README = (
    "# vLLM benchmarks on RTX 4090\n\n"
    "All runs use vLLM 0.11 on one RTX 4090.\n\n"
    "## Results\n\n"
    "| Model | Decode (tok/s) | Speedup vs llama.cpp |\n"
    "|---|---|---|\n"
    "| Qwen3-8B | 91.5 | 1.30x |\n"
    "| Llama-3-8B | 88.0 | 1.25x |\n\n"
    "vLLM decodes 1.4x faster than llama.cpp on Qwen3-8B.\n"
)


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_a_speedup_over_another_engine_takes_neither_engine() -> None:
    results = _results({"README.md": _README})
    ratios = [r for r in results if r.value in (1.3, 1.25, 1.4)]
    assert ratios, "the speed-ups are figures"
    for ratio in ratios:
        assert "engine" not in ratio.conditions, ratio
        assert "engine_version" not in ratio.conditions, ratio
        assert "vLLM" not in ratio.label.split(", ")[:-1], ratio.label


def test_a_speedup_between_precisions_keeps_its_one_engine() -> None:
    from draftflow.extract.compared_arms import compared_keys

    found = {"engine": "vLLM", "system": "RTX 4090"}
    assert compared_keys("ratio", ("Speedup vs FP16", "1.3x"), found) == frozenset()
    assert compared_keys("ratio", ("vLLM speedup", "1.3x"), found) == frozenset()


def test_a_ratio_beside_another_machines_ratio_keeps_its_own_system() -> None:
    # a sentence of two ratios: the words before the value are the other ratio's
    text = (
        "# Bench\n\nWe measured Qwen2.5-7B under OpenVINO on Lunar Lake and on Arc A770M.\n\n"
        "Quantization gains more on iGPUs (2.33x INT4/FP16 speedup on Lunar Lake vs "
        "2.03x on Arc A770M).\n"
    )
    for ratio in [r for r in _results({"README.md": text}) if r.value == 2.03]:
        assert ratio.conditions.get("system") in (None, "Arc A770M"), ratio.conditions


def test_a_ratio_whose_engine_names_both_arms_keeps_it() -> None:
    from draftflow.extract.compared_arms import compared_keys

    found = {"engine": "llama.cpp vs vLLM"}
    assert compared_keys("ratio", ("", "x faster than vLLM at one request"), found) == set()


def test_a_ratio_naming_another_engine_or_system_leaves_them_blank() -> None:
    from draftflow.extract.compared_arms import compared_keys

    found = {"engine": "vLLM", "system": "DGX Spark"}
    assert compared_keys("ratio", ("vLLM ÷ llama.cpp", "1.3x"), found) >= {"engine"}
    assert compared_keys("ratio", ("Strix Halo vs DGX Spark", "1.1x"), found) >= {"system"}
    assert compared_keys("decode_rate", ("llama.cpp", "70"), found) == frozenset()
