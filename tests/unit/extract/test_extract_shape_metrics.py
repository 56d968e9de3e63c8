"""Cells the rules name by their shape when their column names no metric: an array of
numbers under a plural metric's key (one value per run), and a count out of a whole (a
score)."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from extract_support import snapshot_of

LATENCY_JSON = """{
    "avg_latency": 0.7171628322103061,
    "latencies": [
        0.717713778023608,
        0.7169347170274705
    ],
    "seeds": [1, 2]
}
"""


def test_an_array_under_a_plural_metric_holds_one_value_per_run() -> None:
    snapshot = snapshot_of({"latency.json": LATENCY_JSON})
    chosen = [(s.candidate.line, s.metric) for s in select(harvest(snapshot))]
    assert chosen == [(2, "latency"), (4, "latency"), (5, "latency")]


SCORES = """| Scenario | Points | Date |
|---|---|---|
| TC-01 | 2/2 | 12/25 |
| TC-02 | 1/2 | 1/5 |
| TC-03 | 1117MiB / 15360MiB | 1/5 |
"""


def test_a_count_out_of_a_whole_is_a_score_whatever_its_column_says() -> None:
    snapshot = snapshot_of(
        {"r.md": SCORES, "c.json": '{"ChatGPT": {"check_summary": "PASS correct 3/3"}}'}
    )
    chosen = [
        (s.candidate.path, s.candidate.line, s.metric, s.candidate.values[s.value_index])
        for s in select(harvest(snapshot))
    ]
    assert chosen == [("c.json", 1, "score", 3), ("r.md", 3, "score", 2), ("r.md", 4, "score", 1)]
