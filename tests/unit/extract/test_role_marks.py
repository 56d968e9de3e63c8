"""A figure's role read from its own words: examples, failures, corrected readings, someone
else's published figures and setup times are marked, so they never lead a record; each case
is written after an editor's read of a real draft (rhattala, epappas), in synthetic words."""

from __future__ import annotations

import asyncio

from documents import make_document
from draftflow.extract import extract
from draftflow.extract.role_marks import role_marks
from draftflow.extract.status_words import in_sentence, status_in_name
from draftflow.record.model import ReportedResult
from draftflow.record.standing import AttributionKind, Status
from draftflow.select.lead import Exclusion, headline_exclusion
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> dict[str, ReportedResult]:
    extraction = asyncio.run(extract(snapshot_of(files), None))
    return {f"{r.source_path}:{r.value}": r for r in extraction.reported_results}


def _status(result: ReportedResult) -> Status | None:
    return result.status.status if result.status is not None else None


def test_a_run_against_a_dead_endpoint_and_a_bugs_share_are_failures() -> None:
    text = (
        "# Gate\n\nThe harness, plus its negative controls:\n"
        "**a benchmark run against a dead endpoint scores 79.8% and exits 0.**\n\n"
        "Found an off-by-one upstream that was silently turning 22% of scores into ties.\n\n"
        "## Results\n\nThe decode rate is 41.5 tok/s on the cluster.\n"
        "After we fixed the bug, prefill rose to 1630.2 tok/s.\n"
    )
    results = _results({"README.md": text})
    assert _status(results["README.md:79.8"]) is Status.FAILURE
    assert _status(results["README.md:22"]) is Status.FAILURE
    assert _status(results["README.md:41.5"]) is None
    assert _status(results["README.md:1630.2"]) is None  # a fixed bug: measured after it
    excluded = headline_exclusion(results["README.md:79.8"], None, None)
    assert excluded is not None and excluded.exclusion is Exclusion.NOT_THE_AUTHORS


def test_a_reading_the_author_corrects_is_superseded_and_the_correction_is_not() -> None:
    text = (
        "# Tuning\n\n## Measure before and after\n\n"
        "A single pre-change reading suggested +4.6% where the real, reproducible figure\n"
        "was +3.3% on the link.\n\n"
        "A first sample read 21.6 GB/s and suggested +5.1%. It was a low outlier; four\n"
        "paired runs corrected it to 22.68 GB/s.\n"
    )
    results = _results({"README.md": text})
    assert _status(results["README.md:4.6"]) is Status.SUPERSEDED
    assert _status(results["README.md:3.3"]) is None
    assert _status(results["README.md:5.1"]) is Status.SUPERSEDED
    assert _status(results["README.md:22.68"]) is None


def test_their_published_figures_are_the_party_the_heading_names() -> None:
    text = (
        "# Decisions\n\n## What was ported from Acme-Lab's two-node recipe\n\n"
        "### Recorded, not acted on\n\nThey compile kernels for another target.\n\n"
        "Their published throughput, for calibration rather than as our target: ~160-190\n"
        "tok/s aggregate across six streams.\n\n"
        "Our own run reached 98.5 tok/s aggregate.\n"
    )
    results = _results({"docs/decisions.md": text})
    theirs = results["docs/decisions.md:160"].attribution
    assert theirs is not None and theirs.who == "Acme-Lab"
    assert theirs.kind is AttributionKind.VENDOR and theirs.words == "Their published"
    assert results["docs/decisions.md:98.5"].attribution is None


def test_a_time_to_set_a_node_up_is_a_setup_time_not_a_latency() -> None:
    text = (
        "# Runbook: provision a node\n\n**Time** — 30–60 min per node, mostly the engine build.\n\n"
        "## Results\n\nFirst token latency is 118 ms at concurrency 1.\n"
    )
    statuses, _ = role_marks(make_document("docs/provision.md", text))
    setup = [mark for mark in statuses if mark.standing.status is Status.SETUP]
    assert [(mark.first, mark.last) for mark in setup] == [(3, 3)]  # the time line, not 7
    results = _results({"docs/provision.md": text})
    # the result model (retrained on 53 repositories) keeps no setup time as a figure; were
    # it kept, its mark would say what it is
    if "docs/provision.md:30" in results:
        assert _status(results["docs/provision.md:30"]) is Status.SETUP
    assert _status(results["docs/provision.md:118"]) is None


def test_a_code_block_a_sentence_shows_as_a_tools_display_is_an_example() -> None:
    text = (
        "# Serving\n\nThe bench drives a concurrency ladder and renders the run live:\n\n"
        "```\n  CONC  tok/s   ITL ms\n  1     142.3   12.1\n```\n\n"
        "## Measured\n\n| Model | Decode tok/s |\n|---|---|\n| Qwen3-8B | 41.5 |\n"
    )
    results = _results({"README.md": text})
    assert _status(results["README.md:142.3"]) is Status.ILLUSTRATIVE
    assert _status(results["README.md:41.5"]) is None


def test_a_status_word_that_qualifies_a_noun_after_an_article_marks_nothing() -> None:
    assert in_sentence("The prettier page is the broken one.") is None
    found = in_sentence("These numbers are superseded by the rerun.")
    assert found is not None and found.status is Status.SUPERSEDED


def test_a_predicted_figure_is_an_estimate_and_the_measured_one_after_it_is_not() -> None:
    text = "# Findings\n\n- **Mixtral predicted at 23 TPS, measured at 69 TPS.** Why.\n"
    statuses, _ = role_marks(make_document("README.md", text))
    (predicted,) = [mark for mark in statuses if mark.standing.status is Status.ESTIMATED]
    assert predicted.values == frozenset({23.0})  # the prediction, not the measurement
    # whichever of the two the result model keeps, the mark goes only to the prediction
    results = _results({"README.md": text})
    expected = {"README.md:23": Status.ESTIMATED, "README.md:69": None}
    assert all(_status(results[key]) is expected[key] for key in expected.keys() & results.keys())


