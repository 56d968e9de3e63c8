"""The shared state of one verification run: the record's documents, their indexes (built
once each), the record's verified values, and the flags and claims collected so far."""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.conditions.row_memo import RowMemo
from draftflow.numbers import NumberKind, ParsedNumber, parse_number, value_decimals
from draftflow.record.model import Record
from draftflow.verify.index import PATH_LINE, Accept, DocumentIndex, date_keys
from draftflow.verify.report import (
    CheckedCounts,
    ClaimCheck,
    ClaimStatus,
    Evidence,
    Flag,
    Rule,
    Severity,
    make_flag,
)

MAX_EVIDENCE = 3


def number_of(value: int | float) -> ParsedNumber:
    """A record's JSON number as a parsed number with the precision it is written with."""
    return _number_of(type(value).__name__, repr(value), value)


@lru_cache(maxsize=1 << 14)
def _number_of(kind: str, written: str, value: int | float) -> ParsedNumber:
    """`number_of`, once per number as written (a figures file repeats many values; its type
    and repr are in the key, so `0.0` and `-0.0`, `1` and `1.0` stay apart)."""
    decimals = value_decimals(value)
    parsed = parse_number(repr(value) if isinstance(value, float) else str(value))
    if parsed is not None and parsed.decimals == decimals:
        return parsed
    half = 0.5 * 10.0 ** (-decimals)
    return ParsedNumber(float(value), decimals, (float(value),), (half,))


@dataclass
class ListedDocument:
    """One document the record names, and (when the snapshot holds it) its bytes."""

    document_id: str
    path: str
    pinned_url: str
    sha256: str
    repository: str
    revision: str
    pointer: str
    document: Document | None = None


class RecordValues:
    """Numbers, hashes, dates, versions and identifiers from the record's verified fields;
    each number with the dimensions it was verified as (`tokens/s`, a time...), if known."""

    def __init__(self) -> None:
        self._pending: list[tuple[float, frozenset[str]]] = []
        self._sorted: list[tuple[float, frozenset[str]]] | None = None
        self._values: array[float] = array("d")
        self.hexes: set[str] = set()
        self.dates: set[str] = set()
        self.versions: set[str] = set()
        self.identifiers: set[str] = set()
        self.figures: list[float] = []
        """The values of the reported results themselves (not their conditions or cells)."""
        self.log: list[tuple[str, tuple[Any, ...]]] | None = None
        """When a list, each addition below is also written to it as (method, arguments), so
        that a remembered check can make the same additions again (verify/memo.py)."""

    def add_figure(self, value: float, dimensions: frozenset[str] = frozenset()) -> None:
        """Remember a reported result's verified value: a number, and a figure a computed
        ratio may divide."""
        if self.log is not None:
            self.log.append(("add_figure", (value, dimensions)))
        self._pending.append((float(value), dimensions))
        self._sorted = None
        self.figures.append(float(value))

    def is_figure(self, number: ParsedNumber) -> bool:
        """True when a reported result's value rounds to `number` at its written precision
        (less than half its last digit away)."""
        return any(
            abs(value - alt) < tolerance * (1 - 1e-9) or value == alt
            for value in self.figures
            for alt, tolerance in zip(number.alternatives, number.tolerances, strict=True)
        )

    def add_number(self, value: float, dimensions: frozenset[str] = frozenset()) -> None:
        """Remember one verified number (and what it is, when known)."""
        if self.log is not None:
            self.log.append(("add_number", (value, dimensions)))
        self._pending.append((float(value), dimensions))
        self._sorted = None

    def add_date(self, normalized: str) -> None:
        """Remember a date (also as month-day and month) that prose may repeat."""
        if self.log is not None:
            self.log.append(("add_date", (normalized,)))
        self.dates.update(date_keys(normalized))

    def add_hex(self, written: str) -> None:
        """Remember a verified hex revision or hash (lower case)."""
        if self.log is not None:
            self.log.append(("add_hex", (written,)))
        self.hexes.add(written.lower())

    def add_version(self, normalized: str) -> None:
        """Remember a verified version."""
        if self.log is not None:
            self.log.append(("add_version", (normalized,)))
        self.versions.add(normalized)

    def has_number(
        self,
        number: ParsedNumber,
        dimensions: frozenset[str] = frozenset(),
        *,
        strict: bool = False,
        stated: bool = False,
    ) -> bool:
        """True when a verified value rounds to `number` at its written precision (less than
        half its last digit away when `strict`) and is not of another dimension (and, when
        `stated`, was verified as one of `dimensions`, not as a bare number)."""
        if self._sorted is None:
            self._sorted = sorted(set(self._pending), key=lambda pair: pair[0])
            self._values = array("d", (value for value, _ in self._sorted))
        for (low, high), alt, tolerance in zip(
            number.intervals(), number.alternatives, number.tolerances, strict=True
        ):
            start, stop = bisect_left(self._values, low), bisect_right(self._values, high)
            for value, known in self._sorted[start:stop]:
                if dimensions and known and not dimensions & known:
                    continue
                if stated and not known:
                    continue
                if strict and abs(value - alt) >= tolerance * (1 - 1e-9) and value != alt:
                    continue
                return True
        return False


