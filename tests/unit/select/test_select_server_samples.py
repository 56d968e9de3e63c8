"""A serving engine's periodic stats line (vLLM's ten-second `Avg prompt throughput`) is no
figure the author reports: it leads no record whose prose report has a figure to lead with
(Sergey-Kit's 256.0 tokens/s from `results/vllm_longctx.log`, read31-s26b), and may lead one
whose only figures are the logs it ran (cmontemuino's sample results, as the gold lists)."""

from __future__ import annotations

import pytest

from documents import make_result
from draftflow.select.figures_file import make_figures
from draftflow.select.rules import headline_eligible
from draftflow.select.scored import Scored
from draftflow.select.telemetry import periodic_stats_line
from extract_support import snapshot_of

README = "# Three runtimes\n\n| runtime | tok/s |\n|---|---|\n| llama.cpp | 69.6 |\n"
LOG = (
    "# vllm serve models/Qwen3-0.6B --dtype float16\n"
    "(APIServer pid=77746) INFO 08-19 14:36:03 [loggers.py:310] Engine 000: Avg prompt "
    "throughput: 256.0 tokens/s, Avg generation throughput: 8.5 tokens/s, Running: 1 reqs\n"
    "Benchmark result: 41.5 tokens/s\n"
)


def _eligible(files: dict[str, str], picks: list[tuple[str, int, float]]) -> list[float]:
    snapshot = snapshot_of(files)
    documents = {d.path: d for d in snapshot.documents}
    results = [make_result(documents[path], line, value) for path, line, value in picks]
    items = [Scored(f, score=5.0, path=f.result.evidence_url) for f in make_figures(results)]
    return [item.figure.result.value for item in headline_eligible(items, snapshot)]


def test_a_logger_sample_beside_the_reports_own_figures_does_not_lead() -> None:
    picks = [("README.md", 5, 69.6), ("results/run.log", 2, 256.0), ("results/run.log", 3, 41.5)]
    kept = _eligible({"README.md": README, "results/run.log": LOG}, picks)
    assert kept == [69.6, 41.5]


def test_a_logger_sample_of_a_repository_of_logs_alone_may_lead() -> None:
    picks = [("results/run.log", 2, 256.0), ("results/run.log", 3, 41.5)]
    assert _eligible({"results/run.log": LOG}, picks) == [256.0, 41.5]


def test_a_periodic_stats_line_needs_its_logger_prefix() -> None:
    assert periodic_stats_line(LOG.splitlines()[1]) == "Avg prompt throughput:"
    assert periodic_stats_line("The Avg prompt throughput: 256.0 tokens/s in our runs.") is None
    sglang = "[2025-01-02 10:00:00] INFO [scheduler.py:1100] Decode batch. #running-req: 1"
    assert periodic_stats_line(sglang) == "#running-req:"


def test_a_line_is_asked_once_whatever_its_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide row's figures share their line: the stats-line search reads it once, not once per
    figure (10,000 columns: 30,000 searches of an 80 KB row took 130 of 146 CPU s at 13e5f5ef)."""
    import draftflow.select.rules as rules

    asked: list[str] = []

    def counting(text: str) -> str | None:
        asked.append(text)
        return periodic_stats_line(text)

    monkeypatch.setattr(rules, "periodic_stats_line", counting)
    row = "| a | 1.5 | 2.5 | 3.5 | 4.5 |"
    readme = "# Sweep\n\n| m | c1 tok/s | c2 tok/s | c3 tok/s | c4 tok/s |\n|---|---|---|---|---|\n"
    picks = [("README.md", 5, value) for value in (1.5, 2.5, 3.5, 4.5)]
    picks += [("results/run.log", 2, 256.0), ("results/run.log", 3, 41.5)]
    kept = _eligible({"README.md": readme + row + "\n", "results/run.log": LOG}, picks)
    assert kept == [1.5, 2.5, 3.5, 4.5, 41.5]
    assert len(asked) == 3
