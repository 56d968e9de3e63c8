"""Real corpus drafts with no model: no label repeats a part, and no value's unit is doubled.

The repositories are those whose labels showed it (`Mistral 7B Instruct, Mistral 7B Instruct,
FP16 cache` in turboderp's qcache table; `Memory bandwidth, Memory bandwidth, Value` in
Kleybrink's report; `KV pool (same byte pin), c8r 3,027,217, ...` in Reederey87's README)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from draftflow.llm import ModelSettings
from draftflow.pipeline.draft import DraftRequest, run_draft
from draftflow.record.label import fold
from draftflow.record.model import Record

_DOUBLED_UNIT = re.compile(r"\d(%|[A-Za-z/]+)\s+\1(?![\w/])")


def _draft(corpus_dir: Path, manifest: dict[str, Any], folder: str, out: Path) -> Record:
    entry = manifest[folder]
    request = DraftRequest(
        source=str(corpus_dir / folder),
        records_dir=out,
        settings=ModelSettings(),
        revision=entry["revision"],
        origin=entry["url"],
    )
    outcome = asyncio.run(run_draft(request))
    return Record.model_validate_json(Path(outcome.record_path).read_text())


def _repeated(label: str) -> list[str]:
    # a sentence a prose figure is labelled with has commas of its own: its heading path
    # (` › `) is what repeats there
    separator = r"\s›\s" if " › " in label else r",\s"
    parts = [fold(part) for part in re.split(separator, label) if fold(part)]
    return [part for part in set(parts) if parts.count(part) > 1]


@pytest.mark.parametrize(
    "folder",
    [
        "turboderp__exllamav2",
        "Kleybrink__dgx-spark-bench",
        "Reederey87__dgx-spark-2x-deepseek-v4-flash",
    ],
)
def test_no_label_repeats_a_part_and_no_unit_is_written_twice(
    corpus_dir: Path, manifest: dict[str, Any], folder: str, tmp_path: Path
) -> None:
    record = _draft(corpus_dir, manifest, folder, tmp_path)
    labels = [r.label for r in record.editorial.reported_results]
    labels += [p.label for p in record.test_profiles]
    assert labels
    assert {label: _repeated(label) for label in labels if _repeated(label)} == {}
    article = "\n".join(path.read_text() for path in tmp_path.rglob("*.md"))
    assert article
    assert _DOUBLED_UNIT.findall(article) == []
