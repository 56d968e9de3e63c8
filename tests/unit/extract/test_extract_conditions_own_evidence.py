"""Issue 31, read31-s24b: conditions only from the figure's own evidence. An engine listed
among installed packages is not the engine of a run that names its own runtime; a column's
figure takes its own column's engine, not a neighbour's; a format or a reference in a model's
column names no model; a paragraph stating two machine counts states none; a heading about a
step still to come states no precision. Each excerpt is the real document's."""

from __future__ import annotations

import asyncio

import pytest

from draftflow.extract import extract
from draftflow.extract.conditions.file_name import file_name_conditions
from draftflow.extract.conditions.not_a_model import is_format_only, names_no_model
from draftflow.extract.conditions.readers import Resolved, read_cells
from draftflow.extract.conditions.setup_names import count_of
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def _by_value(results: list[ReportedResult], value: float) -> list[ReportedResult]:
    return [r for r in results if r.value == value]


# morteza89/llm-format-benchmarker INTEL_AI_PC_TESTING.md:1-39
INSTALLED = """\
# Intel AI PC Testing Results

## Test Date: July 13, 2025

### Hardware Configuration

- **CPU**: Intel Core Ultra 9 288V (8 cores)
- **Memory**: 31.48 GB
- **GPU**: Intel Integrated Graphics
- **NPU**: Intel NPU (detected)
- **OS**: Windows 11

### Software Environment

- **Python**: 3.11.9 (Virtual Environment)
- **PyTorch**: 2.7.1+cpu
- **Transformers**: 4.52.4
- **ONNX**: 1.18.0
- **OpenVINO**: 2025.2.0

## Benchmark Results

### Llama 3.2 3B (HuggingFace format on Intel CPU)

```
=== Benchmark Results ===
Run 1: 933.9ms, 5.4 tokens/sec, 6162.2MB memory
Run 2: 851.1ms, 5.9 tokens/sec, -56.9MB memory
Run 3: 1196.1ms, 4.2 tokens/sec, -17.7MB memory
Run 4: 1067.0ms, 4.7 tokens/sec, -66.8MB memory
Run 5: 1145.8ms, 4.4 tokens/sec, 213.4MB memory

=== Summary ===
Total Benchmarks: 5
Successful: 5
Failed: 0
Average Latency: 1038.8 ms
Average Throughput: 4.9 tokens/sec
Average Memory: 1246.8 MB
```
"""


def test_an_installed_engine_is_not_the_engine_of_a_run_naming_its_own_runtime() -> None:
    """read31-s24b §2: every figure got `OpenVINO 2025.2.0` from the environment list, though
    the run's own heading says `HuggingFace format` (PyTorch/Transformers)."""
    results = _results({"INTEL_AI_PC_TESTING.md": INSTALLED})
    latency = _by_value(results, 1038.8)
    assert latency
    assert all("engine" not in r.conditions for r in latency)
    assert all("engine_version" not in r.conditions for r in latency)
    assert all(r.conditions.get("engine") != "OpenVINO" for r in results)


# sagasusa/exo-cluster-research docs/03-sharding-and-warmup-finding.md:84-97
COLUMNS = """\
# Finding: EXO's CPU Warmup Is a Single-Threaded MLX Inference Pass

## 4. Same machine, same model, llama.cpp works

On the identical Dell, llama.cpp (GGML backend) loaded the same 3B model
and answered a prompt at **~10 tok/s generation**, with `mpstat` showing
3–4 CPU cores near 100% simultaneously — the multi-threaded contrast to
MLX's single hot thread.

| | GGML (llama.cpp) | MLX-CPU (EXO) |
|---|---|---|
| Threading | Multi-threaded, 3–4 cores | Single-threaded, 1 core |
| Same 3B model | ~36 s load, ~10 tok/s | Warmup > 62 min, 0 tok/s |
| On a GPU | Fast (CUDA/Metal) | Excellent (83 tok/s via MlxCuda) |
"""


def test_a_cell_takes_its_own_columns_engine_not_the_neighbours() -> None:
    """read31-s24b §4 n7: 83 tok/s sits under `MLX-CPU (EXO)`, yet took llama.cpp from the
    paragraph above the table (the other column's engine); `~36 s` under `GGML (llama.cpp)`
    keeps its own column's."""
    results = _results({"docs/03-finding.md": COLUMNS})
    gpu = _by_value(results, 83)
    assert gpu
    assert all(r.conditions.get("engine") != "llama.cpp" for r in gpu)
    load = _by_value(results, 36)
    assert load and all(r.conditions.get("engine") == "llama.cpp" for r in load)


