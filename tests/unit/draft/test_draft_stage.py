"""The draft stage's entry (`draft.draft`): it writes about the selection it is given, its
headline figures of a named metric and its record-level metadata, and nothing else."""

from __future__ import annotations

import asyncio

from documents import make_result
from draftflow.draft import CREATION_DETERMINISTIC, draft
from draftflow.extract.classify import UNSPECIFIED
from draftflow.select.metadata_model import RecordMetadata
from extract_support import selection_of, snapshot_of

RUNS = """# Runs

| engine | decode tok/s | other |
|---|---|---|
| llama.cpp | 71.5 | 1 |
| vLLM | 52.2 | 2 |
"""


def test_a_figure_of_no_named_metric_is_not_written_about() -> None:
    snapshot = snapshot_of({"README.md": RUNS})
    document = snapshot.documents[0]
    named = make_result(document, 5, 71.5, conditions={"engine": "llama.cpp"})
    unnamed = make_result(document, 6, 52.2, conditions={"engine": "vLLM"}).model_copy(
        update={"metric": UNSPECIFIED}
    )
    written = asyncio.run(draft(snapshot, selection_of([named, unnamed]), None))
    text = written.model_dump_json()
    assert "71.5" in text
    assert "52.2" not in text  # the editor names its metric before anything is written
    assert written.creation_method == CREATION_DETERMINISTIC
    only_unnamed = asyncio.run(draft(snapshot, selection_of([unnamed]), None))
    # a figure was found and tied to its line: "no results found" would be false (s23)
    assert "no headline result" in only_unnamed.title.lower()
    assert "no reported" not in only_unnamed.model_dump_json().lower()


def test_the_templates_read_the_selection_s_metadata_and_dropped_claims() -> None:
    snapshot = snapshot_of({"README.md": RUNS + "\nAll runs on a Strix Halo.\n"})
    result = make_result(snapshot.documents[0], 5, 71.5, conditions={"engine": "llama.cpp"})
    selection = selection_of([result])
    plain = asyncio.run(draft(snapshot, selection, None))
    selection.metadata = RecordMetadata(runtimes=["llama.cpp"], system="Strix Halo")
    framed = asyncio.run(draft(snapshot, selection, None))
    assert "Strix Halo" not in plain.title
    assert "llama.cpp on Strix Halo" in framed.title  # the system the select stage read
    nothing = selection_of([], dropped_claims=2)
    missing = asyncio.run(draft(snapshot, nothing, None)).sections[-1]
    assert "could not be grounded" in " ".join(missing.paragraphs)
    none_dropped = asyncio.run(draft(snapshot, selection_of([]), None)).sections[-1]
    assert "could not be grounded" not in " ".join(none_dropped.paragraphs)
