"""A count of cards is of GPUs, not of nodes (btbtyler09/mi100-llm-testing, read33-s26): the
record's `node_count` counts the machines or devices working together, and the article says
which."""

from __future__ import annotations

from draftflow.draft.facts.fact_types import Fact, FactKind
from draftflow.draft.facts.wording import configuration_parts
from draftflow.record.render import _count_label


def _claim(system: str, count: str) -> Fact:
    configuration = (("model", "Qwen3.6-35B-A3B"), ("system", system), ("node_count", count))
    return Fact(
        kind=FactKind.MEASURED,
        metric="throughput",
        unit="tokens/s",
        subject="Qwen3.6-35B-A3B",
        inputs=(),
        arithmetic="",
        configuration=(*configuration, ("engine", "vLLM")),
    )


def test_four_cards_of_one_host_are_gpus_not_nodes() -> None:
    # Model_Reports/benchmark_Qwen3.6-35B-A3B-GPTQ-8bit_mtp3_p82.md:13 `4× AMD Instinct
    # MI100`, one CPU, `--tensor-parallel-size 4`: "on four AMD Instinct MI100 nodes"
    _, where = configuration_parts(_claim("AMD Instinct MI100", "4"))
    assert where == " on four AMD Instinct MI100 GPUs under vLLM"
    assert _count_label("AMD Instinct MI100 (where a result states it)") == "GPU count"


def test_machines_stay_nodes() -> None:
    _, where = configuration_parts(_claim("DGX Spark", "2"))
    assert where == " on two DGX Spark nodes under vLLM"
    assert _count_label("DGX Spark") == "Node count" and _count_label(None) == "Node count"
