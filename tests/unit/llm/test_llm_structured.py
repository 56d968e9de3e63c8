"""Structured output helpers: cleaning, parsing, the mode ladder, repair turns, fingerprints."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from draftflow.llm.exchange import ChatRequest, PromptRef, Usage
from draftflow.llm.structured import (
    OutputMode,
    ReplyInvalid,
    build_messages,
    clean_reply,
    modes_for,
    parse_reply,
    response_format,
)


class Item(BaseModel):
    name: str
    value: float = Field(ge=0)


BASE = [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "Go."}]


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ('{"a": 1}', '{"a": 1}'),
        ('<think>hmm {"x": 0}</think>\n{"a": 1}', '{"a": 1}'),
        ('<THINK>\nmulti\nline\n</THINK>{"a": 1}', '{"a": 1}'),
        ('reasoning without an opening tag</think>\n{"a": 1}', '{"a": 1}'),
        ('<think>x</think>\n```json\n{"a": 1}\n```', '```json\n{"a": 1}\n```'),
    ],
)
def test_clean_reply(raw: str, clean: str):
    assert clean_reply(raw) == clean


@pytest.mark.parametrize(
    "raw",
    [
        '```json\n{"name": "a", "value": 2}\n```',
        '```\n{"name": "a", "value": 2}\n```\n',
        '<think>x</think>\n```json\n{"name": "a", "value": 2}\n```',
        'Here it is:\n```json\n{"name": "a", "value": 2}\n```',
    ],
)
def test_parse_reply_reads_the_json_in_a_code_fence(raw: str):
    assert parse_reply(raw, Item) == Item(name="a", value=2)


@pytest.mark.parametrize(
    "raw",
    ['{"name": "a", "value": 2', '```json\n{"name": "a", "val', '{"name": "a", "value": 2, "'],
)
def test_a_reply_cut_short_is_not_completed(raw: str):
    """langchain-core's default JSON parser closes a truncated object; a cut reply must be
    re-asked instead."""
    with pytest.raises(ReplyInvalid, match="not valid JSON"):
        parse_reply(raw, Item)


def test_parse_reply_validates_and_tolerates_surrounding_prose():
    assert parse_reply('Here you go: {"name": "a", "value": 2} hope it helps', Item) == Item(
        name="a", value=2
    )


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "empty"),
        ("<think>only thoughts</think>", "empty"),
        ("{nope", "not valid JSON"),
        ('{"name": "a", "value": -1}', "value: Input should be greater than or equal to 0"),
        ('{"value": 1}', "name: Field required"),
    ],
)
def test_parse_reply_explains_what_is_wrong(raw: str, message: str):
    with pytest.raises(ReplyInvalid, match=message):
        parse_reply(raw, Item)


def test_the_mode_ladder():
    assert modes_for("auto") == [OutputMode.JSON_SCHEMA, OutputMode.JSON_OBJECT, OutputMode.PROMPT]
    assert modes_for("json_object") == [OutputMode.JSON_OBJECT]


def test_response_formats():
    schema_format = response_format(OutputMode.JSON_SCHEMA, Item)
    assert schema_format is not None
    assert schema_format["json_schema"]["schema"] == Item.model_json_schema()
    assert schema_format["json_schema"]["name"] == "Item"
    assert response_format(OutputMode.JSON_OBJECT, Item) == {"type": "json_object"}
    assert response_format(OutputMode.PROMPT, Item) is None


def test_json_schema_mode_leaves_the_prompt_alone_and_others_add_the_schema():
    assert build_messages(BASE, OutputMode.JSON_SCHEMA, Item) == BASE
    for mode in (OutputMode.JSON_OBJECT, OutputMode.PROMPT):
        messages = build_messages(BASE, mode, Item)
        assert messages[0]["content"].startswith("Be terse.\n\nAnswer with one JSON object")
        assert '"value"' in messages[0]["content"] and messages[1:] == BASE[1:]
    only_user = build_messages(BASE[1:], OutputMode.PROMPT, Item)
    assert only_user[0]["role"] == "system" and only_user[1:] == BASE[1:]


def test_a_repair_appends_the_last_reply_and_its_error_only():
    messages = build_messages(BASE, OutputMode.JSON_SCHEMA, Item, ("bad reply", "it broke"))
    assert messages[:2] == BASE
    assert messages[2] == {"role": "assistant", "content": "bad reply"}
    assert messages[3]["role"] == "user" and "it broke" in messages[3]["content"]
    assert len(messages) == 4
    assert BASE == [
        {"role": "system", "content": "Be terse."},
        {"role": "user", "content": "Go."},
    ]  # the base was not mutated


def request(**changes: object) -> ChatRequest:
    values: dict[str, object] = {
        "model": "m",
        "messages": BASE,
        "temperature": 0.0,
        "seed": 0,
        "prompt": PromptRef(name="p", sha256="a" * 64),
    }
    values.update(changes)
    return ChatRequest.model_validate(values)


def test_the_fingerprint_is_stable_and_sensitive_to_every_part():
    fingerprint = request().fingerprint()
    assert fingerprint == request().fingerprint() and len(fingerprint) == 64
    variants = [
        request(model="n"),
        request(temperature=0.1),
        request(seed=1),
        request(max_tokens=5),
        request(messages=BASE[:1]),
        request(response_format={"type": "json_object"}),
        request(prompt=PromptRef(name="p", sha256="b" * 64)),
    ]
    assert len({fingerprint, *(v.fingerprint() for v in variants)}) == len(variants) + 1


def test_api_arguments_omit_unset_options():
    assert set(request(seed=None).api_arguments()) == {"model", "messages", "temperature"}
    assert request(max_tokens=9).api_arguments()["max_tokens"] == 9


def test_usage_adds_up():
    total = Usage(prompt_tokens=1, completion_tokens=2) + Usage(
        prompt_tokens=3, completion_tokens=4
    )
    assert (total.prompt_tokens, total.completion_tokens, total.total_tokens) == (4, 6, 10)


def test_usage_totals_as_a_dict_keep_the_short_replays_alias():
    from draftflow.llm.exchange import UsageTotals

    totals = UsageTotals(requests=2, cassette_replays=3, completion_tokens=5)
    assert totals.as_dict()["replays"] == 3 and totals.as_dict()["requests"] == 2
    totals.add_tokens(Usage(prompt_tokens=1, completion_tokens=1))
    assert (totals.prompt_tokens, totals.completion_tokens) == (1, 6)
