"""The machine a document's opening names as its subject, for the select stage's record
system and for a figure's conditions where nothing nearer names one (`resolve.py`).

The opening is what a document says before its second heading (its title and first
paragraphs, at most `OPENING_LINES` lines). Its subject machine is the one every opening line
that names hardware names: a system (`2× RX 7900 XT`), or a chip with its restatement in
brackets (`AMD Strix Halo (Ryzen AI Max+ 395)`). An opening naming two machines (`Strix Halo
vs DGX Spark`) states no subject. The name is cut from the line as written, so verify finds it
at the cited line.
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
    """The one machine a document's (a README's) opening names, as written, with the line URL
    that states it; None when the opening names none or several."""
    found = opening_subject(readme)
    return (found[0], readme.line_url(found[1])) if found is not None else None


def opening_chip(document: Document) -> tuple[str, int] | None:
    """The subject of a document's opening where it is a chip restated in brackets (`AMD Strix
    Halo (Ryzen AI Max+ 395)`), with the line that names it: the machine every figure of the
    document ran on where nothing nearer names one. A bare chip (`Strix Halo`) is no figure's
    system, many makers' boxes carry it (visorcraft's GTR9 Pro and EVO-X2); a system's name
    (`GB10`, `RX 7900 XT`) is read from the opening as any text is (`read_text`)."""
    found = opening_subject(document)
    if found is None or not _BRACKET.search(found[0]) or sole_system(found[0]) is not None:
        return None
    if not CHIP_FAMILY.match(found[0]) or _names_boxes(document):
        return None
    return found


_BOXED = re.compile(r"(?P<box>[^\s()|>*=:,;-][^()|=:,;]{0,40}?)\s*\((?P<aside>[^()]{1,60})\)")
"""A name with an aside in brackets (`GMKtec EVO-X2 (Ryzen AI Max+ 395)`)."""


def _names_boxes(document: Document) -> bool:
    """Whether a document's opening, its lists and quotes too, names a box by the chip it
    carries (`**Bee** = Beelink GTR9 Pro (Ryzen AI Max+ 395)`): its runs are the boxes', and
    the chip alone says which of them ran none (visorcraft's two hosts)."""
    for number in _opening_span(document):
        text = plain_text(document.line_list[number - 1])
        for found in _BOXED.finditer(text):
            box = found.group("box")
            if CHIP_FAMILY.search(found.group("aside")) and not systems_named(box):
                return True
    return False


def opening_subject(document: Document) -> tuple[str, int] | None:
    """The one machine a document's opening names, as written, with the line that names it;
    None when the opening names none or several."""
    found: list[tuple[frozenset[str], str, int]] = []
    for number in _opening_lines(document):
        text = plain_text(document.line_list[number - 1])
        if not systems_named(text):
            continue
        name = named_machine(text)
        if name is None:
            return None  # a line naming two machines, or one that is no machine's name
        found.append((frozenset(systems_named(name)), name, number))
    if not found:
        return None
    widest = max(found, key=lambda item: len(item[0]))
    if any(not key <= widest[0] for key, _, _ in found):
        return None  # two machines (`Strix Halo` restated as `Ryzen AI Max+ 395` is one)
    return widest[1], widest[2]


def _opening_lines(readme: Document) -> list[int]:
    """The lines of the README's opening paragraphs: after its title heading (a level-1
    heading) and before the next heading; list items and table rows are not the opening
    (a news list names every machine the project ever ran on)."""
    return [n for n in _opening_span(readme) if not _LIST_OR_TABLE.match(readme.line_list[n - 1])]


def _opening_span(document: Document) -> range:
    """The lines after a document's title heading (a level-1 heading) and before its next."""
    headings = parse_document(document).headings
    titled = bool(headings) and headings[0].level == 1
    start = headings[0].span.last + 1 if titled else 1
    later = [h.span.first for h in headings if h.span.first >= start]
    end = later[0] if later else len(document.line_list) + 1
    return range(start, min(end, start + OPENING_LINES))


_NAME = r"[A-Z][\w™+.-]*(?:\s+[A-Z0-9][\w™+.-]*)*"
_ENUMERATION = re.compile(rf"{_NAME}(?:,\s*{_NAME})+,?\s+(?:and|or)\s+{_NAME}")
"""Names listed as alternatives (`Strix, Strix Halo, and Kraken`): what a tool supports, not
the one machine it was measured on."""


def listed_among_others(text: str, name: str) -> bool:
    """Whether `name` stands in `text` as one of a list of alternatives (`supports Strix,
    Strix Halo, and Kraken`): no claim that it is the machine measured."""
    return any(name.lower() in found.group(0).lower() for found in _ENUMERATION.finditer(text))


def named_machine(text: str) -> str | None:
    """The one machine a line names, as written: a system, or a chip with its restatement in
    brackets; None where it names two, or lists the one among alternatives."""
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
