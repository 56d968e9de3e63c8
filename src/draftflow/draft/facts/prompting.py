"""The facts as a model sees them, and the check of what it writes from them.

The `draft_facts` prompt gives each fact an id (`F1`...), its question, its template
statement, its figures and its ratio. The model writes a section per question and lists the
ids it used. A sentence is kept only when every number in it is a figure or ratio of the
facts its section lists (a ratio also as arithmetic of two figures beside it), it names no
configuration of a fact the section does not list, and every engine, precision or system it
names is one its facts state; where the model's text is rejected, the
template statement of its facts stands. The section cites the facts' documents, never a URL
the model wrote.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pydantic import BaseModel, Field

from draftflow.draft.facts.fact_types import Fact
from draftflow.draft.facts.wording import amount, question
from draftflow.draft.grounding import Grounding
from draftflow.extract.conditions.setup_names import ANY_ENGINE, PRECISION, SYSTEM
from draftflow.numbers.arithmetic import ratio_text
from draftflow.record.model import Section
from draftflow.text.sentences import split_sentences

FACTS_PROMPT = "draft_facts"
MAX_FACTS_IN_PROMPT = 24
MIN_LABEL_CHARS = 4

Claim = tuple[Fact, list[str]]


class FactSectionReply(BaseModel):
    """One section as the model writes it from facts."""

    heading: str = Field(description="the question the section answers")
    paragraphs: list[str] = Field(description="plain-prose paragraphs")
    fact_ids: list[str] = Field(description="ids of the facts the section uses (F1, F2, ...)")


class FactSectionsReply(BaseModel):
    """The `draft_facts` reply."""

    sections: list[FactSectionReply]


def fact_ids(claims: Sequence[Claim]) -> dict[str, Claim]:
    """The facts shown to the model, by id, in the order the templates answer them."""
    return {f"F{i}": claim for i, claim in enumerate(claims[:MAX_FACTS_IN_PROMPT], start=1)}


def facts_material(claims: Sequence[Claim]) -> str:
    """The FACTS variable: one JSON line per fact."""
    lines = []
    for fact_id, (fact, said) in fact_ids(claims).items():
        result = fact.recompute()
        ratio = None
        if result is not None:
            top, bottom = _ratio_inputs(fact)
            ratio = ratio_text(top, bottom)
        lines.append(
            json.dumps(
                {
                    "id": fact_id,
                    "question": question(fact),
                    "statement": " ".join(said),
                    "figures": [{"label": r.label, "value": amount(r)} for r in fact.inputs],
                    "ratio": ratio,
                },
                ensure_ascii=False,
            )
        )
    return "\n".join(lines) or "(none)"


def _ratio_inputs(fact: Fact) -> tuple[float, float]:
    """The figures the fact's ratio divides, as its statement writes them."""
    result = fact.recompute() or 0.0
    first, second, last = fact.inputs[0].value, fact.inputs[1].value, fact.inputs[-1].value
    for top, bottom in ((first, second), (second, first), (last, first)):
        if bottom and round(top / bottom, 2) == result:
            return top, bottom
    return first, second


class FactChecker:
    """Checks the model's fact sections against the facts they list, recording every drop."""

    def __init__(self, claims: Sequence[Claim], names: Sequence[str]) -> None:
        self.by_id = fact_ids(claims)
        self.names = [n for n in dict.fromkeys(names) if len(n) >= MIN_LABEL_CHARS]
        self.dropped: list[str] = []

    def sections(self, replies: Sequence[FactSectionReply]) -> list[Section]:
        """The sections that keep at least one of the model's or the template's sentences."""
        kept: list[Section] = []
        for index, reply in enumerate(replies):
            section = self.section(index, reply, position=len(kept))
            if section is not None:
                kept.append(section)
        return kept

    def section(self, index: int, reply: FactSectionReply, *, position: int = 0) -> Section | None:
        """One checked section (the `position`th kept): the model's paragraphs without their
        unsupported sentences, else its facts' own statements."""
        claims = [self.by_id[i] for i in dict.fromkeys(reply.fact_ids) if i in self.by_id]
        unknown = [i for i in reply.fact_ids if i not in self.by_id]
        if unknown:
            self.dropped.append(f"draft: model fact section {index}: unknown facts {unknown}")
        if not claims:
            self.dropped.append(f"draft: model fact section {index} dropped: no known fact")
            return None
        grounding = _grounding(claims)
        allowed = {ref.label for fact, _ in claims for ref in fact.inputs}
        stated = _stated_text(claims)
        paragraphs = []
        for number, paragraph in enumerate(reply.paragraphs):
            kept = []
            for sentence in split_sentences(" ".join(paragraph.split())):
                why = self._rejected(sentence, grounding, allowed, stated)
                if why:
                    where = f"/editorial/sections/{position}/paragraphs/{number}"
                    self.dropped.append(
                        f"draft: {where}: model fact section {index}: {why}: {sentence!r}"
                    )
                else:
                    kept.append(sentence)
            if kept:
                paragraphs.append(" ".join(kept))
        if not paragraphs:
            paragraphs = [" ".join(s for _, said in claims for s in said)]
        heading = " ".join(reply.heading.split())
        if not heading.endswith("?") or not grounding.supports(heading):
            heading = question(claims[0][0])
        citations = list(dict.fromkeys(url for fact, _ in claims for url in fact.citations))
        return Section(heading=heading, paragraphs=paragraphs, citations=citations)

    def _rejected(self, sentence: str, grounding: Grounding, allowed: set[str], stated: str) -> str:
        foreign = [n for n in self.names if n in sentence and n not in allowed]
        if foreign and not any(a in sentence for a in allowed if foreign[0] in a):
            return f"a configuration not among its facts ({foreign[0]!r})"
        unstated = [w for w in configuration_words(sentence) if w.lower() not in stated]
        if unstated:
            return f"a configuration not among its facts ({unstated[0]!r})"
        if not grounding.supports(sentence):
            return "a number not among its facts"
        return ""


def configuration_words(sentence: str) -> list[str]:
    """The engines, weight precisions and systems a sentence names, as written."""
    return [m.group(0) for p in (ANY_ENGINE, PRECISION, SYSTEM) for m in p.finditer(sentence)]


def _stated_text(claims: Sequence[Claim]) -> str:
    """Everything a section's facts say, lowered: where a configuration word must occur."""
    parts = []
    for fact, said in claims:
        parts += [*said, fact.detail, fact.subject]
        parts += [ref.label for ref in fact.inputs]
        parts += [value for _, value in fact.configuration]
    return " ".join(parts).lower()


def _grounding(claims: Sequence[Claim]) -> Grounding:
    """Numbers a section may state: its facts' statements, figures and ratios."""
    texts = []
    for fact, said in claims:
        texts += said
        texts += [amount(ref) for ref in fact.inputs]
        texts.append(fact.detail)
    values = [ref.value for fact, _ in claims for ref in fact.inputs]
    names = [ref.label for fact, _ in claims for ref in fact.inputs]
    return Grounding.of_texts(texts, values, names)
