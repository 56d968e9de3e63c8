"""`run_doctor` against the stub server: what it checks and what it tells the user to fix."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from draftflow.llm import ModelSettings, OutputMode
from draftflow.llm.doctor import CheckStatus, DoctorReport, run_doctor
from stub_server import StubServer, completion, rejecting_json_schema, script

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
    return asyncio.run(run_doctor(ModelSettings.model_validate(values)))


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


def test_an_unlisted_model_is_a_warning_that_lists_the_served_names(tmp_path: Path):
    with StubServer(script(completion(VALID)), models=("stub-model", "other")) as stub:
        report = doctor(stub.url, tmp_path, model="typo-model")
    model_check = report.checks[1]
    assert model_check.status is CheckStatus.WARN and "(other, stub-model)" in model_check.detail
    assert not report.ok  # the probes then fail with the server's 404


def test_no_model_named_and_several_served_fails(tmp_path: Path):
    with StubServer(script(completion(VALID)), models=("a", "b")) as stub:
        report = doctor(stub.url, tmp_path, model=None)
    assert statuses(report)["model"] is CheckStatus.FAIL and not report.ok


def test_no_base_url_says_how_to_set_one(tmp_path: Path):
    report = doctor(None, tmp_path)
    assert not report.ok and "DRAFTFLOW_BASE_URL" in (report.checks[0].hint or "")
