"""End to end on the real corpus: `draftflow draft` writes a record that validates, renders,
verifies clean, and is byte-identical when drafted again."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import KeptExtractions, SharedCorpusDraft
from draft_cli import draft_args
from draftflow.acquire import acquire
from draftflow.cli import main
from draftflow.llm import ModelSettings
from draftflow.pipeline.draft import DraftRequest, run_draft
from draftflow.record.files import load_record
from draftflow.record.render import render_markdown
from draftflow.select import load_figures
from draftflow.verify import verify_record

# One repository per result format: nested JSON, Markdown tables, CSV.
CORPUS_EXAMPLES = (
    "jvr0x__dgx-spark-bench",
    "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark",
    "Kleybrink__dgx-spark-bench",
)


SMALL_MODELS = "AsusGx10/benchmarks/small-models"


def written_files(records: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in records.iterdir() if p.is_file()}


@pytest.mark.parametrize("name", CORPUS_EXAMPLES)
def test_deterministic_draft_is_verified_and_reproducible(
    name: str,
    corpus_dir: Path,
    manifest: dict[str, dict[str, Any]],
    shared_corpus_draft: SharedCorpusDraft,
    kept_extractions: KeptExtractions,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`draftflow draft` over the run's shared no-model draft of the folder (conftest: made by
    `run_draft`, once per run): the CLI's own draft, a second independent one, finds nothing
    changed and leaves every byte as the first wrote it. Its extraction is the run's second
    one, made apart from the first (conftest; test_draft's determinism test drafts from it
    too); its selection, draft, verify and files are its own. A fresh folder's first draft
    (`new_record`) is the CLI draft of `test_a_changed_document_shows_in_the_diff`."""
    for variable in ("DRAFTFLOW_BASE_URL", "OPENAI_BASE_URL", "DRAFTFLOW_CASSETTE"):
        monkeypatch.delenv(variable, raising=False)
    entry, folder = manifest[name], corpus_dir / name
    records = Path(shutil.copytree(shared_corpus_draft(name).parent, tmp_path / "records"))
    files = written_files(records)

    with kept_extractions(second=True):
        again = CliRunner().invoke(main, draft_args(folder, entry, records, "--json"))
    assert again.exit_code == 0, again.output
    summary = json.loads(again.output)
    assert summary["changed"] is False and summary["new_record"] is False
    assert written_files(records) == files
    assert summary["errors"] == 0
    # one section per kind of fact the repository's figures give (issue 24), at least one
    assert summary["results"] > 0 and summary["sections"] >= 1
    assert summary["model"] is None and summary["hint"]

    record = load_record(summary["record_path"])
    assert record.id == entry["repository"].replace("/", "-").lower()
    assert Path(summary["article_path"]).read_text() == render_markdown(record)
    snapshot = acquire(str(folder), origin=entry["url"], revision=entry["revision"])
    report = verify_record(record, snapshot)
    assert [f for f in report.flags if f.severity == "error"] == []
    assert "deterministic" in record.editorial.creation_method.lower() or "template" in (
        record.editorial.creation_method.lower()
    )


