"""The document model: Markdown, HTML, text, CSV and JSON read as structure with GitHub's
line numbers."""

from __future__ import annotations

import json

import pytest

from documents import make_document
from draftflow.extract.document import (
    CodeBlock,
    DocumentKind,
    ListItem,
    Paragraph,
    ParsedDocument,
    TableKind,
    document_kind,
    parse_document,
)
from draftflow.text.lines import plain_text

README = """# Bench

Intro paragraph.

## Decode speed (tok/s)

Average speed of generating 1024 tokens.

| GPU | 8B | 70B |
|:----|---:|----:|
| **3090** | 111.7 | OOM |
| 4090 | `127.7` | ~27 |

- item one 1.5 ms
  continued
  - nested 2

```text
| model | size | t/s |
| ----- | ---: | --: |
| llama 8B | 4.6 GiB | 1234.5 ± 3.2 |
```

```python
x = 1  # 2 3
```

### Sub

<table>
<tr><th>a</th><th>b</th></tr>

<tr><td>1</td><td>2.5</td></tr>
</table>

# Other
text
"""


def _parse(path: str, text: str | bytes) -> ParsedDocument:
    return parse_document(make_document(path, text))


def test_markdown_table_cells_keep_their_lines_heading_path_and_caption() -> None:
    parsed = _parse("README.md", README)
    table = parsed.tables[0]
    assert table.kind is TableKind.MARKDOWN
    assert table.heading_path == ("Bench", "Decode speed (tok/s)")
    assert table.caption == "Average speed of generating 1024 tokens."
    assert [c.text for c in table.header_rows[0]] == ["GPU", "8B", "70B"]
    assert [(c.text, c.line, c.column, c.row) for c in table.body_rows[1]] == [
        ("4090", 12, 0, 1),
        ("127.7", 12, 1, 1),
        ("~27", 12, 2, 1),
    ]
    assert table.body_rows[0][0].text == "3090"  # emphasis dropped
    assert (table.span.first, table.span.last) == (9, 12)


def test_a_footnote_marker_in_a_cell_is_no_part_of_its_text() -> None:
    table = _parse(
        "README.md",
        "| System | Eval |\n|---|---|\n"
        "| [Pi CM5 (Nvidia RTX 4070 Ti<sup>1</sup>)](https://x/45) | 48.24 Tokens/s |\n"
        "| Box 2<sup>10</sup> | 1<br>2 |\n",
    ).tables[0]
    assert [c.text for c in table.body_rows[0]] == ["Pi CM5 (Nvidia RTX 4070 Ti)", "48.24 Tokens/s"]
    assert plain_text("[Pi CM5 (Nvidia RTX 4070 Ti<sup>1</sup>)](https://x/45)") == (
        "Pi CM5 (Nvidia RTX 4070 Ti)"
    )
    assert plain_text("2<sup>10</sup>") == "2^10" and plain_text("1<br>2") == "1 2"
    assert plain_text("x < 5 and y > 3") == "x < 5 and y > 3"


def test_a_backslash_escape_writes_its_character() -> None:
    # CommonMark: `\*` is a literal asterisk (a footnote mark here); an escaped pipe stays
    # escaped (readers that split a row's text keep it in its cell)
    assert plain_text("consistency decoder\\*\\*") == "consistency decoder"
    assert plain_text("a \\| b") == "a \\| b" and plain_text("\\times 2") == "\\times 2"


def test_sections_paragraphs_and_list_items() -> None:
    parsed = _parse("README.md", README)
    assert [(s.heading_path, s.level, s.span.first, s.span.last) for s in parsed.sections] == [
        (("Bench",), 1, 1, 35),
        (("Bench", "Decode speed (tok/s)"), 2, 5, 35),
        (("Bench", "Decode speed (tok/s)", "Sub"), 3, 28, 35),
        (("Other",), 1, 36, 37),
    ]
    items = [b for b in parsed.blocks if isinstance(b, ListItem)]
    assert [(i.text, i.span.first, i.depth) for i in items] == [
        ("item one 1.5 ms\ncontinued", 14, 0),
        ("nested 2", 16, 1),
    ]
    assert items[0].line_of(items[0].text.index("continued")) == 15
    paragraphs = [b for b in parsed.blocks if isinstance(b, Paragraph)]
    assert paragraphs[0].text == "Intro paragraph." and paragraphs[0].span.first == 3
    section = parsed.section_at(33)
    assert section is not None and section.title == "Sub"


