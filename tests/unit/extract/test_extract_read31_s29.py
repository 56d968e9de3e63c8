"""read31-s29: numbers an outside reader found published as results that are none (a model
tag's size, a sample block, a count under a rate's column, a workload's length, a device
count, a dataset's text, a level reached read as a change). Each shape in synthetic words."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.extract.harvest.json_leaves import is_prose_text
from draftflow.extract.identities import _counts_devices
from draftflow.extract.metric_names import metric_name
from draftflow.extract.numeric import cell_numbers
from draftflow.extract.prose.changes import new_level
from draftflow.extract.role_marks import _example_lead_in
from draftflow.extract.unit_fit import fitted_metric
from draftflow.numbers.cells import split_cell
from draftflow.record.model import ReportedResult
from draftflow.record.standing import Status
from extract_support import snapshot_of


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_a_size_in_a_model_tag_is_part_of_the_name() -> None:
    for tag in ("phi4:14b", "`gemma2:2b`", "deepseek-r1:1.5b", "smollm2:360m", "qwen2.5:7b-it"):
        assert cell_numbers(tag) == (), tag
    assert cell_numbers("mistral:7b 41.3") == (41.3,)
    assert cell_numbers("elapsed:3s") == (3,)  # a unit of time is no model size
    text = (
        "# Runs\n\n| Runner | Model | Purpose |\n|---|---|---|\n"
        "| Ollama | phi4:14b | quick latency check |\n"
    )
    assert not [r for r in _results({"README.md": text}) if r.value == 14e9]


def test_a_block_offered_as_a_sample_is_an_example() -> None:
    assert _example_lead_in("**Expected output (sample — your numbers will vary):**")
    assert _example_lead_in("Output (illustrative):")
    assert _example_lead_in("Typical results on the desk machine:") is None
    assert _example_lead_in("Results (your numbers will vary):") is None  # no example word
    text = (
        "# Tool\n\nRun `bench --all`.\n\n"
        "**Sample output (yours will differ):**\n\n"
        "```\nengine   tok/s\nfast     31.7\nslow     4.9\n```\n"
    )
    results = {r.value: r for r in _results({"README.md": text})}
    for value in (31.7, 4.9):
        if value in results:
            status = results[value].status
            assert status is not None and status.status is Status.ILLUSTRATIVE


def test_a_count_written_in_a_cell_is_never_a_rate() -> None:
    (figure,) = split_cell("batched (64 tok)", "Prefill")
    assert figure.unit == "tokens"
    assert fitted_metric("prefill_rate", "tokens", "Prefill", True, False) is None
    assert fitted_metric("prefill_rate", "tokens/s", "Prefill", True, False) == "prefill_rate"
    text = (
        "# Strategies\n\n| Strategy | Prefill | TTFT (ms) |\n|---|---|---|\n"
        "| chunked | batched (64 tok) | 212 |\n| plain | 1250 tok/s | 97 |\n"
    )
    values = {r.value for r in _results({"README.md": text})}
    assert 64 not in values and 212 in values


def test_the_length_of_a_workload_part_is_a_setting_not_its_rate() -> None:
    for name in ("Prefill length", "decode_len", "Generation length", "prefill_length_tokens"):
        assert metric_name(name) is None, name
    assert metric_name("Prefill speed") == "prefill_rate"
    text = (
        "# Plan\n\n## Test grid\n\n| Axis | Values |\n|---|---|\n"
        "| Decode length | 128, 512, 2048 |\n| Concurrency | 1, 4 |\n"
    )
    values = {r.value for r in _results({"docs/plan.md": text})}
    assert not values & {128, 512, 2048}


def test_a_multiplier_before_a_hardware_name_counts_devices() -> None:
    assert _counts_devices("2× NVIDIA A100 (80 GB), SGLang 0.4", 2)
    assert _counts_devices("8x H100", 8)
    assert not _counts_devices("2x faster on an RTX 4090", 2)
    assert not _counts_devices("1.8× over the RTX 4090 baseline", 1.8)
    text = "# Setup\n\n| | |\n|---|---|\n| **Machine** | 4× NVIDIA A100 (80 GB) |\n"
    assert 4 not in {r.value for r in _results({"README.md": text})}


def test_numbers_in_a_datasets_text_are_its_content() -> None:
    question = (
        "A shop sells pens at 3 for $2. If Ana buys 12 pens and pays with a $20 bill, how "
        "much change does she get back from the cashier?"
    )
    assert is_prose_text(question)
    assert is_prose_text("Compute the sum of the roots of x^2 - 5x + 6 in the real field.")
    assert not is_prose_text("median of 3 runs, 45.2 tok/s")
    rows = [
        '{"question": "' + question + '", "choices": ["8x + 1", "4"], "answer": "B"}',
        '{"prompt": "' + question + '", "tokens_per_second": 52.4}',
    ]
    values = {r.value for r in _results({"data/items.jsonl": "\n".join(rows) + "\n"})}
    assert not values & {3, 2, 12, 20, 8, 1, 4}  # 52.4, a number of its own, may stay


def test_a_level_reached_is_no_change() -> None:
    assert new_level("the pass rate dropped to ")
    assert new_level("accuracy rose from 30% to ")
    assert not new_level("latency dropped by ")
    text = (
        "# Lessons\n\n- **3-bit collapsed on the small model** — HumanEval dropped to 4% (no "
        "real answers).\n\nWith 3-bit weights, quality dropped to 41% on the coding set.\n"
    )
    changes = {r.value for r in _results({"NOTES.md": text}) if r.metric == "relative_change"}
    assert not changes & {4, 41}
