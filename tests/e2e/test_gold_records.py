"""The gold records: the project's hand-checked reference records and the extractor's target.

Each record in `records/gold/` must load, round-trip byte for byte, pin every document to the
corpus manifest, tie every reported figure to the exact line that states it, and pass
`verify_record` against its corpus folder with zero error flags.
"""

from __future__ import annotations

import importlib
import json
import re
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot, split_lines
from draftflow.record.documents import record_documents
from draftflow.record.files import dump_record, load_record
from draftflow.record.model import Record

ROOT = Path(__file__).resolve().parents[2]
GOLD_DIR = ROOT / "records" / "gold"
GOLD_TOOLS = ROOT / "tests" / "gold_tools"
GOLD_PATHS = sorted(p for p in GOLD_DIR.glob("*.json") if p.name.count(".") == 1)
GOLD_IDS = [p.stem for p in GOLD_PATHS]
BUILDERS = {
    "heitor-mocelin-dgx-spark-research": "build_heitor",
    "miaai-lab-deepseek-v4-flash-dspark-2x-dgx-spark": "build_miaai",
    "kleybrink-dgx-spark-bench": "build_kleybrink",
    "jvr0x-dgx-spark-bench": "build_jvr0x",
    "djangodevreng-dgx-spark-benchmarks": "build_djangodevreng",
}
NUMBER = re.compile(r"(?<![\w.])[-+]?\d[\d,]*(?:\.\d+)?")
SCALES = {"K": (1e3, 2**10), "M": (1e6, 2**20)}


def numbers_on(line: str) -> list[float]:
    """Numbers written on a line, independent of draftflow.numbers (a second opinion)."""
    found = []
    for match in NUMBER.finditer(line):
        value = float(match.group().replace(",", ""))
        found.append(value)
        suffix = line[match.end() : match.end() + 1]
        found += [value * scale for scale in SCALES.get(suffix, ())]
    return found


def corpus_snapshot(record: Record, corpus_dir: Path, manifest: dict[str, Any]) -> Snapshot:
    """The record's repository acquired from its corpus folder at the manifest revision."""
    folder = record.source.repository.replace("/", "__")
    entry = manifest[folder]
    return acquire(str(corpus_dir / folder), origin=entry["url"], revision=entry["revision"])


@pytest.fixture(scope="module")
def snapshots(corpus_dir: Path, manifest: dict[str, Any]) -> dict[str, Snapshot]:
    """Each gold record's snapshot, acquired once."""
    out = {}
    for path in GOLD_PATHS:
        record = load_record(path)
        out[record.id] = corpus_snapshot(record, corpus_dir, manifest)
    return out


def test_gold_records_cover_csv_json_and_markdown_results() -> None:
    """At least three records; their results come from CSV, JSON and Markdown documents."""
    assert len(GOLD_PATHS) >= 3, f"expected at least three gold records in {GOLD_DIR}"
    kinds = set()
    for path in GOLD_PATHS:
        record = load_record(path)
        assert record.editorial.reported_results, f"{record.id} has no reported results"
        kinds |= {
            r.source_document_id.rsplit(".", 1)[-1] for r in record.editorial.reported_results
        }
    assert {"csv", "json", "md"} <= kinds


@pytest.mark.parametrize("path", GOLD_PATHS, ids=GOLD_IDS)
def test_gold_record_round_trips(path: Path) -> None:
    """Loading and dumping a gold record gives back the file's exact text."""
    record = load_record(path)
    assert record.id == path.stem
    assert dump_record(record) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", GOLD_PATHS, ids=GOLD_IDS)
def test_gold_article_is_the_current_rendering(path: Path) -> None:
    """`<id>.md` is what `draftflow render` writes for the record today (rerun build_all.py)."""
    from draftflow.record.render import render_markdown

    article = path.with_suffix(".md")
    assert article.read_text(encoding="utf-8") == render_markdown(load_record(path))


@pytest.mark.parametrize("record_id", GOLD_IDS)
def test_gold_record_is_what_its_builder_writes(record_id: str) -> None:
    """The file is exactly what its checked-in builder produces (no untracked hand edits)."""
    sys.path.insert(0, str(GOLD_TOOLS))
    try:
        builder = importlib.import_module(BUILDERS[record_id])
    finally:
        sys.path.remove(str(GOLD_TOOLS))
    expected = json.dumps(builder.build(), indent=2, ensure_ascii=False) + "\n"
    assert (GOLD_DIR / f"{record_id}.json").read_text(encoding="utf-8") == expected


