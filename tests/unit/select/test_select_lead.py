"""Document roles, configured limits and the one headline filter (select/lead.py), and the
author's marks in a row (select/emphasis.py)."""

from __future__ import annotations

from documents import make_document, make_result
from draftflow.record.standing import (
    Attribution,
    AttributionKind,
    ResultStatus,
    StandingScope,
    Status,
)
from draftflow.select.emphasis import in_small_print, marked_by_symbol, spread_statistics
from draftflow.select.lead import (
    DocumentRole,
    Exclusion,
    configured_limit,
    first_results_table,
    headline_exclusion,
    read_role,
)


def test_roles_come_from_path_opening_and_readme_pointers() -> None:
    readme = "See results/ for the runs and [the plan](notes/next.md)."
    assert read_role(make_document("README.md", "# x\n")).role is DocumentRole.LEAD
    assert read_role(make_document("docs/design/kv.md", "# KV\n")).role is DocumentRole.DESIGN
    assert read_role(make_document("plans/q3.md", "# Q3\n")).role is DocumentRole.PLAN
    assert read_role(make_document("examples/a.json", "{}\n")).role is DocumentRole.EXAMPLE
    opening = "# Notes\n\n> **Purpose:** Design a test plan for the 2-bit recipe.\n"
    assert read_role(make_document("docs/notes.md", opening)).role is DocumentRole.PLAN
    runs = read_role(make_document("results/run1.json", "{}\n"), readme)
    assert runs.role is DocumentRole.RESULTS and "results/" in runs.evidence
    assert read_role(make_document("misc/a.md", "# A\n"), readme).role is DocumentRole.OTHER


def test_a_usage_guide_is_the_tools_documentation() -> None:
    # cipher982/llm-benchmarks api/SIMPLE_RUNNER_USAGE.md:171-177: a sample log line under
    # `## Output / ### Success` was published as a result (read31-s24)
    usage = make_document("api/SIMPLE_RUNNER_USAGE.md", "# Simple runner\n\ntps=42.67\n")
    assert read_role(usage).role is DocumentRole.DESIGN


def test_a_configured_limit_is_a_key_that_names_a_limit() -> None:
    text = "```yaml\nrag:\n  max_p99_ttft_ms: 500\n  target_batch: 4\n  batch: 4\n```\n"
    document = make_document("docs/x.md", text)
    assert configured_limit(document, 3) == "max_p99_ttft_ms"
    assert configured_limit(document, 4) == "target_batch"
    assert configured_limit(document, 5) is None
    # a tool's JSON output names measured maxima the same way: never read as configuration
    assert configured_limit(make_document("r.json", '{"max_ttft_ms": 5}\n'), 1) is None


def test_the_one_filter_names_why_with_evidence() -> None:
    design = make_document("docs/design/a.md", "# A\n\nIt runs at ~40 tok/s.\n")
    reading = headline_exclusion(make_result(design, 3, 40), design, read_role(design))
    assert reading is not None and reading.exclusion is Exclusion.NOT_A_RESULTS_DOCUMENT
    assert "design" in reading.evidence
    readme = make_document("README.md", "# A\n\nIt runs at 40 tok/s.\n")
    assert headline_exclusion(make_result(readme, 3, 40), readme, read_role(readme)) is None
    by = Attribution(
        who="@someone",
        kind=AttributionKind.PERSON,
        words="reported by @someone",
        path="README.md",
        line=3,
        scope=StandingScope.SENTENCE,
    )
    quoted = make_result(readme, 3, 40).model_copy(update={"attribution": by})
    other = headline_exclusion(quoted, readme, read_role(readme))
    assert other is not None and other.exclusion is Exclusion.NOT_THE_AUTHORS
    assert "@someone" in other.evidence and "README.md:3" in other.evidence
    # a condition that happens to be called `status` is a column of the source, not a mark
    passing = make_result(readme, 3, 40, conditions={"status": "PASS"})
    assert headline_exclusion(passing, readme, read_role(readme)) is None


def test_the_first_results_table_is_the_first_table_with_a_figure() -> None:
    text = "# A\n\n| k | v |\n|---|---|\n| port | 80 |\n\n| m | tok/s |\n|---|---|\n| x | 5 |\n"
    document = make_document("README.md", text)
    assert first_results_table(document, {9}) == range(7, 10)
    assert first_results_table(document, set()) is None


def test_a_symbol_marks_its_cell_and_small_print_is_a_detail() -> None:
    line = (
        "| L2 | **441.09 ms**, 2.26 t/s<br><sub><sup>I: 434.84 ms</sup></sub> | **219.08 ms** 🔥 |"
    )
    assert marked_by_symbol(line, 219.08) and not marked_by_symbol(line, 441.09)
    assert in_small_print(line, 434.84) and not in_small_print(line, 441.09)


