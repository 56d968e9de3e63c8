"""The compact table rule reads the tables markdown-it-py's own rule reads: the same lines,
the same rows and the same cell texts, with one token for a table's rows."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from draftflow.extract.document.markdown import _BLOCKS
from draftflow.extract.document.table_rule import ROWS

_LIBRARY = MarkdownIt("commonmark").enable(["table", "strikethrough"]).disable(["inline"])


def _library_tables(source: str) -> list[tuple[list[int], list[tuple[int, bool, list[str]]]]]:
    tables = []
    in_head = in_table = False
    for token in _LIBRARY.parse(source, {}):
        if token.type in ("table_open", "table_close"):
            in_table = token.type == "table_open"
        if token.type == "table_open":
            assert token.map is not None
            tables.append((list(token.map), []))
        elif token.type in ("thead_open", "thead_close"):
            in_head = token.type == "thead_open"
        elif token.type == "tr_open":
            assert token.map is not None
            tables[-1][1].append((token.map[0], in_head, []))
        elif token.type == "inline" and in_table:
            tables[-1][1][-1][2].append(token.content)
    return tables


def _compact_tables(source: str) -> list[tuple[list[int], list[tuple[int, bool, list[str]]]]]:
    tokens = _BLOCKS.parse(source, {})
    tables = []
    for index, token in enumerate(tokens):
        if token.type == "table_open":
            assert token.map is not None and tokens[index + 1].type == ROWS
            tables.append((list(token.map), tokens[index + 1].meta["rows"]))
    return tables


CASES = [
    "| a | b |\n| --- | ---: |\n| 1 | 2 |\n| 3 |\n| 4 | 5 | 6 |\n",
    "a | b\n-|-\n1 | 2\n\ntext after\n",
    "| a \\| x | b |\n|:-:|:--|\n| 1 \\| 2 | `c|d` |\n> quote ends it\n| 9 | 9 |\n",
    "- list\n| a | b |\n| - | - |\n| 1 | 2 |\n",
    "    | code | block |\n    | --- | --- |\n",
    "| a | b |\n| --- |\n| 1 | 2 |\n",
    "| a |\n| --- |\n|  |\n| x\u2003|\n# heading ends it\n",
    "para\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
    # each rule that ends a table, after rows the rule is not asked about (they open with |)
    *(
        f"| a | b |\n| --- | --- |\n| 1 | 2 |\n  | 3 | 4 |\n{end}\n| 5 | 6 |\n"
        for end in (
            "```",
            "~~~",
            "> q",
            "***",
            "___",
            "- item",
            "+ item",
            "* item",
            "1. item",
            "2) item",
            "<div>",
            "## h",
            "",
            "    | code |",
            "x | y",
            "9 | 9",
        )
    ),
]


def test_the_compact_rule_reads_the_library_rule_tables() -> None:
    for source in CASES:
        assert _compact_tables(source) == _library_tables(source), source


LINE_PIECES = ["| ", " |", "|", "a", "1.5", "\\|", "---", ":--", "--:", " ", "-", ">", "#", "`"]
LINE_PIECES += ["~~~", "*", "_", "+", "1.", "2)", "<div>", "    "]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(LINE_PIECES), max_size=8).map("".join), max_size=8))
def test_the_compact_rule_reads_any_lines_as_the_library_rule(lines: list[str]) -> None:
    source = "\n".join(lines)
    assert _compact_tables(source) == _library_tables(source)
