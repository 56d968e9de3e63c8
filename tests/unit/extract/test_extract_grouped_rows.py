"""A Markdown row whose first cell is blank under a grouped row (a model's row, then rows
for its other settings with the first cell left empty: FastFlowLM's decode table,
mlc-ai/llm-perf-bench) takes the group's row header, as an HTML `rowspan` cell would give it
(`extract/harvest/markdown_tables.py`, `TableRows`); a group cell that is itself a number
is not a row's name and is not filled down."""

from __future__ import annotations

from documents import make_document
from draftflow.extract.harvest.markdown_tables import harvest_markdown

GROUPED = """# Decoding speed

| **Model** | **Hardware** | **1k** | **2k** |
|---|---|---|---|
| **LLaMA 3.2 1B** | NPU | 36.7 | 35.8 |
|  | iGPU | 28.7 | 19.0 |
|  | CPU | 54.6 | 52.6 |
| **LLaMA 3.2 3B** | NPU | 16.1 | 15.4 |
|  | iGPU | 23.2 | 18.8 |
"""


def _row_headers(text: str) -> dict[tuple[int, str], str | None]:
    document = make_document("docs/results.md", text)
    return {
        (candidate.line, candidate.text): candidate.row_header
        for candidate in harvest_markdown(document)
    }


def test_a_blank_first_cell_takes_its_group_s_row_header() -> None:
    headers = _row_headers(GROUPED)
    assert headers[(5, "36.7")] == "LLaMA 3.2 1B"
    assert headers[(6, "28.7")] == "LLaMA 3.2 1B"
    assert headers[(7, "52.6")] == "LLaMA 3.2 1B"
    assert headers[(9, "23.2")] == "LLaMA 3.2 3B"


def test_a_number_in_the_first_column_is_not_a_group() -> None:
    text = "| batch tok/s | decode tok/s |\n|---|---|\n| 41.2 | 12.5 |\n|  | 13.1 |\n"
    headers = _row_headers(text)
    assert headers[(3, "12.5")] == "41.2"
    assert headers[(4, "13.1")] is None


def test_a_table_with_no_group_above_keeps_no_row_header() -> None:
    text = "| model | tok/s |\n|---|---|\n|  | 12.5 |\n| llama | 13.1 |\n"
    headers = _row_headers(text)
    assert headers[(3, "12.5")] is None
    assert headers[(4, "13.1")] == "llama"
