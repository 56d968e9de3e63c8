"""An introduction that offers two machines as alternatives states no system (issue 31).

epappas/gx10-cluster's README opens `Turn NVIDIA GB10 boxes into a working GPU cluster` and
`Ansible that provisions ASUS Ascent GX10 / NVIDIA DGX Spark nodes`: a tool for either box.
Its documents' figures were given the first system the opening names, `NVIDIA GB10` (the
chip), where the gold names the box measured (`ASUS Ascent GX10`). Which of the two ran a
figure is not what the opening says: it states none (a blank, not a guess); a machine restated
in brackets (`NVIDIA DGX Spark (GB10)`) is still one machine.
"""

from __future__ import annotations

from draftflow.extract import harvest
from draftflow.extract.conditions.setup_names import names_alternative_systems
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

README = """# gx10-cluster

**Turn NVIDIA GB10 boxes into a working GPU cluster.**

Ansible that provisions ASUS Ascent GX10 / NVIDIA DGX Spark nodes and links them.

## What we learned

See [decisions](docs/decisions.md).
"""

DECISIONS = """# Decisions

## Jumbo frames

Measured, two-node NCCL all-reduce busbw, four runs each: **22.68 GB/s** with MTU 9000.
"""


def test_alternatives_are_told_from_restatements() -> None:
    assert names_alternative_systems("provisions ASUS Ascent GX10 / NVIDIA DGX Spark nodes")
    assert names_alternative_systems("runs on a DGX Spark or a Jetson AGX Orin")
    assert not names_alternative_systems("NVIDIA DGX Spark (GB10)")
    assert not names_alternative_systems("one RTX 4090 / 24 GB")


def test_the_opening_states_no_system_for_the_figures() -> None:
    snapshot = snapshot_of({"README.md": README, "docs/decisions.md": DECISIONS})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    figure = next(r for r in results if float(r.value) == 22.68)
    assert figure.conditions.get("system") is None
