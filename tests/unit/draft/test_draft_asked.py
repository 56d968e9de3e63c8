"""The questions the record raises beside its facts (draft/asked.py): which artifact was
measured, what changes between the arms, asked only when the record holds the answer and
never naming two spellings of one thing as two arms."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_result
from draftflow.draft import EditorialDraft
from draftflow.draft.templates import draft_deterministic
from draftflow.record.model import ModelArtifact
from draftflow.select.metadata_model import RecordMetadata
from extract_support import selection_of, snapshot_of

HASH = "9e165c30e2704aec5d9d593cce3eebd58bbef1cb"
RUNS = f"""# Qwen3-30B-A3B on one DGX Spark

Weights: `Qwen/Qwen3-30B-A3B` at revision `{HASH}`.

| engine | precision | decode tok/s |
|---|---|---|
| llama.cpp | Q4_K_M | 71.5 |
| vLLM | FP8 | 52.2 |
"""
BASE: dict[str, JsonValue] = {"model": "Qwen3-30B-A3B", "system": "DGX Spark"}


def _draft(rows: list[dict[str, JsonValue]], *, artifact: bool = True) -> EditorialDraft:
    snapshot = snapshot_of({"README.md": RUNS})
    document = snapshot.documents[0]
    results = [
        make_result(document, 7, 71.5, conditions={**BASE, **rows[0]}),
        make_result(document, 8, 52.2, conditions={**BASE, **rows[1]}),
    ]
    meta = RecordMetadata(model_label="Qwen3-30B-A3B", runtimes=["llama.cpp", "vLLM"])
    if artifact:
        meta.model_artifact = ModelArtifact(id="Qwen/Qwen3-30B-A3B", revision=HASH)
        meta.evidence = {
            "model_artifact": document.line_url(3),
            "model_revision": document.line_url(3),
        }
    return draft_deterministic(snapshot, selection_of(results), meta)


def _section(draft: EditorialDraft, start: str) -> str | None:
    found = [s for s in draft.sections if s.heading.startswith(start)]
    return " ".join(found[0].paragraphs) if found else None


LLAMA: dict[str, JsonValue] = {"engine": "llama.cpp", "weight_precision": "Q4_K_M"}
VLLM: dict[str, JsonValue] = {"engine": "vLLM", "weight_precision": "FP8"}


def test_the_artifact_is_asked_about_first_with_its_revision() -> None:
    draft = _draft([LLAMA, VLLM])
    assert draft.sections[0].heading == "Which Qwen3-30B-A3B artifact was measured?"
    assert draft.sections[0].paragraphs == [
        f"The headline figures were measured on the weights of Qwen/Qwen3-30B-A3B at revision "
        f"{HASH}."
    ]
    assert _section(_draft([LLAMA, VLLM], artifact=False), "Which Qwen3") is None


def test_the_arms_are_named_by_what_splits_them_and_what_moves_with_it() -> None:
    text = _section(_draft([LLAMA, VLLM]), "What changes between the llama.cpp and vLLM arms?")
    assert text is not None
    assert "Besides the engine, the arms differ in weight precision" in text
    assert "not an effect of the engine alone" in text


def test_two_spellings_of_one_engine_are_no_two_arms() -> None:
    rows: list[dict[str, JsonValue]] = [{"engine": "SGLang"}, {"engine": "sglang v0.5.14 image"}]
    assert _section(_draft(rows), "What changes between") is None


def test_only_one_setting_differs_is_not_said_when_the_system_differs_too() -> None:
    rows: list[dict[str, JsonValue]] = [
        {"engine": "llama.cpp", "system": "GB10"},
        {"engine": "vLLM", "system": "DGX Spark"},
    ]
    text = _section(_draft(rows), "What changes between")
    assert text is None or "only the engine differs" not in text
    same: list[dict[str, JsonValue]] = [{"engine": "llama.cpp"}, {"engine": "vLLM"}]
    text = _section(_draft(same), "What changes between")
    assert text is not None and "only the engine differs" in text


def test_a_setting_some_figures_leave_unstated_is_no_difference_nor_sameness() -> None:
    """cadamcat: the llama.cpp arm names its models and the vLLM arm does not; rhattala: one
    arm names its engine. "Only the engine differs" and "the arms differ in engine" were
    read from a null on one side."""
    rows: list[dict[str, JsonValue]] = [
        {"engine": "llama.cpp", "node_count": 2, "model": None, "speculative_decoding": "MTP"},
        {"engine": "vLLM", "node_count": 2, "model": None},
    ]
    text = _section(_draft(rows), "What changes between")
    assert text is not None and "They share node count" in text
    assert "only the engine differs" not in text
    rows = [{"node_count": 2, "engine": None}, {"node_count": 1, "engine": "SGLang"}]
    text = _section(_draft(rows), "What changes between")
    assert text is None or "differ in engine" not in text


def test_the_arms_name_what_they_share_and_what_only_some_state() -> None:
    """PalatineVision and XiongjieDai both read "They share engine." under their arms
    question: one body in two repositories, and no answer to what changes (read33-s19)."""
    rows: list[dict[str, JsonValue]] = [
        {"weight_precision": "Q4_K_M", "engine": "vLLM", "concurrency": 4},
        {"weight_precision": "FP8", "engine": "vLLM"},
    ]
    text = _section(_draft(rows), "What changes between")
    assert text is not None and "They share model Qwen3-30B-A3B and engine vLLM." in text
    # a sweep point is no arm's setting: one figure at concurrency 4 beside one that states
    # none leaves the precision arms' other settings as they were (Sergey-Kit, read33-s26b)
    assert "concurrency" not in text


CELLS = """# Two models on one Strix Halo

