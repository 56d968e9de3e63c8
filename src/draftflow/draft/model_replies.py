"""The model drafter's reply shapes, and the checks a reply passes before anyone reads it:
citations must be pinned documents of the snapshot, and every sentence's numbers must be in
the material the model was shown; each drop is recorded."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from draftflow.acquire.snapshot import Snapshot
from draftflow.draft.grounding import Grounding
from draftflow.draft.sentences import NEUTRAL_HEADING
from draftflow.record.model import Section
from draftflow.text.sentences import split_sentences

MAX_SECTIONS = 8


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


class ReplyChecker:
    """Applies the citation and number checks to the model's reply, recording every drop."""

    def __init__(self, snapshot: Snapshot, grounding: Grounding) -> None:
        self.pinned = {d.pinned_url for d in snapshot.documents}
        self.grounding = grounding
        self.dropped: list[str] = []

    def sections(self, replies: Sequence[SectionReply]) -> list[Section]:
        """The sections that keep a valid citation, usable text and a grounded heading."""
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
        """The citations that are pinned documents of the snapshot, anchors cut, once each."""
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
        """The list items (notes, limitations) with text left once `prose` has checked them."""
        kept = []
        for index, item in enumerate(items):
            text = self.prose(f"{location}/{index}", item)
            if text:
                kept.append(text)
        return kept
