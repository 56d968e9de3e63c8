"""Labels written from what names a figure, not by joining fragments of a heading or a
sentence (read33-s21: epappas's "and how to tell that from two cabled ports, bandwidth" and
"move at all, bandwidth", luongnv89's "column 2 (value 3 of 5)")."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.extract.label_words import own_clause
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

ANCHORED = (
    '## <a name="one-cable"></a>One cable, two PCIe partitions — and how to tell that from '
    "two cabled ports"
)
DECISIONS = f"""# Decisions

## <a name="roce"></a>The fabric is RoCE

Measured on the first link it read 19.9 GB/s busbw in the first run.

{ANCHORED}

Measured two-node NCCL all-reduce is 21.6 GB/s busbw at the cable.

## Jumbo frames

**Per-partition `ib_write_bw` did not move at all** — 13334.7 → 13334.6 MB/s.
"""


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_a_heading_clause_is_no_anchor_tag_and_no_continuation() -> None:
    heading = (
        '<a name="one-cable"></a>One cable, two PCIe partitions — and how to tell that from '
        "two cabled ports"
    )
    assert own_clause(heading, [heading, "The fabric is RoCE"], 48) == (
        "One cable, two PCIe partitions"
    )
    labels = {r.value: r.label for r in _results({"docs/decisions.md": DECISIONS})}
    assert "and how to tell" not in labels.get(21.6, ""), labels


def test_a_key_value_table_without_a_header_names_the_figure_by_its_key() -> None:
    table = "# Lab\n\n| | |\n|---|---|\n| Throughput | 122 tok/s aggregate |\n"
    labels = [r.label for r in _results({"README.md": table}) if r.value == 122]
    assert labels and all("column" not in label and "Throughput" in label for label in labels)


def test_words_naming_the_figures_subject_stay_in_its_label() -> None:
    """er0080: "27B FP8 at TP=2 ready in ~72s; opt-125m in ~25s" tells its two load times
    apart by what was loaded."""
    text = (
        "# Checks\n\n| Item | Result |\n| --- | --- |\n"
        "| Model load time | ✅ 27B FP8 at TP=2 ready in ~72s; opt-125m in ~25s |\n"
    )
    labels = {r.value: r.label for r in _results({"docs/checks.md": text})}
    assert "opt-125m in" in labels.get(25.0, ""), labels
