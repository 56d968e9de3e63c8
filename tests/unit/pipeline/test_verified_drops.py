"""What a round of verification drops reaches the record's provenance: a removed figure's
sentences and a withdrawn title are named with their reason (issue 33: 0xDaizz's title and
its fallbacks went with no entry in `dropped`)."""

from __future__ import annotations

import asyncio

from draftflow.draft import draft
from draftflow.extract import extract
from draftflow.pipeline.verified import DropLog, _drop_unsupported
from draftflow.select import select
from draftflow.verify.report import Rule, Severity, make_flag
from extract_support import snapshot_of

README = """# Decode on the bench box

| Model | Decode tok/s |
|---|---|
| Qwen3-8B | 41.5 |
"""


def test_a_title_withdrawn_with_its_removed_figure_is_named_in_dropped() -> None:
    snapshot = snapshot_of({"README.md": README})
    extraction = asyncio.run(extract(snapshot, None))
    selection = asyncio.run(select(snapshot, extraction, None, figures_file="f.figures.json"))
    drafted = asyncio.run(draft(snapshot, selection, None))
    assert "41.5" in drafted.title
    flag = make_flag(
        Severity.ERROR, Rule.REPORTED_RESULTS, "/editorial/reported_results/0", "41.5", "test"
    )
    log = DropLog()
    _, edited = _drop_unsupported(log, snapshot, selection, drafted, [flag])
    assert "41.5" not in edited.title
    title_notes = [entry for entry in log.dropped if entry.startswith("draft: /title")]
    assert any("'41.5' states" in entry for entry in title_notes)
    assert any(
        entry.startswith(f"draft: /title: {drafted.title!r} is withdrawn")
        and repr(edited.title) in entry
        for entry in title_notes
    )
