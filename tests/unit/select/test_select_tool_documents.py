"""Issue 31: a tool's or a design's own documents illustrate what the system is meant to do;
their numbers never lead a record (cipher982/llm-benchmarks: `100-1000x fewer API calls`,
`200k identical error docs`, `Example: 10,000 errors`, each an excerpt of its document)."""

from __future__ import annotations

from documents import make_document
from draftflow.select.lead import DocumentRole, read_role

QUICK_START = """\
# Quick Start: LLM Error Classification

## TL;DR

Errors are now classified once per unique fingerprint (100-1000x fewer API calls).
"""
SPEC = """\
# Reliability & Lifecycle v2 (Spec + Review-Integrated)

Status: implement-now (phase 1)

## Rollups / Dedupe

Maintain rollups to avoid 200k identical error docs becoming the primary UI signal.
"""
TOOL = """\
# LLM-based Error Classification System

This system replaces brittle keyword-matching with intelligent LLM classification at the error
rollup level, reducing API calls by 100-1000x.
"""
EPIC = "# Epic: a self-maintaining benchmark site\n\nStatus: revised after two reviews\n"
RESULTS = "# Results\n\nGPU specs: RTX 4090. This quick start is not our title.\n"


def test_a_tools_or_a_designs_own_documents_are_no_results_documents() -> None:
    quick = read_role(make_document("QUICK-START-ERROR-CLASSIFICATION.md", QUICK_START))
    assert quick.role is DocumentRole.DESIGN and "quick start" in quick.evidence
    spec = read_role(make_document("RELIABILITY_LIFECYCLE_V2.md", SPEC))
    assert spec.role is DocumentRole.DESIGN
    tool = read_role(make_document("api/ops/README-ERROR-CLASSIFICATION.md", TOOL))
    assert tool.role is DocumentRole.DESIGN and "this system replaces" in tool.evidence
    epic = read_role(make_document("docs/epic-self-maintaining-benchmarks.md", EPIC))
    assert epic.role is DocumentRole.PLAN


def test_a_results_document_naming_specs_or_a_quick_start_stays_one() -> None:
    assert read_role(make_document("docs/results.md", RESULTS)).role is DocumentRole.OTHER


def test_a_coding_agents_instructions_are_a_design_document_wherever_they_stand() -> None:
    # cipher982/llm-benchmarks AGENTS.md:98 and :236 (read31-s23): a validation tolerance
    # ("not within 10%") and a scheduler's 45-minute rotation led the record as results
    text = "# LLM Benchmarks API Service\n\nThe scheduler's rotation, measured at 45 min.\n"
    for path in ("AGENTS.md", "api/CLAUDE.md"):
        assert read_role(make_document(path, text)).role is DocumentRole.DESIGN
    # a folder of that name holding results is not such a file
    assert read_role(make_document("agents/results.md", text)).role is not DocumentRole.DESIGN


def test_a_coding_assistants_own_folder_holds_no_results_document() -> None:
    # thesteve0/local-llm-benchmark .claude/memory/feedback_metrics_source.md:10 (read31-s27):
    # the assistant's memory note quotes `client throughput of 77 t/s` as the figure not to
    # report, and it led the record
    note = "---\nname: feedback-metrics-source\n---\n\nclient throughput of 77 t/s vs 43 t/s\n"
    for path in (".claude/memory/feedback_metrics_source.md", "tools/.cursor/rules/bench.md"):
        reading = read_role(make_document(path, note))
        assert reading.role is DocumentRole.DESIGN and "/`" in reading.evidence
    # a results folder or file merely named after the assistant stays what it is
    for path in ("claude/results.md", "results/claude-3-opus.md"):
        assert read_role(make_document(path, note)).role is not DocumentRole.DESIGN
