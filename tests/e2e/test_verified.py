"""The verify rounds: the figures file is checked once, and its flags follow the figures that
remain when a later round drops some; the written report is what a fresh check finds."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import draftflow.pipeline.verified as verified
import draftflow.verify.reread as reread
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.extract import extract, figures_by_line, harvest, harvest_document
from draftflow.extract.classify import select, without_unread_prose
from draftflow.llm import ModelSettings
from draftflow.pipeline.draft import DraftOutcome, DraftRequest, run_draft
from draftflow.pipeline.verified import FigureFlags
from draftflow.record.model import Record, ReportedResult
from draftflow.select import Figure, load_figures
from draftflow.verify import (
    CheckedCounts,
    DocumentIndexes,
    Rule,
    Severity,
    VerificationReport,
    flag_id,
    verify_figures,
    verify_record,
)
from draftflow.verify.context import VerifyContext
from draftflow.verify.figures_file import _shadow_record
from draftflow.verify.identity import listed_documents
from draftflow.verify.report import make_flag
from draftflow.verify.results import check_results

# a small repository whose first round drops figures the figures check rejects
ROBBIEMU = "robbiemu__dgx-spark-inference"


def _draft_robbiemu(corpus_dir: Path, manifest: dict[str, Any], records_dir: Path) -> DraftOutcome:
    """A no-model draft of the robbiemu corpus folder at its manifest revision."""
    entry, folder = manifest[ROBBIEMU], corpus_dir / ROBBIEMU
    request = DraftRequest(
        source=str(folder),
        records_dir=records_dir,
        settings=ModelSettings(),
        revision=entry["revision"],
        origin=entry["url"],
    )
    return asyncio.run(run_draft(request))


def _robbiemu_snapshot(corpus_dir: Path, manifest: dict[str, Any]) -> Snapshot:
    entry = manifest[ROBBIEMU]
    return acquire(str(corpus_dir / ROBBIEMU), origin=entry["url"], revision=entry["revision"])


def _figure(figure_id: str) -> Figure:
    result = ReportedResult.model_construct(label=figure_id)
    return Figure(figure_id, result)


def test_flags_follow_their_figures_to_new_places() -> None:
    figures = [_figure("fig-a"), _figure("fig-b"), _figure("fig-c")]
    first = make_flag(Severity.ERROR, Rule.REPORTED_RESULTS, "/figures/0/value", "1.5", "m")
    third = make_flag(Severity.WARNING, Rule.REPORTED_RESULTS, "/figures/2/unit", "ms", "m")
    report = VerificationReport(
        record_id="r", checked=CheckedCounts(errors=1, warnings=1), flags=[first, third]
    )
    flags = FigureFlags.of(report, figures)

    kept = flags.report_for([figures[1], figures[2]])  # fig-a dropped: fig-c is now /figures/1
    assert [f.location for f in kept.flags] == ["/figures/1/unit"]
    assert kept.flags[0].id == flag_id(Rule.REPORTED_RESULTS, "/figures/1/unit", "ms")
    assert (kept.checked.errors, kept.checked.warnings, kept.checked.results) == (0, 1, 2)
    assert flags.report_for(figures).flags == [first, third]  # nothing moved: the same flags


def test_a_flag_outside_the_figures_is_refused() -> None:
    stray = make_flag(Severity.ERROR, Rule.IDENTITY, "/source/revision", "x", "m")
    report = VerificationReport(record_id="r", checked=CheckedCounts(errors=1), flags=[stray])
    with pytest.raises(ValueError, match="outside the figures list"):
        FigureFlags.of(report, [_figure("fig-a")])


@dataclass(frozen=True)
class Instrumented:
    """One no-model draft of robbiemu with what its stages were seen doing: each test below
    asserts its own count (a draft is ~the whole cost of this module; five tests drafted it
    alone, each with one counter)."""

    outcome: DraftOutcome
    checks: list[tuple[int, int]]
    """(figures, errors) of each check of the figures file."""
    indexed: list[str]
    """The path of each document a `DocumentIndex` was built for."""
    harvested: list[str]
    """The path of each document harvested (by extract or by verify's re-reading)."""
    searched: list[tuple[str, ...]]
    """The keywords of each search of every document for topic keywords."""


@pytest.fixture(scope="module")
def instrumented(
    corpus_dir: Path, manifest: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> Instrumented:
    """robbiemu drafted once with every counter below in place; each passes its call on to
    the real function, so the draft is what it is without them."""
    import draftflow.pipeline.assemble as assemble_module
    from draftflow.extract.harvest import run as harvest_module
    from draftflow.verify import context as context_module

    checks: list[tuple[int, int]] = []
    indexed: list[str] = []
    harvested: list[str] = []
    searched: list[tuple[str, ...]] = []
    real_verify_figures, real_index = verified.verify_figures, context_module.DocumentIndex
    real_harvest, real_topics = harvest_module.harvest_document, assemble_module.topics
    real_to_select = harvest_module.harvest_to_select

    def counted(
        record: Record, figures: list[ReportedResult], snapshot: Snapshot, **options: Any
    ) -> Any:
        report = real_verify_figures(record, figures, snapshot, **options)
        checks.append((len(figures), report.checked.errors))
        return report

    def indexing(document: Any) -> Any:
        indexed.append(document.path)
        return real_index(document)

    def harvesting(document: Any, problems: list[str] | None = None) -> Any:
        harvested.append(document.path)
        return real_harvest(document, problems)

    def harvesting_to_select(document: Any) -> Any:
        harvested.append(document.path)  # verify's own harvest (a CSV's without raw tables)
        return real_to_select(document)

    def searching(snapshot: Snapshot, keywords: dict[str, str]) -> list[str]:
        searched.append(tuple(keywords))
        return real_topics(snapshot, keywords)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(verified, "verify_figures", counted)
        patch.setattr(context_module, "DocumentIndex", indexing)
        patch.setattr(harvest_module, "harvest_document", harvesting)
        patch.setattr(reread, "harvest_to_select", harvesting_to_select)
        patch.setattr(assemble_module, "topics", searching)
        records = tmp_path_factory.mktemp("robbiemu") / "records"
        outcome = _draft_robbiemu(corpus_dir, manifest, records)
    return Instrumented(outcome, checks, indexed, harvested, searched)


def test_the_figures_file_is_checked_once_and_its_report_is_a_fresh_checks(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], instrumented: Instrumented
) -> None:
    outcome, checks = instrumented.outcome, instrumented.checks
    assert len(checks) == 1  # one check of the figures, though a later round ran
    checked, errors = checks[0]
    assert errors > 0 and outcome.figures < checked  # the rejected figures were dropped
    assert outcome.errors == 0
    snapshot = _robbiemu_snapshot(corpus_dir, manifest)
    written = Path(outcome.record_path)
    record = Record.model_validate(json.loads(written.read_text()))
    figures = [f.result for f in load_figures(Path(outcome.figures_path))]
    fresh = verify_figures(record, figures, snapshot)
    report = json.loads(Path(outcome.report_path).read_text())
    kept = [f for f in report["flags"] if f["location"].startswith("/figures/")]
    assert kept == [f.model_dump(mode="json") for f in fresh.flags]
    assert fresh.checked.errors == 0


def test_the_rounds_and_the_figures_file_index_each_document_once(
    instrumented: Instrumented,
) -> None:
    """An index depends on its document alone: the record's rounds and the figures file share
    them, so no document is indexed twice in one draft (robbiemu takes two rounds)."""
    built = instrumented.indexed
    assert built and sorted(built) == sorted(set(built))


def test_a_draft_harvests_each_document_once(instrumented: Instrumented) -> None:
    """Verify re-reads a cited place by the figures extract harvested (handed on with the
    extraction), so no document is harvested a second time in one draft."""
    outcome, harvested = instrumented.outcome, instrumented.harvested
    assert outcome.figures > 0 and outcome.errors == 0
    assert harvested and sorted(harvested) == sorted(set(harvested))


def test_the_figures_handed_to_verify_are_each_documents_own_harvest(
    corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    """What extract hands on is, for every document, what verify would read alone:
    `select(harvest_document(d))` by line (a model pass's selection less unread prose too)."""
    snapshot = _robbiemu_snapshot(corpus_dir, manifest)
    extraction = asyncio.run(extract(snapshot, None))
    candidates = harvest(snapshot)
    with_prose = figures_by_line(
        snapshot, without_unread_prose(select(candidates, include_prose=True))
    )
    assert with_prose == extraction.figures_by_line
    assert len(extraction.figures_by_line) == len(snapshot.documents)
    for document in snapshot.documents:
        alone: dict[int, list[Any]] = {}
        for item in select(harvest_document(document)):
            alone.setdefault(item.candidate.line, []).append(item)
        assert extraction.figures_by_line[(document.path, document.sha256)] == alone


def test_a_draft_names_its_topics_from_the_selection_without_a_keyword_search(
    instrumented: Instrumented,
) -> None:
    """The select stage's metadata names a drafted record's runtime and topics, so no round
    searches every document for topic keywords (a quarter of a large draft's verify CPU);
    a record assembled without a selection still is searched."""
    assert instrumented.searched == []
    record = json.loads(Path(instrumented.outcome.record_path).read_text())
    assert record["runtime_topics"] and record["hardware_topics"]
    assert record["runtime"] == " / ".join(record["runtime_topics"])


def test_lookups_remembered_across_runs_and_unbuilt_claims_change_no_verdict(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], instrumented: Instrumented
) -> None:
    """A second run over shared indexes (prose lookups remembered by their acceptance test)
    reports exactly what a fresh run does, claims included; the figures file's run, which
    builds no claims, finds the flags and counts a run that builds them finds."""
    outcome = instrumented.outcome
    snapshot = _robbiemu_snapshot(corpus_dir, manifest)
    record = Record.model_validate(json.loads(Path(outcome.record_path).read_text()))
    indexes = DocumentIndexes()
    first = verify_record(record, snapshot, indexes=indexes)
    again = verify_record(record, snapshot, indexes=indexes)
    fresh = verify_record(record, snapshot)
    prose = [c for c in fresh.claims if c.location.startswith("/editorial/sections/")]
    assert any(c.kind.is_numeric for c in prose)  # the prose lookups were exercised
    assert again == fresh == first

    figures = [f.result for f in load_figures(Path(outcome.figures_path))]
    unbuilt = verify_figures(record, figures, snapshot)
    shadow = _shadow_record(record, figures, snapshot)
    built = VerifyContext(shadow, snapshot, listed_documents(shadow, snapshot))
    check_results(built)
    assert unbuilt.claims == [] and len(built.claims) >= len(figures)
    assert [f.claim for f in unbuilt.flags] == [f.claim for f in built.flags]
    assert unbuilt.checked.numbers == built.counts.numbers
    assert unbuilt.checked.supported == built.counts.supported
    assert unbuilt.checked.unsupported == built.counts.unsupported
