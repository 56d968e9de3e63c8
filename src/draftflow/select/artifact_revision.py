"""The revision of a model artifact, where a source writes it next to the artifact's id.

A weight revision is a full 40-hex commit written on a line that names the artifact
(`deepseek-ai/Name @ 9e165c30…` or `Repository: org/Name` then `Tested revision: 9e165c30…`):
on the id's own line, or on one of the next lines when that line says it is a revision
(`revision`, `--revision`, `model_sha`) and names no other repository id. A hash on a line
about something else (a runtime's source commit, an image revision) is not the weights'.
Several different revisions for one artifact are no revision: the record cannot say which
one was measured.
"""

from __future__ import annotations

import re

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.record.model import document_url
from draftflow.select.model_names import FULL_REVISION

LINES_AFTER = 2
_SAYS_REVISION = re.compile(r"\b(?:revision|model[_ ]sha|weights?[_ ]sha)\b", re.I)
_OTHER_SUBJECT = re.compile(r"\b(?:image|docker|container|source|runtime|vllm|sglang)\b", re.I)
_READ_SUFFIXES = (".md", ".txt", ".toml", ".yaml", ".yml", ".sh", ".env", ".example", ".cfg")
_OWNER_NAME = re.compile(r"(?<![\w./-])[A-Za-z0-9][\w.-]*/[A-Za-z][\w.-]*\d[\w.-]*")


def artifact_revision(snapshot: Snapshot, ident: str, first: str) -> tuple[str, str] | None:
    """The revision the sources write next to `ident` and the line URL that states it,
    searching the document of `first` (the artifact's cited line) first; None when no source
    writes one, or when they write different ones."""
    found: dict[str, str] = {}
    for document in _documents(snapshot, first):
        lowered = ident.lower()
        if lowered not in document.lowered_text:
            continue
        for revision, url in _revisions_in(document, ident):
            found.setdefault(revision, url)
    if len(found) != 1:
        return None
    return next(iter(found.items()))


def _documents(snapshot: Snapshot, first: str) -> list[Document]:
    cited = snapshot.by_url(document_url(first))
    readable = [
        d for d in snapshot.documents if d is not cited and d.path.lower().endswith(_READ_SUFFIXES)
    ]
    return ([cited] if cited is not None else []) + readable


def _revisions_in(document: Document, ident: str) -> list[tuple[str, str]]:
    lines = document.line_list
    lowered = ident.lower()
    found = []
    for index, line in enumerate(lines):
        if not _names(line, lowered):
            continue
        same = FULL_REVISION.search(line)
        if same and not _OTHER_SUBJECT.search(line[: same.start()].lower().replace(lowered, "")):
            found.append((same.group(0), document.line_url(index + 1)))
            continue
        for offset in range(1, LINES_AFTER + 1):
            if index + offset >= len(lines):
                break
            after = lines[index + offset]
            if _OWNER_NAME.search(after) and not _names(after, lowered):
                break  # the next line is about another repository
            match = FULL_REVISION.search(after)
            said = after[: match.start()] if match else ""
            if match and _SAYS_REVISION.search(said) and not _OTHER_SUBJECT.search(said):
                found.append((match.group(0), document.line_url(index + offset + 1)))
                break
    return found


def _names(line: str, lowered_ident: str) -> bool:
    """Whether the line names the id itself (not a longer id it begins, `-FP8` variants)."""
    text = line.lower()
    start = text.find(lowered_ident)
    while start >= 0:
        end = start + len(lowered_ident)
        before_ok = start == 0 or not (text[start - 1].isalnum() or text[start - 1] in "-_./")
        after_ok = end == len(text) or not (text[end].isalnum() or text[end] in "-_")
        if before_ok and after_ok:
            return True
        start = text.find(lowered_ident, end)
    return False
