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


PATH_NOTES = """# Benchmark Path — Phase 2

## Where We Are

We benchmarked five model families on a
Framework Desktop with AMD Ryzen AI MAX+ 395 (96 GB GPU unified memory).

| Model | Quant | Generation Speed |
|---|---|---|
| Mellum2 12B-A2.5B | Q6_K | 92.89 t/s |

## Next

An RTX 4090 owner may run these too.
"""


def test_the_one_machine_the_headline_figures_section_names_is_the_system() -> None:
    """thesteve0: the README names no machine; the section holding the headline figure does
    ("on a Framework Desktop with AMD Ryzen AI MAX+ 395"), and its record said "System:
    unknown" (read33-s21). A machine named in another section is not the figures'."""
    from documents import make_result
    from draftflow.select.metadata import read_metadata
    from extract_support import snapshot_of

    snapshot = snapshot_of(
        {"README.md": "# Bench\n\nServing and benchmarking.\n", "path.md": PATH_NOTES}
    )
    notes = next(d for d in snapshot.documents if d.path == "path.md")
    meta = read_metadata(snapshot, [make_result(notes, 10, 92.89)], [])
    assert meta.system == "AMD Ryzen AI MAX+ 395 (96 GB GPU unified memory)"
    assert meta.evidence["system"] == notes.line_url(6)


def test_no_section_system_where_a_headline_figure_states_another() -> None:
    """guoqingbao: an A100 named in prose beside rows measured on Hopper is no record-wide
    system (the header read "System: A100" beside a Hopper row)."""
    from documents import make_result
    from draftflow.select.metadata import read_metadata
    from extract_support import snapshot_of

    readme = "# Bench\n\nServing and benchmarking.\n"
    snapshot = snapshot_of({"README.md": readme, "path.md": PATH_NOTES})
    notes = next(d for d in snapshot.documents if d.path == "path.md")
    hopper = make_result(notes, 10, 92.89, conditions={"system": "Hopper"})
    assert read_metadata(snapshot, [make_result(notes, 10, 92.89), hopper], []).system is None
    # gparemsky: a row's `A6000-24GB`, a machine the vocabulary does not know, is another
    a6000 = make_result(notes, 10, 92.89, conditions={"system": "A6000-24GB"})
    assert read_metadata(snapshot, [make_result(notes, 10, 92.89), a6000], []).system is None


def test_a_machine_listed_among_supported_ones_is_not_the_subject() -> None:
    # FastFlowLM/FastFlowLM README.md:19: its title read "FastFlowLM on Strix Halo" (s23)
    readme = (
        "# FastFlowLM\n\n"
        "> FastFlowLM supports all Ryzen™ AI Series chips with XDNA2 NPUs (Strix, Strix Halo, "
        "and Kraken).\n"
    )
    assert _subject(readme) is None
