"""The lead ranker's pairwise features: a figure's standing among its own table's figures of
the same metric (the best, the first, its rank by value), and its table's place."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from documents import make_result
from draftflow.extract.document import parse_document
from draftflow.select import lead_tables
from draftflow.select.figures_file import make_figures
from draftflow.select.lead_features import lead_features
from draftflow.select.lead_tables import figure_blocks, table_features
from draftflow.select.lead_training import LeadTrainingSettings
from draftflow.select.scored import Scored
from extract_support import snapshot_of

README = (
    "# Decode rates\n\n"  # 1-2
    "## Big box\n\n"  # 3-4
    "| system | tok/s |\n|---|---|\n| a | 92.5 |\n| b | 83.3 |\n| c | 70.7 |\n\n"  # 5-10
    "## Small box\n\n"  # 11-12
    "| system | tok/s |\n|---|---|\n| d | 4.6 |\n| e | 41.3 |\n\n"  # 13-17
    "We saw 12.0 tok/s on the laptop.\n"  # 18
)
SNAPSHOT = snapshot_of({"README.md": README})
ROWS = {7: 92.5, 8: 83.3, 9: 70.7, 15: 4.6, 16: 41.3, 18: 12.0}


def _items() -> list[Scored]:
    document = SNAPSHOT.documents[0]
    results = [make_result(document, line, value) for line, value in ROWS.items()]
    return [Scored(f, score=5.0, path="README.md") for f in make_figures(results)]


def test_each_figure_belongs_to_the_table_or_section_that_holds_its_line() -> None:
    blocks = figure_blocks(_items(), SNAPSHOT)
    assert blocks == [("README.md", 5)] * 3 + [("README.md", 13)] * 2 + [("README.md", 11)]


def test_the_best_and_the_first_of_each_table_are_told_from_its_other_rows() -> None:
    found = dict(zip(ROWS, table_features(_items(), SNAPSHOT), strict=True))
    assert [found[line]["best_in_table"] for line in (7, 8, 9, 15, 16)] == [1, 0, 0, 0, 1]
    assert [found[line]["first_in_table"] for line in (7, 8, 9, 15, 16)] == [1, 0, 0, 1, 0]
    assert found[9]["value_rank_in_table_log"] == math.log1p(2)  # third fastest of three
    assert found[9]["last_in_table"] == 1.0 and found[7]["last_in_table"] == 0.0
    assert found[7]["table_order_log"] == 0.0 and found[15]["table_order_log"] == math.log1p(2)
    # a figure alone in its section has no rank to read: no value rank, no best
    assert "best_in_table" not in found[18] and found[18]["first_in_table"] == 1.0


def test_the_lead_features_hold_the_table_standing() -> None:
    features = lead_features(_items(), SNAPSHOT)
    assert features[0]["best_in_table"] == 1.0 and features[1]["best_in_table"] == 0.0


def test_the_model_counts_more_than_the_rules_points_since_it_reads_tables() -> None:
    # lead_loo over 53 gold repositories: blend 1.5 gives 129, 4.5 gives 144 agreed figures
    assert LeadTrainingSettings().blend == 8.0


def test_each_line_takes_the_shortest_span_that_holds_it_whatever_the_nesting() -> None:
    spans = [(1, 40), (3, 10), (3, 10), (5, 6), (12, 40), (12, 13), (30, 29)]
    owners = lead_tables._innermost(spans)
    naive = [
        min(((last - first, first) for first, last in spans if first <= line <= last), default=None)
        for line in range(45)
    ]
    assert [lead_tables._owner(owners, line) for line in range(45)] == [n and n[1] for n in naive]


def test_many_tables_find_their_figures_in_work_linear_in_their_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each line's table is laid once per document (88d6e41 compared each figure's line with
    every table above it: 2,000 one-row tables, ~2 million comparisons)."""
    compared = [0]

    class Line(int):
        def __le__(self, other: object) -> bool:
            compared[0] += 1
            return int(self) <= other  # type: ignore[operator]

        def __ge__(self, other: object) -> bool:
            compared[0] += 1
            return int(self) >= other  # type: ignore[operator]

    tables = 2_000
    readme = "".join(f"|tok/s|\n|-|\n|{i}|\n\n" for i in range(tables))
    snapshot = snapshot_of({"README.md": readme})
    document = snapshot.documents[0]
    parsed = parse_document(document)
    monkeypatch.setattr(
        lead_tables,
        "parse_document",
        lambda _: SimpleNamespace(
            tables=[
                SimpleNamespace(span=SimpleNamespace(first=Line(span.first), last=Line(span.last)))
                for span in (table.span for table in parsed.tables)
            ],
            sections=[],
        ),
    )
    results = [make_result(document, 4 * i + 3, float(i)) for i in range(tables)]
    items = [Scored(f, score=1.0, path="README.md") for f in make_figures(results)]
    blocks = figure_blocks(items, snapshot)
    assert blocks == [("README.md", 4 * i + 1) for i in range(tables)]
    assert compared[0] < 20 * tables, compared
