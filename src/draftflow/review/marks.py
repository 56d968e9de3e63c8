"""Numbers marked in a string of the review page: their spans, statuses and evidence."""

from __future__ import annotations

from dataclasses import dataclass, field

from draftflow.verify import Evidence, Flag


@dataclass
class Mark:
    """One number marked in a string: its span, status, flags and evidence block."""

    start: int
    end: int
    status: str
    claim: str
    location: str
    evidence: list[Evidence] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    anchor: str = ""
    in_text: bool = True


def locate(text: str, claim: str, start: int | None, end: int | None) -> tuple[int, int] | None:
    """The span of `claim` in `text`: the reported one if it holds, else the first occurrence."""
    if (
        start is not None
        and end is not None
        and 0 <= start < end <= len(text)
        and (not claim or text[start:end] == claim)
    ):
        return start, end
    if claim:
        found = text.find(claim)
        if found >= 0:
            return found, found + len(claim)
    return None


def same_claim(a: str, b: str) -> bool:
    """Whether two claims are the same text, ignoring surrounding space."""
    return a.strip() == b.strip()


def without_overlaps(marks: list[Mark]) -> list[Mark]:
    """The marks left to right, dropping any that overlaps one kept (the longer first)."""
    kept: list[Mark] = []
    for mark in sorted(marks, key=lambda m: (m.start, -(m.end - m.start))):
        if not kept or mark.start >= kept[-1].end:
            kept.append(mark)
    return kept
