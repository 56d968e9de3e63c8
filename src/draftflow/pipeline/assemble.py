"""The assemble stage: the snapshot, the extraction and the editorial draft become one Record.

Assembly adds no number of its own. Every document a result or a section cites becomes a
pinned source; everything the stages did not establish stays null.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date

from draftflow import __version__
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.draft import EditorialDraft
from draftflow.draft.standing import StandingNote, standing_notes
from draftflow.extract import Extraction
from draftflow.record.model import (
    RECORD_CONDITION_KEYS,
    Editorial,
    License,
    Provenance,
    Record,
    ReportedResult,
    Source,
    SupplementalSource,
    UnreadTable,
)
from draftflow.select import Selection
from draftflow.select.artifact import setup_with_metadata
from draftflow.select.keywords import HARDWARE, PLATFORMS, RUNTIMES, topics
from draftflow.select.metadata import EXPERIMENT_DATE_UNTIL
from draftflow.select.setup_fields import LICENSE_NOT_NAMED

METRICS_STATUS = "site_metrics_unmeasured; attributed_source_figures_in_editorial.reported_results"
MAIN_DOCUMENT_NAMES = ("README.md", "readme.md", "README.markdown", "REPORT.md")


def record_id_for(repository: str) -> str:
    """The stable record id of a repository: `owner-name`, lowercased, safe as a file name."""
    slug = re.sub(r"[^a-z0-9]+", "-", repository.lower().replace("/", "-"))
    return slug.strip("-")


def main_document(snapshot: Snapshot, cited: list[Document]) -> Document | None:
    """The report's front page: its README when there is one, else the first cited document."""
    for name in MAIN_DOCUMENT_NAMES:
        document = snapshot.by_path(name)
        if document is not None:
            return document
    if cited:
        return cited[0]
    return snapshot.documents[0] if snapshot.documents else None


def cited_documents(
    snapshot: Snapshot,
    results: Sequence[ReportedResult],
    draft: EditorialDraft,
    notes: Sequence[StandingNote] = (),
    setup: Sequence[str] = (),
) -> list[Document]:
    """Every document a result, a section, a standing note or a setup field (`setup`, line
    URLs) cites, in snapshot order."""
    wanted = {r.source_document_id for r in results}
    urls = {c for s in draft.sections for c in s.citations}
    urls.update(url.partition("#")[0] for url in setup)
    urls.update(n.document_url for n in notes if n.document_url is not None)
    return [d for d in snapshot.documents if d.document_id in wanted or d.pinned_url in urls]


def assemble(
    snapshot: Snapshot,
    extraction: Extraction,
    draft: EditorialDraft,
    *,
    provenance: Provenance,
    today: date,
    record_id: str | None = None,
    selection: Selection | None = None,
) -> Record:
    """Build the Record in the seed shape from the stage outputs; with a `selection`, its
    headline figures, profiles and metadata are the record's."""
    record_id = record_id or record_id_for(snapshot.repository)
    results = selection.headline if selection else extraction.reported_results
    profiles = selection.profiles if selection else extraction.test_profiles
    standing = (
        standing_notes([f.result for f in selection.figures], _lines_of(snapshot))
        if selection
        else []
    )
    cited = cited_documents(snapshot, results, draft, standing, _setup_evidence(selection))
    main = main_document(snapshot, cited)
    # A selection's metadata names the runtimes and topics (`_with_selection`): the search
    # of every document for keywords is only for a record assembled without one.
    runtimes, hardware, platforms = (
        (
            topics(snapshot.documents, RUNTIMES),
            topics(snapshot.documents, HARDWARE),
            topics(snapshot.documents, PLATFORMS),
        )
        if selection is None
        else ([], [], [])
    )
    owner = snapshot.repository.split("/", 1)[0]
    checked_on = today.isoformat()
    source = _source(snapshot, main, owner, checked_on)
    supplemental = [
        _supplemental(snapshot, d, owner, record_id, checked_on)
        for d in cited
        if main is None or d.document_id != main.document_id
    ]
    editorial = Editorial(
        version=1,
        published_on=checked_on,
        modified_on=checked_on,
        byline="draftflow draft for editorial review",
        creation_method=draft.creation_method,
        answer=draft.answer,
        sections=draft.sections,
        facts=[],
        reported_results=results,
        source_document_sha256=main.sha256 if main else None,
    )
    record = Record(
        id=record_id,
        title=draft.title,
        kind="benchmark",
        source_type="community_operator_report",
        summary=draft.summary,
        runtime=" / ".join(runtimes) if runtimes else None,
        runtime_topics=runtimes,
        hardware_topics=hardware,
        platform_topics=platforms,
        model_label=None,
        model_family=None,
        model_id=None,
        model_release_date=None,
        model_artifact=None,
        evidence_state="source_reported",
        site_reproduced=False,
        record_type="curated_reference",
        performance_ranking_allowed=False,
        metrics=None,
        metrics_status=METRICS_STATUS,
        conditions=dict.fromkeys(RECORD_CONDITION_KEYS),
        reported_setup=extraction.reported_setup,
        test_profiles=profiles,
        deployment_options=[],
        recipe_parameters=None,
        measurement_scope="inference_speed" if results else "none_reported",
        notes=[*draft.notes, *(note.text for note in standing)],
        limitations=draft.limitations,
        comparison_status="not_comparable",
        editorial_status="draft",
        public_benchmark_snapshot=False,
        source=source,
        supplemental_sources=supplemental,
        license=License(
            declared_spdx=None, scope="Not read by draftflow; check the repository's license file."
        ),
        editorial=editorial,
        provenance=provenance,
    )
    return record if selection is None else _with_selection(record, selection)


