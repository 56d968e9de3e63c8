"""A local OpenAI-compatible server that waits a fixed latency per request, then answers validly.

For measuring how much of draftflow's model traffic overlaps: every chat request sleeps
`latency` seconds and is answered with JSON that satisfies the request's schema, so the
pipeline runs end to end. The server counts requests, sums their latencies (request received
to reply sent, measured here) and tracks the most requests in flight at once.

Replies, first match wins:
1. `--cassette FILE`: a draftflow cassette entry whose request matches (model, messages,
   response_format, sampling parameters; the prompt reference is not sent over HTTP);
2. an extract-style schema (a `results` array whose items take `candidate`, `document_id`,
   `line`, `value`): the first `echo` harvested candidates listed in the prompt, cited on their
   own lines, so grounding keeps them and the draft stage has results to write about;
3. otherwise the smallest instance of the schema: empty strings and arrays, zeros, nulls.
The schema comes from `response_format` (json_schema mode) or from the "JSON Schema:" line the
client puts in the system message (json_object and prompt modes).

Endpoints: `GET /v1/models`, `POST /v1/chat/completions`, `GET /stats`, `POST /stats/reset`.
Run `python benchmarks/latency_server.py --latency 0.5` to serve on 127.0.0.1 until Ctrl-C;
it prints its base URL on the first line of stdout.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

DEFAULT_MODEL = "latency-model"
DEFAULT_ECHO = 3
MAX_SCHEMA_DEPTH = 32
_SCHEMA_LINE = re.compile(r"^JSON Schema:\n(.+)$", re.MULTILINE)
_CANDIDATE = re.compile(r"^(c\d+) \| (\S+) L(\d+) \| key: ([^|]*)\|.*\| cell: (.*)$", re.MULTILINE)
_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
_REPLAY_KEYS = ("model", "messages", "response_format", "temperature", "seed", "max_tokens")


# ---- statistics -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RequestTiming:
    """One chat request: which schema it asked for, how long its prompt was (characters of
    its messages), and when it came and was answered."""

    schema: str
    received: float
    sent: float
    prompt_chars: int = 0

    @property
    def latency(self) -> float:
        """Seconds from receiving the request to having sent the reply."""
        return self.sent - self.received


@dataclass
class Stats:
    """What the server saw since the last reset (times are `time.monotonic()` of the server)."""

    requests: int = 0
    in_flight: int = 0
    max_in_flight: int = 0
    timings: list[RequestTiming] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """Counts, the sum of latencies, the span from first request to last reply, per schema."""
        by_schema: dict[str, int] = {}
        for timing in self.timings:
            by_schema[timing.schema] = by_schema.get(timing.schema, 0) + 1
        span = (
            max(t.sent for t in self.timings) - min(t.received for t in self.timings)
            if self.timings
            else 0.0
        )
        return {
            "requests": self.requests,
            "in_flight": self.in_flight,
            "max_in_flight": self.max_in_flight,
            "latency_sum": sum(t.latency for t in self.timings),
            "span": span,
            "by_schema": by_schema,
            "timings": [asdict(t) for t in self.timings],
        }


# ---- replies --------------------------------------------------------------------------------


def minimal_instance(
    schema: dict[str, Any], root: dict[str, Any] | None = None, depth: int = 0
) -> Any:
    """The smallest value valid for `schema`: required keys only, empty text, zero, null."""
    root = schema if root is None else root
    if depth > MAX_SCHEMA_DEPTH:
        return None
    if "$ref" in schema:
        return minimal_instance(_resolve(root, schema["$ref"]), root, depth + 1)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    if "default" in schema:
        return schema["default"]
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if options:
            nullable = [o for o in options if o.get("type") == "null"]
            return None if nullable else minimal_instance(options[0], root, depth + 1)
    if schema.get("allOf"):
        return minimal_instance(schema["allOf"][0], root, depth + 1)
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = "null" if "null" in kind else kind[0]
    return _minimal_of_type(kind, schema, root, depth)


def _minimal_of_type(kind: str, schema: dict[str, Any], root: dict[str, Any], depth: int) -> Any:
    if kind == "object":
        properties = schema.get("properties", {})
        return {
            name: minimal_instance(properties.get(name, {}), root, depth + 1)
            for name in schema.get("required", [])
        }
    if kind == "array":
        item = schema.get("items", {})
        return [
            minimal_instance(item, root, depth + 1) for _ in range(int(schema.get("minItems", 0)))
        ]
    if kind == "string":
        return "x" * int(schema.get("minLength", 0))
    if kind in ("integer", "number"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        return max(0, int(low) + (1 if "exclusiveMinimum" in schema else 0))
    if kind == "boolean":
        return False
    return None


def _resolve(root: dict[str, Any], ref: str) -> dict[str, Any]:
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return dict(node)


def schema_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON schema a chat request asks for: from `response_format`, else from the prompt."""
    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        schema = response_format.get("json_schema", {}).get("schema")
        return dict(schema) if isinstance(schema, dict) else None
    for message in body.get("messages", []):
        match = _SCHEMA_LINE.search(str(message.get("content", "")))
        if match:
            try:
                found = json.loads(match.group(1))
            except ValueError:
                return None
            return found if isinstance(found, dict) else None
    return None


