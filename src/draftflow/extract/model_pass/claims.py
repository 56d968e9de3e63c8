"""Checking the model's reply: every claim grounded on its cited line before it is kept.

A result must stand on a line the harvest read (a data line, or a prose line where the prose
finder read that value: the model confirms figures, it never adds one); repeated runs are
summarised in Python (`derive.py`); conditions and setup values whose numbers no source
states become null. Whatever fails is listed in `dropped` with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pydantic import JsonValue

from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.artifact import DroppedClaim, DropReason, empty_setup
from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.derive import RunValue, derive
from draftflow.extract.ground import Grounded, Grounder, reads_as_instructions
from draftflow.extract.model_pass.reply import (
    ConditionClaim,
    ProfileClaim,
    RepeatedRunsClaim,
    ResultClaim,
    SetupClaim,
)
from draftflow.extract.results import (
    condition_key,
    conditions_for,
    conform,
    make_profile,
    make_result,
    typed_value,
)
from draftflow.record.model import ReportedResult, ReportedSetup, TestProfile


@dataclass
class ClaimChecker:
    """Grounds one chunk's claims after another and collects what survives."""

    snapshot: Snapshot
    grounder: Grounder
    results: list[ReportedResult] = field(default_factory=list)
    profiles: dict[str, TestProfile] = field(default_factory=dict)
    setup: dict[str, JsonValue] = field(default_factory=dict)
    dropped: list[DroppedClaim] = field(default_factory=list)
    array_lines: dict[tuple[str, int], int] = field(default_factory=dict)
    """(document, line) of a JSON array item → the line its array opens on."""
    figures: HarvestedFigures | None = None
    """What the harvest read on each line: what the model may confirm in prose."""
    confirmed: set[tuple[str, int, float]] = field(default_factory=set)
    """(document, line, value) of every accepted result."""
    _seen: set[tuple[str, int, float, str]] = field(default_factory=set)

    def conditions(self, label: str, claims: list[ConditionClaim]) -> dict[str, JsonValue]:
        """The claimed conditions, each value's numbers checked against the sources."""
        conditions: dict[str, JsonValue] = {}
        for claim in claims:
            key = condition_key(claim.name)
            if claim.value is None or not claim.value.strip():
                conditions.setdefault(key, None)
                continue
            if reads_as_instructions(claim.value) or not self._stated(
                typed_value(claim.value), claim.value
            ):
                self.dropped.append(
                    DroppedClaim(
                        kind="condition",
                        label=label,
                        claimed=f"{claim.name}={claim.value}",
                        reason=DropReason.CONDITION_NOT_IN_SOURCES,
                        detail="its numbers are not written in any document; kept as null",
                    )
                )
                conditions.setdefault(key, None)
                continue
            key, value = conform(key, typed_value(claim.value), claim.value.strip())
            conditions.setdefault(key, value)
        return conditions

    def _stated(self, value: JsonValue, written: str) -> bool:
        if isinstance(value, bool):
            return True
        if isinstance(value, int | float):
            return self.grounder.number_in_sources(value)
        return self.grounder.stated_in_sources(written)

    def text(self, kind: str, label: str, written: str, fallback: str) -> str:
        """A label, metric, unit or statistic of the model's, or `fallback` when it carries a
        number that no document writes (or reads as an instruction)."""
        if self.grounder.stated_in_sources(written) and not reads_as_instructions(written):
            return written
        self.dropped.append(
            DroppedClaim(
                kind=kind,
                label=label,
                claimed=written,
                reason=DropReason.TEXT_NOT_IN_SOURCES,
                detail=f"its numbers are not written in any document; replaced by {fallback!r}",
            )
        )
        return fallback

    def accept_result(self, claim: ResultClaim, candidates: Mapping[str, Candidate]) -> None:
        """Ground one proposed figure; keep it with the source's written value, or drop it.

        A known candidate id fixes the document and line; an unknown one is ignored and the
        cited line is checked instead.
        """
        candidate = candidates.get(claim.candidate) if claim.candidate else None
        document_id = candidate.document_id if candidate else claim.document_id
        line = candidate.line if candidate else claim.line
        outcome = self.grounder.ground(
            kind="result",
            label=claim.label,
            document_id=document_id,
            line=line,
            claimed=claim.value,
        )
        if isinstance(outcome, DroppedClaim):
            self.dropped.append(outcome)
            return
        if self.figures is not None and not self.figures.allows(document_id, line, outcome.value):
            self.dropped.append(
                self.figures.not_harvested(claim.label, document_id, line, outcome.value)
            )
            return
        self.confirmed.add((document_id, line, float(outcome.value)))
        if candidate is not None:  # confirmed by id: the candidate's own figure stands
            self.confirmed.add((document_id, line, float(candidate.value)))
        where = f"{outcome.document.path} L{line}"
        label = self.text("label", claim.label, claim.label, f"{claim.metric} at {where}")
        key = (document_id, line, float(outcome.value), label)
        if key in self._seen:
            return
        self._seen.add(key)
        conditions = self.conditions(label, claim.conditions)
        if candidate is not None:
            for name, value in conditions_for(candidate).items():
                conditions.setdefault(name, value)
        self.results.append(
            make_result(
                document=outcome.document,
                line=line,
                value=outcome.value,
                label=label,
                metric=self.text("metric", label, claim.metric, "unspecified"),
                unit=self.text("unit", label, claim.unit, "unspecified") or "unspecified",
                statistic=self.text("statistic", label, claim.statistic, "as reported"),
                conditions=conditions,
            )
        )

    def accept_repeated(self, claim: RepeatedRunsClaim) -> None:
        """Ground each run; summarise the grounded runs in Python, or drop the group."""
        grounded: list[Grounded] = []
        for run in claim.runs:
            outcome = self.grounder.ground(
                kind="repeated_runs",
                label=claim.label,
                document_id=run.document_id,
                line=run.line,
                claimed=run.value,
            )
            if isinstance(outcome, DroppedClaim):
                self.dropped.append(outcome)
            elif self.figures is not None and not self.figures.allows(
                run.document_id, run.line, outcome.value
            ):
                self.dropped.append(
                    self.figures.not_harvested(
                        claim.label, run.document_id, run.line, outcome.value
                    )
                )
            else:
                grounded.append(outcome)
        claimed = f"{claim.statistic} of {len(claim.runs)} runs"
        if len(grounded) < 2 or len({g.document.document_id for g in grounded}) != 1:
            self.dropped.append(
                DroppedClaim(
                    kind="repeated_runs",
                    label=claim.label,
                    claimed=claimed,
                    reason=DropReason.TOO_FEW_RUNS,
                    detail=f"{len(grounded)} runs grounded in one document; at least 2 are needed",
                )
            )
            return
        anchor = self._anchor(grounded)
        if anchor is None:
            self.dropped.append(
                DroppedClaim(
                    kind="repeated_runs",
                    label=claim.label,
                    claimed=claimed,
                    document_id=grounded[0].document.document_id,
                    line=grounded[0].line,
                    reason=DropReason.RUNS_NOT_ON_ONE_LINE,
                    detail="a derived figure cites one line (or one JSON array) holding all its "
                    "inputs; these runs are on lines " + ", ".join(str(g.line) for g in grounded),
                )
            )
            return
        figure = derive(
            [RunValue(g.value, g.line, g.decimals) for g in grounded], claim.statistic, anchor
        )
        label = self.text(
            "label",
            claim.label,
            claim.label,
            f"{claim.statistic} of {grounded[0].document.path} runs",
        )
        self.results.append(
            make_result(
                document=grounded[0].document,
                line=figure.anchor_line,
                value=figure.value,
                label=label,
                metric=self.text("metric", label, claim.metric, "unspecified"),
                unit=self.text("unit", label, claim.unit, "unspecified") or "unspecified",
                statistic=figure.statistic,
                conditions=self.conditions(label, claim.conditions),
                derived=figure,
            )
        )

    def _anchor(self, grounded: list[Grounded]) -> int | None:
        """The one line a derived figure can cite: the runs' shared line, or the line their
        JSON array opens on; None when the runs are spread over separate lines."""
        lines = {g.line for g in grounded}
        if len(lines) == 1:
            return grounded[0].line
        document_id = grounded[0].document.document_id
        openers = {self.array_lines.get((document_id, line)) for line in lines}
        if len(openers) == 1:
            return openers.pop()
        return None

    def accept_profile(self, claim: ProfileClaim) -> None:
        """Keep a profile whose cited line exists and is not an instruction; first label wins."""
        document = self.snapshot.document(claim.document_id)
        text = document.line(claim.line) if document else None
        if document is None or text is None or reads_as_instructions(text):
            reason = (
                DropReason.UNKNOWN_DOCUMENT
                if document is None
                else DropReason.NO_SUCH_LINE
                if text is None
                else DropReason.INSTRUCTION_TEXT
            )
            self.dropped.append(
                DroppedClaim(
                    kind="profile",
                    label=claim.label,
                    claimed=claim.label,
                    document_id=claim.document_id,
                    line=claim.line,
                    reason=reason,
                )
            )
            return
        label = self.text(
            "profile", claim.label, claim.label, f"profile at {document.path} L{claim.line}"
        )
        if label in self.profiles:
            return
        self.profiles[label] = make_profile(
            document=document,
            line=claim.line,
            label=label,
            conditions=self.conditions(label, claim.conditions),
        )

    def accept_setup(self, claim: SetupClaim) -> None:
        """Merge the stated setup: first non-null value per field, its numbers in the sources."""
        for name, value in claim.model_dump().items():
            if value is None or self.setup.get(name) is not None:
                continue
            written = str(value)
            stated = (
                self.grounder.number_in_sources(value)
                if isinstance(value, int)
                else self.grounder.stated_in_sources(written)
            )
            if not stated or reads_as_instructions(written):
                self.dropped.append(
                    DroppedClaim(
                        kind="setup",
                        label=name,
                        claimed=written,
                        reason=DropReason.CONDITION_NOT_IN_SOURCES,
                        detail="its numbers are not written in any document; kept as null",
                    )
                )
                continue
            self.setup[name] = value

    def reported_setup(self) -> ReportedSetup:
        """The merged setup as the record's model."""
        base = empty_setup().model_dump()
        base.update(self.setup)
        return ReportedSetup.model_validate(base)


