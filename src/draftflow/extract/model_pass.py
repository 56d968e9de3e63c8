"""The model pass: the model chooses, labels, groups and fills conditions; Python checks it.

The model sees the documents with their line numbers (chunked to a context budget, never
renumbered) and the harvested candidates. Every number it returns is grounded on its cited
line (`ground.py`); repeated runs it points out are summarised here (`derive.py`); conditions
and setup values whose numbers are not in the sources become null. What fails is recorded in
`Extraction.dropped`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel, Field, JsonValue

from draftflow.extract.artifact import DroppedClaim, DropReason, Extraction, empty_setup
from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.chunks import Chunk, chunk_documents
from draftflow.extract.derive import RunValue, derive
from draftflow.extract.ground import Grounded, Grounder, reads_as_instructions
from draftflow.extract.results import (
    condition_key,
    conditions_for,
    conform,
    make_profile,
    make_result,
    typed_value,
)
from draftflow.extract.select import Selected, select
from draftflow.llm import Prompt, StructuredOutputError, load_prompt
from draftflow.records import ReportedResult, ReportedSetup, TestProfile
from draftflow.snapshot import Snapshot

DEFAULT_CONTEXT_BUDGET_TOKENS = 12_000
EXTRACT_PROMPT = "extract"

T = TypeVar("T", bound=BaseModel)
T_co = TypeVar("T_co", covariant=True)


class StructuredLike(Protocol[T_co]):
    """What a structured reply offers: the validated value."""

    @property
    def value(self) -> T_co:
        """The validated reply."""
        ...


class ExtractClient(Protocol):
    """The part of `draftflow.llm.ModelClient` the extract stage uses."""

    async def structured(
        self, prompt: Prompt, variables: Mapping[str, str], schema: type[T]
    ) -> StructuredLike[T]:
        """Fill `prompt`, ask the model, validate the reply against `schema`."""
        ...


# ---- the reply schema the model fills ------------------------------------------------------


class ConditionClaim(BaseModel):
    """One setting of a measured configuration, as the source states it."""

    name: str = Field(description="setting name, e.g. concurrency, input_tokens, engine")
    value: str | None = Field(description="the value as the source writes it; null if unknown")


class ResultClaim(BaseModel):
    """One reported figure, chosen from the candidates (or a cited line)."""

    candidate: str | None = Field(default=None, description="candidate id such as c12")
    document_id: str
    line: int = Field(description="the line number shown as L<n> where the figure is written")
    value: float = Field(description="the figure exactly as written on that line")
    label: str
    metric: str = Field(description="decode_rate, prefill_rate, ttft, latency, throughput, ...")
    unit: str = Field(description="tokens/s, s, ms, GB, ...")
    statistic: str = Field(default="as reported", description="what the source says it is")
    profile: str | None = Field(default=None, description="label of its test profile")
    conditions: list[ConditionClaim] = Field(default_factory=list)


class RunRef(BaseModel):
    """One run of a repeated measurement: where its figure is written."""

    document_id: str
    line: int
    value: float


class RepeatedRunsClaim(BaseModel):
    """Runs of one configuration that the source repeats; Python computes the summary."""

    label: str
    metric: str
    unit: str
    statistic: Literal["median", "mean"]
    runs: list[RunRef]
    profile: str | None = None
    conditions: list[ConditionClaim] = Field(default_factory=list)


class ProfileClaim(BaseModel):
    """One measured configuration and the line that states it."""

    label: str
    document_id: str
    line: int
    conditions: list[ConditionClaim] = Field(default_factory=list)


class SetupClaim(BaseModel):
    """The setup stated for the whole report; null for anything not stated."""

    system: str | None = None
    node_count: int | None = None
    parallelism: str | None = None
    kv_dtype: str | None = None
    context_limit_tokens: int | None = None
    experiment_date: str | None = None


class ExtractReply(BaseModel):
    """The model's answer for one chunk."""

    results: list[ResultClaim] = Field(default_factory=list)
    repeated_runs: list[RepeatedRunsClaim] = Field(default_factory=list)
    profiles: list[ProfileClaim] = Field(default_factory=list)
    setup: SetupClaim = Field(default_factory=SetupClaim)


# ---- checking the reply -------------------------------------------------------------------


@dataclass
class _Checker:
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


# ---- running the pass ---------------------------------------------------------------------


def _array_lines(candidates: list[Candidate]) -> dict[tuple[str, int], int]:
    """Where each JSON array item's array opens, by the item's (document, line)."""
    return {
        (c.document_id, c.line): c.parent_line
        for c in candidates
        if c.parent_line is not None and (c.json_path or "").endswith("]")
    }