def schema_name(body: dict[str, Any], schema: dict[str, Any] | None) -> str:
    """A short name for the request's schema (the json_schema name, else its title)."""
    named = ((body.get("response_format") or {}).get("json_schema") or {}).get("name")
    return str(named or (schema or {}).get("title") or "unstructured")


def echo_candidates(schema: dict[str, Any], body: dict[str, Any], limit: int) -> Any | None:
    """For an extract-style schema, the first `limit` listed candidates as result claims."""
    results = schema.get("properties", {}).get("results")
    if not isinstance(results, dict) or limit <= 0:
        return None
    item_schema = results.get("items", {})
    if "$ref" in item_schema:
        item_schema = _resolve(schema, item_schema["$ref"])
    wanted = {"candidate", "document_id", "line", "value"}
    if not wanted <= set(item_schema.get("properties", {})):
        return None
    text = "\n".join(str(m.get("content", "")) for m in body.get("messages", []))
    claims = []
    for short_id, document_id, line, key, cell in _CANDIDATE.findall(text):
        number = _NUMBER.search(cell)
        if number is None:
            continue
        claim = minimal_instance(item_schema, schema)
        claim.update(
            candidate=short_id,
            document_id=document_id,
            line=int(line),
            value=float(number.group().replace(",", "")),
        )
        if "label" in claim:
            claim["label"] = key.strip() or short_id
        claims.append(claim)
        if len(claims) >= limit:
            break
    reply = minimal_instance(schema)
    reply["results"] = claims
    return reply


def replay_key(body: dict[str, Any]) -> str:
    """What identifies a request for cassette replay: the cassette fingerprint minus `prompt`."""
    return json.dumps(
        {key: body.get(key) for key in _REPLAY_KEYS},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )


def load_cassette(path: Path) -> dict[str, str]:
    """Replies of a draftflow cassette file, keyed by `replay_key` of their request."""
    data = json.loads(path.read_text(encoding="utf-8"))
    replies = {}
    for entry in data.get("entries", []):
        reply = entry.get("reply")
        if reply is not None:
            replies[replay_key(entry["request"])] = str(reply.get("content", ""))
    return replies


