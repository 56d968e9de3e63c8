"""Lookups of hashes, dates, versions and identifiers (`verify/lookup.py`): what one run
remembers per claim answers exactly what reading the sources again would answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_verify import FOLDER, build_record

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.record.model import Record
from draftflow.verify.context import MAX_EVIDENCE, ListedDocument, VerifyContext
from draftflow.verify.identity import check_identity, listed_documents
from draftflow.verify.lookup import MIN_HEX_PREFIX, Lookup, _collect, find_hex, find_in
from draftflow.verify.report import ClaimStatus, Evidence

# Hex strings the MiaAI-Lab sources state (two of them prefixes of longer ones), a prefix of
# two different hashes (`9e165c30e2704aec…` and `9e1…` of another), and strings of no source.
HEXES = [
    "9e165c30",
    "9e165c30e2704aec",
    "f08cd6c",
    "d4b31daf",
    "b131b2a",
    "7e4d94bb",
    "8997d41",
    "a70d3a9e884c989b",
    "9e1",
    "deadbeef1234",
    "0123abc",
]
DATES = ["2026-08-14", "--08-14", "2026-08", "2026", "2019-01-01", "--07-31"]
NAMES = ["deepseek-v4-flash", "vllm", "dgx", "spark", "not-a-name-anywhere"]


@pytest.fixture(scope="module")
def snapshot(corpus_dir: Path, manifest: dict[str, dict[str, Any]]) -> Snapshot:
    entry = manifest[FOLDER]
    return acquire(str(corpus_dir / FOLDER), revision=entry["revision"], origin=entry["url"])


def _context(snapshot: Snapshot) -> VerifyContext:
    record = Record.model_validate(build_record(snapshot))
    ctx = VerifyContext(record, snapshot, listed_documents(record, snapshot))
    check_identity(ctx)
    return ctx


def _find_hex_reading_every_document(ctx: VerifyContext, claim: str) -> Lookup:
    """`find_hex` as it was before it remembered anything: every call reads every
    document's index (the code the memo replaced, kept here as the reference)."""
    claim = claim.lower()
    full: set[str] = {h for h in ctx.known_hexes if h.startswith(claim)}
    evidence: list[Evidence] = []
    for listed in ctx.available():
        for hex_string, lines in ctx.index(listed).hex_matches(claim).items():
            full.add(hex_string)
            if len(evidence) < MAX_EVIDENCE:
                evidence.append(ctx.evidence(listed, lines[0]))
    full |= {h for h in ctx.record_values.hexes if h.startswith(claim)}
    if not full:
        return Lookup(ClaimStatus.UNSUPPORTED, [])
    if len(claim) < MIN_HEX_PREFIX:
        return Lookup(ClaimStatus.AMBIGUOUS, evidence, "too short to name one revision")
    longest = max(full, key=len)
    if any(not longest.startswith(h) for h in full):
        return Lookup(
            ClaimStatus.AMBIGUOUS,
            evidence,
            f"prefix of {len(full)} different hashes: " + ", ".join(sorted(full)[:3]),
        )
    return Lookup(ClaimStatus.SUPPORTED, evidence)


def _find_in_reading_every_document(
    ctx: VerifyContext, kind: str, key: str, cited: list[ListedDocument], record_keys: set[str]
) -> Lookup:
    """`find_in` as it was before it remembered anything (the reference)."""
    evidence = _collect(ctx, cited, kind, key)
    if evidence:
        return Lookup(ClaimStatus.SUPPORTED, evidence)
    if key in record_keys:
        return Lookup(ClaimStatus.RECORD, [])
    others = [d for d in ctx.listed if d not in cited]
    evidence = _collect(ctx, others, kind, key)
    if evidence:
        return Lookup(ClaimStatus.ELSEWHERE, evidence)
    return Lookup(ClaimStatus.UNSUPPORTED, [])


@settings(max_examples=60, deadline=None)
@given(
    steps=st.lists(
        st.tuples(
            st.one_of(st.sampled_from(HEXES), st.sampled_from(HEXES).map(str.upper)),
            st.one_of(st.none(), st.sampled_from(HEXES)),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_find_hex_answers_as_reading_every_document_again(
    snapshot: Snapshot, steps: list[tuple[str, str | None]]
) -> None:
    """Each claim's sources are read once per run, and what the record verified meanwhile
    (a hash a condition states) still counts: the same claim may change its answer."""
    ctx = _context(snapshot)
    for claim, verified_meanwhile in steps:
        assert find_hex(ctx, claim) == _find_hex_reading_every_document(ctx, claim)
        if verified_meanwhile is not None:
            ctx.record_values.hexes.add(verified_meanwhile)


def test_a_prefix_verified_meanwhile_makes_a_claim_ambiguous(snapshot: Snapshot) -> None:
    ctx = _context(snapshot)
    assert find_hex(ctx, "9e165c30").status is ClaimStatus.SUPPORTED
    ctx.record_values.hexes.add("9e165c30ffff")
    assert find_hex(ctx, "9e165c30").status is ClaimStatus.AMBIGUOUS


@settings(max_examples=60, deadline=None)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["date", "identifier", "version"]),
            st.sampled_from([*DATES, *NAMES, "0.6.6", "1.2.3"]),
            st.sampled_from(["everything", "readme", "results", "none"]),
            st.booleans(),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_find_in_answers_as_reading_every_document_again(
    snapshot: Snapshot, steps: list[tuple[str, str, str, bool]]
) -> None:
    ctx = _context(snapshot)
    record_keys: set[str] = set()
    for kind, key, scope, remember in steps:
        cited = {
            "everything": ctx.listed,
            "readme": ctx.listed[:1],
            "results": ctx.listed[1:],
            "none": [],
        }[scope]
        expected = _find_in_reading_every_document(ctx, kind, key, cited, record_keys)
        assert find_in(ctx, kind, key, cited, record_keys) == expected
        if remember:
            record_keys.add(key)


def test_others_are_the_listed_documents_not_given(snapshot: Snapshot) -> None:
    ctx = _context(snapshot)
    for documents in (ctx.listed, list(ctx.listed), ctx.listed[:1], ctx.listed[1:], []):
        assert ctx.others(documents) == [d for d in ctx.listed if d not in documents]


def test_listed_documents_carry_the_snapshot_document_at_their_path(
    snapshot: Snapshot,
) -> None:
    ctx = _context(snapshot)
    assert ctx.listed
    for listed in ctx.listed:
        assert listed.document is snapshot.by_path(listed.path)
