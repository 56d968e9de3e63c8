"""A structural diff of two versions of a record, in the terms an editor reads.

- Fields are compared by name: added, removed, changed, each with a readable path
  (`editorial.reported_results[label="run 1", metric="decode_rate"].value`) and a JSON pointer.
- Keyed lists are matched by identity, not position: reported results by (label, metric),
  test profiles by label, sections by heading, supplemental sources by document id. A result
  that moved in the list but kept its value is not a change.
- Prose (title, summary, answer, paragraphs, notes, limitations) is compared by sentence.
- `editorial_status` is workflow state rather than content: it is reported on its own
  (`status_change`) and never listed among the changes.
- A move of the source to another commit is one `source_move` (the revisions and the
  documents whose bytes changed), not a change of every pinned URL: the old version is read
  as if pinned at the new revision, each document with its new hash, so only what changed in
  meaning (values, lines, prose) is listed.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, JsonValue

from draftflow.record.documents import record_documents
from draftflow.record.files import record_content_sha256, record_to_json
from draftflow.record.model import Record
from draftflow.text.pointer import pointer
from draftflow.text.sentences import split_sentences

STATUS_FIELD = "editorial_status"

# Lists whose items have an identity; the schema path uses "*" for any list index.
KEYED_LISTS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("editorial", "reported_results"): ("label", "metric"),
    ("test_profiles",): ("label",),
    ("editorial", "sections"): ("heading",),
    ("supplemental_sources",): ("document_id",),
}

PROSE_FIELDS: frozenset[tuple[str, ...]] = frozenset(
    {
        ("title",),
        ("summary",),
        ("notes", "*"),
        ("limitations", "*"),
        ("editorial", "answer"),
        ("editorial", "sections", "*", "paragraphs", "*"),
    }
)


class ChangeKind(StrEnum):
    """What happened to a field or a sentence."""

    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


class SentenceChange(BaseModel):
    """One sentence removed from or added to a prose field."""

    kind: ChangeKind
    text: str


class FieldChange(BaseModel):
    """One field added, removed or changed between two versions of a record.

    `pointer` is a JSON pointer into the new version (into the old one for a removal).
    """

    kind: ChangeKind
    path: str
    pointer: str
    old: JsonValue = None
    new: JsonValue = None
    sentences: list[SentenceChange] = []


class SourceMove(BaseModel):
    """The source pinned at another commit: the two revisions, how many documents both
    versions name, and the paths of those whose bytes changed."""

    old_revision: str
    new_revision: str
    documents: int
    changed_documents: list[str]

    def line(self) -> str:
        """The move as one line of a diff."""
        changed = self.changed_documents
        named = f": {', '.join(changed)}" if changed else ""
        return (
            f"source revision: {self.old_revision[:12]} → {self.new_revision[:12]} "
            f"({len(changed)} of {self.documents} documents changed{named})"
        )


class RecordDiff(BaseModel):
    """Every change between two versions of one record, and its status change if any."""

    record_id: str
    against: str
    old_sha256: str
    new_sha256: str
    status_change: tuple[str, str] | None = None
    source_move: SourceMove | None = None
    changes: list[FieldChange]

    @property
    def identical(self) -> bool:
        """True when the two versions have the same content (status and a source move
        aside)."""
        return not self.changes


def diff_records(
    old: Record,
    new: Record,
    *,
    against: str = "previous",
    old_sha256: str | None = None,
    new_sha256: str | None = None,
) -> RecordDiff:
    """The structural diff of `new` against `old` (see the module docstring).

    The hashes are those of the versions' files when given (`diff_versions` reads them), else
    of the files `dump_record` would write for them.
    """
    old_data, new_data = record_to_json(old), record_to_json(new)
    old_status, new_status = old_data.pop(STATUS_FIELD, None), new_data.pop(STATUS_FIELD, None)
    move, renamed = source_move(old, new)
    if move is not None:
        old_data = _renamed(old_data, renamed)
        old_data["source"]["last_commit_at"] = new_data["source"]["last_commit_at"]
    changes = list(_diff(old_data, new_data, _Path()))
    return RecordDiff(
        record_id=new.id,
        against=against,
        old_sha256=old_sha256 or record_content_sha256(old),
        new_sha256=new_sha256 or record_content_sha256(new),
        status_change=(str(old_status), str(new_status)) if old_status != new_status else None,
        source_move=move,
        changes=changes,
    )


def source_move(old: Record, new: Record) -> tuple[SourceMove | None, dict[str, str]]:
    """The move of the source from `old`'s revision to `new`'s, if it moved, and what to
    rename in the old version to read it as pinned at the new one: the revision, and the hash
    of each document both name whose bytes changed."""
    old_revision, new_revision = old.source.revision, new.source.revision
    if old_revision == new_revision or old.source.repository != new.source.repository:
        return None, {}
    before = {doc.path: doc.sha256 for doc in record_documents(old)}
    after = {doc.path: doc.sha256 for doc in record_documents(new)}
    both = sorted(set(before) & set(after))
    changed = [path for path in both if before[path] != after[path]]
    renamed = {old_revision: new_revision} | {before[path]: after[path] for path in changed}
    move = SourceMove(
        old_revision=old_revision,
        new_revision=new_revision,
        documents=len(both),
        changed_documents=changed,
    )
    return move, renamed


def _renamed(value: Any, renamed: dict[str, str]) -> Any:
    """`value` with every string that holds a key of `renamed` holding its value instead."""
    if isinstance(value, str):
        for old, new in renamed.items():
            value = value.replace(old, new)
        return value
    if isinstance(value, dict):
        return {key: _renamed(item, renamed) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, renamed) for item in value]
    return value


class _Path:
    """Where the walk is: a readable path, a JSON pointer, and the schema path."""

    def __init__(self, readable: str = "", pointer: str = "", schema: tuple[str, ...] = ()) -> None:
        self.readable, self.pointer, self.schema = readable, pointer, schema

    def key(self, name: str) -> _Path:
        readable = f"{self.readable}.{name}" if self.readable else name
        return _Path(readable, self.pointer + pointer(name), (*self.schema, name))

    def item(self, index: int, label: str | None = None) -> _Path:
        shown = label if label is not None else str(index)
        return _Path(f"{self.readable}[{shown}]", f"{self.pointer}/{index}", (*self.schema, "*"))


def _diff(old: Any, new: Any, at: _Path) -> Iterator[FieldChange]:
    if _fingerprint(old) == _fingerprint(new):  # 27 and 27.0 differ on disk, so here too
        return
    if isinstance(old, dict) and isinstance(new, dict):
        yield from _diff_dicts(old, new, at)
    elif isinstance(old, list) and isinstance(new, list):
        keys = KEYED_LISTS.get(at.schema)
        if keys and _all_dicts(old) and _all_dicts(new):
            yield from _diff_keyed(old, new, keys, at)
        else:
            yield from _diff_sequence(old, new, at)
    elif isinstance(old, str) and isinstance(new, str) and at.schema in PROSE_FIELDS:
        yield _prose_change(old, new, at)
    else:
        yield FieldChange(
            kind=ChangeKind.CHANGED, path=at.readable, pointer=at.pointer, old=old, new=new
        )


def _diff_dicts(old: dict[str, Any], new: dict[str, Any], at: _Path) -> Iterator[FieldChange]:
    for name, value in old.items():
        if name not in new:
            child = at.key(name)
            yield FieldChange(
                kind=ChangeKind.REMOVED, path=child.readable, pointer=child.pointer, old=value
            )
    for name, value in new.items():
        child = at.key(name)
        if name in old:
            yield from _diff(old[name], value, child)
        else:
            yield FieldChange(
                kind=ChangeKind.ADDED, path=child.readable, pointer=child.pointer, new=value
            )


def _all_dicts(items: list[Any]) -> bool:
    return all(isinstance(item, dict) for item in items)


def _identities(items: list[dict[str, Any]], keys: tuple[str, ...]) -> list[str]:
    """A readable identity per item: `label="x", metric="y"`, with `#2` for a repeat."""
    seen: dict[str, int] = {}
    identities = []
    for item in items:
        base = ", ".join(f"{k}={json.dumps(item.get(k), ensure_ascii=False)}" for k in keys)
        seen[base] = seen.get(base, 0) + 1
        identities.append(base if seen[base] == 1 else f"{base} #{seen[base]}")
    return identities


def _diff_keyed(
    old: list[dict[str, Any]], new: list[dict[str, Any]], keys: tuple[str, ...], at: _Path
) -> Iterator[FieldChange]:
    old_ids, new_ids = _identities(old, keys), _identities(new, keys)
    old_by_id = dict(zip(old_ids, range(len(old)), strict=True))
    new_set = set(new_ids)
    for identity, index in old_by_id.items():
        if identity not in new_set:
            child = at.item(index, identity)
            yield FieldChange(
                kind=ChangeKind.REMOVED, path=child.readable, pointer=child.pointer, old=old[index]
            )
    for index, identity in enumerate(new_ids):
        child = at.item(index, identity)
        if identity in old_by_id:
            yield from _diff(old[old_by_id[identity]], new[index], child)
        else:
            yield FieldChange(
                kind=ChangeKind.ADDED, path=child.readable, pointer=child.pointer, new=new[index]
            )


def _diff_sequence(old: list[Any], new: list[Any], at: _Path) -> Iterator[FieldChange]:
    """Align two lists by content so one insertion does not shift every later item."""
    matcher = difflib.SequenceMatcher(
        a=[_fingerprint(x) for x in old], b=[_fingerprint(x) for x in new], autojunk=False
    )
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            for offset in range(i2 - i1):
                yield from _diff(old[i1 + offset], new[j1 + offset], at.item(j1 + offset))
            continue
        for index in range(i1, i2):
            child = at.item(index)
            yield FieldChange(
                kind=ChangeKind.REMOVED, path=child.readable, pointer=child.pointer, old=old[index]
            )
        for index in range(j1, j2):
            child = at.item(index)
            yield FieldChange(
                kind=ChangeKind.ADDED, path=child.readable, pointer=child.pointer, new=new[index]
            )


def _fingerprint(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _prose_change(old: str, new: str, at: _Path) -> FieldChange:
    old_sentences, new_sentences = split_sentences(old), split_sentences(new)
    matcher = difflib.SequenceMatcher(a=old_sentences, b=new_sentences, autojunk=False)
    sentences: list[SentenceChange] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        sentences += [SentenceChange(kind=ChangeKind.REMOVED, text=s) for s in old_sentences[i1:i2]]
        sentences += [SentenceChange(kind=ChangeKind.ADDED, text=s) for s in new_sentences[j1:j2]]
    return FieldChange(
        kind=ChangeKind.CHANGED,
        path=at.readable,
        pointer=at.pointer,
        old=old,
        new=new,
        sentences=sentences,
    )


# --- text form ------------------------------------------------------------------------------


def format_value(value: JsonValue, limit: int = 120) -> str:
    """A JSON value on one line, shortened to `limit` characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def diff_lines(diff: RecordDiff) -> list[tuple[str, str]]:
    """The diff as (style, line) pairs: style is `added`, `removed`, `changed` or `info`."""
    lines: list[tuple[str, str]] = []
    if diff.status_change:
        old, new = diff.status_change
        lines.append(("info", f"status: {old} → {new}"))
    if diff.source_move is not None:
        lines.append(("info", diff.source_move.line()))
    if diff.identical:
        lines.append(
            ("info", "no other content changes" if diff.source_move else "no content changes")
        )
    for change in diff.changes:
        if change.kind is ChangeKind.ADDED:
            lines.append(("added", f"+ {change.path}: {format_value(change.new)}"))
        elif change.kind is ChangeKind.REMOVED:
            lines.append(("removed", f"- {change.path}: {format_value(change.old)}"))
        elif change.sentences:
            lines.append(("changed", f"~ {change.path}:"))
            for sentence in change.sentences:
                sign = "+" if sentence.kind is ChangeKind.ADDED else "-"
                lines.append((sentence.kind.value, f"    {sign} {sentence.text}"))
        else:
            lines.append(
                (
                    "changed",
                    f"~ {change.path}: {format_value(change.old)} → {format_value(change.new)}",
                )
            )
    return lines
