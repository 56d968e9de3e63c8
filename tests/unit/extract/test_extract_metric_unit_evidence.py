"""A figure's metric and unit are what its own cell and names state, never a metric's usual
unit over a unit the source writes, nor a word a product's name happens to hold (session 28's
outside read of an MLPerf repository: images/s and an F1 score published as tokens/s, a
compute rate as a latency)."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.metric_names import metric_name
from draftflow.numbers.units import unit_of_name
from extract_support import snapshot_of

# a results table over a caption that says latency, rows named by tools (LoadGen, ResNet)
TABLE = """## Results

Laptop figures vary with thermal state (single-stream latency more).

| Benchmark | GPU A | GPU B |
|---|---|---|
| LoadGen ResNet-50 Offline | 3,210 img/s | 1,200 img/s |
| QA task (LoadGen, subset) - f1 | 90.40 | 90.10 |
| microbench FP16 / BF16 TFLOPS | 42.7 / 51.4 | 22.7 / 2.1 |
| decode t/s | 313 | 27 |
| Stage 3 bs=4 throughput | 0.56 img/s | 1.71 img/s |
"""


def _chosen(text: str) -> dict[tuple[int, float], tuple[str, str]]:
    selected = select(harvest(snapshot_of({"README.md": text})))
    return {
        (s.candidate.line, float(s.candidate.values[s.value_index])): (s.metric, s.unit)
        for s in selected
    }


def test_a_unit_the_cell_writes_is_never_replaced_by_a_metrics_usual_unit() -> None:
    chosen = _chosen(TABLE)
    assert all(unit != "tokens/s" for (line, _), (_, unit) in chosen.items() if line == 7)
    assert chosen[(11, 0.56)] == ("throughput", "img/s")
    assert chosen[(11, 1.71)] == ("throughput", "img/s")


def test_a_score_is_no_decode_rate_and_a_compute_rate_no_latency() -> None:
    chosen = _chosen(TABLE)
    assert chosen[(8, 90.4)][0] == "accuracy"
    assert chosen[(8, 90.4)][1] != "tokens/s"
    assert chosen[(9, 42.7)] == ("unspecified", "TFLOPS")
    assert chosen[(10, 313.0)] == ("decode_rate", "tokens/s")


def test_a_unit_spelled_in_a_header_begins_no_word() -> None:
    assert unit_of_name("BERT/SQuAD - f1") is None
    assert unit_of_name("Mtok/s") is None  # millions of tokens: another unit
    assert unit_of_name("units/s") is None
    assert unit_of_name("decode t/s") == "tokens/s"
    assert unit_of_name("avg_tok/s") == "tokens/s"
    assert unit_of_name("latency(ms)") == "ms"


def test_camel_case_keys_are_read_as_words_but_product_names_are_not() -> None:
    assert metric_name("averageTokensPerSecond") == "throughput"
    assert metric_name("TokensPerSecond") == "throughput"
    assert metric_name("avg evalRate") == "decode_rate"
    assert metric_name("LoadGen ResNet-50 Offline") is None
    assert metric_name("Gen") == "decode_rate"


def test_a_number_the_cell_calls_a_config_is_no_reading() -> None:
    # read31-s28: "❌ No — 60 s config, 1,000-example subset" published as a latency of 60 s
    table = (
        "| Harness | Conformant? | Latency |\n|---|---|---|\n"
        "| QA | No — 60 s config, 1,000-example subset | 12.5 ms |\n"
        "| Vision | No — 10 s timeout | 3.1 ms |\n"
    )
    chosen = _chosen(table)
    assert sorted(value for _, value in chosen) == [3.1, 12.5]


def test_an_energy_header_states_its_unit() -> None:
    """`| Energy (kWh) |` states kilowatt-hours: without a header spelling its figures took the
    energy metric's usual unit and were published as joules (read33-s29b, a COSTS table)."""
    assert unit_of_name("Energy (kWh)") == "kWh"
    assert unit_of_name("total_energy_kwh") == "kWh"
    assert unit_of_name("Energy (J)") == "J"
    assert unit_of_name("energy_j") == "J"
    assert unit_of_name("Energy (Wh)") == "Wh"
    assert unit_of_name("Joules per token") == "J/token"
