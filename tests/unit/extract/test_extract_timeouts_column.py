"""A `Timeouts` column counts the runs that timed out (a failure count, a result); a
`timeout` column is the limit the runs were given (a setting, no figure)."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.metric_names import metric_name
from extract_support import snapshot_of

COUNTS = """# Runs

| Model | Timeouts |
|---|---|
| qwen3:4b | 19 |
| qwen3:8b | 62 |
"""

LATEX = r"""\begin{tabular}{l c}
    \toprule
    \textbf{Modell} & \textbf{Timeouts} \\
    \midrule
    qwen3:4b & 19 \\
    qwen3:8b & 62 \\
    \bottomrule
\end{tabular}
"""


def test_a_timeouts_column_is_a_failure_count() -> None:
    assert metric_name("Timeouts") == "failure_count"
    assert metric_name("num_timeouts") == "failure_count"


def test_a_timeout_column_stays_a_setting() -> None:
    assert metric_name("timeout") is None
    assert metric_name("Timeout (s)") is None
    assert metric_name("request_timeout") is None


def test_timeouts_in_a_markdown_and_a_latex_table_are_figures() -> None:
    snapshot = snapshot_of({"README.md": COUNTS, "thesis/benchmark.tex": LATEX})
    chosen = sorted((s.candidate.path, s.value, s.metric) for s in select(harvest(snapshot)))
    assert chosen == [
        ("README.md", 19, "failure_count"),
        ("README.md", 62, "failure_count"),
        ("thesis/benchmark.tex", 19, "failure_count"),
        ("thesis/benchmark.tex", 62, "failure_count"),
    ]
