"""The runtimes, hardware and platforms a record names, each with the line that names it
(select/topics.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from documents import make_document, make_result
from draftflow.acquire.snapshot import Document
from draftflow.record.model import ReportedResult
from draftflow.select import topics
from draftflow.select.keywords import HARDWARE, PLATFORMS, RUNTIMES, pattern
from draftflow.select.metadata import read_metadata
from draftflow.select.metadata_model import RecordMetadata
from draftflow.select.topics import read_runtimes, read_topics
from extract_support import snapshot_of


def _result(document: Document, line: int, label: str, **conditions: Any) -> ReportedResult:
    return make_result(document, line, 41.5, label=label, conditions=conditions)


README = make_document("README.md", "# Bench\n\nServed with vLLM on Ubuntu.\n\nSee results.\n")
RESULTS = make_document(
    "results.md",
    "# Results\n\n## SGLang\n\n| case | decode tok/s |\n|---|---|\n| short | 41.5 |\n\n"
    "## Notes\n\nllama.cpp was tried too.\n",
)


def test_a_runtime_named_by_the_headline_figure_itself_wins() -> None:
    meta = RecordMetadata()
    headline = [_result(RESULTS, 7, "short; decode tok/s", engine="llama-server")]
    read_runtimes(meta, headline, [RESULTS], [README])
    assert meta.runtimes == ["llama.cpp"]
    assert meta.evidence["runtime:llama.cpp"] == RESULTS.line_url(7)


def test_else_the_runtime_of_the_section_that_holds_the_figure() -> None:
    meta = RecordMetadata()
    read_runtimes(meta, [_result(RESULTS, 7, "short; decode tok/s")], [RESULTS], [README])
    assert meta.runtimes == ["SGLang"]  # not llama.cpp: it is named in another section
    assert meta.evidence["runtime:SGLang"] == RESULTS.line_url(3)


def test_else_the_one_runtime_the_readme_names_or_none_with_the_reason() -> None:
    plain = make_document("r.md", "| case | decode tok/s |\n|---|---|\n| short | 41.5 |\n")
    meta = RecordMetadata()
    read_runtimes(meta, [_result(plain, 3, "short")], [plain], [README])
    assert meta.runtimes == ["vLLM"] and meta.evidence["runtime:vLLM"] == README.line_url(3)
    two = make_document("README.md", "# Bench\n\nvLLM and SGLang were both run.\n")
    meta = RecordMetadata()
    read_runtimes(meta, [_result(plain, 3, "short")], [plain], [two])
    assert meta.runtimes == [] and "runtime" in meta.unstated


def test_topics_are_those_the_headline_figures_name_with_their_place() -> None:
    spark = make_document(
        "notes.md", "# Runs\n\nApache Spark logs.\n\nRan on a DGX Spark (GB10).\n"
    )
    meta = RecordMetadata()
    headline = [_result(spark, 5, "decode", system="DGX Spark (GB10)")]
    assert read_topics(meta, headline, [spark], HARDWARE, "hardware") == ["spark", "nvidia"]
    assert meta.evidence["hardware:spark"] == spark.line_url(5)
    apache = make_document("a.md", "# Runs\n\nApache Spark only.\n\n| x | 41.5 |\n")
    meta = RecordMetadata()
    assert read_topics(meta, [_result(apache, 5, "x")], [apache], HARDWARE, "hardware") == []
    assert "hardware" in meta.unstated


def test_else_the_topics_of_the_sections_that_hold_the_headline_figures() -> None:
    meta = RecordMetadata()
    headline = [_result(RESULTS, 7, "short; decode tok/s")]
    assert read_topics(meta, headline, [RESULTS, README], PLATFORMS, "platform") == []
    box = make_document("box.md", "# Box\n\nUbuntu 24.04 on GB10.\n\n| case | 41.5 |\n")
    meta = RecordMetadata()
    found = read_topics(meta, [_result(box, 5, "case")], [box], PLATFORMS, "platform")
    assert found == ["linux"] and meta.evidence["platform:linux"] == box.line_url(3)


def test_a_machine_the_readme_mentions_but_never_measures_on_is_no_topic() -> None:
    # lhl/strix-halo-testing: an AMD Strix Halo box whose README says "I don't have an Nvidia
    # DGX Spark"; its record's hardware topics were spark and nvidia
    readme = make_document(
        "README.md",
        "# Strix Halo testing\n\nAMD Ryzen AI Max+ 395.\n\nI don't have an Nvidia DGX Spark.\n",
    )
    bench = make_document("llm-bench/README.md", "# Qwen3-30B-A3B\n\n| tg128 | 77.96 |\n")
    meta = RecordMetadata()
    headline = [_result(bench, 3, "tg128", model="Qwen3-30B-A3B")]
    assert read_topics(meta, headline, [bench, readme], HARDWARE, "hardware") == []


def test_a_maker_named_in_passing_in_a_section_files_no_hardware_topic() -> None:
    # cadamcat/dual-radeon-vllm (2x RX 7900 XT on ROCm) was filed as `nvidia` from
    # docs/architecture-notes.md:12 "Two separate causes: NVIDIA-tuned Triton kernels drag
    # the *baseline* down"; its docs also say "No NVIDIA hardware here."
    radeon = make_document(
        "notes.md",
        "# Notes\n\nTwo separate causes: NVIDIA-tuned Triton kernels drag the *baseline* down.\n"
        "\n- **CUDA.** No NVIDIA hardware here.\n\n| case | 41.5 |\n",
    )
    meta = RecordMetadata()
    assert read_topics(meta, [_result(radeon, 7, "case")], [radeon], HARDWARE, "hardware") == []
    assert "hardware" in meta.unstated
    box = make_document("box.md", "# Box\n\nTested on an NVIDIA H100 80GB.\n\n| case | 41.5 |\n")
    meta = RecordMetadata()
    assert read_topics(meta, [_result(box, 5, "case")], [box], HARDWARE, "hardware") == ["nvidia"]
    assert meta.evidence["hardware:nvidia"] == box.line_url(3)


def test_the_runtime_of_the_sections_of_figures_naming_none_joins_the_named_ones() -> None:
    # rhattala/dgx-spark-bench: README.md:37 "| Primary stack | DeepSeek-V4-Flash-0731, vLLM,
    # TP=2 across both nodes, 1M context, fp8 KV |"; only the Qwen row (SGLang, the alt stack)
    # named its engine, and the record's runtime was SGLang
    readme = make_document(
        "README.md",
        "# Bench\n\n## Hardware\n\n| | |\n|---|---|\n"
        "| Primary stack | DeepSeek-V4-Flash-0731, vLLM, TP=2 across both nodes |\n"
        "| Alt stack | Qwen3.8-27B-NVFP4 + DSpark drafter, SGLang, TP=1 on one node |\n"
        "| Interconnect | ~13.9 GB/s busbw |\n",
    )
    meta = RecordMetadata()
    headline = [
        _result(readme, 9, "Interconnect"),
        _result(readme, 8, "Qwen3.8-27B, static checks", engine="SGLang"),
    ]
    read_runtimes(meta, headline, [readme], [readme])
    assert meta.runtimes == ["vLLM", "SGLang"]
    assert meta.evidence["runtime:SGLang"] == readme.line_url(8)
    assert meta.evidence["runtime:vLLM"] == readme.line_url(7)


GX10_README = make_document(
    "README.md",
    "# gx10-cluster\n\n**aarch64 Ubuntu 24.04 (DGX OS 7.x) on GB10.** The PyTorch index and "
    "llama.cpp CUDA arch are chosen for `sm_121`.\n",
)
GX10_DECISIONS = make_document(
    "docs/decisions.md",
    "# Decisions\n\n## MTU\n\nMeasured, two-node NCCL all-reduce busbw, four runs each:\n\n"
    "| | runs | mean |\n|---|---|---|\n"
    "| MTU 1500 / `active_mtu` 1024 | 21.9, 22.0, 21.9, 22.0 | 21.95 GB/s |\n"
    "| MTU 9000 / `active_mtu` 4096 | 22.6, 22.5, 22.8, 22.8 | **22.68 GB/s** |\n\n"
    "## Model\n\n| *FP8 checkpoint* | *~149 GiB* | *two nodes, TP=2* |\n",
)


def _busbw(line: int, value: float) -> ReportedResult:
    result = make_result(GX10_DECISIONS, line, value, label="MTU, mean")
    return result.model_copy(update={"metric": "bandwidth", "unit": "GB/s"})


def test_an_interconnects_bandwidth_takes_no_engine_or_parallelism_from_elsewhere() -> None:
    """epappas/gx10-cluster docs/decisions.md:598-605: every headline figure is a two-node
    NCCL all-reduce busbw; "Runtime topics: llama.cpp" came from README.md:229 and
    `parallelism: TP2` from a checkpoint table (read33-s19)."""
    headline = [_busbw(9, 21.95), _busbw(10, 22.68)]
    meta = RecordMetadata()
    read_runtimes(meta, headline, [GX10_DECISIONS], [GX10_README])
    assert meta.runtimes == [] and "runtime" in meta.unstated
    snapshot = snapshot_of(
        {"README.md": GX10_README.text, "docs/decisions.md": GX10_DECISIONS.text}
    )
    decisions = next(d for d in snapshot.documents if d.path == "docs/decisions.md")
    measured = [
        make_result(decisions, n, v, label="MTU, mean").model_copy(
            update={"metric": "bandwidth", "unit": "GB/s"}
        )
        for n, v in ((9, 21.95), (10, 22.68))
    ]
    meta = read_metadata(snapshot, measured, measured)
    assert meta.parallelism is None and meta.runtimes == []
    # a model's figure in the same documents still reads them
    decode = make_result(decisions, 9, 21.95, label="decode")
    assert read_metadata(snapshot, [decode], [decode]).parallelism is not None


_SECTION_TEXTS = [
    "# Bench\n\nServed with LM Studio on a DGX Spark.\n",
    "# Bench\n\nServed with LM\nStudio, on a dgx-\nspark.\n",  # only across line ends
    "# Bench\n\n| a | b |\n|---|---|\n| NVIDIA-tuned | 4 |\n| RTX 4090 | 5 |\n",
    "# Bench\n\nOn a DGX ſpark and vllm.\n",  # long s: read line by line
    "# Bench\n\nNothing named here.\n" + "| 1 | 2 |\n" * 50,
]


def _as_hardware(document: Document, line: int, regex: re.Pattern[str]) -> bool:
    return topics._names_as_hardware(document.line(line) or "", regex)


def test_a_sections_first_keyword_line_is_what_a_line_by_line_search_finds() -> None:
    """`_first_in_sections` skips a section whose joined text lacks the keyword: the same
    first line (or none) as searching every line with the case-insensitive pattern."""
    for number, text in enumerate(_SECTION_TEXTS):
        document = make_document(f"doc{number}.md", text)
        sections = [(document, 1, len(document.line_list))]
        for keyword in [*RUNTIMES.values(), *HARDWARE.values(), *PLATFORMS.values()]:
            regex = pattern(keyword)
            for as_hardware in (False, True):
                expected = next(
                    (
                        document.line_url(line)
                        for line in range(1, len(document.line_list) + 1)
                        if regex.search(document.line(line) or "")
                        and (
                            not as_hardware
                            or topics._names_as_hardware(document.line(line) or "", regex)
                        )
                    ),
                    None,
                )
                found = topics._first_in_sections(sections, keyword, as_hardware=as_hardware)
                assert found == expected, (text, keyword, as_hardware)


def test_a_section_without_a_keyword_is_not_searched_line_by_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Session 21: a wide table's section was searched line by line once per topic (a hardware
    keyword's case-insensitive pattern over each 80 KB row); a keyword its joined text lacks
    is no line's."""
    searched = {"lines": 0}

    class Counted:
        def __init__(self, regex: re.Pattern[str]) -> None:
            self.regex = regex

        def search(self, text: str) -> re.Match[str] | None:
            searched["lines"] += 1
            return self.regex.search(text)

    monkeypatch.setattr(topics, "pattern", lambda keyword: Counted(pattern(keyword)))
    document = make_document("wide.md", "# Sweep\n\n" + "| 1.5 | 2.5 | 3.5 |\n" * 200)
    for keyword in HARDWARE.values():
        topics._first_in_sections([(document, 1, 202)], keyword, as_hardware=True)
    # before: each topic's pattern searched each of the 202 lines
    assert searched["lines"] == 0, searched