def test_code_blocks_keep_info_and_tool_output_tables_are_read() -> None:
    parsed = _parse("README.md", README)
    code = [b for b in parsed.blocks if isinstance(b, CodeBlock)]
    assert [(c.info, c.first_line, c.span.first, c.span.last) for c in code] == [
        ("text", 19, 18, 22),
        ("python", 25, 24, 26),
    ]
    fenced = [t for t in parsed.tables if t.kind is TableKind.PIPE]
    assert len(fenced) == 1  # the python block is code, not output
    assert [c.text for c in fenced[0].header_rows[0]] == ["model", "size", "t/s"]
    assert [(c.text, c.line) for c in fenced[0].body_rows[0]][2] == ("1234.5 ± 3.2", 21)
    assert fenced[0].heading_path == ("Bench", "Decode speed (tok/s)")


def test_html_table_split_by_a_blank_line_is_one_table() -> None:
    parsed = _parse("README.md", README)
    html = [t for t in parsed.tables if t.kind is TableKind.HTML]
    assert len(html) == 1
    assert [c.text for c in html[0].header_rows[0]] == ["a", "b"]
    assert [(c.text, c.line) for c in html[0].body_rows[0]] == [("1", 33), ("2.5", 33)]
    assert html[0].heading_path[-1] == "Sub"


def test_html_two_row_header_with_colspan() -> None:
    text = (
        "<table>\n"
        "<tr><th rowspan=2>GPU</th><th colspan=2>Median</th></tr>\n"
        "<tr><th>tok/s</th><th>ms</th></tr>\n"
        "<tr><td>A</td><td>10</td><td>20</td></tr>\n"
        "</table>\n"
    )
    table = _parse("r.md", text).tables[0]
    assert len(table.header_rows) == 2
    assert [table.column_header(i) for i in range(3)] == ["GPU", "Median › tok/s", "Median › ms"]
    assert [(c.text, c.line, c.column) for c in table.body_rows[0]] == [
        ("A", 4, 0),
        ("10", 4, 1),
        ("20", 4, 2),
    ]


def test_crlf_and_bom_keep_github_line_numbers() -> None:
    text = "\ufeff# T\r\n\r\n| a | b |\r\n|---|---|\r\n| x | 1\r2 |\r\n"
    parsed = _parse("r.md", text.encode("utf-8"))
    table = parsed.tables[0]
    assert [(c.text, c.line) for c in table.body_rows[0]] == [("x", 5), ("1 2", 5)]
    assert parsed.sections[0].span.last == 5


def test_text_log_aligned_pipe_and_key_value_tables() -> None:
    log = (
        "run started\n"
        "model        decode_tps   ttft_ms\n"
        "-----------  -----------  -------\n"
        "qwen-8b      41.5         120\n"
        "llama-70b    9.2          830\n"
        "\n"
        "pp512 | 1234.5 ± 3.2\n"
        "tg128 | 45.1 ± 0.2\n"
        "\n"
        "Mean TTFT (ms):   826.65\n"
        "requests = 200\n"
    )
    parsed = _parse("bench.log", log)
    assert parsed.kind is DocumentKind.TEXT
    kinds = [t.kind for t in parsed.tables]
    assert kinds == [TableKind.ALIGNED, TableKind.PIPE, TableKind.KEYVALUE]
    aligned, pipe, keyvalue = parsed.tables
    assert [c.text for c in aligned.header_rows[0]] == ["model", "decode_tps", "ttft_ms"]
    assert [(c.text, c.line) for c in aligned.body_rows[1]][1] == ("9.2", 5)
    assert not pipe.header_rows
    assert [(c.text, c.line) for c in pipe.body_rows[1]] == [("tg128", 8), ("45.1 ± 0.2", 8)]
    assert [[c.text for c in row] for row in keyvalue.body_rows] == [
        ["Mean TTFT (ms)", "826.65"],
        ["requests", "200"],
    ]
    assert keyvalue.body_rows[1][1].line == 11


