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
from typing import TypeVar

from pydantic import JsonValue

from draftflow.draft.artifact import CREATION_DETERMINISTIC, EditorialDraft, ExtractionLike
from draftflow.draft.grounding import Grounding, SourceTexts, format_value
from draftflow.records import ReportedResult, Section, TestProfile
from draftflow.snapshot import Document, Snapshot

_T = TypeVar("_T")

MAX_METRICS = 8
MAX_RESULTS_PER_METRIC = 8
MAX_PROFILES = 8
MAX_CONDITIONS_PER_PROFILE = 12
MAX_DOCUMENTS_NAMED = 12
MAX_METRICS_IN_TITLE = 3
MAX_METRICS_IN_SUMMARY = 5
MAX_KEYS_NAMED = 10
MAX_VALUE_CHARS = 80

# The record-level conditions of the seeds: what an editor needs to know to compare figures.
STANDARD_CONDITION_KEYS = (
    "model_revision",
    "weight_hash",
    "runtime_execution_revision",
    "input_tokens",
    "output_tokens",
    "concurrency",
    "cache_state",
    "quantization",
    "speculative_decoding",
    "temperature",
    "top_p",
)
# Conditions shown first when describing a configuration; other scalar keys follow.
SALIENT_CONDITION_KEYS = (
    "model",
    "model_artifact",
    "weight_precision",
    "quantization",
    "engine",
    "engine_version",
    "system",
    "node_count",
    "parallelism",
    "concurrency",
    "input_tokens",
    "output_tokens",
    "max_output_tokens",
    "temperature",
    "top_p",
    "thinking",
    "speculative_decoding",
    "kv_dtype",
    "context_limit_tokens",
    "cache_state",
    "prefix_cache",
    "experiment_date",
    "repetitions",
)
SETUP_FIELDS = (
    ("system", "system"),
    ("node_count", "node count"),
    ("parallelism", "parallelism"),
    ("kv_dtype", "KV cache dtype"),
    ("context_limit_tokens", "context limit in tokens"),
    ("experiment_date", "experiment date"),
)
README_NAMES = ("README.md", "readme.md", "README.markdown", "README.txt", "README")