def apply_selection(record: Record, selection: Selection, snapshot: Snapshot) -> Record:
    """An existing record with another selection (an editor's `draftflow select`): its
    headline results, profiles and metadata, and every document they cite listed."""
    listed = {s.document_id for s in record.supplemental_sources}
    owner = snapshot.repository.split("/", 1)[0]
    supplemental = list(record.supplemental_sources)
    for result in selection.headline:
        document = snapshot.document(result.source_document_id)
        if document is None or document.document_id in listed:
            continue
        if document.pinned_url == record.source.pinned_url:
            continue
        listed.add(document.document_id)
        supplemental.append(
            _supplemental(snapshot, document, owner, record.id, record.source.checked_on)
        )
    editorial = record.editorial.model_copy(update={"reported_results": selection.headline})
    updated = record.model_copy(
        update={
            "editorial": editorial,
            "test_profiles": selection.profiles,
            "supplemental_sources": supplemental,
        }
    )
    return _with_selection(updated, selection)


def _with_selection(record: Record, selection: Selection) -> Record:
    """The record's metadata, setup and scope as the select stage read them from the sources."""
    meta = selection.metadata
    reported_setup = setup_with_metadata(record.reported_setup, meta)
    conditions = dict(record.conditions)
    if meta.quantization is not None:
        conditions["quantization"] = meta.quantization
    provenance = record.provenance
    if provenance is not None:
        provenance = provenance.model_copy(update={"selection": selection.note})
    return record.model_copy(
        update={
            "runtime": " / ".join(meta.runtimes) if meta.runtimes else None,
            "runtime_topics": meta.runtimes,
            "hardware_topics": meta.hardware_topics,
            "platform_topics": meta.platform_topics,
            "model_label": meta.model_label,
            "model_family": meta.model_family,
            "model_id": meta.model_id,
            "model_artifact": meta.model_artifact,
            "conditions": conditions,
            "reported_setup": reported_setup,
            "measurement_scope": meta.measurement_scope,
            "license": _license(record.license, meta.license_spdx, meta.unstated.get("license")),
            "provenance": provenance,
        }
    )


RUN_SETUP_FIELDS = ("experiment_date", EXPERIMENT_DATE_UNTIL, "kv_dtype")
"""Setup fields a figure's run file may state (`select/run_row.py`): their document is listed."""


def _setup_evidence(selection: Selection | None) -> list[str]:
    """The line URLs that state the setup fields a run file may state."""
    if selection is None:
        return []
    evidence = selection.metadata.evidence
    return [evidence[key] for key in RUN_SETUP_FIELDS if key in evidence]


def _lines_of(snapshot: Snapshot) -> Callable[[str], Sequence[str]]:
    """A document's lines by its pinned URL (none for one the snapshot does not hold)."""

    def lines(url: str) -> Sequence[str]:
        document = snapshot.by_url(url)
        return document.line_list if document is not None else ()

    return lines


def _license(current: License, spdx: str | None, unstated: str | None = None) -> License:
    """The license the repository's license document (or README) declares, if it names one;
    where its sources name several, why none is declared."""
    if current.declared_spdx is not None:
        return current
    if spdx is None:
        if unstated == LICENSE_NOT_NAMED:
            # read33-s23: "check the repository's license file" over repositories with none
            return License(declared_spdx=None, scope=f"Not declared: {unstated}.")
        if unstated:
            return License(declared_spdx=None, scope=f"Not declared here: {unstated}.")
        return current
    return License(
        declared_spdx=spdx,
        scope="Repository license only; model weights, engines and datasets keep their own terms.",
    )


def _source(snapshot: Snapshot, main: Document | None, owner: str, checked_on: str) -> Source:
    return Source(
        publisher=owner,
        url=snapshot.url,
        repository=snapshot.repository,
        platform="local" if snapshot.is_local else "github",
        revision=snapshot.revision,
        document_path=main.path if main else None,
        pinned_url=main.pinned_url if main else None,
        report_url=main.pinned_url if main else None,
        document_sha256=main.sha256 if main else None,
        last_commit_at=snapshot.commit_time,
        checked_on=checked_on,
        metadata_status="checked",
    )


def _supplemental(
    snapshot: Snapshot, document: Document, owner: str, record_id: str, checked_on: str
) -> SupplementalSource:
    return SupplementalSource(
        document_id=document.document_id,
        parent_record_id=record_id,
        publisher=owner,
        repository=snapshot.repository,
        revision=snapshot.revision,
        document_path=document.path,
        pinned_url=document.pinned_url,
        document_sha256=document.sha256,
        checked_on=checked_on,
    )


def provenance_for(
    model: str | None,
    prompt_hashes: dict[str, str],
    created_at: str,
    dropped: list[str],
    unread_tables: list[UnreadTable] | None = None,
) -> Provenance:
    """The provenance block: which draftflow, which model (or none), which prompts, when,
    what the pipeline dropped because no source supported it, and the tables with numbers
    it read no figure from."""
    return Provenance(
        draftflow_version=__version__,
        model=model or "deterministic (no model configured)",
        prompt_hashes=dict(sorted(prompt_hashes.items())),
        created_at=created_at,
        dropped=list(dropped),
        unread_tables=list(unread_tables or []),
    )