def test_an_unnamed_trailing_column_does_not_shift_the_headers() -> None:
    # epappas/gx10-cluster: a status column after the measured ones, with no header cell;
    # read as a blank corner, every header moved one column left and 12.1 (the ITL) was
    # published as the TTFT (an editor's read)
    text = (
        "```\n"
        "  CONC  OUT TOK/S        tok/s   TTFT ms   ITL ms   req/s\n"
        "  1     [##--------]     142.3     118.0     12.1    0.71   16/16 ok\n"
        "  2     [####------]     286.1     151.0     12.9    1.38   16/16 ok\n"
        "```\n"
    )
    table = _parse("r.md", text).tables[0]
    headers = [table.column_header(column) for column in range(table.width)]
    assert headers == ["CONC", "OUT TOK/S", "tok/s", "TTFT ms", "ITL ms", "req/s", ""]


def test_aligned_table_with_two_header_rows_and_blank_corner() -> None:
    text = (
        "```\n"
        "         decode     prefill\n"
        "         tok/s      tok/s\n"
        "A        10.5       200\n"
        "B        11         210\n"
        "```\n"
    )
    table = _parse("r.md", text).tables[0]
    assert table.kind is TableKind.ALIGNED
    assert len(table.header_rows) == 2
    assert table.column_header(1) == "decode › tok/s"
    assert [(c.text, c.line) for c in table.body_rows[1]] == [("B", 5), ("11", 5), ("210", 5)]


def test_csv_sniffs_its_delimiter_and_counts_lines_of_quoted_breaks() -> None:
    text = 'model;note;tps\nA;"two\nlines";10,5\nB;x;12\n'
    parsed = _parse("data/r.csv", text)
    (table,) = parsed.tables
    assert table.kind is TableKind.CSV
    assert [c.text for c in table.header_rows[0]] == ["model", "note", "tps"]
    assert [(c.text, c.line) for c in table.body_rows[0]] == [
        ("A", 2),
        ("two\nlines", 2),
        ("10,5", 3),
    ]
    assert (table.body_rows[1][0].text, table.body_rows[1][0].line) == ("B", 4)


def test_json_leaves_have_pointers_and_lines() -> None:
    data = {"a/b": {"runs": [1, 2.5]}, "name": "x\ny", "ok": True, "n": None}
    text = json.dumps(data, indent=2)
    leaves = _parse("r.json", text).json_leaves
    lines = text.split("\n")
    assert [(leaf.pointer, leaf.value) for leaf in leaves] == [
        ("/a~1b/runs/0", 1),
        ("/a~1b/runs/1", 2.5),
        ("/name", "x\ny"),
        ("/ok", True),
        ("/n", None),
    ]
    for leaf in leaves:
        assert leaf.text.replace("\n", "\\n") in lines[leaf.line - 1] or leaf.text in ("True",)


def test_jsonl_records_and_unreadable_json_are_problems() -> None:
    parsed = _parse("r.jsonl", '{"t": 1}\n\n{"t": 2}\n{bad\n')
    assert [(leaf.pointer, leaf.value, leaf.line) for leaf in parsed.json_leaves] == [
        ("/0/t", 1, 1),
        ("/1/t", 2, 3),
    ]
    assert parsed.problems == ("1 line(s) are not valid JSON and were skipped: 4",)
    broken = _parse("r.json", '{\n  "a": 1,\n  "b": ]\n}')
    assert broken.json_leaves == [] and "line 3" in broken.problems[0]


def test_each_document_is_parsed_once() -> None:
    document = make_document("README.md", README)
    assert parse_document(document) is parse_document(make_document("README.md", README))
    assert document_kind("x/Y.MD") is DocumentKind.MARKDOWN
    assert document_kind("x.png") is DocumentKind.OTHER
    assert _parse("x.png", "| a |\n|---|\n| 1 |\n").blocks == ()


@pytest.mark.parametrize("path", ["r.md", "r.txt"])
def test_single_line_prose_with_a_pipe_is_not_a_table_without_a_number(path: str) -> None:
    assert _parse(path, "```\nthis | that\n```\n").tables == []


def test_the_markdown_parsers_build_their_rules_before_any_thread_parses() -> None:
    """A batch worker drafting two repositories at once failed one with "none of the block
    rules matched" (session 34's fresh-clone run): markdown-it builds its rule chains on
    first use and publishes the table before filling it. Importing the document model
    builds them, in a fresh interpreter, before any document is parsed."""
    import subprocess
    import sys

    check = (
        "import draftflow.extract.document.markdown as m\n"
        "rulers = [r for p in (m._PARSER, m._BLOCKS) for r in "
        "(p.core.ruler, p.block.ruler, p.inline.ruler, p.inline.ruler2)]\n"
        "assert all(r.__dict__['__cache__'] is not None for r in rulers)\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
