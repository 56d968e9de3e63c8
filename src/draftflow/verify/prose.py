"""Rule 3, prose: every number in the title, summary, answer, section headings and
paragraphs, notes and limitations is supported by the documents it may draw on (a section's
cited documents; outside sections any listed document) or by the record's verified fields.

Numbers written as words count. Hex strings must name a known revision or hash (or a unique
prefix of one); dates, versions, identifiers and URLs are checked as what they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from draftflow.numbers import NumberKind, NumberMention, ParsedNumber, find_numbers
from draftflow.record.model import document_url
from draftflow.text.pointer import pointer
from draftflow.verify.arithmetic import derived_ratio
from draftflow.verify.citations import cited_documents
from draftflow.verify.context import ListedDocument, VerifyContext
from draftflow.verify.dimensions import MEASURED, metric_dimension, unit_after
from draftflow.verify.index import DocumentIndex
from draftflow.verify.lookup import Lookup, find_hex, find_in
from draftflow.verify.report import ClaimStatus, Evidence, Rule, Severity
from draftflow.verify.roles import source_dimensions, words_before


def prose_fields(ctx: VerifyContext) -> list[tuple[str, str, list[ListedDocument]]]:
    """Every prose string as (JSON pointer, text, documents it may draw on)."""
    record = ctx.record
    everything = ctx.listed
    fields = [
        ("/title", record.title, everything),
        ("/summary", record.summary, everything),
        ("/editorial/answer", record.editorial.answer, everything),
    ]
    for i, section in enumerate(record.editorial.sections):
        cited = cited_documents(ctx, i)
        fields.append((pointer("editorial", "sections", i, "heading"), section.heading, cited))
        fields += [
            (pointer("editorial", "sections", i, "paragraphs", j), paragraph, cited)
            for j, paragraph in enumerate(section.paragraphs)
        ]
    fields += [(pointer("notes", i), note, everything) for i, note in enumerate(record.notes)]
    fields += [
        (pointer("limitations", i), text, everything) for i, text in enumerate(record.limitations)
    ]
    return fields


def check_prose(ctx: VerifyContext) -> None:
    """Check every number-like mention in every prose field."""
    for location, text, documents in prose_fields(ctx):
        mentions = find_numbers(text, decimal_comma=False)
        for mention in mentions:
            _check_mention(ctx, location, text, mention, documents)
            if mention.kind.is_numeric:
                _check_named_quantity(ctx, location, text, mention, mentions)


# Where the words naming a number's quantity end: a clause's start.
_CLAUSE_RE = re.compile(r"[.;:,()]|\b(?:while|whereas|but|and|than|versus|vs)\b", re.IGNORECASE)
_NAMING_WORDS = 6
# The name is the quantity's only when a linking word joins it to the number ("TTFT is 45
# ms"); "decode after a 78 s TTFT" names the number after it.
_LINKED_RE = re.compile(r"\b(?:is|was|are|were|of|reaches|reached|measures|measured)\s*$|[=:]\s*$")


def _check_named_quantity(
    ctx: VerifyContext,
    location: str,
    text: str,
    mention: NumberMention,
    mentions: list[NumberMention],
) -> None:
    """A sentence that names one quantity and gives another's unit ("the time to first
    token is 99.6 tokens/s") says something no source can support."""
    units = unit_after(text, mention.end)
    if len(units) != 1 or not units <= MEASURED:
        return
    clause = _CLAUSE_RE.split(words_before(text, mention, mentions))[-1]
    naming = " ".join(clause.split()[-_NAMING_WORDS:])
    named = metric_dimension(naming) if _LINKED_RE.search(naming) else None
    if named is None or named not in MEASURED or named in units:
        return
    ctx.flag(
        Severity.ERROR,
        Rule.PROSE,
        location,
        mention.text,
        f"the sentence names a {named} ({naming!r}) but gives {mention.text} in a unit of "
        f"a {next(iter(units))}; a figure is what its source calls it",
    )


