"""A README whose opening names one chip, restated in brackets, as what the repository tests
(`AMD Strix Halo (Ryzen AI Max+ 395)`) states the system of every figure whose chain names no
other, cited at the opening's line (`extract/conditions/opening_machine.py`, issue 31):
lhl/strix-halo-testing's `llm-bench/README.md` rows had no system (s27). A bare chip, or an
opening that names the boxes carrying the chip (visorcraft's `Beelink GTR9 Pro (Ryzen AI Max+
395)` and `GMKtec EVO-X2`), states none: which box ran a figure is not the chip's to say."""

from __future__ import annotations

from draftflow.extract.conditions.opening_machine import opening_chip
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from extract_support import snapshot_of

README = """# strix-halo-testing

This repository contains my testing for the AMD Strix Halo (Ryzen AI Max+ 395) APU.

## AMD Strix Halo vs Nvidia DGX Spark

| Test | DGX | STXH |
| ---- | --: | ---: |
| tg32 | 52.87 | 50.05 |
"""

BENCH = """# LLM Benchmark Results

Exact testing details are in the results folders.

## Results

| Model Name | Backend | pp512 | tg128 |
|---|---|---|---|
| Llama 2 7B Q4_0 | Vulkan AMDVLK | 1294.1 | 47.7 |
"""

BOXES = """# Strix Halo LLM Performance

Benchmarks for local LLM inference on **Ryzen AI Max+ 395 (Strix Halo)** using `llama.cpp`.

> **Test systems:**
> - **Evo** = GMKtec EVO-X2 (Ryzen AI Max+ 395)
> - **Bee** = Beelink GTR9 Pro (Ryzen AI Max+ 395)

## Results

| Model Name | Backend | pp512 | tg128 |
|---|---|---|---|
| Llama 2 7B Q4_0 | Vulkan | 1294.1 | 47.7 |
"""


def _result(files: dict[str, str], value: float):  # type: ignore[no-untyped-def]
    snapshot = snapshot_of(files)
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    (result,) = [r for r in results if r.value == value]
    return result


def test_a_figure_takes_the_chip_the_readme_opening_tests() -> None:
    result = _result({"README.md": README, "llm-bench/README.md": BENCH}, 47.7)
    assert result.conditions.get("system") == "AMD Strix Halo (Ryzen AI Max+ 395)"
    assert (result.condition_sources or {})["system"] == ["README.md:3"]


def test_a_section_naming_another_machine_keeps_the_opening_chip_off() -> None:
    result = _result({"README.md": README, "llm-bench/README.md": BENCH}, 50.05)
    assert "system" not in result.conditions  # `Strix Halo vs DGX Spark` above the table


def test_an_opening_naming_the_boxes_of_a_chip_states_no_system() -> None:
    result = _result({"README.md": BOXES}, 47.7)
    assert "system" not in result.conditions
    snapshot = snapshot_of({"README.md": BOXES})
    assert opening_chip(snapshot.documents[0]) is None


def test_a_bare_chip_is_no_subject_system() -> None:
    bare = README.replace("AMD Strix Halo (Ryzen AI Max+ 395) APU", "Strix Halo APU")
    snapshot = snapshot_of({"README.md": bare})
    assert opening_chip(snapshot.documents[0]) is None
