"""Aligned text tables a tool or an author prints in a code block or a log: a row with a note
after its last column, a row one space too tight for its columns, and the block's heading
and caption beside each cell as a Markdown table's."""

from __future__ import annotations

from draftflow.extract.document.elements import TableKind
from draftflow.extract.document.text_tables import text_tables
from draftflow.extract.harvest.run import harvest
from extract_support import snapshot_of

THROTTLED = """Model                     tok/s  TTFT(ms)  mem(GB)  power(W)  °C
Qwen3-0.6B                 77     73        1.7      27       62
Qwen3-8B                   10    362       16.4      31       52  ← throttled later
Qwen3-14B                 2.4   1181       29.6      36       72  ← throttled
Qwen3-32B                 2.3   1318       65.6      34       64
"""


def test_a_note_after_a_rows_last_column_leaves_the_row_in_its_table() -> None:
    tables = [t for t in text_tables(THROTTLED.splitlines()) if t.kind is TableKind.ALIGNED]
    assert len(tables) == 1
    table = tables[0]
    assert [row[0].text for row in table.body_rows] == [
        "Qwen3-0.6B",
        "Qwen3-8B",
        "Qwen3-14B",
        "Qwen3-32B",
    ]
    assert [c.text for c in table.body_rows[1]] == ["Qwen3-8B", "10", "362", "16.4", "31", "52"]


def test_a_number_past_the_last_column_ends_the_table() -> None:
    lines = ["name    tok/s  ms", "a       10     20", "b       11     21     99"]
    tables = [t for t in text_tables(lines) if t.kind is TableKind.ALIGNED]
    assert [len(t.body_rows) for t in tables] == [1]


TRAINING = """Experiment   Method         MFU     Memory    Time     Loss
T1           Full FT BF16  17.2%   52.3 GB  147 min  1.019
T3           LoRA r=16     44.3%   22.0 GB  152 min  1.017
T6           32B LoRA r=32 44.1%   74.0 GB  195 min  0.990
T24(R1-8B)   LoRA r=16     41%     21.5 GB  162 min  1.313
"""


def test_a_row_one_space_too_tight_is_split_where_its_header_columns_start() -> None:
    tables = [t for t in text_tables(TRAINING.splitlines()) if t.kind is TableKind.ALIGNED]
    assert len(tables) == 1
    rows = {row[0].text: [c.text for c in row] for row in tables[0].body_rows}
    assert rows["T6"] == ["T6", "32B LoRA r=32", "44.1%", "74.0 GB", "195 min", "0.990"]
    assert rows["T24(R1-8B)"][2] == "41%"


def test_a_cell_is_not_split_where_the_rows_words_run_past_a_header_start() -> None:
    lines = ["name   Time     Loss", "a      195 min  0.990", "b      20 min   1.5"]
    (table,) = [t for t in text_tables(lines) if t.kind is TableKind.ALIGNED]
    assert [c.text for c in table.body_rows[0]] == ["a", "195 min", "0.990"]


README = """# GB10 report

## Raw Numbers Reference Card

### GB10 HF Inference (batch=1, BF16, measured)

```
Model                     tok/s  TTFT(ms)
Qwen3-0.6B                 77     73
Qwen3-8B                   10    362  ← throttled later
```
"""


def test_an_aligned_cell_carries_its_blocks_heading_path_as_a_markdown_cell_does() -> None:
    snapshot = snapshot_of({"README.md": README})
    cells = {(c.line, c.key): c for c in harvest(snapshot) if c.table >= 30_000}
    cell = cells[(9, "tok/s")]
    assert cell.heading == "GB10 HF Inference (batch=1, BF16, measured)"
    assert cell.headings[-2:] == (
        "Raw Numbers Reference Card",
        "GB10 HF Inference (batch=1, BF16, measured)",
    )
    assert cell.row_header == "Qwen3-0.6B"
    assert (10, "TTFT(ms)") in cells
