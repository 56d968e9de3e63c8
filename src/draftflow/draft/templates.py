"""The deterministic drafter: editorial text written from fixed templates, without a model.

It restates only the grounded headline of the select stage's `Selection`: labels, values,
units, statistics and conditions exactly as the extract stage recorded them, under the seeds'
question headings. The templates themselves contain no digits and no number words, so the only
numbers in the prose are record fields or text found on the cited documents; every phrase that
carries a number passes the `Grounding` guard or is left out. Nothing is counted, ranked or
interpreted. The same input gives byte-identical output: everything is taken in extraction
order, never from a set.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cached_property

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.draft import framing
from draftflow.draft import sections as sections_
from draftflow.draft import template_wording as w
from draftflow.draft.artifact import CREATION_DETERMINISTIC, EditorialDraft
from draftflow.draft.consistency import Names
from draftflow.draft.facts.fact_types import Fact, FactKind
from draftflow.draft.facts.lead import lead_configuration
from draftflow.draft.facts.questions import fact_sections, headline_facts, supported_facts
from draftflow.draft.grounding import (
    Grounding,
    SourceText,
    SourceTexts,
    as_written,
    record_names,
    record_values,
)
from draftflow.draft.no_results import front_documents, no_results_draft
from draftflow.draft.parts import Grounded, Profile
from draftflow.draft.template_wording import (
    LIMITATIONS,
    MAX_DOCUMENTS_NAMED,
    MAX_METRICS_IN_SUMMARY,
    NOTES,
    RANKED_LIMITATION,
    UNRANKED,
)
from draftflow.record.model import ReportedResult, Section
from draftflow.select.artifact import Selection
from draftflow.select.metadata_model import RecordMetadata

MAX_FRONT_DOCUMENTS = 6


def draft_deterministic(
    snapshot: Snapshot, selection: Selection, facts: RecordMetadata | None = None
) -> EditorialDraft:
    """Write the editorial from templates over the selection's grounded headline (and the
    record-level `facts` the select stage read from the sources, when given)."""
    grounded = _grounded_results(snapshot, selection.headline)
    if not grounded:
        return no_results_draft(snapshot, selection)
    writer = Writer(snapshot, selection, grounded, facts)
    return writer.draft()


class TemplateParts:
    """The template editorial part by part, each written only when asked for.

    The model drafter falls back on the templates for the parts whose reply fails (often
    the sections alone); the whole template draft of a big extraction costs seconds, mostly
    reading every cited document for the framing. Each part is the same text
    `draft_deterministic` writes: the groundings only cache verdicts, so the order in which
    parts are written changes nothing."""

    def __init__(self, snapshot: Snapshot, selection: Selection) -> None:
        self._snapshot = snapshot
        self._selection = selection

    @cached_property
    def _writer(self) -> Writer | None:
        grounded = _grounded_results(self._snapshot, self._selection.headline)
        return Writer(self._snapshot, self._selection, grounded) if grounded else None

    @cached_property
    def _empty(self) -> EditorialDraft:
        return no_results_draft(self._snapshot, self._selection)

    @cached_property
    def sections(self) -> list[Section]:
        """The question sections."""
        return self._writer.sections() if self._writer else self._empty.sections

    @cached_property
    def claims(self) -> list[tuple[Fact, list[str]]]:
        """The facts whose template sentences are grounded (none without results)."""
        return self._writer.claims if self._writer else []

    @cached_property
    def title(self) -> str:
        """The title."""
        return self._writer.title() if self._writer else self._empty.title

    @cached_property
    def title_fallbacks(self) -> list[str]:
        """The shorter titles, for when verify rejects the title."""
        return [t for t in self._writer.titles() if t != self.title] if self._writer else []

    @cached_property
    def summary(self) -> str:
        """The summary."""
        return self._writer.summary() if self._writer else self._empty.summary

    @cached_property
    def answer(self) -> str:
        """The answer."""
        return self._writer.answer() if self._writer else self._empty.answer

    @property
    def notes(self) -> list[str]:
        """The notes."""
        return list(NOTES) if self._writer else self._empty.notes


def _grounded_results(snapshot: Snapshot, results: Sequence[ReportedResult]) -> list[Grounded]:
    grounded = []
    for result in results:
        document = snapshot.by_url(result.evidence_url) or snapshot.document(
            result.source_document_id
        )
        if document is not None:
            grounded.append(Grounded(result, document))
    return grounded


class Writer:
    """Writes each part of the editorial over one selection's grounded headline."""

    def __init__(
        self,
        snapshot: Snapshot,
        selection: Selection,
        grounded: list[Grounded],
        facts: RecordMetadata | None = None,
    ) -> None:
        self.snapshot = snapshot
        self.selection = selection
        self.grounded = grounded
        self.facts = facts
        results = [item.result for item in grounded]
        self.values = record_values(results)
        self.names = record_names(snapshot.repository, results, selection.profiles)
        self._record = Grounding((), self.values, self.names)
        self.texts = SourceTexts()
        self.documents = w.unique_documents(item.document for item in grounded)
        # Sections whose claims span every document cite the first ones only, as the seeds do.
        self.leading = self.documents[:MAX_DOCUMENTS_NAMED]
        self._groundings: dict[tuple[str, ...], Grounding] = {}
        readme = front_documents(snapshot)[:1]
        # sections about the whole record cite the README and the headline figures' documents
        self.front = w.unique_documents([*readme, *self.leading])[:MAX_FRONT_DOCUMENTS]
        self.metrics = w.unique(w.metric_name(item.result) for item in grounded)

    @cached_property
    def everywhere(self) -> Grounding:
        """The guard over every cited document, its path too (a folder named after its
        model, `llm-bench/GLM-4.5-Air-UD-Q4_K_XL/`, states it), and the documents stating
        the record's setup (its system): read only when the framing is written. A title
        names the system its README states though no headline figure stands there
        (lhl/strix-halo-testing's `Ryzen AI Max+ 395` left out of its title, read33-s25)."""
        documents = w.unique_documents([*self.documents, *self._setup_documents()])
        paths = SourceText("\n".join(d.path for d in documents))
        return self._record.over([*(self.texts.document(d) for d in documents), paths])

    def _setup_documents(self) -> list[Document]:
        """The documents whose lines the record's setup fields cite (`facts.evidence`)."""
        urls = self.facts.evidence.values() if self.facts is not None else ()
        found = (self.snapshot.by_url(url) for url in urls)
        return [document for document in found if document is not None]

    def ground(self, documents: Iterable[Document]) -> Grounding:
        """The guard over these documents, their paths (a sentence names the documents it
        cites: teaql's `reports/Round-25-Report.md`) and the record's values (cached per
        document set)."""
        documents = list(documents)
        key = tuple(d.pinned_url for d in documents)
        if key not in self._groundings:
            sources = [self.texts.document(d) for d in documents]
            over = self._record.over(sources)
            self._groundings[key] = over.naming(d.path for d in documents)
        return self._groundings[key]

    def written(self, item: Grounded) -> str:
        """The result's value as its evidence line writes it, when it reads back the same."""
        line = item.document.line(item.result.source_line) or ""
        comma = self.texts.document(item.document).decimal_comma
        return as_written(item.result.value, line, decimal_comma=comma)

    def sections(self) -> list[Section]:
        """The questions this repository's facts answer; when no fact can be written, the
        general questions of the seeds that have something to say."""
        answered = fact_sections(self, self.typed_facts)
        if answered:
            return answered
        sections = [
            sections_.artifact_section(self),
            sections_.figures_section(self),
            sections_.differences_section(self),
            sections_.comparable_section(self),
            sections_.missing_section(self),
        ]
        return [s for s in sections if s is not None and s.paragraphs and s.citations]

    def draft(self) -> EditorialDraft:
        """The whole editorial: framing, the question sections, notes and limitations; a
        sentence naming an engine or system the record contradicts is not written."""
        sections = self.measured.sections(self.sections())
        title = self.title()
        return EditorialDraft(
            title=title,
            summary=self.summary(),
            answer=self.answer(),
            sections=sections,
            notes=list(NOTES),
            limitations=self.limitations(),
            creation_method=CREATION_DETERMINISTIC,
            title_fallbacks=[t for t in self.titles() if t != title],
        )

    def limitations(self) -> list[str]:
        """The seeds' limitations; where the text compares configurations, the one that says
        none are ranked gives way to what a comparison here is."""
        if not framing.ranks(self.claims):
            return list(LIMITATIONS)
        return [RANKED_LIMITATION if item == UNRANKED else item for item in LIMITATIONS]

    # --- framing -----------------------------------------------------------------------

    def metric_phrase(self, limit: int = MAX_METRICS_IN_SUMMARY) -> str:
        """The metrics named in the framing; "benchmark" when there are too many to list."""
        metrics = self.everywhere.keep(self.metrics)
        if not metrics or len(metrics) > limit:
            return "benchmark"
        return w.join(metrics)

    def common_model(self) -> str | None:
        """The measured model the sources name, else the one every result names."""
        if self.facts is not None and self.facts.model_label:
            label = self.facts.model_label
            if self.ground(self.front).supports(label):
                return label
        models = w.unique(w.text(item.result.conditions.get("model")) for item in self.grounded)
        if len(models) == 1 and models[0] and self.everywhere.supports(models[0]):
            return models[0]
        return None

    @cached_property
    def typed_facts(self) -> list[Fact]:
        """Every fact over the grounded headline (`draft/facts/`), computed once."""
        return headline_facts(self)

    @cached_property
    def claims(self) -> list[tuple[Fact, list[str]]]:
        """The facts whose sentences are grounded, leaders first, each kind by weight."""
        return supported_facts(self, self.typed_facts)

    def main_claim(self) -> tuple[Fact, list[str]] | None:
        """The largest comparison: the leader of the largest group, else the largest scaling
        series; a comparison that involves the lead configuration's figures first."""
        lead = self.lead_claim()
        for kind in (FactKind.LEADER, FactKind.SCALING):
            found = [claim for claim in self.claims if claim[0].kind is kind]
            if lead is not None:
                urls = self._lead_urls(lead[0])
                found = [c for c in found if urls & {r.evidence_url for r in c[0].inputs}] or found
            if found:
                return max(found, key=lambda claim: claim[0].weight)
        return None

    def lead_claim(self) -> tuple[Fact, list[str]] | None:
        """What the lead configuration measured and on what, when its sentence is grounded."""
        return next((c for c in self.claims if c[0].kind is FactKind.MEASURED), None)

    def _lead_urls(self, fact: Fact) -> set[str]:
        return {
            item.result.evidence_url
            for item in self.grounded
            if lead_configuration(item.result.conditions) == fact.configuration
        }

    @cached_property
    def measured(self) -> Names:
        """The engines and systems the headline figures were measured on: a sentence naming
        another is not written."""
        return Names(
            self.snapshot.repository,
            self.grounded,
            self.facts.runtimes if self.facts is not None else (),
            self.facts.system if self.facts is not None else None,
        )

    def titles(self) -> list[str]:
        """The title candidates whose numbers are grounded and whose names the record does
        not contradict, best first."""
        return self.measured.keep(
            self.everywhere.keep(framing.titles(self, self.snapshot.repository))
        )

    def title(self) -> str:
        """The subject's model, engine and system and the lead claim, in a few words."""
        return next(iter(self.titles()), self.snapshot.repository)

    def summary(self) -> str:
        """The main claim, the comparison that qualifies it, and how figures are tied."""
        tied = (
            f"Each figure of {self.snapshot.repository} is tied to the document line that "
            "states it."
        )
        lead, claim = self.lead_claim(), self.main_claim()
        said = [lead[1][0]] if lead is not None else []
        said += [claim[1][0]] if claim is not None else []
        claimed = [" ".join([*said, tied])] if said else []
        if lead is not None and claim is not None:
            claimed.append(" ".join([lead[1][0], tied]))
        return w.first_supported(
            self.everywhere,
            *self.measured.keep(claimed),
            f"Source-reported {self.metric_phrase()} figures from {self.snapshot.repository}, "
            "each tied to the document line that states it, with the measured configuration "
            "as far as the source states it.",
            f"Source-reported {self.metric_phrase()} figures, each tied to the document line "
            "that states it, with the measured configuration as far as the source states it.",
            "Source-reported benchmark figures, each tied to the document line that states it.",
        )

    def answer(self) -> str:
        """What the repository establishes, and what it does not."""
        return " ".join(
            self.measured.keep(framing.answer_sentences(self, self.snapshot.repository))
        )

    def profiles(self) -> list[Profile]:
        """The configurations to compare: the test profiles, else the results' conditions."""
        if self.selection.profiles:
            return [
                Profile(p.label, p.conditions, self.snapshot.by_url(p.evidence_url))
                for p in self.selection.profiles
            ]
        profiles: dict[str, Profile] = {}
        for item in self.grounded:
            key = json.dumps(item.result.conditions, sort_keys=True)
            if key not in profiles and item.result.conditions:
                profiles[key] = Profile(item.result.label, item.result.conditions, item.document)
        return list(profiles.values())


def _group_by_metric(
    grounded: Sequence[Grounded],
) -> list[tuple[tuple[str, str], list[Grounded]]]:
    groups: dict[tuple[str, str], list[Grounded]] = {}
    for item in grounded:
        groups.setdefault((w.metric_name(item.result), item.result.unit), []).append(item)
    return list(groups.items())