def test_the_first_central_statistic_of_a_row_stands_for_it() -> None:
    document = make_document("README.md", "# A\n\n| a | Median | Mean | Min | P25 |\n")
    labels = ["x, Median", "x, Mean", "x, Min", "x, P25"]
    results = [
        make_result(document, 3, float(i + 1), label=label).model_copy(update={"statistic": ""})
        for i, label in enumerate(labels)
    ]
    assert spread_statistics(enumerate(results)) == {1, 2, 3}
    json_doc = make_document("r.json", '{"mean": 1, "median": 2}\n')
    on_json = [make_result(json_doc, 1, 1.0, label="x, mean"), make_result(json_doc, 1, 2.0)]
    assert spread_statistics(enumerate(on_json)) == set()


def test_a_status_or_an_attribution_keeps_a_figure_out_whatever_its_document() -> None:
    readme = make_document("README.md", "# A\n\n## Old (superseded)\n\nIt ran at 40 tok/s.\n")
    role = read_role(readme)
    assert headline_exclusion(make_result(readme, 5, 40), readme, role) is None
    status = ResultStatus(
        status=Status.SUPERSEDED,
        words="superseded",
        path="README.md",
        line=3,
        scope=StandingScope.SECTION,
    )
    marked = make_result(readme, 5, 40).model_copy(update={"status": status})
    reading = headline_exclusion(marked, readme, role)
    assert reading is not None and reading.exclusion is Exclusion.NOT_THE_AUTHORS
    assert "superseded" in reading.evidence and "README.md:3" in reading.evidence
    alice = Attribution(
        who="@alice",
        kind=AttributionKind.PERSON,
        words="reported by @alice",
        path="README.md",
        line=5,
        scope=StandingScope.SENTENCE,
    )
    quoted = make_result(readme, 5, 40).model_copy(update={"attribution": alice})
    other = headline_exclusion(quoted, readme, role)
    assert other is not None and other.exclusion is Exclusion.NOT_THE_AUTHORS
    assert "measured by @alice" in other.evidence and "README.md:5" in other.evidence


NOT_MEASURED = """# Findings

Each retry burns a full 1000 ms `HMM_RANGE_DEFAULT_TIMEOUT`; loading goes 86.7 s to 14.4 s.
The build rewrites `12X` to `12Xa`, because FP4 is not forward-compatible.
If the cache were 100 % full, decode would drop to 20 tok/s.
230 GB of weights across ~242 GB of combined memory leaves roughly 12 GB for KV.
A KV bar pegged at 100% means that point measured preemption.
All 5 completed in 74.01 s total wall clock, not 5 × 74 s.
| Parallel request stress | PASS (5x MLX, 10x cloud) |
Quantized kernels give a 3.25x generation speedup and 2x memory reduction; decode is 45 tok/s.
It allocated a `3,113,713` token KV pool.
"""


def _excluded(line: int, value: float, metric: str, unit: str = "tokens/s") -> str | None:
    document = make_document("README.md", NOT_MEASURED)
    result = make_result(document, line, value).model_copy(update={"metric": metric, "unit": unit})
    reading = headline_exclusion(result, document, read_role(document))
    if reading is None:
        return None
    assert reading.exclusion is Exclusion.NOT_A_MEASUREMENT
    return reading.evidence


def test_a_number_its_line_writes_as_no_measurement_never_leads() -> None:
    # reader drafts (read33): a constant, a name, a hypothetical, a memory size, a definition,
    # a count of jobs and a multiplicity were published as headline figures
    assert "named constant" in (_excluded(3, 1000, "latency", "ms") or "")
    assert "name" in (_excluded(4, 12, "ratio", "×") or "")
    assert "hypothetical" in (_excluded(5, 100, "kv_capacity", "%") or "")
    assert "hypothetical" in (_excluded(5, 20, "decode_rate") or "")
    assert "memory" in (_excluded(6, 242, "kv_capacity", "GB") or "")
    assert "definition" in (_excluded(7, 100, "kv_capacity", "%") or "")
    assert "happened" in (_excluded(8, 5, "score", "") or "")
    assert "count of things" in (_excluded(9, 10, "ratio", "×") or "")


def test_measurements_beside_them_still_lead() -> None:
    assert _excluded(3, 86.7, "startup_time", "s") is None
    assert _excluded(6, 12, "kv_capacity", "GB") is None
    assert _excluded(8, 74.01, "latency", "s") is None
    assert _excluded(10, 3.25, "ratio", "×") is None  # `3.25x generation speedup`
    assert _excluded(10, 2, "ratio", "×") is None  # `2x memory reduction`
    assert _excluded(10, 45, "decode_rate") is None
    assert _excluded(11, 3113713, "kv_capacity", "tokens") is None  # a value in a code span
