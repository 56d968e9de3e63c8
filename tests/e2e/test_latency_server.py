"""The benchmark's latency server: valid replies for any schema, honest counts, replay, bounds."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel, Field

from draftflow.draft.model_replies import FramingReply, SectionsReply
from draftflow.extract.model_pass.reply import ExtractReply
from draftflow.llm import ModelClient, ModelSettings, load_prompt
from draftflow.llm.structured import OutputMode, build_messages, response_format

SERVER_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "latency_server.py"
POLL_SECONDS = 10.0


def _load_server_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("latency_server", SERVER_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


ls = _load_server_module()


class Nested(BaseModel):
    """A schema with what pydantic emits: $ref, anyOf with null, enums, bounds, minItems."""

    name: str = Field(min_length=2)
    count: int = Field(ge=3)
    ratio: float
    flag: bool
    kind: str | None
    mode: OutputMode
    items: list[int] = Field(min_length=1)
    inner: SectionsReply
    optional: str = "kept out"


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=POLL_SECONDS) as response:
        data: dict[str, Any] = json.load(response)
    return data


def _chat_body(schema: type[BaseModel], mode: OutputMode, user: str = "hi") -> dict[str, Any]:
    messages = build_messages([{"role": "user", "content": user}], mode, schema)
    body: dict[str, Any] = {"model": ls.DEFAULT_MODEL, "messages": messages, "temperature": 0.0}
    if (fmt := response_format(mode, schema)) is not None:
        body["response_format"] = fmt
    return body


@pytest.fixture
def server() -> Iterator[Any]:
    with ls.LatencyServer(0.0) as running:
        yield running


@pytest.mark.parametrize("schema", [ExtractReply, SectionsReply, FramingReply, Nested])
def test_minimal_instance_validates_against_the_schema(schema: type[BaseModel]) -> None:
    value = ls.minimal_instance(schema.model_json_schema())
    schema.model_validate(value)


def test_minimal_instance_takes_only_required_keys_and_respects_bounds() -> None:
    value = ls.minimal_instance(Nested.model_json_schema())
    assert "optional" not in value
    assert value["kind"] is None
    assert value["count"] == 3
    assert len(value["name"]) == 2
    assert value["items"] == [0]
    assert value["inner"] == {"sections": []}


@pytest.mark.parametrize("mode", list(OutputMode))
def test_schema_is_found_in_every_output_mode(mode: OutputMode) -> None:
    body = _chat_body(FramingReply, mode)
    assert ls.schema_of(body) == FramingReply.model_json_schema()


def test_extract_requests_get_the_listed_candidates_back_as_results() -> None:
    candidates = "\n".join(
        [
            "c1 | repo-README.md L12 | key: tok/s | row: llama | cell: 1,234.5 tok/s",
            "c2 | repo-README.md L13 | key: note | cell: n/a",
            "c3 | repo-data.json L4 | key: ttft_ms.p50 | under: Results | cell: 87",
            "c4 | repo-data.json L5 | key: ttft_ms.p95 | cell: 99",
        ]
    )
    body = _chat_body(ExtractReply, OutputMode.JSON_SCHEMA, user=candidates)
    schema = ls.schema_of(body)
    reply = ExtractReply.model_validate(ls.echo_candidates(schema, body, 2))
    assert [(r.candidate, r.document_id, r.line, r.value, r.label) for r in reply.results] == [
        ("c1", "repo-README.md", 12, 1234.5, "tok/s"),
        ("c3", "repo-data.json", 4, 87.0, "ttft_ms.p50"),
    ]


def test_other_schemas_are_not_echoed() -> None:
    body = _chat_body(FramingReply, OutputMode.JSON_SCHEMA, user="c1 | d L1 | key: k | cell: 5")
    assert ls.echo_candidates(FramingReply.model_json_schema(), body, 3) is None


def _settled_stats(server: Any, timeout: float = 5.0) -> dict[str, Any]:
    """The server's statistics once every request's timing is booked.

    A reply reaches the client before the server books its timing (the latency counted runs
    until the send returns), so a loaded machine can read the statistics in between.
    """
    deadline = time.monotonic() + timeout
    stats: dict[str, Any] = server.stats()
    while len(stats["timings"]) < stats["requests"] and time.monotonic() < deadline:
        time.sleep(0.01)
        stats = server.stats()
    return stats


def test_a_request_has_left_the_count_in_flight_when_its_reply_arrives(server: Any) -> None:
    # so the next request of a client holding one slot never counts as a second in flight
    for _ in range(5):
        _post(f"{server.url}/chat/completions", _chat_body(FramingReply, OutputMode.JSON_OBJECT))
        assert server.stats()["in_flight"] == 0
    assert _settled_stats(server)["max_in_flight"] == 1


def test_chat_answers_valid_json_and_counts_requests(server: Any) -> None:
    for schema in (FramingReply, SectionsReply):
        reply = _post(f"{server.url}/chat/completions", _chat_body(schema, OutputMode.JSON_OBJECT))
        schema.model_validate_json(reply["choices"][0]["message"]["content"])
    stats = _settled_stats(server)
    assert stats["requests"] == 2
    assert stats["max_in_flight"] == 1
    assert stats["by_schema"] == {"FramingReply": 1, "SectionsReply": 1}
    assert stats["latency_sum"] == pytest.approx(
        sum(t["sent"] - t["received"] for t in stats["timings"])
    )


def test_stats_over_http_and_reset(server: Any) -> None:
    _post(f"{server.url}/chat/completions", _chat_body(FramingReply, OutputMode.JSON_SCHEMA))
    root = server.url.removesuffix("/v1")
    with urllib.request.urlopen(f"{root}/stats", timeout=POLL_SECONDS) as response:
        assert json.load(response)["requests"] == 1
    assert _post(f"{root}/stats/reset", {}) == {"reset": True}
    assert server.stats()["requests"] == 0


def test_unknown_model_is_a_404(server: Any) -> None:
    body = {**_chat_body(FramingReply, OutputMode.JSON_SCHEMA), "model": "other"}
    with pytest.raises(urllib.error.HTTPError) as raised:
        _post(f"{server.url}/chat/completions", body)
    assert raised.value.code == 404


def test_model_client_gets_validated_replies_through_the_server(server: Any) -> None:
    settings = ModelSettings(base_url=server.url, model=ls.DEFAULT_MODEL, use_cache=False)

    async def ask() -> FramingReply:
        async with ModelClient(settings) as client:
            reply = await client.structured(
                load_prompt("draft_framing"),
                {
                    key: "x"
                    for key in (
                        "repository",
                        "revision",
                        "documents",
                        "results",
                        "profiles",
                        "setup",
                        "unknown_conditions",
                    )
                },
                FramingReply,
            )
            return reply.value

    assert isinstance(asyncio.run(ask()), FramingReply)
    assert server.stats()["requests"] == 1


def test_cassette_replies_are_replayed_by_request(tmp_path: Path) -> None:
    body = _chat_body(FramingReply, OutputMode.JSON_SCHEMA)
    recorded = {"title": "T", "summary": "S", "answer": "A", "notes": [], "limitations": []}
    request = {
        **body,
        "seed": None,
        "max_tokens": None,
        "prompt": {"name": "draft_framing", "sha256": "0" * 64},
    }
    cassette = tmp_path / "c.json"
    cassette.write_text(
        json.dumps(
            {
                "format": "draftflow-cassette/1",
                "entries": [
                    {
                        "fingerprint": "f",
                        "request": request,
                        "reply": {"content": json.dumps(recorded)},
                    }
                ],
            }
        )
    )
    with ls.LatencyServer(0.0, cassette=cassette) as running:
        reply = _post(f"{running.url}/chat/completions", body)
        other = _post(f"{running.url}/chat/completions", {**body, "temperature": 0.5})
    assert json.loads(reply["choices"][0]["message"]["content"]) == recorded
    assert json.loads(other["choices"][0]["message"]["content"])["title"] == ""


def test_max_in_flight_counts_requests_held_at_once() -> None:
    running = ls.LatencyServer(POLL_SECONDS * 6).start()  # long enough to hold them all
    body = _chat_body(FramingReply, OutputMode.JSON_SCHEMA)

    def send() -> None:
        # stop() below drops the held requests unanswered
        with contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError):
            _post(f"{running.url}/chat/completions", body)

    threads = [threading.Thread(target=send, daemon=True) for _ in range(3)]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + POLL_SECONDS
        while running.stats()["in_flight"] < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        stats = running.stats()
    finally:
        running.stop()
    for thread in threads:
        thread.join(timeout=POLL_SECONDS)
    assert stats["in_flight"] == 3
    assert stats["max_in_flight"] == 3
    assert stats["requests"] == 3


# ---- the benchmark's arithmetic (benchmarks/draft_concurrency.py) ---------------------------


def _load_benchmark_module() -> ModuleType:
    path = SERVER_PATH.with_name("draft_concurrency.py")
    spec = importlib.util.spec_from_file_location("draft_concurrency", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _load_benchmark_module()


@pytest.mark.parametrize(
    ("extract", "draft", "concurrency", "waves"),
    [
        (11, 2, 1, 13),
        (11, 2, 2, 7),
        (11, 2, 4, 4),
        (11, 2, 8, 3),
        (18, 2, 8, 4),
        (0, 0, 4, 0),
    ],
)
def test_ideal_span_counts_extract_waves_then_draft_waves(
    extract: int, draft: int, concurrency: int, waves: int
) -> None:
    assert bench.ideal_span(0.5, extract, draft, concurrency) == pytest.approx(0.5 * waves)


def test_summary_takes_medians_per_repository_and_concurrency() -> None:
    def run(wall: float, repeat: int, concurrency: int = 2) -> Any:
        return bench.Run(
            repository="o/n",
            concurrency=concurrency,
            repeat=repeat,
            requests=5,
            extract_requests=4,
            draft_requests=1,
            latency_sum=2.5,
            wall=wall,
            span=wall - 0.5,
            max_in_flight=repeat + 1,
            stages={"extract": 1.0},
        )

    rows = bench.summarise([run(3.0, 0), run(9.0, 1), run(4.0, 2), run(7.0, 0, 4)], 0.5)
    by_concurrency = {row.concurrency: row for row in rows}
    assert by_concurrency[2].wall == 4.0
    assert by_concurrency[2].span == 3.5
    assert by_concurrency[2].max_in_flight == 3
    assert by_concurrency[2].ideal == pytest.approx(0.5 * (2 + 1))
    assert by_concurrency[2].wall_ratio == pytest.approx(4.0 / 2.5)
    assert by_concurrency[4].repeats == 1


def test_write_keeps_the_hand_written_text_below_the_marker(tmp_path: Path) -> None:
    target = tmp_path / "results.md"
    bench.write_results(target, f"# old table\n{bench.GENERATED_END}\n")
    target.write_text(target.read_text() + "## Findings\nkept\n")
    bench.write_results(target, f"# new table\n{bench.GENERATED_END}\n")
    assert target.read_text() == f"# new table\n{bench.GENERATED_END}\n## Findings\nkept\n"
