"""Extraction on the real corpus: gold recall of harvesting, and deterministic results that hold."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from draftflow.extract import extract, harvest
from draftflow.extract.candidates import Candidate
from draftflow.extract.numeric import numbers_in
from draftflow.extract.select import select
from draftflow.snapshot import Document
from test_extract_support import corpus_snapshot

GOLD_DIR = Path(__file__).resolve().parents[1] / "records" / "gold"
GOLD_FILES = sorted(GOLD_DIR.glob("*.json")) if GOLD_DIR.is_dir() else []
RESULT_FOLDERS = [
    "jvr0x__dgx-spark-bench",
    "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark",
    "Kleybrink__dgx-spark-bench",
    "djangodevreng__dgx-spark-benchmarks",
]


def _in_a_table(document: Document, line: int) -> bool:
    """True when the gold figure sits in a CSV/TSV/JSON file or a Markdown table row."""
    if document.path.lower().endswith((".csv", ".tsv", ".json", ".jsonl")):
        return True
    text = document.line(line) or ""
    return document.path.lower().endswith(".md") and text.lstrip().startswith("|")


def _found(candidates: list[Candidate], value: float) -> bool:
    return any(abs(v - value) <= 1e-9 * max(1.0, abs(value)) for c in candidates for v in c.values)


@pytest.mark.skipif(not GOLD_FILES, reason="no gold records yet in records/gold/")
@pytest.mark.parametrize("gold_path", GOLD_FILES, ids=[p.stem for p in GOLD_FILES])
def test_harvest_finds_every_gold_figure_that_sits_in_a_table(
    gold_path: Path, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    gold = json.loads(gold_path.read_text(encoding="utf-8"))
    folder = gold["source"]["repository"].replace("/", "__")
    snapshot = corpus_snapshot(corpus_dir, manifest, folder)
    candidates = harvest(snapshot)
    by_line: dict[tuple[str, int], list[Candidate]] = {}
    for candidate in candidates:
        by_line.setdefault((candidate.document_id, candidate.line), []).append(candidate)
    selected = {s.candidate.candidate_id for s in select(candidates)}
    table_sited, missed, unselected = 0, [], []
    for result in gold["editorial"]["reported_results"]:
        document = snapshot.by_url(result["evidence_url"])
        assert document is not None, result["evidence_url"]
        assert document.sha256 == result["source_document_sha256"]
        if not _in_a_table(document, result["source_line"]):
            continue
        table_sited += 1
        here = by_line.get((document.document_id, result["source_line"]), [])
        if not _found(here, result["value"]):
            missed.append((document.path, result["source_line"], result["value"]))
        elif not any(c.candidate_id in selected and _found([c], result["value"]) for c in here):
            unselected.append((document.path, result["source_line"], result["value"]))
    assert table_sited > 0
    assert missed == []
    assert unselected == []  # selection keeps every gold table figure for the no-model path


@pytest.mark.parametrize("folder", RESULT_FOLDERS)
def test_deterministic_results_are_on_their_lines(
    folder: str, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    snapshot = corpus_snapshot(corpus_dir, manifest, folder)
    extraction = asyncio.run(extract(snapshot, None))
    assert extraction.reported_results, folder
    assert extraction.dropped == []
    for result in extraction.reported_results:
        document = snapshot.by_url(result.evidence_url)
        assert document is not None
        assert result.evidence_url == f"{document.pinned_url}#L{result.source_line}"
        assert result.source_document_sha256 == document.sha256
        assert result.evidence_state == "source_reported" and not result.site_reproduced
        written = numbers_in(document.line(result.source_line) or "")
        if result.uncertainty is None:
            assert any(f.value == result.value for f in written), result
    assert {p.evidence_url.split("#L")[0] for p in extraction.test_profiles} <= {
        d.pinned_url for d in snapshot.documents
    }
