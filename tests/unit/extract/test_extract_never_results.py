"""Numbers that are never results, whatever the rules or the result model say: a progress
bar's numbers (`extract/tool_output.py`) and a hardware's price or rated power
(`extract/vocabulary.py`, `HARD_SKIP`)."""

from __future__ import annotations

import pytest

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import decide, instances
from draftflow.extract.learned.features import IN_PROGRESS_BAR
from draftflow.extract.learned.weights import ResultModel
from draftflow.extract.metric_names import names_no_metric
from draftflow.extract.tool_output import in_progress_bar, is_transcript_turn, progress_bar_spans
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of

BAR = "Capturing CUDA graph shapes:  11%|█▏        | 4/35 [00:01<00:11,  2.59it/s]"
OVERWRITTEN = (
    "Profiling iterations:  70%|███████   | 7/10 [00:05<00:02,  1.40it/s]INFO 08-07 "
    "[metrics.py:417] Avg prompt throughput: 179.1 tokens/s, Running: 1 reqs"
)
ACCEPTS_ALL = ResultModel(
    weights={"bias": 20.0}, intercept=0.0, keep_threshold=0.1, add_threshold=0.5
)


def _kept(files: dict[str, str]) -> set[float]:
    snapshot = snapshot_of(files)
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    return {item.value for item in decide(snapshot, candidates, selected, ACCEPTS_ALL)}


def test_a_progress_bar_is_found_with_its_count_and_times() -> None:
    [(start, end)] = progress_bar_spans(BAR)
    assert BAR[start:end] == "11%|█▏        | 4/35 [00:01<00:11,  2.59it/s]"
    assert progress_bar_spans("| model | 11% | 4/35 |") == []  # a table's cells are no bar


def test_no_number_of_a_progress_bar_is_kept_even_by_a_model_that_keeps_everything() -> None:
    log = "\n".join(["Loading model", BAR, "Avg latency: 1.52 s", ""])
    kept = _kept({"run.log": log})
    assert 1.52 in kept  # the log's result stays
    assert kept.isdisjoint({11, 4, 35, 2.59})


def test_the_numbers_a_log_line_writes_after_its_bar_are_not_the_bar_s() -> None:
    snapshot = snapshot_of({"run.log": "\n".join(["Loading model", OVERWRITTEN, ""])})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    in_bar = {
        float(item.candidate.values[item.value_index]): IN_PROGRESS_BAR in item.own
        for item in instances(snapshot, candidates, selected)
    }
    assert in_bar[179.1] is False
    assert in_bar[70] and in_bar[1.4]


def test_a_cell_is_judged_by_where_its_value_stands_on_the_line() -> None:
    snapshot = snapshot_of({"run.log": BAR + "\n"})
    candidates = harvest(snapshot)
    assert candidates, "the bar's cells are read"
    assert all(
        in_progress_bar(candidate, float(value), BAR)
        for candidate in candidates
        for value in candidate.values
    )


@pytest.mark.parametrize(
    "name", ["price", "Price (USD)", "Price (approx)", "TDP", "TGP (W)", "msrp"]
)
def test_a_hardware_price_or_rated_power_names_no_metric(name: str) -> None:
    assert names_no_metric(name)


@pytest.mark.parametrize("name", ["cost", "tokens_per_watt", "price_per_token", "power (W)"])
def test_measured_costs_and_power_still_name_a_metric(name: str) -> None:
    assert not names_no_metric(name)


def test_a_price_column_of_a_hardware_table_gives_no_figure() -> None:
    csv = "name_gpu,num_gpu,price,resnet50\nRTX 3090,1,2750,1024\nRTX 4090,1,2125,1480\n"
    kept = _kept({"results/throughput.csv": csv})
    assert kept.isdisjoint({2750, 2125})


TRANSCRIPT = "\n".join(
    [
        "# Run 3",
        "",
        "prompt=What is 15% of 200?",
        'tool_result={"ticker": "AAPL", "price": 187.42, "currency": "USD"}',
        "assistant_turn_2=The current price of AAPL is **$187.42 USD**, up 0.66%.",
        "final_answer=It is 8°C in Berlin (feels like 6°C).",
        "",
        "Decode speed: 41.5 tok/s",
        "",
    ]
)


def test_no_number_of_a_model_transcript_turn_is_kept() -> None:
    kept = _kept({"runs/run-3.md": TRANSCRIPT})
    assert 41.5 in kept  # the run's own measurement stays
    assert kept.isdisjoint({15, 200, 187.42, 0.66, 8, 6})


@pytest.mark.parametrize(
    ("line", "turn"),
    [
        ("tool_call=send_email {}", True),
        ("  assistant_turn_12=OK", True),
        ("ASSISTANT=ok", True),
        ("prompt_tokens=512", False),  # a setting, judged by other rules
        ("summary=Reached for calculator", False),
        ("decode = 41.5 tok/s", False),
    ],
)
def test_a_transcript_turn_is_a_role_written_before_an_equals_sign(line: str, turn: bool) -> None:
    assert is_transcript_turn(line) is turn
