"""`run_doctor` against the stub server: what it checks and what it tells the user to fix."""

from __future__ import annotations

import asyncio
import math
import socket
from pathlib import Path

from draftflow.llm import ModelSettings, OutputMode
from draftflow.llm.doctor import CheckStatus, DoctorReport, run_doctor
from stub_server import (
    StubReply,
    StubRequest,
    StubServer,
    completion,
    error,
    rejecting_json_schema,
    script,
)

VALID = '{"word": "draftflow", "count": 3}'


def doctor(url: str | None, tmp_path: Path, **changes: object) -> DoctorReport:
    values: dict[str, object] = {
        "base_url": url,
        "model": "stub-model",
        "timeout": 2.0,
        "max_retries": 0,
        "retry_backoff": 0.01,
        "cassette": tmp_path / "never-written.json",
    }
    values.update(changes)
    given = {name: value for name, value in values.items() if value is not None}  # None: unset
    return asyncio.run(run_doctor(ModelSettings.model_validate(given)))


def statuses(report: DoctorReport) -> dict[str, CheckStatus]:
    return {check.name: check.status for check in report.checks}


def test_a_healthy_server_passes_every_check(tmp_path: Path):
    with StubServer(script(completion(VALID))) as stub:
        report = doctor(stub.url, tmp_path)
    assert report.ok and report.structured_mode is OutputMode.JSON_SCHEMA
    assert statuses(report) == {
        "endpoint": CheckStatus.OK,
        "model": CheckStatus.OK,
        "response_format json_schema": CheckStatus.OK,
        "response_format json_object": CheckStatus.OK,
        "structured output": CheckStatus.OK,
        "speed": CheckStatus.OK,
        "context window": CheckStatus.WARN,  # the stub states none
        "draft settings": CheckStatus.OK,
    }
    assert not (tmp_path / "never-written.json").exists()  # the doctor bypasses cassettes
    sent = stub.chat_requests[0].body
    assert sent["response_format"]["type"] == "json_schema" and sent["max_tokens"] == 48


def test_a_server_refusing_json_schema_is_a_warning_with_the_fallback(tmp_path: Path):
    with StubServer(rejecting_json_schema(script(completion(VALID)))) as stub:
        report = doctor(stub.url, tmp_path)
    assert report.ok and report.structured_mode is OutputMode.JSON_OBJECT
    checks = {check.name: check for check in report.checks}
    assert checks["response_format json_schema"].status is CheckStatus.WARN
    assert "refused (500" in checks["response_format json_schema"].detail
    assert "DRAFTFLOW_STRUCTURED_OUTPUT=json_object" in (checks["structured output"].hint or "")


def test_replies_that_do_not_validate_are_reported(tmp_path: Path):
    with StubServer(script(completion("sure! here is some text"))) as stub:
        report = doctor(stub.url, tmp_path)
    assert report.structured_mode is OutputMode.PROMPT
    detail = {c.name: c.detail for c in report.checks}["response_format json_schema"]
    assert "did not validate" in detail and "sure! here is some text" in detail


def test_a_reply_cut_at_the_token_limit_says_so(tmp_path: Path):
    with StubServer(script(completion('{"word": "draft', finish_reason="length"))) as stub:
        report = doctor(stub.url, tmp_path)
    hint = {c.name: c.hint for c in report.checks}["response_format json_object"]
    assert hint is not None and "cut at 48 tokens" in hint


