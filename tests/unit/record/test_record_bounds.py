"""A record's provenance is bounded: long lists cut to examples, every entry counted by cause."""

from __future__ import annotations

from draftflow.record.bounds import MAX_LISTED, bounded_provenance, cause_of, removed_cause
from draftflow.record.model import Provenance, RemovedResult, UnreadTable

PIN = "https://github.com/o/r/blob/" + "a" * 40


def _removed(index: int, reason: str) -> RemovedResult:
    return RemovedResult(
        figure_id=f"fig-{index:012x}",
        label=f"run {index}",
        value=float(index),
        unit="tokens/s",
        evidence_url=f"{PIN}/runs/r{index}.jsonl#L{index}",
        removed_by="verify",
        reason=reason,
    )


def _provenance(count: int) -> Provenance:
    dropped = [
        f"verify: /figures/{i}/unit: %: the unit '%' does not fit what the source calls "
        f"this value ('row {i}', a rate)"
        if i % 2
        else f"extract: runs/r{i}.jsonl:{i}: no metric names 'col_{i}'"
        for i in range(count)
    ]
    removed = [_removed(i, f"the value {i}.5 is not written on line {i}") for i in range(count)]
    tables = [
        UnreadTable(place=f"a.md:{i}", reason="no_metric", numbers=3, columns=["x"])
        for i in range(count)
    ]
    return Provenance(
        draftflow_version="0.1.0",
        model="deterministic",
        created_at="2026-12-05T00:00:00Z",
        dropped=dropped,
        removed=removed,
        unread_tables=tables,
    )


def test_a_cause_leaves_out_values_places_and_quotes() -> None:
    first = "verify: /figures/12/unit: %: the unit '%' does not fit ('a', a rate)"
    second = "verify: /figures/907/unit: %: the unit 'GB' does not fit ('b c', a size)"
    assert cause_of(first) == cause_of(second)
    assert "12" not in cause_of(first) and "'%'" not in cause_of(first)
    assert cause_of("extract: runs/a/b.jsonl:3: x") == cause_of("extract: c/d.json:9: x")


def test_long_lists_are_cut_and_counted_by_cause() -> None:
    bounded = bounded_provenance(_provenance(5000))
    assert len(bounded.dropped) == MAX_LISTED
    assert len(bounded.removed) == MAX_LISTED
    assert len(bounded.unread_tables) == MAX_LISTED
    assert sum(bounded.dropped_by_cause.values()) == 5000
    assert len(bounded.dropped_by_cause) == 2
    assert sum(bounded.removed_by_cause.values()) == 5000
    assert list(bounded.removed_by_cause) == [removed_cause(bounded.removed[0])]
    assert bounded.unread_tables_by_reason == {"no_metric": 5000}
    # one example of each cause is kept, even when the first MAX_LISTED share one cause
    assert {cause_of(text) for text in bounded.dropped} == set(bounded.dropped_by_cause)
    assert len(bounded.model_dump_json()) < 40_000


def test_a_short_provenance_is_kept_as_it_is() -> None:
    provenance = _provenance(MAX_LISTED)
    assert bounded_provenance(provenance) is provenance
    assert "by_cause" not in provenance.model_dump_json()
