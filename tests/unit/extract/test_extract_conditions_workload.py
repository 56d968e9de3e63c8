"""Run settings and workload from a figure's context chain (`extract/conditions/workload.py`,
`settings.py`): what each level states, and what stays unspecified."""

from __future__ import annotations

import pytest
from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions
from draftflow.extract.conditions.cite import states
from draftflow.extract.conditions.place_reading import counts_at
from draftflow.extract.conditions.run_settings import (
    setting_of_key,
    settings_in_pairs,
    settings_in_text,
)
from draftflow.extract.conditions.workload import (
    programs_in,
    run_settings,
    workload_in_text,
    workload_of_path,
)
from draftflow.extract.harvest.markdown_tables import harvest_markdown
from draftflow.extract.results import conditions_for


def _context(text: str, path: str = "report.md") -> DocumentContext:
    return DocumentContext(make_document(path, text))


def _line_of(text: str, wanted: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if wanted in line)


def _conditions(
    text: str, line: int, cell: str, value: float, readme: str | None = None
) -> dict[str, JsonValue]:
    context = _context(text)
    return seed_conditions(
        {},
        text=cell,
        value=value,
        line=line,
        column=None,
        context=context,
        readme=_context(readme, "README.md") if readme is not None else None,
    )


def test_a_sentence_states_token_lengths_by_the_words_around_the_count() -> None:
    assert settings_in_text("speed of generating 1024 tokens by GPUs").single() == {
        "output_tokens": 1024
    }
    assert settings_in_text("Average 512 tokens prompt eval speed").single() == {
        "input_tokens": 512
    }
    assert settings_in_text("Dataset is X, 10 rows of 256 tokens per test.").single() == {
        "context_tokens": 256
    }
    assert settings_in_text("with 8 concurrent requests").single() == {"concurrency": 8}


def test_counts_that_no_setting_word_names_are_not_settings() -> None:
    assert settings_in_text("We sent 150 requests of 550 tokens each").values == {}
    assert settings_in_text("a 4.3K-token prompt and 32K tokens generated").values == {}


def test_two_values_for_one_setting_are_a_conflict() -> None:
    stated = settings_in_text("generating 128 tokens, then generating 1024 tokens")
    assert stated.single() == {}
    assert stated.conflicts == frozenset({"output_tokens"})


def test_a_key_names_its_setting_with_a_length_word() -> None:
    assert setting_of_key("Prompt's token length") == "input_tokens"
    assert setting_of_key("Expected output length") == "output_tokens"
    assert setting_of_key("Concurrency") == "concurrency"
    assert setting_of_key("Total number of requests") is None
    assert setting_of_key("Output directory") is None
    pairs = [("Concurrency", "5 (5 concurrent requests)"), ("Tested models", "7B")]
    assert settings_in_pairs(pairs).single() == {"concurrency": 5}


def test_a_run_file_name_states_its_workload_between_settings_and_timestamp() -> None:
    name = "r/Qwen_Qwen3-30B-A3B-FP8_conc1_in32000_out1024_low_context_chat_20260210_074736.json"
    assert workload_of_path(name) == "low_context_chat"
    assert workload_of_path("docs/v0_2_phase0_results.md") is None
    assert workload_of_path("runs/model_conc4_20260101.json") is None  # one setting only
    assert workload_of_path("runs/a_conc1_in64_Mixed_2.json") is None  # not a plain word


def test_a_lead_in_names_the_dataset_shortened_to_what_identifies_it() -> None:
    found = workload_in_text(
        "Perplexity tests. Dataset is The Pile, 10 rows of 512 tokens per test."
    )
    assert found == "The Pile, 10 rows of 512 tokens"
    assert workload_in_text("Number of samples per task is limited to 10.") is None


def test_a_methodology_command_names_the_program_it_runs() -> None:
    assert programs_in(["python bench/token_benchmark_ray.py \\\n --model X"]) == {
        "token_benchmark_ray"
    }


README = """# Leaderboard

#### Run Configurations

```
python token_benchmark_ray.py --num-concurrent-requests 5
```

- Concurrency:                  5 (5 concurrent requests to the provider)
- Prompt's token length:        550
- Expected output length:       150

### Output throughput

| Framework | Median |
|---|---:|
| a | 66 |
"""


