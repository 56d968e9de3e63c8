"""Cassettes: recorded model exchanges, replayed offline.

A cassette is one JSON file, indented and sorted so that re-recording shows as a readable
diff. Each entry holds a request fingerprint, the request (model, messages, response format,
sampling parameters, prompt name and hash) and either the reply or the server's rejection of
the response format (so that replay takes the same fallback path). No header is recorded, and
anything that looks like a secret is scrubbed before writing.

Record modes: `none` replays only and a miss is a `CassetteMissError`; `new` replays what it
has and records the misses; `all` sends every request and re-records it.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from rapidfuzz import fuzz, process

from draftflow.errors import CassetteMissError, ConfigError, OutputError
from draftflow.llm.exchange import ChatReply, ChatRequest, Rejection, canonical_json
from draftflow.llm.settings import RecordMode

FORMAT = "draftflow-cassette/1"
REDACTED = "<redacted>"
_SECRET_PATTERNS = (
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{8,}"),
    re.compile(r"\bsk-[A-Za-z0-9_-]{8,}"),
)
_SECRET_KEYS = frozenset({"authorization", "api_key", "api-key", "x-api-key"})
_CONTEXT = 40
_FILE_MODE = 0o644
WRITE_INTERVAL_SECONDS = 2.0


class CassetteEntry(BaseModel):
    """One recorded exchange."""

    fingerprint: str
    request: ChatRequest
    reply: ChatReply | None = None
    rejection: Rejection | None = None


class Cassette:
    """The entries of one cassette file, keyed by request fingerprint."""

    def __init__(self, path: Path, mode: RecordMode, *, secrets: tuple[str, ...] = ()) -> None:
        self.path = path
        self.mode = mode
        self._secrets = tuple(s for s in secrets if s)
        self._entries: dict[str, CassetteEntry] = self._read()
        self._dirty = False
        self._written_at = -WRITE_INTERVAL_SECONDS  # the first recorded entry is written at once

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def replays(self) -> bool:
        """True when recorded entries answer requests (modes `none` and `new`)."""
        return self.mode is not RecordMode.ALL

    @property
    def records(self) -> bool:
        """True when requests may go to the network and be written down."""
        return self.mode is not RecordMode.NONE

    def get(self, fingerprint: str) -> CassetteEntry | None:
        """The recorded entry for `fingerprint`, when replaying."""
        return self._entries.get(fingerprint) if self.replays else None

    def models(self) -> set[str]:
        """The model names the recorded requests used."""
        return {entry.request.model for entry in self._entries.values()}

    def record(self, request: ChatRequest, outcome: ChatReply | Rejection) -> None:
        """Add (or replace) the entry for `request`; the file is rewritten atomically at most
        once per `WRITE_INTERVAL_SECONDS` (rewriting per reply grew quadratically and stalled
        the event loop while recording), and always by `flush`."""
        entry = CassetteEntry(
            fingerprint=request.fingerprint(),
            request=request,
            reply=outcome if isinstance(outcome, ChatReply) else None,
            rejection=outcome if isinstance(outcome, Rejection) else None,
        )
        self._entries[entry.fingerprint] = entry
        self._dirty = True
        if time.monotonic() - self._written_at >= WRITE_INTERVAL_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write recorded entries not yet on disk (the client calls this when it closes)."""
        if self._dirty:
            self._write()
            self._dirty = False
            self._written_at = time.monotonic()

    def miss_error(self, request: ChatRequest) -> CassetteMissError:
        """The error for a request the cassette lacks, naming the closest recorded one."""
        fingerprint = request.fingerprint()
        head = (
            f"cassette {self.path} has no entry for request {fingerprint[:12]} "
            f"(prompt {request.prompt.name} {request.prompt.sha256[:12]}, model {request.model})"
        )
        hint = (
            "re-record it against a server: --base-url URL --record-mode new "
            "(or undo the change that altered the request)"
        )
        closest = self._closest(request)
        if closest is None:
            return CassetteMissError(f"{head}; the cassette is empty", hint=hint)
        differences = describe_differences(closest.request, request)
        return CassetteMissError(
            f"{head}; closest recorded request: {closest.fingerprint[:12]} "
            f"(prompt {closest.request.prompt.name}), which differs in:\n  "
            + "\n  ".join(differences),
            hint=hint,
        )

    def _closest(self, request: ChatRequest) -> CassetteEntry | None:
        if not self._entries:
            return None
        choices = {
            fingerprint: canonical_json(entry.request.model_dump(mode="json"))
            for fingerprint, entry in self._entries.items()
        }
        query = canonical_json(request.model_dump(mode="json"))
        match = process.extractOne(query, choices, scorer=fuzz.ratio)
        return self._entries[match[2]] if match else None

    def _read(self) -> dict[str, CassetteEntry]:
        if not self.path.exists():
            if self.mode is RecordMode.NONE:
                raise ConfigError(
                    f"cassette {self.path} does not exist",
                    hint="record it first: --record-mode new with --base-url pointing at a server",
                )
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            entries = [CassetteEntry.model_validate(item) for item in data["entries"]]
        except (OSError, ValueError, KeyError, TypeError, ValidationError) as error:
            raise ConfigError(
                f"cassette {self.path} cannot be read: {error}",
                hint="restore it from version control or re-record it with --record-mode all",
            ) from error
        return {entry.fingerprint: entry for entry in entries}

    def _write(self) -> None:
        ordered = sorted(
            self._entries.values(), key=lambda e: (e.request.prompt.name, e.fingerprint)
        )
        document = {
            "format": FORMAT,
            "entries": [
                scrub(entry.model_dump(mode="json", exclude_none=True), self._secrets)
                for entry in ordered
            ],
        }
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        _atomic_write(self.path, text)


