"""Wide tables in time linear in their cells (issue 32): a figure of a wide row is re-read
by verify and its conditions by extract without scanning the whole row once per figure.
Counted, not timed (the machine is shared): the value comparisons verify makes and the rows
extract joins grow with the cells, not with their square; a line's context (its heading path)
is read once per line, not once per figure of the line; what a row's figures share (a value's
cells, a column's name, a heading's words) is read once, not once per figure."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from draftflow.acquire.snapshot import Document
from draftflow.extract import conditions, identities, labels, statistic_names
from draftflow.extract.conditions import (
    cite,
    measurement,
    readers,
    resolve,
    run_parameters,
    workload,
)
from draftflow.extract.conditions.columns import topology_count
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.learned import decide, features
from draftflow.llm import ModelSettings
from draftflow.numbers import ParsedNumber, scan
from draftflow.numbers.vocabulary import Vocabulary
from draftflow.pipeline.draft import DraftOutcome, DraftRequest, run_draft
from draftflow.record.model import ReportedResult
from draftflow.select import lead_context, not_measured
from draftflow.verify import reread, roles

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
from wide_tables import many_tables_readme, wide_readme

COLUMNS = 1_500
ROWS = 3


def test_a_wide_table_is_drafted_in_work_linear_in_its_cells(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = {"matches": 0, "rows": 0, "topology": 0, "heading paths": 0}
    counts |= {"document searches": 0, "result copies": 0, "caption metrics": 0}
    collapsed, copy, in_prose = (
        reread._collapsed,
        ReportedResult.model_copy,
        features.metric_in_prose,
    )
    matches, table_rows = ParsedNumber.matches, DocumentContext.table_rows
    heading_path = DocumentContext.heading_path

    def counted_matches(self: ParsedNumber, other: float) -> bool:
        counts["matches"] += 1
        return matches(self, other)

    def counted_rows(self: DocumentContext, line: int) -> list[str]:
        counts["rows"] += 1
        return table_rows(self, line)

    def counted_topology(text: str, siblings: object) -> int | None:
        counts["topology"] += 1
        return topology_count(text, siblings)  # type: ignore[arg-type]

    def counted_paths(self: DocumentContext, line: int) -> list[tuple[int, int, str]]:
        counts["heading paths"] += 1
        return heading_path(self, line)

    def counted_collapsed(ctx: object, document: object) -> str:
        counts["document searches"] += 1  # each call is one part searched for in the text
        return collapsed(ctx, document)  # type: ignore[arg-type]

    def counted_copy(self: ReportedResult, **kwargs: object) -> ReportedResult:
        counts["result copies"] += 1
        return copy(self, **kwargs)  # type: ignore[arg-type]

    def counted_in_prose(text: str) -> str | None:
        counts["caption metrics"] += 1
        return in_prose(text)

    monkeypatch.setattr(reread, "_collapsed", counted_collapsed)
    monkeypatch.setattr(ReportedResult, "model_copy", counted_copy)
    monkeypatch.setattr(features, "metric_in_prose", counted_in_prose)
    monkeypatch.setattr(ParsedNumber, "matches", counted_matches)
    monkeypatch.setattr(readers, "topology_count", counted_topology)
    monkeypatch.setattr(DocumentContext, "heading_path", counted_paths)
    monkeypatch.setattr(DocumentContext, "table_rows", counted_rows)
    outcome = _draft_wide_table(tmp_path)
    cells = COLUMNS * ROWS
    assert outcome.figures >= cells * 0.9, outcome.figures
    assert outcome.errors == 0
    # before session 12: every figure compared with every reading of its row (1,500 x 4,500);
    # before session 15, each figure with each cell of its row holding its value (105,005:
    # the row repeats each value ~10 times); now once per row and value asked
    assert counts["matches"] < 8 * cells, counts
    # before: every figure's conditions joined every row of its table
    assert counts["rows"] < 10, counts
    # session 13's device counts read every cell of the row for each of its figures
    # (4,500 x 1,501); once per row, plus each figure's own header, they are 2 per cell
    assert counts["topology"] < 4 * cells, counts
    # before: each figure's conditions read its line's heading path 8 times (chain, chain
    # text, setup tables, headings, column model): 36,009 reads for 4,500 figures
    assert counts["heading paths"] < 100, counts
    # before: each column's name (a label's part) searched for in the whole document (1,503
    # searches of a 100 KB text); now found among its header row's cells
    assert counts["document searches"] < COLUMNS / 10, counts
    # before: every figure copied twice (its condition sources, then its readable label)
    assert counts["result copies"] < cells / 10, counts
    # before: each figure's heading and caption read for a metric (9,000 reads); once per text
    assert counts["caption metrics"] < 100, counts


def test_a_wide_rows_shared_readings_are_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a wide row's stages and figures share is read once (session 17): each long line
    (the header and rows, past `MEMO_MAX_CHARS`) is scanned for numbers once per way of
    reading it, not again by each stage; a column's header once for its conditions, not
    once per figure of the column. Session 18: the document's length headers once per
    document, and verify's name for a value at its place once per (line, value)."""
    counts = {"long scans": 0, "header loads": 0, "length headers": 0, "value names": 0}
    counts["headline exclusion readings"] = 0
    scanned, load_of_header = scan._Scanner.scan, readers.load_of_header
    length_headers, context_name = workload._length_headers, roles._context_name
    exclusion_reading = not_measured._reading

    def counted_scan(self: scan._Scanner) -> list[object]:
        counts["long scans"] += len(self.text) > scan.MEMO_MAX_CHARS
        return scanned(self)  # type: ignore[return-value]

    def counted_load(header: str) -> int | None:
        counts["header loads"] += 1
        return load_of_header(header)

    def counted_lengths(headers: frozenset[str]) -> tuple[tuple[str, str, int], ...]:
        counts["length headers"] += 1
        return length_headers(headers)

    def counted_name(*args: Any) -> str:
        counts["value names"] += 1
        return context_name(*args)

    def counted_exclusion(*args: Any) -> object:
        counts["headline exclusion readings"] += 1
        return exclusion_reading(*args)

    monkeypatch.setattr(scan._Scanner, "scan", counted_scan)
    monkeypatch.setattr(readers, "load_of_header", counted_load)
    monkeypatch.setattr(workload, "_length_headers", counted_lengths)
    monkeypatch.setattr(roles, "_context_name", counted_name)
    monkeypatch.setattr(not_measured, "_reading", counted_exclusion)
    outcome = _draft_wide_table(tmp_path)
    assert outcome.figures >= COLUMNS * ROWS * 0.9, outcome.figures
    # before: the 4 long lines scanned again by each stage that reads them (extract's
    # grounding, select's restatements, verify, the drafter): 12 scans; now 4
    assert counts["long scans"] <= 4, counts
    # before: each figure read its column's header (4,500 reads of 1,500 headers); now 270
    assert counts["header loads"] <= COLUMNS, counts
    # before: the document's length headers asked of a cache keyed on its every column
    # header, once per figure (4,500 lookups, each comparing 1,501 headers when a second
    # draft's equal document met the first's key); now once per document
    assert counts["length headers"] <= 2, counts
    # before: verify named each figure's value at its place (its unit, its words, its
    # column) once per figure (4,500); now once per (line, value): a row repeats its values
    assert counts["value names"] <= COLUMNS, counts
    # session 18's merge: the headline exclusion read every place of a figure's line that
    # writes its value (~11 a figure: 50,364 readings for 4,500 figures) and scanned the whole
    # line for each; now it stops at the first place that reads as a result
    assert counts["headline exclusion readings"] <= 2 * COLUMNS * ROWS, counts


