"""What verify refused, taken out of what the next round assembles: the record-level fields no
listed source names, the setup fields, a figure's conditions (`pipeline/verified.py`)."""

from __future__ import annotations

from pydantic import JsonValue

from draftflow.extract import Extraction
from draftflow.record.model import ReportedResult
from draftflow.select import RecordMetadata


def without_fields(metadata: RecordMetadata, locations: set[str]) -> RecordMetadata:
    """The metadata without the runtimes or hardware topics verify found no listed source for."""
    if not locations:
        return metadata
    unstated = dict(metadata.unstated)
    runtimes = metadata.runtimes
    if "/runtime" in locations:
        runtimes = []
        unstated["runtime"] = "verify found no listed source naming the runtimes read"
    bad_topics = {int(loc.rsplit("/", 1)[1]) for loc in locations if loc.startswith("/hardware_")}
    setup = {
        name: None
        for name in ("system", "node_count", "experiment_date")
        if f"/reported_setup/{name}" in locations
    }
    if setup:
        metadata = metadata.model_copy(update=setup)
    topics = [t for i, t in enumerate(metadata.hardware_topics) if i not in bad_topics]
    return metadata.model_copy(
        update={"runtimes": runtimes, "hardware_topics": topics, "unstated": unstated}
    )


def without_setup(extraction: Extraction, locations: set[str]) -> Extraction:
    """The extraction with the setup fields verify found no listed source for set to null."""
    fields = {
        loc.removeprefix("/reported_setup/")
        for loc in locations
        if loc.startswith("/reported_setup/")
    }
    if not fields:
        return extraction
    setup = extraction.reported_setup.model_copy(update=dict.fromkeys(fields))
    return extraction.model_copy(update={"reported_setup": setup})


def without_conditions(result: ReportedResult, keys: set[str]) -> ReportedResult:
    """The result less its unsupported conditions: `key`, or `key/inner` for one entry of a
    nested condition (a raw cell under `source_cells`)."""
    if not keys:
        return result
    kept: dict[str, JsonValue] = {}
    for key, value in result.conditions.items():
        if key in keys:
            continue
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if f"{key}/{k}" not in keys}
        kept[key] = value
    sources = result.condition_sources
    if sources is not None:
        sources = {key: places for key, places in sources.items() if key not in keys}
    return result.model_copy(update={"conditions": kept, "condition_sources": sources})