def scrub(value: Any, secrets: tuple[str, ...] = ()) -> Any:
    """A copy of `value` with secrets, bearer tokens and key-like strings redacted."""
    if isinstance(value, dict):
        return {
            key: REDACTED if key.lower() in _SECRET_KEYS else scrub(item, secrets)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [scrub(item, secrets) for item in value]
    if isinstance(value, str):
        for secret in secrets:
            value = value.replace(secret, REDACTED)
        for pattern in _SECRET_PATTERNS:
            value = pattern.sub(REDACTED, value)
        return value
    return value


def describe_differences(recorded: ChatRequest, wanted: ChatRequest) -> list[str]:
    """Human-readable differences between a recorded request and the one asked for."""
    old, new = recorded.model_dump(mode="json"), wanted.model_dump(mode="json")
    differences = []
    for key in ("model", "temperature", "seed", "max_tokens", "response_format", "prompt"):
        if old[key] != new[key]:
            differences.append(f"{key}: recorded {_short(old[key])}, now {_short(new[key])}")
    differences.extend(_message_differences(old["messages"], new["messages"]))
    return differences or ["nothing visible (the cassette may have been edited by hand)"]


def _message_differences(old: list[dict[str, str]], new: list[dict[str, str]]) -> list[str]:
    differences = []
    if len(old) != len(new):
        differences.append(f"messages: recorded {len(old)}, now {len(new)}")
    for index, (before, after) in enumerate(zip(old, new, strict=False)):
        if before.get("role") != after.get("role"):
            differences.append(
                f"messages[{index}].role: recorded {before.get('role')}, now {after.get('role')}"
            )
        text_before, text_after = before.get("content", ""), after.get("content", "")
        if text_before != text_after:
            at = _first_difference(text_before, text_after)
            differences.append(
                f"messages[{index}].content at character {at}: recorded "
                f"{_excerpt(text_before, at)!r}, now {_excerpt(text_after, at)!r}"
            )
    return differences


def _first_difference(a: str, b: str) -> int:
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return index
    return min(len(a), len(b))


def _excerpt(text: str, at: int) -> str:
    return text[max(0, at - 10) : at + _CONTEXT]


def _short(value: object) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def _atomic_write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, _FILE_MODE)  # mkstemp makes it private; cassettes are shared
        os.replace(temporary, path)
    except OSError as error:
        raise OutputError(
            f"cannot write cassette {path}: {error}", hint="check the folder is writable"
        ) from error
