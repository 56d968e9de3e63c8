"""Conditions under the seed's keys, resolved from a figure's context (`resolve.py`)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Hashable, Iterable
from functools import lru_cache, partial

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.candidates import Candidate
from draftflow.extract.conditions.cite import (
    CITED_KEYS,
    Citations,
    IndexedReads,
    Reads,
    citation_key,
    cited,
    said_and_read,
)
from draftflow.extract.conditions.context import DocumentContext, recent
from draftflow.extract.conditions.measurement import denominators_in
from draftflow.extract.conditions.name_reading import header_line_set
from draftflow.extract.conditions.place_reading import Own, own_reading, reads_at
from draftflow.extract.conditions.places import ChainPlaces, PlaceIndex
from draftflow.extract.conditions.readers import SEED_KEYS, SOURCE_CELLS
from draftflow.extract.conditions.resolve import seed_conditions
from draftflow.extract.conditions.row_memo import RowMemo, cells_key
from draftflow.extract.conditions.run_parameters import stamp_lines
from draftflow.extract.conditions.setup import (
    ScopedSetup,
    agreed,
    scoped_setups,
    setup_source,
)
from draftflow.extract.conditions.setup_names import (
    PRECISION,
    engines_named,
    names_systems_joined,
    systems_named,
)
from draftflow.extract.conditions.setup_reading import SETUP_COUNT_KEYS, setup_conditions
from draftflow.extract.conditions.workload import methodology_spans
from draftflow.extract.ground import Grounded
from draftflow.extract.standing_marks import copied_page

__all__ = [
    "CITED_KEYS",
    "SEED_KEYS",
    "SOURCE_CELLS",
    "ChainPlaces",
    "ConditionReader",
    "DocumentContext",
    "seed_conditions",
    "setup_conditions",
]


_LINKED_REPORT = re.compile(r"\]\((?!\w+:)(?P<path>[^)\s#]+\.md)(?:#[^)\s]*)?\)", re.I)
"""A Markdown link to a report in the repository (`[report](results/x/REPORT.md)`), not to a
web page."""

_PER_KEY = "per key"
"""The third item of the citation memo's key of a line whose figures share their citations
but for the keys their own values read apart (`place_reading.own_reading`)."""

_TABLE_CELL = "table cell"
"""The first item of a table figure's memo key (a data file's figure's is its column)."""