def test_a_row_header_referring_to_a_model_is_no_model() -> None:
    """read31-s24b §4 n5: `model: "Same 3B model"` was the row header."""
    results = _results({"docs/03-finding.md": COLUMNS})
    assert all(r.conditions.get("model") != "Same 3B model" for r in results)


# newbdez33/llm-mac-512 README.md:82-88
FORMATS = """\
# MiniMax M2.1 and Qwen3-Coder-Next on Mac (512GB unified memory)

## MiniMax M2.1

| Model | Framework | Quantization | Size | Avg TPS | Load (s) |
|-------|-----------|--------------|------|---------|----------|
| GGUF Q4_K_S | llama.cpp | 4-bit | 138GB | 37.37 | 0.7 |
| MLX 8-bit | MLX | 8-bit | ~240GB | 25.98 | 1.8 |
| MLX 4-bit | MLX | 4-bit | ~120GB | 7.96 | 6.3 |
"""


def test_a_format_in_the_model_column_is_the_precision_not_the_model() -> None:
    """read31-s24b §8 n6-n8: `model: "GGUF Q4_K_S"`, `"MLX 8-bit"`, `"MLX 4-bit"`."""
    results = _results({"README.md": FORMATS})
    tps = {r.value: r for r in results if r.value in (37.37, 25.98, 7.96)}
    assert set(tps) == {37.37, 25.98, 7.96}
    assert all(
        r.conditions.get("model") not in ("GGUF Q4_K_S", "MLX 8-bit", "MLX 4-bit")
        for r in tps.values()
    )
    assert tps[37.37].conditions.get("weight_precision") == "Q4_K_S"


@pytest.mark.parametrize(
    ("cell", "no_model"),
    [
        ("GGUF Q4_K_S", True),
        ("MLX 8-bit", True),
        ("Same 3B model", True),
        ("FP16", True),
        ("Qwen3 Q4_K_M", False),
        ("MiniMax 4-bit", False),
        ("mlx-community/MiniMax-M2.1-4bit", False),
        ("unsloth/MiniMax-M2.1-GGUF:Q4_K_S", False),
        ("Llama 2 7B GPTQ", False),
        ("deepseek-r1 7b", False),
    ],
)
def test_what_names_no_model(cell: str, no_model: bool) -> None:
    assert names_no_model(cell) is no_model
    resolved = Resolved()
    resolved.put("model", cell)
    assert ("model" in resolved.values) is not no_model


def test_a_format_under_a_framework_header_is_no_engine() -> None:
    """newbdez33/llm-mac-512 README.md:415: `| Qwen3 Q4_K_M | GGUF | 48.5GB |` under
    `| Model | Framework | Size |` gave the engine `GGUF`, a file format."""
    assert is_format_only("GGUF")
    assert not is_format_only("llama.cpp")
    resolved = Resolved()
    read_cells(resolved, [("Framework", "GGUF")])
    assert "engine" not in resolved.values


# sagasusa/exo-cluster-research docs/03-sharding-and-warmup-finding.md:43-48
SOLO = """\
# Finding: EXO's CPU Warmup Is a Single-Threaded MLX Inference Pass

## 2. But warmup never completes on CPU

The two-node run stayed in `StartWarmup` and produced 0 tokens in 30
minutes. To isolate distribution from backend, a **solo-node** run was
done (`world_size=1`, all other nodes stopped and disabled). It reproduced
the stall: still `WARMING UP` at 62 minutes, 0 tokens, then terminated.
"""


def test_a_paragraph_stating_two_machine_counts_states_none() -> None:
    """read31-s24b §4 n3: the solo-node run (`world_size=1`) was given node_count 2 from the
    two-node run the same paragraph opens with."""
    assert count_of(SOLO) is None
    assert count_of("The two-node run stayed in StartWarmup") == 2
    assert count_of("a 2-node cluster of DGX Sparks") == 2
    results = _results({"docs/03-finding.md": SOLO})
    assert all(r.conditions.get("node_count") != 2 for r in _by_value(results, 62))


