"""The typed `Label`: each part once, no other cell's value, one rendering."""

from __future__ import annotations

import pytest

from draftflow.record.label import Label, LabelPart, fold, is_measured_value


def test_a_part_repeated_in_another_case_or_punctuation_is_written_once() -> None:
    label = Label.of(
        [LabelPart("Code probe (greedy)"), LabelPart("code probe greedy"), LabelPart("vLLM + MTP")],
        "tok/s",
    )
    assert label.text() == "Code probe (greedy), vLLM + MTP, tok/s"
    assert fold("Code probe (greedy)") == fold("code-probe greedy")


def test_the_row_header_that_repeats_the_model_cell_is_not_written_twice() -> None:
    # turboderp's qcache table: the Model cell and the row header are the same words
    parts = [LabelPart("Mistral 7B Instruct", "Model"), LabelPart("Mistral 7B Instruct")]
    assert Label.of(parts, "FP16 cache").text() == "Mistral 7B Instruct, FP16 cache"


def test_another_cells_measured_value_is_no_part_of_the_label() -> None:
    parts = [
        LabelPart("Qwen3.6-35B-A3B think-OFF", "Config"),
        LabelPart("53.5 %", "Pass rate", named=False),
        LabelPart("13.2", "Mean calls", named=False),
        LabelPart("44%", "No-Think", named=True),
    ]
    label = Label.of(parts, "Solved")
    assert label.text() == "Qwen3.6-35B-A3B think-OFF, Solved"
    assert "53.5" not in label.text() and "13.2" not in label.text()


def test_a_named_setting_keeps_its_number_with_its_name() -> None:
    label = Label.of([LabelPart("8", "concurrency"), LabelPart("vLLM", "engine")], "decode tok/s")
    assert label.text() == "concurrency 8, vLLM, decode tok/s"
    assert label.configuration() == "concurrency 8, vLLM"
    assert label.parts[0].name == "concurrency" and label.parts[0].value == "8"


def test_the_figure_and_its_qualifier_close_the_label() -> None:
    label = Label.of([LabelPart("7b")], "Result", "(value 2 of 3)")
    assert label.figure() == "Result (value 2 of 3)"
    assert label.text() == "7b, Result (value 2 of 3)"
    assert label.with_qualifier("(of 100)").text() == "7b, Result (value 2 of 3) (of 100)"


def test_a_part_that_only_repeats_what_the_figure_is_is_dropped() -> None:
    label = Label.of([LabelPart("Memory bandwidth", "Metric")], "memory bandwidth")
    assert label.text() == "memory bandwidth"


def test_with_parts_adds_a_setting_once() -> None:
    label = Label.of([LabelPart("vLLM")], "TTFT")
    assert label.with_parts(LabelPart("4", "concurrency"), LabelPart("VLLM")).text() == (
        "vLLM, concurrency 4, TTFT"
    )


def test_nothing_named_falls_back_to_the_place() -> None:
    label = Label.of([], "", fallback="README.md, Results")
    assert label.text() == "README.md, Results"
    assert label.configuration() == "README.md, Results"
    assert Label.of([], "Decode", fallback="README.md").configuration() == "README.md"


def test_measured_values_are_told_from_names() -> None:
    assert is_measured_value("53.5 %") and is_measured_value("~239 GB")
    assert LabelPart("34.24", "cand7", named=False).is_other_figure()
    assert not LabelPart("2", "K", named=False).is_other_figure()
    assert not is_measured_value("Q4_K_M") and not is_measured_value("3090 24GB")


def test_a_condition_is_written_as_a_label_part_one_way() -> None:
    from draftflow.record.label import condition_part

    written = {
        ("engine", "vLLM"): "vLLM",
        ("concurrency", 8): "concurrency 8",
        ("thinking", False): "thinking off",
        ("kv_cache_dtype", "fp8"): "KV fp8",
        ("temperature", 0.6): "temperature 0.6",
        ("speculative_decoding", "MTP"): "MTP",
    }
    for (key, value), text in written.items():
        part = condition_part(key, value)
        assert part is not None and part.text() == text and part.role == key
    assert condition_part("source_cells", {"a": 1}) is None
    assert condition_part("verbose", True) is None


def test_a_parts_other_figure_verdict_is_judged_once_and_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`Label.of` asks every part whether it is another cell's measurement each time a label
    grows (`with_parts`: a data file's figures, ~8 parts each); the verdict is the part's own,
    judged once (4 % of a draft of lhl's llm-bench subset judged it 520,000 times)."""
    import draftflow.record.label as label_module

    judged: list[str] = []
    measured = label_module.is_measured_value

    def counting(text: str) -> bool:
        judged.append(text)
        return measured(text)

    monkeypatch.setattr(label_module, "is_measured_value", counting)
    cell = LabelPart("34.2 tok/s", "decode")
    setting = LabelPart("8", "concurrency")
    label = Label.of([setting, cell], "tok/s")
    for _ in range(5):
        label = label.with_parts(LabelPart("vLLM", role="engine"))
    assert [part.text() for part in label.parts] == ["concurrency 8", "vLLM"]
    assert cell.is_other_figure() and not setting.is_other_figure()
    assert judged == ["34.2 tok/s"]
