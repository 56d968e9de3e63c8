"""The machine a setup names in two rows is the system: the computer with its chip (issue 31).

newbdez33/llm-mac-512's README states its test machine as `| **Model** | Mac Studio (Mac15,14) |`
over `| **Chip** | Apple M3 Ultra |`; its figures were given system `Apple M3 Ultra` (the chip
row alone) where the gold names the machine, `Mac Studio M3 Ultra 512GB`. The system is the
computer with its chip as the two rows write them (`Mac Studio M3 Ultra`), cited where read;
a model row naming no computer (`| Model | Qwen3-8B |`) joins nothing.
"""

from __future__ import annotations

from documents import make_document
from draftflow.extract import harvest
from draftflow.extract.conditions.machine_chip import machine_with_chip
from draftflow.extract.conditions.setup import setup_source
from draftflow.extract.conditions.setup_reading import setup_conditions
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

README = """# Large MoE models on a Mac

## Results

| Rank | Model | Framework | Quantization | Avg TPS |
|------|-------|-----------|--------------|---------|
| 1 | MiniMax M2.1 | llama.cpp | Q4_K_S | 37.37 |
| 2 | MiniMax M2.1 | llama.cpp | Q8_0 | 25.98 |

## Test Machine

| Spec | Details |
|------|---------|
| **Model** | Mac Studio (Mac15,14) |
| **Chip** | Apple M3 Ultra |
| **Unified Memory** | 512 GB |
"""


def _systems(files: dict[str, str]) -> dict[float, tuple[object, list[str]]]:
    snapshot = snapshot_of(files)
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    return {
        float(r.value): (r.conditions.get("system"), (r.condition_sources or {}).get("system", []))
        for r in results
    }


def test_the_figures_system_is_the_computer_with_its_chip() -> None:
    system, sources = _systems({"README.md": README})[37.37]
    assert system == "Mac Studio M3 Ultra"
    assert sources == ["README.md:15"]  # the chip's row, in the table that names the computer


def test_the_two_rows_join() -> None:
    pairs = [("**Model**", "Mac Studio (Mac15,14)"), ("**Chip**", "Apple M3 Ultra")]
    assert machine_with_chip(pairs) == "Mac Studio M3 Ultra"
    assert machine_with_chip([("Model", "Qwen3-8B"), ("Chip", "Apple M3 Ultra")]) is None
    assert machine_with_chip([("Chip", "Apple M3 Ultra")]) is None


def test_a_setup_section_states_the_joined_machine() -> None:
    text = README.replace("## Test Machine", "## Hardware")
    setup = setup_conditions(setup_source(make_document("README.md", text)))
    assert setup["system"] == "Mac Studio M3 Ultra"
