"""A scriptable OpenAI-compatible HTTP server on 127.0.0.1, for the model layer's failure modes.

`GET /v1/models` lists the stub's models; `POST /v1/chat/completions` asks a handler, which
returns a `StubReply` (status, JSON or raw body, an optional delay). A request naming a model
the stub does not serve gets a 404, as real servers answer. Every request is kept in
`server.requests` (method, path, headers, JSON body) for assertions.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DEFAULT_MODEL = "stub-model"


@dataclass
class StubRequest:
    """One request the stub received."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class StubReply:
    """What the stub answers: a status, a JSON object or raw text, after an optional delay."""

    status: int = 200
    body: dict[str, Any] | str = field(default_factory=dict)
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    content_type: str = "application/json"


Handler = Callable[[StubRequest], StubReply]


def completion(
    content: str,
    *,
    prompt_tokens: int = 11,
    completion_tokens: int = 7,
    model: str = DEFAULT_MODEL,
    finish_reason: str = "stop",
) -> StubReply:
    """A successful chat completion whose message is `content`."""
    return StubReply(
        body={
            "id": "chatcmpl-stub",
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": finish_reason,
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


def error(status: int, message: str) -> StubReply:
    """An OpenAI-style error body with `status`."""
    return StubReply(status=status, body={"error": {"message": message, "type": "stub_error"}})


def script(*replies: StubReply) -> Handler:
    """A handler answering `replies` in order, repeating the last one when they run out."""
    queue: Iterator[StubReply] = iter(replies)
    last = [replies[-1]]

    def handle(_: StubRequest) -> StubReply:
        reply = next(queue, last[0])
        last[0] = reply
        return reply

    return handle


def rejecting_json_schema(then: Handler, *, status: int = 500) -> Handler:
    """A handler that refuses `response_format: json_schema` (like llama-cpp-python's server)."""

    def handle(request: StubRequest) -> StubReply:
        kind = (request.body.get("response_format") or {}).get("type")
        if kind == "json_schema":
            return error(status, "response_format json_schema is not supported")
        return then(request)

    return handle


class StubServer:
    """The stub server, running in a background thread until `stop()`."""

    def __init__(
        self,
        handler: Handler,
        *,
        models: tuple[str, ...] = (DEFAULT_MODEL,),
        routes: dict[tuple[str, str], StubReply] | None = None,
    ) -> None:
        """`routes` answers further (METHOD, PATH) pairs first, as a server flavour's own
        endpoints do (llama.cpp `GET /props`, Ollama `POST /api/show`, a vLLM model list)."""
        self.handler = handler
        self.models = models
        self.routes = routes or {}
        self.requests: list[StubRequest] = []
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def url(self) -> str:
        """The base URL, ending in /v1 like real servers."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    @property
    def chat_requests(self) -> list[StubRequest]:
        """The chat-completion requests received so far."""
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def start(self) -> StubServer:
        """Serve in the background."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and release any handler still sleeping."""
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> StubServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _answer(self, request: StubRequest) -> StubReply:
        self.requests.append(request)
        if (request.method, request.path) in self.routes:
            return self.routes[(request.method, request.path)]
        if request.method == "GET" and request.path.endswith("/models"):
            return StubReply(
                body={
                    "object": "list",
                    "data": [
                        {"id": name, "object": "model", "created": 0, "owned_by": "stub"}
                        for name in self.models
                    ],
                }
            )
        if request.method == "POST" and request.path.endswith("/chat/completions"):
            model = request.body.get("model")
            if model not in self.models:
                return error(404, f"model '{model}' not found")
            return self.handler(request)
        return error(404, f"no route {request.method} {request.path}")

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                """Keep test output quiet."""

            def do_GET(self) -> None:
                self._serve("GET")

            def do_POST(self) -> None:
                self._serve("POST")

            def _serve(self, method: str) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else {}
                headers = {name.lower(): value for name, value in self.headers.items()}
                request = StubRequest(method, self.path, headers, body)
                reply = server._answer(request)
                if reply.delay and server._stopping.wait(reply.delay):
                    return
                data = (
                    reply.body if isinstance(reply.body, str) else json.dumps(reply.body)
                ).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", reply.content_type)
                    self.send_header("content-length", str(len(data)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

        return Handler