def test_the_readme_methodology_section_gives_every_table_its_run_settings() -> None:
    found = _conditions(README, _line_of(README, "| a | 66"), "66", 66.0)
    assert found["concurrency"] == 5
    assert (found["input_tokens"], found["output_tokens"]) == (550, 150)
    assert found["workload"] == "token_benchmark_ray"


def test_a_caption_beats_the_methodology_and_a_row_beats_the_caption() -> None:
    text = README.replace(
        "| Framework | Median |", "Measured generating 64 tokens.\n\n| Framework | Median |"
    )
    assert _conditions(text, _line_of(text, "| a | 66"), "66", 66.0)["output_tokens"] == 64
    rowed = text.replace("| Framework | Median |", "| output tokens | Median |").replace(
        "| a | 66 |", "| 32 | 66 |"
    )
    assert _conditions(rowed, _line_of(rowed, "| 32 | 66"), "66", 66.0)["output_tokens"] == 32


def test_a_setting_stated_twice_at_one_level_stays_unspecified_at_every_level() -> None:
    text = README.replace(
        "| Framework | Median |",
        "Runs generating 64 tokens and generating 256 tokens.\n\n| Framework | Median |",
    )
    found = _conditions(text, _line_of(text, "| a | 66"), "66", 66.0)
    assert "output_tokens" not in found  # not the methodology's 150 either
    assert found["input_tokens"] == 550


def test_a_later_table_is_not_read_with_the_first_tables_caption() -> None:
    text = (
        "# T\n\n## Overview\n\nSpeed of generating 1024 tokens.\n\n| GPU | 8B |\n|---|---|\n"
        "| a | 70.9 |\n\nAverage 1024 tokens prompt eval speed.\n\n| GPU | 8B |\n|---|---|\n"
        "| a | 2283.6 |\n\n## Detail\n\n| GPU | tg 1024 | pp 1024 |\n|---|---|---|\n"
        "| a | 70.1 | 2280.0 |\n"
    )
    context = _context(text)
    first = run_settings(context, None, _line_of(text, "| a | 70.9"))
    second = run_settings(context, None, _line_of(text, "| a | 2283.6"))
    assert first["output_tokens"] == 1024 and "input_tokens" not in first
    assert second["input_tokens"] == 1024 and "output_tokens" not in second
    assert _conditions(text, _line_of(text, "| a | 70.9"), "70.9", 70.9)["workload"] == "tg 1024"
    assert (
        _conditions(text, _line_of(text, "| a | 2283.6"), "2283.6", 2283.6)["workload"] == "pp 1024"
    )


def test_a_sentence_about_something_else_names_no_workload() -> None:
    text = "However, the current dataset is already sufficient to differentiate between models."
    assert workload_in_text(text) is None
    assert workload_in_text("Workload: sharegpt_v3 prompts.") == "sharegpt_v3 prompts"


def test_a_section_intro_below_a_figure_states_other_runs_not_its_own() -> None:
    text = (
        "# Round 2\n\n## Result\n\n"
        "Warm generation stayed at 15.45 tokens per second.\n\n"
        "- Thinking with a budget took 328 seconds generating 5,370 tokens.\n"
    )
    line = _line_of(text, "15.45")
    assert "output_tokens" not in run_settings(_context(text), None, line)
    assert run_settings(_context(text), None, _line_of(text, "5,370"))["output_tokens"] == 5370


def test_a_single_stream_heading_states_a_concurrency_of_one() -> None:
    """kojira/vllm_gb10 README.md:171 (an editor's read): `#### v25.12 シングルストリーム
    （1024トークン生成）` above its table; in English, `### Single-stream decode`."""
    for heading in ("v25.12 シングルストリーム（1024トークン生成）", "Single-stream decode"):
        text = f"# Bench\n\n### {heading}\n\n| Model | TPS |\n|---|---|\n| Qwen3-0.6B | 100.8 |\n"
        context = DocumentContext(make_document("README.md", text))
        line = text.splitlines().index("| Qwen3-0.6B | 100.8 |") + 1
        assert run_settings(context, None, line).get("concurrency") == 1
        assert states(heading, 1)


