"""Shared by the record and render tests: the seed files and the JSON an article embeds.

Seed 000 is a record file; seed 001 is a rendered article whose fenced json blocks and
inline lines carry the record's conditions, results, sources, setup and licence.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from draftflow.record.model import (
    Conditions,
    License,
    ReportedResult,
    ReportedSetup,
    SupplementalSource,
    TestProfile,
)

SEED_000 = "000_6cdd457144339b26.txt"
SEED_001 = "001_c6a8678efab09502.txt"


def seed_000_data(seeds_dir: Path) -> dict[str, Any]:
    """Seed 000 as plain JSON data, a fresh copy per call."""
    data: dict[str, Any] = json.loads((seeds_dir / SEED_000).read_text(encoding="utf-8"))
    return data


def json_blocks(markdown: str) -> list[Any]:
    """Every fenced json block of a Markdown article (any fence length), parsed."""
    pattern = r"^(`{3,})json\n(.*?)\n\1$"
    return [json.loads(body) for _, body in re.findall(pattern, markdown, re.S | re.M)]


@dataclass(frozen=True)
class ArticleJson:
    """The record parts an article embeds, raw (`*_block`) and validated as the sub-models."""

    conditions_block: dict[str, Any]
    results_block: list[Any]
    supplemental_block: dict[str, Any]
    conditions: dict[str, Any]
    test_profiles: list[TestProfile]
    reported_results: list[ReportedResult]
    supplemental_sources: list[SupplementalSource]
    reported_setup: ReportedSetup
    license: License


def article_json(markdown: str) -> ArticleJson:
    """Validate the three json blocks and the setup and licence lines of an article."""
    conditions_block, results_block, supplemental_block = json_blocks(markdown)
    setup_line = re.search(r"^- Reported setup: (.*)$", markdown, re.M)
    license_line = re.search(r"^## License declaration\n\n(.*)$", markdown, re.M)
    assert setup_line and license_line, "article lacks its setup or licence line"
    return ArticleJson(
        conditions_block=conditions_block,
        results_block=results_block,
        supplemental_block=supplemental_block,
        conditions=TypeAdapter(Conditions).validate_python(conditions_block["conditions"]),
        test_profiles=TypeAdapter(list[TestProfile]).validate_python(
            conditions_block["test_profiles"]
        ),
        reported_results=TypeAdapter(list[ReportedResult]).validate_python(results_block),
        supplemental_sources=TypeAdapter(list[SupplementalSource]).validate_python(
            supplemental_block["supplemental_sources"]
        ),
        reported_setup=ReportedSetup.model_validate_json(setup_line.group(1)),
        license=License.model_validate_json(license_line.group(1)),
    )
