"""Cassettes: record through the stub server, replay offline, explain misses, never keep secrets."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from draftflow.errors import CassetteMissError, ConfigError, ModelError
from draftflow.llm import ModelClient, ModelSettings, OutputMode, RecordMode
from draftflow.llm.cassette import REDACTED, Cassette, scrub
from draftflow.llm.exchange import ChatReply, ChatRequest, PromptRef
from draftflow.llm.prompts import Prompt, load_prompt
from stub_server import (
    StubReply,
    StubRequest,
    StubServer,
    completion,
    error,
    rejecting_json_schema,
    script,
)

SECRET = "sk-live-0123456789abcdef"


class Probe(BaseModel):
    word: str
    count: int


@pytest.fixture
def prompt() -> Prompt:
    return load_prompt("doctor")


@pytest.fixture
def server() -> Iterator[StubServer]:
    def handle(request: StubRequest) -> StubReply:
        word = request.body["messages"][-1]["content"].split('"')[3]
        return completion(f'{{"word": "{word}", "count": 3}}')

    with StubServer(handle) as stub:
        yield stub


def settings(
    cassette: Path, mode: RecordMode, url: str | None = None, **changes: Any
) -> ModelSettings:
    return ModelSettings(
        base_url=url,
        model="stub-model",
        cassette=cassette,
        record_mode=mode,
        retry_backoff=0.01,
        max_retries=0,
        **changes,
    )


def ask(config: ModelSettings, prompt: Prompt, word: str = "draftflow") -> tuple[Any, ModelClient]:
    async def go() -> tuple[Any, ModelClient]:
        async with ModelClient(config) as client:
            return await client.structured(prompt, {"word": word, "count": "3"}, Probe), client

    return asyncio.run(go())


def test_record_then_replay_offline_gives_the_same_result(tmp_path, server, prompt):
    path = tmp_path / "cassettes" / "probe.json"
    recorded, recorder = ask(settings(path, RecordMode.NEW, server.url), prompt)
    replayed, player = ask(settings(path, RecordMode.NONE), prompt)  # no base URL at all
    assert replayed.value == recorded.value and replayed.fingerprint == recorded.fingerprint
    assert recorder.usage.requests == 1 and player.usage.requests == 0
    assert player.usage.cassette_replays == 1 and player.usage.completion_tokens == 7
    assert len(server.chat_requests) == 1


def test_the_cassette_is_indented_sorted_json_with_a_trailing_newline(tmp_path, server, prompt):
    path = tmp_path / "c.json"
    for word in ("b", "a"):
        ask(settings(path, RecordMode.NEW, server.url), prompt, word)
    text = path.read_text()
    data = json.loads(text)
    assert text.endswith("}\n") and text.startswith('{\n  "format"')
    assert path.stat().st_mode & 0o777 == 0o644  # readable by whoever checks it out
    fingerprints = [e["fingerprint"] for e in data["entries"]]
    assert fingerprints == sorted(fingerprints) and len(fingerprints) == 2
    entry = data["entries"][0]
    assert entry["request"]["prompt"] == {"name": "doctor", "sha256": prompt.sha256}
    assert set(entry) == {"fingerprint", "request", "reply"}


def test_a_miss_in_replay_names_the_closest_request_and_what_differs(tmp_path, server, prompt):
    path = tmp_path / "c.json"
    ask(settings(path, RecordMode.NEW, server.url), prompt, "draftflow")
    ask(settings(path, RecordMode.NEW, server.url), prompt, "zebra-crossing")
    with pytest.raises(CassetteMissError) as raised:
        ask(settings(path, RecordMode.NONE, server.url), prompt, "draftflop")
    message = raised.value.message
    assert "closest recorded request" in message
    assert "messages[1].content at character" in message
    assert "'draftflow'" in message.replace('"', "'") or "draftflow" in message
    assert "zebra" not in message  # the closest one, not any one
    assert "--record-mode new" in (raised.value.hint or "")
    assert len(server.chat_requests) == 2  # the miss made no call, though a server was given


def test_a_miss_names_sampling_differences(tmp_path, server, prompt):
    path = tmp_path / "c.json"
    ask(settings(path, RecordMode.NEW, server.url), prompt)
    with pytest.raises(CassetteMissError, match=r"temperature: recorded 0.0, now 0.7"):
        ask(settings(path, RecordMode.NONE, temperature=0.7), prompt)


def test_mode_new_replays_what_it_has_and_records_the_rest(tmp_path, server, prompt):
    path = tmp_path / "c.json"
    ask(settings(path, RecordMode.NEW, server.url), prompt, "one")
    _, client = ask(settings(path, RecordMode.NEW, server.url), prompt, "one")
    ask(settings(path, RecordMode.NEW, server.url), prompt, "two")
    assert client.usage.cassette_replays == 1 and len(server.chat_requests) == 2
    assert len(json.loads(path.read_text())["entries"]) == 2


def test_mode_all_sends_everything_again(tmp_path, server, prompt):
    path = tmp_path / "c.json"
    ask(settings(path, RecordMode.NEW, server.url), prompt)
    _, client = ask(settings(path, RecordMode.ALL, server.url), prompt)
    assert client.usage.requests == 1 and client.usage.cassette_replays == 0
    assert len(server.chat_requests) == 2


def test_a_rejected_format_is_recorded_so_replay_falls_back_offline(tmp_path, prompt):
    path = tmp_path / "c.json"
    handler = rejecting_json_schema(script(completion('{"word": "w", "count": 1}')))
    with StubServer(handler) as stub:
        recorded, _ = ask(settings(path, RecordMode.NEW, stub.url), prompt)
    replayed, client = ask(settings(path, RecordMode.NONE), prompt)
    assert recorded.mode is replayed.mode is OutputMode.JSON_OBJECT
    assert client.usage.cassette_replays == 2 and client.usage.requests == 0
    entries = json.loads(path.read_text())["entries"]
    statuses = [entry.get("rejection", {}).get("status") for entry in entries]
    assert 500 in statuses


def test_no_secret_reaches_the_cassette(tmp_path, prompt):
    def echo_headers(request: StubRequest) -> StubReply:
        leak = request.headers["authorization"]
        return completion(json.dumps({"word": leak, "count": 1}))

    path = tmp_path / "c.json"
    with StubServer(echo_headers) as stub:
        config = settings(path, RecordMode.NEW, stub.url, api_key=SECRET)
        result, _ = ask(config, prompt)
    assert SECRET in result.value.word  # the server really did echo the key back
    text = path.read_text()
    assert SECRET not in text and "sk-live" not in text and REDACTED in text
    assert "authorization" not in text.lower()


def test_scrub_redacts_keys_tokens_and_named_secrets():
    value = {
        "Authorization": "x",
        "nested": ["Bearer abcdefghijkl", "key sk-abcdefghij12", "my pass hunter2hunter2"],
        "n": 3,
    }
    assert scrub(value, ("hunter2hunter2",)) == {
        "Authorization": REDACTED,
        "n": 3,
        "nested": [REDACTED, f"key {REDACTED}", f"my pass {REDACTED}"],
    }


def test_replay_of_a_missing_cassette_is_a_config_error(tmp_path, prompt):
    with pytest.raises(ConfigError, match="does not exist"):
        ask(settings(tmp_path / "absent.json", RecordMode.NONE), prompt)


def test_recording_without_a_server_is_a_config_error(tmp_path, prompt):
    with pytest.raises(ConfigError, match="needs a server"):
        ask(settings(tmp_path / "c.json", RecordMode.NEW), prompt)


def test_a_damaged_cassette_is_a_config_error(tmp_path, prompt):
    path = tmp_path / "c.json"
    path.write_text("{not json")
    with pytest.raises(ConfigError, match="cannot be read"):
        ask(settings(path, RecordMode.NONE), prompt)


def test_the_model_comes_from_the_cassette_when_not_named(tmp_path, server, prompt):
    path = tmp_path / "c.json"
    ask(settings(path, RecordMode.NEW, server.url), prompt)
    replayed, _ = ask(settings(path, RecordMode.NONE).model_copy(update={"model": None}), prompt)
    assert replayed.value.word == "draftflow"


def test_recording_is_batched_and_flushed(tmp_path):
    path = tmp_path / "c.json"
    recording = Cassette(path, RecordMode.NEW)
    requests = [
        ChatRequest(
            model="m",
            messages=[{"role": "user", "content": f"q{i}"}],
            temperature=0.0,
            prompt=PromptRef(name="p", sha256="0" * 64),
        )
        for i in range(3)
    ]
    for request in requests:
        recording.record(request, ChatReply(content="{}"))
    assert len(json.loads(path.read_text())["entries"]) == 1, "later entries wait for a flush"
    recording.flush()
    assert len(json.loads(path.read_text())["entries"]) == 3


def test_entries_keep_their_fingerprint_across_a_reload(tmp_path):
    request = ChatRequest(
        model="m",
        messages=[{"role": "user", "content": "hi"}],
        temperature=0.0,
        prompt=PromptRef(name="p", sha256="0" * 64),
    )
    path = tmp_path / "c.json"
    recording = Cassette(path, RecordMode.NEW)
    recording.record(request, ChatReply(content="{}"))
    recording.flush()
    reloaded = Cassette(path, RecordMode.NONE)
    entry = reloaded.get(request.fingerprint())
    assert entry is not None and entry.reply is not None and entry.reply.content == "{}"


def test_a_request_too_long_for_the_context_is_recorded_and_fails_alike_on_replay(tmp_path, prompt):
    path = tmp_path / "c.json"
    message = "request (9095 tokens) exceeds the available context size (8192 tokens)"
    with StubServer(script(error(400, message))) as stub:
        with pytest.raises(ModelError, match="no room for the request"):
            ask(settings(path, RecordMode.NEW, stub.url), prompt)
        assert len(stub.chat_requests) == 1, "no other output mode is tried"
    with pytest.raises(ModelError, match="no room for the request") as replayed:
        ask(settings(path, RecordMode.NONE), prompt)  # offline: the recorded refusal
    assert not isinstance(replayed.value, CassetteMissError)
    assert "9095 tokens" in replayed.value.message