@pytest.mark.parametrize("path", GOLD_PATHS, ids=GOLD_IDS)
def test_gold_record_pins_every_document_to_the_manifest(
    path: Path, manifest: dict[str, Any]
) -> None:
    """Revision, commit time, sha256, pinned URL and document id all follow the manifest."""
    record = load_record(path)
    owner, name = record.source.repository.split("/")
    entry = manifest[f"{owner}__{name}"]
    files = {f["path"]: f["sha256"] for f in entry["files"]}
    assert record.id == f"{owner}-{name}".lower()
    assert record.source.revision == entry["revision"]
    assert record.source.last_commit_at == entry["commit_time"]
    assert record.source.url == entry["url"]
    for document in record_documents(record):
        assert document.sha256 == files[document.path], document.path
        assert document.pinned_url == (
            f"https://github.com/{owner}/{name}/blob/{entry['revision']}/{document.path}"
        )
        assert document.document_id == f"{name.lower()}-{document.path.replace('/', '-')}"
    for supplemental in record.supplemental_sources:
        assert supplemental.revision == entry["revision"]
        assert supplemental.parent_record_id == record.id


@pytest.mark.parametrize("path", GOLD_PATHS, ids=GOLD_IDS)
def test_every_reported_figure_is_on_its_cited_line(path: Path, corpus_dir: Path) -> None:
    """Each value is written on `source_line` of its document; the anchor agrees."""
    record = load_record(path)
    documents = {d.document_id: d for d in record_documents(record)}
    folder = corpus_dir / record.source.repository.replace("/", "__")
    for index, result in enumerate(record.editorial.reported_results):
        document = documents[result.source_document_id]
        assert result.source_document_sha256 == document.sha256
        assert result.evidence_url == f"{document.pinned_url}#L{result.source_line}"
        lines = split_lines((folder / document.path).read_bytes().decode("utf-8"))
        line = lines[result.source_line - 1]
        assert any(abs(n - result.value) < 1e-9 for n in numbers_on(line)), (
            f"result {index} ({result.label}): {result.value} not on {document.path}:"
            f"{result.source_line}: {line!r}"
        )


@pytest.mark.parametrize("path", GOLD_PATHS, ids=GOLD_IDS)
def test_derived_figures_keep_their_inputs_and_observed_range(path: Path) -> None:
    """An uncertainty is the observed min and max of `per_run_values`, never a guess."""
    record = load_record(path)
    for result in record.editorial.reported_results:
        runs = result.conditions.get("per_run_values")
        if result.uncertainty is None:
            assert runs is None, result.label
            continue
        assert isinstance(runs, list) and runs, result.label
        assert result.uncertainty.observed_min == min(runs)
        assert result.uncertainty.observed_max == max(runs)
        assert result.uncertainty.interval_kind == "observed range, not confidence interval"
        assert result.statistic.startswith(f"mean of {len(runs)} source runs")
        assert abs(statistics.fmean(runs) - result.value) <= 0.1, result.label


@pytest.mark.parametrize("path", GOLD_PATHS, ids=GOLD_IDS)
def test_editorial_has_three_cited_sections_with_numbers(path: Path) -> None:
    """Question sections, each citing pinned documents; at least three use numbers in prose."""
    record = load_record(path)
    pinned = {d.pinned_url for d in record_documents(record)}
    sections = record.editorial.sections
    assert len(sections) >= 3
    for section in sections:
        assert section.heading.endswith("?"), section.heading
        assert section.citations and set(section.citations) <= pinned, section.heading
    with_numbers = [s for s in sections if any(NUMBER.search(p) for p in s.paragraphs)]
    assert len(with_numbers) >= 3


@pytest.mark.parametrize("record_id", GOLD_IDS)
def test_gold_record_verifies_with_zero_errors(
    record_id: str, snapshots: dict[str, Snapshot]
) -> None:
    """`verify_record` against the corpus folder raises no error flag on a gold record."""
    from draftflow.verify import verify_record

    record = load_record(GOLD_DIR / f"{record_id}.json")
    report = verify_record(record, snapshots[record_id])
    errors = [f for f in report.flags if str(getattr(f.severity, "value", f.severity)) == "error"]
    assert not errors, "\n".join(
        f"{f.location} [{f.rule}] {f.claim!r}: {f.message}" for f in errors
    )
