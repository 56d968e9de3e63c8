"""Labels built from typed conditions (extract/labels.py) and shortened by role (record/label)."""

from __future__ import annotations

from pydantic import JsonValue

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import Selected
from draftflow.extract.labels import LabelBuilder, condition_parts, record_system, told_apart
from draftflow.extract.prose.harvest import PROSE_TABLE
from draftflow.record.label import Label, LabelPart


def _cell(line: int, column: str, text: str, *, table: int = 1) -> Selected:
    candidate = Candidate(
        f"doc:L{line}:{column}",
        "doc",
        "README.md",
        line,
        SourceFormat.MARKDOWN,
        text,
        [float(text)] if text[0].isdigit() else [],
        column,
        table=table,
    )
    return Selected(candidate, "throughput", "tokens/s", "as reported")


def _sentence(line: int, place: tuple[str, ...], metric: str = "throughput") -> Selected:
    candidate = Candidate(
        f"doc:L{line}:p0",
        "doc",
        "README.md",
        line,
        SourceFormat.PROSE,
        "33.85",
        [33.85],
        "Performance › Throughput — single stream (C1) › 33.85 tok/s mean over six batches",
        table=PROSE_TABLE,
        place=place,
    )
    return Selected(candidate, metric, "tokens/s", "mean")


def test_condition_parts_name_model_precision_engine_then_the_system_where_it_differs() -> None:
    conditions: dict[str, JsonValue] = {
        "model": "Qwen3-30B-A3B-FP8",
        "weight_precision": "FP8",
        "engine": "vLLM",
        "system": "RTX 4090",
        "workload": "chat",
        "concurrency": 8,
        "input_tokens": 512,
    }
    parts = condition_parts(conditions, frozenset({"concurrency"}), "DGX Spark")
    # the precision the model's name states is not written twice; input tokens do not vary
    assert [p.text() for p in parts] == [
        "Qwen3-30B-A3B-FP8",
        "vLLM",
        "RTX 4090",
        "chat",
        "concurrency 8",
    ]
    assert [p.role for p in parts] == ["model", "engine", "system", "workload", "concurrency"]
    same_system = condition_parts(conditions, frozenset(), "rtx-4090")
    assert "RTX 4090" not in [p.text() for p in same_system]


def test_record_system_is_the_one_most_figures_state() -> None:
    found = record_system([{"system": "GB10"}, {"system": "GB10"}, {"system": "VM"}, {}])
    assert found == "GB10"
    assert record_system([{}, {"system": None}]) == ""


def test_a_table_label_keeps_the_varying_setting_and_drops_another_cells_value() -> None:
    low, high = _cell(3, "8B Q4_K_M", "70.9"), _cell(4, "8B Q4_K_M", "144.5")
    other = _cell(4, "70B F16", "5.8")  # its column holds figures: `OOM` under it is one too
    conditions: list[dict[str, JsonValue]] = [
        {"system": "3070 8GB", "concurrency": 1},
        {"system": "H100", "concurrency": 8},
        {"system": "H100", "concurrency": 8},
    ]
    figures = list(zip([low, high, other], conditions, strict=True))
    builder = LabelBuilder(figures, [low, high, other])
    row = Label.of([LabelPart("3070 8GB", "GPU"), LabelPart("OOM", "70B F16", named=False)])
    row = Label.of(row.parts, "8B Q4_K_M")
    label = builder.label(low, row, conditions[0])
    # the system differs from the one most figures state; the row's cell only repeats it
    assert label.text() == "3070 8GB, concurrency 1, 8B Q4_K_M"
    on_h100 = builder.label(high, Label.of([LabelPart("H100", "GPU")], "8B Q4_K_M"), conditions[1])
    assert on_h100.text() == "concurrency 8, H100, 8B Q4_K_M"


