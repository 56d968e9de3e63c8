"""The `draftflow draft` command line for a corpus folder, as the end-to-end tests run it."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def draft_args(folder: Path, entry: dict[str, Any], records: Path, *extra: str) -> list[str]:
    """`draftflow draft FOLDER` pinned to its MANIFEST entry, writing into `records`."""
    return [
        "draft",
        str(folder),
        "--origin",
        entry["url"],
        "--revision",
        entry["revision"],
        "--records-dir",
        str(records),
        *extra,
    ]
