"""A cited line's figures as extract reads them, without harvesting its whole document.

Verify re-reads a figure at its cited place through extract's harvesters and classifier
(`reread.py`): `select(harvest_document(document))`, by line. For a large report that is a
harvest of every cell of every table to answer a few lines. The classifier selects each
candidate on its own and tells a raw table by that table's own cells (`raw_tables`), so a
line's figures are those of the Markdown table rows on it, each harvested with its table's
header, heading and caption alone (`TableRows`; the table told raw from its first and last
rows), then those the document's other harvesters read on it (`harvest_beside_tables`), in
the order the whole harvest gives them. A JSON document's leaves are each selected alone too
(the classifier groups no rows of a key path), so its leaves are made candidates and
selected line by line, as lines are asked about (`LeafReadings`).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from itertools import groupby
from operator import itemgetter

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import SourceFormat
from draftflow.extract.classify import Selected, select
from draftflow.extract.harvest.json_leaves import LeafSite, json_leaf_sites, leaf_candidate
from draftflow.extract.harvest.markdown_tables import TableRows, markdown_tables
from draftflow.extract.harvest.run import harvest_beside_tables
from draftflow.numbers.file_kinds import JSON_SUFFIXES


class TableReadings:
    """One document's figures by line, the Markdown table rows on a line harvested when the
    line is first asked about (each with its table's header, heading and caption: a row's
    candidates are its own, and `select` reads each alone once its table is known not to be
    raw data)."""

    def __init__(self, document: Document, beside: list[Selected]) -> None:
        self._document = document
        self._beside: dict[int, list[Selected]] = {}
        for item in beside:
            self._beside.setdefault(item.candidate.line, []).append(item)
        self._tables = markdown_tables(document)
        # Each body row by a number counting the document's rows; each line's first row and
        # its others (a row's cells share its line as a rule): arrays, not a list of pairs
        # per line (a report of 9,000 rows).
        self._row_table, self._row_index = array("i"), array("i")
        self._first_row = array("i", [-1]) * (len(document.line_list) + 2)
        self._more_rows: dict[int, list[int]] = {}
        for index, table in enumerate(self._tables):
            for row_index, row in enumerate(table.body_rows):
                self._add_row(index, row_index, {cell.line for cell in row})
        self._readers: dict[int, TableRows] = {}
        self._raw: dict[int, bool] = {}
        self._read: dict[int, list[Selected]] = {}

    @classmethod
    def of(cls, document: Document) -> TableReadings | None:
        """The document's readings table by table, or None when its harvest is not Markdown
        tables and then other candidates (a CSV or JSON file is read whole)."""
        beside = harvest_beside_tables(document)
        return None if beside is None else cls(document, select(beside))

    def _add_row(self, index: int, row_index: int, lines: set[int]) -> None:
        number = len(self._row_table)
        self._row_table.append(index)
        self._row_index.append(row_index)
        for line in sorted(lines):
            if 0 <= line < len(self._first_row) and self._first_row[line] == -1:
                self._first_row[line] = number
            else:
                self._more_rows.setdefault(line, []).append(number)

    def _rows_on(self, line: int) -> list[tuple[int, int]]:
        """The (table, row) of each body row with a cell on `line`, in document order."""
        first = self._first_row[line] if 0 <= line < len(self._first_row) else -1
        numbers = ([first] if first != -1 else []) + self._more_rows.get(line, [])
        return [(self._row_table[n], self._row_index[n]) for n in numbers]

    def on(self, line: int) -> list[Selected]:
        """The figures extract reads on `line`, in harvest order."""
        read = self._read.get(line)
        if read is None:
            read = self._read[line] = self._in_tables(line)
        return read + self._beside.get(line, [])

    def _in_tables(self, line: int) -> list[Selected]:
        """The figures of the table rows on `line`: those of `select(table_candidates(...))`
        on the line, table by table, as harvested (tables, rows, then cells in order)."""
        found: list[Selected] = []
        for index, rows in groupby(self._rows_on(line), key=itemgetter(0)):
            reader = self._reader(index)
            raw = self._raw.get(index)
            if raw is None:
                raw = self._raw[index] = reader.is_raw()
            if raw:
                continue  # `select` leaves a raw table's cells out
            candidates = [
                candidate
                for _, row_index in rows
                for candidate in reader.row(row_index)
                if candidate.line == line
            ]
            found += select(candidates, raw=set())  # told from the whole table above
        return found

    def _reader(self, index: int) -> TableRows:
        reader = self._readers.get(index)
        if reader is None:
            reader = self._readers[index] = TableRows(self._document, index, self._tables[index])
        return reader


class LeafReadings:
    """A data document's figures by line, the leaves of a line made candidates and selected
    when it is first asked about: for JSON documents, whose every candidate is a leaf, which
    `select` reads each on its own (a raw table is told by cells without a key path), so a
    line's selection is the whole selection's part on that line, in the same order."""

    def __init__(self, document: Document, fmt: SourceFormat, sites: list[LeafSite]) -> None:
        self._document = document
        self._format = fmt
        # The walk meets the leaves in text order, so their lines ascend: a line's leaves are
        # found by bisection (a dict of a list per line held a run file's leaves twice over).
        self._lines = array("i", (site.line for site in sites))
        if any(a > b for a, b in zip(self._lines, self._lines[1:], strict=False)):
            order = sorted(range(len(sites)), key=lambda n: self._lines[n])  # stable
            sites = [sites[n] for n in order]
            self._lines = array("i", (site.line for site in sites))
        self._sites = sites
        self._read: dict[int, list[Selected]] = {}

    @classmethod
    def of(cls, document: Document) -> LeafReadings | None:
        """The document's readings line by line, or None when it is not a JSON document (a
        CSV file, a report: read whole or table by table)."""
        if not document.path.lower().endswith(JSON_SUFFIXES):
            return None
        return cls(document, *json_leaf_sites(document, keep_parse=False))

    def lines(self) -> list[int]:
        """The lines holding a leaf, in order."""
        return sorted(set(self._lines))

    def on(self, line: int) -> list[Selected]:
        """The figures extract reads on `line`, in harvest order."""
        read = self._read.get(line)
        if read is None:
            low, high = bisect_left(self._lines, line), bisect_right(self._lines, line)
            sites = self._sites[low:high]
            found = (leaf_candidate(self._document, self._format, site) for site in sites)
            on_line = [candidate for candidate in found if candidate is not None]
            read = self._read[line] = select(on_line) if on_line else []
        return read