LIMITATIONS = (
    "Source-reported only; nothing here was reproduced independently.",
    "The document revision identifies the report, not the executed runtime or weight revision.",
    "Figures from different configurations are not ranked against each other.",
    "Written from templates without a model: the text restates the extracted figures and "
    "does not interpret them.",
)
NOTES = (
    "Each figure is tied to the line of the document that states it; a condition the source "
    "does not state stays null.",
)


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
        self.documents = _unique_documents(item.document for item in grounded)
        self._groundings: dict[tuple[str, ...], Grounding] = {}
        self.everywhere = self.ground(self.documents)
        self.metrics = _unique(_metric_name(item.result) for item in grounded)

    def ground(self, documents: Iterable[Document]) -> Grounding:
        """The guard over these documents and the record's values (cached per document set)."""
        documents = list(documents)
        key = tuple(d.pinned_url for d in documents)
        if key not in self._groundings:
            sources = [self.texts.document(d) for d in documents]
            self._groundings[key] = Grounding(sources, self.values, self.names)
        return self._groundings[key]

    def draft(self) -> EditorialDraft:
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
        return _join(metrics)

    def common_model(self) -> str | None:
        models = _unique(_text(item.result.conditions.get("model")) for item in self.grounded)
        if len(models) == 1 and models[0] and self.everywhere.supports(models[0]):
            return models[0]
        return None

    def title(self) -> str:
        subject = self.common_model() or self.snapshot.repository
        metrics = self.metric_phrase(MAX_METRICS_IN_TITLE)
        return _first_supported(
            self.everywhere,
            f"{subject}: source-reported {metrics} figures",
            f"{self.snapshot.repository}: source-reported {metrics} figures",
            f"Source-reported {metrics} figures",
            "Source-reported benchmark figures",
        )

    def summary(self) -> str:
        return _first_supported(
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
                phrase = f"{item.result.label}, {format_value(item.result.value)}"
                if self.ground([item.document]).supports(phrase):
                    phrases.append(phrase)
                    cited.append(item.document)
            if not phrases:
                continue
            more = len(items) > MAX_RESULTS_PER_METRIC
            tail = " Further figures for this metric are listed with the reported results."
            lead = f"Reported {metric} ({unit}): " if unit else f"Reported {metric}: "
            paragraphs.append(lead + "; ".join(phrases) + "." + (tail if more else ""))
        if len(groups) > MAX_METRICS:
            paragraphs.append("Further metrics are listed with the reported results.")
        derived = self.derived_paragraph(cited)
        if derived:
            paragraphs.append(derived)
        return _section("What was measured?", paragraphs, cited)

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
            sentence = f"{_capitalise(result.label)} is derived: {result.statistic}{bounds}."
            if self.ground([item.document]).supports(sentence):
                sentences.append(sentence)
        return " ".join(sentences[:MAX_RESULTS_PER_METRIC]) or None

    def configurations_section(self) -> Section | None:
        paragraphs: list[str] = []
        cited: list[Document] = []
        profiles = self.profiles()
        for profile in profiles[:MAX_PROFILES]:
            documents = [profile.document] if profile.document else self.documents
            grounding = self.ground(documents)
            phrases = grounding.keep(_condition_phrases(profile.conditions))
            if phrases and grounding.supports(profile.label):
                paragraphs.append(f"{_capitalise(profile.label)}: {'; '.join(phrases)}.")
                cited += documents
        if len(profiles) > MAX_PROFILES:
            paragraphs.append("Further configurations are listed with the test profiles.")
        setup = self.setup_sentence()
        if setup:
            paragraphs.append(setup)
            cited += self.documents
        return _section("Under which configurations?", paragraphs, cited)

    def setup_sentence(self) -> str | None:
        setup = self.extraction.reported_setup
        if setup is None:
            return None
        phrases = []
        for name, label in SETUP_FIELDS:
            value = getattr(setup, name)
            if value is not None:
                phrases.append(f"{label}: {_display(value)}")
        phrases = self.everywhere.keep(phrases)
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
        keys = _unique(k for p in profiles for k, v in p.conditions.items() if _is_scalar(v))
        differ = [k for k in keys if len({_canon(p.conditions.get(k)) for p in profiles}) > 1]
        shared = [k for k in keys if k not in differ and profiles[0].conditions.get(k) is not None]
        sentences = []
        if differ:
            sentences.append(
                f"The configurations differ in {_join_capped(_key_names(differ))}, so their "
                "figures describe different setups rather than repeated runs of a shared setup."
            )
        if shared:
            sentences.append(f"They share {_join_capped(_key_names(shared))}.")
        cited = [p.document for p in profiles if p.document] or self.documents
        return _section(
            "What differs between the configurations?",
            [" ".join(self.everywhere.keep(sentences))],
            cited,
        )

    def documents_section(self) -> Section | None:
        sentences = []
        for document in self.documents[:MAX_DOCUMENTS_NAMED]:
            metrics = _unique(
                _metric_name(i.result)
                for i in self.grounded
                if i.document.pinned_url == document.pinned_url
            )
            sentence = f"{document.path} reports {_join(metrics)} figures."
            if self.ground([document]).supports(sentence):
                sentences.append(sentence)
        if len(self.documents) > MAX_DOCUMENTS_NAMED:
            sentences.append("Further documents are cited with the reported results.")
        sentences.append(
            "Each reported result links to the exact line at the pinned revision of its document."
        )
        return _section(
            "Which documents report the figures?", [" ".join(sentences)], self.documents
        )

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
                f"No reported figure states its {_join(_key_names(unknown), 'or')}; "
                "these stay unknown."
            )
        if partial:
            sentences.append(f"Only some figures state their {_join(_key_names(partial))}.")
        sentences += self.missing_setup_sentences()
        if self.extraction.dropped:
            sentences.append(
                "Some candidate figures could not be tied to a line of a source document and "
                "were left out."
            )
        sentences.append("No figure was reproduced independently.")
        return _section(
            "What is missing?", [" ".join(self.everywhere.keep(sentences))], self.documents
        )

    def missing_setup_sentences(self) -> list[str]:
        setup = self.extraction.reported_setup
        if setup is None:
            return ["The source does not report a record-level setup."]
        missing = [label for name, label in SETUP_FIELDS if getattr(setup, name) is None]
        if not missing:
            return []
        return [f"The reported setup does not state the {_join(missing, 'or')}."]


