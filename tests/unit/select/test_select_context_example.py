"""The record's context limit is the runs' (issue 33's fields, read33-s25): the `--ctx-size`
of one example generation (a command given its prompt, or a chat) sets up that example only."""

from __future__ import annotations

from documents import make_document
from draftflow.select.setup_fields import read_context_limit

# kreier/jetson llama.cpp/CUDA/benchmark.md:148-199: a chat's flags, then llama-bench's runs
_EXAMPLE = (
    "### Start the model\n\n```\n"
    "mk@jetson:~/llama.cpp3$ ./build/bin/main -m tinyllama-1.1b-chat-v1.0.Q4_K_M.gguf "
    '-p "Solar System" --n-gpu-layers 5 --ctx-size 512 --threads 4 --temp 0.7\n```\n\n'
    "### Benchmarking\n\n```\n./build/bin/llama-bench -m tinyllama.gguf -p 512 "
    "--n-gpu-layers 5\n```\n\n"
    "| model | test | t/s |\n|---|---|---|\n| llama ?B | pp 512 | 20.99 ± 0.16 |\n"
)


def test_an_example_generations_context_flag_is_not_the_records() -> None:
    assert read_context_limit([make_document("benchmark.md", _EXAMPLE)]).value is None


def test_a_servers_context_flag_is_the_records() -> None:
    serve = "# Bench\n\n```\nllama-server -m model.gguf --ctx-size 8192 -ngl 99\n```\n"
    assert read_context_limit([make_document("README.md", serve)]).value == 8192
    bench = "```\nllama-cli -m m.gguf -p 512 --ctx-size 4096\n```\n"
    assert read_context_limit([make_document("README.md", bench)]).value == 4096
