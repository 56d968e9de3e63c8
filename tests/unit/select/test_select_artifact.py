"""The select stage's artifact (select/artifact.py) and what `select` carries into it from the
extraction: the draft stage reads the selection alone."""

from __future__ import annotations

import asyncio

from documents import make_result
from draftflow.extract.artifact import DroppedClaim, DropReason, Extraction
from draftflow.record.model import ReportedSetup
from draftflow.select import select
from draftflow.select.metadata_model import RecordMetadata
from extract_support import selection_of, snapshot_of

README = "# Runs\n\n| engine | decode tok/s |\n|---|---|\n| llama.cpp | 71.5 |\n"


def _setup(**fields: object) -> ReportedSetup:
    empty = dict.fromkeys(ReportedSetup.model_fields)
    return ReportedSetup.model_validate({**empty, **fields})


def test_the_setup_the_draft_reads_fills_only_what_extract_left_unstated() -> None:
    selection = selection_of([], setup=_setup(system="Strix Halo", parallelism="tp2"))
    selection.metadata = RecordMetadata(
        system="DGX Spark", node_count=2, experiment_date="2026-01-02", kv_dtype="fp8"
    )
    setup = selection.setup
    assert setup.system == "Strix Halo"  # the extraction's own statement stands
    assert (setup.node_count, setup.experiment_date) == (2, "2026-01-02")
    assert setup.parallelism == "tp2"
    assert setup.kv_dtype == "fp8"  # every field the sources state, as the record's setup has
    assert selection.extracted_setup.node_count is None  # the extraction's setup is kept as is


def test_the_draft_reads_the_setup_the_record_publishes() -> None:
    """One rule for both: a field the record's setup states is never called unstated in the
    article ("The reported setup does not state the KV dtype" beside a record stating fp8)."""
    meta = RecordMetadata(parallelism="TP=2", kv_dtype="fp8", context_limit_tokens=32768)
    extracted = _setup(system="GB10")
    selection = selection_of([], setup=extracted)
    selection.metadata = meta
    assert selection.setup.system == "GB10"
    assert (selection.setup.parallelism, selection.setup.context_limit_tokens) == ("TP=2", 32768)


def test_select_carries_the_extraction_s_setup_and_dropped_claims() -> None:
    snapshot = snapshot_of({"README.md": README})
    result = make_result(snapshot.documents[0], 5, 71.5, conditions={"engine": "llama.cpp"})
    dropped = DroppedClaim(kind="result", label="x", claimed="9,999", reason=DropReason.NOT_ON_LINE)
    extraction = Extraction(
        reported_results=[result], reported_setup=_setup(system="GB10"), dropped=[dropped]
    )
    selection = asyncio.run(select(snapshot, extraction, None, figures_file="figures.json"))
    assert [r.value for r in selection.headline] == [71.5]
    assert selection.extracted_setup == extraction.reported_setup
    assert selection.dropped_claims == 1
    assert selection.stated_profiles == []  # profiles a model stated: none without a model