def _no_results_draft(snapshot: Snapshot, extraction: ExtractionLike) -> EditorialDraft:
    """An editorial that says no result was found, with no number of its own."""
    documents = _front_documents(snapshot)
    texts = SourceTexts()
    grounding = Grounding([texts.document(d) for d in documents], names=[snapshot.repository])
    read = grounding.keep(d.path for d in documents)
    looked = "The repository's documents were read at a pinned revision."
    if read:
        looked = f"The documents read at the pinned revision include {_join(read)}."
    missing = ["No measured figure, configuration or setup could be tied to a source line."]
    if extraction.dropped:
        missing.append(
            "Candidate figures were found but could not be grounded on a line of a source "
            "document, so they were left out."
        )
    sections = []
    if documents:
        sections = [
            _section_always("What was looked at?", [looked], documents),
            _section_always("What is missing?", [" ".join(missing)], documents),
        ]
    return EditorialDraft(
        title=_first_supported(
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


# --- small helpers ----------------------------------------------------------------------------


def _section(heading: str, paragraphs: list[str], cited: Iterable[Document]) -> Section | None:
    paragraphs = [p for p in paragraphs if p]
    documents = _unique_documents(cited)
    if not paragraphs or not documents:
        return None
    return Section(
        heading=heading, paragraphs=paragraphs, citations=[d.pinned_url for d in documents]
    )


def _section_always(heading: str, paragraphs: list[str], cited: Iterable[Document]) -> Section:
    documents = _unique_documents(cited)
    return Section(
        heading=heading, paragraphs=paragraphs, citations=[d.pinned_url for d in documents]
    )


def _group_by_metric(
    grounded: Sequence[_Grounded],
) -> list[tuple[tuple[str, str], list[_Grounded]]]:
    groups: dict[tuple[str, str], list[_Grounded]] = {}
    for item in grounded:
        groups.setdefault((_metric_name(item.result), item.result.unit), []).append(item)
    return list(groups.items())


def _condition_phrases(conditions: dict[str, JsonValue]) -> list[str]:
    keys = [k for k in SALIENT_CONDITION_KEYS if k in conditions]
    keys += [k for k in conditions if k not in SALIENT_CONDITION_KEYS]
    phrases = [
        f"{_key_name(k)}: {_display(conditions[k])}"
        for k in keys
        if conditions[k] is not None and _is_scalar(conditions[k])
    ]
    # Long free-text values (notes, whole table cells of prose) are data, not a condition
    # worth restating; they stay in the record's conditions.
    short = [p for p in phrases if len(p) <= MAX_VALUE_CHARS and "\n" not in p]
    return short[:MAX_CONDITIONS_PER_PROFILE]


def _metric_name(result: ReportedResult) -> str:
    return result.metric.replace("_", " ").strip() or "unnamed metric"


def _key_name(key: str) -> str:
    return key.replace("_", " ")


def _key_names(keys: Iterable[str]) -> list[str]:
    return [_key_name(k) for k in keys]


def _display(value: JsonValue) -> str:
    if isinstance(value, bool | int | float):
        return format_value(value)
    return " ".join(str(value).split()).rstrip(".")


def _text(value: JsonValue) -> str | None:
    return value if isinstance(value, str) else None


def _is_scalar(value: JsonValue) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _canon(value: JsonValue) -> str:
    return json.dumps(value, sort_keys=True)


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(items: Sequence[str], conjunction: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def _join_capped(items: Sequence[str], limit: int = MAX_KEYS_NAMED) -> str:
    if len(items) > limit:
        return _join([*items[:limit], "other conditions"])
    return _join(items)


def _unique(items: Iterable[_T]) -> list[_T]:
    seen: dict[_T, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)


def _unique_documents(documents: Iterable[Document]) -> list[Document]:
    seen: dict[str, Document] = {}
    for document in documents:
        seen.setdefault(document.pinned_url, document)
    return list(seen.values())


def _first_supported(grounding: Grounding, *candidates: str) -> str:
    for candidate in candidates:
        if grounding.supports(candidate):
            return candidate
    return candidates[-1]