def array_lines_of(candidates: list[Candidate]) -> dict[tuple[str, int], int]:
    """Where each JSON array item's array opens, by the item's (document, line)."""
    return {
        (c.document_id, c.line): c.parent_line
        for c in candidates
        if c.parent_line is not None and (c.json_path or "").endswith("]")
    }


@dataclass(frozen=True)
class HarvestedFigures:
    """Per line, whether the harvest read it as data (a table row, a JSON leaf, a report line)
    and which values the prose finder read on it."""

    data_lines: frozenset[tuple[str, int]]
    prose_values: dict[tuple[str, int], list[float]]

    @classmethod
    def of(cls, candidates: list[Candidate]) -> HarvestedFigures:
        """The harvest's lines and prose values."""
        data: set[tuple[str, int]] = set()
        prose: dict[tuple[str, int], list[float]] = {}
        for candidate in candidates:
            key = (candidate.document_id, candidate.line)
            if candidate.format is SourceFormat.PROSE and candidate.reading is not None:
                prose.setdefault(key, []).extend(float(v) for v in candidate.values)
            elif candidate.format is not SourceFormat.PROSE:
                data.add(key)
        return cls(frozenset(data), prose)

    def allows(self, document_id: str, line: int, value: float) -> bool:
        """True for a data line, or a prose line where the prose finder read this value."""
        key = (document_id, line)
        return key in self.data_lines or float(value) in self.prose_values.get(key, [])

    def not_harvested(
        self, label: str, document_id: str, line: int, value: int | float
    ) -> DroppedClaim:
        """The drop of a number the model added to a prose line."""
        return DroppedClaim(
            kind="result",
            label=label,
            claimed=str(value),
            document_id=document_id,
            line=line,
            reason=DropReason.NOT_HARVESTED,
            detail="the prose finder read no such figure on this line; the model confirms "
            "harvested figures and never adds one",
        )
