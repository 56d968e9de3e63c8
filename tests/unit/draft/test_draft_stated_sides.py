"""A difference, a sameness or a gap is said only from what the sources state: a condition one
figure leaves null is no difference from one that states it, two ends of one stated range are
no two statistics, a document that names a setting (in its text or its folder name) is not
one that leaves it unknown, and a date is said of the measurements it dates (the examples of
the editor's read of drafts18, issue 33)."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import JsonValue

from documents import make_result
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.draft import sections
from draftflow.draft.facts.gaps import limits, unstated
from draftflow.draft.grounding import Grounding, SourceText
from draftflow.draft.parts import Grounded, Profile
from draftflow.draft.record_facts import mentioned
from extract_support import selection_of, snapshot_of
from record_facts_stub import FactsStub

ROUND_1 = """# Round 1

Executive result: first streaming byte after 0.187 s.
"""
ROUND_2 = """# Round 2: Nemotron 3 Super 120B

Warm generation remained between 15.45 and 16.36 tokens per second.
The modeling request of 5,370 output tokens took 328 s.
"""
LEDGER = """# Ledger

Evidence window: 2026-07-24 to 2026-07-25
Run date: 2026-07-24
"""


class _Writer:
    def __init__(self, snapshot: Snapshot, grounded: list[Grounded], facts: FactsStub) -> None:
        self.snapshot = snapshot
        self.grounded = grounded
        self.front = list(snapshot.documents)
        self.facts = facts
        self.selection = selection_of([g.result for g in grounded])

    def ground(self, documents: Iterable[Document]) -> Grounding:
        return Grounding([SourceText(d.text) for d in self.snapshot.documents])

    def written(self, item: Grounded) -> str:
        return repr(item.result.value)

    def profiles(self) -> list[Profile]:
        return []


def _figure(
    document: Document,
    line: int,
    value: float,
    conditions: dict[str, JsonValue],
    *,
    metric: str = "latency",
    unit: str = "s",
    statistic: str = "as reported",
) -> Grounded:
    result = make_result(document, line, value, label=f"figure {value}", conditions=conditions)
    result = result.model_copy(update={"metric": metric, "unit": unit, "statistic": statistic})
    return Grounded(result, document)


def _teaql(facts: FactsStub | None = None) -> _Writer:
    snapshot = snapshot_of(
        {"reports/ledger.md": LEDGER, "reports/round-1.md": ROUND_1, "reports/round-2.md": ROUND_2}
    )
    _, one, two = snapshot.documents
    model = "Nemotron 3 Super 120B"
    grounded = [
        _figure(one, 3, 0.187, {"engine": "vLLM"}),
        _figure(two, 4, 328.0, {"engine": "vLLM", "model": model, "output_tokens": 5370}),
        _figure(
            two,
            3,
            15.45,
            {"model": model},
            metric="throughput",
            unit="tokens/s",
            statistic="range_min",
        ),
        _figure(
            two,
            3,
            16.36,
            {"model": model},
            metric="throughput",
            unit="tokens/s",
            statistic="range_max",
        ),
    ]
    return _Writer(snapshot, grounded, facts or FactsStub())


def _text(section: object) -> str:
    paragraphs = getattr(section, "paragraphs", None) or []
    return " ".join(paragraphs)


def test_a_condition_one_figure_leaves_null_is_no_difference_and_no_sameness() -> None:
    """teaql: "The latency figures differ in model, output tokens and node count" set a
    time to first byte that names no model beside a 5,370-token request that does."""
    said = _text(sections.comparable_section(_teaql()))
    assert "latency figures differ" not in said
    assert "latency figures share" not in said  # the first states less: not known to share


def test_the_two_ends_of_one_range_do_not_differ_in_the_statistic() -> None:
    """teaql: "between 15.45 and 16.36 tokens per second", split into two headline figures,
    was called two figures that "differ in the statistic reported"."""
    said = _text(sections.comparable_section(_teaql()))
    assert "the statistic reported" not in said
    # nor "share their stated conditions": the reader of session 19 found them the minimum
    # and maximum over four configurations; a range's ends are one figure's bounds
    assert "throughput figures" not in said


def test_the_others_model_is_not_called_unknown() -> None:
    """lhl and teaql: the figures that name no model in their conditions come from documents
    that name it; "for the others it is unknown" was false."""
    said = _text(sections.artifact_section(_teaql()))
    assert "Some headline figures name their model: Nemotron 3 Super 120B." in said
    assert "unknown" not in said


def test_a_date_line_that_gives_a_window_dates_nothing() -> None:
    """teaql: the ledger's "Evidence window: 2026-07-24 to 2026-07-25" was written "The
    measurements are dated 2026-07-24"; the round reports carry no date."""
    writer = _teaql()
    ledger = writer.snapshot.documents[0]
    facts = FactsStub(
        experiment_date="2026-07-24", evidence={"experiment_date": ledger.line_url(3)}
    )
    assert "dated" not in _text(sections.artifact_section(_teaql(facts)))
    # a line with one date, and figures from other documents: it dates its own document's
    facts.evidence = {"experiment_date": ledger.line_url(4)}
    grounded = [*writer.grounded, _figure(ledger, 4, 2.0, {})]
    some = _Writer(writer.snapshot, grounded, facts)
    said = _text(sections.artifact_section(some))
    assert "The measurements are dated" not in said
    assert "The measurements in reports/ledger.md are dated 2026-07-24." in said
    every = _Writer(writer.snapshot, [_figure(ledger, 4, 2.0, {})], facts)
    assert "The measurements are dated 2026-07-24." in _text(sections.artifact_section(every))