class DocumentIndexes:
    """The indexes of a snapshot's documents, kept across verification runs over it (the
    rounds of one draft, a record and its figures file): each document is indexed, and each
    of its lines read, once however many runs ask. An index depends on the document's bytes
    alone, so runs over other records may share it.

    With `remember_checks`, each reported result's check and each conditions object's check
    are also kept, keyed by all they read, and replayed when a later run asks the same
    (verify/memo.py): for many runs over copies of one record that differ in a field or two
    (the mutation tests)."""

    def __init__(self, *, remember_checks: bool = False) -> None:
        self._built: dict[tuple[str, str], DocumentIndex] = {}
        # The remembered checks' outcomes by run and key (verify/memo.py), when remembered.
        self.checks: OrderedDict[Any, dict[Any, Any]] | None = (
            OrderedDict() if remember_checks else None
        )
        # Each document's figures as extract reads them, by line (verify/reread.py).
        self.readings: dict[tuple[str, str], dict[int, list[Any]]] = {}
        # The same read table by table, for the lines asked about (verify/line_readings.py).
        self.table_readings: dict[tuple[str, str], Any] = {}
        # The statistics a document names outside its figures' own names (verify/reread.py).
        self.prose_statistics: dict[tuple[str, str], frozenset[str]] = {}
        # Each document's lower-case text with its whitespace runs collapsed (verify/reread.py).
        self.collapsed: dict[tuple[str, str], str] = {}
        # A crowded line's readings ordered by value: (values, their places in the line's
        # readings), by (path, sha256, line) (verify/reread.py).
        self.sorted_readings: dict[tuple[str, str, int], tuple[list[float], list[int]]] = {}
        # And its readings of each value asked, by that key and the value (a sweep's row
        # repeats its values: the figures that share one share the answer).
        self.value_readings: dict[tuple[tuple[str, str, int], Any], list[Any]] = {}
        # Whether a document writes a label's part, by (path, sha256, part) (verify/reread.py).
        self.written_parts: dict[tuple[str, str, str], bool] = {}
        # The last cited lines' cells, with their table's header row's (verify/reread.py).
        self.line_pieces: dict[tuple[str, str, int], frozenset[str]] = {}

    def of(self, document: Document) -> DocumentIndex:
        """The document's index, built on first use and kept."""
        key = (document.path, document.sha256)
        built = self._built.get(key)
        if built is None:
            built = DocumentIndex(document)
            self._built[key] = built
        return built


