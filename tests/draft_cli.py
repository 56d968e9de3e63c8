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


SMALL_FOLDER = "jvr0x__dgx-spark-bench"
SMALL_ID = "jvr0x-dgx-spark-bench"
SMALL_ONLY = "results/qwen3.6-35b-nvfp4-nvidia.json"
MODEL_VARIABLES = ("DRAFTFLOW_BASE_URL", "OPENAI_BASE_URL", "DRAFTFLOW_CASSETTE", "DRAFTFLOW_MODEL")


def draft_small_record(corpus_dir: Path, manifest: dict[str, Any], records: Path) -> Path:
    """`draftflow draft` of one corpus results file (SMALL_ID), without a model; returns
    `records`."""
    import pytest
    from click.testing import CliRunner

    from draftflow.cli import main

    folder = corpus_dir / SMALL_FOLDER
    args = draft_args(folder, manifest[SMALL_FOLDER], records, "--only", SMALL_ONLY)
    with pytest.MonkeyPatch.context() as patch:
        for variable in MODEL_VARIABLES:
            patch.delenv(variable, raising=False)
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return records
