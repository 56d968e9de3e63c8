"""A heading that attributes its section to a published source makes its figures a third
party's (issue 31).

jvr0x/dgx-spark-bench's Qwen3.6 recipe publishes "Throughput gain 1.79x" from a table under
`## Unsloth NVFP4 vs NVFP4-Fast accuracy trade-off (per HF docs)`: Hugging Face's figures,
which the README example's draft gave engine vLLM and system DGX Spark (the recipe's title and
opening, the author's own runs). The heading's attribution covers its section, tables too;
the machine and engine read outside it are left out, and the label no longer names them.
`per` alone is a rate (`per GPU`, `per token`): no source.
"""

from __future__ import annotations

import asyncio

from documents import make_document
from draftflow.extract import extract
from draftflow.extract.attribution import attribution_marks
from draftflow.record.standing import AttributionKind, StandingScope
from extract_support import snapshot_of

RECIPE = """# Recipe: Qwen3.6-35B-A3B NVFP4 · vLLM on DGX Spark

Single-node sweep on one NVIDIA DGX Spark (GB10) with vLLM.

## Measured results

| N | Agg tok/s |
|---:|---:|
| 1 | 48.2 |

## Unsloth NVFP4 vs NVFP4-Fast accuracy trade-off (per HF docs)

| Variant | MMLU-Pro | Throughput gain |
|---|---|---|
| Unsloth NVFP4 Fast | 85.58 | 1.79x |

## Throughput per GPU

| N | tok/s per GPU |
|---:|---:|
| 2 | 31.4 |
"""


def _results(files: dict[str, str]) -> dict[str, object]:
    extraction = asyncio.run(extract(snapshot_of(files), None))
    return {f"{r.source_path}:{r.value}": r for r in extraction.reported_results}


def test_the_heading_marks_its_sections_figures_as_the_sources() -> None:
    results = _results({"recipes/qwen/README.md": RECIPE})
    gain = results["recipes/qwen/README.md:1.79"]
    attribution = gain.attribution  # type: ignore[attr-defined]
    assert attribution is not None and attribution.who == "HF docs"
    assert attribution.kind is AttributionKind.VENDOR
    assert attribution.scope is StandingScope.SECTION and attribution.line == 11
    conditions = gain.conditions  # type: ignore[attr-defined]
    assert "system" not in conditions and "engine" not in conditions
    assert "vLLM" not in gain.label  # type: ignore[attr-defined]
    own = results["recipes/qwen/README.md:48.2"]
    assert own.attribution is None  # type: ignore[attr-defined]
    assert own.conditions.get("engine") == "vLLM"  # type: ignore[attr-defined]


def test_a_rate_per_gpu_is_no_source() -> None:
    results = _results({"recipes/qwen/README.md": RECIPE})
    assert results["recipes/qwen/README.md:31.4"].attribution is None  # type: ignore[attr-defined]


def test_heading_sources_and_rates() -> None:
    def who(heading: str) -> str | None:
        marks = attribution_marks(make_document("R.md", f"# T\n\n## {heading}\n\n1.5x faster\n"))
        return marks[0].standing.who if marks else None  # type: ignore[union-attr]

    assert who("Accuracy (per HF docs)") == "HF docs"
    assert who("Numbers from the model card") == "the model card"
    assert who("Results according to NVIDIA") == "NVIDIA"
    assert who("Tokens per second per GPU") is None
    assert who("Cost per token") is None
    assert who("Results from our docs") is None
