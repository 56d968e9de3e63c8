"""A device's status screen pasted into a report (`extract/status_screen.py`) gives no
result, even to a model that keeps everything; the benchmark output beside it does, including
a headerless tool output whose cells name their own measure (`harvest/aligned.py`)."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.aligned import harvest_aligned
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import decide
from draftflow.extract.learned.weights import ResultModel
from draftflow.extract.status_screen import in_status_screen, is_screen_line
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of

ACCEPTS_ALL = ResultModel(
    weights={"bias": 20.0}, intercept=0.0, keep_threshold=0.1, add_threshold=0.5
)

GO_BENCH = """\
# Benchmarks

```
$ go test -bench .
cpu: 13th Gen Intel(R) Core(TM) i9-13900HX
BenchmarkInference-32                 99         110913774 ns/op               270.5 tokens/s
BenchmarkInference-32                100         111035054 ns/op               271.8 tokens/s
PASS
```
"""

NVIDIA_SMI = """\
# CUDA

```
+-----------------------------------------------------------------------------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|=========================================+========================+======================|
|   0  NVIDIA GeForce RTX 4070 ...    Off |   00000000:01:00.0 Off |                  N/A |
| N/A   38C    P0            590W /  115W |      15MiB /   8188MiB |     17%      Default |
+-----------------------------------------+------------------------+----------------------+
```
"""

AMDGPU_TOP = """\
# Vulkan

```
┌──────────────────────────────────────────────────────────┐
│GPU Name                    | PCI Bus        | VRAM Usage | │
│#0  [AMD Radeon RX 7900 XTX ]| 0000:86:00.0 | 26/ 24560 MiB | │
│   0MHz   96MHz   49mV   14/303W |   0%   0%   0% | 15/128884 MiB | │
│ 40C/ 46C     0RPM []                                     | │
└──────────────────────────────────────────────────────────┘
││ Name            |  PID  | VRAM | CPU |GFX |       ││
││ kronk           | 411062|    0M|  1%|  0%|       ││
```

Decode reached 839.2 tokens/s on the RX 7900 XTX.
"""


def _kept(files: dict[str, str]) -> set[float]:
    snapshot = snapshot_of(files)
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    return {item.value for item in decide(snapshot, candidates, selected, ACCEPTS_ALL)}


def test_a_headerless_tool_output_whose_cells_name_their_unit_gives_its_figures() -> None:
    [document] = snapshot_of({"BENCHMARKS.md": GO_BENCH}).documents
    values = {value for candidate in harvest_aligned(document) for value in candidate.values}
    assert {270.5, 271.8} <= values
    assert 270.5 in {item.value for item in select(harvest(snapshot_of({"B.md": GO_BENCH})))}


def test_no_number_of_an_nvidia_smi_screen_is_a_result() -> None:
    kept = _kept({"BENCHMARKS.md": GO_BENCH + NVIDIA_SMI})
    assert 270.5 in kept
    assert kept.isdisjoint({38, 590, 115, 15, 8188, 17})


def test_no_number_of_a_screen_drawn_in_a_box_is_a_result() -> None:
    kept = _kept({"BENCHMARKS.md": AMDGPU_TOP})
    assert 839.2 in kept
    assert kept.isdisjoint({26, 24560, 96, 49, 14, 303, 128884, 40, 46, 411062})


def test_a_directory_tree_or_a_chart_drawn_in_a_box_is_not_a_screen() -> None:
    tree = "│   ├── x86_tps_results.json              # x86 TPS (Q2_K 14.05, Q6_K 6.80)"
    assert not is_screen_line(tree)
    assert not in_status_screen({}, tree)
    # infantesromeroadrian/JetsonAGXORIN_Testing docs/Informe_Tecnico_Jetson_AGX_Orin.md:531
    chart = "│ Jetson:  |████████████████████████████| 28.9s              │"
    assert not in_status_screen({"column 1": "│ Jetson:", "column 3": "28.9s │"}, chart)
    assert is_screen_line("│ 40C/ 46C     0RPM []     | │")
    assert is_screen_line("│#0  [AMD Radeon RX 7900 XTX   ](gfx1100)| 0000:86:00.0   | │")
    assert in_status_screen({"Fan  Temp   Perf          Pwr:Usage/Cap": "N/A   38C"}, "")
