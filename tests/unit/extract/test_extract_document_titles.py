"""The document model's reading of what names a table (`Table.title`) and of the `key: value`
statements of a document's prose (`ParsedDocument.pairs`), and the conditions reader that
takes both from it."""

from __future__ import annotations

from typing import Any

import pytest

from documents import make_document
from draftflow.extract import document as document_module
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.document import KeyValue, ParsedDocument, Table, parse_document

TITLED_BEHIND_IMAGES = """# Bench

## Measurements

An earlier paragraph about another table.

**Raspberry Pi 4B 8 GB**

<p align="center">
  <img src="pi.jpg" alt="8 x Raspberry Pi 4B devices" />
</p>

<sub><sup>Weights = Q40, Buffer = Q80, tested on 0.1.0 version</sup></sub>

| Model | 1 x RasPi 4B 8 GB |
|---|---|
| Llama 2 7B | **1312.50 ms** |
"""

TITLE_ABOVE_SETUP = """# Results

**Setup:** `org/Model-30B-NVFP4`, batch 1, `image:nightly`.

**Throughput (batch_size=1):**

| Backend | tok/s |
|---|---|
| marlin | 70.01 |
"""

TWO_PARAGRAPHS = """# Results

The runs used a machine we no longer own.

Each row is the median of three runs.

| Model | tok/s |
|---|---|
| A | 1.5 |
"""

PROSE_PAIRS = """# Setup

- Engine: vLLM 0.19
- <sub>Weights = Q40, Buffer = Q80</sub>

```
threads: 8
```

| Key | Value |
|---|---|
| batch: 4 | 1 |

> Note: quoted
"""


def _parse(text: str, path: str = "README.md") -> ParsedDocument:
    return parse_document(make_document(path, text))


def _table(text: str) -> Table:
    return _parse(text).tables[0]


def test_a_bold_title_above_the_paragraph_over_a_table_names_it_past_images() -> None:
    table = _table(TITLED_BEHIND_IMAGES)
    assert table.title == (
        "**Raspberry Pi 4B 8 GB** "
        "<sub><sup>Weights = Q40, Buffer = Q80, tested on 0.1.0 version</sup></sub>"
    )
    # the broader caption (the harvest's) also reaches past the images now
    assert table.caption is not None and "Raspberry Pi 4B 8 GB" in table.caption


@pytest.mark.parametrize(
    "images",
    ["![throughput vs concurrency](fig/t.png)", "[![chart](a.svg)](https://x.io) ![b](b.png)"],
)
def test_a_markdown_image_is_passed_over_like_an_html_one(images: str) -> None:
    """A chart's alt text is no table's title (`!throughput vs concurrency` entered labels)."""
    bare = f"# R\n\n## Throughput\n\n{images}\n\n| c | 1 |\n|---|---|\n| x | 2 |\n"
    assert _table(bare).title is None
    titled = bare.replace(images, f"Decode of three engines:\n\n{images}")
    assert _table(titled).title == "Decode of three engines:"


def test_a_bold_title_directly_above_a_table_takes_the_paragraph_above_it() -> None:
    table = _table(TITLE_ABOVE_SETUP)
    assert table.title is not None
    assert table.title.startswith("**Setup:**")
    assert table.title.endswith("**Throughput (batch_size=1):**")


def test_only_the_paragraph_directly_above_names_a_table() -> None:
    assert _table(TWO_PARAGRAPHS).title == "Each row is the median of three runs."


def test_a_table_after_a_code_block_has_no_title() -> None:
    text = "# R\n\nRun this:\n\n```\nrun --fast\n```\n\n| a | b |\n|---|---|\n| x | 1 |\n"
    assert _table(text).title is None


def test_prose_pairs_are_read_from_prose_lines_only() -> None:
    pairs = _parse(PROSE_PAIRS).pairs
    assert pairs == (
        KeyValue("Engine", "vLLM 0.19", 3),
        KeyValue("Weights", "Q40", 4),
        KeyValue("Buffer", "Q80", 4),
    )  # not code, not a table row, not a quoted line (`> Note: ...`)


def test_a_text_document_states_pairs_on_any_line() -> None:
    pairs = _parse("model: llama-8b\nrun 1 ok\nthreads = 8\n", "run.log").pairs
    assert [(p.key, p.value, p.line) for p in pairs] == [
        ("model", "llama-8b", 1),
        ("threads", "8", 3),
    ]


def test_a_data_files_pairs_are_read_when_first_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A JSON or CSV file is parsed for its tree or table; its lines are read for pairs only
    when a finder asks (verify re-reads its leaves and never asks), then once."""
    read: list[int] = []
    real = document_module.text_pairs

    def counting(lines: Any) -> Any:
        read.append(len(lines))
        return real(lines)

    monkeypatch.setattr(document_module, "text_pairs", counting)
    text = '{"engine": "vLLM",\n  "note": "threads = 8"}\n'
    parsed = _parse(text, "pairs-asked.json")
    assert parsed.json_roots and read == []
    assert parsed.pairs == real(text.splitlines()) and parsed.pairs
    assert parsed.pairs is parsed.pairs and read == [2]


def test_conditions_read_a_tables_caption_from_its_title() -> None:
    context = DocumentContext(make_document("README.md", TITLED_BEHIND_IMAGES))
    caption = context.caption(17)
    assert caption.startswith("Raspberry Pi 4B 8 GB")
    assert "8 x Raspberry Pi 4B devices" not in caption  # an image's text is no caption


def test_conditions_drop_artifact_references_from_a_caption() -> None:
    context = DocumentContext(make_document("README.md", TITLE_ABOVE_SETUP))
    caption = context.caption(9)
    assert "org/Model-30B-NVFP4" in caption
    assert "image:nightly" not in caption


def test_conditions_key_values_come_from_the_document_model() -> None:
    context = DocumentContext(make_document("README.md", PROSE_PAIRS))
    assert context.pairs_in(1, 16) == [
        ("Engine", "vLLM 0.19"),
        ("Weights", "Q40"),
        ("Buffer", "Q80"),
    ]
    # the closest line first, a line's pairs in their order
    assert context.key_values(14) == [
        ("Weights", "Q40"),
        ("Buffer", "Q80"),
        ("Engine", "vLLM 0.19"),
    ]