| model | quant | backend | -fa | max_mem | tg128 |
|---|---|---|---|---|---|
| GLM-4.5-Air | UD-Q4_K_XL | vulkan_radv | -fa 1 | 68851 | 23.35 |
| gpt-oss-20b | F16 | hip |  | 14186 | 47.36 |
"""


def test_the_arms_differ_in_every_setting_their_row_cells_state() -> None:
    """lhl: "Besides the model, the arms differ in weight precision" left out the backend
    (vulkan_radv against hip) and flash attention (`-fa 1` on one arm only) that the figures'
    own source cells state (read33-s21); a measured cell (`max_mem`) is no setting."""
    snapshot = snapshot_of({"README.md": CELLS})
    document = snapshot.documents[0]
    glm: dict[str, JsonValue] = {
        "model": "GLM-4.5-Air",
        "weight_precision": "UD-Q4_K_XL",
        "source_cells": {
            "backend": "vulkan_radv",
            "-fa": "-fa 1",
            "max_mem": 68851,
            "column 1": "Vulkan",
            "model": "GLM-4.5-Air-UD",
        },
    }
    oss: dict[str, JsonValue] = {
        "model": "gpt-oss-20b",
        "weight_precision": "F16",
        "source_cells": {"backend": "hip", "max_mem": 14186},
    }
    results = [
        make_result(document, 5, 23.35, conditions=glm),
        make_result(document, 6, 47.36, conditions=oss),
    ]
    draft = draft_deterministic(snapshot, selection_of(results), RecordMetadata())
    text = _section(draft, "What changes between the GLM-4.5-Air and gpt-oss-20b arms?")
    assert text is not None
    assert (
        "Besides the model, the arms differ in weight precision and backend, and only some "
        "figures state their -fa, so a gap between them is not an effect of the model alone."
    ) in text
    assert "max" not in text
    assert "column" not in text  # a cell without a header names no setting (rhattala)
    assert "state their model" not in text  # a `model` cell is the model condition's (jvr0x)


def test_a_cell_every_row_has_is_stated_by_every_figure_though_a_condition_reads_it() -> None:
    """NexVeridian (issue 33): every row has a `Type` cell; where it reads `MLX` the engine
    condition holds it, where `GUFF` it stands as a cell, and "Some figures state their type
    and others do not" was written of a column every row fills."""
    mlx: dict[str, JsonValue] = {"engine": "MLX", "source_cells": {"Type": "MLX"}}
    gguf: dict[str, JsonValue] = {"engine": "LM Studio", "source_cells": {"Type": "GUFF"}}
    text = _section(_draft([mlx, gguf]), "What changes between")
    assert text is None or "state their type" not in text
    # a cell only one row of the table has is still one some figures leave unstated (a row
    # of the same table: one with no cells is no row of it, read33-s26b)
    bare: dict[str, JsonValue] = {"engine": "LM Studio", "source_cells": {"Size": "2 GB"}}
    typed: dict[str, JsonValue] = {"Type": "GUFF", "Size": "4 GB"}
    text = _section(_draft([{**mlx, "source_cells": typed}, bare]), "What changes")
    assert text is not None and "Some figures state their type and others do not" in text


