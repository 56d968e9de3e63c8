"""The author's status words and attributions, read by structure from synthetic repositories."""

from __future__ import annotations

import asyncio

from documents import make_document
from draftflow.extract import extract
from draftflow.extract.attribution import attribution_marks
from draftflow.extract.status_words import (
    column_marker,
    in_sentence,
    marker,
    status_marks,
    without_column_marker,
)
from draftflow.record.standing import AttributionKind, StandingScope, Status
from extract_support import snapshot_of

TABLE = "| Model | Decode tok/s |\n|---|---|\n| Qwen3-8B | 41.5 |\n"


def _results(files: dict[str, str]) -> dict[str, object]:
    extraction = asyncio.run(extract(snapshot_of(files), None))
    return {f"{r.source_path}:{r.value}": r for r in extraction.reported_results}


def test_a_contaminated_file_name_marks_every_figure_of_the_file() -> None:
    files = {"results/run-CONTAMINATED.json": '{"decode_tok_s": 41.5}\n', "README.md": "# x\n"}
    result = _results(files)["results/run-CONTAMINATED.json:41.5"]
    assert result.status is not None  # type: ignore[attr-defined]
    assert result.status.status is Status.CONTAMINATED  # type: ignore[attr-defined]
    assert result.status.scope is StandingScope.FILE_NAME  # type: ignore[attr-defined]
    assert result.status.words == "CONTAMINATED"  # type: ignore[attr-defined]


def test_a_retracted_section_marks_its_figures_and_no_other() -> None:
    text = f"# Bench\n\n## Results\n\n{TABLE}\n## RETRACTED\n\n{TABLE.replace('41.5', '77.2')}"
    results = _results({"README.md": text})
    assert results["README.md:41.5"].status is None  # type: ignore[attr-defined]
    marked = results["README.md:77.2"].status  # type: ignore[attr-defined]
    assert marked is not None and marked.status is Status.RETRACTED
    assert marked.line == 9 and marked.scope is StandingScope.SECTION


def test_a_sentence_about_the_numbers_marks_its_section() -> None:
    text = f"# Bench\n\n## Old\n\nThese numbers are superseded by the rerun.\n\n{TABLE}"
    found = _results({"README.md": text})["README.md:41.5"].status  # type: ignore[attr-defined]
    assert found is not None and found.status is Status.SUPERSEDED


def test_negations_do_not_count() -> None:
    assert in_sentence("These numbers are not contaminated.") is None
    assert in_sentence("The results are no longer estimated.") is None
    assert marker("not estimated") is None
    assert marker("Non-retracted runs") is None
    text = f"# Bench\n\n## Results\n\nThese results are not contaminated.\n\n{TABLE}"
    assert _results({"README.md": text})["README.md:41.5"].status is None  # type: ignore[attr-defined]


def test_a_status_word_that_qualifies_something_else_is_no_mark() -> None:
    assert marker("Invalid XML/KSML") is None
    assert marker("FAIL — need 1.12 GiB KV (est. max_len 22704)") is None
    assert in_sentence("Why is tool calling broken in Ollama?") is None
    assert in_sentence("Note: invalid JSON can still arrive in the args.") is None
    assert marker("~90-92 (estimated)") is not None


def test_front_matter_and_comments_name_who_measured() -> None:
    text = (
        "---\nid: 012\nurl: https://github.com/o/n/issues/1\npublisher: GitHub (vLLM)\n---\n\n"
        "author:\tpcgeek86\n--\nI get 75 tok/s on my RTX 5080.\n"
    )
    marks = attribution_marks(make_document("sources/012-issue.md", text))
    whos = {(m.standing.who, m.standing.kind) for m in marks}  # type: ignore[union-attr]
    assert ("GitHub (vLLM)", AttributionKind.QUOTED_SOURCE) in whos
    assert ("pcgeek86", AttributionKind.COMMENTER) in whos


def test_a_named_party_is_attributed_and_a_tool_is_not() -> None:
    text = (
        "# Plan\n\nThe QuantTrio recipe reports ~28.8 tok/s per node.\n\n"
        "Memory reported by llama.cpp: 122501 MiB.\n\nAccording to NVIDIA the peak is 1 PFLOP.\n"
    )
    marks = attribution_marks(make_document("docs/plan.md", text))
    whos = sorted(m.standing.who for m in marks)  # type: ignore[union-attr]
    assert whos == ["NVIDIA", "The QuantTrio recipe"]


def test_status_marks_of_a_plain_document_are_none() -> None:
    text = f"# Bench\n\n## Results\n\nAll runs were repeated three times.\n\n{TABLE}"
    assert status_marks(make_document("README.md", text)) == []


def test_a_column_header_status_marks_that_columns_figures_and_no_other() -> None:
    # Synthetic, modelled on the issue (`tok/s (estimated)`, `~est.`): no corpus table has one.
    text = (
        "# Bench\n\n| Model | Decode tok/s (estimated) | Prefill tok/s ~est. | Decode tok/s |\n"
        "|---|---|---|---|\n| Qwen3-8B | 38.0 | 900 | 35.5 |\n"
    )
    results = _results({"README.md": text})
    for key, words in (("README.md:38.0", "estimated"), ("README.md:900", "est.")):
        marked = results[key].status  # type: ignore[attr-defined]
        assert marked is not None and marked.status is Status.ESTIMATED
        assert marked.scope is StandingScope.COLUMN and marked.line == 3
        assert marked.words == words
    # the estimated column stays a figure column, not a setting of its neighbours
    measured = results["README.md:35.5"]
    assert measured.status is None  # type: ignore[attr-defined]
    assert "Decode tok/s (estimated)" not in str(measured.conditions)  # type: ignore[attr-defined]
    assert results["README.md:38.0"].metric == "decode_rate"  # type: ignore[attr-defined]


def test_a_header_that_is_only_a_status_word_names_a_quantity() -> None:
    assert column_marker("Invalid") is None
    assert column_marker("tok/s (measured)") is None
    found = column_marker("tok/s (est.)")
    assert found is not None and found.status is Status.ESTIMATED
    assert without_column_marker("Decode tok/s (estimated)") == "Decode tok/s"
    assert without_column_marker("Prefill tok/s ~est.") == "Prefill tok/s"