def test_a_sentence_is_named_by_its_conditions_place_and_metric_not_the_sentence() -> None:
    figure = _sentence(12, ("Performance", "Throughput — single stream (C1)"))
    builder = LabelBuilder([(figure, {"engine": "vLLM"})], [figure])
    label = builder.label(figure, Label.of([], figure.candidate.key), {"engine": "vLLM"})
    assert label.text() == "vLLM, Throughput — single stream (C1), throughput"
    # a lead-in too long to name it gives way to the heading
    long = _sentence(14, ("Performance", "Throughput — aggregate over the whole warm gate run"))
    named = LabelBuilder([(long, {})], [long]).label(long, Label.of([], long.candidate.key), {})
    assert named.text() == "Performance, throughput"


def test_a_long_label_leaves_out_the_row_cells_and_settings_before_model_and_engine() -> None:
    figure = _cell(3, "HumanEval pass@1", "150")
    conditions: dict[str, JsonValue] = {
        "model": "Qwen2.5-Coder-14B-Instruct-FP8-dynamic",
        "engine": "vLLM",
        "workload": "HumanEval full set, greedy decoding",
    }
    row = Label.of([LabelPart("RedHatAI build of the instruct model")], "HumanEval pass@1")
    label = LabelBuilder([(figure, conditions)], [figure]).label(figure, row, conditions)
    assert len(label.text()) <= 80
    assert label.text().startswith("Qwen2.5-Coder-14B-Instruct-FP8-dynamic, vLLM")
    assert label.text().endswith("HumanEval pass@1")


def test_short_drops_parts_by_role_until_it_fits_and_keeps_what_the_figure_is() -> None:
    label = Label.of(
        [
            LabelPart("Llama 2 7B", role="model"),
            LabelPart("Q40", role="weight_precision"),
            LabelPart("Distributed Llama", role="engine"),
            LabelPart("4", "nodes", role="node_count"),
        ],
        "latency",
    )
    assert label.short(80) == "Llama 2 7B, Q40, Distributed Llama, nodes 4, latency"
    assert label.short(40, ("weight_precision", "engine")) == "Llama 2 7B, nodes 4, latency"


def _told(items: list[tuple[Selected, str, dict[str, JsonValue]]]) -> list[str]:
    built = [(item, Label.of([], what), conditions) for item, what, conditions in items]
    return [label.text() for label in told_apart(built)]


def test_labels_alike_are_told_apart_by_the_condition_that_differs() -> None:
    on, off = _cell(3, "pass@1", "82.1"), _cell(4, "pass@1", "80.4")
    labels = _told([(on, "pass@1", {"thinking": True}), (off, "pass@1", {"thinking": False})])
    assert labels == ["thinking on, pass@1", "thinking off, pass@1"]


def test_labels_alike_are_told_apart_by_their_tables_captions() -> None:
    bf16, fp8 = _cell(5, "decode tok/s", "58.89"), _cell(13, "decode tok/s", "59.09", table=2)
    bf16.candidate.caption = "Artifacts: `bench.json` BF16/auto result summary:"
    fp8.candidate.caption = "fp8 result summary:"
    labels = _told([(bf16, "decode tok/s", {}), (fp8, "decode tok/s", {})])
    assert labels == [
        "BF16/auto result summary, decode tok/s",
        "fp8 result summary, decode tok/s",
    ]


def test_values_of_one_cell_are_told_apart_by_the_words_beside_each() -> None:
    text = "**82.1 %** pass@1 thinking-on · 80.4 % thinking-off ([report](r.md))"
    on, off = _cell(3, "accuracy", "82.1"), _cell(3, "accuracy", "80.4")
    on.candidate.text = off.candidate.text = text
    labels = _told([(on, "accuracy", {}), (off, "accuracy", {})])
    assert labels == ["pass@1 thinking-on, accuracy", "thinking-off, accuracy"]


def test_one_figure_and_equal_figures_keep_their_label() -> None:
    figure = _cell(3, "decode tok/s", "41.5")
    assert _told([(figure, "decode tok/s", {"engine": "vLLM"})]) == ["decode tok/s"]
    # a range's other end is not a word beside its value
    low, high = _cell(3, "ratio", "3"), _cell(3, "ratio", "4")
    low.candidate.text = high.candidate.text = "~3-4x faster"
    assert _told([(low, "ratio", {}), (high, "ratio", {})]) == ["ratio", "faster, ratio"]
