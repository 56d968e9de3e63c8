"""Harvest figures written in prose: README paragraphs, run reports, bullet lists, headings.

The document is read as blocks (`prose_blocks.py`: paragraphs, list items and headings,
wrapped lines joined, each offset mapped back to its line), and each block's sentences are
read for reported figures (`prose_figures.py`). Each figure becomes a candidate that cites
the line its number is written on and carries its reading (metric, unit, statistic,
approximate, denominator), labelled from the sentence: the nearest heading, the bullet's
lead-in and the clause. Without a model the readings are the results; with one, the model
confirms and relabels them by candidate id and cannot add a number of its own.
"""

from __future__ import annotations

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, Reading, SourceFormat, make_candidate
from draftflow.extract.prose.blocks import prose_blocks
from draftflow.extract.prose.figures import ProseFigure, figures_in_block
from draftflow.numbers import detect_decimal_comma

PROSE_TABLE = 20_000
"""Prose candidates are numbered after tables and key/value blocks (table indexes)."""


def prose_figures(document: Document) -> list[ProseFigure]:
    """Every figure the document's prose states, in document order."""
    decimal_comma = detect_decimal_comma(document.text)
    figures: list[ProseFigure] = []
    for block in prose_blocks(document):
        figures.extend(figures_in_block(block, decimal_comma=decimal_comma))
    return figures


def statistic_text(figure: ProseFigure) -> str:
    """The record's statistic for a prose figure: what the sentence says it is."""
    parts = [figure.statistic]
    if figure.denominator is not None:
        denominator = (
            int(figure.denominator)
            if float(figure.denominator).is_integer()
            else (figure.denominator)
        )
        parts.append(f"out of {denominator}")
    if figure.approximate:
        parts.append("approximate (the source writes ~ or about)")
    return "; ".join(parts)


def harvest_prose(document: Document) -> list[Candidate]:
    """A candidate for every figure the document's prose states, with its reading."""
    candidates: list[Candidate] = []
    seen: dict[str, int] = {}
    for row, figure in enumerate(prose_figures(document)):
        locator = f"p{figure.start}"
        seen[locator] = seen.get(locator, 0) + 1
        if seen[locator] > 1:  # the second end of a range written as one mention
            locator = f"{locator}.{seen[locator]}"
        reading = Reading(
            metric=figure.metric,
            unit=figure.unit or "unspecified",
            statistic=statistic_text(figure),
            approximate=figure.approximate,
            denominator=figure.denominator,
        )
        candidate = make_candidate(
            document,
            line=figure.line,
            fmt=SourceFormat.PROSE,
            text=figure.raw,
            locator=locator,
            column=figure.label,
            table=PROSE_TABLE,
            row=row,
            values=[figure.value],
            reading=reading,
            place=figure.place,
        )
        if candidate is not None:
            candidates.append(candidate)
    return candidates