def test_single_stream_as_a_formula_s_base_is_no_run_s_concurrency() -> None:
    """kojira/vllm_gb10 README.md:424: `並列効率 = (N並列時の1セッションTPS) / (シングル
    ストリームTPS) × 100%` leads a table of 64-way efficiencies, not single-stream runs."""
    assert (
        "concurrency"
        not in settings_in_text(
            "並列効率 = (N並列時の1セッションTPS) / (シングルストリームTPS) × 100%"
        ).values
    )
    assert "concurrency" not in settings_in_text("4.2x faster than single-stream").values
    assert settings_in_text("Single-user decode on one Spark").values["concurrency"] == {1}


def test_a_setting_s_word_between_a_count_and_its_unit_names_it() -> None:
    """flowy0/gb10-experiments docs/BENCHMARKS.md:3 (dev gold): `Speed measured with minimal
    prompt ("hi"), 100 output tokens`; a rate (`100 output tokens/s`) is no setting."""
    stated = settings_in_text('Speed measured with minimal prompt ("hi"), 100 output tokens.')
    assert stated.values == {"output_tokens": {100}}
    both = settings_in_text("512 prompt tokens and 128 generated tokens")
    assert both.values == {"input_tokens": {512}, "output_tokens": {128}}
    assert settings_in_text("it reached 100 output tokens/s").values == {}


def test_a_count_after_the_word_concurrency_is_the_concurrency() -> None:
    """luongnv89/dgx-spark-llm-lab README.md:31 and rhattala/dgx-spark-bench README.md:209
    (dev gold): `~122–187 tok/s aggregate at concurrency 4`, `10 min at concurrency 4`."""
    stated = settings_in_text("~35–48 tok/s per stream · ~122–187 tok/s aggregate at concurrency 4")
    assert stated.values == {"concurrency": {4}}
    assert settings_in_text("max concurrency: 16 requests").values == {"concurrency": {16}}
    assert settings_in_text("from concurrency 1 to concurrency 64").conflicts == {"concurrency"}


def test_a_batch_written_as_its_setting_is_the_runs_concurrency() -> None:
    """E27-25/fusionxpark-gb10-hwtest (dev gold): `All GB10 numbers: batch=1, ...` over a
    table, `**Batch=1 (latency-focused):**`, a `Stage 2 bs=4` column; the gold policy counts a
    batch size as the run's load. llama.cpp's `--batch-size 2048` is its prompt batch, no load."""
    caption = "All GB10 numbers: batch=1, short prompt (~128 tokens), generate 256 tokens, BF16."
    assert settings_in_text(caption).values == {"concurrency": {1}, "output_tokens": {256}}
    assert settings_in_text("**Batch=1 (latency-focused):**").values == {"concurrency": {1}}
    assert settings_in_text("llama-bench --batch-size 2048 -ub 512").values == {}
    assert settings_in_text("batch 3 of 5").values == {}
    # robbiemu/dgx-spark-inference docs/handbook.md:38: a CUDA-graph capture setting
    assert settings_in_text("the cap-CUDA-graphs-to-bs=1 optimization is planned").values == {}
    table = (
        "# Bench\n\n## Latency\n\n| Backend | Stage 2 bs=1 | Stage 2 bs=4 |\n|---|---|---|\n"
        "| vLLM FP4 | 1,819 ms | 456 ms |\n"
    )
    found = {
        value: conditions_for(candidate)
        for candidate in harvest_markdown(make_document("README.md", table))
        for value in candidate.values
    }
    assert found[456]["concurrency"] == 4 and found[1819]["concurrency"] == 1


def test_a_json_statistic_joined_to_its_measure_is_a_reading_not_a_setting() -> None:
    """llama-bench's run JSON holds `avg_ns`, `stddev_ns`, `stddev_ts` beside `avg_ts`:
    readings of the same run, never settings its rate was measured at (each rate's label
    carried `avg_ns 26042952710, stddev_ns 7477302`); `max_tokens` stays a setting."""
    from draftflow.extract.harvest.json_leaves import harvest_json

    text = (
        '[\n  {\n    "n_prompt": 512,\n    "max_tokens": 64,\n    "avg_ns": 26042952710,\n'
        '    "stddev_ns": 7477302,\n    "avg_ts": 19.65983,\n    "stddev_ts": 0.005643\n  }\n]\n'
    )
    rate = next(
        c for c in harvest_json(make_document("results/run.json", text)) if 19.65983 in c.values
    )
    found = conditions_for(rate)
    assert not {"avg_ns", "stddev_ns", "stddev_ts"} & set(found)
    assert found["n_prompt"] == 512
    assert found["max_tokens"] == 64


