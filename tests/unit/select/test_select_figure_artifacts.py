"""A headline figure's own model artifact: the one id a source names for its model and
precision (issue 33: thesteve0's `models/mellum2.md` names the Q6_K GGUF its row measured)."""

from __future__ import annotations

from documents import make_document, make_result
from draftflow.select.figure_artifacts import FigureArtifacts, with_figure_artifact

CARD = """# Mellum2 12B-A2.5B Thinking

**HuggingFace (Q8_0 GGUF):** https://huggingface.co/JetBrains/Mellum2-12B-A2.5B-Thinking-GGUF-Q8_0
**HuggingFace (Q6_K GGUF):** https://huggingface.co/JetBrains/Mellum2-12B-A2.5B-Thinking-GGUF-Q6_K
**HuggingFace (base model):** https://huggingface.co/JetBrains/Mellum2-12B-A2.5B-Thinking
"""
TABLE = (
    "| Model | Quant | Generation Speed |\n|---|---|---|\n"
    "| Mellum2 12B-A2.5B | Q6_K | 92.89 t/s |\n"
)


def test_the_one_id_of_a_figures_model_and_precision_is_its_artifact_cited_at_its_line() -> None:
    card = make_document("models/mellum2.md", CARD)
    table = make_document("initial_path.md", TABLE)
    result = make_result(
        table, 3, 92.89, conditions={"model": "Mellum2 12B-A2.5B", "weight_precision": "Q6_K"}
    )
    evidence: dict[str, str] = {}
    found = with_figure_artifact(result, FigureArtifacts([card, table]), evidence, "k")
    assert found.conditions["model_artifact"] == "JetBrains/Mellum2-12B-A2.5B-Thinking-GGUF-Q6_K"
    assert found.condition_sources == {"model_artifact": ["models/mellum2.md:4"]}
    assert evidence == {"k": card.line_url(4)}
    # no precision to choose between three ids: a guess, so none
    bare = make_result(table, 3, 92.89, conditions={"model": "Mellum2 12B-A2.5B"})
    assert (
        with_figure_artifact(bare, FigureArtifacts([card]), {}, "k").conditions.get(
            "model_artifact"
        )
        is None
    )
    # a model no id names keeps none
    other = make_result(table, 3, 9.0, conditions={"model": "Qwen3-8B", "weight_precision": "Q6_K"})
    assert (
        "model_artifact"
        not in with_figure_artifact(other, FigureArtifacts([card]), {}, "k").conditions
    )


def test_an_engines_own_build_is_only_that_engines_figures_artifact() -> None:
    # read31-s23: FastFlowLM's `FastFlowLM/Llama-3.2-1B-NPU2` on the LM Studio iGPU row
    models = make_document(
        "src/model_list.json",
        '{"llama3.2:1b": "https://huggingface.co/FastFlowLM/Llama-3.2-1B-NPU2"}\n',
    )
    table = make_document(
        "bench.md", "| Model | Hardware | W |\n|---|---|---|\n| LLaMA 3.2 1B | iGPU | 14.12 |\n"
    )
    artifacts = FigureArtifacts([models, table])
    npu = make_result(table, 3, 14.12, conditions={"model": "Llama 3.2 1B", "engine": "FastFlowLM"})
    igpu = make_result(table, 3, 14.12, conditions={"model": "Llama 3.2 1B"})
    assert with_figure_artifact(npu, artifacts, {}, "k").conditions.get("model_artifact") == (
        "FastFlowLM/Llama-3.2-1B-NPU2"
    )
    assert with_figure_artifact(igpu, artifacts, {}, "k").conditions.get("model_artifact") is None