def test_a_changed_document_shows_in_the_diff(
    corpus_dir: Path,
    manifest: dict[str, dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for variable in ("DRAFTFLOW_BASE_URL", "OPENAI_BASE_URL", "DRAFTFLOW_CASSETTE"):
        monkeypatch.delenv(variable, raising=False)
    name = "heitor-mocelin__dgx-spark-research"
    entry = manifest[name]
    folder = tmp_path / "copy"
    # the repository's README and the folder of the document changed below (17 of its 165
    # files): the whole repository's two no-model drafts were ~45 CPU-s of the suite, and
    # nothing this test checks depends on the documents left out
    (folder / SMALL_MODELS).parent.mkdir(parents=True)
    shutil.copy(corpus_dir / name / "README.md", folder / "README.md")
    shutil.copytree(corpus_dir / name / SMALL_MODELS, folder / SMALL_MODELS)
    records = tmp_path / "records"
    request = DraftRequest(
        source=str(folder),
        records_dir=records,
        settings=ModelSettings(),
        origin=entry["url"],
        revision=entry["revision"],
    )
    # the first draft of a fresh records folder, by the command line
    drafted = CliRunner().invoke(main, draft_args(folder, entry, records, "--json"))
    assert drafted.exit_code == 0, drafted.output
    first = json.loads(drafted.output)
    assert first["new_record"] and first["errors"] == 0 and first["results"] > 0
    assert first["model"] is None and first["hint"]
    path = folder / SMALL_MODELS / "qwen3-4b.json"
    path.write_text(path.read_text().replace("64.4", "66.6", 1))
    second = asyncio.run(run_draft(request))
    assert second.changed and not second.new_record
    # the changed figure is in the figures file; the record changes with it (its selection
    # note counts and ids the figures), whether or not the figure is a headline figure
    figures = load_figures(Path(second.figures_path))
    changed = [f for f in figures if f.result.evidence_url.split("#")[0].endswith("qwen3-4b.json")]
    assert any(f.result.value == 66.6 for f in changed)
    assert not any(f.result.value == 64.4 for f in changed)
    assert second.diff
    assert second.errors == 0
    history = sorted((records / ".history" / second.record_id).glob("*.json"))
    assert len(history) == 1
    before, after = load_record(history[0]), load_record(second.record_path)
    assert after.editorial.version == before.editorial.version + 1
    assert after.editorial.published_on == before.editorial.published_on


def test_a_repository_without_results_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "empty-report"
    folder.mkdir()
    (folder / "README.md").write_text(
        "# Notes\n\nWe plan to benchmark a model on a DGX Spark next week.\n"
    )
    request = DraftRequest(
        source=str(folder),
        records_dir=tmp_path / "records",
        settings=ModelSettings(),
        origin="https://github.com/someone/plans",
        revision="a" * 40,
    )
    outcome = asyncio.run(run_draft(request))
    record = load_record(outcome.record_path)
    assert outcome.results == 0 and outcome.errors == 0
    assert record.editorial.reported_results == []
    text = " ".join([record.summary, record.editorial.answer]).lower()
    assert "no reported" in text or "no benchmark" in text


def test_bad_source_is_a_usage_error_and_writes_nothing(tmp_path: Path) -> None:
    records = tmp_path / "records"
    result = CliRunner().invoke(
        main, ["draft", str(tmp_path / "missing"), "--records-dir", str(records)]
    )
    assert result.exit_code == 2
    assert "fix:" in result.output
    assert not records.exists()


def test_a_document_that_cannot_be_read_is_named_in_the_outcome(tmp_path: Path) -> None:
    folder = tmp_path / "half-broken"
    folder.mkdir()
    (folder / "README.md").write_text("# R\n\n| model | decode tok/s |\n|---|---|\n| A | 41.5 |\n")
    (folder / "results.json").write_text('{"decode_tok_s": 4')  # truncated
    request = DraftRequest(
        source=str(folder),
        records_dir=tmp_path / "records",
        settings=ModelSettings(),
        origin="https://github.com/someone/half-broken",
        revision="a" * 40,
    )
    outcome = asyncio.run(run_draft(request))
    assert outcome.results >= 1
    [line] = outcome.unreadable
    assert line.startswith("results.json: not valid JSON")


def test_a_count_written_as_words_is_drafted_and_verified_only_on_its_own_line(
    tmp_path: Path,
) -> None:
    # teaql reports/round-2-nemotron-super-modeling.md lines 9-17, shortened
    folder = tmp_path / "round-2"
    folder.mkdir()
    (folder / "README.md").write_text(
        "# Round 2\n\n## Executive result\n\n"
        "Warm generation remained between 15.45 and 16.36 tokens per second.\n\n"
        "None of the four first attempts passed the fixed KSML validator:\n\n"
        "- None of these attempts returned a usable model.\n"
    )
    request = DraftRequest(
        source=str(folder),
        records_dir=tmp_path / "records",
        settings=ModelSettings(),
        origin="https://github.com/someone/round-2",
        revision="a" * 40,
    )
    outcome = asyncio.run(run_draft(request))
    assert outcome.errors == 0
    record = load_record(outcome.record_path)
    (none_of_four,) = [r for r in record.editorial.reported_results if r.source_line == 7]
    assert none_of_four.value == 0 and "out of 4" in none_of_four.statistic
    snapshot = acquire(str(folder), origin=request.origin, revision=request.revision)
    assert [f for f in verify_record(record, snapshot).flags if f.severity == "error"] == []
    # the same 0 cited on a line that writes no counted set is not supported
    moved = record.model_copy(deep=True)
    index = moved.editorial.reported_results.index(none_of_four)
    url = none_of_four.evidence_url.replace("#L7", "#L9")
    moved.editorial.reported_results[index] = none_of_four.model_copy(
        update={"source_line": 9, "evidence_url": url}
    )
    flags = verify_record(moved, snapshot).flags
    assert any(
        f.severity == "error" and f.location.startswith(f"/editorial/reported_results/{index}")
        for f in flags
    )