def test_a_prediction_s_inputs_are_no_estimate() -> None:
    """JoshCork/intel-ai-benchmarking cross-platform-benchmarking.md:1419: the measured 18.7
    baseline a prediction was made from was marked predicted, and the note said so."""
    text = (
        "# Findings\n\n- DDR5-7200 with Qwen AWQ + GenAI: **22.8 TPS** (predicted 21-22 TPS"
        " using 0.82 coefficient from DDR5-5600 baseline of 18.7 TPS)\n"
    )
    statuses, _ = role_marks(make_document("README.md", text))
    (predicted,) = [mark for mark in statuses if mark.standing.status is Status.ESTIMATED]
    assert predicted.values == frozenset({21.0, 22.0})


def test_a_section_whose_heading_names_a_hosted_model_is_that_models() -> None:
    text = (
        "# Session\n\n## Bench B — local ladder\n\nMedian **44.07 s** on the laptop.\n\n"
        "### Bench H — Gemini 2.5 Flash ladder (10 sequential via the gateway)\n\n"
        "After correcting for Finding #2: median **629 ms**, min 531 ms, max 827 ms.\n"
    )
    results = _results({"docs/journal.md": text})
    hosted = results["docs/journal.md:629"].attribution
    assert hosted is not None and hosted.who == "Gemini 2.5 Flash"
    assert hosted.kind is AttributionKind.HOSTED_MODEL
    assert results["docs/journal.md:44.07"].attribution is None
    # a document about the service: the service is its subject, not someone else
    about = "# Claude 3.5 Sonnet on our eval\n\n## Claude 3.5 Sonnet results\n\nIt scored 81.2 %.\n"
    assert _results({"README.md": about})["README.md:81.2"].attribution is None


def test_a_labelled_line_speaks_for_its_own_figures_not_the_next_line_s() -> None:
    """bhodgens's FAILURE_ANALYSIS.md: "**Symptom**: tau2 runner exits immediately (code 1, ~8s
    wall time)" over "**Root cause**: ... differ from our custom setup:" read as "a time to set
    the system up" (read33-s20): each bold-labelled line is a statement of its own."""
    text = (
        "# Failures\n\n**Symptom**: the runner exits immediately (code 1, ~8s wall time)\n"
        "**Root cause**: the CLI flags differ from our custom setup.\n"
    )
    statuses, _ = role_marks(make_document("FAILURE_ANALYSIS.md", text))
    assert [mark for mark in statuses if mark.standing.status is Status.SETUP] == []
    joined = "# Notes\n\n**Build it yourself** with the script:\nabout 85 minutes on a slow host.\n"
    statuses, _ = role_marks(make_document("README.md", joined))
    assert [m.first for m in statuses if m.standing.status is Status.SETUP] == [3]


def test_spec_in_a_path_is_speculative_decoding_not_a_spec_sheet() -> None:
    """djangodevreng's `bf16-spec/` profile and lmdeploy's `spec_decoding.md`: a measured
    profile with speculative decoding, read as "the author marks the figures as specification"
    (read33-s20); `specs` or `datasheet` in a path still mark one."""
    assert status_in_name("results/m/bf16-spec/05-big-context.md") is None
    assert status_in_name("docs/en/advance/spec_decoding.md") is None
    found = status_in_name("docs/gpu-specs.md")
    assert found is not None and found.status is Status.SPECIFICATION


BENCH_LINES = (
    "BenchmarkInference-16    10    1577948683 ns/op    788.9 tokens/s\n"
    "BenchmarkPrefill-16      12    1243692014 ns/op    910.8 tokens/s\n"
    "PASS\n"
)


def test_a_run_offered_for_example_on_named_hardware_is_a_run_not_an_example() -> None:
    # issue 33 (hybridgroup/yzma): "yzma is fast ... For example, here is X running on an
    # Apple M4 Max:" over a real `go test -bench` output marked the run an example
    run = (
        "# Benchmarks\n\nIt is fast because it runs in process.\n\n"
        "For example, here is the model performing inference on a prompt running on a "
        "Apple M4 Max with 128 GB RAM:\n\n```\n" + BENCH_LINES + "```\n"
    )
    form = (
        "# Usage\n\nThe output looks like this, for example on an Apple M4 Max:\n\n"
        "```\n" + BENCH_LINES + "```\n"
    )
    assert _status(_results({"README.md": run})["README.md:788.9"]) is None
    assert _status(_results({"README.md": form})["README.md:788.9"]) is Status.ILLUSTRATIVE


def test_a_block_introduced_as_an_example_of_a_file_is_an_example_as_typed() -> None:
    # read31-s28: a README's "This is an exmaple of the `results_<server>_<client>.csv` file."
    # over a CSV block: its twelve figures were published as the record's headline
    csv = "env,TTFT (ms),Output token throughput (tok/s)\ndefault,31.75,884.27\n"
    for lead_in in ("This is an exmaple of the `results.csv` file.", "An example of the output:"):
        text = f"# Tool\n\n## Benchmark Result\n\n{lead_in}\n```csv\n{csv}```\n"
        results = _results({"README.md": text})
        assert _status(results["README.md:31.75"]) is Status.ILLUSTRATIVE
    plain = "# Tool\n\n## Benchmark Result\n\nThe results of the run:\n```csv\n" + csv + "```\n"
    assert _status(_results({"README.md": plain})["README.md:31.75"]) is None
