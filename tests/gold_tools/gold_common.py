"""Shared helpers for writing the gold records by hand-checked script.

The gold records in `records/gold/` are the project's reference output. These helpers only
do the clerical work (pinning documents, locating lines, laying out the seed 000 shape); the
labels, conditions and editorial text live in the per-record builders and were checked by
hand against the sources.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from draftflow.acquire.snapshot import split_lines
from draftflow.record.model import RECORD_CONDITION_KEYS, Record

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "corpus"
GOLD_DIR = ROOT / "records" / "gold"

CHECKED_ON = "2026-11-30"
PUBLISHED_ON = "2026-11-30"
OBSERVED_RANGE = "observed range, not confidence interval"
SCALES = {"K": (1e3, 2**10), "M": (1e6, 2**20)}
# Every record key but `provenance` (hand-made records have none), in the on-disk order.
RECORD_KEYS = tuple(key for key in Record.model_fields if key != "provenance")
# What every gold record states alike: a curated, source-reported reference, not a site run.
CURATED_DEFAULTS: dict[str, Any] = {
    "kind": "benchmark",
    "source_type": "community_operator_report",
    "platform_topics": ["linux"],
    "model_release_date": None,
    "evidence_state": "source_reported",
    "site_reproduced": False,
    "record_type": "curated_reference",
    "performance_ranking_allowed": False,
    "metrics": None,
    "metrics_status": "site_metrics_unmeasured; attributed_source_figures_in_editorial."
    "reported_results",
    "deployment_options": [],
    "recipe_parameters": None,
    "comparison_status": "not_comparable",
    "editorial_status": "source_derived_detailed_article",
    "public_benchmark_snapshot": False,
}
NUMBER = re.compile(r"(?<![\w.])[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?")


def manifest() -> dict[str, dict[str, Any]]:
    """MANIFEST.json keyed by `OWNER/NAME`."""
    entries = json.loads((CORPUS / "MANIFEST.json").read_text())
    return {e["repository"]: e for e in entries}


def numbers_on(line: str) -> list[float]:
    """The numbers written on a line (thousands separators dropped; `K`/`M` scaled both ways)."""
    found = []
    for match in NUMBER.finditer(line):
        value = float(match.group().replace(",", ""))
        found.append(value)
        suffix = line[match.end() : match.end() + 1]
        if suffix in SCALES:
            found += [value * scale for scale in SCALES[suffix]]
    return found


@dataclass(frozen=True)
class Doc:
    """One pinned corpus document."""

    repo: Repo
    path: str

    @property
    def sha256(self) -> str:
        """The manifest sha256 of the document's bytes."""
        return self.repo.files[self.path]["sha256"]

    @property
    def pinned_url(self) -> str:
        """`https://github.com/OWNER/NAME/blob/<revision>/<path>`."""
        return f"https://github.com/{self.repo.repository}/blob/{self.repo.revision}/{self.path}"

    @property
    def document_id(self) -> str:
        """`<NAME lowercased>-<path with / replaced by ->`."""
        return f"{self.repo.slug}-{self.path.replace('/', '-')}"

    @cached_property
    def text(self) -> str:
        """The decoded document text."""
        return (self.repo.folder / self.path).read_bytes().decode("utf-8", errors="replace")

    @cached_property
    def lines(self) -> list[str]:
        """GitHub-numbered lines; `lines[n - 1]` is line n."""
        return split_lines(self.text)

    def line(self, number: int) -> str:
        """Line `number` (1-based)."""
        return self.lines[number - 1]

    def locate(self, *anchors: str, after: int = 1) -> int:
        """The line holding the last of `anchors`, each found after the previous one.

        The search starts at line `after`; anchors are plain substrings.
        """
        offset = sum(len(line) + 1 for line in self.lines[: after - 1])
        joined = "\n".join(self.lines)
        for anchor in anchors:
            found = joined.find(anchor, offset)
            if found < 0:
                raise LookupError(f"{self.path}: {anchor!r} not found after offset {offset}")
            offset = found + len(anchor)
        return joined.count("\n", 0, offset - 1) + 1

    def supplemental(self, record_id: str) -> dict[str, Any]:
        """The `supplemental_sources` entry for this document."""
        return {
            "document_id": self.document_id,
            "parent_record_id": record_id,
            "publisher": self.repo.owner,
            "repository": self.repo.repository,
            "revision": self.repo.revision,
            "document_path": self.path,
            "pinned_url": self.pinned_url,
            "document_sha256": self.sha256,
            "checked_on": CHECKED_ON,
        }


