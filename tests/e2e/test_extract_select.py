"""Selection: which harvested candidates are reported results, deterministically."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from draftflow.extract.classify import is_figure_text, select, without_unread_prose
from draftflow.extract.harvest.run import harvest
from draftflow.extract.metric_names import metric_name
from draftflow.extract.raw_tables import MAX_TABLE_ROWS
from extract_support import snapshot_of


@pytest.mark.parametrize(
    ("name", "metric"),
    [
        ("decode_tokens_per_s", "decode_rate"),
        ("Decode tok/s", "decode_rate"),
        ("Prefill tok/s", "prefill_rate"),
        ("pp512", "prefill_rate"),
        ("tg128", "decode_rate"),
        ("Aggregate tok/s", "aggregate_throughput"),
        ("t/s (total)", "aggregate_throughput"),
        ("TTFT (s)", "ttft"),
        ("ttft_ms.p50", "ttft"),
        ("p99 ITL (ms)", "inter_token_latency"),
        ("wall_latency_s", "latency"),
        ("gpu_mem_used_peak_mb", "memory"),
        ("decode_tokens_per_s_std", "decode_rate_stdev"),
        ("ttft_s_norm", "ttft_normalised"),
        ("c=6 aggregate", "aggregate_throughput"),
        ("Acceptance", "speculative_acceptance_rate"),
        ("judge_pass_rate", "judge_pass_rate"),
        ("id", None),
        ("timestamp", None),
        ("date", None),
        ("concurrency", None),
        ("c=1", None),
        ("max_model_len", None),
        ("prompt_tokens", None),
        ("version", None),
        ("samples", "completed_requests"),
        ("num_prompts", None),
        ("temperature", None),
    ],
)
def test_metric_names(name: str, metric: str | None) -> None:
    assert metric_name(name) == metric


def test_figures_are_not_sentences_code_or_bounds() -> None:
    assert is_figure_text("**191.2**")
    assert is_figure_text("168 ms")
    assert is_figure_text("11792.96 ± 265.41")
    assert not is_figure_text("`1024`")
    assert not is_figure_text("Fleet generation (all streams together). ~160–190 at c=6")
    assert not is_figure_text("≤ 300ms")
    assert not is_figure_text("273 / 80 ≈ 3.4 tok/s")
    assert not is_figure_text("#48407")


def _selected(files: dict[str, str]) -> list[tuple[int, str, str, object]]:
    chosen = select(harvest(snapshot_of(files)))
    return [(s.candidate.line, s.candidate.key, s.metric, s.candidate.value) for s in chosen]


def test_csv_selects_metric_columns_and_skips_settings_and_ids() -> None:
    text = "run_id,date,concurrency,decode_tok_s,ttft_ms\n7,2026-01-02,4,45.5,120\n"
    assert _selected({"r.csv": text}) == [
        (2, "decode_tok_s", "decode_rate", 45.5),
        (2, "ttft_ms", "ttft", 120),
    ]


def test_markdown_matrix_takes_its_metric_from_the_caption() -> None:
    text = (
        "## Matrix\n\nCell value = median per-stream decode tok/s.\n\n"
        "| Prompt | c=1 | c=2 |\n|---|---|---|\n| 256 | 82.6 | 56.9 |\n"
    )
    assert _selected({"R.md": text}) == [
        (7, "c=1", "decode_rate", 82.6),
        (7, "c=2", "decode_rate", 56.9),
    ]


def test_row_header_names_the_metric_in_transposed_tables() -> None:
    text = "| Mode | A | B |\n|---|---|---|\n| C1 decode, warm median | 74.6 | 95.9 |\n"
    chosen = select(harvest(snapshot_of({"R.md": text})))
    assert [(s.metric, s.statistic) for s in chosen] == [("decode_rate", "median as reported")] * 2


def test_llama_bench_rows_name_their_phase() -> None:
    text = (
        "| model | test | t/s |\n|---|---|---|\n"
        "| m | pp1024 (c1) | 11792.96 ± 265.41 |\n| m | tg1024 (c1) | 46.47 ± 0.35 |\n"
    )
    chosen = select(harvest(snapshot_of({"R.md": text})))
    assert [(s.metric, s.value) for s in chosen] == [
        ("prefill_rate", 11792.96),
        ("prefill_rate_spread", 265.41),
        ("decode_rate", 46.47),
        ("decode_rate_spread", 0.35),
    ]
    assert "±" in chosen[0].statistic
    assert "spread" in chosen[1].statistic


def test_percentages_only_for_changes_and_rates() -> None:
    text = (
        "| x | Decode tok/s | Change | Pass Rate |\n|---|---|---|---|\n| a | 50% | +28.6% | 90% |\n"
    )
    assert [(m, v) for _, _, m, v in _selected({"R.md": text})] == [
        ("relative_change", 28.6),
        ("judge_pass_rate", 90),
    ]


def test_telemetry_and_raw_dumps_are_not_results() -> None:
    telemetry = "elapsed_s,power_w,mem_used_mb,decode_tok_s\n" + "".join(
        f"{i * 10},40.5,1200,{i}.5\n" for i in range(5)
    )
    dump = "model,decode_tok_s\n" + "".join(f"m{i},{i}.5\n" for i in range(MAX_TABLE_ROWS + 1))
    small = "model,decode_tok_s\n" + "".join(f"m{i},{i}.5\n" for i in range(3))
    assert _selected({"t.csv": telemetry, "dump.csv": dump}) == []
    assert len(_selected({"small.csv": small})) == 3


def test_json_settings_subtrees_are_not_results() -> None:
    text = '{"hardware": {"mem_gb": 128}, "config": {"decode_tok_s": 1}, "decode_tok_s": 42.0}'
    assert _selected({"r.json": text}) == [(1, "decode_tok_s", "decode_rate", 42.0)]


_SELECT_IN_A_FRESH_PROCESS = """
import json, sys
sys.path.insert(0, sys.argv[1])
from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from extract_support import snapshot_of
chosen = select(harvest(snapshot_of({"r.csv": sys.stdin.read()})))
print(json.dumps([[s.candidate.line, s.candidate.key, s.metric, s.candidate.value]
                  for s in chosen]))
