"""A file's name is not a model's name (dennislee22/vLLM-benchmarking, session 22): a log named
`vllm-7B-2gpuA10080GB-0.5GRAM-same-node.log` carries the model's size, the GPUs and the
settings of a run, and every figure of its README section and of the log itself was
published under the model `7B-2gpuA10080GB-0.5GRAM-same-node.log`."""

from __future__ import annotations

import asyncio

import pytest

from draftflow.extract import extract
from draftflow.extract.conditions.file_name import file_name_conditions
from draftflow.extract.conditions.setup_names import model_in, names_model
from extract_support import snapshot_of

LOG_LINK = (
    "- Startup log: [vllm-7B-2gpuA10080GB-0.5GRAM-same-node.log]"
    "(log/vllm-7B-2gpuA10080GB-0.5GRAM-same-node.log)"
)

SECTION = f"""# vLLM benchmarking

#### Test 3: 2 GPU pods host 7B model in the same node

{LOG_LINK}

```
============ Serving Benchmark Result ============
Successful requests:                     500
Benchmark duration (s):                  142.29
Request throughput (req/s):              3.51
Output token throughput (tok/s):         3541.34
Total Token throughput (tok/s):          7128.55
---------------Time to First Token----------------
Mean TTFT (ms):                          43636.24
==================================================
```
"""


@pytest.mark.parametrize(
    "text", [LOG_LINK, "see vllm-7B-2gpuA10080GB-0.5GRAM-same-node.log", "in Llama-3-8B.json"]
)
def test_a_documents_file_name_names_no_model(text: str) -> None:
    assert model_in(text) is None


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("the Qwen2-7B.gguf weights", "Qwen2-7B"),  # a weights file is named after its model
        ("We ran Qwen2.5-7B.", "Qwen2.5-7B"),
        ("--model Qwen2-7B-Instruct --dataset-name random", "Qwen2-7B-Instruct"),
    ],
)
def test_a_model_named_beside_a_suffix_like_word_is_still_read(text: str, model: str) -> None:
    assert model_in(text) == model


def test_a_name_that_starts_with_an_engines_is_a_runs_not_a_models() -> None:
    assert not names_model("vllm-7B-2gpuA10080GB-0.5GRAM-same-node")
    assert not names_model("llama.cpp-7B-q4")
    assert names_model("mlx-community/Llama-3.2-3B-Instruct-4bit")
    assert names_model("Llama-3.1-8B")
    path = "log/vllm-7B-2gpuA10080GB-0.5GRAM-same-node.log"
    assert "model" not in dict(file_name_conditions(path))
    assert dict(file_name_conditions("runs/Llama-3.1-8B_latency_bs8.json"))["model"] == (
        "Llama-3.1-8B"
    )


def test_figures_under_a_log_link_are_not_under_the_logs_name() -> None:
    results = asyncio.run(extract(snapshot_of({"README.md": SECTION}), None)).reported_results
    figures = [r for r in results if r.value == 3541.34]
    assert figures
    assert all((r.conditions or {}).get("model") is None for r in figures)


COMMAND_BLOCKS = """# vLLM benchmarking

## Test 3

```
python benchmark_serving.py --backend vllm \\
--model Qwen2-7B-Instruct --dataset-name random \\
--random-input-len 1024 \\
--random-output-len 1024

============ Serving Benchmark Result ============
Output token throughput (tok/s):         3541.34
==================================================
```

```
python benchmark_serving.py --backend vllm \\
--model /models/latest --random-input-len 2048

============ Serving Benchmark Result ============
Output token throughput (tok/s):         1234.5
==================================================
```
"""


def test_the_command_opening_a_block_states_its_figures_model_and_lengths() -> None:
    results = asyncio.run(extract(snapshot_of({"README.md": COMMAND_BLOCKS}), None))
    by_value = {r.value: r.conditions or {} for r in results.reported_results}
    assert by_value[3541.34].get("model") == "Qwen2-7B-Instruct"
    assert by_value[3541.34].get("input_tokens") == 1024
    assert by_value[3541.34].get("output_tokens") == 1024
    # the next block's command is another run's; a path is no model's name
    assert by_value[1234.5].get("model") is None
    assert by_value[1234.5].get("input_tokens") == 2048
