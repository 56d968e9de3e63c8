"""A README that disclaims real results: no figure of the repository leads the record."""

from __future__ import annotations

from documents import make_result
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.select.disclaimer import results_disclaimer
from draftflow.select.not_measured import not_measured
from extract_support import snapshot_of

# lijiaweiphilip-web/l40s-llm-bench's README (line 18), and one of its documents' numbers
SCAFFOLD = (
    "# l40s-llm-bench\n\nMinimal scaffold for reproducible LLM inference benchmarks.\n"
    "It is built without GPU access: configuration, dry runs and tests.\n"
    "It does not claim real GPU benchmark results yet.\n"
)
SCORECARD = "| Area | Score |\n| --- | ---: |\n| Project clarity | 5/5 |\n"


def _snapshot(files: dict[str, str]) -> tuple[Snapshot, dict[str, Document]]:
    snapshot = snapshot_of(files)
    return snapshot, {d.path: d for d in snapshot.documents}


def test_a_readme_that_disclaims_real_results_is_read_with_its_line() -> None:
    snapshot, by_path = _snapshot({"README.md": SCAFFOLD, "docs/score.md": SCORECARD})
    found = results_disclaimer(snapshot, [make_result(by_path["docs/score.md"], 3, 5)])
    assert found is not None
    assert found.place == "README.md:5"
    assert found.words == "does not claim real GPU benchmark results"


def test_a_wrapped_disclaimer_is_read_at_the_line_it_starts() -> None:
    snapshot, _ = _snapshot(
        {"README.md": "# x\n\nThis release does not include real L40S\nresults.\n"}
    )
    found = results_disclaimer(snapshot, [])
    assert found is not None and found.line == 3


def test_a_readme_that_reports_results_is_never_read_as_disclaiming_them() -> None:
    """A README with a figure of its own that disclaims some other claim keeps its headline."""
    text = SCAFFOLD + "\n| model | tok/s |\n|---|---|\n| Qwen3-8B | 41.2 |\n"
    snapshot, by_path = _snapshot({"README.md": text})
    assert results_disclaimer(snapshot, [make_result(by_path["README.md"], 9, 41.2)]) is None


def test_ordinary_sentences_about_results_are_no_disclaimer() -> None:
    for sentence in (
        "We do not report results for Q2_K, which crashed.",
        "This table does not include the results of the second run.",
        "The numbers are medians of five runs.",
        "No results for the 70B model yet.",
    ):
        snapshot, _ = _snapshot({"README.md": f"# x\n\n{sentence}\n"})
        assert results_disclaimer(snapshot, []) is None, sentence


def test_a_value_assigned_to_a_setting_in_a_command_is_no_measurement() -> None:
    """l40s-llm-bench's `GPU_METRICS_INTERVAL_SECONDS=1` was the record's headline latency."""
    line = "GPU_METRICS_SAMPLES=120 GPU_METRICS_INTERVAL_SECONDS=1 \\"
    document = _snapshot({"docs/gpu.md": f"```bash\n{line}\n```\n"})[1]["docs/gpu.md"]
    found = not_measured(
        make_result(document, 2, 1).model_copy(update={"metric": "latency", "unit": "s"}), line
    )
    assert found is not None and found.words == "GPU_METRICS_INTERVAL_SECONDS="
    option = "vllm serve m --max-model-len=8192"
    found = not_measured(make_result(document, 2, 8192), option)
    assert found is not None and found.words == "--max-model-len="


def test_a_measured_key_value_in_a_log_is_still_a_measurement() -> None:
    """Log lines write results as `key=value` too: a lower-case key is not a setting's name."""
    document = _snapshot({"run.log": "eval_rate=45.2 tokens/s\n"})[1]["run.log"]
    line = "eval_rate=45.2 tokens/s"
    assert not_measured(make_result(document, 1, 45.2), line) is None
    line = "N=5 runs, throughput 45.2 tok/s"
    assert not_measured(make_result(document, 1, 45.2), line) is None
