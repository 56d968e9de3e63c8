"""A table whose column headers are bare numbers and whose corner cell names what they count
(`| concurrent requests | 1 | 4 | 8 |`): each column's figures ran at its header's value, read
by extract and re-read by verify's place reading at the row's line."""

from __future__ import annotations

import pytest

from documents import make_document
from draftflow.extract.classify import select
from draftflow.extract.conditions.columns import corner_settings
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.place_reading import counts_at
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of

SWEEP = """# Three runtimes on one card

## Throughput vs concurrency

![throughput vs concurrency](fig/t.png)

| concurrent requests | 1 | 4 | 8 |
|---|---|---|---|
| **llama.cpp** | **69.6** | **102.7** | **117.3** |
| **vLLM** | 13.0 | 21.7 | 38.7 |

*output tokens/s, median of 3 runs*
"""


@pytest.mark.parametrize(
    ("corner", "header", "settings"),
    [
        ("concurrent requests", "4", (("concurrency", 4),)),
        ("**Concurrency**", "16", (("concurrency", 16),)),
        ("model", "4", ()),
        ("concurrent requests", "scaling 1→32", ()),
        ("", "8", ()),
    ],
)
def test_a_bare_number_header_counts_what_its_corner_names(corner, header, settings) -> None:
    assert corner_settings(corner, header) == settings


def test_each_column_of_a_sweep_ran_at_its_header_s_concurrency() -> None:
    snapshot = snapshot_of({"README.md": SWEEP})
    candidates = harvest(snapshot)
    found = extract_deterministic(
        snapshot, candidates, with_unspecified(candidates, select(candidates))
    )
    by_value = {r.value: r for r in found.reported_results}
    assert by_value[102.7].conditions["concurrency"] == 4
    assert by_value[38.7].conditions["concurrency"] == 8
    assert by_value[69.6].conditions["concurrency"] == 1
    assert "!throughput" not in by_value[102.7].label


def test_a_row_s_name_under_a_counting_corner_is_read_as_what_it_names() -> None:
    """The corner `concurrent requests` heads the column of runtimes: `llama.cpp` under it
    is the row's engine, not a concurrency that fails to be a number."""
    snapshot = snapshot_of({"README.md": SWEEP})
    candidates = harvest(snapshot)
    found = extract_deterministic(
        snapshot, candidates, with_unspecified(candidates, select(candidates))
    )
    by_value = {r.value: r for r in found.reported_results}
    assert by_value[102.7].conditions["engine"] == "llama.cpp"
    assert by_value[21.7].conditions["engine"] == "vLLM"


def test_the_row_states_the_sweep_s_counts_to_verify() -> None:
    context = DocumentContext(make_document("README.md", SWEEP))
    assert counts_at(context, 9, "concurrency") == {1, 4, 8}
    assert counts_at(context, 3, "concurrency") == frozenset()
