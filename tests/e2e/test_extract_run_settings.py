"""Run settings and workload on the real corpus lines where issue 21 found them missing: each
test reads one real document and resolves a figure's conditions the way the deterministic
extraction does (`seed_conditions`)."""

from __future__ import annotations

from pydantic import JsonValue

from conftest import CORPUS
from draftflow.acquire import acquire
from draftflow.extract.conditions import DocumentContext, seed_conditions

PALATINE_RUN = (
    "final_results/qwen-30b-a3b/results/"
    "Qwen_Qwen3-30B-A3B-FP8_conc1_in32000_out1024_low_context_chat_20260210_074736.json"
)


def _conditions(
    repository: str, path: str, line: int, text: str, value: float
) -> dict[str, JsonValue]:
    snapshot = acquire(str(CORPUS / repository))
    document = snapshot.by_path(path)
    assert document is not None
    readme = (
        snapshot.by_path("README.md") if (CORPUS / repository / "README.md").is_file() else None
    )
    return seed_conditions(
        {},
        text=text,
        value=value,
        line=line,
        column=None,
        context=DocumentContext(document),
        readme=DocumentContext(readme) if readme is not None and readme is not document else None,
    )


def test_llmperf_tables_take_the_run_configurations_section() -> None:
    """README line 59 (groq 185 tok/s): settings stated once, in `#### Run Configurations`."""
    found = _conditions("ray-project__llmperf-leaderboard", "README.md", 59, "185", 185.0)
    assert found["concurrency"] == 5
    assert (found["input_tokens"], found["output_tokens"]) == (550, 150)
    assert found["workload"] == "token_benchmark_ray"


def test_xiongjiedai_overview_tables_read_their_own_captions() -> None:
    """Line 33 sits under `generating 1024 tokens`, line 85 under `1024 tokens prompt eval`:
    each table has its own length, named as the document's columns name it."""
    repository = "XiongjieDai__GPU-Benchmarks-on-LLM-Inference"
    decode = _conditions(repository, "README.md", 33, "144.49", 144.49)
    assert decode["output_tokens"] == 1024 and "input_tokens" not in decode
    assert decode["workload"] == "tg 1024"
    prefill = _conditions(repository, "README.md", 85, "11560.23", 11560.23)
    assert prefill["input_tokens"] == 1024 and "output_tokens" not in prefill
    assert prefill["workload"] == "pp 1024"


def test_palatine_run_file_names_its_workload() -> None:
    found = _conditions(
        "PalatineVision__dgx-spark-benchmark", PALATINE_RUN, 1, "51.28", 51.282952724374674
    )
    assert found["workload"] == "low_context_chat"
    assert "input_tokens" not in found  # `in32000` is not what the prompts held (2085 / 50)


def test_exllamav2_perplexity_names_its_dataset_and_row_length() -> None:
    found = _conditions("turboderp__exllamav2", "doc/qcache_eval.md", 34, "10.91", 10.91)
    assert found["workload"] == "The Pile, 10 rows of 512 tokens"
    assert found["context_tokens"] == 512


def test_exllamav2_humaneval_takes_no_workload_from_a_sample_limit() -> None:
    """`Number of samples per task is limited to 10` names no task, so not `limited`: the
    workload is the benchmark its heading names (`### HumanEval`)."""
    found = _conditions("turboderp__exllamav2", "doc/qcache_eval.md", 54, "25.1", 25.1)
    assert found.get("workload") == "HumanEval"


def test_a_report_name_is_not_a_run_file_name() -> None:
    """robbiemu's `v0_2_phase0_results.md` once gave every figure workload `results`."""
    found = _conditions(
        "robbiemu__dgx-spark-inference", "docs/v0_2_phase0_results.md", 173, "268,319", 268319.0
    )
    assert found.get("workload") != "results"
