"""`draftflow select`: the editor changes the headline by figure id, end to end on a corpus
repository; the figures file is verified; the review page lists every figure."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import KeptExtractions
from draft_cli import draft_args
from draftflow.acquire import acquire
from draftflow.cli import main
from draftflow.draft import EditorialDraft
from draftflow.draft.removed import citing_claims, draft_texts
from draftflow.record.files import load_record
from draftflow.record.model import Record, ReportedResult
from draftflow.review import (
    ReviewState,
    load_report,
    record_status,
    render_review_html,
)
from draftflow.select import load_figures
from draftflow.store.write import RecordStore
from draftflow.verify import verify_figures

FOLDER = "PalatineVision__dgx-spark-benchmark"
RECORD_ID = "palatinevision-dgx-spark-benchmark"


@pytest.fixture(scope="module")
def drafted(
    tmp_path_factory: pytest.TempPathFactory,
    corpus_dir: Path,
    manifest: dict[str, Any],
    kept_extractions: KeptExtractions,
) -> Path:
    """`draftflow draft --max-results 8` of the folder, from the run's kept extraction of it
    (conftest: test_draft_facts and test_select_rules read the same)."""
    records = tmp_path_factory.mktemp("records")
    args = draft_args(corpus_dir / FOLDER, manifest[FOLDER], records, "--max-results", "8")
    with kept_extractions():
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return records


def _select(records: Path, corpus_dir: Path, *args: str) -> Any:
    return CliRunner().invoke(
        main,
        [
            "select",
            RECORD_ID,
            *args,
            "--records-dir",
            str(records),
            "--source",
            str(corpus_dir / FOLDER),
        ],
    )


def test_draft_writes_the_cap_and_every_figure(drafted: Path) -> None:
    record = load_record(drafted / f"{RECORD_ID}.json")
    figures = load_figures(drafted / f"{RECORD_ID}.figures.json")
    assert 4 <= len(record.editorial.reported_results) <= 8 < len(figures)  # the claims, capped
    assert record.provenance is not None and record.provenance.selection is not None
    chosen = [c.id for c in record.provenance.selection.chosen]
    by_id = {f.id: f.result for f in figures}
    for figure_id, result in zip(chosen, record.editorial.reported_results, strict=True):
        assert by_id[figure_id].value == result.value
        assert by_id[figure_id].evidence_url == result.evidence_url


def test_select_adds_and_drops_by_id_and_bumps_the_version(
    tmp_path: Path, drafted: Path, corpus_dir: Path
) -> None:
    records = tmp_path / "records"
    records.mkdir()
    for path in drafted.glob(f"{RECORD_ID}*"):
        (records / path.name).write_bytes(path.read_bytes())
    before = load_record(records / f"{RECORD_ID}.json")
    assert before.provenance is not None and before.provenance.selection is not None
    chosen = [c.id for c in before.provenance.selection.chosen]
    outside = next(  # a named figure: an `unspecified` one is the editor's to name first
        f.id
        for f in load_figures(records / f"{RECORD_ID}.figures.json")
        if f.id not in chosen and "unspecified" not in (f.result.metric, f.result.unit)
    )
    # the lead pick: the title, the summary and a section cite it (its ratio too)
    dropped = chosen[0]
    gone = before.editorial.reported_results[0]  # chosen and results share their order
    assert _citing(before, gone), "the test needs a figure the text cites"
    result = _select(
        records,
        corpus_dir,
        "--add",
        outside,
        "--drop",
        dropped,
        "--reason",
        "the README's figure",
    )
    assert result.exit_code == 0, result.output
    after = load_record(records / f"{RECORD_ID}.json")
    assert after.editorial.version == before.editorial.version + 1
    assert after.provenance is not None and after.provenance.selection is not None
    ids = [c.id for c in after.provenance.selection.chosen]
    assert outside in ids and dropped not in ids
    assert after.provenance.selection.edits[-1].reason == "the README's figure"
    assert len(list((records / ".history" / RECORD_ID).glob("*.json"))) == 1
    report = load_report(records / f"{RECORD_ID}.verify.json")
    assert report is not None and report.checked.errors == 0
    # nothing dropped silently: the removal is listed and flagged, and no sentence cites it
    assert _citing(after, gone) == []
    assert after.provenance.removed[-1].figure_id == dropped
    assert after.provenance.removed[-1].removed_by == "select"
    warnings = [f for f in report.warnings if f.location.startswith("/provenance/removed/")]
    assert len(warnings) == 1
    assert gone.source_place in warnings[0].message and "the README's figure" in (
        warnings[0].message
    )
    assert record_status(RecordStore(records), RECORD_ID).state in (
        ReviewState.DRAFT,
        ReviewState.FLAGGED,
    )


def _citing(record: Record, gone: ReportedResult) -> list[tuple[str, str]]:
    """(location, number) of each sentence of the record's text that states `gone`."""
    editorial = record.editorial
    text = EditorialDraft.of_record(record)
    others = [r for r in editorial.reported_results if r is not gone]
    return citing_claims(draft_texts(text), [gone], others)


def test_an_unknown_figure_id_is_refused_with_a_hint(drafted: Path, corpus_dir: Path) -> None:
    result = _select(drafted, corpus_dir, "--add", "fig-000000000000", "--reason", "x")
    assert result.exit_code == 2
    assert "not in the figures file" in result.output and "fix:" in result.output


def test_verify_figures_flags_a_figure_not_on_its_line(
    drafted: Path, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    record = load_record(drafted / f"{RECORD_ID}.json")
    entry = manifest[FOLDER]
    snapshot = acquire(str(corpus_dir / FOLDER), origin=entry["url"], revision=entry["revision"])
    figures = [f.result for f in load_figures(drafted / f"{RECORD_ID}.figures.json")]
    assert verify_figures(record, figures, snapshot).errors == []
    figures[5] = figures[5].model_copy(update={"value": 123456.75})
    errors = verify_figures(record, figures, snapshot).errors
    assert [e.location.split("/")[:3] for e in errors] == [["", "figures", "5"]]


def test_the_review_page_lists_every_figure_with_filters(drafted: Path) -> None:
    record = load_record(drafted / f"{RECORD_ID}.json")
    report = load_report(drafted / f"{RECORD_ID}.verify.json")
    assert report is not None
    figures = load_figures(drafted / f"{RECORD_ID}.figures.json")
    page = render_review_html(record, report, figures=figures)
    assert f"All figures ({len(figures)})" in page
    assert page.count('<tr class="fig') == len(figures)
    assert page.count('<tr class="fig sel') == len(record.editorial.reported_results)
    assert 'id="fs-sel"' in page and 'id="fm-0"' in page and 'id="fd-0"' in page
    assert "<script" not in page
    assert json.loads((drafted / f"{RECORD_ID}.figures.json").read_text())["figures"]