def test_the_vllm_project_organisation_names_no_vllm() -> None:
    """thesteve0's README serves with Ramalama and benchmarks with
    `ghcr.io/vllm-project/guidellm`; its record read "Runtime topics: vLLM" (read33-s21). It
    names RamaLama, the engine it serves with, now that the vocabulary knows it."""
    readme = make_document(
        "README.md",
        "# Bench\n\nUsing Ramalama for serving.\n\n  ghcr.io/vllm-project/guidellm:latest \\\n",
    )
    plain = make_document("r.md", "| case | decode tok/s |\n|---|---|\n| short | 41.5 |\n")
    meta = RecordMetadata()
    read_runtimes(meta, [_result(plain, 3, "short")], [plain], [readme])
    assert meta.runtimes == ["RamaLama"]
    assert pattern(RUNTIMES["vLLM"]).search("docker run vllm/vllm-openai:latest")


def test_an_amd_box_and_a_datacenter_card_are_hardware_topics() -> None:
    """lhl's "Hardware topics: unknown" stood beside "System: AMD Strix Halo (Ryzen AI Max+
    395)", guoqingbao's beside "System: A100, Hopper" (read33-s21)."""
    document = make_document("README.md", "# Bench\n\n| case | decode tok/s |\n|---|---|\n")
    meta = RecordMetadata(system="AMD Strix Halo (Ryzen AI Max+ 395)")
    assert read_topics(meta, [], [document], HARDWARE, "hardware") == ["amd"]
    a100 = [_result(document, 5, "A100 (Single Card, 40G), decode tok/s")]
    assert read_topics(RecordMetadata(), a100, [document], HARDWARE, "hardware") == ["nvidia"]


def test_a_repository_titled_by_an_engine_port_measures_that_engine() -> None:
    """guoqingbao/vllm.rs is the engine its README's title names (`# vLLM.rs – A Minimalist
    vLLM in Rust`); its record read "Runtime topics: unknown" (read33-s21)."""
    readme = make_document(
        "ReadMe.md", "# 🚀 **vLLM.rs** – A Minimalist vLLM in Rust\n\nA Rust implementation.\n"
    )
    plain = make_document("r.md", "| case | decode tok/s |\n|---|---|\n| short | 41.5 |\n")
    meta = RecordMetadata()
    read_runtimes(meta, [_result(plain, 3, "short")], [plain], [readme])
    assert meta.runtimes == ["vLLM.rs"] and meta.evidence["runtime:vLLM.rs"] == readme.line_url(1)
    other = make_document("README.md", "# Bench\n\nWe compare against candle-vllm.rs.\n")
    meta = RecordMetadata()
    read_runtimes(meta, [_result(plain, 3, "short")], [plain], [other])
    assert meta.runtimes == []