def completion(model: str, content: str, prompt_chars: int) -> dict[str, Any]:
    """An OpenAI chat-completion body around `content` (tokens estimated at 4 chars each)."""
    prompt_tokens, completion_tokens = prompt_chars // 4, len(content) // 4
    return {
        "id": "chatcmpl-latency",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


# ---- the server -----------------------------------------------------------------------------


class _Listener(ThreadingHTTPServer):
    # socketserver listens with a backlog of 5: a burst of 8 new connections can overflow it,
    # and the dropped SYN is retried a full second later, which would look like lost overlap.
    request_queue_size = 128
    daemon_threads = True


class LatencyServer:
    """The server on 127.0.0.1, in a background thread until `stop()`."""

    def __init__(
        self,
        latency: float,
        *,
        port: int = 0,
        model: str = DEFAULT_MODEL,
        cassette: Path | None = None,
        echo: int = DEFAULT_ECHO,
    ) -> None:
        self.latency = latency
        self.model = model
        self.echo = echo
        self.replays = load_cassette(cassette) if cassette is not None else {}
        self._lock = threading.Lock()
        self._stats = Stats()
        self._stopping = threading.Event()
        self._httpd = _Listener(("127.0.0.1", port), _handler_class(self))
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        """The base URL, ending in /v1 like real servers."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def start(self) -> LatencyServer:
        """Serve in the background."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; handlers still sleeping return without answering."""
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def wait(self) -> None:
        """Block until the server stops (or the process is interrupted)."""
        self._thread.join()

    def __enter__(self) -> LatencyServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def stopping(self) -> bool:
        """True once `stop()` was called."""
        return self._stopping.is_set()

    def stats(self) -> dict[str, Any]:
        """A snapshot of the statistics since the last reset."""
        with self._lock:
            return self._stats.summary()

    def reset(self) -> None:
        """Forget the statistics (a request still in flight is counted where it ends)."""
        with self._lock:
            self._stats = Stats(in_flight=self._stats.in_flight)

    def chat(self, body: dict[str, Any], send: Callable[[int, dict[str, Any]], None]) -> None:
        """Answer one chat request through `send` after the latency, and time it.

        The latency counted runs from here (the request has been read) until `send` returns.
        A request stops counting as in flight just before its reply goes out: once the client
        has the reply it may send its next request, which this thread might otherwise count
        before it had let go of this one (a c+1 that no client sent).
        """
        received = self._begin()
        schema = schema_of(body)
        prompt_chars = sum(len(str(m.get("content", ""))) for m in body.get("messages", []))
        held = True

        def reply(status: int, payload: dict[str, Any]) -> None:
            nonlocal held
            self._release()
            held = False
            send(status, payload)

        try:
            if body.get("model") != self.model:
                reply(404, {"error": {"message": f"model {body.get('model')!r} not found"}})
                return
            content = self._content(body, schema)
            if self._stopping.wait(self.latency):
                return
            reply(200, completion(self.model, content, prompt_chars))
        finally:
            if held:
                self._release()
            timing = RequestTiming(
                schema_name(body, schema), received, time.monotonic(), prompt_chars
            )
            self._done(timing)

    def _begin(self) -> float:
        with self._lock:
            self._stats.requests += 1
            self._stats.in_flight += 1
            self._stats.max_in_flight = max(self._stats.max_in_flight, self._stats.in_flight)
        return time.monotonic()

    def _content(self, body: dict[str, Any], schema: dict[str, Any] | None) -> str:
        replayed = self.replays.get(replay_key(body))
        if replayed is not None:
            return replayed
        if schema is None:
            return "{}"
        echoed = echo_candidates(schema, body, self.echo)
        return json.dumps(echoed if echoed is not None else minimal_instance(schema))

    def _release(self) -> None:
        with self._lock:
            self._stats.in_flight -= 1

    def _done(self, timing: RequestTiming) -> None:
        with self._lock:
            self._stats.timings.append(timing)


def _handler_class(server: LatencyServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as the openai client expects
        # Headers and body go out in two writes; with Nagle on, the body waits for the
        # client's delayed ACK (~40 ms), which would show up as latency that is not ours.
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:
            """Keep the benchmark's output quiet."""

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send(
                    200,
                    {
                        "object": "list",
                        "data": [
                            {
                                "id": server.model,
                                "object": "model",
                                "created": 0,
                                "owned_by": "bench",
                            }
                        ],
                    },
                )
            elif self.path.rstrip("/") == "/stats":
                self._send(200, server.stats())
            else:
                self._send(404, {"error": {"message": f"no route GET {self.path}"}})

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            if self.path.rstrip("/") == "/stats/reset":
                server.reset()
                self._send(200, {"reset": True})
            elif self.path.rstrip("/").endswith("/chat/completions"):
                try:
                    body = json.loads(raw) if raw else {}
                except ValueError:
                    self._send(400, {"error": {"message": "the body is not JSON"}})
                    return
                server.chat(body, self._send)
                if server.stopping:
                    self.close_connection = True  # unanswered: let the client see it at once
            else:
                self._send(404, {"error": {"message": f"no route POST {self.path}"}})

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up; nothing to answer

    return Handler


def main(argv: list[str] | None = None) -> int:
    """Serve until interrupted; print the base URL first so a parent process can read it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--latency", type=float, default=0.5, help="seconds per request")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--model", default=DEFAULT_MODEL)
    parser.add_argument("--cassette", type=Path, help="replay matching replies from this file")
    parser.add_argument(
        "--echo",
        type=int,
        default=DEFAULT_ECHO,
        help="candidates per extract reply to return as results",
    )
    args = parser.parse_args(argv)
    server = LatencyServer(
        args.latency, port=args.port, model=args.model, cassette=args.cassette, echo=args.echo
    ).start()
    print(server.url, flush=True)
    try:
        server.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
