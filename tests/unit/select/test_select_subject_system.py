"""The machine a README's opening is about, for repositories that are not about a DGX Spark."""

from __future__ import annotations

import pytest

from documents import make_document
from draftflow.select.subject_system import opening_system


def _subject(text: str) -> str | None:
    found = opening_system(make_document("README.md", text))
    return found[0] if found else None


def test_an_amd_box_named_with_its_restatement_is_the_subject() -> None:
    # lhl/strix-halo-testing README.md:3: every figure was published "on Nvidia DGX Spark"
    readme = (
        "# strix-halo-testing\n\n"
        "This repository contains my testing for the AMD Strix Halo (Ryzen AI Max+ 395) APU.\n\n"
        "All this work was done on a pre-production Framework Desktop with Strix Halo.\n\n"
        "## Vs DGX Spark\nThe Nvidia DGX Spark numbers below are someone else's.\n"
    )
    assert _subject(readme) == "AMD Strix Halo (Ryzen AI Max+ 395)"
    found = opening_system(make_document("README.md", readme))
    assert found is not None and found[1].endswith("#L3")  # cited where it is stated


def test_two_radeon_cards_are_the_subject() -> None:
    # cadamcat/dual-radeon-vllm README.md:3 (a third party's B550 board was every figure's system)
    readme = (
        "# dual-radeon-vllm\n\n"
        "**Tensor-parallel vLLM on two consumer Radeon cards (RX 7900 XT, gfx1100, ROCm 7.14)**\n"
    )
    assert _subject(readme) == "RX 7900 XT"


@pytest.mark.parametrize(
    "readme",
    [
        "# bench\n\nStrix Halo vs DGX Spark: which one decodes faster?\n",
        "# bench\n\nWe ran on an RTX 4090.\n\nAnd on an Apple M2 Max too.\n",
        # a news list names every machine the project ran on: not the opening
        "# engine\n\nFast inference.\n\n- 9 Jan 2025 - Llama 3.3 70B on 4 x Mac Mini M4 Pro 24GB\n",
        "# engine\n\nFast inference.\n\n## Results\nOn an RTX 4090 it decodes 120 tok/s.\n",
    ],
)
def test_an_opening_naming_two_machines_or_none_has_no_subject(readme: str) -> None:
    assert _subject(readme) is None
