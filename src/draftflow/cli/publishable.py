"""A record whose pinned URLs are marked local (`local://...`) cites pages no reader can open,
so `approve` refuses it with the exact command that drafts it again under its public name."""

from __future__ import annotations

import shlex
from pathlib import Path

from draftflow.acquire.snapshot import is_local_url
from draftflow.errors import CheckFailed
from draftflow.record.model import Record
from draftflow.record.source import RecordSource, SourceKind

PUBLIC_PLACEHOLDER = "https://github.com/OWNER/NAME"


def redraft_command(
    record_id: str, stored: RecordSource | None, records_dir: Path, revision: str
) -> str:
    """`draftflow draft SOURCE --origin https://github.com/OWNER/NAME --id ID ...`: the record
    drafted again from the copy it was read from, under the same id, with public URLs."""
    words = ["draftflow", "draft", stored.location if stored else "SOURCE"]
    words += ["--origin", PUBLIC_PLACEHOLDER]
    if stored is not None and stored.kind is SourceKind.FOLDER:
        words += ["--revision", revision]
    for glob in stored.only if stored else []:
        words += ["--only", glob]
    words += ["--id", record_id, "--records-dir", str(records_dir)]
    quoted = [shlex.quote(word) for word in words]
    # The placeholder is for the editor to replace: left unquoted so it reads as one.
    return " ".join(PUBLIC_PLACEHOLDER if word == PUBLIC_PLACEHOLDER else word for word in quoted)


def refuse_local_record(
    record: Record, record_id: str, stored: RecordSource | None, records_dir: Path
) -> None:
    """Raise `CheckFailed` (exit 1) when `record`'s pinned URLs are marked local."""
    if not is_local_url(record.source.url):
        return
    redraft = redraft_command(record_id, stored, records_dir, record.source.revision)
    raise CheckFailed(
        f"sign-off refused: {record_id} was drafted from a local copy, so its pinned URLs are "
        f"marked local ({record.source.url}) and no reader can open its citations",
        hint=f"name the public repository and draft it again under the same id: `{redraft}` "
        f"(OWNER/NAME as on GitHub), then `draftflow approve {record_id} --records-dir "
        f"{shlex.quote(str(records_dir))} --editor NAME`",
    )
