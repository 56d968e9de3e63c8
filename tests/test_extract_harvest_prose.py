"""Prose figures: a number with a unit close after it, harvested for the model, not selected."""

from __future__ import annotations

from draftflow.extract.candidates import SourceFormat
from draftflow.extract.harvest import harvest
from draftflow.extract.harvest_prose import harvest_prose
from draftflow.extract.select import select
from test_extract_support import snapshot_of

PROSE = """# Results

Code-completion microbench: **6/6**, **~182 tok/s aggregate** (~30/stream).
128K × c=6 median TTFT was **282 s**.
We plan 3 runs next week.

```
decode 999 tok/s
```
"""


def test_prose_figures_need_a_unit_and_keep_their_clause() -> None:
    candidates = harvest_prose(snapshot_of({"R.md": PROSE}).documents[0])
    assert [(c.line, c.values, c.text, c.column) for c in candidates] == [
        (3, [182], "~182 tok/s", "tok/s aggregate"),
        (4, [282], "282 s", "128K × c=6 median TTFT was s"),
    ]
    assert all(c.format is SourceFormat.PROSE for c in candidates)


def test_prose_is_harvested_but_only_selected_for_the_model() -> None:
    candidates = harvest(snapshot_of({"R.md": PROSE}))
    assert select(candidates) == []
    assert [s.metric for s in select(candidates, include_prose=True)] == [
        "aggregate_throughput", "ttft",
    ]
