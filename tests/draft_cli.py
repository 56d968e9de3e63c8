"""The `draftflow draft` command line for a corpus folder, as the end-to-end tests run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


def draft_hostile_folder(folder: Path, records: Path) -> dict[str, Any]:
    """Draft a hand-made `someone/spark-bench` folder with no model as a real process, assert
    it ends 0, and return its record (`someone-spark-bench.json` in `records`)."""
    env = {k: v for k, v in os.environ.items() if k not in MODEL_VARIABLES}
    command = [
        *(sys.executable, "-m", "draftflow", "draft", str(folder)),
        *("--origin", "https://github.com/someone/spark-bench", "--revision", "a" * 40),
        *("--records-dir", str(records)),
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    record: dict[str, Any] = json.loads((records / f"{HOSTILE_ID}.json").read_text())
    return record


HOSTILE_ID = "someone-spark-bench"


def draft_only_in_process(
    folder: Path, entry: dict[str, Any], records: Path, paths: tuple[str, ...]
) -> tuple[Any, list[dict[str, Any]], Any]:
    """`draftflow draft FOLDER --only PATH...` in process with no model, asserting 0 errors:
    the record, its figures file's figures and the folder's snapshot."""
    from click.testing import CliRunner

    from draftflow.acquire import acquire
    from draftflow.cli import main
    from draftflow.record.files import load_record

    only = [arg for path in paths for arg in ("--only", path)]
    done = CliRunner().invoke(main, [*draft_args(folder, entry, records, *only), "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["errors"] == 0
    path = Path(json.loads(done.stdout)["record_path"])
    figures = json.loads(path.with_name(path.name.replace(".json", ".figures.json")).read_text())
    snapshot = acquire(str(folder), origin=entry["url"], revision=entry["revision"])
    return load_record(path), figures["figures"], snapshot
