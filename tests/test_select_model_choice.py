"""The model chooses among grounded candidates by id; it can never add a number."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from draftflow.errors import CassetteMissError
from draftflow.llm import Prompt
from draftflow.records import ReportedResult
from draftflow.select.figures import make_figures
from draftflow.select.model_choice import SelectReply, candidate_lines, choose_with_model
from draftflow.select.rules import Scored

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
