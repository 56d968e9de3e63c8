"""A two-machine run's count, where the figure's own chain states it (issue 31).

jvr0x/dgx-spark-bench's `recipes/minimax-m3-dual/README.md` is titled `... · vLLM (dual DGX
Spark)` and opens `across **two DGX Sparks (GB10)**`; its figures had system `NVIDIA DGX
Spark` and no node count. `dual` and `twin` count two, and a counted name may be written in
the plural (`two DGX Sparks`); a count of cards is still no count of machines (`two RTX
4090s` sit in one box).
"""

from __future__ import annotations

from draftflow.extract import harvest
from draftflow.extract.conditions.setup_names import count_of
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

RECIPE = """# Recipe: MiniMax-M3 428B · W4A16 · vLLM (dual DGX Spark)

Concurrency sweep across **two DGX Sparks (GB10)**: tensor-parallel TP=2 over CX7 RoCE.

## Measured results

| N | Agg tok/s |
|---:|---:|
| 1 | 10.0 |
"""


def test_dual_and_plural_counts_are_read() -> None:
    assert count_of("vLLM (dual DGX Spark)") == 2
    assert count_of("across two DGX Sparks (GB10)") == 2
    assert count_of("a twin DGX Spark cluster") == 2
    assert count_of("two RTX 4090s") is None  # cards in one machine
    assert count_of("dual-GPU system (Tesla V100 32GB + RTX 3060 12GB)") is None


def test_the_figure_of_a_dual_recipe_counts_two_machines() -> None:
    snapshot = snapshot_of({"recipes/minimax-m3-dual/README.md": RECIPE})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    figure = next(r for r in results if float(r.value) == 10.0)
    assert figure.conditions.get("node_count") == 2
    sources = (figure.condition_sources or {}).get("node_count")
    assert sources and sources[0].startswith("recipes/minimax-m3-dual/README.md:")
