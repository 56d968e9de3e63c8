"""Numbers a source writes that are no measurement of what their words or context name
(read31-s24b, issues 30 and 31): a time a run never finished in (a lower bound or a watch
window, not a startup time or latency), a figure of a section that says what to expect (a
target), a running counter in a log line read as the line's rate, and a load time read as a
latency."""

from __future__ import annotations

from draftflow.extract.classify import Selected, select
from draftflow.extract.harvest.run import harvest
from extract_support import snapshot_of

# sagasusa/exo-cluster-research docs/03-sharding-and-warmup-finding.md:3-7, 43-48, 91-95
# (40448bdf)
WARMUP = """# Finding: EXO's CPU Warmup Is a Single-Threaded MLX Inference Pass

**TL;DR** — On CPU-only x86 hardware, EXO shards the model correctly across
nodes but never produces tokens: it stays in an internal `StartWarmup`
phase that runs as a *single-threaded* MLX inference pass and did not
complete even after 62 minutes. llama.cpp, using its multi-threaded GGML
backend, runs the identical model on the same machine in seconds.

## 2. But warmup never completes on CPU

The two-node run stayed in `StartWarmup` and produced 0 tokens in 30
minutes. To isolate distribution from backend, a **solo-node** run was
done (`world_size=1`, all other nodes stopped and disabled). It reproduced
the stall: still `WARMING UP` at 62 minutes, 0 tokens, then terminated.

## 4. Same machine, same model, llama.cpp works

On the identical Dell, llama.cpp (GGML backend) loaded the same 3B model
and answered a prompt at **~10 tok/s generation**, with `mpstat` showing
3–4 CPU cores near 100% simultaneously.

| | GGML (llama.cpp) | MLX-CPU (EXO) |
|---|---|---|
| Threading | Multi-threaded, 3–4 cores | Single-threaded, 1 core |
| Same 3B model | ~36 s load, ~10 tok/s | Warmup > 62 min, 0 tok/s |
| On a GPU | Fast (CUDA/Metal) | Excellent (83 tok/s via MlxCuda) |
"""


def _selected(files: dict[str, str]) -> list[Selected]:
    return select(harvest(snapshot_of(files)))


def _by_value(selected: list[Selected]) -> dict[float, list[Selected]]:
    found: dict[float, list[Selected]] = {}
    for item in selected:
        found.setdefault(float(item.candidate.values[item.value_index]), []).append(item)
    return found


def test_a_time_a_run_never_finished_in_is_no_startup_time_or_latency() -> None:
    found = _by_value(_selected({"docs/finding.md": WARMUP}))
    times = {
        (item.candidate.line, item.unit) for value in (62.0, 30.0) for item in found.get(value, [])
    }
    assert times == set()  # lines 6, 11 and 14: a watch window or a lower bound, never a time
    assert any(item.metric == "decode_rate" or item.unit == "tokens/s" for item in found[10.0])


def test_a_time_of_a_run_that_finished_stays() -> None:
    text = "## Run\n\nThe warmup completed in 62 minutes and the server answered at 9 tok/s.\n"
    found = _by_value(_selected({"notes.md": text}))
    assert [item.unit for item in found[62.0]] == ["min"]


def test_a_load_time_in_a_cell_is_a_startup_time_not_a_latency() -> None:
    found = _by_value(_selected({"docs/finding.md": WARMUP}))
    [load] = [item for item in found[36.0] if item.candidate.line == 25]
    assert (load.metric, load.unit) == ("startup_time", "s")


# atomicjets/gemma-embeddings GEMMA.md:90-94 (73c869d3)
TARGETS = """# Gemma embeddings on 4 x RTX 4090

## 3) What “good” looks like on a single 4090 (fp32 Gemma)

* **Throughput mode:** p50 ≈ 5–12 s, p95 ≤ 12–15 s, **~80–120k tokens/s**.
* **Latency mode:** p50 ≈ 1–4 s, p95 ≤ 6–8 s, **~50–90k tokens/s**.
* Watch `nvidia-smi`; aim for **95–100% GPU util**. If util is low, raise `CONC`.

## 4) Results

* **Throughput mode:** measured **78,018 tokens/s** at concurrency 384.
"""


def test_what_a_section_says_good_looks_like_is_a_target_not_a_result() -> None:
    found = _by_value(_selected({"GEMMA.md": TARGETS}))
    assert {80000.0, 120000.0, 50000.0, 90000.0, 95.0, 100.0}.isdisjoint(found)
    assert 78018.0 in found  # the measured figure of the next section stays


