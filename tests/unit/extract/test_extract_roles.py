"""A figure's role, read by structure from synthetic repositories: a spec sheet's value is
marked (and never a result to publish), a number inside a hardware model's name is no
figure, and a model condition is always a name."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import Selected
from draftflow.extract.identities import in_hardware_name
from draftflow.extract.status_words import in_sentence, spec_header, spec_heading
from draftflow.record.standing import StandingScope, Status
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> dict[str, object]:
    extraction = asyncio.run(extract(snapshot_of(files), None))
    return {f"{r.source_path}:{r.value}": r for r in extraction.reported_results}


def test_a_spec_column_marks_its_values_and_an_achieved_column_stays_the_authors() -> None:
    text = (
        "# GB10 bench\n\n## Theoretical vs achieved\n\n| Metric | Spec | Achieved |\n"
        "|---|---|---|\n| Memory BW | 273 GB/s | 134 GB/s |\n"
    )
    results = _results({"README.md": text})
    spec = results["README.md:273"].status  # type: ignore[attr-defined]
    assert spec is not None and spec.status is Status.SPECIFICATION
    assert spec.scope is StandingScope.COLUMN and spec.words == "Spec"
    assert results["README.md:134"].status is None  # type: ignore[attr-defined]


def test_a_claim_column_is_a_vendors_only_beside_what_was_measured() -> None:
    """KrisDcosta's `| Claim | Source |` table lists the author's own findings ("x86 TPS
    (Q2_K 14.05 ...)"), which the article called specification (read33-s21); E27-25's
    `| Claim | Measured | Verdict |` quotes the vendor."""
    findings = (
        "# Results\n\n| Claim | Source |\n|---|---|\n"
        "| x86 TPS (Q2_K 14.05 tok/s) | `results/x86.json` |\n"
    )
    results = _results({"README.md": findings})
    assert results["README.md:14.05"].status is None  # type: ignore[attr-defined]
    vendor = (
        "# Results\n\n| Metric | Claim | Measured | Verdict |\n|---|---|---|---|\n"
        "| Memory bandwidth | 273 GB/s | 134 GB/s | gap |\n"
    )
    results = _results({"README.md": vendor})
    spec = results["README.md:273"].status  # type: ignore[attr-defined]
    assert spec is not None and spec.status is Status.SPECIFICATION


def test_a_specifications_section_marks_its_table_but_not_rows_marked_measured() -> None:
    text = (
        "# Box\n\n## Hardware Specifications\n\n| Property | Value |\n|---|---|\n"
        "| NVLink-C2C | 900 GB/s |\n| Memory bandwidth (measured) | 134 GB/s |\n\n"
        "## Results\n\n| Model | Decode tok/s |\n|---|---|\n| Qwen3-8B | 41.5 |\n"
    )
    results = _results({"README.md": text})
    spec = results["README.md:900"].status  # type: ignore[attr-defined]
    assert spec is not None and spec.status is Status.SPECIFICATION
    assert spec.scope is StandingScope.SECTION
    assert results["README.md:134"].status is None  # type: ignore[attr-defined]
    assert results["README.md:41.5"].status is None  # type: ignore[attr-defined]


def test_spec_words_as_a_header_a_heading_and_a_sentence() -> None:
    assert spec_header("Spec") is not None and spec_header("Claim") is not None
    assert spec_header("Spec tok/s") is None and spec_header("Achieved") is None
    assert spec_heading("⚡ Hardware Specifications") is not None
    assert spec_heading("Specification of the test") is None  # opening words: `marker`'s
    found = in_sentence("theoretical 59 FP16 TFLOPS on RDNA 3.5")
    assert found is not None and found.status is Status.SPECIFICATION


def test_a_theoretical_sentence_marks_itself_not_its_document() -> None:
    text = (
        "# Strix Halo\n\n- theoretical 59 FP16 TFLOPS on RDNA 3.5\n\n"
        "| Model | Decode tok/s |\n|---|---|\n| Qwen3-8B | 41.5 |\n"
    )
    results = _results({"README.md": text})
    assert results["README.md:41.5"].status is None  # type: ignore[attr-defined]


def _cell(text: str, value: float) -> Selected:
    candidate = Candidate(
        "doc:L3:c", "doc", "README.md", 3, SourceFormat.MARKDOWN, text, [value], "Recommended"
    )
    return Selected(candidate, "latency", "", "as reported")


def test_a_number_inside_a_hardware_name_is_no_figure() -> None:
    assert in_hardware_name(_cell("**RTX 5070 Ti** (4–5× faster)", 5070))
    assert in_hardware_name(_cell("AMD EPYC 7742 64-core", 7742))
    assert not in_hardware_name(_cell("**RTX 5070 Ti** (4–5× faster)", 4))
    assert not in_hardware_name(_cell("Jetson 11× 🏆", 11))  # a multiplier after the name
    assert not in_hardware_name(_cell("41.5", 41.5))


def _table_cell(text: str, value: float, column: str, row_header: str) -> Selected:
    candidate = Candidate(
        "doc:L3:t",
        "doc",
        "README.md",
        3,
        SourceFormat.MARKDOWN,
        text,
        [value],
        column,
        row_header=row_header,
    )
    return Selected(candidate, "unspecified", "", "as reported")


def test_a_bare_version_under_what_it_versions_is_no_figure() -> None:
    """A platform table (`| Ubuntu | 18.04 | 20.04 |`, `| kernel | 5.10 LTS |`, a `Driver`
    column) writes versions, not measurements (kreier/jetson's software table was read as 13
    figures)."""
    assert in_hardware_name(_table_cell("18.04", 18.04, "Jetson Nano", "Ubuntu"))
    assert in_hardware_name(_table_cell("5.10 LTS", 5.1, "Jetson Orin Nano", "kernel"))
    assert in_hardware_name(_table_cell("<= 8", 8, "Jetson Nano", "**gcc**"))
    assert in_hardware_name(_table_cell("550.54", 550.54, "Driver", "RTX 4090"))
    # a backend or engine names what ran, and its row may hold rates
    assert not in_hardware_name(_table_cell("45.2", 45.2, "tok/s", "CUDA"))
    assert not in_hardware_name(_table_cell("45.2", 45.2, "Vulkan", "Qwen3-8B"))
    # a cell that says more than a version is read as it is
    assert not in_hardware_name(_table_cell("18.04 s", 18.04, "Jetson Nano", "Ubuntu"))


def _mention(mention: str, sentence: str, value: float) -> Selected:
    candidate = Candidate(
        "doc:L3:m",
        "doc",
        "README.md",
        3,
        SourceFormat.PROSE,
        mention,
        [value],
        None,
        caption=sentence,
    )
    return Selected(candidate, "ratio", "", "as reported")


def test_a_prose_mention_of_a_hardware_names_number_is_read_in_its_sentence() -> None:
    # read31-s27b: kzprojects' "Ryzen 9 7900X" published as a ratio of 7900x, nijaru's
    # "(RTX 4090, 30% GPU utilization)" as a utilization of 4090 %
    assert in_hardware_name(_mention("7900X", "Linux + Ryzen 9 7900X + 64 GB RAM", 7900))
    assert in_hardware_name(_mention("4090", "Performance (RTX 4090, 30% GPU utilization):", 4090))
    assert not in_hardware_name(_mention("30%", "Performance (RTX 4090, 30% GPU utilization):", 30))
    assert not in_hardware_name(_mention("11×", "Jetson 11× faster than the Pi", 11))


def test_a_version_written_after_what_it_versions_is_no_figure() -> None:
    # epappas/gx10-cluster: "`nvidia-modprobe` **610** against driver **580**" gave a
    # relative change of 580 (an editor's read)
    assert in_hardware_name(_cell("`nvidia-modprobe` **610** against driver **580**", 580))
    assert in_hardware_name(_cell("Built against CUDA 13.0 and ROCm 6.4", 13.0))
    assert in_hardware_name(_cell("vLLM version 0.11 served it", 0.11))
    assert not in_hardware_name(_cell("the driver took 580 ms to load", 580))
    assert not in_hardware_name(_cell("decode 41.5 tok/s with driver 580", 41.5))


def test_a_table_cell_that_is_a_score_or_a_date_names_no_model() -> None:
    text = (
        "# Bench\n\n| Model | Checks | Decode tok/s |\n|---|---|---|\n"
        "| 54.3/63 | 61.3/63 | 41.5 |\n| 2026-07-24/25 | 10 | 39.0 |\n"
    )
    results = _results({"README.md": text})
    for key in ("README.md:41.5", "README.md:39.0"):
        model = results[key].conditions.get("model")  # type: ignore[attr-defined]
        assert model not in ("54.3/63", "2026-07-24/25")


def test_a_column_headed_by_a_hosted_service_is_attributed_to_it() -> None:
    text = (
        "# Three-way\n\n| Metric | DGX Spark | Gemini Flash |\n|---|---|---|\n"
        "| Decode tok/s | 41.5 | 18.5 |\n"
    )
    results = _results({"README.md": text})
    hosted = results["README.md:18.5"].attribution  # type: ignore[attr-defined]
    assert hosted is not None and hosted.who == "Gemini Flash"
    assert hosted.scope is StandingScope.COLUMN
    assert results["README.md:41.5"].attribution is None  # type: ignore[attr-defined]


def test_a_cpu_model_numbers_letter_suffix_is_no_multiplier() -> None:
    # read31-s28: "Asrock X399 + Threadripper 1950x" published as a ratio of 1950×
    sentence = "Motherboard + CPU: X399 + Threadripper 1950x."
    assert in_hardware_name(_mention("1950x", sentence, 1950))
    assert in_hardware_name(_mention("13900k", "on a Core i9-13900k desktop", 13900))
    assert not in_hardware_name(_mention("3x", "Ryzen 9 5950x is 3x faster", 3))
    assert not in_hardware_name(_mention("11×", "Jetson 11× faster than the Pi", 11))
