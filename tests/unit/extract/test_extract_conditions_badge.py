"""A system the README names only in a shields.io badge (`text.lines.hardware_badges`):
luongnv89/dgx-spark-llm-lab's `reference hardware | DGX Spark GB10` badge is the only place
it names its machine (s20: nine of its gold headline figures had no system)."""

from __future__ import annotations

from draftflow.extract.conditions.setup_names import sole_system
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from draftflow.text.lines import hardware_badges
from extract_support import snapshot_of

BADGE = (
    "![reference hardware](https://img.shields.io/badge/reference%20hardware-DGX%20Spark%20GB10"
    "-76B900)"
)
README = f"""![license](https://img.shields.io/badge/license-MIT-blue)
![validate](https://img.shields.io/badge/validate-28%2F28-brightgreen)
{BADGE}

# Find the best LLM setup for your own machine

Public leaderboards rank models on hardware you don't have.

## Best recipe right now

| Model | Decode |
|---|---|
| Qwen3.6-35B-A3B-NVFP4 on vLLM | 48.2 tok/s |
"""


def test_a_hardware_badge_says_its_label_and_message() -> None:
    assert hardware_badges(BADGE) == "reference hardware: DGX Spark GB10."
    assert hardware_badges("![license](https://img.shields.io/badge/license-MIT-blue)") == ""
    assert hardware_badges("![x](https://img.shields.io/badge/gpu-RTX--4090_24GB-green)") == (
        "gpu: RTX-4090 24GB."
    )


def test_a_name_and_its_chip_side_by_side_are_one_system() -> None:
    assert sole_system("reference hardware: DGX Spark GB10.") == "DGX Spark GB10"
    assert sole_system("RTX 4090 RTX 3090") is None  # two cards side by side are two
    assert sole_system("GPU    RTX 4090    A100") is None  # nor columns of a text table


def test_a_figure_takes_the_system_its_readme_names_only_in_a_badge() -> None:
    snapshot = snapshot_of({"README.md": README})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    (result,) = [r for r in results if r.value == 48.2]
    assert result.conditions.get("system") == "DGX Spark GB10"
    assert (result.condition_sources or {})["system"] == ["README.md:3"]
    # the other badges' numbers are no figures
    assert not [r for r in results if r.value == 28]
