"""The deterministic drafter: editorial text written from fixed templates, without a model.

It restates only the grounded extraction: labels, values, units, statistics and conditions
exactly as the extract stage recorded them, under the seeds' question headings. The templates
themselves contain no digits and no number words, so the only numbers in the prose are record
fields or text found on the cited documents; every phrase that carries a number passes the
`Grounding` guard or is left out. Nothing is counted, ranked or interpreted. The same input
gives byte-identical output: everything is taken in extraction order, never from a set.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pydantic import JsonValue

from draftflow.draft import wording as w
from draftflow.draft.artifact import CREATION_DETERMINISTIC, EditorialDraft, ExtractionLike
from draftflow.draft.grounding import Grounding, SourceTexts, as_written, format_value
from draftflow.draft.wording import (
    LIMITATIONS,
    MAX_DOCUMENTS_NAMED,
    MAX_METRICS,
    MAX_METRICS_IN_SUMMARY,
    MAX_METRICS_IN_TITLE,
    MAX_PROFILES,
    MAX_RESULTS_PER_METRIC,
    NOTES,
    README_NAMES,
    SETUP_FIELDS,
    STANDARD_CONDITION_KEYS,
)
from draftflow.records import ReportedResult, Section, TestProfile
from draftflow.snapshot import Document, Snapshot


@dataclass(frozen=True)
class _Grounded:
    """A reported result with the snapshot document its evidence line is in."""

    result: ReportedResult
    document: Document


@dataclass(frozen=True)
class _Profile:
    """A configuration to describe: a test profile, or the shared conditions of results."""

    label: str
    conditions: dict[str, JsonValue]
    document: Document | None


def draft_deterministic(snapshot: Snapshot, extraction: ExtractionLike) -> EditorialDraft:
    """Write the editorial from templates over the grounded extraction alone."""
    grounded = _grounded_results(snapshot, extraction.reported_results)
    if not grounded:
        return _no_results_draft(snapshot, extraction)
    writer = _Writer(snapshot, extraction, grounded)
    return writer.draft()


def _grounded_results(snapshot: Snapshot, results: Sequence[ReportedResult]) -> list[_Grounded]:
    grounded = []
    for result in results:
        document = snapshot.by_url(result.evidence_url) or snapshot.document(
            result.source_document_id
        )
        if document is not None:
            grounded.append(_Grounded(result, document))
    return grounded


def record_values(results: Iterable[ReportedResult]) -> list[float]:
    """Numbers prose may state although no cited document writes them: each result's value
    and observed bounds, which verify accepts as the record's own verified fields."""
    values: list[float] = []
    for result in results:
        values.append(result.value)
        if result.uncertainty is not None:
            bounds = (result.uncertainty.observed_min, result.uncertainty.observed_max)
            values += [b for b in bounds if b is not None]
    return values


def record_names(
    repository: str, results: Iterable[ReportedResult], profiles: Iterable[TestProfile]
) -> list[str]:
    """Names prose may repeat as identifiers: the repository, labels, metrics and units."""
    names = [repository]
    for result in results:
        names += [result.label, result.metric, result.unit]
    names += [profile.label for profile in profiles]
    return names


