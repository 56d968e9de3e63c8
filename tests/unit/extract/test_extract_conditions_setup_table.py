"""A setup written as a key-value table states the run's load and lengths (issue 31).

A report's `## Setup` (or `## 2. Experimental conditions`) written as a two-column table whose
header cells are empty (`| | |`, then `| Concurrency | 4 |`, `| Prompt tokens | 64 |`) states
the concurrency and token counts of every figure of its document, each cited to its row, which
verify re-reads there (a two-cell row's first cell names the count over its second:
luongnv89/dgx-spark-llm-lab's `results/*/REPORT.md`, Sergey-Kit/Local-inference-benchmark-
Ollama-vs-llama.cpp-vs-vLLM's README). A value stating two counts (`512 tokens/slot (sweep),
4096 tokens/slot (long prompt)`) states none; a key that names no setting (`Throughput`)
states none either.
"""

from __future__ import annotations

from documents import make_document
from draftflow.extract import harvest
from draftflow.extract.conditions import DocumentContext
from draftflow.extract.conditions.place_reading import counts_at
from draftflow.extract.conditions.setup import is_setup_title, setup_source
from draftflow.extract.conditions.setup_reading import setup_conditions
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

REPORT = """# Ornith vs Qwen

**Question.** Should Ornith replace Qwen behind the endpoint?

## Setup

| | |
|---|---|
| Endpoint | `http://localhost:8001` |
| Tasks | 28 |
| Concurrency | 4 |
| Prompt tokens | 64 |
| Context | 512 tokens/slot (sweep), 4096 tokens/slot (long prompt) |

## Results

| Run | pass@1 | tok/s |
|---|---|---|
| Ornith think-OFF 6k | 60.7 % | 36.5 |
| Qwen3.6 think-ON 16k | 82.1 % | 47.8 |
"""


def _figures(files: dict[str, str]) -> dict[float, tuple[dict[str, object], dict[str, list[str]]]]:
    snapshot = snapshot_of(files)
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    return {float(r.value): (dict(r.conditions), dict(r.condition_sources or {})) for r in results}


def test_a_key_value_setup_table_states_concurrency_and_prompt_length() -> None:
    setup = setup_conditions(setup_source(make_document("REPORT.md", REPORT)))
    assert setup["concurrency"] == 4
    assert setup["input_tokens"] == 64
    assert "context_tokens" not in setup  # two lengths in one value: none


def test_each_figure_takes_them_cited_to_the_setup_rows() -> None:
    conditions, sources = _figures({"results/REPORT.md": REPORT})[47.8]
    assert conditions["concurrency"] == 4
    assert conditions["input_tokens"] == 64
    assert sources["concurrency"] == ["results/REPORT.md:11"]
    assert sources["input_tokens"] == ["results/REPORT.md:12"]


def test_a_two_cell_row_states_the_count_its_first_cell_names() -> None:
    """What verify re-reads at the cited row: `| Concurrency | 4 |` states concurrency 4."""
    context = DocumentContext(make_document("REPORT.md", REPORT))
    assert counts_at(context, 11, "concurrency") == {4}
    assert counts_at(context, 12, "input_tokens") == {64}
    assert counts_at(context, 10, "concurrency") == frozenset()  # `| Tasks | 28 |`


def test_experimental_conditions_is_a_setup_heading() -> None:
    assert is_setup_title("2. Experimental conditions")
    assert is_setup_title("Test conditions")
    assert not is_setup_title("Conditions of use")


SWEEP = """# Runtimes

## Throughput vs concurrency

| concurrent requests | 1 | 4 |
|---|---|---|
| **llama.cpp** | **69.6** | **102.7** |
| **vLLM** | 13.0 | 21.7 |

*output tokens/s, median of 3 runs, 64-token prompts*
"""


def test_an_italic_note_below_a_table_states_its_prompt_length() -> None:
    """A table's note in italics below it (Sergey-Kit's) is read as its caption is, and cited."""
    figures = _figures({"README.md": SWEEP})
    conditions, sources = figures[102.7]
    assert conditions["concurrency"] == 4
    assert conditions["input_tokens"] == 64
    assert sources["input_tokens"] == ["README.md:10"]
    plain_note = SWEEP.replace("*output", "output").replace("prompts*", "prompts")
    plain = _figures({"README.md": plain_note})
    assert "input_tokens" not in plain[102.7][0]  # a sentence below a table may be the next's


def test_a_compound_count_names_its_setting() -> None:
    from draftflow.extract.conditions.run_settings import settings_in_text

    assert settings_in_text("median of 3 runs, 64-token prompts").single() == {"input_tokens": 64}
    assert settings_in_text("a 128-token output").single() == {"output_tokens": 128}
    assert settings_in_text("8-way concurrent requests").single() == {}


def test_a_rate_under_a_length_word_is_no_length() -> None:
    """`- Estimated token generation speed: ~30ms per token` in a setup section (johnahull/
    llm-d-xks-gke) names a rate, not 30 generated tokens: only a bare count is a length."""
    notes = "# TPU\n\n## Test setup\n\n- Estimated token generation speed: ~30ms per token\n"
    setup = setup_conditions(setup_source(make_document("BENCHMARKS.md", notes)))
    assert "output_tokens" not in setup