def prompt_variables(snapshot: Snapshot, chunk: Chunk, total: int) -> dict[str, str]:
    """The extract prompt's variables for one chunk."""
    return {
        "repository": snapshot.repository,
        "revision": snapshot.revision,
        "chunk": f"{chunk.index + 1} of {total}",
        "documents": chunk.documents_text,
        "candidates": chunk.candidates_text or "(no harvested candidates in this chunk)",
    }


async def extract_with_model(
    snapshot: Snapshot,
    candidates: list[Candidate],
    client: ExtractClient,
    *,
    context_budget_tokens: int = DEFAULT_CONTEXT_BUDGET_TOKENS,
    prompt: Prompt | None = None,
    chosen: list[Selected] | None = None,
) -> Extraction:
    """Ask the model about each chunk concurrently, then ground everything it proposes.

    `chosen`, when given, is `select(candidates, include_prose=True)` computed already."""
    prompt = prompt or load_prompt(EXTRACT_PROMPT)
    chosen = select(candidates, include_prose=True) if chosen is None else chosen
    chunks = chunk_documents(snapshot, candidates, chosen, context_budget_tokens)
    replies = await asyncio.gather(
        *(_ask(client, prompt, prompt_variables(snapshot, chunk, len(chunks))) for chunk in chunks)
    )
    checker = _Checker(
        snapshot,
        Grounder(snapshot),
        array_lines=_array_lines(candidates),
        figures=HarvestedFigures.of(candidates),
    )
    answered: list[Chunk] = []
    for chunk, reply in zip(chunks, replies, strict=True):
        if isinstance(reply, StructuredOutputError):
            checker.dropped.append(_unusable_chunk(chunk, len(chunks), reply))
            continue
        answered.append(chunk)
        answer = reply.value
        for result in answer.results:
            checker.accept_result(result, chunk.candidates)
        for repeated in answer.repeated_runs:
            checker.accept_repeated(repeated)
        for profile in answer.profiles:
            checker.accept_profile(profile)
        checker.accept_setup(answer.setup)
    checker.dropped += unconfirmed_prose(answered, checker.confirmed)
    return Extraction(
        reported_results=checker.results,
        test_profiles=list(checker.profiles.values()),
        reported_setup=checker.reported_setup(),
        dropped=checker.dropped,
        candidates_seen=len(candidates),
        prompt_hashes={prompt.name: prompt.sha256},
        method="model",
    )


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


def unconfirmed_prose(
    chunks: list[Chunk], confirmed: set[tuple[str, int, float]]
) -> list[DroppedClaim]:
    """The prose figures shown to the model in chunks it answered that it did not confirm."""
    dropped: list[DroppedClaim] = []
    for chunk in chunks:
        for candidate in chunk.candidates.values():
            if candidate.format is not SourceFormat.PROSE or candidate.reading is None:
                continue
            key = (candidate.document_id, candidate.line, float(candidate.value))
            if key in confirmed:
                continue
            dropped.append(
                DroppedClaim(
                    kind="result",
                    label=candidate.column or candidate.text,
                    claimed=str(candidate.value),
                    document_id=candidate.document_id,
                    line=candidate.line,
                    reason=DropReason.NOT_CONFIRMED,
                    detail="a figure the prose finder read; the model, shown it as a candidate, "
                    "did not confirm it",
                )
            )
    return dropped


async def _ask(
    client: ExtractClient, prompt: Prompt, variables: dict[str, str]
) -> StructuredLike[ExtractReply] | StructuredOutputError:
    """One chunk's reply, or the error when no attempt validated.

    A model that answers one chunk with garbage costs that chunk's labels, not the draft: the
    deterministic figures stay (see `merge.py`) and the failure is listed for the editor. A
    server that is down still fails the run.
    """
    try:
        return await client.structured(prompt, variables, ExtractReply)
    except StructuredOutputError as error:
        return error


def _unusable_chunk(chunk: Chunk, total: int, error: StructuredOutputError) -> DroppedClaim:
    return DroppedClaim(
        kind="chunk",
        label=f"chunk {chunk.index + 1} of {total}",
        claimed=f"{error.attempts} replies",
        reason=DropReason.REPLY_INVALID,
        detail=error.message.split("\n", 1)[0],
    )


def reply_schema_json() -> str:
    """The reply schema as JSON text (for documentation and tests)."""
    return json.dumps(ExtractReply.model_json_schema(), indent=2)
