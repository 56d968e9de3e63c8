"""Web pages and LaTeX sources are documents: their tables are read with each cell's line, the
numbers of their lines are there for the result model, and only text is a document."""

from __future__ import annotations

import pytest

from documents import make_document
from draftflow.acquire.rules import is_document_name
from draftflow.acquire.textual import not_text_reason
from draftflow.extract.document import DocumentKind, TableKind, parse_document
from draftflow.extract.harvest.lines import reads_lines
from draftflow.extract.harvest.run import harvest_document

PAGE = """<!DOCTYPE html>
<html><head><title>Leaderboard</title>
<style> body { padding: 20px; } </style></head>
<body>
<table id="board">
  <thead><tr><th>Model</th><th>Score (%)</th></tr></thead>
  <tbody>
    <tr><td>Alpha</td><td>81.5</td></tr>
    <tr><td>Beta</td><td>74.25</td></tr>
  </tbody>
</table>
<script>
const data = [
  {
    "name": "Alpha",
    "confabulations": 38.11881188118812,
  },
];
</script>
</body></html>
"""

THESIS = r"""\section{Ergebnisse}
Die Ergebnisse zeigten, dass \texttt{mistral:7b} mit \num{80.69}\% den höchsten Wert erreichte.

\begin{table}[H]
    \centering
    \begin{tabular}{l c}
        \toprule
        \textbf{Modell} & \textbf{Timeouts} \\
        \midrule
        gemma3:4b            & 1  \\ % a comment & 99
        qwen3:8b             & \num{62} \\
        \multicolumn{2}{c}{Summe} \\
        \bottomrule
    \end{tabular}
    \caption{Anzahl der Timeouts pro Modell}
\end{table}
"""


@pytest.mark.parametrize("path", ["results/board.html", "page.HTM", "thesis/kapitel.tex"])
def test_web_pages_and_latex_sources_are_documents(path: str) -> None:
    assert is_document_name(path)
    assert reads_lines(make_document(path, "x 1\n"))


def test_a_web_page_s_table_cells_keep_their_lines() -> None:
    parsed = parse_document(make_document("board.html", PAGE))
    assert parsed.kind is DocumentKind.HTML
    (table,) = parsed.tables
    assert table.kind is TableKind.HTML
    assert table.column_header(1) == "Score (%)"
    assert [(c.text, c.line) for c in table.body_rows[1]] == [("Beta", 9), ("74.25", 9)]


def test_a_web_page_gives_its_table_cells_and_its_script_data_lines() -> None:
    candidates = harvest_document(make_document("board.html", PAGE))
    found = {(c.line, c.text, c.key) for c in candidates}
    assert (8, "81.5", "Score (%)") in found
    assert (9, "74.25", "Score (%)") in found
    assert any(c.line == 16 and c.values == [38.11881188118812] for c in candidates)
    assert not any(c.line == 3 for c in candidates)  # a style's padding is no table's cell


def test_a_latex_tabular_reads_its_rows_on_their_lines() -> None:
    parsed = parse_document(make_document("kapitel.tex", THESIS))
    assert parsed.kind is DocumentKind.LATEX
    (table,) = parsed.tables
    assert table.kind is TableKind.LATEX
    assert [c.text for c in table.header_rows[0]] == ["Modell", "Timeouts"]
    assert [[(c.text, c.line) for c in row] for row in table.body_rows] == [
        [("gemma3:4b", 10), ("1", 10)],
        [("qwen3:8b", 11), ("62", 11)],
        [("Summe", 12), ("Summe", 12)],
    ]
    assert table.caption == "Anzahl der Timeouts pro Modell"
    candidates = harvest_document(make_document("kapitel.tex", THESIS))
    assert {(c.line, c.text, c.key, c.row_header) for c in candidates} >= {
        (10, "1", "Timeouts", "gemma3:4b"),
        (11, "62", "Timeouts", "qwen3:8b"),
    }
    assert not any(c.values == [99] for c in candidates)  # a comment is no cell


def test_latex_markup_reads_as_its_text() -> None:
    from draftflow.extract.document.latex_tables import latex_plain

    assert latex_plain(r"\textbf{\num{80.69}}\%") == "80.69%"
    assert latex_plain(r"\texttt{qwen3:8b} \& co") == "qwen3:8b & co"


def test_a_binary_page_is_no_document() -> None:
    data = b"<html>" + bytes(range(256)) * 40
    assert not_text_reason(data) is not None


CHART_PAGE = """<html><body><div id="chart"></div>
<script>
var layout = { title: 'Speed', height: 400 };
var traces = [{"x": ["72B Q8_0", "72B Q4_K_M"], "y": [6.45, 9.36],
  "name": "Baseline (no draft)", "type": "bar"}];
Plotly.newPlot('chart', traces, layout);
</script></body></html>
"""


def test_a_web_page_s_script_data_is_read_as_json() -> None:
    candidates = harvest_document(make_document("sweep.html", CHART_PAGE))
    leaves = {c.json_path: c for c in candidates if c.json_path}
    assert leaves["traces[0].y[0]"].values == [6.45]
    assert leaves["traces[0].y[1]"].line == 4
    assert leaves["traces[0].y[1]"].context["name"] == "Baseline (no draft)"
    # a hand-written layout is no JSON: its numbers are left to the line reader
    assert not any(c.line == 3 for c in candidates)
    # a JSON leaf's number is read once, not again as a `key: value` line
    confab = harvest_document(make_document("board.html", PAGE))
    assert len([c for c in confab if c.line == 16]) == 1