FOLDER = "| backend | pp512 |\n|---|---|\n| vulkan | **179.91** |\n"


def test_a_folder_that_names_the_quantization_is_no_figure_that_leaves_it_unstated() -> None:
    """lhl: "Only some headline figures state their quantization" while every folder name
    (`GLM-4.5-Air-UD-Q4_K_XL`) states it."""
    snapshot = snapshot_of(
        {
            "llm-bench/GLM-4.5-Air-UD-Q4_K_XL/README.md": FOLDER,
            "llm-bench/notes/README.md": FOLDER,
        }
    )
    glm, notes = snapshot.documents
    stated: dict[str, JsonValue] = {"weight_precision": "F16"}
    grounded = [_figure(glm, 3, 179.91, {}), _figure(notes, 3, 20.0, stated)]
    said = _text(sections.missing_section(_Writer(snapshot, grounded, FactsStub())))
    assert "Only some headline figures state their quantization" not in said
    unnamed = [_figure(notes, 3, 179.91, {}), _figure(notes, 3, 20.0, stated)]
    said = _text(sections.missing_section(_Writer(snapshot, unnamed, FactsStub())))
    assert "Only some headline figures state their quantization" in said


def test_a_document_that_states_its_output_tokens_is_no_gap() -> None:
    """cadamcat: docs/benchmarks.md measures "512-token outputs"; "No headline figure ...
    states its output tokens" was false."""
    snapshot = snapshot_of({"docs/benchmarks.md": "# Runs\n\nDecode over 512-token outputs.\n"})
    (document,) = snapshot.documents
    grounded = [
        _figure(document, 3, 107.8, {"engine": "vLLM"}, metric="decode_rate", unit="tokens/s")
    ]
    facts = unstated(grounded, lambda item: repr(item.result.value))
    gaps = [f.detail for f in facts if f.subject == "conditions"]
    assert gaps and "output tokens" not in gaps[0]


def test_a_model_s_run_conditions_are_no_gap_of_an_interconnect_s_bandwidth() -> None:
    """epappas: the answer said "No headline figure ... states its input tokens or output
    tokens" of NCCL all-reduce bandwidths, which have none."""
    snapshot = snapshot_of({"docs/decisions.md": "# NCCL\n\nbusbw 21.95 GB/s at MTU 1500.\n"})
    (document,) = snapshot.documents
    grounded = [_figure(document, 3, 21.95, {}, metric="bandwidth", unit="GB/s")]
    facts = unstated(grounded, lambda item: repr(item.result.value))
    assert [f for f in facts if f.subject == "conditions"] == []
    said = _text(sections.missing_section(_Writer(snapshot, grounded, FactsStub())))
    assert "input tokens" not in said


