"""Figures of no known metric: a column of measured values whose names no metric of the
vocabulary matches (`mean accept length`, `Network Transfer for Generating Token`) is kept
as metric `unspecified`, with what the source calls it, instead of being dropped in silence.
Verify warns about each (`verify/unspecified.py`) and the rules never make one a headline:
the editor names the metric.

Only what reads as a measured value qualifies: one plain number per cell, in a table column
that is neither a setting, a threshold, an identifier nor a spread by its words, under no
specification heading or caption; a number with no unit only in a column that writes
decimals somewhere (a column of whole numbers with no unit counts or sets something), and a
unit only if the vocabulary does not know it (a known unit the rules gave no metric is a size
or a count) and it reads as one (`kB`, `J/step`)."""

from __future__ import annotations

import heapq
import re

from draftflow.extract.candidates import Candidate, SourceFormat, unit_from_key
from draftflow.extract.classify import UNSPECIFIED, Selected
from draftflow.extract.figure_names import context_metric
from draftflow.extract.metric_names import metric_name, names_no_metric, strip_setting_values
from draftflow.extract.raw_tables import is_raw_cell, raw_tables
from draftflow.extract.statistic_names import statistic_of
from draftflow.extract.vocabulary import (
    ESTIMATE_WORDS,
    GENERIC_HEADERS,
    HARD_SKIP,
    SPEC_HEADINGS,
    THRESHOLD_WORDS,
)
from draftflow.numbers.cells import CellFigure, CellRole, is_sentence, split_cell
from draftflow.text.lines import plain_text

_FORMATS = frozenset({SourceFormat.CSV, SourceFormat.TSV, SourceFormat.MARKDOWN})
# one number, with at most its markers (`**`, `~`) and one unit word after it
_BARE_FIGURE = re.compile(r"^[*_~≈\s]*[-+−]?\d[\d,]*(\.\d+)?[*_\s]*([^\s\d*_]{1,12})?[*_\s]*$")
# a unit the vocabulary may not know that still reads as one: a size in bytes, or a ratio
_UNIT_LIKE = re.compile(r"^[kKMGTP]i?B$|/")
# a header naming a variant rather than a quantity: a model, a format, a generated name
_IDENTIFIER = re.compile(r"\b(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]+\b|^column \d+$", re.IGNORECASE)
_SPREAD = re.compile(r"\b(std|stdev|stderr|sd|sem|ci|error)\b|±", re.IGNORECASE)

Column = tuple[str, int, str]


def with_unspecified(candidates: list[Candidate], selected: list[Selected]) -> list[Selected]:
    """`selected` and, in harvest order among them, a figure of metric `unspecified` for
    each table cell that gave none and reads as a measured value of no known metric."""
    read = {id(item.candidate) for item in selected}
    unread = [c for c in candidates if c.format in _FORMATS and id(c) not in read]
    if not unread:
        return selected
    decimals = _decimal_columns(candidates)
    raw = raw_tables(candidates)
    extra = [
        found
        for candidate in unread
        if not is_raw_cell(candidate, raw)
        and (found := unspecified_figure(candidate, decimals)) is not None
    ]
    if not extra:
        return selected
    order = {id(candidate): index for index, candidate in enumerate(candidates)}
    # both lists are in harvest order: merge them, keeping a candidate's figures together
    return list(heapq.merge(selected, extra, key=lambda item: order.get(id(item.candidate), -1)))


def _decimal_columns(candidates: list[Candidate]) -> set[Column]:
    """The table columns holding a number written with decimals."""
    return {
        (candidate.document_id, candidate.table, candidate.key)
        for candidate in candidates
        if candidate.format in _FORMATS
        and candidate.json_path is None
        and any(isinstance(value, float) for value in candidate.values)
    }


def unspecified_figure(candidate: Candidate, decimals: set[Column]) -> Selected | None:
    """The figure of metric `unspecified` one table cell states, if it reads as a measured
    value under names no metric of the vocabulary matches; `decimals` as `_decimal_columns`."""
    if candidate.format not in _FORMATS or candidate.json_path is not None:
        return None
    bare = _BARE_FIGURE.match(candidate.text)
    if candidate.row_header is None or len(candidate.values) != 1 or bare is None:
        return None
    figures = split_cell(candidate.text, candidate.key)
    if len(figures) != 1 or not _plain_value(figures[0]) or not _names_a_quantity(candidate):
        return None
    written = bare.group(2)
    if written is not None and not _UNIT_LIKE.search(written):
        return None
    column = (candidate.document_id, candidate.table, candidate.key)
    if written is None and column not in decimals:
        return None  # whole numbers with no unit: a count or a setting
    named_as = unspecified_name(candidate)
    if named_as is None:
        return None
    figure = figures[0]
    statistic = statistic_of(candidate.key, candidate.text)
    if figure.approximate:
        statistic += "; approximate as written"
    unit = written or unit_from_key(candidate.key) or UNSPECIFIED
    return Selected(candidate, UNSPECIFIED, unit, statistic, figure.index, named_as=named_as)


def _plain_value(figure: CellFigure) -> bool:
    """One value, with no unit the vocabulary knows (a known unit the rules gave no metric
    is a size or a count) and no label of its own."""
    return figure.role is CellRole.VALUE and figure.label is None and figure.unit is None


_ESTIMATE_HEADING = re.compile(
    rf"\b(?:{ESTIMATE_WORDS}|estimates|projections?|predictions?)\b", re.IGNORECASE
)


def _names_a_quantity(candidate: Candidate) -> bool:
    """True when nothing around a cell says it is a setting, a threshold, an identifier, a
    spread, a specification or a known metric (which the rules read, or left out on
    purpose: a share of a rate)."""
    key, row = candidate.key, candidate.row_header or ""
    if names_no_metric(key) or names_no_metric(row) or metric_name(key) or metric_name(row):
        return False
    header = plain_text(key).strip()
    if GENERIC_HEADERS.match(header.lower()) or _SPREAD.search(header):
        return False  # a `Name | Value` table is a specification or a setup, row by row
    if strip_setting_values(header) and _IDENTIFIER.search(header):
        return False
    if context_metric(candidate) is not None:
        return False  # the caption's or heading's metric, which the rules read (a column
        # writing a unit of its own, `Stage 2 (img/s)` under `Throughput Summary`, is not it)
    if candidate.heading and SPEC_HEADINGS.search(candidate.heading):
        return False
    if candidate.heading and _ESTIMATE_HEADING.search(candidate.heading):
        return False  # `Theoretical Analysis`: the section's numbers are worked out, not run
    caption = (candidate.caption or "").lower()
    # `the expected size of the converted weights`: specifications
    return not (HARD_SKIP.search(caption) or THRESHOLD_WORDS.search(caption))


def unspecified_name(candidate: Candidate) -> str | None:
    """What the source calls a figure of no known metric: its column header, or, for a
    column headed by a setting's value (`2 devices`), the heading above its table."""
    header = plain_text(candidate.key).strip()
    if strip_setting_values(header):
        return header
    for text in reversed(candidate.headings):
        named = plain_text(text).strip()
        if named:
            return named
    caption = plain_text(candidate.caption or "").strip()
    return caption if caption and not is_sentence(caption) else None
