"""The headline with a model whose every reply is unusable is the headline without a model:
the extraction's figures are the same (the harvest's), listed in another order (the
deterministic pass puts a document's prose figures after its tables, the merge lists them by
line), and the rules and the lead ranker read them in source order either way."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from draftflow.acquire import acquire, restrict
from draftflow.acquire.snapshot import Snapshot
from draftflow.extract import extract
from draftflow.llm.prompts import Prompt
from draftflow.llm.structured import StructuredOutputError
from draftflow.select import Selection, select

# the corpus drafts whose cassettes record a tiny model's unusable replies (test_pipeline_cassettes)
DOCUMENTS = {
    "Kleybrink__dgx-spark-bench": (
        "results/20260320_224129/ollama_benchmark_ranking_20260320_224129.csv",
        "README.md",
    ),
    "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark": (
        "results/RESULTS-2026-08-14.md",
        "README.md",
    ),
}


class UnusableModel:
    """A model whose every reply fails validation (as SmolLM2's, cut at 512 tokens)."""

    async def structured(self, prompt: Prompt, variables: Mapping[str, str], schema: Any) -> Any:
        raise StructuredOutputError("cut off", hint="re-ask", attempts=1, last_reply="{")


async def _select(snapshot: Snapshot, client: UnusableModel | None) -> Selection:
    extraction = await extract(snapshot, client)
    return await select(snapshot, extraction, None, figures_file="figures.json")


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_an_unusable_model_leaves_the_headline_of_no_model(
    name: str, corpus_dir: Path, manifest: dict[str, dict[str, Any]]
) -> None:
    entry = manifest[name]
    snapshot = acquire(str(corpus_dir / name), origin=entry["url"], revision=entry["revision"])
    snapshot = restrict(snapshot, DOCUMENTS[name])
    plain = asyncio.run(_select(snapshot, None))
    modelled = asyncio.run(_select(snapshot, UnusableModel()))
    assert len(plain.headline) >= 4
    assert modelled.note.chosen == plain.note.chosen
    assert [f.id for f in modelled.figures] == [f.id for f in plain.figures]
