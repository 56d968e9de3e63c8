"""The template editorial of a repository in which no figure could be tied to a source line:
what was looked at and what is missing, with no number of its own; and the documents an
editorial names first (the README, then the others)."""

from __future__ import annotations

from draftflow.acquire.snapshot import README_NAMES, Document, Snapshot
from draftflow.draft import template_wording as w
from draftflow.draft.artifact import CREATION_DETERMINISTIC, EditorialDraft
from draftflow.draft.grounding import Grounding, SourceTexts
from draftflow.draft.template_wording import LIMITATIONS, MAX_DOCUMENTS_NAMED
from draftflow.select.artifact import Selection
from draftflow.select.disclaimer import Disclaimer


def no_results_draft(snapshot: Snapshot, selection: Selection) -> EditorialDraft:
    """An editorial that says no result was found, with no number of its own; or, where the
    README says the repository reports no real results, that none is published and why."""
    if selection.disclaimer is not None and selection.figures:
        return _disclaimed_draft(snapshot, selection.disclaimer)
    if any(snapshot.document(f.result.source_document_id) for f in selection.figures):
        return _unled_draft(snapshot)
    documents = front_documents(snapshot)
    grounding = _grounding(snapshot, documents)
    read = grounding.keep(d.path for d in documents)
    looked = "The repository's documents were read at a pinned revision."
    if read:
        looked = f"The documents read at the pinned revision include {w.join(read)}."
    missing = ["No measured figure, configuration or setup could be tied to a source line."]
    if selection.dropped_claims:
        missing.append(
            "Candidate figures were found but could not be grounded on a line of a source "
            "document, so they were left out."
        )
    sections = []
    if documents:
        sections = [
            w.section_always("What was looked at?", [looked], documents),
            w.section_always("What is missing?", [" ".join(missing)], documents),
        ]
    return EditorialDraft(
        title=w.first_supported(
            grounding,
            f"{snapshot.repository}: no reported benchmark results found",
            "No reported benchmark results found",
        ),
        summary="No reported benchmark results were found: no figure in the repository's "
        "documents could be tied to the line that states it.",
        answer="No reported results were found. The repository's documents were read at a "
        "pinned revision, but none of them yielded a benchmark figure grounded on a specific "
        "line, so this draft reports none.",
        sections=sections,
        notes=["This record reports no figures; an editor may confirm that none were missed."],
        limitations=list(LIMITATIONS[:2]),
        creation_method=CREATION_DETERMINISTIC,
    )


def _unled_draft(snapshot: Snapshot) -> EditorialDraft:
    """No headline, though figures were tied to their lines: none reads as the author's lead
    claim (a framework's scores in a data file, a guide's tips), so none is published; saying
    that no figure was found would be false (Oxford-Research-Cloud-Competency-Centre, s23)."""
    documents = front_documents(snapshot)
    grounding = _grounding(snapshot, documents)
    found = (
        "Figures were found in the repository's documents and tied to the lines that state "
        "them; they are kept in the figures file."
    )
    unled = "None of them reads as the author's lead claim, so no headline result is published."
    return EditorialDraft(
        title=w.first_supported(
            grounding,
            f"{snapshot.repository}: no headline result",
            "No headline result",
        ),
        summary=f"{found} {unled}",
        answer=f"{found} {unled} An editor may add a figure the author stands behind.",
        sections=[w.section_always("What was found?", [found, unled], documents)]
        if documents
        else [],
        notes=["This record publishes no headline result; the figures file holds every figure."],
        limitations=list(LIMITATIONS[:2]),
        creation_method=CREATION_DETERMINISTIC,
    )


def _disclaimed_draft(snapshot: Snapshot, disclaimer: Disclaimer) -> EditorialDraft:
    """No headline: the README disclaims real results, so the figures its other documents
    write (examples, settings, checklists) stay in the figures file for the editor."""
    readme = snapshot.by_path(disclaimer.path)
    documents = [readme] if readme is not None else front_documents(snapshot)
    grounding = _grounding(snapshot, documents)
    # the line stays in the selection note: a line number in prose reads as a quantity
    said = (
        f"The README ({disclaimer.path}) says the repository reports no real results: "
        f'"{disclaimer.words}".'
    )
    kept = (
        "The figures its other documents write (examples, dry runs, settings, checklists) "
        "are kept in the figures file, and none is published as a headline result."
    )
    return EditorialDraft(
        title=w.first_supported(
            grounding,
            f"{snapshot.repository}: no real benchmark results reported",
            "No real benchmark results reported",
        ),
        summary=f"{said} {kept}",
        answer=f"{said} {kept} An editor may add a figure the author does stand behind.",
        sections=[
            w.section_always(
                "What does the repository say of its results?", [said, kept], documents
            )
        ],
        notes=["This record publishes no headline result: the README disclaims real results."],
        limitations=list(LIMITATIONS[:2]),
        creation_method=CREATION_DETERMINISTIC,
    )


def _grounding(snapshot: Snapshot, documents: list[Document]) -> Grounding:
    """What a no-result editorial's sentences may cite: these documents and the repository."""
    texts = SourceTexts()
    return Grounding([texts.document(d) for d in documents], names=[snapshot.repository])


def front_documents(snapshot: Snapshot) -> list[Document]:
    """The README first when there is one, then the other documents, up to the cap."""
    readme = next((d for n in README_NAMES if (d := snapshot.by_path(n)) is not None), None)
    rest = [d for d in snapshot.documents if d is not readme]
    return ([readme] if readme else [])[:1] + rest[: MAX_DOCUMENTS_NAMED - (1 if readme else 0)]
