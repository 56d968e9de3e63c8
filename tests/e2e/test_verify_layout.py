"""Where a line stands in its document (table header, caption, keys), and what a source
calls a number from there, on the real corpus and on the shapes reports use."""

from __future__ import annotations

from pathlib import Path

from documents import make_document
from draftflow.acquire.snapshot import Document
from draftflow.numbers import NumberMention
from draftflow.verify.index import DocumentIndex
from draftflow.verify.layout import DocumentLayout
from draftflow.verify.roles import source_dimensions

MIAAI = "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
HEITOR = "heitor-mocelin__dgx-spark-research"


def document(path: str, data: bytes) -> Document:
    return make_document(path, data, repository="o/n")


def mention_of(index: DocumentIndex, line: int, text: str) -> NumberMention:
    return next(m for m in index.line_mentions(line) if m.text == text)


def test_a_table_row_has_its_header_and_caption(corpus_dir: Path) -> None:
    path = "results/RESULTS-2026-08-14.md"
    index = DocumentIndex(document(path, (corpus_dir / MIAAI / path).read_bytes()))
    table = index.layout.row_and_header(32)  # | 256 | 82.6 | 56.9 | 54.3 | 35.9 | 162 |
    assert table is not None
    cells, header = table
    assert cells[1] == "82.6" and header[1] == "c=1"
    assert "decode tok/s" in index.layout.caption(32)
    # The header says only the concurrency; the caption names the unit: a rate.
    assert source_dimensions(index, 32, mention_of(index, 32, "82.6")) == {"rate"}
    assert index.layout.row_and_header(26) is None  # prose above the table


def test_a_json_value_has_its_enclosing_keys(corpus_dir: Path) -> None:
    path = "AsusGx10/benchmarks/small-models/qwen3-4b.json"
    index = DocumentIndex(document(path, (corpus_dir / HEITOR / path).read_bytes()))
    layout = index.layout
    line = next(n for n, text in enumerate(index.document.line_list, 1) if '"mean": 64.4' in text)
    assert layout.own_key(line) == "mean"
    enclosing = list(layout.enclosing_keys(line))
    assert enclosing[0] == "decode_tps"
    # `mean` names no dimension; the decode object around it does.
    assert source_dimensions(index, line, mention_of(index, line, "64.4")) == {"rate"}


def test_shapes_without_a_measured_name_state_no_dimension() -> None:
    data = (
        b'{\n  "cases": [\n    {\n      "samples": 70,\n      "runs": [\n        12.5,\n'
        b"        13.5\n      ]\n    }\n  ]\n}\n"
    )
    index = DocumentIndex(document("run.json", data))
    # `samples` names a count and `runs` a group, never what a value measures: a prose
    # `70 W` or `12.5 ms` finds no support here.
    assert source_dimensions(index, 4, mention_of(index, 4, "70")) == frozenset({"count"})
    assert source_dimensions(index, 6, mention_of(index, 6, "12.5")) == frozenset()


def test_a_table_reads_as_github_renders_it() -> None:
    """GFM: a line of prose right under a table is one more row of it, and only a blank
    line ends the table; a table needs its delimiter row."""
    text = (
        "| a | tok/s |\n| --- | --- |\n| x | 1.5 |\nA note.\n| y | 2.5 |\n\n"
        "| b | ms |\n| z | 3.5 |\n"
    )
    layout = DocumentLayout(document("t.md", text.encode()))
    assert layout.row_and_header(3) == (("x", "1.5"), ("a", "tok/s"))
    assert layout.row_and_header(5) == (("y", "2.5"), ("a", "tok/s"))
    assert layout.row_and_header(8) is None  # no delimiter row: not a table


def test_a_table_without_outer_pipes_and_with_escaped_pipes_has_its_header() -> None:
    text = "model | notes | tok/s\n--- | --- | ---\nm | a \\| b | 45.2\n"
    layout = DocumentLayout(document("t.md", text.encode()))
    assert layout.row_and_header(3) == (("m", "a | b", "45.2"), ("model", "notes", "tok/s"))


def test_csv_cells_keep_their_quoted_commas() -> None:
    layout = DocumentLayout(document("d.csv", b'model,notes,ttft_ms\nm,"a, b",45.2\n'))
    assert layout.row_and_header(2) == (("m", "a, b", "45.2"), ("model", "notes", "ttft_ms"))


def test_csv_rows_take_the_first_line_as_header() -> None:
    layout = DocumentLayout(document("d.csv", b"model,ttft_ms\nm,45.2\n"))
    assert layout.row_and_header(2) == (("m", "45.2"), ("model", "ttft_ms"))
    assert layout.row_and_header(1) is None


def test_a_rate_written_out_in_words_is_a_rate_not_a_token_count(corpus_dir: Path) -> None:
    """`between 15.45 and 16.36 tokens per second` states a rate; `4,312 tokens` a count."""
    teaql = "teaql__nvidia-dgx-spark-model-benchmark"
    path = "reports/round-2-nemotron-super-modeling.md"
    index = DocumentIndex(document(path, (corpus_dir / teaql / path).read_bytes()))
    assert source_dimensions(index, 14, mention_of(index, 14, "16.36")) == {"rate"}
    counted = document("notes.md", b"The reply ran 4,312 tokens before it stopped.\n")
    count_index = DocumentIndex(counted)
    assert source_dimensions(count_index, 1, mention_of(count_index, 1, "4,312")) == {"count"}


def _whole_document_rows(doc: Document) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each body row as the whole document's parse reads it (what extract reads)."""
    from draftflow.extract.document import TableKind, parse_document

    rows: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for table in parse_document(doc).tables:
        if table.kind not in (TableKind.MARKDOWN, TableKind.CSV) or not table.header_rows:
            continue
        header = tuple(table.column_header(column) for column in range(table.width))
        for row in table.body_rows:
            if row:
                rows.setdefault(row[0].line, (tuple(cell.written for cell in row), header))
    return rows


def test_rows_read_one_table_at_a_time_are_the_whole_parse_rows(corpus_dir: Path) -> None:
    """Verify reads only the tables its claims cite; on every corpus Markdown document each
    line's row and header are the ones the whole document's parse gives."""
    checked = 0
    for path in sorted(corpus_dir.glob("*/**/*.md")):
        doc = document(path.name, path.read_bytes())
        expected = _whole_document_rows(doc)
        layout = DocumentLayout(doc)
        for line in range(1, len(doc.line_list) + 1):
            found = layout.row_and_header(line)
            assert found == expected.get(line), (path, line)
        checked += len(expected)
    assert checked > 1000


def test_a_table_in_a_fence_is_no_row_and_a_csv_row_is_read_alone() -> None:
    text = "# T\n\n```\n| a | b |\n|---|---|\n\n| 1 | 2 |\n```\n\n| x | y |\n|---|---|\n| 3 | 4 |\n"
    layout = DocumentLayout(document("r.md", text.encode()))
    assert layout.row_and_header(7) is None  # inside the fence, past a blank line
    assert layout.row_and_header(12) == (("3", "4"), ("x", "y"))
    csv = DocumentLayout(document("r.csv", b"model,tok/s\n\nm1,12.5\nm2,13\n"))
    assert csv.row_and_header(3) == (("m1", "12.5"), ("model", "tok/s"))
    assert csv.row_and_header(1) is None