# atomicjets/gemma-embeddings README.md:47-54 (73c869d3)
COUNTER_LOG = """## 3. Real-World Performance

The system achieves a stable throughput of approximately **2,400 - 2,900 docs/second**.

```
{}
{}
```
""".format(
    "2025-10-28 16:36:09,731 - INFO - Inst. speed: 2927.19 docs/s | Avg speed: 1758.32 docs/s"
    " | Total processed: 19104",
    "2025-10-28 16:36:14,751 - INFO - Inst. speed: 2875.38 docs/s | Avg speed: 2111.29 docs/s"
    " | Total processed: 33536",
)


def test_a_running_total_in_a_log_line_is_not_the_heading_s_rate() -> None:
    found = _by_value(_selected({"README.md": COUNTER_LOG}))
    assert {19104.0, 33536.0}.isdisjoint(found)


# atomicjets/gemma-embeddings GEMMA.md:121-129 (73c869d3)
SETTINGS_TABLE = """### 🏆 Best throughput (stable)

| Parameter                       | Value                                | Notes                  |
| ------------------------------- | ------------------------------------ | ---------------------- |
| **Batch size**                  | **32**                               | Larger batches.        |
| **Concurrency (CONC)**          | **96**                               | Balances throughput.   |
| **Latency (p50 / p95)**         | **49.0 s / 55.2 s**                  | Long end-to-end.       |
"""


def test_a_setting_row_of_a_parameter_value_table_takes_no_metric_from_the_heading() -> None:
    found = _by_value(_selected({"GEMMA.md": SETTINGS_TABLE}))
    assert {32.0, 96.0}.isdisjoint(found)  # settings, not throughputs
    assert [item.metric for item in found[49.0]] == ["latency"]


# btbtyler09/mi100-llm-testing Model_Reports/dual_mtp_validation/
# benchmark_Qwen3.5-35B-A3B-GPTQ-8bit_dual.md:43-48 (d662b318), its TTFT and TPOT columns left out
SUMMARY = """## Performance Summary

| Scenario | Category | Input (tok) | Output (tok) | Concurrency | Output Throughput (tok/s) |
|---|---:|---:|---:|---:|---:|
| Single User Latency | Latency | 2048 | 512 | 1 | 100.32 |
| Short Context Throughput | Throughput | 512 | 256 | 16 | 508.23 |
| Decode Stress Test | Decode | 128 | 2048 | 1 | 105.81 |
"""


def test_a_column_naming_a_run_setting_takes_no_metric_from_its_row() -> None:
    """`Input (tok)` and `Output (tok)` are the run's prompt and generation lengths: a row
    whose category is `Throughput` does not make its 512 a throughput of 512 tokens/s (the
    reader's read31-s25 §1 #2-3); the measured columns stay."""
    selected = _by_value(_selected({"report.md": SUMMARY}))
    for setting in (2048, 512, 256, 128):
        assert setting not in selected, selected.get(setting)
    assert {100.32, 508.23, 105.81} <= set(selected)


# atomicjets/gemma-embeddings GEMMA.md:121-127 (73c869d3), padding and notes shortened
BEST = """### Best throughput (stable)

| Parameter               | Value               | Notes                |
| ----------------------- | ------------------- | -------------------- |
| **Concurrency (CONC)**  | **96**              | Balances throughput. |
| **Latency (p50 / p95)** | **49.0 s / 55.2 s** | Long end-to-end.     |
"""


def test_a_name_listing_two_statistics_gives_each_value_its_own() -> None:
    """`Latency (p50 / p95)` over `49.0 s / 55.2 s`: the second value is the p95, not a
    second median (read31-s25 §5 #2)."""
    selected = _by_value(_selected({"GEMMA.md": BEST}))
    assert [s.statistic for s in selected[49.0]] == ["median as reported"]
    assert [s.statistic for s in selected[55.2]] == ["p95 as reported"]


def test_a_listed_statistic_is_the_first_value_s_too() -> None:
    """`Latency (p95 / p50)` over `55.2 s / 49.0 s`: the first value is the p95; the
    statistic the names match first (the median) went to both values' first before."""
    table = BEST.replace("(p50 / p95)", "(p95 / p50)").replace("49.0 s / 55.2 s", "55.2 s / 49.0 s")
    selected = _by_value(_selected({"GEMMA.md": table}))
    assert [s.statistic for s in selected[55.2]] == ["p95 as reported"]
    assert [s.statistic for s in selected[49.0]] == ["median as reported"]