class _Writer:
    """Writes each part of the editorial over one grounded extraction."""

    def __init__(
        self, snapshot: Snapshot, extraction: ExtractionLike, grounded: list[_Grounded]
    ) -> None:
        self.snapshot = snapshot
        self.extraction = extraction
        self.grounded = grounded
        results = [item.result for item in grounded]
        self.values = record_values(results)
        self.names = record_names(snapshot.repository, results, extraction.test_profiles)
        self.texts = SourceTexts()
        self.documents = w.unique_documents(item.document for item in grounded)
        # Sections whose claims span every document cite the first ones only, as the seeds do.
        self.leading = self.documents[:MAX_DOCUMENTS_NAMED]
        self._groundings: dict[tuple[str, ...], Grounding] = {}
        self.everywhere = self.ground(self.documents)
        self.metrics = w.unique(w.metric_name(item.result) for item in grounded)

    def ground(self, documents: Iterable[Document]) -> Grounding:
        """The guard over these documents and the record's values (cached per document set)."""
        documents = list(documents)
        key = tuple(d.pinned_url for d in documents)
        if key not in self._groundings:
            sources = [self.texts.document(d) for d in documents]
            self._groundings[key] = Grounding(sources, self.values, self.names)
        return self._groundings[key]

    def written(self, item: _Grounded) -> str:
        """The result's value as its evidence line writes it, when it reads back the same."""
        line = item.document.line(item.result.source_line) or ""
        comma = self.texts.document(item.document).decimal_comma
        return as_written(item.result.value, line, decimal_comma=comma)

    def draft(self) -> EditorialDraft:
        """The whole editorial: framing, the question sections, notes and limitations."""
        sections = [
            self.measured_section(),
            self.configurations_section(),
            self.differences_section(),
            self.documents_section(),
            self.missing_section(),
        ]
        return EditorialDraft(
            title=self.title(),
            summary=self.summary(),
            answer=self.answer(),
            sections=[s for s in sections if s is not None and s.paragraphs and s.citations],
            notes=list(NOTES),
            limitations=list(LIMITATIONS),
            creation_method=CREATION_DETERMINISTIC,
        )

    # --- framing -----------------------------------------------------------------------

    def metric_phrase(self, limit: int = MAX_METRICS_IN_SUMMARY) -> str:
        """The metrics named in the framing; "benchmark" when there are too many to list."""
        metrics = self.everywhere.keep(self.metrics)
        if not metrics or len(metrics) > limit:
            return "benchmark"
        return w.join(metrics)

    def common_model(self) -> str | None:
        """The model every result names in its conditions, when they all name the same one."""
        models = w.unique(w.text(item.result.conditions.get("model")) for item in self.grounded)
        if len(models) == 1 and models[0] and self.everywhere.supports(models[0]):
            return models[0]
        return None

    def title(self) -> str:
        subject = self.common_model() or self.snapshot.repository
        metrics = self.metric_phrase(MAX_METRICS_IN_TITLE)
        return w.first_supported(
            self.everywhere,
            f"{subject}: source-reported {metrics} figures",
            f"{self.snapshot.repository}: source-reported {metrics} figures",
            f"Source-reported {metrics} figures",
            "Source-reported benchmark figures",
        )

    def summary(self) -> str:
        return w.first_supported(
            self.everywhere,
            f"Source-reported {self.metric_phrase()} figures from {self.snapshot.repository}, "
            "each tied to the document line that states it, with the measured configuration "
            "as far as the source states it.",
            f"Source-reported {self.metric_phrase()} figures, each tied to the document line "
            "that states it, with the measured configuration as far as the source states it.",
            "Source-reported benchmark figures, each tied to the document line that states it.",
        )

    def answer(self) -> str:
        model = self.common_model()
        subject = f" for {model}" if model else ""
        sentences = [
            f"The repository reports {self.metric_phrase()} figures{subject}.",
            "They describe the author's own configurations, were not reproduced independently, "
            "and are not ranked against each other.",
            "Conditions the source does not state stay unknown.",
        ]
        return " ".join(self.everywhere.keep(sentences))

    # --- sections ----------------------------------------------------------------------

    def measured_section(self) -> Section | None:
        paragraphs: list[str] = []
        cited: list[Document] = []
        groups = _group_by_metric(self.grounded)
        for (metric, unit), items in groups[:MAX_METRICS]:
            phrases = []
            for item in items[:MAX_RESULTS_PER_METRIC]:
                phrase = f"{w.display_label(item.result.label)}: {self.written(item)}"
                if phrase not in phrases and self.ground([item.document]).supports(phrase):
                    phrases.append(phrase)
                    cited.append(item.document)
            if not phrases:
                continue
            more = len(items) > MAX_RESULTS_PER_METRIC
            tail = " Further figures for this metric are listed with the reported results."
            lead = f"Reported {metric} ({unit}): " if w.has_unit(unit) else f"Reported {metric}: "
            paragraphs.append(lead + "; ".join(phrases) + "." + (tail if more else ""))
        if len(groups) > MAX_METRICS:
            paragraphs.append("Further metrics are listed with the reported results.")
        derived = self.derived_paragraph(cited)
        if derived:
            paragraphs.append(derived)
        return w.section("What was measured?", paragraphs, cited)

    def derived_paragraph(self, cited: list[Document]) -> str | None:
        sentences = []
        cited_urls = {d.pinned_url for d in cited}
        for item in self.grounded:
            result, uncertainty = item.result, item.result.uncertainty
            if uncertainty is None or item.document.pinned_url not in cited_urls:
                continue
            bounds = ""
            if uncertainty.observed_min is not None and uncertainty.observed_max is not None:
                low, high = (
                    format_value(uncertainty.observed_min),
                    format_value(uncertainty.observed_max),
                )
                bounds = f"; range {low} to {high}, {uncertainty.interval_kind}"
            label = w.display_label(result.label)
            sentence = f"The figure {label} is derived: {result.statistic}{bounds}."
            if self.ground([item.document]).supports(sentence):
                sentences.append(sentence)
        return " ".join(sentences[:MAX_RESULTS_PER_METRIC]) or None

    def configurations_section(self) -> Section | None:
        paragraphs: list[str] = []
        cited: list[Document] = []
        profiles = self.profiles()
        for profile in profiles[:MAX_PROFILES]:
            documents = [profile.document] if profile.document else self.leading
            grounding = self.ground(documents)
            phrases = grounding.keep(w.condition_phrases(profile.conditions))
            label = w.display_label(profile.label)
            if phrases and grounding.supports(label):
                paragraphs.append(f"{label}: {'; '.join(phrases)}.")
                cited += documents
        if len(profiles) > MAX_PROFILES:
            paragraphs.append("Further configurations are listed with the test profiles.")
        setup = self.setup_sentence()
        if setup:
            paragraphs.append(setup)
            cited += self.leading
        return w.section("Under which configurations?", paragraphs, cited)

    def setup_sentence(self) -> str | None:
        """The record-level setup's stated fields, grounded on the leading documents."""
        setup = self.extraction.reported_setup
        if setup is None:
            return None
        phrases = []
        for name, label in SETUP_FIELDS:
            value = getattr(setup, name)
            if value is not None:
                phrases.append(f"{label}: {w.display(value)}")
        phrases = self.ground(self.leading).keep(phrases)
        return f"The reported setup gives {'; '.join(phrases)}." if phrases else None

    def profiles(self) -> list[_Profile]:
        if self.extraction.test_profiles:
            return [
                _Profile(p.label, p.conditions, self.snapshot.by_url(p.evidence_url))
                for p in self.extraction.test_profiles
            ]
        profiles: dict[str, _Profile] = {}
        for item in self.grounded:
            key = json.dumps(item.result.conditions, sort_keys=True)
            if key not in profiles and item.result.conditions:
                profiles[key] = _Profile(item.result.label, item.result.conditions, item.document)
        return list(profiles.values())

    def differences_section(self) -> Section | None:
        profiles = self.profiles()
        if len(profiles) < 2:
            return None
        cited = w.unique_documents(p.document for p in profiles if p.document)
        cited = cited[:MAX_DOCUMENTS_NAMED] or self.leading
        grounding = self.ground(cited)
        keys = w.unique(k for p in profiles for k, v in p.conditions.items() if w.is_scalar(v))
        differ = [k for k in keys if len({w.canon(p.conditions.get(k)) for p in profiles}) > 1]
        shared = [k for k in keys if k not in differ and profiles[0].conditions.get(k) is not None]
        differ_names = grounding.keep(w.key_names(differ))
        shared_names = grounding.keep(w.key_names(shared))
        sentences = []
        if differ_names:
            sentences.append(
                f"The configurations differ in {w.join_capped(differ_names)}, so their "
                "figures describe different setups rather than repeated runs of a shared setup."
            )
        if shared_names:
            sentences.append(f"They share {w.join_capped(shared_names)}.")
        return w.section("What differs between the configurations?", [" ".join(sentences)], cited)

    def documents_section(self) -> Section | None:
        named = self.leading
        sentences = []
        for document in named:
            metrics = w.unique(
                w.metric_name(i.result)
                for i in self.grounded
                if i.document.pinned_url == document.pinned_url
            )
            grounding = self.ground([document])
            name = w.document_name(document, grounding)
            sentence = f"{name} reports {w.join(metrics)} figures."
            if name and grounding.supports(sentence):
                sentences.append(w.capitalise(sentence))
        if len(self.documents) > MAX_DOCUMENTS_NAMED:
            sentences.append("Further documents are cited with the reported results.")
        sentences.append(
            "Each reported result links to the exact line at the pinned revision of its document."
        )
        return w.section("Which documents report the figures?", [" ".join(sentences)], named)

    def missing_section(self) -> Section | None:
        results = [item.result for item in self.grounded]
        stated = [r.conditions for r in results] + [
            p.conditions for p in self.extraction.test_profiles
        ]
        unknown = [k for k in STANDARD_CONDITION_KEYS if all(c.get(k) is None for c in stated)]
        partial = [
            k
            for k in STANDARD_CONDITION_KEYS
            if k not in unknown and any(r.conditions.get(k) is None for r in results)
        ]
        sentences = []
        if unknown:
            sentences.append(
                f"No reported figure states its {w.join(w.key_names(unknown), 'or')}; "
                "these stay unknown."
            )
        if partial:
            sentences.append(f"Only some figures state their {w.join(w.key_names(partial))}.")
        sentences += self.missing_setup_sentences()
        if self.extraction.dropped:
            sentences.append(
                "Some candidate figures could not be tied to a line of a source document and "
                "were left out."
            )
        sentences.append("No figure was reproduced independently.")
        # These sentences hold no number, so the section cites the leading documents only.
        grounding = self.ground(self.leading)
        return w.section("What is missing?", [" ".join(grounding.keep(sentences))], self.leading)

    def missing_setup_sentences(self) -> list[str]:
        setup = self.extraction.reported_setup
        if setup is None:
            return ["The source does not report a record-level setup."]
        missing = [label for name, label in SETUP_FIELDS if getattr(setup, name) is None]
        if not missing:
            return []
        return [f"The reported setup does not state the {w.join(missing, 'or')}."]


