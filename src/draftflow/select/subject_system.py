"""The machine a repository is about, read from its README's opening, for repositories that
are not about the record system's family (a DGX Spark): an AMD box, two Radeon cards, an
Apple laptop.

The opening is what the README says before its second heading (its title and first
paragraphs, at most `OPENING_LINES` lines). Its subject machine is the one every opening line
that names hardware names: a system (`2× RX 7900 XT`), or a chip with its restatement in
brackets (`AMD Strix Halo (Ryzen AI Max+ 395)`). An opening naming two machines (`Strix Halo
vs DGX Spark`) states no subject: the record's system stays null, as a guess would be worse.
The name is cut from the line as written, so verify finds it at the cited line.
"""

from __future__ import annotations

import re

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.setup_names import CHIP_FAMILY, sole_system, systems_named
from draftflow.extract.document import parse_document
from draftflow.text.lines import plain_text

OPENING_LINES = 20
"""How far a README's opening reaches at most: a long first section is not all subject."""
_BRACKET = re.compile(r"\s*\([^()]{1,60}\)")
_LIST_OR_TABLE = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|\|)")


def opening_system(readme: Document) -> tuple[str, str] | None:
    """The one machine the README's opening names, as written, with the line URL that states
    it; None when the opening names none or several."""
    found: list[tuple[frozenset[str], str, str]] = []
    for number in _opening_lines(readme):
        text = plain_text(readme.line_list[number - 1])
        if not systems_named(text):
            continue
        name = _named_machine(text)
        if name is None:
            return None  # a line naming two machines, or one that is no machine's name
        found.append((frozenset(systems_named(name)), name, readme.line_url(number)))
    if not found:
        return None
    widest = max(found, key=lambda item: len(item[0]))
    if any(not key <= widest[0] for key, _, _ in found):
        return None  # two machines (`Strix Halo` restated as `Ryzen AI Max+ 395` is one)
    return widest[1], widest[2]


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
            name = _named_machine(text)
            if name is None:
                return None
            found.append((frozenset(systems_named(name)), name, document.line_url(number)))
    if not found:
        return None
    widest = max(found, key=lambda item: len(item[0]))
    if any(not key <= widest[0] for key, _, _ in found):
        return None
    return widest[1], widest[2]


def _opening_lines(readme: Document) -> list[int]:
    """The lines of the README's opening paragraphs: after its title heading (a level-1
    heading) and before the next heading; list items and table rows are not the opening
    (a news list names every machine the project ever ran on)."""
    headings = parse_document(readme).headings
    titled = bool(headings) and headings[0].level == 1
    start = headings[0].span.last + 1 if titled else 1
    later = [h.span.first for h in headings if h.span.first >= start]
    end = min(later[0] if later else len(readme.line_list) + 1, start + OPENING_LINES)
    return [n for n in range(start, end) if not _LIST_OR_TABLE.match(readme.line_list[n - 1])]


_NAME = r"[A-Z][\w™+.-]*(?:\s+[A-Z0-9][\w™+.-]*)*"
_ENUMERATION = re.compile(rf"{_NAME}(?:,\s*{_NAME})+,?\s+(?:and|or)\s+{_NAME}")
"""Names listed as alternatives (`Strix, Strix Halo, and Kraken`): what a tool supports, not
the one machine it was measured on."""


def listed_among_others(text: str, name: str) -> bool:
    """Whether `name` stands in `text` as one of a list of alternatives (`supports Strix,
    Strix Halo, and Kraken`): no claim that it is the machine measured."""
    return any(name.lower() in found.group(0).lower() for found in _ENUMERATION.finditer(text))


def _named_machine(text: str) -> str | None:
    system = sole_system(text)
    if system is not None:
        return None if listed_among_others(text, system) else system
    chips = list(CHIP_FAMILY.finditer(text))
    if not chips:
        return None
    first = chips[0]
    aside = _BRACKET.match(text, first.end())
    end = aside.end() if aside else first.end()
    if any(chip.start() >= end for chip in chips[1:]):
        return None  # the chip named again apart from its restatement: two places, or two
    named = text[first.start() : end].strip()
    if systems_named(text) - systems_named(named) or listed_among_others(text, named):
        return None  # another machine beside the chip, or the chip one of several listed
    return named


def _key(name: str) -> frozenset[str]:
    return frozenset(systems_named(name))
