"""A number's unit and metric in prose (`extract/prose_units.py`), read from real corpus
sentences: input lines → expected figures with their units, metrics and statistics.
"""

from __future__ import annotations

from prose_cases import figures, readings


def test_units_after_numbers_in_a_readme_paragraph_with_approximate_markers() -> None:
    # jethac/dgx-spark-hijinks README.md line 11 (first sentences)
    line = (
        "Latest compact signal: AEON's Gemma 4 26B A4B NVFP4+DFlash vLLM image now serves "
        "locally on GB10 with a warmed compact row at about 48 tok/s short decode, 54 tok/s "
        "medium decode, and 98 tok/s on the long-prefill shape. Qwen is now tracked: SGLang "
        "Qwen2.5 1.5B BF16/auto and fp8 both serve at about 58-59 tok/s."
    )
    assert figures(line) == [
        (1, 48, "tokens/s"),
        (1, 54, "tokens/s"),
        (1, 98, "tokens/s"),
        (1, 58, "tokens/s"),
        (1, 59, "tokens/s"),
    ]
    found = readings(line)
    assert [r[2] for r in found[3:]] == ["range_min", "range_max"]
    assert found[0][3] is True and found[0][1] == "decode_rate"


def test_a_bullet_with_code_spans_a_shared_unit_and_arithmetic() -> None:
    # jethac docs/BASELINE_RESULTS.md line 191: the list shares `tok/s`; `2+2` returns `4` is not
    line = (
        "- fp8 comparator: `3,101,822` KV tokens, no-graph policy matched to FP4, decode "
        "`56.73`, `56.81`, and `57.10 tok/s`, raw `2+2` returns `4`."
    )
    assert figures(line) == [
        (1, 3101822, "tokens"),
        (1, 56.73, "tokens/s"),
        (1, 56.81, "tokens/s"),
        (1, 57.10, "tokens/s"),
    ]
    assert readings(line)[0][1] == "kv_capacity"


def test_ratios_and_capacities_in_code_spans() -> None:
    # jethac docs/BASELINE_RESULTS.md line 173
    line = (
        "- stock `fp4_e2m1` with Triton attention allocated a larger `5,534,509` token KV pool, "
        "about `1.78x` the fp8 row, then failed on missing `KVFP4QuantizeUtil`."
    )
    assert figures(line) == [(1, 5534509, "tokens"), (1, 1.78, "×")]
    assert readings(line)[1][1:4] == ("ratio", "as reported", True)


def test_measured_memory_and_times() -> None:
    # teaql round-2 lines 93-94, round-1 lines 12-14; jethac run summary line 31
    text = (
        "Only 1.81 GiB of system memory remained available and 6.82 GiB of swap was in\n"
        "use.\n"
        "\n"
        "returned the first streaming byte in 0.187 seconds and completed a minimal\n"
        "request in 1.023 seconds.\n"
        "\n"
        "- model loading took `17.17 GiB` memory and `127.259276` seconds.\n"
    )
    assert figures(text) == [
        (1, 1.81, "GiB"),
        (1, 6.82, "GiB"),
        (4, 0.187, "s"),
        (5, 1.023, "s"),
        (7, 17.17, "GiB"),
        (7, 127.259276, "s"),
    ]


def test_percent_takes_its_metric_from_the_words_after_it() -> None:
    # Kleybrink README.md line 126 (last sentences)
    line = (
        "A 30B MoE with 3.6B active params runs at 69 tok/s — while a 27B dense model crawls at "
        "11 tok/s. Nemotron Cascade 2 30B takes this further, achieving 100% accuracy at "
        "66.8 tok/s."
    )
    assert figures(line) == [
        (1, 69, "tokens/s"),
        (1, 11, "tokens/s"),
        (1, 100, "%"),
        (1, 66.8, "tokens/s"),
    ]
    assert readings(line)[2][1] == "judge_pass_rate"


def test_a_bandwidth_is_a_figure_only_where_something_measured_or_corrected_it() -> None:
    # epappas decisions.md: a paired rerun corrects an outlier; a spec sheet's bandwidth is
    # stated, never measured (`273 GB/s bandwidth`)
    text = (
        "It was a low outlier; four paired runs corrected it to 22.68 GB/s.\n"
        "\n"
        "The median was later revised to 21.95 GB/s.\n"
        "\n"
        "The box has 273 GB/s of memory bandwidth.\n"
    )
    assert [(value, metric) for value, metric, *_ in readings(text)] == [
        (22.68, "bandwidth"),
        (21.95, "bandwidth"),
    ]


def test_energy_a_meter_measured_in_joules_and_kilowatt_hours() -> None:
    # chuyishang/inference-energy results_paste.md lines 56 and 80 (session 29): before the
    # energy units a run's joules were no unit, and neither number a figure
    text = (
        "M1  Total energy:              213326.31 J (0.059257 kWh)\n"
        "Active energy:                 174543.31 J (0.048484 kWh)\n"
    )
    assert figures(text) == [
        (1, 213326.31, "J"),
        (1, 0.059257, "kWh"),
        (2, 174543.31, "J"),
        (2, 0.048484, "kWh"),
    ]
    assert {reading[1] for reading in readings(text)} == {"energy"}