def _no_results_draft(snapshot: Snapshot, extraction: ExtractionLike) -> EditorialDraft:
    """An editorial that says no result was found, with no number of its own."""
    documents = _front_documents(snapshot)
    texts = SourceTexts()
    grounding = Grounding([texts.document(d) for d in documents], names=[snapshot.repository])
    read = grounding.keep(d.path for d in documents)
    looked = "The repository's documents were read at a pinned revision."
    if read:
        looked = f"The documents read at the pinned revision include {w.join(read)}."
    missing = ["No measured figure, configuration or setup could be tied to a source line."]
    if extraction.dropped:
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


def _front_documents(snapshot: Snapshot) -> list[Document]:
    """The README first when there is one, then the other documents, up to the cap."""
    readme = next((d for n in README_NAMES if (d := snapshot.by_path(n)) is not None), None)
    rest = [d for d in snapshot.documents if d is not readme]
    return ([readme] if readme else [])[:1] + rest[: MAX_DOCUMENTS_NAMED - (1 if readme else 0)]


def _group_by_metric(
    grounded: Sequence[_Grounded],
) -> list[tuple[tuple[str, str], list[_Grounded]]]:
    groups: dict[tuple[str, str], list[_Grounded]] = {}
    for item in grounded:
        groups.setdefault((w.metric_name(item.result), item.result.unit), []).append(item)
    return list(groups.items())
