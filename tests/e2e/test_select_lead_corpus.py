"""The headline is the author's lead claims, on real corpus lines: a design document's
illustrative `~` table and a configured limit (`max_p99_ttft_ms: 500`) are never headline
figures; the README's first results table and its marked cells are (select/lead.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import SharedCorpusExtraction
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.artifact import Extraction
from draftflow.select.figures_file import make_figures
from draftflow.select.lead import DocumentRole, Exclusion, headline_exclusion, read_roles
from draftflow.select.rules import choose, headline_eligible, score_figures

JVR = "jvr0x__dgx-spark-bench"
DESIGN_DOC = "docs/glm-5.2-2bit-evaluation-framework.md"


def _snapshot(corpus_dir: Path, manifest: dict[str, Any], folder: str) -> Snapshot:
    entry = manifest[folder]
    return acquire(str(corpus_dir / folder), origin=entry["url"], revision=entry["revision"])


def _headline_places(snapshot: Snapshot, extraction: Extraction) -> list[tuple[str, int, float]]:
    scored = score_figures(snapshot, make_figures(extraction.reported_results))
    places = []
    for item in choose(headline_eligible(scored, snapshot), 24):
        result = item.figure.result
        document = snapshot.document(result.source_document_id)
        assert document is not None
        places.append((document.path, result.source_line, float(result.value)))
    return places


def test_jvr0x_design_document_and_its_limits_never_lead(
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    snapshot = _snapshot(corpus_dir, manifest, JVR)
    by_id = read_roles(snapshot)
    roles = {document.path: by_id[document.document_id] for document in snapshot.documents}
    assert roles[DESIGN_DOC].role in (DocumentRole.DESIGN, DocumentRole.PLAN)
    assert roles["README.md"].role is DocumentRole.LEAD
    design = next(d for d in snapshot.documents if d.path == DESIGN_DOC)
    threshold = next(n for n, line in enumerate(design.line_list, 1) if "max_p99_ttft_ms" in line)
    assert design.line(threshold) == "    max_p99_ttft_ms: 500"
    places = _headline_places(snapshot, shared_corpus_extraction(JVR))
    assert places, "the rules choose a headline"
    assert not [p for p in places if p[0] == DESIGN_DOC]  # was 8 of 24 (7 from its `~` table)
    assert (DESIGN_DOC, threshold, 500.0) not in places
    # what is left are the measured runs: results/*.json and the recipes' tables of them
    assert all(p[0].startswith(("results/", "recipes/")) for p in places), places


def test_a_configured_limit_is_excluded_wherever_it_stands(
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    snapshot = _snapshot(corpus_dir, manifest, JVR)
    design = next(d for d in snapshot.documents if d.path == DESIGN_DOC)
    extraction = shared_corpus_extraction(JVR)
    limit = [
        r
        for r in extraction.reported_results
        if r.source_document_id == design.document_id
        and "max_p99_ttft_ms" in (design.line(r.source_line) or "")
    ]
    assert limit, "the harvest reads the YAML line"
    reading = headline_exclusion(limit[0], design, None)  # even with no role known
    assert reading is not None and reading.exclusion is Exclusion.CONFIGURED_LIMIT
    assert "max_p99_ttft_ms" in reading.evidence


def test_b4rtaz_marked_cells_and_turboderp_lead_table_lead(
    corpus_dir: Path, manifest: dict[str, Any], shared_corpus_extraction: SharedCorpusExtraction
) -> None:
    b4rtaz_folder, turbo_folder = "b4rtaz__distributed-llama", "turboderp__exllamav2"
    b4rtaz = _headline_places(
        _snapshot(corpus_dir, manifest, b4rtaz_folder), shared_corpus_extraction(b4rtaz_folder)
    )
    # the 🔥-marked cells of the x86_64 table (4 x VM 293.06 ms) and its 1 x VM baseline
    assert ("README.md", 129, 293.06) in b4rtaz
    # a breakdown in small print (`<sub><sup>I: 264.00 ms`) is never the headline
    assert ("README.md", 129, 264.0) not in b4rtaz
    turbo = _headline_places(
        _snapshot(corpus_dir, manifest, turbo_folder), shared_corpus_extraction(turbo_folder)
    )
    first_table = [p for p in turbo if p[0] == "README.md" and 63 <= p[1] <= 75]
    assert ("README.md", 65, 205.0) in first_table  # its first row, the bold 4090 cell
    rows = [p[1] for p in first_table]
    # one per row first (issue 33: 3 rows of the table are among the 12 claims, not 6 of 24)
    assert len(set(rows)) >= 3 and len(rows) == len(set(rows)), rows
