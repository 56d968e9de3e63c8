"""Tables, headings and fences are read by the document model alone: the one-line readers
(`extract/document/lines.py`) and the readers in select, verify and draft that use it or the
parsed document instead of splitting on `|` or testing for `#` themselves."""

from __future__ import annotations

import pytest

from draftflow.extract.document import atx_heading, is_table_row, pipe_cell_at, split_pipes
from draftflow.select.model_names import stated_models
from draftflow.select.setup_fields import read_license
from extract_support import snapshot_of


@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("# Results", "Results"),
        ("## Results ##", "Results"),
        ("   ### Decode   speed", "Decode speed"),
        ("#", ""),
        ("#hashtag", None),
        ("#!/bin/sh", None),
        ("####### seven", None),
        ("    # indented code", None),
        ("a # b", None),
    ],
)
def test_an_atx_heading_line_and_its_text(line: str, text: str | None) -> None:
    assert atx_heading(line) == text


def test_a_table_row_and_its_cells() -> None:
    assert is_table_row("| a | b |") and is_table_row("a | b | c")
    assert not is_table_row("a | b") and not is_table_row("no pipes")
    assert split_pipes("| `a|b` | 12 |") == ["`a|b`", "12"]


@pytest.mark.parametrize(
    ("line", "offset", "cell"),
    [
        ("| a | 12 | 3 |", 6, 1),
        ("| a | 12 | 3 |", 11, 2),
        ("a | 12 | 3", 4, 1),
        ("| `a|b` | 12 |", 10, 1),  # a pipe in a code span separates no cells
        ("| a\\|b | 12 |", 9, 1),  # nor an escaped one
    ],
)
def test_the_cell_an_offset_falls_in_is_counted_as_the_cells_are_split(
    line: str, offset: int, cell: int
) -> None:
    assert pipe_cell_at(line, offset) == cell
    assert split_pipes(line)[cell].strip() == split_pipes(line)[cell]


def test_a_commented_license_line_in_a_code_block_is_no_license_heading() -> None:
    readme = "# Tool\n\n```sh\n# License check\necho MIT\n```\n\n## License\n\nApache-2.0.\n"
    snapshot = snapshot_of({"README.md": readme})
    stated = read_license(snapshot, snapshot.documents[0])
    assert stated.value == "Apache-2.0"
    assert stated.evidence.endswith("#L10")


def test_a_model_column_is_read_from_the_parsed_tables() -> None:
    # a GFM table without outer pipes is a table too; a table in a code block is not
    readme = (
        "# Bench\n\nModel | Decode (tok/s)\n--- | ---\nQwen3-30B-A3B | 41.2\n\n"
        "```\n| Model | t/s |\n|---|---|\n| Llama-3.1-8B | 40 |\n```\n"
    )
    found = stated_models(snapshot_of({"README.md": readme}).documents[0])
    assert [(model.name, model.line) for model in found] == [("Qwen3-30B-A3B", 5)]