def test_a_server_that_is_down_fails_the_endpoint_check_naming_the_url(tmp_path: Path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    report = doctor(url, tmp_path)
    assert not report.ok and statuses(report) == {"endpoint": CheckStatus.FAIL}
    assert url in report.checks[0].detail and report.checks[0].hint


def test_an_unlisted_model_fails_with_a_fix_that_lists_the_served_names(tmp_path: Path):
    with StubServer(script(completion(VALID)), models=("stub-model", "other")) as stub:
        report = doctor(stub.url, tmp_path, model="typo-model")
    model_check = report.checks[1]
    assert model_check.status is CheckStatus.FAIL and "other, stub-model" in model_check.detail
    assert model_check.hint == "pass one of them: --model other or --model stub-model"
    assert not report.ok and len(report.checks) == 2  # no probe of a model that is not there


def test_no_model_named_and_several_served_fails(tmp_path: Path):
    with StubServer(script(completion(VALID)), models=("a", "b")) as stub:
        report = doctor(stub.url, tmp_path, model=None)
    assert statuses(report)["model"] is CheckStatus.FAIL and not report.ok


def test_no_base_url_says_how_to_set_one(tmp_path: Path):
    report = doctor(None, tmp_path)
    assert not report.ok and "DRAFTFLOW_BASE_URL" in (report.checks[0].hint or "")


def _slow_plain_replies(request: StubRequest) -> StubReply:
    """JSON probes answer at once; the plain speed probe takes 0.5 s for 8 tokens."""
    if request.body.get("response_format"):
        return completion(VALID)
    reply = completion("1\n2\n3\n4", completion_tokens=8)
    reply.delay = 0.5
    return reply


LLAMA_8192 = {
    ("GET", "/props"): StubReply(
        body={"default_generation_settings": {"n_ctx": 8192}, "total_slots": 4}
    )
}


def test_the_window_the_speed_and_the_draft_settings_are_reported(tmp_path: Path):
    with StubServer(_slow_plain_replies, routes=LLAMA_8192) as stub:
        report = doctor(stub.url, tmp_path, timeout=None)
        plain = [r for r in stub.chat_requests if "response_format" not in r.body]
    assert report.ok and report.plan is not None
    checks = {check.name: check for check in report.checks}
    assert checks["context window"].detail == "8192 tokens (llama.cpp /props, 4 slots)"
    speed = report.plan.speed
    assert speed is not None and speed.tokens == 8 and 0.5 <= speed.seconds < 2.0
    assert f"{speed.tokens_per_second:.1f} tokens/s" in checks["speed"].detail
    (probe,) = plain  # one short generation, with no output format
    assert probe.body["max_tokens"] == 64
    planned = {s.name: s.value for s in report.plan.settings}
    # 8 tokens in >= 0.5 s: at most 16 tokens/s, so a 2,048-token reply after a
    # 5,888-token prompt needs far more than the default 120 s
    assert planned["context_tokens"] == 5888 and planned["max_tokens"] == 2048
    assert planned["concurrency"] == 1
    assert planned["timeout"] >= 8 * (2048 + 5888 / 4) / 16 and planned["timeout"] % 10 == 0
    assert planned["deadline"] == math.ceil(planned["timeout"] * 1.5 / 10) * 10
    detail = checks["draft settings"].detail
    assert f"--timeout {planned['timeout']:.0f} s (scaled to the measured speed)" in detail
    assert "--concurrency 1 (the requests the server's window holds at once)" in detail


def test_settings_the_user_gave_are_reported_as_given(tmp_path: Path):
    with StubServer(_slow_plain_replies, routes=LLAMA_8192) as stub:
        report = doctor(stub.url, tmp_path, timeout=7.0, deadline=9.0, concurrency=2)
    assert report.plan is not None
    planned = {s.name: (s.value, s.source.value) for s in report.plan.settings}
    assert planned["timeout"] == (7.0, "given") and planned["deadline"] == (9.0, "given")
    assert planned["concurrency"] == (2, "given")


def test_a_server_that_fails_the_speed_probe_is_a_warning(tmp_path: Path):
    def plain_fails(request: StubRequest) -> StubReply:
        if request.body.get("response_format"):
            return completion(VALID)
        return error(400, "no")

    with StubServer(plain_fails) as stub:
        report = doctor(stub.url, tmp_path)
    check = {c.name: c for c in report.checks}["speed"]
    assert report.ok and check.status is CheckStatus.WARN and "no" in check.detail
    assert report.plan is not None and report.plan.speed is None
    assert {s.source.value for s in report.plan.settings} == {"given", "default"}