def test_a_wide_tables_per_figure_lookups_stay_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sessions 21-22: what is the same for many figures is asked once, and a figure's
    look-ups in the vocabulary are plain dictionary reads. Counted at 1,500 columns x 3 rows."""
    counts = {"private reads": 0, "figure keys": 0, "metric directions": 0, "parameter reads": 0}
    figure_key, better = labels._figure_key, lead_context._better
    parameters_in_cells = run_parameters.parameters_in_cells
    private_read = Vocabulary.__getattr__  # type: ignore[attr-defined]

    def counted_private(self: Vocabulary, name: str) -> Any:
        counts["private reads"] += 1
        return private_read(self, name)

    def counted_key(item: Any) -> tuple[str, int, float, str]:
        counts["figure keys"] += 1
        return figure_key(item)

    def counted_better(metric: str) -> int:
        counts["metric directions"] += 1
        return better(metric)

    def counted_parameters(cells: Any) -> dict[str, set[Any]]:
        counts["parameter reads"] += 1
        return parameters_in_cells(cells)

    monkeypatch.setattr(Vocabulary, "__getattr__", counted_private)
    monkeypatch.setattr(labels, "_figure_key", counted_key)
    monkeypatch.setattr(lead_context, "_better", counted_better)
    monkeypatch.setattr(run_parameters, "parameters_in_cells", counted_parameters)
    outcome = _draft_wide_table(tmp_path)
    cells = COLUMNS * ROWS
    assert outcome.figures >= cells * 0.9, outcome.figures
    # before: `metric_by_id` and `unit_by_id` read the vocabulary's private dicts through
    # pydantic's `__getattr__` (~4 µs each): 13,536 reads for 4,500 figures; now none
    assert counts["private reads"] < 100, counts
    # before: the label collisions keyed every figure in each of their 7 passes, a figure
    # whose label no other shares too (31,500 keys); now only figures sharing a label (a
    # column's 3 rows, in the first pass, until their row's model cell tells them apart)
    assert counts["figure keys"] <= 2 * cells, counts
    # before: the lead ranker's context read each figure's metric direction twice (9,000);
    # now once per metric
    assert counts["metric directions"] < 100, counts
    # session 22: a figure's run parameters read its line's section, its document's setup
    # sections and the setup tables describing its run (3 reads per figure, 13,500 at 4,500
    # figures); now once per line
    assert counts["parameter reads"] < 100, counts


def test_a_wide_rows_figures_of_one_value_share_their_readings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 26: what a row's figures of one cell text and value read alike is read once
    per row (a sweep's row writes each value ~10 times): their conditions, whether the line
    writes the value as no measurement, whether the cell writes it as a hardware name; a
    one-value cell's names are not split for listed statistics; the label collisions are
    grouped again only after a step gave a part. Session 29: a row's cells under a `Runs`
    header are read once per row, not once per reading of the row. Counted at 1,500 columns
    x 3 rows."""
    counts = dict.fromkeys(("seeds", "places", "spans", "listed", "collisions"), 0)
    counts["line places"] = counts["repetition names"] = 0
    seed, places = conditions.seed_conditions, not_measured._places
    spans, listed = identities.number_spans, statistic_names.statistics_listed
    collisions = labels._collisions

    def counter(name: str, real: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            return real(*args, **kwargs)

        return counted

    monkeypatch.setattr(conditions, "seed_conditions", counter("seeds", seed))
    monkeypatch.setattr(not_measured, "_places", counter("places", places))
    monkeypatch.setattr(identities, "number_spans", counter("spans", spans))
    monkeypatch.setattr(statistic_names, "statistics_listed", counter("listed", listed))
    monkeypatch.setattr(labels, "_collisions", counter("collisions", collisions))
    place = decide._PlaceReader._place
    monkeypatch.setattr(decide._PlaceReader, "_place", counter("line places", place))
    repetition_name = counter("repetition names", measurement.is_repetition_name)
    monkeypatch.setattr(measurement, "is_repetition_name", repetition_name)
    identities._in_short_hardware_name.cache_clear()
    outcome = _draft_wide_table(tmp_path)
    cells = COLUMNS * ROWS
    assert outcome.figures >= cells * 0.9, outcome.figures
    # b08bd511: once per figure (4,500 each); now once per row and value (~150 a row)
    assert counts["seeds"] <= cells / 5, counts
    assert counts["places"] <= cells / 5, counts
    # b08bd511: once per figure (4,500); now once per cell text and value (~150)
    assert counts["spans"] <= cells / 5, counts
    # b08bd511: every figure's names split at `/` (`c7 tok/s`: 4,500); now none
    assert counts["listed"] < 10, counts
    # b08bd511: 7 passes (6 strict, 1 loose) whatever the steps gave; now 2
    assert counts["collisions"] <= 3, counts
    # b08bd511: the learned decision's place of each figure built anew (4,500); now per line
    assert counts["line places"] < 100, counts
    # 8f52aedf: each of a row's ~150 readings asked every other header of the row whether it
    # names a repetition count (666,000 at 4,500 figures; 29 M, two thirds of the 28 CPU s,
    # at 10,000 columns); now each row's headers once (4,503)
    assert counts["repetition names"] <= 3 * cells, counts


def _draft_wide_table(tmp_path: Path) -> DraftOutcome:
    """The no-model draft of a README holding one table of `COLUMNS` x `ROWS` cells."""
    folder = tmp_path / "someone__wide-sweep"
    folder.mkdir()
    (folder / "README.md").write_text(wide_readme(COLUMNS, ROWS))
    request = DraftRequest(
        source=str(folder),
        records_dir=tmp_path / "records",
        settings=ModelSettings(),
        revision="a" * 40,
        origin="https://github.com/someone/wide-sweep",
    )
    return asyncio.run(run_draft(request))


TABLES = 400
_README = """# Sweeps

Decode throughput of one model, measured on a DGX Spark with vLLM.

## Setup

- system: DGX Spark
- engine: vLLM
"""


def test_many_small_tables_are_drafted_in_work_linear_in_their_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A section of many one-cell tables, beside a README naming its machine and engine:
    each figure's chain is every line above it, and neither its places nor its text are
    written out per figure (issue 32: 50,000 tables took 218 s, 3,000 grew as their square)."""
    folder = tmp_path / "someone__many-sweeps"
    (folder / "docs").mkdir(parents=True)
    (folder / "README.md").write_text(_README)
    (folder / "docs" / "sweeps.md").write_text(many_tables_readme(TABLES))
    counts = {"places read": 0, "lines read": 0, "opening chips": 0}

    class CountedLines(list[str]):
        def __getitem__(self, index: object) -> object:  # type: ignore[override]
            counts["lines read"] += 1
            return super().__getitem__(index)  # type: ignore[index]

    context_init, place_text = DocumentContext.__init__, cite.place_text

    def counted_init(self: DocumentContext, document: object) -> None:
        context_init(self, document)  # type: ignore[arg-type]
        self.lines = CountedLines(self.lines)

    def counted_place_text(document: Document, line: int) -> str:
        counts["places read"] += 1
        return place_text(document, line)

    monkeypatch.setattr(DocumentContext, "__init__", counted_init)
    monkeypatch.setattr(cite, "place_text", counted_place_text)
    opening_chip = resolve.opening_chip

    def counted_opening_chip(document: Document) -> tuple[str, int] | None:
        counts["opening chips"] += 1
        return opening_chip(document)

    monkeypatch.setattr(resolve, "opening_chip", counted_opening_chip)
    request = DraftRequest(
        source=str(folder),
        records_dir=tmp_path / "records",
        settings=ModelSettings(),
        revision="a" * 40,
        origin="https://github.com/someone/many-sweeps",
    )
    outcome = asyncio.run(run_draft(request))
    assert outcome.figures >= TABLES, outcome.figures
    assert outcome.errors == 0
    # before session 16: each figure's chain (every line above it in its section, 4 per
    # table, and every table's header rows) written out, read place by place for the
    # README's system (stated only past them), and its text joined for the README's system
    # and engine: 966,474 places and 322,447 lines read for 400 tables; now 68 and 33 per
    # table (at 400 and at 800 tables)
    assert counts["places read"] < 100 * TABLES, counts
    assert counts["lines read"] < 50 * TABLES, counts
    # 8f52aedf: the opening's chip, "read once per document", was read once per table: its
    # memo kept a line's few recent answers and asked again for None; each reading listed
    # the document's every heading (10,000 tables: 54 of 86 profiled CPU s); now once per
    # document (2)
    assert counts["opening chips"] <= 2, counts
