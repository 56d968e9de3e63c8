"""What changes between the arms: a setting some figures leave unstated is named only where
it could name an arm, read from rows that could have stated it (read33-s26b, Sergey-Kit)."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_result
from draftflow.draft.templates import draft_deterministic
from draftflow.select.metadata_model import RecordMetadata
from extract_support import selection_of, snapshot_of

README = """# One model, three runtimes

llama.cpp is **5.4x faster** than vLLM at one request at a time.

| concurrent requests | 1 | 4 | scaling 1→32 |
|---|---|---|---|
| llama.cpp | 69.6 | 102.7 | ×1.80 |

| | llama.cpp | Ollama |
|---|---|---|
| TTFT p50 | 183 ms | 541 ms |
"""


def _arms_text(rows: list[tuple[int, float, dict[str, JsonValue]]]) -> str | None:
    snapshot = snapshot_of({"README.md": README})
    document = snapshot.documents[0]
    results = [make_result(document, line, value, conditions=c) for line, value, c in rows]
    meta = RecordMetadata(model_label="Qwen3-0.6B", runtimes=["llama.cpp", "Ollama"])
    draft = draft_deterministic(snapshot, selection_of(results), meta)
    found = [s for s in draft.sections if s.heading.startswith("What changes between")]
    return " ".join(found[0].paragraphs) if found else None


def test_a_prose_figure_and_another_tables_rows_leave_no_column_unstated() -> None:
    """Sergey-Kit: "Some figures state their weight precision, concurrency, scaling 1→32,
    concurrency as written and other conditions and others do not, so the engine is not shown
    to be the only difference": a prose ratio states no table's column, a TTFT row no
    throughput table's `scaling 1→32`, and a concurrency is a point of the sweep."""
    sweep: dict[str, JsonValue] = {
        "engine": "llama.cpp",
        "concurrency": 1,
        "source_cells": {"concurrent requests": "llama.cpp", "4": 102.7, "scaling 1→32": "×1.80"},
    }
    ratio: dict[str, JsonValue] = {
        "engine": "llama.cpp",
        "source_cells": {"concurrency_as_written": "llama.cpp ÷ vLLM"},
    }
    ttft: dict[str, JsonValue] = {"engine": "Ollama", "source_cells": {"llama.cpp": "183 ms"}}
    text = _arms_text([(3, 5.4, {"engine": "llama.cpp"}), (7, 69.6, sweep), (11, 541, ttft)])
    assert text is None or "not shown to be the only difference" not in text
    text = _arms_text([(7, 69.6, sweep), (3, 5.4, ratio), (11, 541, ttft)])
    assert text is None or "as written" not in text


def test_a_column_another_row_of_its_table_leaves_blank_is_still_unstated() -> None:
    """The rule keeps what it was for: two rows of one table, one with a `backend` cell."""
    with_cell: dict[str, JsonValue] = {
        "engine": "llama.cpp",
        "source_cells": {"concurrent requests": "llama.cpp", "backend": "vulkan"},
    }
    without: dict[str, JsonValue] = {
        "engine": "Ollama",
        "source_cells": {"concurrent requests": "Ollama"},
    }
    text = _arms_text([(7, 69.6, with_cell), (7, 102.7, without)])
    assert text is not None and "Some figures state their backend and others do not" in text


OLLAMA = "# Ollama\n\n| | TTFT p50 |\n|---|---|\n| unset | 570 ms |\n"


def test_numbered_columns_and_another_documents_rows_leave_nothing_unstated() -> None:
    """Sergey-Kit as drafted: the ratio row's `1`, `4` columns are the sweep's points, and
    each throughput row's own column is no cell of it."""
    snapshot = snapshot_of({"README.md": README, "runtimes/ollama.md": OLLAMA})
    readme, ollama = snapshot.documents[0], snapshot.documents[1]
    one: dict[str, JsonValue] = {
        "engine": "llama.cpp",
        "weight_precision": "FP16",
        "source_cells": {"concurrent requests": "llama.cpp", "4": 102.7, "scaling 1→32": "×1.80"},
    }
    four: dict[str, JsonValue] = {
        "engine": "llama.cpp",
        "weight_precision": "FP16",
        "source_cells": {"concurrent requests": "llama.cpp", "1": 69.6, "scaling 1→32": "×1.80"},
    }
    ratio: dict[str, JsonValue] = {
        "engine": "llama.cpp",
        "weight_precision": "FP16",
        "source_cells": {"concurrency_as_written": "llama.cpp ÷ vLLM", "1": "5.35×"},
    }
    unset: dict[str, JsonValue] = {
        "engine": "Ollama",
        "weight_precision": "FP16",
        "source_cells": {"column 1": "unset"},
    }
    results = [
        make_result(readme, 7, 69.6, conditions=one),
        make_result(readme, 7, 102.7, conditions=four),
        make_result(readme, 3, 1.07, conditions=ratio),
        make_result(ollama, 5, 570, conditions=unset),
    ]
    meta = RecordMetadata(model_label="Qwen3-0.6B", runtimes=["llama.cpp", "Ollama"])
    draft = draft_deterministic(snapshot, selection_of(results), meta)
    found = [s for s in draft.sections if s.heading.startswith("What changes between")]
    text = " ".join(found[0].paragraphs) if found else ""
    assert "not shown to be the only difference" not in text
