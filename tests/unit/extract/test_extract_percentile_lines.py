"""`N% percentile latency: 0.716 seconds` lines, as vLLM's benchmark_latency prints them: a
`key: value` line whose key opens with the percentile, and the percentile as its statistic."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.statistic_names import statistic_of
from extract_support import snapshot_of

LATENCY_LOG = """Profiling iterations: 100%|██████████| 10/10 [00:07<00:00,  1.39it/s]
Avg latency: 0.7171628322103061 seconds
10% percentile latency: 0.716384768707212 seconds
50% percentile latency: 0.7168599735596217 seconds
99% percentile latency: 0.7188986453670076 seconds
"""


def test_percentile_lines_are_latency_figures_with_their_percentile() -> None:
    snapshot = snapshot_of({"logs/latency_bs1.log": LATENCY_LOG})
    chosen = {s.candidate.line: s for s in select(harvest(snapshot))}
    assert chosen[3].metric == "latency"
    assert chosen[3].candidate.key == "10% percentile latency"
    assert chosen[3].statistic == "p10 as reported"
    assert chosen[4].statistic == "median as reported"
    assert chosen[5].statistic == "p99 as reported"
    assert chosen[2].statistic == "mean as reported"


def test_a_percentile_written_as_an_ordinal_names_its_statistic() -> None:
    assert statistic_of("99th percentile TTFT (ms)", "12") == "p99 as reported"
    assert statistic_of("p99.9 latency", "12") == "p99.9 as reported"
    assert statistic_of("p95", "12") == "p95 as reported"
