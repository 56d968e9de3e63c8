"""What verification produces: flags, per-claim outcomes and counts, as pydantic values."""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from draftflow.numbers import NumberKind


class Severity(StrEnum):
    """How much a flag matters: an `error` blocks sign-off, a `warning` needs a look."""

    ERROR = "error"
    WARNING = "warning"


class Rule(StrEnum):
    """The verification rules: the five of DESIGN.md, then the claim-bearing fields."""

    IDENTITY = "identity"
    REPORTED_RESULTS = "reported_results"
    PROSE = "prose"
    CITATIONS = "citations"
    CONDITIONS = "conditions"
    FIELDS = "fields"


class ClaimStatus(StrEnum):
    """The outcome for one checked number, hash, date, version or identifier."""

    SUPPORTED = "supported"
    """Stated in a source document the claim may draw on (for a result: on its cited line)."""
    DERIVED = "derived"
    """Computed (mean, median, min, max, sum) from source values, within written precision."""
    RECORD = "record"
    """Equal to one of the record's own verified fields (a result value, a bound, a count)."""
    IDENTIFIER = "identifier"
    """Recognised as an identifier, time or URL (not a quantity) and found where expected."""
    ELSEWHERE = "elsewhere"
    """Found, but only on another line or in a document the claim does not cite."""
    AMBIGUOUS = "ambiguous"
    """A hex prefix that matches more than one known revision or hash."""
    UNSUPPORTED = "unsupported"
    """No source and no verified field supports it."""

    @property
    def ok(self) -> bool:
        """True when the claim passes."""
        return self in (
            ClaimStatus.SUPPORTED,
            ClaimStatus.DERIVED,
            ClaimStatus.RECORD,
            ClaimStatus.IDENTIFIER,
        )


class Evidence(BaseModel):
    """One source line a check looked at: which document, which line, its text and URL."""

    model_config = ConfigDict(frozen=True)

    document_id: str
    path: str
    line: int | None
    text: str | None
    url: str


class Flag(BaseModel):
    """One problem found in a record, located by a JSON pointer, with the evidence."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="stable across runs: a short hash of rule, location and claim")
    severity: Severity
    rule: Rule
    location: str = Field(description="JSON pointer into the record")
    claim: str
    evidence: list[Evidence] = Field(default_factory=list)
    message: str

    @property
    def is_error(self) -> bool:
        """Whether the flag blocks sign-off until an editor acknowledges it."""
        return self.severity is Severity.ERROR


def flag_id(rule: Rule, location: str, claim: str) -> str:
    """The stable id of a flag: 12 hex digits of sha256 over rule, location and claim."""
    digest = hashlib.sha256(f"{rule.value}\x1f{location}\x1f{claim}".encode()).hexdigest()
    return digest[:12]


def make_flag(
    severity: Severity,
    rule: Rule,
    location: str,
    claim: str,
    message: str,
    evidence: list[Evidence] | None = None,
) -> Flag:
    """A flag with its stable id filled in."""
    return Flag(
        id=flag_id(rule, location, claim),
        severity=severity,
        rule=rule,
        location=location,
        claim=claim,
        evidence=evidence or [],
        message=message,
    )


class ClaimCheck(BaseModel):
    """One checked claim: where it is (pointer + character span), what it is, the outcome."""

    model_config = ConfigDict(frozen=True)

    location: str
    claim: str
    start: int
    end: int
    kind: NumberKind
    status: ClaimStatus
    evidence: list[Evidence] = Field(default_factory=list)


class CheckedCounts(BaseModel):
    """What was checked and how much of it was supported."""

    documents: int = 0
    documents_missing: int = 0
    results: int = 0
    sections: int = 0
    citations: int = 0
    conditions: int = 0
    numbers: int = 0
    supported: int = 0
    derived: int = 0
    record: int = 0
    identifiers: int = 0
    unsupported: int = 0
    errors: int = 0
    warnings: int = 0


class VerificationReport(BaseModel):
    """The outcome of verifying one record: counts, flags and every checked claim."""

    record_id: str
    checked: CheckedCounts
    flags: list[Flag]
    claims: list[ClaimCheck] = Field(default_factory=list)

    @property
    def errors(self) -> list[Flag]:
        """The flags that block sign-off."""
        return [f for f in self.flags if f.is_error]

    @property
    def warnings(self) -> list[Flag]:
        """The flags that need a look but do not block sign-off."""
        return [f for f in self.flags if f.severity is Severity.WARNING]

    @property
    def passed(self) -> bool:
        """True when there is no error flag."""
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        """`{"record_id", "checked", "flags", "claims"}` as plain JSON data."""
        data: dict[str, Any] = self.model_dump(mode="json")
        return data
