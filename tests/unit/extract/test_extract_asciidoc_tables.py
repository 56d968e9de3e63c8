"""AsciiDoc tables (`extract/document/asciidoc_tables.py`): a `|===` table's cells are read
with the lines they open on, one cell to a line or several, grouped into rows by the `cols`
attribute or the first row's width, its header the first row a blank line ends; a figure in
one cites its own line (savoirtech/ollama-parallel-performance article.adoc, lines 38-64)."""

from __future__ import annotations

from documents import make_document
from draftflow.extract.document import TableKind, parse_document
from draftflow.extract.document.asciidoc_tables import asciidoc_tables
from draftflow.extract.harvest.run import harvest_document

ARTICLE = """== Parallel requests

.Llama 3.2 on the RTX 1000
[cols("^1","^1","^1","^1")]
|===
| Queue Size | Parallel Requests | Duration (Seconds)| Errors

| 512
| 16
| 370
| 0

| 512
| 8
| 379
| 0
|===

Some words after the table: 42 of them.
"""


def test_an_asciidoc_table_reads_one_cell_to_a_line_under_its_header() -> None:
    (table,) = asciidoc_tables(ARTICLE.split("\n"))
    assert table.kind is TableKind.ASCIIDOC
    assert [cell.text for cell in table.header_rows[0]] == [
        "Queue Size",
        "Parallel Requests",
        "Duration (Seconds)",
        "Errors",
    ]
    assert [[(cell.text, cell.line) for cell in row] for row in table.body_rows] == [
        [("512", 8), ("16", 9), ("370", 10), ("0", 11)],
        [("512", 13), ("8", 14), ("379", 15), ("0", 16)],
    ]
    assert table.heading_path == ("Parallel requests",)
    assert table.caption == "Llama 3.2 on the RTX 1000"


def test_rows_written_on_one_line_and_a_declared_width() -> None:
    text = '[cols="1,1"]\n|===\n|a |b\n|1 |2\n|3 |4\n|===\n'
    (table,) = asciidoc_tables(text.split("\n"))
    assert table.header_rows == ()  # no blank line ends the first row: no header
    rows = [[c.text for c in row] for row in table.body_rows]
    assert rows == [["a", "b"], ["1", "2"], ["3", "4"]]


def test_an_asciidoc_document_gives_its_table_cells_as_candidates_on_their_lines() -> None:
    document = make_document("article.adoc", ARTICLE)
    tables = parse_document(document).tables
    assert tables[0].kind is TableKind.ASCIIDOC
    # no text reader reads the table's lines again (`| 370` is no pipe table of its own)
    assert all(t.span.first > 17 for t in tables[1:])
    found = {(c.line, c.key, c.values[0]) for c in harvest_document(document)}
    assert (10, "Duration (Seconds)", 370) in found
    assert (15, "Duration (Seconds)", 379) in found
