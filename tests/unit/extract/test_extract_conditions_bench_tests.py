"""A llama-bench test name states its token counts (issue 31): `pp512` a prompt of 512 tokens,
`tg128` 128 generated, `@d32768` at a context depth of 32,768, whether it is the row's `Test`
cell (lhl/strix-halo-testing's README) or the figure's own column header (its llm-bench
README); each count is cited to the place that writes it, and `pp2` stays a pipeline degree."""

from __future__ import annotations

from draftflow.extract import harvest
from draftflow.extract.conditions.columns import bench_test_lengths
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

_ROWS = """# Spark vs Strix Halo

### Vulkan AMDVLK

| Test          |   DGX |  STXH |
| ------------- | ----: | ----: |
| pp2048        | 1689.47 | 1006.65 |
| tg32@d32768   | 38.76 | 31.54 |
"""

_COLUMNS = """# Results

| Model Name      | Backend       |   pp512 |   tg128 |
|-----------------|---------------|---------|---------|
| Llama 2 7B Q4_0 | Vulkan AMDVLK |  1294.1 |    47.7 |
"""


def _figures(text: str) -> dict[float, tuple[dict[str, object], dict[str, list[str]]]]:
    snapshot = snapshot_of({"README.md": text})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    return {float(r.value): (dict(r.conditions), dict(r.condition_sources or {})) for r in results}


def test_a_test_cell_states_the_prompt_or_generation_length_and_the_depth() -> None:
    figures = _figures(_ROWS)
    conditions, sources = figures[1006.65]
    assert conditions["workload"] == "pp2048"
    assert conditions["input_tokens"] == 2048
    assert "output_tokens" not in conditions
    assert sources["input_tokens"] == ["README.md:7"]
    conditions, sources = figures[31.54]
    assert (conditions["output_tokens"], conditions["context_tokens"]) == (32, 32768)
    assert "input_tokens" not in conditions
    assert sources["context_tokens"] == ["README.md:8"]


def test_a_test_column_states_its_length_and_is_the_workload() -> None:
    figures = _figures(_COLUMNS)
    assert figures[1294.1][0]["workload"] == "pp512"
    assert figures[1294.1][0]["input_tokens"] == 512
    assert "output_tokens" not in figures[1294.1][0]
    assert figures[47.7][0]["workload"] == "tg128"
    assert figures[47.7][0]["output_tokens"] == 128
    assert "input_tokens" not in figures[47.7][0]


def test_only_a_whole_test_name_states_lengths() -> None:
    assert bench_test_lengths("tg128 @ d65536") == (
        ("output_tokens", 128),
        ("context_tokens", 65536),
    )
    assert bench_test_lengths("**pp512**") == (("input_tokens", 512),)
    assert bench_test_lengths("PP 2") == ()  # a pipeline-parallel degree
    assert bench_test_lengths("pp512 + tg128") == ()
    assert bench_test_lengths("tg128 over RPC") == ()


_MIXED = """# CPU beating GPU

| backend     | threads |   test |            t/s |
| ----------- | ------: | -----: | -------------: |
| Ryzen-7950X |      16 | pp1500 | 8268.11 ± 48.34 |
| Ryzen-7950X |      16 |  tg500 | 1240.54 ± 25.74 |
"""


def test_a_label_does_not_repeat_in_words_the_length_its_test_says() -> None:
    # ikawrakow/ik_llama.cpp discussion 18: `output tokens 500` beside `tg500` is written by no
    # source line, and verify removed the figure for it
    snapshot = snapshot_of({"README.md": _MIXED})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    label = next(r.label for r in results if float(r.value) == 1240.54)
    assert "tg500" in label
    assert "output tokens" not in label
