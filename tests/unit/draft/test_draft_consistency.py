"""The names check (draft/consistency.py): a sentence naming an engine or system the record
contradicts is not written; what the figures do not state is no contradiction."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document, make_result
from draftflow.draft.consistency import Names
from draftflow.draft.parts import Grounded
from draftflow.draft.templates import draft_deterministic
from draftflow.select.metadata_model import RecordMetadata
from extract_support import selection_of, snapshot_of

README = "# Runs\n\n| engine | decode tok/s |\n|---|---|\n| llama.cpp | 71.5 |\n"


def _names(conditions: dict[str, JsonValue], system: str | None = None) -> Names:
    document = make_document("README.md", README)
    result = make_result(document, 5, 71.5, conditions=conditions)
    return Names("o/dgx-spark-bench", [Grounded(result, document)], ["llama.cpp"], system)


def test_an_engine_no_headline_figure_was_measured_with_is_a_contradiction() -> None:
    names = _names({"engine": "llama.cpp"})
    assert names.contradiction("The figures were measured with llama.cpp.") is None
    assert names.contradiction("SGLang leads with 71.5 tokens/s.") is not None


def test_a_spark_named_for_figures_that_state_another_system_is_a_contradiction() -> None:
    strix = _names({"engine": "llama.cpp", "system": "Strix Halo"}, system="DGX Spark")
    assert strix.contradiction("decode rate of 71.5 tokens/s on Nvidia DGX Spark") is not None
    assert strix.contradiction("o/dgx-spark-bench measures Qwen3 on Strix Halo.") is None
    unstated = _names({"engine": "llama.cpp"}, system="DGX Spark")
    assert unstated.contradiction("71.5 tokens/s on DGX Spark") is None
    spark = _names({"engine": "llama.cpp", "system": "GB10"})
    assert spark.contradiction("71.5 tokens/s on two DGX Sparks") is None


def test_the_template_title_and_answer_never_name_the_readme_s_other_box() -> None:
    """A README that names a DGX Spark while its figures ran on a Strix Halo: no sentence of
    the draft puts the figures on the Spark."""
    text = README + "\nA DGX Spark owner reports other figures.\n"
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    result = make_result(
        document, 5, 71.5, conditions={"engine": "llama.cpp", "system": "Strix Halo"}
    )
    meta = RecordMetadata(runtimes=["llama.cpp", "SGLang"], system="DGX Spark")
    draft = draft_deterministic(snapshot, selection_of([result]), meta)
    prose = [draft.title, draft.summary, draft.answer]
    prose += [p for s in draft.sections for p in [s.heading, *s.paragraphs]]
    assert not [p for p in prose if "Spark" in p.replace("o/demo", "")]
    assert not [p for p in prose if "SGLang" in p]