def test_a_load_written_after_an_at_sign_is_a_concurrency() -> None:
    assert settings_in_text("951 tok/s @ C=32 aggregate").single() == {"concurrency": 32}
    assert settings_in_text("it batches to 48.7 tok/s @ c8").single() == {"concurrency": 8}
    assert settings_in_text("pass@1 of 40% and a@c8.com").single() == {}


def test_single_stream_beside_another_load_states_no_concurrency() -> None:
    # read-s32: heitor-mocelin 2xAsusGx10/README.md:13 "11.9 tok/s single-stream / 48.7 tok/s
    # @ c8": 48.7 was published at concurrency 1
    stated = settings_in_text("at **11.9 tok/s single-stream / 48.7 tok/s @ c8**, on FP4")
    assert stated.single() == {}
    assert "concurrency" in stated.conflicts


_SWEEP_UNDER_A_CAPTION = """# Results

## 2026-08-01 sweep

900K acceptance: 899,994 prompt tokens, 1,028.85 s TTFT.

| Prompt | Concurrency | TTFT (s) |
| ---: | ---: | ---: |
| 256 | 1 | 0.63 |
| 2,048 | 2 | 1.11 |
"""


def test_a_caption_setting_is_not_a_row_whose_column_states_it() -> None:
    # read-s32: MiaAI-Lab results/RESULTS-2026-08-14.md:73, the 2,048-token row's TTFT was
    # given the 900K acceptance run's input tokens, 899994
    context = DocumentContext(make_document("results/run.md", _SWEEP_UNDER_A_CAPTION))
    row = _SWEEP_UNDER_A_CAPTION.splitlines().index("| 2,048 | 2 | 1.11 |") + 1
    found = seed_conditions(
        {}, text="1.11", value=1.11, line=row, column="TTFT (s)", context=context, readme=None
    )
    assert found.get("input_tokens") != 899994
    assert found["concurrency"] == 2
    caption = _SWEEP_UNDER_A_CAPTION.splitlines().index(
        "900K acceptance: 899,994 prompt tokens, 1,028.85 s TTFT."
    )
    found = seed_conditions(
        {},
        text="1,028.85",
        value=1028.85,
        line=caption + 1,
        column=None,
        context=context,
        readme=None,
    )
    assert found["input_tokens"] == 899994  # the caption's own figure keeps it


@pytest.mark.parametrize(
    "text",
    [
        "(Qwen3.6 measured **75 tok/s single-stream / 951 peak**, at 58% of its roofline).",
        "~627 tok/s @ c32, ~951 peak, single-stream ~75",
        # AsusGx10/FINDINGS.md:91, the sentence above `**Qwen3.6 951 tok/s**`
        "Single-stream is bandwidth-bound; **saturation is not**. Every model pegs 96% GPU-util",
        "single-stream and aggregate throughput of each model",
    ],
)
def test_a_peak_beside_a_single_stream_states_no_concurrency_for_all(text: str) -> None:
    """heitor-mocelin/dgx-spark-research guides/05-benchmarking-and-the-tuning-loop.md:10
    (read-s32): the peak aggregate 951 took the single stream's concurrency 1."""
    stated = settings_in_text(text)
    assert "concurrency" not in stated.single()
    assert settings_in_text("decodes at 75 tok/s single-stream").single() == {"concurrency": 1}


def test_a_peak_beside_a_single_stream_states_no_concurrency_of_zero() -> None:
    text = "(Qwen3.6 measured **75 tok/s single-stream / 951 peak**, at 58% of its roofline)."
    context = DocumentContext(make_document("guides/05.md", f"# Tuning\n\n{text}\n"))
    assert 0 not in counts_at(context, 3, "concurrency")
