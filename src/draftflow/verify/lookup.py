"""Lookups of non-quantity claims (hex, dates, versions, identifiers) in the indexed sources
and the record's verified fields, shared by the prose and conditions rules."""

from __future__ import annotations

from dataclasses import dataclass

from draftflow.verify.context import MAX_EVIDENCE, ListedDocument, VerifyContext
from draftflow.verify.index import DocumentIndex
from draftflow.verify.report import ClaimStatus, Evidence

MIN_HEX_PREFIX = 7


@dataclass(frozen=True)
class Lookup:
    """Where a claim was found: the status it earns and the evidence lines."""

    status: ClaimStatus
    evidence: list[Evidence]
    detail: str = ""


def _collect(
    ctx: VerifyContext, documents: list[ListedDocument], lines_of: str, key: str
) -> list[Evidence]:
    found: list[Evidence] = []
    for listed in ctx.available(documents):
        index = ctx.index(listed)
        lines = _lines(index, lines_of, key)
        found += [ctx.evidence(listed, line) for line in lines[: MAX_EVIDENCE - len(found)]]
        if len(found) >= MAX_EVIDENCE:
            break
    return found


def _collect_everywhere(ctx: VerifyContext, lines_of: str, key: str) -> list[Evidence]:
    """`_collect` over every listed document, once per claim: a name or date repeated in
    many places of a record is looked for once."""
    found = ctx.everywhere_lookups.get((lines_of, key))
    if found is None:
        found = tuple(_collect(ctx, ctx.listed, lines_of, key))
        ctx.everywhere_lookups[(lines_of, key)] = found
    return list(found)


def _lines(index: DocumentIndex, lines_of: str, key: str) -> list[int]:
    if lines_of == "date":
        return index.lines_for_date(key)
    if lines_of == "version":
        return index.lines_for_version(key)
    return index.lines_for_identifier(key)


def find_hex(ctx: VerifyContext, claim: str) -> Lookup:
    """A hex claim must equal, or be a unique prefix of, a known revision or hash: the
    checked revision, a document's sha256, or a hex string stated in any listed document."""
    claim = claim.lower()
    in_documents = ctx.hex_lookups.get(claim)
    if in_documents is None:
        in_documents = _hexes_in_documents(ctx, claim)
        ctx.hex_lookups[claim] = in_documents
    stated, found = in_documents
    evidence = list(found)
    full: set[str] = {h for h in ctx.known_hexes if h.startswith(claim)} | stated
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


def _hexes_in_documents(
    ctx: VerifyContext, claim: str
) -> tuple[frozenset[str], tuple[Evidence, ...]]:
    """The hex strings starting with `claim` that the listed documents state, and the first
    lines stating them (the part of `find_hex` that reads the sources, once per claim)."""
    stated: set[str] = set()
    evidence: list[Evidence] = []
    for listed in ctx.available():
        for hex_string, lines in ctx.index(listed).hex_matches(claim).items():
            stated.add(hex_string)
            if len(evidence) < MAX_EVIDENCE:
                evidence.append(ctx.evidence(listed, lines[0]))
    return frozenset(stated), tuple(evidence)


def find_in(
    ctx: VerifyContext,
    kind: str,
    key: str,
    cited: list[ListedDocument],
    record_keys: set[str],
) -> Lookup:
    """A date, version or identifier: in the cited documents (supported), the record's
    verified fields (record), another listed document (elsewhere), or nowhere."""
    evidence = _collect_everywhere(ctx, kind, key) if cited is ctx.listed else None
    if evidence is None:
        evidence = _collect(ctx, cited, kind, key)
    if evidence:
        return Lookup(ClaimStatus.SUPPORTED, evidence)
    if key in record_keys:
        return Lookup(ClaimStatus.RECORD, [])
    evidence = _collect(ctx, ctx.others(cited), kind, key)
    if evidence:
        return Lookup(ClaimStatus.ELSEWHERE, evidence)
    return Lookup(ClaimStatus.UNSUPPORTED, [])