@dataclass
class VerifyContext:
    """One verification run over one record and one snapshot."""

    record: Record
    snapshot: Snapshot
    listed: list[ListedDocument]
    flags: list[Flag] = field(default_factory=list)
    claims: list[ClaimCheck] = field(default_factory=list)
    counts: CheckedCounts = field(default_factory=CheckedCounts)
    record_values: RecordValues = field(default_factory=RecordValues)
    known_hexes: set[str] = field(default_factory=set)
    indexes: DocumentIndexes = field(default_factory=DocumentIndexes)
    # What a lookup over every listed document found, per claim: the same hash, date or
    # name repeated in many places of a record is looked for in the sources once, not once
    # per place (which grew with claims x documents).
    hex_lookups: dict[str, tuple[frozenset[str], tuple[Evidence, ...]]] = field(
        default_factory=dict
    )
    everywhere_lookups: dict[tuple[str, str], tuple[Evidence, ...]] = field(default_factory=dict)
    # False for a run whose report carries no claims (the figures file's): claims are counted,
    # not built (one per figure, thousands of them, all thrown away).
    keep_claims: bool = True
    # The provenance words the listed documents state, read once (verify/provenance.py).
    provenance_stems: frozenset[str] | None = None
    # Whether a setting's value is stated under its name somewhere (verify/meaning.py).
    settings_named: dict[tuple[str, float], bool] = field(default_factory=dict)
    # A value over all listed documents is looked up once per run: a record repeats the same
    # condition (`concurrency: 1`, a node count) in every result.
    listed_numbers: dict[ParsedNumber, tuple[Evidence, ...]] = field(default_factory=dict)
    # Extract's reader of a figure's context chain, built on first use (verify/conditions.py).
    chain_reader: Any = None
    # The cited places a row's figures re-read, read once per row (verify/cited_places.py).
    rereads: RowMemo[Any] = field(default_factory=RowMemo)

    def __post_init__(self) -> None:
        self.by_id = {d.document_id: d for d in self.listed}
        self.by_url = {d.pinned_url: d for d in self.listed}

    # -- documents --------------------------------------------------------------------------

    def available(self, documents: list[ListedDocument] | None = None) -> list[ListedDocument]:
        """The listed documents (or `documents`) whose bytes the snapshot holds."""
        return [d for d in (self.listed if documents is None else documents) if d.document]

    def others(self, documents: list[ListedDocument]) -> list[ListedDocument]:
        """The listed documents not among `documents` (none when `documents` is the list
        itself, without comparing every pair)."""
        if documents is self.listed:
            return []
        return [d for d in self.listed if d not in documents]

    def index(self, listed: ListedDocument) -> DocumentIndex:
        """The document's index, built on first use and kept: each document is read once."""
        assert listed.document is not None
        return self.indexes.of(listed.document)

    def evidence(self, listed: ListedDocument, line: int | None) -> Evidence:
        """Evidence pointing at one line of a listed document (or at the document itself)."""
        text = None
        if listed.document is not None and line and line != PATH_LINE:
            text = listed.document.line(line)
        url = listed.pinned_url if not line else f"{listed.pinned_url}#L{line}"
        return Evidence(
            document_id=listed.document_id,
            path=listed.path,
            line=line if line else None,
            text=text,
            url=url,
        )

    def find_number(
        self,
        number: ParsedNumber,
        documents: list[ListedDocument],
        exclude: tuple[str, int] | None = None,
        accept: Accept | None = None,
    ) -> list[Evidence]:
        """Evidence lines (at most a few) in `documents` stating a value `number` rounds to
        (and that `accept` lets stand)."""
        everywhere = documents is self.listed and exclude is None and accept is None
        if everywhere and number in self.listed_numbers:
            return list(self.listed_numbers[number])
        found = self._find_number(number, documents, exclude, accept)
        if everywhere:
            self.listed_numbers[number] = tuple(found)
        return found

    def _find_number(
        self,
        number: ParsedNumber,
        documents: list[ListedDocument],
        exclude: tuple[str, int] | None,
        accept: Accept | None,
    ) -> list[Evidence]:
        found: list[Evidence] = []
        for listed in self.available(documents):
            # One line more than the evidence kept when one line is excluded.
            limit = MAX_EVIDENCE + (exclude is not None)
            lines = self.index(listed).lines_for_number(number, limit=limit, accept=accept)
            for line in lines:
                if exclude == (listed.path, line):
                    continue
                found.append(self.evidence(listed, line))
                if len(found) >= MAX_EVIDENCE:
                    return found
        return found

    # -- outcomes ---------------------------------------------------------------------------

    def flag(
        self,
        severity: Severity,
        rule: Rule,
        location: str,
        claim: str,
        message: str,
        evidence: list[Evidence] | None = None,
    ) -> None:
        """Record one flag."""
        self.flags.append(make_flag(severity, rule, location, claim, message, evidence))

    def claim(
        self,
        location: str,
        claim: str,
        start: int,
        end: int,
        kind: NumberKind,
        status: ClaimStatus,
        evidence: list[Evidence] | None = None,
    ) -> None:
        """Record the outcome of one checked claim (when the run keeps claims) and count it."""
        if self.keep_claims:
            self.claims.append(
                ClaimCheck(
                    location=location,
                    claim=claim,
                    start=start,
                    end=end,
                    kind=kind,
                    status=status,
                    evidence=evidence or [],
                )
            )
        counts = self.counts
        counts.numbers += 1
        if status is ClaimStatus.SUPPORTED:
            counts.supported += 1
        elif status is ClaimStatus.DERIVED:
            counts.derived += 1
        elif status is ClaimStatus.RECORD:
            counts.record += 1
        elif status is ClaimStatus.IDENTIFIER:
            counts.identifiers += 1
        else:
            counts.unsupported += 1
