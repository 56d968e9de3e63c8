"""Helpers shared by the extract tests (snapshots from text, corpus snapshots, a fake model).

Imported by the `test_extract_*` modules; `e2e/test_extract_support.py` checks the helpers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from draftflow.acquire import acquire
from draftflow.acquire.rules import FileContent, build_documents
from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.artifact import Extraction, empty_setup
from draftflow.record.model import (
    ChosenFigure,
    ReportedResult,
    ReportedSetup,
    SelectionNote,
    TestProfile,
)
from draftflow.select.artifact import Selection
from draftflow.select.figures_file import make_figures
from draftflow.select.metadata_model import RecordMetadata

REPOSITORY = "example-owner/Bench-Repo"
REVISION = "0123456789abcdef0123456789abcdef01234567"


def snapshot_of(files: Mapping[str, str | bytes], repository: str = REPOSITORY) -> Snapshot:
    """A snapshot of in-memory files, pinned like a real one (ids, hashes, URLs)."""
    contents = [
        FileContent(path, data.encode("utf-8") if isinstance(data, str) else data)
        for path, data in files.items()
    ]
    return Snapshot(
        repository=repository,
        url=f"https://github.com/{repository}",
        revision=REVISION,
        commit_time=None,
        documents=build_documents(contents, repository, REVISION),
    )


def corpus_snapshot(
    corpus_dir: Path, manifest: Mapping[str, Mapping[str, Any]], folder: str
) -> Snapshot:
    """A corpus folder acquired as the real repository at its manifest revision."""
    entry = manifest[folder]
    return acquire(str(corpus_dir / folder), origin=entry["url"], revision=entry["revision"])


@dataclass
class FakeReply:
    """What `ModelClient.structured` returns, reduced to what extract reads."""

    value: Any


@dataclass
class FakeClient:
    """A stand-in for `ModelClient`: answers each call with `answer(variables)`."""

    answer: Callable[[Mapping[str, str]], dict[str, Any]]
    calls: list[Mapping[str, str]] = field(default_factory=list)

    async def structured(
        self, prompt: Any, variables: Mapping[str, str], schema: type[BaseModel]
    ) -> FakeReply:
        """Validate the canned answer against `schema`, as the real client does."""
        prompt.messages(variables)  # the real client fills the template: missing vars fail
        self.calls.append(variables)
        return FakeReply(schema.model_validate(self.answer(variables)))


def selection_of(
    results: Sequence[ReportedResult],
    profiles: Sequence[TestProfile] = (),
    *,
    setup: ReportedSetup | None = None,
    dropped_claims: int = 0,
) -> Selection:
    """The draft stage's input (`select.artifact.Selection`) with every given result as the
    headline and no record-level metadata: to draft from results without running select."""
    figures = make_figures(list(results))
    note = SelectionNote(
        method="rules",
        max_results=len(figures),
        figures_file="figures.json",
        figures_total=len(figures),
        chosen=[ChosenFigure(id=figure.id, why="given") for figure in figures],
    )
    return Selection(
        figures,
        list(results),
        list(profiles),
        RecordMetadata(),
        note,
        extracted_setup=setup or empty_setup(),
        dropped_claims=dropped_claims,
    )


def selection_from(extraction: Extraction) -> Selection:
    """The selection of every figure of `extraction`, carrying its profiles, its setup and
    how many claims it dropped, as the select stage passes them on to the draft."""
    return selection_of(
        extraction.reported_results,
        extraction.test_profiles,
        setup=extraction.reported_setup,
        dropped_claims=len(extraction.dropped),
    )


def deterministic_results(files: Mapping[str, str]) -> list[ReportedResult]:
    """The results a no-model extraction of `files` reports (harvest, the rules' choice and
    every other number, the result model's decision, grounding and conditions)."""
    from draftflow.extract.classify import select
    from draftflow.extract.deterministic import extract_deterministic
    from draftflow.extract.harvest.run import harvest
    from draftflow.extract.unspecified import with_unspecified

    snapshot = snapshot_of(files)
    candidates = harvest(snapshot)
    found = extract_deterministic(
        snapshot, candidates, with_unspecified(candidates, select(candidates))
    )
    return found.reported_results


def result_at(
    results: Sequence[ReportedResult], path: str, line: int, value: float
) -> ReportedResult:
    """The result of `value` cited at `path`'s `line`; an assertion error naming it if none."""
    for result in results:
        if result.source_line == line and path in result.evidence_url and result.value == value:
            return result
    raise AssertionError(f"no figure {value} at {path}:{line}")
