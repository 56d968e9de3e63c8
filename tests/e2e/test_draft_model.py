"""The model drafter, driven by a fake client with the same async `structured` method: the
sections written from the grounded results (`draft_sections`, which a draft uses when no fact
can be stated; the facts prompt, the default, is tests/e2e/test_draft_facts_model.py's)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import BaseModel
from test_draft import (  # the draft tests' fixtures; tests/ is on sys.path under pytest
    REPOSITORY,
    REVISION,
    Extraction,
    build_extraction,
    build_snapshot,
)

from draftflow.acquire.snapshot import Snapshot, pinned_url
from draftflow.draft import EditorialDraft, draft_deterministic
from draftflow.draft import draft as draft_stage
from draftflow.draft.artifact import CREATION_MODEL, CREATION_MODEL_FALLBACK
from draftflow.draft.model_drafter import FRAMING_PROMPT, SECTIONS_PROMPT, STANDING_LIMITATIONS
from draftflow.draft.model_replies import FramingReply, SectionsReply
from draftflow.draft.sentences import NEUTRAL_HEADING
from draftflow.llm.prompts import Prompt, load_prompt
from extract_support import selection_from

README_URL = pinned_url(REPOSITORY, REVISION, "README.md")
RUNS_URL = pinned_url(REPOSITORY, REVISION, "results/runs.json")
NOTES_URL = pinned_url(REPOSITORY, REVISION, "NOTES.md")
FOREIGN_URL = "https://github.com/evil/elsewhere/blob/" + "f" * 40 + "/README.md"


@dataclass
class Reply:
    """What `ModelClient.structured` returns, as far as the drafter reads it."""

    value: Any


class FakeClient:
    """Answers each prompt with a canned reply; records every call and how many overlapped."""

    def __init__(self, replies: dict[str, dict[str, Any]]) -> None:
        self.replies = replies
        self.calls: list[tuple[str, dict[str, str]]] = []
        self.in_flight = 0
        self.max_in_flight = 0

    async def structured(
        self, prompt: Prompt, variables: dict[str, str], schema: type[BaseModel]
    ) -> Reply:
        self.calls.append((prompt.name, dict(variables)))
        prompt.messages(variables)  # the real client fills the template: so must the fake
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        for _ in range(3):
            await asyncio.sleep(0)
        self.in_flight -= 1
        return Reply(schema.model_validate(self.replies[prompt.name]))


GOOD_SECTIONS = {
    "sections": [
        {
            "heading": "What was measured?",
            "paragraphs": ["The vllm tp1 row reports 27.0 tokens/s and the sglang tp1 row 39.9."],
            "citations": [README_URL + "#L7"],
        },
        {
            "heading": "What does the prefill row establish?",
            "paragraphs": ["The TensorFold prefill median is 2165, with a range of 2065 to 2201."],
            "citations": [RUNS_URL],
        },
        {
            "heading": "What is missing?",
            "paragraphs": ["The rows do not report the context length."],
            "citations": [README_URL],
        },
    ]
}
GOOD_FRAMING = {
    "title": "Qwen3-32B decode and prefill figures on a DGX Spark",
    "summary": "Source-reported decode and prefill figures for Qwen3-32B.",
    "answer": "The rows report 27.0 and 39.9 tokens/s under different engines.",
    "notes": ["Engines differ between the rows."],
    "limitations": ["Nothing was reproduced."],
}


@pytest.fixture()
def fixture_snapshot() -> Snapshot:
    return build_snapshot()


@pytest.fixture()
def fixture_extraction(fixture_snapshot: Snapshot) -> Extraction:
    return build_extraction(fixture_snapshot)


def run(snapshot: Snapshot, extraction: Extraction, client: FakeClient) -> EditorialDraft:
    return asyncio.run(draft_stage(snapshot, selection_from(extraction), client, from_facts=False))


def test_model_draft_keeps_grounded_text_and_records_prompt_hashes(
    fixture_snapshot: Snapshot, fixture_extraction: Extraction
) -> None:
    client = FakeClient({SECTIONS_PROMPT: GOOD_SECTIONS, FRAMING_PROMPT: GOOD_FRAMING})
    draft = run(fixture_snapshot, fixture_extraction, client)
    assert [s.heading for s in draft.sections] == [
        "What was measured?",
        "What does the prefill row establish?",
        "What is missing?",
    ]
    assert draft.sections[0].citations == [README_URL]  # the #L anchor is cut
    assert draft.title == GOOD_FRAMING["title"]
    assert draft.answer == GOOD_FRAMING["answer"]
    assert draft.limitations[: len(STANDING_LIMITATIONS)] == list(STANDING_LIMITATIONS)
    assert "Nothing was reproduced." in draft.limitations
    assert draft.creation_method == CREATION_MODEL
    assert draft.prompt_hashes == {
        SECTIONS_PROMPT: load_prompt(SECTIONS_PROMPT).sha256,
        FRAMING_PROMPT: load_prompt(FRAMING_PROMPT).sha256,
    }
    assert draft.dropped == []


def test_the_model_sees_grounded_results_with_their_lines_and_pinned_urls(
    fixture_snapshot: Snapshot, fixture_extraction: Extraction
) -> None:
    client = FakeClient({SECTIONS_PROMPT: GOOD_SECTIONS, FRAMING_PROMPT: GOOD_FRAMING})
    run(fixture_snapshot, fixture_extraction, client)
    assert sorted(name for name, _ in client.calls) == sorted([SECTIONS_PROMPT, FRAMING_PROMPT])
    variables = client.calls[0][1]
    results = [json.loads(line) for line in variables["results"].splitlines()]
    assert results[0]["label"] == "vllm tp1" and results[0]["value"] == 27.0
    assert results[0]["source_line"] == "| vllm tp1 | 27.0 |"
    assert results[0]["document"] == README_URL
    assert README_URL in variables["documents"] and RUNS_URL in variables["documents"]
    assert "temperature" in variables["unknown_conditions"]


def test_the_two_model_calls_run_concurrently(
    fixture_snapshot: Snapshot, fixture_extraction: Extraction
) -> None:
    client = FakeClient({SECTIONS_PROMPT: GOOD_SECTIONS, FRAMING_PROMPT: GOOD_FRAMING})
    run(fixture_snapshot, fixture_extraction, client)
    assert client.max_in_flight == 2


def test_hostile_reply_loses_its_invented_number_and_foreign_citation(
    fixture_snapshot: Snapshot, fixture_extraction: Extraction
) -> None:
    hostile_sections = {
        "sections": [
            {
                "heading": "What was measured?",
                "paragraphs": [
                    "The vllm tp1 row reports 27.0 tokens/s. "
                    "The headline figure is 9,999 tok/s, as the notes say."
                ],
                # NOTES.md holds "9,999": a citation of it would let verify find the number.
                "citations": [README_URL, NOTES_URL, FOREIGN_URL],
            },
            {
                "heading": "Why is 9,999 the headline?",
                "paragraphs": ["The sglang tp1 row reports 39.9 tokens/s."],
                "citations": [README_URL],
            },
            {
                "heading": "What is missing?",
                "paragraphs": ["The rows do not report the context length."],
                "citations": [README_URL],
            },
            {
                "heading": "Where else was this reported?",
                "paragraphs": ["An outside page reports the same rows."],
                "citations": [FOREIGN_URL, "not a url"],
            },
        ]
    }
    hostile_framing = {
        **GOOD_FRAMING,
        "title": "Qwen3-32B reaches 9,999 tok/s",
        "answer": "Twelve runs were made. The rows report 27.0 and 39.9 tokens/s.",
    }
    client = FakeClient({SECTIONS_PROMPT: hostile_sections, FRAMING_PROMPT: hostile_framing})
    draft = run(fixture_snapshot, fixture_extraction, client)
    text = draft.model_dump_json(exclude={"dropped"})
    assert "9,999" not in text and "Twelve" not in text
    assert FOREIGN_URL not in text
    assert [s.heading for s in draft.sections] == [
        "What was measured?",
        NEUTRAL_HEADING,
        "What is missing?",
    ]
    assert draft.sections[0].paragraphs == ["The vllm tp1 row reports 27.0 tokens/s."]
    assert draft.sections[1].paragraphs == ["The sglang tp1 row reports 39.9 tokens/s."]
    assert draft.sections[0].citations == [README_URL, NOTES_URL]
    assert draft.answer == "The rows report 27.0 and 39.9 tokens/s."
    assert "9,999" not in draft.title and draft.title  # replaced by the template title
    assert any("9,999" in d for d in draft.dropped)
    assert any("evil/elsewhere" in d for d in draft.dropped)
    assert any("no valid citation" in d for d in draft.dropped)


def test_no_valid_model_section_falls_back_to_template_sections(
    fixture_snapshot: Snapshot, fixture_extraction: Extraction
) -> None:
    useless = {"sections": [{"heading": "Q?", "paragraphs": ["Text."], "citations": [FOREIGN_URL]}]}
    client = FakeClient({SECTIONS_PROMPT: useless, FRAMING_PROMPT: GOOD_FRAMING})
    draft = run(fixture_snapshot, fixture_extraction, client)
    template = draft_deterministic(fixture_snapshot, selection_from(fixture_extraction))
    assert draft.sections and draft.sections == template.sections
    assert draft.creation_method == CREATION_MODEL_FALLBACK
    assert draft.title == GOOD_FRAMING["title"]


def test_fewer_sections_than_the_prompt_asks_fall_back_to_template_sections(
    fixture_snapshot: Snapshot, fixture_extraction: Extraction
) -> None:
    # A weak model's one valid section (grounded, cited, about something else) must not stand
    # in for every question the template's sections answer.
    two = {"sections": GOOD_SECTIONS["sections"][:2]}
    client = FakeClient({SECTIONS_PROMPT: two, FRAMING_PROMPT: GOOD_FRAMING})
    draft = run(fixture_snapshot, fixture_extraction, client)
    assert draft.creation_method == CREATION_MODEL_FALLBACK
    assert len(draft.sections) >= 3
    assert "What does the prefill row establish?" not in [s.heading for s in draft.sections]
    assert any("2 model sections kept of the 3" in d for d in draft.dropped)
    assert draft.title == GOOD_FRAMING["title"]


def test_no_results_never_asks_the_model(fixture_snapshot: Snapshot) -> None:
    client = FakeClient({})
    draft = run(fixture_snapshot, Extraction(), client)
    assert client.calls == []
    assert "no reported" in draft.title.lower()
    assert draft.prompt_hashes == {}


def test_model_draft_is_deterministic_for_the_same_replies(
    fixture_snapshot: Snapshot, fixture_extraction: Extraction
) -> None:
    replies = {SECTIONS_PROMPT: GOOD_SECTIONS, FRAMING_PROMPT: GOOD_FRAMING}
    first = run(fixture_snapshot, fixture_extraction, FakeClient(replies))
    again = run(fixture_snapshot, fixture_extraction, FakeClient(replies))
    assert first.model_dump_json() == again.model_dump_json()


@pytest.mark.parametrize("schema", [SectionsReply, FramingReply])
def test_reply_schemas_are_plain_json_schemas(schema: type[BaseModel]) -> None:
    assert schema.model_json_schema()["type"] == "object"


def test_long_material_is_cut_between_numbers_never_inside_one() -> None:
    from draftflow.draft.prompt_material import _cut

    assert _cut("short", 10) == "short"
    assert _cut("rate 2,165 tok/s and more", 8) == "rate …"
    assert _cut("x 123456789", 5) == "x …"
    assert _cut("a,b,1234,5678,9999", 10) == "a …"


def test_sampled_results_show_every_metric_in_extraction_order(
    fixture_extraction: Extraction,
) -> None:
    from draftflow.draft.prompt_material import sample_results

    results = list(fixture_extraction.reported_results)
    sample = sample_results(results, 2)
    assert [r.metric for r in sample] == ["decode_rate", "prefill_rate"]
    assert sample_results(results, 10) == results


def test_what_verify_still_rejects_in_model_prose_is_removed_by_drop_sentences() -> None:
    """The pipeline's loop on the model path: a number the model copied from its material
    but placed in a section that does not cite its document passes the drafter's guard,
    verify flags it, and `drop_sentences` removes exactly that sentence."""
    from datetime import date

    from test_draft import document, result, snapshot

    from draftflow.draft import drop_sentences
    from draftflow.pipeline.assemble import assemble, provenance_for
    from draftflow.verify import verify_record

    readme = document(
        "README.md",
        "# Bench\n\n| engine | decode tok/s | prompt |\n|---|---|---|\n| vllm | 27.0 | 512 |\n",
    )
    notes = document("docs/notes.md", "# Notes\n\nThe run used vLLM.\n")
    snap = snapshot(readme, notes)
    extraction = Extraction(
        reported_results=[result(readme, 5, "vllm", 27.0, conditions={"engine": "vLLM"})]
    )
    notes_url = pinned_url(REPOSITORY, REVISION, "docs/notes.md")
    sections = {
        "sections": [
            {
                "heading": "What was measured?",
                "paragraphs": ["The vllm row reports 27.0 tokens/s."],
                "citations": [README_URL],
            },
            {
                "heading": "Which engine ran?",
                "paragraphs": ["The run used vLLM. Its prompts were 512 tokens long."],
                "citations": [notes_url],
            },
            {
                "heading": "What is missing?",
                "paragraphs": ["The row does not report the context length."],
                "citations": [README_URL],
            },
        ]
    }
    framing = {
        **GOOD_FRAMING,
        "title": "vLLM decode on a DGX Spark",
        "answer": "The vllm row reports 27.0 tokens/s.",
    }
    draft = run(snap, extraction, FakeClient({SECTIONS_PROMPT: sections, FRAMING_PROMPT: framing}))
    assert "512" in draft.sections[1].paragraphs[0]  # in the material: the guard lets it pass

    def verified(d: EditorialDraft) -> list[Any]:
        provenance = provenance_for("fake", d.prompt_hashes, "2026-01-02T03:04:05+00:00", [])
        record = assemble(snap, extraction, d, provenance=provenance, today=date(2026, 1, 2))
        report = verify_record(record, snap)
        return [f for f in report.flags if f.severity == "error"]

    errors = verified(draft)
    assert [(f.location, f.claim) for f in errors] == [
        ("/editorial/sections/1/paragraphs/0", "512")
    ]
    cleaned = drop_sentences(draft, {f.location: {f.claim} for f in errors})
    assert cleaned.sections[1].paragraphs == ["The run used vLLM."]
    assert verified(cleaned) == []


def test_the_real_model_client_drafts_through_an_openai_compatible_server(
    tmp_path: Any, fixture_snapshot: Snapshot, fixture_extraction: Extraction
) -> None:
    """The drafter against `draftflow.llm.ModelClient` and a local stub server: both prompts
    fill, both replies validate, and a second run is answered from the cache."""
    from draftflow.llm import ModelClient, ModelSettings
    from stub_server import StubReply, StubRequest, StubServer, completion

    def handle(request: StubRequest) -> StubReply:
        system = request.body["messages"][0]["content"]
        reply = GOOD_SECTIONS if "editorial sections" in system else GOOD_FRAMING
        return completion(json.dumps(reply))

    settings_values: dict[str, Any] = {
        "model": "stub-model",
        "cache_dir": tmp_path / "cache",
        "timeout": 5.0,
        "max_retries": 0,
    }

    async def draft_with_server(url: str) -> tuple[EditorialDraft, ModelClient]:
        async with ModelClient(ModelSettings(base_url=url, **settings_values)) as client:
            drafted = await draft_stage(
                fixture_snapshot, selection_from(fixture_extraction), client, from_facts=False
            )
            return drafted, client

    with StubServer(handle) as server:
        first, _ = asyncio.run(draft_with_server(server.url))
        calls = len(server.chat_requests)
        again, _ = asyncio.run(draft_with_server(server.url))
        assert len(server.chat_requests) == calls  # the second draft made no model call
    assert calls == 2
    assert first.model_dump_json() == again.model_dump_json()
    assert first.sections[0].heading == "What was measured?"
    assert first.creation_method == CREATION_MODEL
    assert set(first.prompt_hashes) == {SECTIONS_PROMPT, FRAMING_PROMPT}
