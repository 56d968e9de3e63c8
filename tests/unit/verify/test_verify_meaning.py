"""What a cited place states beside its figure (verify/meaning.py) and which provenance words
claim something (verify/provenance.py), read from in-memory documents."""

from __future__ import annotations

import json

import pytest

from draftflow.verify.context import DocumentIndexes
from draftflow.verify.index import DocumentIndex
from draftflow.verify.meaning import label_settings, setting_name, stated_settings
from draftflow.verify.provenance import claimed_stems
from extract_support import snapshot_of

RUN = {
    "concurrency": 64,
    "points": [
        {"concurrency": 1, "agg_tok_s": 99.6, "ttft_ms": {"p50": 178, "p99": 304}, "samples": 70},
        {"concurrency": 4, "agg_tok_s": 189.2, "ttft_ms": {"p50": 245, "p99": 726}},
    ],
}
TABLE = """# Sweep

| C | Server gen tok/s | Acceptance |
| ---: | ---: | ---: |
| 1 | 52.8 | 0.585 |
| 12 | 230.1 | 0.602 |
"""


def index_of(path: str, text: str) -> DocumentIndex:
    document = snapshot_of({path: text}).documents[0]
    return DocumentIndexes().of(document)


def line_of(index: DocumentIndex, fragment: str, occurrence: int = 0) -> int:
    found = [n for n, text in enumerate(index.document.line_list, 1) if fragment in text]
    return found[occurrence]


def test_a_leaf_takes_its_settings_from_the_innermost_object_that_states_them() -> None:
    index = index_of("run.json", json.dumps(RUN, indent=2))
    second_p50 = line_of(index, '"p50": 245')
    stated = stated_settings(index, second_p50)
    assert stated["concurrency"][0].strip().rstrip(",") == "4"  # the point's, not the file's 64
    first_rate = line_of(index, '"agg_tok_s": 99.6')
    assert stated_settings(index, first_rate)["concurrency"][0].strip().rstrip(",") == "1"


def test_a_table_row_states_the_setting_its_header_names() -> None:
    index = index_of("RESULTS.md", TABLE)
    row = line_of(index, "| 12 |")
    assert stated_settings(index, row) == {"concurrency": ("12", row)}
    assert stated_settings(index, line_of(index, "# Sweep")) == {}


@pytest.mark.parametrize(
    ("key", "name"),
    [
        ("concurrency", "concurrency"),
        ("Max Concurrency", "concurrency"),
        ("C", "concurrency"),
        ("batch_size", "batch_size"),
        ("BS", "batch_size"),
        ("num_nodes", "node_count"),
        ("Server gen tok/s", None),
        ("input_tokens", None),
    ],
)
def test_setting_names(key: str, name: str | None) -> None:
    assert setting_name(key) == name


@pytest.mark.parametrize(
    ("label", "settings"),
    [
        ("decode rate at concurrency 1", [("concurrency", 1)]),
        ("aggregate decode, c=64, bs=8", [("concurrency", 64), ("batch_size", 8)]),
        ("batch size 16 on 2 nodes", [("batch_size", 16), ("node_count", 2)]),
        ("Qwen3-30B decode tok/s at 4096 tokens", []),
        ("pp1024 (c1)", []),  # llama-benchy's test name, no setting written with its value
    ],
)
def test_label_settings(label: str, settings: list[tuple[str, int]]) -> None:
    assert [(name, value) for name, value, _ in label_settings(label)] == settings


@pytest.mark.parametrize(
    ("text", "stems"),
    [
        ("Independently reproduced: Qwen3 on a DGX Spark", {"independen", "reproduc"}),
        ("Results were replicated by a third-party lab.", {"replicat", "third_party"}),
        ("Source-reported only; nothing here was reproduced independently.", set()),
        ("The figures were not reproduced.", set()),
        ("Anyone with a Spark can reproduce a published series.", set()),
        ("Reproducibility principles", set()),
    ],
)
def test_only_un_negated_claiming_forms_claim_provenance(text: str, stems: set[str]) -> None:
    assert {stem for stem, _ in claimed_stems(text)} == stems


