"""A repository that says it reports no real results: then no figure of it leads the record.

A benchmark scaffold or harness often ships examples, dry-run output and checklists, and says
in its README that it "does not claim real GPU benchmark results yet". Its documents still
write numbers (a sampling interval in a command, a readiness score, a unit-test count, a fake
server's latency), and any of them published as the record's headline would be a claim the
author disclaims. The README's own sentence decides, and only when the README itself states
no figure: a README that reports results and disclaims some other kind of claim is not read
this way. The figures stay in the figures file for the editor; the record cites the line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from draftflow.acquire.snapshot import README_NAMES, Document, Snapshot
from draftflow.record.model import ReportedResult

# the author disclaims real or actual results (`does not claim real GPU benchmark results
# yet`, `no real measurements so far`), or calls the numbers synthetic or placeholders
_DISCLAIMS = re.compile(
    r"\b(?:does|do|did)\s+not\s+(?:yet\s+)?(?:claim|report|contain|include|publish|have"
    r"|provide)\s+(?:any\s+)?(?:[\w/-]+\s+){0,4}?(?:real|actual)\b[^.]{0,40}?"
    r"\b(?:results|measurements|numbers)\b"
    r"|\bno\s+(?:real|actual)\b[^.]{0,30}?\b(?:results|measurements|numbers)\b\s+(?:yet|so\s+far)\b"
    r"|\b(?:results|numbers|figures)\s+(?:here\s+)?(?:are|is)\s+(?:all\s+)?"
    r"(?:synthetic|placeholders?|made[- ]up|fake)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Disclaimer:
    """Where the README says the repository reports no real results, and the words."""

    path: str
    line: int
    words: str

    @property
    def place(self) -> str:
        """`path:line` of the sentence."""
        return f"{self.path}:{self.line}"


def results_disclaimer(snapshot: Snapshot, results: Sequence[ReportedResult]) -> Disclaimer | None:
    """The README's sentence saying the repository reports no real results, when the README
    states no figure of its own; else None."""
    readme = _readme(snapshot)
    if readme is None:
        return None
    if any(result.source_document_sha256 == readme.sha256 for result in results):
        return None
    found = _DISCLAIMS.search(readme.text)  # a sentence may wrap over two lines
    if found is None:
        return None
    line = readme.text.count("\n", 0, found.start()) + 1
    return Disclaimer(readme.path, line, " ".join(found[0].split()))


def _readme(snapshot: Snapshot) -> Document | None:
    for name in README_NAMES:
        document = snapshot.by_path(name)
        if document is not None:
            return document
    return None