def _check_mention(
    ctx: VerifyContext,
    location: str,
    text: str,
    mention: NumberMention,
    documents: list[ListedDocument],
) -> None:
    kind = mention.kind
    if kind.is_numeric:
        derived = derived_ratio(ctx, text, mention)
        lookup = derived or _quantity(ctx, mention, documents, _role(text, mention))
        severity = Severity.ERROR
    elif kind is NumberKind.HEX:
        lookup = find_hex(ctx, mention.text)
        severity = Severity.ERROR
    elif kind in (NumberKind.DATE, NumberKind.VERSION):
        assert mention.normalized is not None
        record_keys = (
            ctx.record_values.dates if kind is NumberKind.DATE else (ctx.record_values.versions)
        )
        lookup = find_in(ctx, kind.value, mention.normalized, documents, record_keys)
        severity = Severity.ERROR
    elif kind is NumberKind.URL:
        lookup = _url(ctx, mention.text)
        severity = Severity.WARNING
    else:
        key = (mention.normalized or mention.text).lower()
        # a listed document's own path is the record's (prose names the documents it cites)
        known = key in ctx.record_values.identifiers or any(
            key in d.path.lower() for d in ctx.listed
        )
        lookup = (
            Lookup(ClaimStatus.RECORD, [])
            if known
            else find_in(ctx, "identifier", key, ctx.listed, ctx.record_values.identifiers)
        )
        if lookup.status.ok:
            lookup = Lookup(ClaimStatus.IDENTIFIER, lookup.evidence)
        severity = Severity.WARNING
    status = lookup.status
    if kind in (NumberKind.DATE, NumberKind.VERSION) and status is ClaimStatus.ELSEWHERE:
        severity = Severity.WARNING
    ctx.claim(location, mention.text, mention.start, mention.end, kind, status, lookup.evidence)
    if status.ok:
        return
    if status is ClaimStatus.AMBIGUOUS:
        severity = Severity.WARNING
    ctx.flag(
        severity,
        Rule.PROSE,
        location,
        mention.text,
        _message(mention, status, documents, lookup.detail, everywhere=documents is ctx.listed),
        lookup.evidence,
    )


