"""A figure's conditions from the contexts beyond its own document section
(`extract/conditions/resolve.py`, `seed_conditions`): the document's introduction, the
README's title and introduction, and what the repository's setup sections state."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions

README = DocumentContext(
    make_document("README.md", "# Bench\n\nAll runs on one NVIDIA DGX Spark.\n")
)
RESULTS = """# Decode speed

## Results

Decode speed of Qwen2.5 7B was 41.2 tok/s.
"""


def _conditions(
    document: str,
    *,
    readme: DocumentContext | None = None,
    repository: dict[str, JsonValue] | None = None,
) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("docs/run.md", document))
    line = document.splitlines().index("Decode speed of Qwen2.5 7B was 41.2 tok/s.") + 1
    return seed_conditions(
        {},
        text="41.2",
        value=41.2,
        line=line,
        column=None,
        context=context,
        readme=readme,
        repository=repository,
    )


def test_a_version_the_introduction_states_without_naming_what_is_the_engines() -> None:
    intro = RESULTS.replace(
        "\n## Results", "Measured with llama.cpp, tested on 0.3.1 version.\n\n## Results"
    )
    found = _conditions(intro)
    assert found["engine"] == "llama.cpp"
    assert found["engine_version"] == "0.3.1"


def test_a_stated_version_without_an_engine_is_no_ones() -> None:
    found = _conditions(RESULTS.replace("\n## Results", "Tested on 0.3.1 version.\n\n## Results"))
    assert "engine_version" not in found


def test_the_readme_names_the_system_of_a_figure_whose_chain_names_none() -> None:
    assert _conditions(RESULTS, readme=README)["system"] == "NVIDIA DGX Spark"


def test_the_readme_system_is_not_put_where_the_chain_names_other_machines() -> None:
    compared = RESULTS.replace("## Results", "## Results: RTX 4090 vs Apple M2 Ultra")
    assert "system" not in _conditions(compared, readme=README)
    assert "system" not in _conditions(compared, repository={"system": "NVIDIA DGX Spark"})


def test_a_repository_version_is_put_only_with_its_own_engine() -> None:
    repository: dict[str, JsonValue] = {"engine": "vLLM", "engine_version": "0.20.1"}
    found = _conditions(RESULTS, repository=repository)
    assert (found["engine"], found["engine_version"]) == ("vLLM", "0.20.1")
    other = _conditions(
        RESULTS.replace("## Results", "## Results with SGLang"), repository=repository
    )
    assert other["engine"] == "SGLang"
    assert "engine_version" not in other


ENGINE_TABLE = """# Decode

| Model | GPU | MLC LLM (tok/sec) | Llama.cpp (tok/sec) | Speedup over vLLM |
|---|---|---|---|---|
| Llama2-7B | RTX 4090 | 204.8 | 151.1 | 1.4 |
"""


def _table_conditions(value: str) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("README.md", ENGINE_TABLE))
    return seed_conditions(
        {}, text=value, value=float(value), line=5, column=None, context=context, readme=None
    )


def test_a_column_header_naming_an_engine_is_the_engine_of_its_figures() -> None:
    """mlc-ai/llm-perf-bench README.md:28 (team gold): one column per engine, as written."""
    assert _table_conditions("204.8")["engine"] == "MLC LLM"
    assert _table_conditions("151.1")["engine"] == "Llama.cpp"


def test_a_column_comparing_with_an_engine_names_no_engine() -> None:
    assert "engine" not in _table_conditions("1.4")
