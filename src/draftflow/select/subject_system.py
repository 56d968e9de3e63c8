"""The machine a repository is about, read from its README's opening, for repositories that
are not about the record system's family (a DGX Spark): an AMD box, two Radeon cards, an
Apple laptop.

The opening's reading is `extract/conditions/opening_machine.py`'s (a figure's conditions
read it too); the sections holding the headline figures are read here.
"""

from __future__ import annotations

import re

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.opening_machine import (
    listed_among_others,
    named_machine,
    opening_system,
)
from draftflow.extract.conditions.setup_names import systems_named
from draftflow.text.lines import plain_text

__all__ = ["listed_among_others", "opening_system", "section_system"]

_LIST_OR_TABLE = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|\|)")


def section_system(sections: list[tuple[Document, int, int]]) -> tuple[str, str] | None:
    """The one machine the sections holding the headline figures name in their prose, as
    written, with its line: thesteve0's figures stand under "We benchmarked ... on a
    Framework Desktop with AMD Ryzen AI MAX+ 395" (its record named no system, read33-s21).
    None when they name none, or two (a line naming two, or two lines naming others)."""
    found: list[tuple[frozenset[str], str, str]] = []
    for document, start, end in sections:
        for number in range(start, end + 1):
            line = document.line(number) or ""
            if _LIST_OR_TABLE.match(line) or line.lstrip().startswith("#"):
                continue
            text = plain_text(line)
            if not systems_named(text):
                continue
            name = named_machine(text)
            if name is None:
                return None
            found.append((frozenset(systems_named(name)), name, document.line_url(number)))
    if not found:
        return None
    widest = max(found, key=lambda item: len(item[0]))
    if any(not key <= widest[0] for key, _, _ in found):
        return None
    return widest[1], widest[2]