OLLAMA = """# Ollama on Jetson Orin NX

| model | quantization | tok/s |
|---|---|---|
| DeepSeek R1 1.5B | Q4_K_M | 15 |
| Qwen 2.5 0.5B | Q4_K_M | 25 |
| Llama 3.2 1B | Q8_0 | 17 |
| Qwen 2.5 Coder 0.5B | Q8_0 | 25 |
"""


def test_arms_whose_figures_differ_within_say_so() -> None:
    """Advantech (read33-s23): "What changes between the Q4_K_M, Q4_0 and Q8_0 arms? They
    share engine Ollama." over arms each of which holds several models."""
    snapshot = snapshot_of({"README.md": OLLAMA})
    document = snapshot.documents[0]
    rows = [("DeepSeek R1 1.5B", "Q4_K_M"), ("Qwen 2.5 0.5B", "Q4_K_M")]
    rows += [("Llama 3.2 1B", "Q8_0"), ("Qwen 2.5 Coder 0.5B", "Q8_0")]
    values = [15.0, 25.0, 17.0, 25.0]
    results = [
        make_result(
            document,
            5 + i,
            value,
            conditions={"model": model, "weight_precision": precision, "engine": "Ollama"},
        )
        for i, ((model, precision), value) in enumerate(zip(rows, values, strict=True))
    ]
    draft = draft_deterministic(
        snapshot, selection_of(results), RecordMetadata(runtimes=["Ollama"])
    )
    text = _section(draft, "What changes between the Q4_K_M and Q8_0 arms?")
    assert text is not None, [s.heading for s in draft.sections]
    assert "Within an arm the figures also differ in model" in text, text


def test_a_row_label_read_as_a_model_or_another_metric_makes_no_arm() -> None:
    """Memetica (read33-s27): "What changes between the Gemma-3-12B and Speedup arms?" set a
    table's `Speedup` row (MLX over PyTorch ratios) beside the model's tokens/s as an arm."""
    text = "# Gemma-3-12B speed\n\n| | Short | Average |\n|---|---|---|\n"
    text += "| MLX FP16 | 29.0 | 28.09 |\n| Speedup | 2.75x | 1.88x |\n"
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    mlx: dict[str, JsonValue] = {
        "model": "Gemma-3-12B",
        "weight_precision": "FP16",
        "engine": "MLX",
    }
    speed = make_result(document, 5, 28.09, conditions=mlx)
    for update in ({"metric": "ratio", "unit": "×"}, {}):
        # a ratio beside the tokens/s, or the label beside a tokens/s of its own: no model
        row = make_result(document, 6, 1.88, conditions={"model": "Speedup"})
        draft = draft_deterministic(
            snapshot, selection_of([speed, row.model_copy(update=update)]), RecordMetadata()
        )
        assert _section(draft, "What changes between") is None, draft.sections
