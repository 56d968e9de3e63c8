"""Sections chosen from facts: one question per kind of fact this repository supports, headed
by the question its weightiest fact answers, ordered by how many headline figures it rests
on. A sentence is kept only when its numbers are grounded on the documents it cites (a ratio
only as the arithmetic of the figures beside it); a section without a kept sentence is not
written."""

from __future__ import annotations

from collections.abc import Sequence

from draftflow.acquire.snapshot import Document
from draftflow.draft.facts import asked, wording
from draftflow.draft.facts.compute import compute_facts
from draftflow.draft.facts.fact_types import Fact, FactKind
from draftflow.draft.parts import SectionWriter, read_texts
from draftflow.draft.template_wording import unique_documents
from draftflow.record.model import ReportedResult, Section

FACTS_PER_SECTION = 3
# Kinds that describe the record as a whole come after the comparisons, whatever their weight.
_TRAILING = (FactKind.SPAN, FactKind.UNSTATED)
# The main claim comes first: the other sections qualify it.
_LEADING = (FactKind.MEASURED,)


def headline_facts(writer: SectionWriter) -> list[Fact]:
    """Every fact over the record's grounded headline, held against all its figures: computed
    once per draft (each scans every figure of the record), then read by both the sections
    (`fact_sections`) and the framing's claims (`supported_facts`)."""
    return compute_facts(
        writer.grounded, writer.written, _figures(writer), read_texts(writer.snapshot)
    )


def fact_sections(writer: SectionWriter, facts: Sequence[Fact]) -> list[Section]:
    """The sections the record's `facts` answer, in order of how much the headline rests on
    each."""
    by_kind: dict[FactKind, list[Fact]] = {}
    for fact in facts:
        by_kind.setdefault(fact.kind, []).append(fact)
    written: list[tuple[tuple[int, int], FactKind, Section]] = []
    for order, kind in enumerate(FactKind):
        section = _section(writer, by_kind.get(kind, []))
        if section is None:
            continue
        weight = max(f.weight for f in by_kind[kind])
        rank = (1, order) if kind in _TRAILING else (0, -weight)
        if kind in _LEADING:
            rank = (-1, order)
        written.append((rank, kind, section))
    written.sort(key=lambda triple: triple[0])
    if not written:
        return []
    lead = [s for _, kind, s in written if kind in _LEADING]
    middle = [s for _, kind, s in written if kind not in _LEADING and kind not in _TRAILING]
    tail = [s for _, kind, s in written if kind in _TRAILING]
    # the questions the record raises beside its facts, where the seeds ask them: which
    # artifact first, what changes between the arms after the main claim, how derived
    # figures were formed before the record-wide kinds (span, what stays open)
    first = [asked.artifact_section(writer)]
    arms = [asked.arms_section(writer)]
    formed = [asked.formed_section(writer)]
    ordered = [*first, *lead, *arms, *middle, *formed, *tail]
    return [section for section in ordered if section is not None]


def supported_facts(writer: SectionWriter, facts: Sequence[Fact]) -> list[tuple[Fact, list[str]]]:
    """Each of `facts` with the sentences of it that are grounded on the documents it cites."""
    kept = []
    for fact in facts:
        said = _grounded(writer, fact)
        if said:
            kept.append((fact, said))
    return kept


def _section(writer: SectionWriter, facts: Sequence[Fact]) -> Section | None:
    heading = ""
    said: list[str] = []
    cited: list[str] = []
    for fact in facts:
        sentences = _grounded(writer, fact)
        if not sentences:
            continue
        if not heading:
            heading = wording.question(fact)
            if not writer.ground(_documents(writer, fact)).supports(heading):
                heading = ""
                continue
        said += sentences
        cited += fact.citations
        if len(said) >= FACTS_PER_SECTION:
            break
    if not heading or not said:
        return None
    return Section(
        heading=heading, paragraphs=[" ".join(said)], citations=list(dict.fromkeys(cited))
    )


def _grounded(writer: SectionWriter, fact: Fact) -> list[str]:
    grounding = writer.ground(_documents(writer, fact))
    for said in (wording.sentences(fact), wording.unnamed(fact)):
        # the first sentence carries the fact; without it the rest says nothing
        if said and grounding.supports(said[0]):
            return [s for s in said if grounding.supports(s)]
    return []


def _documents(writer: SectionWriter, fact: Fact) -> list[Document]:
    urls = set(fact.citations)
    return unique_documents(
        item.document for item in writer.grounded if item.document.pinned_url in urls
    )


def _figures(writer: SectionWriter) -> list[ReportedResult]:
    """Every figure of the record, which a lead or range over the headline must hold against."""
    return [figure.result for figure in writer.selection.figures]