_APPROXIMATE_RE = re.compile(
    r"(?:about|around|roughly|approximately|approx\.?|nearly|almost|some|over|under|above|"
    r"below|up to|at least|at most|less than|more than|circa|ca\.|~|≈|<|>|≤|≥)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Role:
    """What a prose number claims to be: its unit's dimensions and whether it is rounded."""

    dimensions: frozenset[str]
    approximate: bool

    @property
    def measured(self) -> bool:
        """True when the number is an exact figure of a measured quantity (a rate, a time, a
        power...): only a source that names the same kind of quantity supports it, never a
        bare number. A bound or an approximation (`over 20 s`, `~40 W`) is only held to
        a source that does not say otherwise."""
        return bool(self.dimensions & MEASURED) and not self.approximate


def _role(text: str, mention: NumberMention) -> _Role:
    approximate = bool(_APPROXIMATE_RE.search(text[max(0, mention.start - 16) : mention.start]))
    approximate = approximate or any(p.approximate for p in mention.numbers)
    return _Role(unit_after(text, mention.end), approximate)


@dataclass(frozen=True)
class _Accepting:
    """A source mention supports a prose number only with a compatible unit, and (unless
    the prose says it is approximate) only within less than half its last written digit:
    `41` is not 40.5, `~41` may be. A value (role and claimed number), so an index
    remembers each lookup by it across the rounds of a draft."""

    role: _Role
    claimed: ParsedNumber

    def __call__(
        self, index: DocumentIndex, line: int, mention: NumberMention, parsed: ParsedNumber
    ) -> bool:
        role, claimed = self.role, self.claimed
        if role.dimensions:
            stated = source_dimensions(index, line, mention)
            # A unit in prose needs a source that does not say otherwise, and a measured
            # unit (`ms`, `W`, `tok/s`) a source that says so: `200 prompts` is no 200 W.
            if stated and not stated & role.dimensions:
                return False
            if not stated and role.measured:
                return False
        if role.approximate:
            return True
        return any(
            abs(value - alt) < tolerance * (1 - 1e-9) or abs(value - alt) < 1e-12
            for alt, tolerance in zip(claimed.alternatives, claimed.tolerances, strict=True)
            for value in parsed.alternatives
        )


def _quantity(
    ctx: VerifyContext, mention: NumberMention, documents: list[ListedDocument], role: _Role
) -> Lookup:
    """Each value of the mention (both ends of a range) must be supported; the weakest wins."""
    evidence: list[Evidence] = []
    statuses: list[ClaimStatus] = []
    for parsed in mention.numbers:
        found = ctx.find_number(parsed, documents, accept=_Accepting(role, parsed))
        if found:
            statuses.append(ClaimStatus.SUPPORTED)
            evidence += found
        elif ctx.record_values.has_number(
            parsed, role.dimensions, strict=not role.approximate, stated=role.measured
        ):
            statuses.append(ClaimStatus.RECORD)
        elif (year := _as_year(parsed)) and (
            dated := find_in(ctx, "date", year, documents, ctx.record_values.dates)
        ).status in (ClaimStatus.SUPPORTED, ClaimStatus.RECORD):
            statuses.append(dated.status)  # "in 2026" stated by a source date 2026-08-14
            evidence += dated.evidence
        elif found_elsewhere := ctx.find_number(parsed, ctx.others(documents)):
            statuses.append(ClaimStatus.ELSEWHERE)
            evidence += found_elsewhere
        else:
            statuses.append(ClaimStatus.UNSUPPORTED)
    order = [
        ClaimStatus.UNSUPPORTED,
        ClaimStatus.ELSEWHERE,
        ClaimStatus.RECORD,
        ClaimStatus.SUPPORTED,
    ]
    worst = min(statuses, key=order.index) if statuses else ClaimStatus.UNSUPPORTED
    return Lookup(worst, evidence[:3])


def _as_year(number: ParsedNumber) -> str | None:
    """`2026` written as a plain integer may be a year; its text if so."""
    value = number.value
    plain = number.decimals == 0 and number.multiplier is None and not number.percent
    return str(int(value)) if plain and 1900 <= value <= 2100 and value == int(value) else None


def _url(ctx: VerifyContext, url: str) -> Lookup:
    base = document_url(url).rstrip("/")
    record = ctx.record
    known = {d.pinned_url for d in ctx.listed} | {record.source.url.rstrip("/")}
    if record.source.report_url:
        known.add(record.source.report_url)
    if base in known:
        return Lookup(ClaimStatus.IDENTIFIER, [])
    return Lookup(ClaimStatus.UNSUPPORTED, [])


def _message(
    mention: NumberMention,
    status: ClaimStatus,
    documents: list[ListedDocument],
    detail: str,
    *,
    everywhere: bool,
) -> str:
    kind = mention.kind
    scope = (
        "the documents this section cites (" + ", ".join(d.path for d in documents) + ")"
        if documents
        else "any cited document"
    )
    if everywhere:
        scope = "any listed source document"
    if status is ClaimStatus.ELSEWHERE:
        return (
            f"{kind.value} {mention.text} is not in {scope}; it is only in a document "
            "the text does not cite"
        )
    if status is ClaimStatus.AMBIGUOUS:
        return f"hex {mention.text} is ambiguous: {detail}"
    if kind is NumberKind.HEX:
        return (
            f"hex {mention.text} matches no known revision or hash (the checked revision, "
            "a document sha256, or a hash stated in a source)"
        )
    if kind is NumberKind.IDENTIFIER:
        return f"identifier {mention.text} appears in no listed source and no record field"
    if kind is NumberKind.URL:
        return f"URL {mention.text} is not one of the record's pinned documents"
    return (
        f"{kind.value} {mention.text} is not supported by {scope} or by the record's "
        "verified fields"
    )