class ConditionReader:
    """Seed-keyed conditions for the figures of one snapshot; each document read once."""

    def __init__(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        self._contexts: dict[str, DocumentContext] = {}
        self._setups: dict[str, dict[str, JsonValue]] = {}
        self._setup_spans: dict[str, list[int]] = {}
        self._scoped_setups: dict[str, tuple[ScopedSetup, ...]] = {}
        self._part_setups: dict[ScopedSetup, dict[str, JsonValue]] = {}
        self._own: dict[str, bool] = {}
        self._setup_sets: dict[str, frozenset[int]] = {}
        self._setup_line_lists: dict[str, tuple[int, ...]] = {}
        self._chains: dict[tuple[str, int], ChainPlaces] = {}
        self._index = PlaceIndex()
        self._reading: DocumentContext | None = None
        self._citations: dict[tuple[str, int, float | str | None], Citations] = {}
        self._first_headers: dict[str, int] = {}
        self._lines_read: dict[tuple[object, ...], tuple[list[int], list[int]]] = {}
        self._rows: RowMemo[tuple[dict[str, JsonValue], dict[str, list[str]]]] = RowMemo()
        readme = next(
            (d for d in snapshot.documents if d.path.lower() in ("readme.md", "readme")), None
        )
        self._readme = self._context(readme) if readme is not None else None
        self._readme_setup = self._setup(readme) if readme is not None else {}

    def _context(self, document: Document) -> DocumentContext:
        found = self._contexts.get(document.document_id)
        if found is None:
            found = self._contexts[document.document_id] = DocumentContext(document)
        return found

    def context(self, document: Document) -> DocumentContext:
        """The document's context, read once (its lines, tables, sections)."""
        return self._context(document)

    def _setup(self, document: Document) -> dict[str, JsonValue]:
        """What the document's setup sections state (read once per document), less the system
        where its opening names two as the parts of one machine: a README that opens on a
        `dual-GPU system (Tesla V100 32GB + RTX 3060 12GB)` states no one system for all its
        figures, whatever one setup line names (`Dense models tested on the V100`)."""
        found = self._setups.get(document.document_id)
        if found is None:
            found = setup_conditions(setup_source(document))
            for key in _scoped_keys(self._scoped(document), found):
                found.pop(key)  # one part's setup (`## Phase 5A` / `### Setup`), not all's
            if self._joined(self._context(document)):
                found.pop("system", None)
                found.pop("node_count", None)
            self._setups[document.document_id] = found
        return found

    def _scoped(self, document: Document) -> tuple[ScopedSetup, ...]:
        """The setups of a document's parts (`scoped_setups`), read once per document."""
        found = self._scoped_setups.get(document.document_id)
        if found is None:
            found = self._scoped_setups[document.document_id] = scoped_setups(document)
        return found

    def _part_setup(self, part: ScopedSetup) -> dict[str, JsonValue]:
        """What one part's setup states, read once (each figure of the part asks)."""
        found = self._part_setups.get(part)
        if found is None:
            found = self._part_setups[part] = setup_conditions(part.source)
        return found

    @staticmethod
    def _joined(context: DocumentContext) -> bool:
        """Whether a document's opening names two systems as the parts of one machine."""
        return names_systems_joined(f"{context.title} {context.intro}")

    def setup(self, document: Document) -> dict[str, JsonValue]:
        """The settings a figure of `document` takes when no nearer context states them: the
        document's own setup sections first, then the README's (the repository's)."""
        return {**self._readme_setup, **self._setup(document)}

    def read(
        self, raw: dict[str, JsonValue], candidate: Candidate, figure: Grounded
    ) -> tuple[dict[str, JsonValue], dict[str, list[str]]]:
        """One grounded figure's conditions from its row (`raw`) and its context, each kept
        only where the figure's context chain states it, and the places that state them.

        A figure outside tables and paragraphs (a JSONL row's leaf, a JSON object's) reads
        them from its line, its row's cells and its column alone: the row's figures with the
        same cells and column share one reading (`RowMemo`), each given its own copy."""
        context = self._context(figure.document)
        self._move_to(context)
        own_key = float(figure.value) if self._own_matters(context, figure.line) else None
        if context.shared_by_line(figure.line):
            key: Hashable = (candidate.column, own_key, cells_key(raw))
        elif context.in_table_row(figure.line):
            # a table figure is read from the cell its text finds first in the row (so its
            # column) and its value, not from its candidate's column: the row's figures of one
            # cell text and value read alike (a sweep's row repeats each value ~10 times)
            key = (_TABLE_CELL, candidate.text, float(figure.value), cells_key(raw))
        else:
            return self._read(raw, candidate, figure, own_key)
        found, sources = self._rows.get(
            (figure.document.document_id, figure.line),
            key,
            lambda: self._read(raw, candidate, figure, own_key),
        )
        return dict(found), {key: list(places) for key, places in sources.items()}

    def _read(
        self,
        raw: dict[str, JsonValue],
        candidate: Candidate,
        figure: Grounded,
        own_key: float | None,
    ) -> tuple[dict[str, JsonValue], dict[str, list[str]]]:
        own = self._speaks_for_repository(figure.document)
        context = self._context(figure.document)
        found = seed_conditions(
            raw,
            text=candidate.text,
            value=float(figure.value),
            line=figure.line,
            column=candidate.column,
            context=context,
            readme=self._readme if own else None,
            setup=self.figure_setup(figure.document, figure.line),
            repository=self._readme_setup if own else {},
            setup_lines=self._run_set(figure.document),
        )
        value = float(figure.value)
        own_place = (figure.document.path, figure.line, value)
        chain = self.chain(figure.document, figure.line)
        if own_key is not None and not self._header_above(context, figure.line):
            # no header row above: the figure's value changes only what a few keys read
            # (its denominator, its listed item's names), so the line's figures share the
            # rest of their citations (a JSONL row's dozen figures each cited them anew)
            memo = self._citations.setdefault(
                (figure.document.document_id, figure.line, _PER_KEY), {}
            )
            part = partial(own_reading, context, own=own_place)
            return cited(found, chain, self.reads_for(own_place), memo, part)
        memo = self._citations.setdefault((figure.document.document_id, figure.line, own_key), {})
        return cited(found, chain, self.reads_for(own_place), memo)

    def figure_setup(self, document: Document, line: int) -> dict[str, JsonValue]:
        """What a figure's setup states: its document's setup sections, and nearer, the load
        and lengths the setup of the one report its line links states (a summary row that
        restates a report's score: `**82.1 %** pass@1 ([report](results/.../REPORT.md))`)."""
        setup = self._setup(document)
        for part in self._scoped(document):
            if part.scope is not None and part.scope[0] <= line <= part.scope[1]:
                setup = {**setup, **self._part_setup(part)}  # its own part's, nearer
        report = self._linked_report(document, line)
        if report is None:
            return setup
        counts = {k: v for k, v in self._setup(report).items() if k in SETUP_COUNT_KEYS}
        return {**setup, **counts} if counts else setup

    def _linked_report(self, document: Document, line: int) -> Document | None:
        """The one Markdown document of the snapshot a figure's line links, or None (no link,
        or links to two: a row citing a run and its rerun states neither's load)."""
        if not 1 <= line <= len(document.line_list):
            return None
        text = document.line_list[line - 1]
        if "](" not in text:
            return None
        folder = posixpath.dirname(document.path)
        paths = {
            posixpath.normpath(posixpath.join(folder, match.group("path")))
            for match in _LINKED_REPORT.finditer(text)
        }
        paths.discard(document.path)
        if len(paths) != 1:
            return None
        return self._snapshot.by_path(next(iter(paths)))

    def _own_matters(self, context: DocumentContext, line: int) -> bool:
        """Whether a figure's own value may change what its chain's places read
        (`place_reading.reads_at`: a header row above it in its document, of which only its
        own column's header counts); else every figure on its line reads them alike."""
        return (
            self._header_above(context, line)
            or _keys_a_denominator(context, line)
            or _lists_names(context, line)
        )

    def _header_above(self, context: DocumentContext, line: int) -> bool:
        """Whether a table's header row stands above `line` in its document."""
        first = self._first_headers.get(context.document.document_id)
        if first is None:
            first = min(context.header_lines, default=0) or len(context.lines) + 1
            first = self._first_headers[context.document.document_id] = first
        return first < line

    def _move_to(self, context: DocumentContext) -> None:
        """Figures come document by document: on to another, the last one's line memos are
        let go (at 64 lines each, a repository's data files kept them all:
        lhl/strix-halo-testing's peak rose from 2.94 to 3.86 GB)."""
        if self._reading is not None and self._reading is not context:
            self._reading.forget_lines()
            self._index.forget()
            self._citations.clear()
            self._lines_read.clear()
            self._rows.clear()
        self._reading = context

    def cite(
        self,
        conditions: dict[str, JsonValue],
        document: Document,
        line: int,
        value: float | None = None,
    ) -> tuple[dict[str, JsonValue], dict[str, list[str]]]:
        """`conditions` of a figure at `line` of `document` (of `value`, when it is one
        figure's), each cited to the nearest place of its context chain that states it; a
        value the chain does not state is left out."""
        own = (document.path, line, value) if value is not None else None
        return cited(conditions, self.chain(document, line), self.reads_for(own))

    def reads(self, document: Document, line: int, key: str, value: JsonValue) -> bool:
        """Whether a place states `value` as `key` where extract's reader reads it: a count
        under its name, an engine as the one that measured (`place_reading.reads_at`)."""
        return reads_at(self._context(document), line, key, value)

    def reads_for(self, own: Own | None) -> Reads:
        """`reads` for one figure (`own`: its document's path, line and value): of a header
        row of its table, only its own column's header states an engine or a system."""
        return _OwnReads(self, own)

    def lines_read(
        self, document: Document, lines: list[int], key: str, value: JsonValue
    ) -> list[int]:
        """Of a document's `lines`, those where a figure's `reads` may read `value` as `key`:
        where it reads so for any figure, and the document's header rows (of which a figure's
        own column's header is read for it alone); found once per document and value while
        its figures are read (a data file's rows each asked for all the lines after them)."""
        cite_key = citation_key(key, value)
        if cite_key is None:
            return lines
        memo_key = (document.document_id, *cite_key)
        found = self._lines_read.get(memo_key)
        if found is None or found[0] != lines:
            context = self._context(document)
            headers = header_line_set(context)
            kept = [
                n
                for n in lines
                if n in headers or said_and_read(document, n, key, value, self.reads)
            ]
            found = self._lines_read[memo_key] = (lines, kept)
        return found[1]

    def chain(self, document: Document, line: int) -> ChainPlaces:
        """A figure's context chain, nearest first: its document's lines (`DocumentContext.
        chain`), the note in italics below its table, the rest of a data file (a JSON
        object's keys may follow its value), the setup of the one report its line links, the
        document's setup sections, then the README's
        opening and setup sections, then the file's name. Made of runs, read as far as a
        reader goes (a chain written out per figure was quadratic in a section of many
        tables); made once per line (a row's figures share it)."""
        key = (document.document_id, line)
        return recent(self._chains, key, lambda: self._chain(document, line))

    def _chain(self, document: Document, line: int) -> ChainPlaces:
        context = self._context(document)
        lines: list[Iterable[int]] = [context.chain(line)]
        note, _ = context.note_below(line)
        if note:
            lines.append((note,))  # the note in italics below its table
        if not context.is_prose:
            lines.append(range(line + 1, len(document.line_list) + 1))
            # a JSON run file's `"timestamp": ...` lines, first: they state only when it ran,
            # and a stamp's date (`2026-07-21T11:10:07Z`) is no word the place index finds
            lines.insert(0, stamp_lines(context))
        parts = [(document, numbers) for numbers in lines]
        report = self._linked_report(document, line)
        if report is not None:  # the setup of the report the figure's line links: nearer
            parts.append((report, self._setup_lines(report)))
        parts.append((document, self._setup_lines(document)))
        readme = self._readme if self._speaks_for_repository(document) else None
        if readme is not None and readme.document is not document:
            parts.append((readme.document, readme.chain(1)))
            if not self._joined(readme):  # its setup lines speak for one part each
                parts.append((readme.document, self._setup_lines(readme.document)))
        parts.append((document, (0,)))
        return ChainPlaces(tuple(parts), self._index)

    def _speaks_for_repository(self, document: Document) -> bool:
        """Whether a document speaks for the repository, so that the README's system and
        engine may fill what it leaves unsaid: not a third party's page copied into it (front
        matter naming where it came from), which states its own or none."""
        found = self._own.get(document.document_id)
        if found is None:
            found = self._own[document.document_id] = not copied_page(document.line_list)
        return found

    def _setup_lines(self, document: Document) -> tuple[int, ...]:
        """The lines where a document states its run for all its figures: its setup and
        methodology sections, and its tables' header rows (a `tg 1024` column); read once
        per document."""
        found = self._setup_line_lists.get(document.document_id)
        if found is None:
            context = self._context(document)
            found = (*self._run_lines(document), *context.pair_table_lines, *context.header_lines)
            self._setup_line_lists[document.document_id] = found
        return found

    def _run_set(self, document: Document) -> frozenset[int]:
        """`_run_lines` as a set, made once per document (a figure's conditions ask for it)."""
        found = self._setup_sets.get(document.document_id)
        if found is None:
            found = self._setup_sets[document.document_id] = frozenset(self._run_lines(document))
        return found

    def _run_lines(self, document: Document) -> list[int]:
        """The lines of a document's setup and methodology sections."""
        found = self._setup_spans.get(document.document_id)
        if found is None:
            context = self._context(document)
            spans = [*setup_source(document).spans, *methodology_spans(context)]
            found = [n for first, last in spans for n in range(first, last + 1)]
            self._setup_spans[document.document_id] = found
        return found


def _scoped_keys(setups: tuple[ScopedSetup, ...], found: dict[str, JsonValue]) -> list[str]:
    """The keys of a document's setups (`found`) that only its parts' setups state, and not
    every part's alike: `Output length: 64 tokens` under `## Phase 5A` is not the length of
    Phase 4's runs (a setup of the whole document states its keys for all)."""
    if not setups:
        return []
    whole = [setup_conditions(s.source) for s in setups if s.scope is None]
    parts = [setup_conditions(s.source) for s in setups if s.scope is not None]
    alike = agreed(parts)
    return [
        key
        for key in found
        if not any(key in reading for reading in whole)
        and (any(key not in reading for reading in parts) or key not in alike)
    ]


def _lists_names(context: DocumentContext, line: int) -> bool:
    """Whether a prose line names several precisions, engines or systems: each figure on it
    reads its own listed item (`8bit ~88 t/s, FP16 ~144 t/s`), so they read apart."""
    if not 1 <= line <= len(context.lines) or context.in_table_row(line):
        return False
    return _names_several(context.lines[line - 1])


@lru_cache(maxsize=1 << 12)
def _names_several(text: str) -> bool:
    """Whether a line names two or more precisions, engines or systems (read once per line
    text: every figure of a line asks)."""
    formats = {m.group(0).lower() for m in PRECISION.finditer(text)}
    return len(formats) > 1 or len(engines_named(text)) > 1 or len(systems_named(text)) > 1


def _keys_a_denominator(context: DocumentContext, line: int) -> bool:
    """Whether a data file's line holds a key naming a rate's denominator: its figures each
    take only their own key's (`measurement.keyed_denominators`), so they read apart."""
    if context.is_prose or not 1 <= line <= len(context.lines):
        return False
    return bool(denominators_in(context.lines[line - 1]))


class _OwnReads(IndexedReads):
    """`ConditionReader.reads_for` one figure (or none): its reads, and the lines they may read
    a value on."""

    def __init__(self, reader: ConditionReader, own: Own | None) -> None:
        self._reader = reader
        self._own = own

    def __call__(self, document: Document, line: int, key: str, value: JsonValue) -> bool:
        """Whether the place states `value` as `key` for this figure (`reads_at`)."""
        return reads_at(self._reader.context(document), line, key, value, self._own)

    def lines_read(
        self, document: Document, lines: list[int], key: str, value: JsonValue
    ) -> list[int]:
        """`ConditionReader.lines_read`: for any figure, so for this one."""
        return self._reader.lines_read(document, lines, key, value)
