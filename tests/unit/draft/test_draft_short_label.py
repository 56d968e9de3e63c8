"""The short configuration name facts give a headline figure (`short_label`): a typed label
shortened by role, or a label as written without its markup, its own value, its workload (when
the compared figures share it) and the length past `MAX_NAME_CHARS`."""

from __future__ import annotations

import pytest
from pydantic import JsonValue

from documents import make_document, make_result
from draftflow.draft.facts.figures import MAX_NAME_CHARS, short_label
from draftflow.record.label import Label, LabelPart
from draftflow.record.model import ReportedResult

DOC = make_document("RUNS.md", "# Runs\n\n| a | b |\n|---|---|\n| x | 1 |\n")
WORKLOAD: dict[str, JsonValue] = {"workload": "tg 1024", "concurrency": 8}


def _result(label: str, value: float = 47.91, parts: Label | None = None) -> ReportedResult:
    result = make_result(DOC, 5, value, label=label, conditions=WORKLOAD)
    return result.model_copy(update={"parts": parts})


TYPED = Label.of(
    [LabelPart("Llama 2 7B", role="model"), LabelPart("8", "concurrency", role="concurrency")],
    "decode",
)


def test_a_typed_label_is_written_from_its_parts() -> None:
    assert short_label(_result("ignored", parts=TYPED)) == "Llama 2 7B, concurrency 8, decode"


def test_a_shared_typed_label_leaves_out_its_workload() -> None:
    assert short_label(_result("ignored", parts=TYPED), shared=True) == "Llama 2 7B, decode"


def test_a_typed_label_of_workload_alone_keeps_it_when_shared() -> None:
    only = Label.of([LabelPart("8", "concurrency", role="concurrency")])
    assert short_label(_result("ignored", parts=only), shared=True) == "concurrency 8"


def test_an_empty_typed_label_falls_back_to_the_written_one() -> None:
    assert short_label(_result("Qwen3-30B", parts=Label())) == "Qwen3-30B"


@pytest.mark.parametrize(
    ("label", "value", "expected"),
    [
        # the docstring's case: the figure's own value and its place left out
        ("A › Llama 2 7B / 1 x RasPi 5 8 GB › 441.09 ms", 441.09, "Llama 2 7B / 1 x RasPi 5 8 GB"),
        ("vLLM › Qwen3 <sup>1</sup>", 47.91, "Qwen3"),  # markup cut
        ("Qwen3 › 47.91 tok/s", 47.91, "Qwen3"),  # the figure's own value
        ("Qwen3 › 101.81 ms", 5.0, "Qwen3"),  # another figure
        ("441.09 ms <sup>1</sup>", 441.09, "441.09 ms"),  # nothing but figures: kept
        ("Qwen3-30B › FP8", 47.91, "Qwen3-30B FP8"),  # a short last part joins the rest
        ("a1, b22, c33, d44", 47.91, "a1, d44"),  # more than three settings: the ends
        ("a1, b22, c33", 47.91, "a1, b22, c33"),
        ("Llama   2\t7B", 47.91, "Llama 2 7B"),  # spacing collapsed
        ("<b>x</b>", 47.91, "<b>x</b>"),  # nothing before the markup: its own words
    ],
)
def test_a_written_label_names_its_configuration(label: str, value: float, expected: str) -> None:
    assert short_label(_result(label, value)) == expected


def test_a_long_written_label_is_cut_at_a_word_without_its_comma() -> None:
    label = "alpha beta gamma delta epsilon zeta eta theta iota kappa, lambda mu nu xi"
    name = short_label(_result(label))
    assert len(label) > MAX_NAME_CHARS
    assert name == "alpha beta gamma delta epsilon zeta eta theta iota kappa"


def test_a_shared_written_label_leaves_out_the_workload_it_states() -> None:
    assert short_label(_result("Qwen3, tg 1024, 8"), shared=True) == "Qwen3"
    assert short_label(_result("Qwen3, tg 1024, 8")) == "Qwen3, tg 1024, 8"
    assert short_label(_result("tg 1024"), shared=True) == "tg 1024"  # nothing else: kept
