"""The model chooses among grounded candidates by id; it can never add a number."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from draftflow.errors import CassetteMissError
from draftflow.extract.model_pass.chunks import CHARS_PER_TOKEN
from draftflow.llm import Prompt, load_prompt
from draftflow.record.model import ReportedResult
from draftflow.select.figures_file import make_figures
from draftflow.select.model_choice import (
    SELECT_PROMPT,
    SelectReply,
    candidate_lines,
    choose_with_model,
    prompt_variables,
)
from draftflow.select.scored import Scored

URL = "https://github.com/o/r/blob/" + "c" * 40 + "/results.md#L{}"


def _ranked(count: int) -> list[Scored]:
    results = [
        ReportedResult(
            label=f"case {i}",
            metric="decode_rate",
            value=10.5 + i,
            unit="tokens/s",
            statistic="as reported",
            uncertainty=None,
            conditions={},
            evidence_state="source_reported",
            site_reproduced=False,
            evidence_url=URL.format(i + 1),
            source_document_sha256="d" * 64,
            source_document_id="r-results.md",
            source_line=i + 1,
        )
        for i in range(count)
    ]
    return [
        Scored(figure, score=float(count - i)) for i, figure in enumerate(make_figures(results))
    ]


@dataclass
class _Reply:
    value: Any


class _Client:
    def __init__(self, reply: Any = None, error: Exception | None = None) -> None:
        self.reply, self.error = reply, error
        self.seen: dict[str, str] = {}

    async def structured(self, prompt: Prompt, variables: dict[str, str], schema: Any) -> _Reply:
        self.seen = variables
        if self.error is not None:
            raise self.error
        return _Reply(schema.model_validate(self.reply))


def test_only_listed_ids_are_kept_in_the_models_order() -> None:
    ranked = _ranked(6)
    ids = [item.figure.id for item in ranked]
    reply = {
        "chosen": [
            {"id": ids[3], "why": "the lead"},
            {"id": "fig-invented00", "why": "x"},
            {"id": ids[3], "why": "again"},
            {"id": ids[0], "why": "the baseline"},
        ]
    }
    client = _Client(reply)
    choice = asyncio.run(choose_with_model(client, "o/r", ranked, 4))
    assert choice.picks == [(ids[3], "the lead"), (ids[0], "the baseline")]
    assert choice.failure is None and len(choice.prompt_sha256) == 64
    assert ids[0] in client.seen["candidates"] and client.seen["max_results"] == "4"


def test_no_usable_reply_falls_back_with_a_reason() -> None:
    ranked = _ranked(3)
    empty = asyncio.run(choose_with_model(_Client({"chosen": []}), "o/r", ranked, 2))
    assert empty.picks == [] and "chose no figure" in (empty.failure or "")
    missing = _Client(error=CassetteMissError("replay: request not in the cassette"))
    miss = asyncio.run(choose_with_model(missing, "o/r", ranked, 2))
    assert miss.picks == [] and "no usable model reply" in (miss.failure or "")


def test_candidates_are_listed_without_more_than_the_model_needs() -> None:
    text = candidate_lines(_ranked(2))
    assert text.count("\n") == 1 and "results.md:1" in text
    assert SelectReply.model_validate({"chosen": []}).chosen == []


def _prompt_chars(variables: dict[str, str]) -> int:
    return sum(len(m["content"]) for m in load_prompt(SELECT_PROMPT).messages(variables))


def test_the_prompt_lists_fewer_candidates_to_fit_the_context_budget() -> None:
    ranked = _ranked(90)
    prompt = load_prompt(SELECT_PROMPT)
    roomy, shown = prompt_variables(prompt, "o/r", ranked, 24, budget_tokens=12_000)
    assert len(shown) == 72 and roomy["candidates"].count("\n") == 71
    tight, fitted = prompt_variables(prompt, "o/r", ranked, 24, budget_tokens=3_000)
    assert 24 < len(fitted) < 72
    assert fitted == ranked[: len(fitted)]  # the best-ranked are the ones kept
    assert _prompt_chars(tight) <= 3_000 * CHARS_PER_TOKEN < _prompt_chars(roomy)


def test_the_prompt_never_lists_fewer_candidates_than_picks() -> None:
    prompt = load_prompt(SELECT_PROMPT)
    _, shown = prompt_variables(prompt, "o/r", _ranked(90), 24, budget_tokens=1_000)
    assert len(shown) == 24


def test_the_client_is_sent_the_prompt_that_fits() -> None:
    client = _Client({"chosen": [{"id": "x", "why": ""}]})
    asyncio.run(choose_with_model(client, "o/r", _ranked(90), 24, budget_tokens=3_000))
    assert _prompt_chars(client.seen) <= 3_000 * CHARS_PER_TOKEN
