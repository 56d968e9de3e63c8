"""What a lead, a range and a series may claim: "the highest" against every comparable figure
of the record, not only the headline's; a series only along a setting stated as a number."""

from __future__ import annotations

from documents import make_document, make_result
from draftflow.draft.facts.compute import compute_facts
from draftflow.draft.facts.fact_types import FactKind
from draftflow.draft.parts import Grounded
from draftflow.record.model import ReportedResult

GPUS = """# Decode on one host

| System | Eval Rate |
|---|---|
| Host (Nvidia RTX 2080 Ti) | 45.06 |
| Host (Nvidia RTX 3080 Ti) | 70.74 |
| Host (Nvidia RTX 4070 Ti) | 49.74 |
| Host (Nvidia RTX 4090) | 92.49 |
"""

SWEEP = """# Concurrency sweep

| concurrency | decode tok/s |
|---|---|
| 1 | 40.0 |
| 2 | 70.0 |
| 4 | 120.0 |
| 8 | 125.0 |
"""


def _written(item: Grounded) -> str:
    return repr(item.result.value)


def _rows(text: str, path: str, header: str, cells: list[str]) -> list[Grounded]:
    doc = make_document(path, text)
    lines = text.splitlines()
    grounded = []
    for cell in cells:
        line = next(i for i, row in enumerate(lines, 1) if row.startswith(f"| {cell} |"))
        value = float(lines[line - 1].split("|")[2])
        conditions = {"source_cells": {header: cell}}
        result = make_result(doc, line, value, label=f"{cell}, Eval Rate", conditions=conditions)
        grounded.append(Grounded(result, doc))
    return grounded


def _gpus(cells: list[str]) -> list[Grounded]:
    return _rows(GPUS, "README.md", "System", cells)


def _kinds(grounded: list[Grounded], figures: list[ReportedResult]) -> set[FactKind]:
    return {fact.kind for fact in compute_facts(grounded, _written, figures)}


ALL_GPUS = [
    "Host (Nvidia RTX 2080 Ti)",
    "Host (Nvidia RTX 3080 Ti)",
    "Host (Nvidia RTX 4070 Ti)",
    "Host (Nvidia RTX 4090)",
]


def test_gpus_named_with_numbers_are_no_series() -> None:
    grounded = _gpus(ALL_GPUS)
    figures = [item.result for item in grounded]
    assert FactKind.SCALING not in _kinds(grounded, figures)


def test_a_setting_stated_as_a_number_is_a_series() -> None:
    grounded = _rows(SWEEP, "SWEEP.md", "concurrency", ["1", "2", "4", "8"])
    figures = [item.result for item in grounded]
    (series,) = [
        f for f in compute_facts(grounded, _written, figures) if f.kind is FactKind.SCALING
    ]
    assert [ref.value for ref in series.inputs] == [40.0, 70.0, 120.0, 125.0]


def test_a_lead_stands_when_no_comparable_figure_of_the_record_does_better() -> None:
    grounded = _gpus(ALL_GPUS[1:])
    figures = [item.result for item in _gpus(ALL_GPUS)]
    (leader,) = [f for f in compute_facts(grounded, _written, figures) if f.kind is FactKind.LEADER]
    assert leader.inputs[0].value == 92.49


def test_no_lead_when_the_headline_left_out_a_better_comparable_figure() -> None:
    headline = _gpus(ALL_GPUS[:3])  # the 92.49 row is not in the headline
    figures = [item.result for item in _gpus(ALL_GPUS)]
    assert FactKind.LEADER in _kinds(headline, [item.result for item in headline])
    assert FactKind.LEADER not in _kinds(headline, figures)


def test_no_range_when_the_record_holds_a_comparable_figure_outside_it() -> None:
    headline = _gpus(ALL_GPUS[1:3])
    assert FactKind.SPAN in _kinds(headline, [item.result for item in headline])
    assert FactKind.SPAN not in _kinds(headline, [item.result for item in _gpus(ALL_GPUS)])


def test_no_range_over_figures_that_differ_in_several_conditions() -> None:
    doc = make_document("x.md", "| a | 40.0 |\n| b | 90.0 |\n")
    first = make_result(doc, 1, 40.0, label="a", conditions={"model": "A", "engine": "vLLM"})
    second = make_result(doc, 2, 90.0, label="b", conditions={"model": "B", "engine": "SGLang"})
    grounded = [Grounded(first, doc), Grounded(second, doc)]
    assert FactKind.SPAN not in _kinds(grounded, [first, second])


def test_no_range_that_leaves_out_a_headline_figure_of_its_metric() -> None:
    """epappas: "the headline bandwidth figures run from 21.6 GB/s to 22.2 GB/s" over the
    as-reported samples left out the headline's 22.68 GB/s mean (read33-s21)."""
    headline = _gpus(ALL_GPUS[:3])
    mean = headline[2].result.model_copy(update={"statistic": "mean"})
    headline[2] = Grounded(mean, headline[2].document)
    figures = [item.result for item in headline]
    assert FactKind.SPAN not in _kinds(headline, figures)
    assert FactKind.SPAN in _kinds(headline[:2], figures[:2])


def test_no_range_over_figures_nothing_the_record_states_tells_apart() -> None:
    """er0080 (read33-s23): "The headline startup time figures run from ~25s (NVIDIA GeForce
    RTX 3090, startup time in docs/hardware-verification.md) to ~72s (the same)": a 125M model
    and a 27B FP8 model on two cards, which the record does not state; one label for both."""
    text = "# Checks\n\n- load: ~25s\n- load: ~72s\n"
    doc = make_document("docs/hardware-verification.md", text)
    same = {"system": "RTX 3090"}
    first = make_result(doc, 3, 25.0, label="RTX 3090, startup time", conditions=same)
    second = make_result(doc, 4, 72.0, label="RTX 3090, startup time", conditions=same)
    grounded = [Grounded(first, doc), Grounded(second, doc)]
    assert FactKind.SPAN not in _kinds(grounded, [first, second])
    # told apart by their labels, the two still make a range
    named = second.model_copy(update={"label": "RTX 3090, TP2, startup time"})
    assert FactKind.SPAN in _kinds([grounded[0], Grounded(named, doc)], [first, named])
