"""Printing verification flags, for `verify` and `review` alike: one home.

Each flag: its severity, rule and id, where it is in the record (a JSON pointer) and the
record's text around the claim, what verify found, and each piece of evidence with its source
lines in context (or, without the sources, the line the report stored).
"""

from __future__ import annotations

import json

from rich.console import Console
from rich.text import Text

from draftflow.acquire.snapshot import Snapshot
from draftflow.record.files import record_to_json
from draftflow.record.model import Record
from draftflow.text.pointer import MISSING, resolve
from draftflow.verify import Evidence, Flag

CONTEXT_LINES = 2
_AROUND = 70


def print_flag(
    console: Console,
    flag: Flag,
    snapshot: Snapshot | None,
    *,
    record: Record | None = None,
    acknowledged: bool = False,
    advice: bool = False,
) -> None:
    """One flag, its place in the record and its evidence; with `advice`, what to do next."""
    error = flag.is_error
    style = "red" if error else "yellow"
    console.print()
    console.print(
        Text(
            f"{flag.severity.value} {flag.id} [{flag.rule.value}] at {flag.location}",
            style=style + " bold",
        )
    )
    console.print(Text(f"  claim: {flag.claim}"))
    around = record_context(record, flag.location, flag.claim) if record else None
    if around:
        console.print(Text(f"  in the record: {around}"))
    console.print(Text(f"  {flag.message}"))
    for evidence in flag.evidence:
        print_evidence(console, evidence, snapshot)
    if not advice:
        return
    if acknowledged:
        console.print(Text("  acknowledged in the current sign-off", style="green"))
    elif error and record is not None:
        console.print(
            Text(
                f"  to do: fix {flag.location} in the record, or acknowledge it: "
                f"draftflow approve {record.id} --editor NAME --ack {flag.id} --reason TEXT"
            )
        )
    else:
        console.print("  to do: check it; acknowledging a warning is optional")


def print_evidence(console: Console, evidence: Evidence, snapshot: Snapshot | None) -> None:
    """Where the evidence is (no `#L` anchor without a line) and its lines in context."""
    line = evidence.line
    where = f"{evidence.path}#L{line}" if line is not None else evidence.path
    console.print(Text(f"  {where}  {evidence.url}", style="dim"))
    document = None
    if snapshot is not None and line is not None:
        document = snapshot.document(evidence.document_id) or snapshot.by_path(evidence.path)
    if document is None or line is None:
        if evidence.text is not None:
            console.print(Text(f"  > {line if line is not None else '?':>6} | {evidence.text}"))
        return
    first = max(1, line - CONTEXT_LINES)
    last = min(len(document.line_list), line + CONTEXT_LINES)
    for number in range(first, last + 1):
        text = (document.line(number) or "")[:200]
        marker = ">" if number == line else " "
        style = "bold" if number == line else "dim"
        console.print(Text(f"  {marker} {number:>6} | {text}", style=style))


def record_context(record: Record, location: str, claim: str) -> str | None:
    """The record's text around `claim` at the JSON pointer `location`, on one line."""
    value = resolve(record_to_json(record), location)
    if value is MISSING or isinstance(value, dict | list):
        return None
    if not isinstance(value, str):
        return json.dumps(value)
    at = value.find(claim)
    if at < 0:
        return " ".join(value.split())[: 2 * _AROUND]
    start, end = max(0, at - _AROUND), min(len(value), at + len(claim) + _AROUND)
    before, after = ("…" if start else ""), ("…" if end < len(value) else "")
    return before + " ".join(value[start:end].split()) + after
