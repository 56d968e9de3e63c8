"""Snapshot documents built in tests the way `acquire` builds them (hash, lines, pinned URL),
and results citing them."""

from __future__ import annotations

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document, pinned_url, sha256_hex, split_lines
from draftflow.record.model import ReportedResult


def make_document(
    path: str,
    content: str | bytes,
    *,
    repository: str = "o/demo",
    revision: str = "a" * 40,
    prefix: str = "",
) -> Document:
    """A document at `path` holding `content`; its id is `prefix` + the path with `/` and `.`
    as `-` (ids are the path itself when no prefix is given, as the index tests use them)."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    document_id = f"{prefix}{path.replace('/', '-').replace('.', '-')}" if prefix else path
    return Document(
        document_id=document_id,
        path=path,
        sha256=sha256_hex(data),
        bytes=len(data),
        lines=len(split_lines(data.decode("utf-8", "replace"))),
        pinned_url=pinned_url(repository, revision, path),
        data=data,
    )


def make_result(
    document: Document,
    line: int,
    value: float,
    *,
    label: str = "decode tok/s",
    conditions: dict[str, JsonValue] | None = None,
) -> ReportedResult:
    """A source-reported decode rate of `value` stated on `line` of `document`."""
    return ReportedResult(
        label=label,
        metric="decode_rate",
        value=value,
        unit="tokens/s",
        statistic="as reported",
        uncertainty=None,
        conditions=conditions or {},
        evidence_state="source_reported",
        site_reproduced=False,
        evidence_url=document.line_url(line),
        source_document_sha256=document.sha256,
        source_document_id=document.document_id,
        source_line=line,
    )
