"""The model drafter: a model writes the editorial from the grounded extraction only.

Two independent calls run concurrently (the client bounds concurrency): `draft_facts` writes
the question-headed sections from the facts computed in code (`draft_sections` from the
results when no fact can be stated), `draft_framing` the title, summary, answer, notes and
limitations. The model sees the grounded results (label, value, unit, statistic, conditions,
document URL and the text of the evidence line) and the documents' pinned URLs, nothing else.

Its reply is then checked before anyone reads it:
- a citation that is not one of the snapshot's pinned URLs is dropped (a `#L` anchor is cut),
  and a section left without a valid citation is dropped; fewer than three sections left
  (the prompt asks for three to six) and the template's sections stand instead;
- a sentence with a number (digits or a number word) that does not occur in the material the
  model was given is dropped. This is stricter than verify, which accepts any number on a
  cited document: a hostile line elsewhere in a cited file cannot lend the model a figure.
Every such drop is listed in `EditorialDraft.dropped`. The pipeline still verifies the record
and removes what verify rejects with `drop_sentences`.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel, Field, JsonValue

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.draft.artifact import (
    CREATION_MODEL,
    CREATION_MODEL_FALLBACK,
    CREATION_MODEL_SECTIONS_ONLY,
    CREATION_MODEL_UNUSABLE,
    EditorialDraft,
    ExtractionLike,
)
from draftflow.draft.facts.prompting import (
    FACTS_PROMPT,
    Claim,
    FactChecker,
    FactSectionsReply,
    facts_material,
)
from draftflow.draft.grounding import Grounding
from draftflow.draft.record_facts import states
from draftflow.draft.sentences import NEUTRAL_HEADING
from draftflow.draft.templates import TemplateParts, record_names, record_values
from draftflow.draft.wording import LIMITATIONS, STANDARD_CONDITION_KEYS
from draftflow.extract.model.chunks import CHARS_PER_TOKEN, PROMPT_OVERHEAD_TOKENS
from draftflow.llm.prompts import Prompt, load_prompt
from draftflow.llm.protocol import StructuredClient
from draftflow.llm.structured import StructuredOutputError
from draftflow.record.model import ReportedResult, Section
from draftflow.text.sentences import split_sentences

SECTIONS_PROMPT = "draft_sections"
FRAMING_PROMPT = "draft_framing"
MAX_RESULTS_IN_PROMPT = 48
MIN_RESULTS_IN_PROMPT = 3
DEFAULT_BUDGET_TOKENS = 12_000
MAX_PROFILES_IN_PROMPT = 24
MAX_DOCUMENTS_IN_PROMPT = 40
MAX_CONDITION_CHARS = 120
MAX_LIST_ITEMS = 12
MAX_LINE_CHARS = 300
MAX_SECTIONS = 8
# The prompt asks for three to six: fewer that pass the checks did not answer the questions a
# record's sections answer, and the template's sections (every question) serve the editor better.
MIN_SECTIONS = 3
# Limitations every record keeps whoever drafts it: the seeds' evidence discipline.
STANDING_LIMITATIONS = LIMITATIONS[:3]

_SEPARATOR = re.compile(r"\s|;|\||,(?!\d)")
_T = TypeVar("_T", bound=BaseModel)
_T_co = TypeVar("_T_co", covariant=True)


class SectionReply(BaseModel):
    """One section as the model writes it."""

    heading: str = Field(description="a short question")
    paragraphs: list[str] = Field(description="plain-prose paragraphs")
    citations: list[str] = Field(description="pinned document URLs the section relies on")


class SectionsReply(BaseModel):
    """The `draft_sections` reply."""

    sections: list[SectionReply]


class FramingReply(BaseModel):
    """The `draft_framing` reply."""

    title: str
    summary: str
    answer: str
    notes: list[str] = Field(default_factory=list)
    limitations: list[str] = Field(default_factory=list)


async def draft_with_model(
    snapshot: Snapshot,
    extraction: ExtractionLike,
    client: StructuredClient,
    *,
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
    from_facts: bool = True,
) -> EditorialDraft:
    """Ask the model for sections and framing concurrently, then keep only what checks out.

    The sections are asked for from the facts computed in code (the `draft_facts` prompt)
    and checked against them: a sentence with a number or a configuration no listed fact
    states is dropped, and the template statement of its facts stands where nothing of the
    model's is left. Without `from_facts`, or when no fact's sentence is grounded, the model
    is shown the grounded results instead (the `draft_sections` prompt)."""
    # The templates cost seconds on a big extraction: each part written only when needed.
    fallback = TemplateParts(snapshot, extraction)
    claims = fallback.claims if from_facts else []
    sections_prompt = load_prompt(FACTS_PROMPT if claims else SECTIONS_PROMPT)
    framing_prompt = load_prompt(FRAMING_PROMPT)
    variables = prompt_variables(snapshot, extraction, budget_tokens)
    failures: list[str] = []
    schema: type[SectionsReply] | type[FactSectionsReply] = (
        FactSectionsReply if claims else SectionsReply
    )
    section_variables = (
        {"repository": snapshot.repository, "facts": facts_material(claims)}
        if claims
        else variables
    )
    sections_reply, framing_reply = await asyncio.gather(
        _ask(client, sections_prompt, section_variables, schema, failures),
        _ask(client, framing_prompt, variables, FramingReply, failures),
    )
    checker = _ReplyChecker(snapshot, material_grounding(snapshot, extraction, variables))
    checker.dropped.extend(failures)
    sections = _checked_sections(checker, sections_reply, claims)
    creation = CREATION_MODEL
    # a fact section is checked against its facts, so one is worth keeping
    if len(sections) < (1 if claims else MIN_SECTIONS):
        checker.dropped.append(
            f"draft: {len(sections)} model sections kept of the {MIN_SECTIONS} the prompt asks "
            "for at least; template sections used instead"
        )
        sections = fallback.sections
        creation = CREATION_MODEL_FALLBACK
    if framing_reply is None:
        unusable = creation == CREATION_MODEL_FALLBACK
        creation = CREATION_MODEL_UNUSABLE if unusable else CREATION_MODEL_SECTIONS_ONLY
    framing = framing_reply or FramingReply(title="", summary="", answer="")
    return EditorialDraft(
        title=checker.single("/title", framing.title) or fallback.title,
        summary=checker.single("/summary", framing.summary) or fallback.summary,
        answer=checker.prose("/editorial/answer", framing.answer) or fallback.answer,
        sections=sections,
        notes=checker.items("/notes", framing.notes) or fallback.notes,
        limitations=_merge(
            STANDING_LIMITATIONS, checker.items("/limitations", framing.limitations)
        ),
        creation_method=creation,
        prompt_hashes={
            sections_prompt.name: sections_prompt.sha256,
            FRAMING_PROMPT: framing_prompt.sha256,
        },
        dropped=checker.dropped,
    )


def _checked_sections(
    checker: _ReplyChecker,
    reply: SectionsReply | FactSectionsReply | None,
    claims: Sequence[Claim],
) -> list[Section]:
    """The model's sections that pass their checks: against the facts they list, or against
    the material the model was shown."""
    if isinstance(reply, FactSectionsReply):
        names = [ref.label for fact, _ in claims for ref in fact.inputs]
        facts = FactChecker(claims, names)
        sections = facts.sections(reply.sections)
        checker.dropped.extend(facts.dropped)
        return sections
    return checker.sections(reply.sections) if reply else []


async def _ask(
    client: StructuredClient,
    prompt: Prompt,
    variables: dict[str, str],
    schema: type[_T],
    failures: list[str],
) -> _T | None:
    """The validated reply, or None (noted in `failures`) when no attempt validated: a model
    that answers garbage costs its part of the draft, which the templates then write."""
    try:
        return (await client.structured(prompt, variables, schema)).value
    except StructuredOutputError as error:
        failures.append(f"draft: {prompt.name}: {error.message.splitlines()[0]}")
        return None


def prompt_variables(
    snapshot: Snapshot, extraction: ExtractionLike, budget_tokens: int = DEFAULT_BUDGET_TOKENS
) -> dict[str, str]:
    """The material the model sees, as prompt variables (deterministic text), shrunk until it
    fits `budget_tokens`: fewer results and profiles are shown, each metric still sampled."""
    budget_chars = max(budget_tokens - PROMPT_OVERHEAD_TOKENS, 0) * CHARS_PER_TOKEN
    material = _Material(snapshot, extraction)
    limit = MAX_RESULTS_IN_PROMPT
    while True:
        variables = material.variables(limit)
        if limit <= MIN_RESULTS_IN_PROMPT or sum(map(len, variables.values())) <= budget_chars:
            return variables
        limit //= 2


class _Material:
    """What the prompt shows of a draft, read once; `variables(limit)` shows `limit` results."""

    def __init__(self, snapshot: Snapshot, extraction: ExtractionLike) -> None:
        self.snapshot = snapshot
        self.extraction = extraction
        self.results = [r for r in extraction.reported_results if snapshot.by_url(r.evidence_url)]
        documents = _documents_for(snapshot, extraction)
        self.documents = "\n".join(f"- {d.path}: {d.pinned_url}" for d in documents) or "(none)"
        setup = extraction.reported_setup
        self.setup = _json_line(setup.model_dump(mode="json")) if setup else "(none)"
        stated = [r.conditions for r in self.results] + [
            p.conditions for p in extraction.test_profiles
        ]
        unknown = [k for k in STANDARD_CONDITION_KEYS if not any(states(c, k) for c in stated)]
        self.unknown = ", ".join(unknown) or "(none)"

    def variables(self, limit: int) -> dict[str, str]:
        """The prompt variables with at most `limit` results and profiles shown."""
        shown = sample_results(self.results, limit)
        result_lines = [_json_line(_result_material(self.snapshot, r)) for r in shown]
        if len(shown) < len(self.results):
            result_lines.append("(further results omitted here; do not mention them)")
        profiles = [
            _json_line(
                {
                    "label": p.label,
                    "conditions": _compact(p.conditions),
                    "evidence": p.evidence_url.split("#", 1)[0],
                }
            )
            for p in self.extraction.test_profiles[: min(limit, MAX_PROFILES_IN_PROMPT)]
        ]
        return {
            "repository": self.snapshot.repository,
            "revision": self.snapshot.revision,
            "documents": self.documents,
            "results": "\n".join(result_lines) or "(none)",
            "profiles": "\n".join(profiles) or "(none)",
            "setup": self.setup,
            "unknown_conditions": self.unknown,
        }


def sample_results(results: Sequence[ReportedResult], limit: int) -> list[ReportedResult]:
    """Up to `limit` results, taken in turn from each metric so every metric is shown; kept in
    extraction order (deterministic)."""
    by_metric: dict[str, list[int]] = {}
    for index, result in enumerate(results):
        by_metric.setdefault(result.metric, []).append(index)
    chosen: list[int] = []
    queues = list(by_metric.values())
    depth = 0
    while len(chosen) < limit and any(depth < len(q) for q in queues):
        for queue in queues:
            if depth < len(queue) and len(chosen) < limit:
                chosen.append(queue[depth])
        depth += 1
    return [results[i] for i in sorted(chosen)]


def _compact(conditions: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """Conditions as the model sees them: scalars and short lists, long text cut."""
    compact: dict[str, JsonValue] = {}
    for key, value in conditions.items():
        if isinstance(value, str):
            compact[key] = _cut(value, MAX_CONDITION_CHARS)
        elif not isinstance(value, list | dict) or (
            isinstance(value, list) and len(value) <= MAX_LIST_ITEMS
        ):
            compact[key] = value
    return compact


def _cut(text: str, limit: int) -> str:
    """`text` cut before `limit` characters at a separator (a space, `;`, `|`, or a comma not
    followed by a digit), so that no number is cut in two and no partial number is shown."""
    if len(text) <= limit:
        return text
    cuts = [m.start() for m in _SEPARATOR.finditer(text[: limit + 1])]
    return (text[: cuts[-1]].rstrip() if cuts else "") + " …"


def material_grounding(
    snapshot: Snapshot, extraction: ExtractionLike, variables: dict[str, str]
) -> Grounding:
    """The guard for model prose: numbers must be stated in the material the model was given
    (or be a result's value or bound); names may be the record's own."""
    results = list(extraction.reported_results)
    texts = [variables[k] for k in ("documents", "results", "profiles", "setup")]
    return Grounding.of_texts(
        texts,
        record_values(results),
        record_names(snapshot.repository, results, extraction.test_profiles),
        [d.pinned_url for d in snapshot.documents],
    )


def _documents_for(snapshot: Snapshot, extraction: ExtractionLike) -> list[Document]:
    """The documents results and profiles come from, and the README, up to the cap."""
    urls = {r.evidence_url.split("#", 1)[0] for r in extraction.reported_results}
    urls |= {p.evidence_url.split("#", 1)[0] for p in extraction.test_profiles}
    readme = snapshot.by_path("README.md")
    if readme is not None:
        urls.add(readme.pinned_url)
    return [d for d in snapshot.documents if d.pinned_url in urls][:MAX_DOCUMENTS_IN_PROMPT]


def _result_material(snapshot: Snapshot, result: ReportedResult) -> dict[str, JsonValue]:
    document = snapshot.by_url(result.evidence_url)
    line = document.line(result.source_line) if document else None
    uncertainty = result.uncertainty.model_dump(mode="json") if result.uncertainty else None
    return {
        "label": result.label,
        "metric": result.metric,
        "value": result.value,
        "unit": result.unit,
        "statistic": result.statistic,
        "uncertainty": uncertainty,
        "conditions": _compact(result.conditions),
        "document": document.pinned_url if document else None,
        "source_line": _cut((line or "").strip(), MAX_LINE_CHARS),
    }


def _json_line(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=False)


class _ReplyChecker:
    """Applies the citation and number checks to the model's reply, recording every drop."""

    def __init__(self, snapshot: Snapshot, grounding: Grounding) -> None:
        self.pinned = {d.pinned_url for d in snapshot.documents}
        self.grounding = grounding
        self.dropped: list[str] = []

    def sections(self, replies: Sequence[SectionReply]) -> list[Section]:
        kept: list[Section] = []
        for index, reply in enumerate(replies[:MAX_SECTIONS]):
            citations = self.citations(index, reply.citations)
            location = f"/editorial/sections/{len(kept)}/paragraphs"
            paragraphs = [
                text
                for number, paragraph in enumerate(reply.paragraphs)
                if (text := self.prose(f"{location}/{number}", paragraph))
            ]
            heading = " ".join(reply.heading.split())
            if heading and not self.grounding.supports(heading):
                self.dropped.append(
                    f"draft: model heading {heading!r} has a number not in the grounded "
                    f"results; replaced by {NEUTRAL_HEADING!r}"
                )
                heading = NEUTRAL_HEADING
            if not citations or not paragraphs or not heading:
                reason = "no valid citation" if not citations else "no usable text"
                self.dropped.append(f"draft: model section {heading!r} dropped: {reason}")
                continue
            kept.append(Section(heading=heading, paragraphs=paragraphs, citations=citations))
        return kept

    def citations(self, index: int, citations: Sequence[str]) -> list[str]:
        valid: list[str] = []
        for citation in citations:
            url = citation.strip().split("#", 1)[0]
            if url in self.pinned:
                if url not in valid:
                    valid.append(url)
            else:
                self.dropped.append(
                    f"draft: model section {index}: citation {citation!r} is not a pinned "
                    "document of this snapshot"
                )
        return valid

    def prose(self, location: str, text: str) -> str:
        """`text` without the sentences whose numbers are not in the model's material."""
        kept = []
        for sentence in split_sentences(" ".join(text.split())):
            if self.grounding.supports(sentence):
                kept.append(sentence)
            else:
                self.dropped.append(
                    f"draft: {location}: sentence with a number not in the grounded results "
                    f"dropped: {sentence!r}"
                )
        return " ".join(kept)

    def single(self, location: str, text: str) -> str:
        """A one-piece field (title, summary): kept whole or not at all."""
        text = " ".join(text.split())
        if self.grounding.supports(text):
            return text
        self.dropped.append(f"draft: {location}: model text with an unsupported number replaced")
        return ""

    def items(self, location: str, items: Sequence[str]) -> list[str]:
        kept = []
        for index, item in enumerate(items):
            text = self.prose(f"{location}/{index}", item)
            if text:
                kept.append(text)
        return kept


def _merge(first: Sequence[str], second: Sequence[str]) -> list[str]:
    merged: list[str] = []
    for item in (*first, *second):
        if item and item not in merged:
            merged.append(item)
    return merged