def test_a_cell_that_only_speaks_of_an_error_marks_no_limit() -> None:
    """Jacob: "The sources mark Answer as error beside 72.17 s", where the answer cell reads
    "(parse error, likely `2`)": the job ran; its answer could not be parsed."""
    snapshot = snapshot_of({"jobs.md": "| job | wall s | Answer |\n|---|---|---|\n| 1+1 | 72.17 |"})
    (document,) = snapshot.documents
    cells: dict[str, JsonValue] = {"job": "1+1", "Answer": "(parse error, likely `2`)"}
    parsed = _figure(document, 3, 72.17, {"source_cells": cells})
    assert limits([parsed], lambda item: repr(item.result.value)) == []
    failed: dict[str, JsonValue] = {"job": "1+1", "Answer": "❌ timeout (300 s)"}
    marked = _figure(document, 3, 72.17, {"source_cells": failed})
    (limit,) = limits([marked], lambda item: repr(item.result.value))
    assert (limit.subject, limit.detail) == ("Answer", "timeout")


def test_a_time_per_generated_token_states_no_output_tokens() -> None:
    """b4rtaz: "Average Token Generation Time" is no count of output tokens."""
    assert not mentioned("output_tokens", ["### Average Token Generation Time"])
    assert mentioned("output_tokens", ["a 64- vs 8-token generation"])


def test_two_names_of_a_system_are_no_difference() -> None:
    """epappas: "The relative change figures differ in system" of `GX10` and `NVIDIA GB10`,
    two names of one machine."""
    snapshot = snapshot_of({"docs/net.md": "# Net\n\nJumbo frames: +3.3%.\n"})
    (document,) = snapshot.documents
    grounded = [
        _figure(document, 3, 3.3, {"system": "GX10"}, metric="relative_change", unit="%"),
        _figure(document, 3, 3.3, {"system": "NVIDIA GB10"}, metric="relative_change", unit="%"),
    ]
    said = _text(sections.comparable_section(_Writer(snapshot, grounded, FactsStub())))
    assert "differ in system" not in said
    assert "share their stated conditions" not in said  # nor are they shown to share it


def test_two_means_and_a_figure_that_names_no_statistic_do_not_differ_in_it() -> None:
    """epappas/gx10-cluster docs/decisions.md:602-605: 21.95 and 22.68 GB/s are both means
    of four runs (the gap is the MTU change); the 22.2 GB/s sanity sample names no
    statistic. "The bandwidth figures differ in the statistic reported" was false."""
    text = (
        "# Net\n\n| MTU | busbw |\n|---|---|\n| 1500 | 21.95 |\n| 9000 | 22.68 |\n\nSample: 22.2\n"
    )
    snapshot = snapshot_of({"docs/decisions.md": text})
    (document,) = snapshot.documents
    unit = {"metric": "bandwidth", "unit": "GB/s"}
    grounded = [
        _figure(document, 5, 21.95, {"mtu": "1500"}, statistic="mean as reported", **unit),
        _figure(document, 6, 22.68, {"mtu": "9000"}, statistic="mean as reported", **unit),
        _figure(document, 8, 22.2, {}, **unit),
    ]
    said = _text(sections.comparable_section(_Writer(snapshot, grounded, FactsStub())))
    assert "the statistic reported" not in said
    grounded[1] = _figure(document, 6, 22.68, {"mtu": "9000"}, statistic="median", **unit)
    said = _text(sections.comparable_section(_Writer(snapshot, grounded, FactsStub())))
    assert "the statistic reported" in said  # a mean beside a median still differs


def test_figures_whose_labels_name_different_settings_are_not_said_to_share_conditions() -> None:
    """epappas/gx10-cluster docs/decisions.md:602-603: 21.95 GB/s at MTU 1500 and 22.68 GB/s
    at MTU 9000 state no condition but the system; "The bandwidth figures share their
    stated conditions" was false (the MTU is in their rows)."""
    text = "# Net\n\n| MTU | busbw |\n|---|---|\n| 1500 | 21.95 |\n| 9000 | 22.68 |\n"
    snapshot = snapshot_of({"docs/decisions.md": text})
    (document,) = snapshot.documents
    grounded = [
        _figure(document, 5, 21.95, {"system": "GB10"}, metric="bandwidth", unit="GB/s"),
        _figure(document, 6, 22.68, {"system": "GB10"}, metric="bandwidth", unit="GB/s"),
    ]
    said = _text(sections.comparable_section(_Writer(snapshot, grounded, FactsStub())))
    assert "share their stated conditions" not in said
