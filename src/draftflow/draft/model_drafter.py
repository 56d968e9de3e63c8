"""The model drafter: a model writes the editorial from the selection's grounded headline only.

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
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

from draftflow.acquire.snapshot import Snapshot
from draftflow.draft.artifact import (
    CREATION_MODEL,
    CREATION_MODEL_FALLBACK,
    CREATION_MODEL_SECTIONS_ONLY,
    CREATION_MODEL_UNUSABLE,
    EditorialDraft,
)
from draftflow.draft.facts.prompting import (
    FACTS_PROMPT,
    Claim,
    FactChecker,
    FactSectionsReply,
    facts_material,
)
from draftflow.draft.model_replies import FramingReply, ReplyChecker, SectionsReply
from draftflow.draft.prompt_material import (
    DEFAULT_BUDGET_TOKENS,
    material_grounding,
    prompt_variables,
)
from draftflow.draft.template_wording import LIMITATIONS
from draftflow.draft.templates import TemplateParts
from draftflow.llm.prompts import Prompt, load_prompt
from draftflow.llm.protocol import StructuredClient
from draftflow.llm.structured import StructuredOutputError
from draftflow.record.model import Section
from draftflow.select.artifact import Selection

SECTIONS_PROMPT = "draft_sections"
FRAMING_PROMPT = "draft_framing"
# The prompt asks for three to six: fewer that pass the checks did not answer the questions a
# record's sections answer, and the template's sections (every question) serve the editor better.
MIN_SECTIONS = 3
# Limitations every record keeps whoever drafts it: the seeds' evidence discipline.
STANDING_LIMITATIONS = LIMITATIONS[:3]

_T = TypeVar("_T", bound=BaseModel)
_T_co = TypeVar("_T_co", covariant=True)


async def draft_with_model(
    snapshot: Snapshot,
    selection: Selection,
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
    # The templates cost seconds on a big selection: each part written only when needed.
    fallback = TemplateParts(snapshot, selection)
    claims = fallback.claims if from_facts else []
    sections_prompt = load_prompt(FACTS_PROMPT if claims else SECTIONS_PROMPT)
    framing_prompt = load_prompt(FRAMING_PROMPT)
    variables = prompt_variables(snapshot, selection, budget_tokens)
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
    checker = ReplyChecker(snapshot, material_grounding(snapshot, selection, variables))
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
    title = checker.single("/title", framing.title)
    summary = checker.single("/summary", framing.summary)
    answer = checker.prose("/editorial/answer", framing.answer)
    # each of the model's framing fields keeps the template's as its fallback, for when
    # verify empties it (the Kleybrink replay's title, summary and answer all went)
    return EditorialDraft(
        title=title or fallback.title,
        summary=summary or fallback.summary,
        answer=answer or fallback.answer,
        title_fallbacks=[fallback.title, *fallback.title_fallbacks]
        if title
        else fallback.title_fallbacks,
        summary_fallback=fallback.summary if summary else "",
        answer_fallback=fallback.answer if answer else "",
        template_framing=[
            name
            for name, text in (("title", title), ("summary", summary), ("answer", answer))
            if not text
        ],
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
    checker: ReplyChecker,
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


def _merge(first: Sequence[str], second: Sequence[str]) -> list[str]:
    merged: list[str] = []
    for item in (*first, *second):
        if item and item not in merged:
            merged.append(item)
    return merged