# atomicjets/gemma-embeddings GEMMA.md:107-129
LATER = """\
# Gemma embeddings

## 5) (Optional) Ready for the INT8 step later

Once bulk embedding is done and you've ingested to Qdrant/BigQuery, you can quantise (in Qdrant or offline) to hit your memory target. That doesn't affect TEI—only storage and search.

---

Here's a concise summary of your **best-known settings for 1 × RTX 4090** (EmbeddingGemma-300M, TEI v1.8 fp32 build):

---

### 🏆 Best throughput (stable)

| Parameter                       | Value                                | Notes                                                                      |
| ------------------------------- | ------------------------------------ | -------------------------------------------------------------------------- |
| **Batch size**                  | **32**                               | Larger batches give fuller GPU utilisation without hitting errors.         |
| **Concurrency (CONC)**          | **96**                               | Balances throughput and latency; higher values start to cause instability. |
| **Latency (p50 / p95)**         | **49.0 s / 55.2 s**                  | Long end-to-end, but fine for offline embedding.                           |
| **Errors**                      | 0                                    | Clean run.                                                                 |
"""  # noqa: E501


def test_a_heading_about_a_later_step_states_no_precision() -> None:
    """read31-s24b §1 n4-n6: `weight_precision: INT8` from `Ready for the INT8 step later`,
    on a TEI fp32 build."""
    results = _results({"GEMMA.md": LATER})
    p50 = _by_value(results, 49.0)
    assert p50
    assert all(r.conditions.get("weight_precision") != "INT8" for r in results)


# aallan/benchmarking-ml-on-the-edge README.md:6-11 and 17
BOARDS = """\
# Benchmarking Machine Learning on the Edge

| Board  | Framework | Connection | MobileNet v2 (ms) | MobileNet v1 (ms) |
| --- | --- | --- | --- | --- |
| Jetson Nano  | TensorFlow  | | 309.3 | 276.0 |
| Jetson Nano  | TensorRT  | | 72.3 | 61.6 |
| Coral Dev Board | Edge TPU | | 20.9 | 15.7 |
| Coral USB Accelerator | Edge TPU | USB2 | 58.1 | 49.3 |
| Raspberry Pi 3, Model B+ | TensorFlow | | 654.0 | 480.3 |
"""


def test_a_board_column_states_every_rows_system() -> None:
    """read31-s24b §5: the board was the system of the Jetson rows only (a name the hardware
    vocabulary knows); `Coral Dev Board` and `Coral USB Accelerator` under `Board` were left
    blank. A run naming its framework in its own row keeps it (`TensorFlow`)."""
    results = _results({"README.md": BOARDS})
    systems = {r.value: r.conditions.get("system") for r in results}
    assert systems[20.9] == "Coral Dev Board"
    assert systems[58.1] == "Coral USB Accelerator"
    assert systems[309.3] == "Jetson Nano"
    engines = {r.value: r.conditions.get("engine") for r in results}
    assert engines[309.3] == "TensorFlow"


def test_a_run_files_name_states_its_card_by_model_number() -> None:
    """read31-s24b §7: dambergn/ollama-benchmarks' run files are named `data/<model>
    <hardware>.md`; `Deepseek-r1_1.5b 4060Ti_16gb.md` left its figures' system blank. A count
    of cards (`2xP40_48gb`) states no one system."""
    found = dict(file_name_conditions("data/Deepseek-r1_1.5b 4060Ti_16gb.md"))
    assert found["system"] == "4060Ti"
    assert "system" not in dict(file_name_conditions("data/deepseek-r1_70b 2xP40_48gb.md"))
    assert dict(file_name_conditions("data/deepseek-r1_32b P40_24gb.md"))["system"] == "P40 24gb"


def test_a_table_s_engine_columns_are_read_once_per_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The columns naming an engine are read once for the table, not once per figure: per
    figure, a 10,000-column table took 69 CPU s where the base took 12 (wide_tables.py, the
    session-25 merge before this)."""
    from draftflow.extract.conditions import resolve

    calls: list[tuple[str, ...]] = []
    real = resolve._engine_columns

    def counted(header: tuple[str, ...]) -> frozenset[int]:
        calls.append(header)
        return real(header)

    monkeypatch.setattr(resolve, "_engine_columns", counted)
    wide = "| run | " + " | ".join(f"c{i} tok/s" for i in range(40)) + " |\n"
    wide += "|---" * 41 + "|\n"
    for row in range(3):
        wide += f"| r{row} | " + " | ".join(str(10 + i + row) for i in range(40)) + " |\n"
    results = _results({"README.md": "# Runs\n\n" + wide})
    assert len(results) >= 100
    assert 1 <= len(calls) <= 3, len(calls)  # once per table while it is recent