def test_a_label_s_device_counts_and_parallelism_are_settings() -> None:
    found = list(label_settings("Qwen3 decode, 2 GPUs, TP=2, 4 nodes, tensor parallelism 8"))
    assert ("gpu_count", 2, "2 GPUs") in found
    assert ("tensor_parallel", 2, "TP=2") in found
    assert ("node_count", 4, "4 nodes") in found
    assert ("tensor_parallel", 8, "tensor parallelism 8") in found
    assert setting_name("tensor_parallel_size") == "tensor_parallel"
    assert setting_name("num_gpus") == "gpu_count"


def test_a_setting_s_name_must_stand_beside_its_value() -> None:
    from draftflow.verify.meaning import _SETTING_WORDS, _named_near

    nodes = _SETTING_WORDS["node_count"]
    far = "so anyone with a Spark can reproduce a published series with two clones and three"
    assert not _named_near(nodes, far, 2)
    assert _named_near(nodes, "Two DGX Sparks linked over 200 GbE", 2)
    assert _named_near(nodes, "| 2x DGX Spark | 41.2 |", 2)
    assert not _named_near(_SETTING_WORDS["gpu_count"], '"concurrency": 2,', 2)
    assert _named_near(_SETTING_WORDS["tensor_parallel"], "vllm serve --tensor-parallel-size 2", 2)


def test_a_rate_header_with_its_load_after_an_at_sign_names_the_concurrency() -> None:
    from draftflow.verify.meaning import _SETTING_WORDS, _named_near

    concurrency = _SETTING_WORDS["concurrency"]
    assert _named_near(concurrency, "| Backend | TPS@4 | QPS@4 | TPS@1 |", 4)
    assert not _named_near(concurrency, "| Model | pass@4 |", 4)


def test_a_header_extract_reads_as_a_setting_is_that_setting() -> None:
    """savoirtech/ollama-parallel-performance: the column extract reads as the concurrency
    states it for verify too, or every figure of the table is removed."""
    assert setting_name("Number of Parallel Model Requests Allowed") == "concurrency"
    index = index_of("RESULTS.md", PARALLEL)
    row = line_of(index, "| 16 |")
    assert stated_settings(index, row)["concurrency"][0] == "16"


PARALLEL = """# Ollama

| Context Size | Number of Parallel Model Requests Allowed | Duration (Seconds) |
|----|----|----|
| 2048 | 16 | 370 |
"""


def test_a_run_files_name_states_its_settings() -> None:
    from draftflow.verify.meaning import _named_in_file_name

    named = _named_in_file_name("results/Llama-3.1-8B_latency_bs8_in128_out128.json")
    assert ("concurrency", 8.0) in named
    assert _named_in_file_name("results/run_20250807.json") == frozenset()


def test_a_batch_column_states_the_concurrency_extract_reads_from_it() -> None:
    """InternLM/lmdeploy a100_fp16.md (team gold): extract reads a `batch` column's cell as the
    row's concurrency (`setup_names.header_key`), so verify reads it there too; every figure of
    the table was dropped as `no listed source states 256 as the concurrency`."""
    index = index_of(
        "bench.md",
        "# Bench\n\n| model | batch | tp | RPS |\n| --- | --- | --- | --- |\n"
        "| llama2-7b | 256 | 1 | 14.556 |\n",
    )
    row = line_of(index, "| llama2-7b |")
    stated = stated_settings(index, row)
    assert stated["concurrency"] == ("256", row)
    assert stated["batch_size"] == ("256", row)


def test_a_single_stream_run_names_its_concurrency_of_one() -> None:
    """kojira/vllm_gb10: extract reads `シングルストリーム` (single-stream) as a concurrency of 1,
    and verify finds it named so."""
    from draftflow.verify.meaning import setting_named

    class _Listed:
        def __init__(self, document: object) -> None:
            self.document = document
            self.path = "README.md"

    class _Ctx:
        def __init__(self, document: object) -> None:
            self._document = document
            self.settings_named: dict[tuple[str, float], bool] = {}

        def available(self) -> list[_Listed]:
            return [_Listed(self._document)]

    text = "# B\n\n#### シングルストリーム\n\n| M | TPS |\n"
    said = snapshot_of({"README.md": text}).documents[0]
    assert setting_named(_Ctx(said), "concurrency", 1)  # type: ignore[arg-type]