"""


def test_selection_is_deterministic() -> None:
    """The same table gives the same figures in the same order here and in fresh processes
    whose string hashes differ: an order taken from a set of names is the same on every call
    of one process, so calling twice here could not show it."""
    text = (
        "model,decode_tok_s,ttft_s,prefill_tok_s,tpot_ms,e2e_s\n"
        "a,1.5,0.2,900,12,4.5\nb,2.5,0.3,950,11,5.5\n"
    )
    expected = [
        [line, key, metric, value]
        for line, values in ((2, (1.5, 0.2, 900, 12, 4.5)), (3, (2.5, 0.3, 950, 11, 5.5)))
        for (key, metric), value in zip(
            [
                ("decode_tok_s", "decode_rate"),
                ("ttft_s", "ttft"),
                ("prefill_tok_s", "prefill_rate"),
                ("tpot_ms", "inter_token_latency"),
                ("e2e_s", "latency"),
            ],
            values,
            strict=True,
        )
    ]
    assert [list(item) for item in _selected({"r.csv": text})] == expected
    tests = str(Path(__file__).parents[1])
    for seed in ("1", "2"):
        fresh = subprocess.run(
            [sys.executable, "-c", _SELECT_IN_A_FRESH_PROCESS, tests],
            input=text,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=True,
        )
        assert json.loads(fresh.stdout) == expected, f"PYTHONHASHSEED={seed}"


def test_slashed_cells_give_one_figure_per_value() -> None:
    text = "| Mode | Regular |\n|---|---|\n| C4 / C6 aggregate | 263.7 / 340.5 |\n"
    chosen = select(harvest(snapshot_of({"R.md": text})))
    assert [(s.metric, s.value) for s in chosen] == [
        ("aggregate_throughput", 263.7),
        ("aggregate_throughput", 340.5),
    ]


@pytest.mark.parametrize(
    "folder", ["heitor-mocelin__dgx-spark-research", "teaql__nvidia-dgx-spark-model-benchmark"]
)
def test_the_model_pass_selection_less_unread_prose_is_the_deterministic_one(
    folder: str, corpus_dir: Path, manifest: dict[str, dict[str, Any]]
) -> None:
    """extract() classifies the candidates once for both passes: the deterministic pass's
    selection is the model pass's without the prose the prose finder did not read."""
    from dataclasses import replace

    from draftflow.acquire import acquire
    from draftflow.extract.candidates import SourceFormat
    from draftflow.extract.classify import Selected

    entry = manifest[folder]
    snapshot = acquire(str(corpus_dir / folder), revision=entry["revision"], origin=entry["url"])
    candidates = harvest(snapshot)
    with_prose = select(candidates, include_prose=True)
    assert without_unread_prose(with_prose) == select(candidates)
    read = next(c for c in candidates if c.format is SourceFormat.PROSE and c.reading)
    unread = replace(read, reading=None)  # prose the prose finder did not read
    extra = [Selected(unread, "m", "", "as reported"), Selected(read, "m", "", "as reported")]
    assert without_unread_prose([*with_prose, *extra]) == [*select(candidates), extra[1]]


CHAIN = """# Leaderboard

### Time to First Token (seconds)

| Framework | Median | Mean | Price ($) |
|---|---|---|---|
| a | 0.25 | 0.31 | 1.5 |

### Output Tokens Throughput (tokens/s)

| Framework | Median |
|---|---|
| a | 66 |

Average speed (tokens/s) of generating 1024 tokens.

| GPU | 8B Q4_K_M |
|---|---|
| 3090 | 111.7 |
"""


def test_a_table_cell_reads_its_metric_and_unit_from_caption_then_headings() -> None:
    chosen = select(harvest(snapshot_of({"README.md": CHAIN})))
    # the `Price ($)` column writes a unit of its own: no metric from the heading
    assert [(s.candidate.line, s.metric, s.unit, s.candidate.value) for s in chosen] == [
        (7, "ttft", "s", 0.25),
        (7, "ttft", "s", 0.31),
        (13, "throughput", "tokens/s", 66),
        (19, "throughput", "tokens/s", 111.7),
    ]
