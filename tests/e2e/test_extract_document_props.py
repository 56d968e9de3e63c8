"""Property tests of the document model over generated tables, and the whole corpus read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CORPUS
from documents import make_document
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import split_lines
from draftflow.extract.document import Table, TableKind, parse_document
from draftflow.extract.document.elements import is_non_value

_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)
_NUMBER = st.floats(min_value=0, max_value=1e5, allow_nan=False).map(lambda v: f"{v:.2f}")
_PROSE = st.lists(
    st.text(alphabet="abcdefgh .,", min_size=0, max_size=30).map(str.strip), max_size=4
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], list[list[str]]]:
    """A header of words and body rows of a word then numbers."""
    width = draw(st.integers(min_value=2, max_value=5))
    # a header word that is itself a no-value mark (`timeout`, `na`, `oom`) makes a text
    # table without a rule line ambiguous: its first row then reads as values, by design
    header_word = _WORD.filter(lambda word: not is_non_value(word))
    header = draw(st.lists(header_word, min_size=width, max_size=width, unique=True))
    rows = draw(
        st.lists(
            st.tuples(_WORD, st.lists(_NUMBER, min_size=width - 1, max_size=width - 1)).map(
                lambda row: [row[0], *row[1]]
            ),
            min_size=1,
            max_size=6,
        )
    )
    return header, rows


def _render(shape: str, header: list[str], rows: list[list[str]]) -> list[str]:
    if shape == "markdown":
        return [
            "| " + " | ".join(header) + " |",
            "|" + "---|" * len(header),
            *("| " + " | ".join(row) + " |" for row in rows),
        ]
    if shape == "fenced-pipe":
        return ["```", *_render("markdown", header, rows), "```"]
    if shape == "fenced-aligned":
        return [
            "```text",
            *("   ".join(cell.ljust(10) for cell in r) for r in [header, *rows]),
            "```",
        ]
    cells = "".join(f"<th>{cell}</th>" for cell in header)
    body = ["<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows]
    return ["<table>", f"<tr>{cells}</tr>", *body, "</table>"]


KINDS = {
    "markdown": TableKind.MARKDOWN,
    "fenced-pipe": TableKind.PIPE,
    "fenced-aligned": TableKind.ALIGNED,
    "html": TableKind.HTML,
}


@settings(max_examples=150, deadline=None)
@given(
    table=tables(),
    shape=st.sampled_from(sorted(KINDS)),
    before=_PROSE,
    crlf=st.booleans(),
    bom=st.booleans(),
)
def test_every_cell_is_read_on_its_own_line(
    table: tuple[list[str], list[list[str]]],
    shape: str,
    before: list[str],
    crlf: bool,
    bom: bool,
) -> None:
    header, rows = table
    lines = ["# Results", "", *[line for line in before if line], "", *_render(shape, header, rows)]
    text = ("\r\n" if crlf else "\n").join([*lines, ""])
    document = make_document("report.md", ("\ufeff" if bom else "") + text)
    assert split_lines(document.text) == lines
    (found,) = parse_document(document).tables
    assert found.kind is KINDS[shape]
    assert [cell.text for cell in found.header_rows[0]] == header
    assert [[cell.text for cell in row] for row in found.body_rows] == rows
    for row in found.body_rows:
        for cell in row:
            assert cell.text in lines[cell.line - 1]
    assert found.heading_path == ("Results",)


@settings(max_examples=60, deadline=None)
@given(table=tables(), units=st.lists(_WORD, min_size=5, max_size=5))
def test_two_header_rows_above_a_rule_are_both_headers(
    table: tuple[list[str], list[list[str]]], units: list[str]
) -> None:
    header, rows = table
    second = units[: len(header)]
    lines = ["```", "| " + " | ".join(header) + " |", "| " + " | ".join(second) + " |"]
    lines += ["|" + "---|" * len(header), *("| " + " | ".join(r) + " |" for r in rows), "```"]
    (found,) = parse_document(make_document("r.md", "\n".join(lines))).tables
    assert [[c.text for c in r] for r in found.header_rows] == [header, second]
    assert [found.column_header(i) for i in range(len(header))] == [
        h if h == u else f"{h} › {u}" for h, u in zip(header, second, strict=True)
    ]
    assert found.body_rows[0][0].line == 5


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
        ),
        max_leaves=12,
    ),
    st.booleans(),
)
def test_json_leaves_match_the_values_they_point_at(value: object, indent: bool) -> None:
    text = json.dumps({"root": value}, indent=2 if indent else None)
    for leaf in parse_document(make_document("r.json", text)).json_leaves:
        target: object = {"root": value}
        for part in leaf.pointer.split("/")[1:]:
            key = part.replace("~1", "/").replace("~0", "~")
            target = target[int(key)] if isinstance(target, list) else target[key]  # type: ignore[index]
        assert target == leaf.value
        assert 1 <= leaf.line <= text.count("\n") + 1


def _corpus_repositories() -> list[dict[str, str]]:
    manifest = CORPUS / "MANIFEST.json"
    return json.loads(manifest.read_text()) if manifest.is_file() else []


@pytest.mark.parametrize(
    "entry", _corpus_repositories(), ids=lambda entry: entry["repository"].split("/")[0]
)
def test_every_corpus_document_parses_with_cells_on_their_lines(entry: dict[str, str]) -> None:
    folder: Path = CORPUS / entry["repository"].replace("/", "__")
    snapshot = acquire(str(folder), origin=entry["url"], revision=entry["revision"], offline=True)
    for document in snapshot.documents:
        parsed = parse_document(document)
        assert not parsed.problems, (document.path, parsed.problems)
        line_digits: dict[int, str] = {}
        for table in parsed.tables:
            _check_table(table, document.line_list, document.path, line_digits)


def _check_table(table: Table, lines: list[str], path: str, line_digits: dict[int, str]) -> None:
    """`line_digits` keeps each line's digits once worked out: a wide table's line holds
    thousands of cells (Kleybrink's: 216 M characters read again per cell, ~7 CPU s)."""
    assert 1 <= table.span.first <= table.span.last <= max(len(lines), 1), path
    for row in (*table.header_rows, *table.body_rows):
        for cell in row:
            assert table.span.first <= cell.line <= table.span.last, (path, cell)
            digits = "".join(ch for ch in cell.text.split("\n")[0] if ch.isdigit())[:4]
            if table.kind is not TableKind.HTML:
                if cell.line not in line_digits:
                    line = lines[cell.line - 1]
                    line_digits[cell.line] = "".join(ch for ch in line if ch.isdigit())
                assert digits in line_digits[cell.line], (path, cell)
