"""A model writing sections from the computed facts, scripted at the HTTP boundary: a faithful
reply reaches the draft with the facts' citations; an inventing reply (a number no fact
states, a configuration of a fact its section does not list, an engine no fact names) is
rejected sentence by sentence and the template statement stands where nothing of the model's
is left. Both go through `draft_with_model` as the pipeline calls it: the facts prompt is the
default."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.draft.artifact import EditorialDraft
from draftflow.draft.facts.fact_types import FactKind
from draftflow.draft.facts.prompting import FACTS_PROMPT, Claim, fact_ids
from draftflow.draft.facts.wording import amount
from draftflow.draft.model_drafter import draft_with_model
from draftflow.draft.templates import TemplateParts
from draftflow.llm.client import ModelClient
from draftflow.llm.settings import ModelSettings
from draftflow.pipeline.draft import DraftRequest, run_draft
from draftflow.record.files import load_record
from draftflow.select.artifact import Selection
from extract_support import selection_of
from stub_server import StubReply, StubRequest, StubServer, completion

# a repository whose headline holds a throughput leader (b4rtaz/distributed-llama's has none
# since session 25's extraction and lead changes; XiongjieDai's has one again)
FOLDER = "XiongjieDai__GPU-Benchmarks-on-LLM-Inference"


@dataclass
class Repo:
    snapshot: Snapshot
    selection: Selection
    claims: list[Claim]


@pytest.fixture(scope="module")
def repo(
    corpus_dir: Path, manifest: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> Repo:
    entry = manifest[FOLDER]
    source = str(corpus_dir / FOLDER)
    request = DraftRequest(
        source=source,
        records_dir=tmp_path_factory.mktemp("records"),
        settings=ModelSettings(),
        origin=entry["url"],
        revision=entry["revision"],
    )
    record = load_record(asyncio.run(run_draft(request)).record_path)
    snapshot = acquire(source, revision=entry["revision"], origin=entry["url"])
    selection = selection_of(list(record.editorial.reported_results))
    return Repo(snapshot, selection, TemplateParts(snapshot, selection).claims)


def _leader_id(repo: Repo) -> str:
    return next(
        i
        for i, (fact, _) in fact_ids(repo.claims).items()
        if fact.kind is FactKind.LEADER and fact.metric == "throughput"
    )


def _serve(sections: list[dict[str, Any]]) -> Callable[[StubRequest], StubReply]:
    def handle(request: StubRequest) -> StubReply:
        text = "\n".join(m["content"] for m in request.body["messages"])
        if "FACTS (one JSON object per line)" in text:
            return completion(json.dumps({"sections": sections}))
        return completion("framing is not scripted here: the templates write it")

    return handle


def _draft(repo: Repo, sections: list[dict[str, Any]]) -> EditorialDraft:
    with StubServer(_serve(sections)) as server:
        settings = ModelSettings(
            base_url=server.url, model="stub-model", use_cache=False, max_retries=0
        )
        client = ModelClient(settings)
        return asyncio.run(draft_with_model(repo.snapshot, repo.selection, client))


@pytest.mark.xfail(
    strict=True,
    reason="session 29's lead model (retrained on 78 repositories) publishes no XiongjieDai "
    "headline figure with a comparable next best, so its draft states no leader fact; the "
    "leader's rules stay covered by tests/unit/draft/test_draft_facts_lead.py",
)
def test_a_faithful_reply_reaches_the_draft_with_the_facts_citations(repo: Repo) -> None:
    leader_id = _leader_id(repo)
    fact = fact_ids(repo.claims)[leader_id][0]
    best, runner = fact.inputs
    text = (
        f"On this table {best.label} reaches {amount(best)}, which is {fact.result:.2f}× the "
        f"{amount(runner)} of {runner.label}."
    )
    draft = _draft(
        repo,
        [{"heading": "Which GPU leads throughput?", "paragraphs": [text], "fact_ids": [leader_id]}],
    )
    assert draft.prompt_hashes.keys() >= {FACTS_PROMPT}, draft.dropped
    section = draft.sections[0]
    assert section.heading == "Which GPU leads throughput?", draft.dropped
    assert section.paragraphs == [text]
    assert section.citations == fact.citations
    assert not [d for d in draft.dropped if "fact section" in d]


@pytest.mark.xfail(
    strict=True,
    reason="session 29's lead model (retrained on 78 repositories) publishes no XiongjieDai "
    "headline figure with a comparable next best, so its draft states no leader fact; the "
    "leader's rules stay covered by tests/unit/draft/test_draft_facts_lead.py",
)
def test_an_inventing_reply_is_rejected_and_the_template_stands(repo: Repo) -> None:
    leader_id = _leader_id(repo)
    fact, statement = fact_ids(repo.claims)[leader_id]
    best = fact.inputs[0]
    listed = {ref.label for ref in fact.inputs}
    # a configuration of a fact this section does not list
    foreign = next(
        ref.label
        for other, _ in repo.claims
        for ref in other.inputs
        if not any(ref.label in name or name in ref.label for name in listed)
    )
    invented = [
        f"{best.label} would reach 150.00 tokens/s with a newer build.",
        f"{best.label} also beats {foreign}.",
        f"{best.label} is 2.50× the next GPU.",
        f"{best.label} was also served by TensorRT-LLM.",  # an engine no fact names
    ]
    draft = _draft(
        repo,
        [
            {"heading": "Which GPU leads?", "paragraphs": [" ".join(invented)],
             "fact_ids": [leader_id]},
            {"heading": "What else?", "paragraphs": ["Nothing."], "fact_ids": ["F999"]},
        ],
    )  # fmt: skip
    assert len(draft.sections) == 1
    section = draft.sections[0]
    assert section.paragraphs == [" ".join(statement)]  # the template statement stands
    assert "150.00" not in str(draft.sections) and "2.50×" not in str(draft.sections)
    dropped = [d for d in draft.dropped if "fact section" in d]
    assert sum("a number not among its facts" in d for d in dropped) == 2
    assert sum("a configuration not among its facts" in d for d in dropped) == 2
    assert any("('TensorRT-LLM')" in d for d in dropped)
    assert "TensorRT" not in str(draft.sections)
    assert any("unknown facts ['F999']" in d for d in dropped)
