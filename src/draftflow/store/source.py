"""Where a record was drafted from, kept beside it so `refresh` can look again.

`records/<id>.source.json` names the kind of source (a remote URL, a local git checkout, a
plain folder), its location, the `--origin` and `--only` the draft used. It holds nothing
secret: remote URLs that carry a password or an https user name are refused by acquire before
anything is written, and model settings (the API key) are not part of it. It is not part of
the published record, so it neither changes the record's content nor makes a sign-off stale.
"""

from __future__ import annotations

from pathlib import Path

from draftflow.record.source import RecordSource
from draftflow.store.write import atomic_write_text
from draftflow.text.json_input import load_optional_json

SOURCE_SUFFIX = ".source.json"


def record_source_path(records_dir: Path, record_id: str) -> Path:
    """The source file of record `record_id`."""
    return records_dir / f"{record_id}{SOURCE_SUFFIX}"


def record_source_text(source: RecordSource) -> str:
    """The source file's text (the pipeline saves it in one unit with the record)."""
    return source.model_dump_json(indent=2) + "\n"


def save_record_source(records_dir: Path, record_id: str, source: RecordSource) -> None:
    """Write the source file atomically; an unchanged one keeps its bytes (and its mtime)."""
    path = record_source_path(records_dir, record_id)
    text = record_source_text(source)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    atomic_write_text(path, text)


def load_record_source(records_dir: Path, record_id: str) -> RecordSource | None:
    """The source file of a record, or None for a record drafted before draftflow kept one."""
    return load_optional_json(
        record_source_path(records_dir, record_id),
        RecordSource,
        what="the source file",
        hint="draft the record again from its source: that rewrites the file",
    )
