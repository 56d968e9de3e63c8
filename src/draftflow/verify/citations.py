"""Rule 4, citations: every section cites at least one document, and every citation is one
of the record's pinned document URLs (optionally anchored at a line that exists)."""

from __future__ import annotations

import re

from draftflow.record.model import document_url
from draftflow.text.pointer import pointer
from draftflow.verify.context import ListedDocument, VerifyContext
from draftflow.verify.report import Rule, Severity

_ANCHOR = re.compile(r"#L(\d+)(?:-L\d+)?$")


def resolve_citation(ctx: VerifyContext, citation: str) -> tuple[ListedDocument | None, int | None]:
    """The listed document a citation names and its anchored line, if any."""
    anchor = _ANCHOR.search(citation)
    return ctx.by_url.get(document_url(citation)), int(anchor.group(1)) if anchor else None


def cited_documents(ctx: VerifyContext, section_index: int) -> list[ListedDocument]:
    """The listed documents that one section cites (unknown citations are left out)."""
    section = ctx.record.editorial.sections[section_index]
    cited: list[ListedDocument] = []
    for citation in section.citations:
        listed, _ = resolve_citation(ctx, citation)
        if listed is not None and listed not in cited:
            cited.append(listed)
    return cited


def check_citations(ctx: VerifyContext) -> None:
    """Flag sections without citations and citations that are not pinned documents."""
    for i, section in enumerate(ctx.record.editorial.sections):
        ctx.counts.sections += 1
        where = pointer("editorial", "sections", i, "citations")
        if not section.citations:
            ctx.flag(
                Severity.ERROR,
                Rule.CITATIONS,
                where,
                section.heading,
                "this section cites no document; every section needs at least one",
            )
            continue
        for j, citation in enumerate(section.citations):
            ctx.counts.citations += 1
            _check_one(ctx, f"{where}/{j}", citation)


def check_test_profiles(ctx: VerifyContext) -> None:
    """Each test profile's evidence_url must be a pinned document URL anchored at a line
    that exists (the line that states the configuration)."""
    for i, profile in enumerate(ctx.record.test_profiles):
        where = pointer("test_profiles", i, "evidence_url")
        listed, _ = resolve_citation(ctx, profile.evidence_url)
        if listed is None:
            ctx.flag(
                Severity.ERROR,
                Rule.CITATIONS,
                where,
                profile.evidence_url,
                "this evidence_url is not one of the record's pinned document URLs",
            )
            continue
        _check_one(ctx, where, profile.evidence_url)


def _check_one(ctx: VerifyContext, where: str, citation: str) -> None:
    listed, line = resolve_citation(ctx, citation)
    if listed is None:
        ctx.flag(
            Severity.ERROR,
            Rule.CITATIONS,
            where,
            citation,
            "this citation is not one of the record's pinned document URLs "
            "(source.pinned_url or a supplemental_sources[].pinned_url)",
        )
        return
    if line is not None and listed.document is not None and listed.document.line(line) is None:
        ctx.flag(
            Severity.ERROR,
            Rule.CITATIONS,
            where,
            citation,
            f"{listed.path} has {len(listed.document.line_list)} lines; line {line} does not exist",
        )