@dataclass
class Repo:
    """One corpus repository at its manifest revision."""

    repository: str
    entry: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        self.entry = manifest()[self.repository]

    @property
    def owner(self) -> str:
        """The repository owner."""
        return self.repository.split("/")[0]

    @property
    def slug(self) -> str:
        """The repository NAME lowercased (the document id prefix)."""
        return self.repository.split("/")[1].lower()

    @property
    def record_id(self) -> str:
        """`<owner>-<name>` lowercased."""
        return self.repository.replace("/", "-").lower()

    @property
    def revision(self) -> str:
        """The full manifest revision."""
        return str(self.entry["revision"])

    @property
    def folder(self) -> Path:
        """The corpus folder holding the repository's files."""
        return CORPUS / self.repository.replace("/", "__")

    @cached_property
    def files(self) -> dict[str, dict[str, Any]]:
        """Manifest file entries keyed by path."""
        return {f["path"]: f for f in self.entry["files"]}

    def doc(self, path: str) -> Doc:
        """A pinned document of this repository."""
        if path not in self.files:
            raise LookupError(f"{path} is not in the manifest of {self.repository}")
        return Doc(self, path)

    def source(self, doc: Doc) -> dict[str, Any]:
        """The record's `source` block for its primary document."""
        return {
            "publisher": self.owner,
            "url": f"https://github.com/{self.repository}",
            "repository": self.repository,
            "platform": "github",
            "revision": self.revision,
            "document_path": doc.path,
            "pinned_url": doc.pinned_url,
            "report_url": doc.pinned_url,
            "document_sha256": doc.sha256,
            "last_commit_at": self.entry["commit_time"],
            "checked_on": CHECKED_ON,
            "metadata_status": "checked",
        }


def result(
    *,
    label: str,
    metric: str,
    value: int | float,
    unit: str,
    statistic: str,
    conditions: dict[str, Any],
    doc: Doc,
    line: int,
    uncertainty: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One reported result; refuses a value that is not written on its line."""
    if not any(abs(n - value) < 1e-12 for n in numbers_on(doc.line(line))):
        raise ValueError(f"{doc.path}:{line}: {value} not on line {doc.line(line)!r}")
    return {
        "label": label,
        "metric": metric,
        "value": value,
        "unit": unit,
        "statistic": statistic,
        "uncertainty": uncertainty,
        "conditions": conditions,
        "evidence_state": "source_reported",
        "site_reproduced": False,
        "evidence_url": f"{doc.pinned_url}#L{line}",
        "source_document_sha256": doc.sha256,
        "source_document_id": doc.document_id,
        "source_line": line,
    }


def observed_range(values: list[int | float]) -> dict[str, Any]:
    """The `uncertainty` block of a derived figure: min and max of its inputs."""
    return {
        "observed_min": min(values),
        "observed_max": max(values),
        "interval_kind": OBSERVED_RANGE,
    }


def record_conditions(**stated: Any) -> dict[str, Any]:
    """The record-level `conditions` block: every seed key in its order, null unless stated."""
    unknown = set(stated) - set(RECORD_CONDITION_KEYS)
    if unknown:
        raise KeyError(f"not record-level condition keys: {sorted(unknown)}")
    return {key: stated.get(key) for key in RECORD_CONDITION_KEYS}


def editorial(
    *,
    answer: str,
    sections: list[dict[str, Any]],
    reported_results: list[dict[str, Any]],
    source_document_sha256: str,
) -> dict[str, Any]:
    """The `editorial` block of a gold record: version 1, hand-checked, no facts."""
    return {
        "version": 1,
        "published_on": PUBLISHED_ON,
        "modified_on": PUBLISHED_ON,
        "byline": "draftflow gold record",
        "creation_method": "Hand-checked reference record: every figure located on its "
        "pinned source line; no independent model execution.",
        "answer": answer,
        "sections": sections,
        "facts": [],
        "reported_results": reported_results,
        "source_document_sha256": source_document_sha256,
    }


def curated_record(**fields: Any) -> dict[str, Any]:
    """A whole gold record in the on-disk key order: `fields` over `CURATED_DEFAULTS`.

    Raises when a record key is missing or an unknown key is given, so a typo cannot slip
    into a gold file.
    """
    merged = {**copy.deepcopy(CURATED_DEFAULTS), **fields}
    missing = [key for key in RECORD_KEYS if key not in merged]
    unknown = [key for key in merged if key not in RECORD_KEYS]
    if missing or unknown:
        raise KeyError(f"record keys missing: {missing}; unknown: {unknown}")
    return {key: merged[key] for key in RECORD_KEYS}


def write_record(record: dict[str, Any]) -> Path:
    """Write a record (2-space indent, UTF-8, trailing newline) and its Markdown article."""
    from draftflow.record.files import parse_record
    from draftflow.record.render import render_markdown

    GOLD_DIR.mkdir(parents=True, exist_ok=True)
    path = GOLD_DIR / f"{record['id']}.json"
    text = json.dumps(record, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    path.write_text(text, encoding="utf-8")
    article = render_markdown(parse_record(text, origin=str(path)))
    path.with_suffix(".md").write_text(article, encoding="utf-8")
    return path
