"""Bounds on everything a server says, as real `draftflow doctor` and `draftflow draft`
processes meet stub servers: absurd windows and probe times are clamped with a warning, never a
traceback, and the derived --timeout and --deadline have ceilings."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from cli_process import cli
from draft_cli import SMALL_FOLDER, SMALL_ONLY, draft_args
from draftflow.llm import ModelSettings
from draftflow.llm.server_limits import read_context_window
from stub_server import DEFAULT_MODEL, StubReply, StubRequest, StubServer, completion

VALID = '{"word": "draftflow", "count": 3}'
HUGE = "9" * 5001

WINDOWS: dict[str, tuple[dict[tuple[str, str], StubReply], str]] = {
    "llama.cpp 1 token": (
        {("GET", "/props"): StubReply(body={"default_generation_settings": {"n_ctx": 1}})},
        "a context window of 1 tokens (llama.cpp /props)",
    ),
    "llama.cpp 10^26 tokens": (
        {("GET", "/props"): StubReply(body='{"n_ctx": 1' + "0" * 26 + "}")},
        "of 100,000,000,000,000,000,000,000,000 tokens (llama.cpp /props)",
    ),
    "vLLM 40 digits": (
        {("GET", "/v1/models"): StubReply(
            body='{"object": "list", "data": [{"id": "' + DEFAULT_MODEL
            + '", "max_model_len": ' + "7" * 40 + "}]}"
        )},
        "a 40-digit number of tokens (vLLM /v1/models)",
    ),
    "vLLM 5,001 digits": (
        {("GET", "/v1/models"): StubReply(
            body='{"object": "list", "data": [{"id": "' + DEFAULT_MODEL
            + '", "max_model_len": ' + HUGE + "}]}"
        )},
        "a 5,001-digit number of tokens (vLLM /v1/models)",
    ),
    "Ollama num_ctx 5,001 digits": (
        {("POST", "/api/show"): StubReply(body={"parameters": f"stop <eos>\nnum_ctx {HUGE}"})},
        "a 5,001-digit number of tokens (Ollama /api/show)",
    ),
}  # fmt: skip


def answers(request: StubRequest) -> StubReply:
    """Valid structured replies; the plain speed probe as a fast server answers it."""
    return completion(VALID if request.body.get("response_format") else "1 2 3 4")


def slow_probe(request: StubRequest) -> StubReply:
    """The plain speed probe answered with 1 token after a second and a half: 0.7 tokens/s."""
    if request.body.get("response_format"):
        return completion(VALID)
    reply = completion("1", completion_tokens=1)
    reply.delay = 1.5
    return reply


@pytest.fixture
def stub() -> Iterator[Any]:
    servers: list[StubServer] = []

    def start(handler: Any, routes: dict[tuple[str, str], StubReply] | None = None) -> StubServer:
        server = StubServer(handler, routes=routes).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def doctor_json(tmp_path: Path, server: StubServer) -> dict[str, Any]:
    result = cli(tmp_path, "doctor", "--base-url", server.url, "--model", DEFAULT_MODEL, "--json")
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return report


@pytest.mark.parametrize("case", list(WINDOWS))
def test_an_absurd_window_is_clamped_and_doctor_warns(case: str, stub: Any, tmp_path: Path):
    routes, says = WINDOWS[case]
    report = doctor_json(tmp_path, stub(answers, routes))
    window = {c["name"]: c for c in report["checks"]}["context window"]
    assert window["status"] == "warn", window
    assert says in window["detail"], window["detail"]
    assert 512 <= report["plan"]["window"]["tokens"] <= 10_000_000


def test_an_absurd_probe_time_is_a_warning_and_the_timeouts_have_a_ceiling(
    stub: Any, tmp_path: Path
):
    report = doctor_json(tmp_path, stub(slow_probe))
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["speed"]["status"] == "warn", checks["speed"]
    assert "slower than the 1 token/s draftflow can time" in checks["speed"]["detail"]
    planned = {s["name"]: s["value"] for s in report["plan"]["settings"]}
    assert planned["timeout"] <= 7_200 and planned["deadline"] <= 10_800, planned
    assert checks["draft settings"]["status"] == "warn"


def test_a_draft_at_a_slow_server_says_so_and_waits_at_most_the_ceiling(
    stub: Any, tmp_path: Path, corpus_dir: Path, manifest: dict[str, Any]
):
    server = stub(slow_probe, WINDOWS["Ollama num_ctx 5,001 digits"][0])
    records = tmp_path / "records"
    args = draft_args(corpus_dir / SMALL_FOLDER, manifest[SMALL_FOLDER], records,
                      "--only", SMALL_ONLY, "--base-url", server.url, "--model", DEFAULT_MODEL,
                      "--no-cache")  # fmt: skip
    result = cli(tmp_path, *args)
    assert "Traceback" not in result.stderr, result.stderr
    sizing = [line for line in result.stderr.splitlines() if line.startswith("draftflow: ")]
    assert any("--timeout 7200 s, --deadline 10800 s" in line for line in sizing), sizing
    warnings = [line for line in sizing if line.startswith("draftflow: warning: ")]
    assert len(warnings) == 3, sizing  # the window, the speed, the ceiling


class _Drip(BaseHTTPRequestHandler):
    """`GET /props` answered one byte a second (each read within httpx's timeout); else 404."""

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""

    def do_GET(self) -> None:
        if self.path != "/props":
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", "1000")
        self.end_headers()
        for _ in range(60):
            try:
                self.wfile.write(b" ")
                self.wfile.flush()
            except OSError:
                return
            time.sleep(1)

    def do_POST(self) -> None:
        self.send_error(404)


def test_a_server_that_drips_its_window_is_not_waited_for() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Drip)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        started = time.monotonic()
        window = asyncio.run(read_context_window(ModelSettings(base_url=url, model="m")))
        took = time.monotonic() - started
    finally:
        server.shutdown()
        server.server_close()
    assert window is None
    assert took < 20, took  # before: the whole minute of dripping
