"""The published record: pydantic models for exactly the seed 000 JSON shape, and its file form.

A record round-trips: loading a record and dumping it again gives the same JSON, with the same
keys in the same order, `null` kept as `null`, and numbers kept as written (an int stays an
int, `27.0` stays `27.0`). Field declaration order below therefore IS the on-disk key order.

The open `conditions` dicts and their typed known keys live in `conditions.py`; reading and
writing a record's file (and its hash) in `files.py`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictFloat,
    StrictInt,
    StringConstraints,
    model_serializer,
)

from draftflow.record.conditions import KNOWN_CONDITION_TYPES, Conditions, Json
from draftflow.record.conditions import RECORD_CONDITION_KEYS as RECORD_CONDITION_KEYS
from draftflow.record.label import Label
from draftflow.record.standing import Attribution, ResultStatus

__all__ = [
    "KNOWN_CONDITION_TYPES",
    "ChosenFigure",
    "Conditions",
    "Editorial",
    "License",
    "ModelArtifact",
    "Provenance",
    "Record",
    "RemovedResult",
    "ReportedResult",
    "ReportedSetup",
    "Section",
    "SelectionEdit",
    "SelectionNote",
    "Source",
    "SupplementalSource",
    "TestProfile",
    "Uncertainty",
    "UnreadTable",
]

Number = StrictInt | StrictFloat
Sha256 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
Revision = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{40}$")]
IsoDate = Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$")]


def pinned_path(url: str) -> str:
    """The document path of a pinned URL: `https://github.com/O/N/blob/REV/PATH#L3` gives
    `PATH`; a URL that is not pinned gives ''."""
    _, found, rest = url.partition("/blob/")
    if not found or "/" not in rest:
        return ""
    return rest.split("/", 1)[1].split("#", 1)[0]


def document_url(url: str) -> str:
    """The document's URL of an evidence URL or a citation: its `#L` anchor dropped."""
    return url.partition("#")[0]


def pinned_place(url: str) -> str:
    """`PATH:LINE` of a pinned line URL (`...#L3` gives `PATH:3`); the path alone without a line."""
    _, _, fragment = url.partition("#")
    line = fragment.removeprefix("L")
    return f"{pinned_path(url)}:{line}" if line else pinned_path(url)


class _Strict(BaseModel):
    """Base for the record's fixed-shape objects: strict types, no unknown keys."""

    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)


class ModelArtifact(_Strict):
    """The exact model weights a record is about: repository id and revision (or null)."""

    id: str | None
    revision: str | None


class ReportedSetup(_Strict):
    """The setup the source reports at record level (system, topology, limits, date)."""

    system: str | None
    node_count: StrictInt | None
    parallelism: str | None
    kv_dtype: str | None
    context_limit_tokens: StrictInt | None
    experiment_date: str | None


class TestProfile(_Strict):
    """One measured configuration, with the evidence line that states it."""

    __test__ = False  # not a pytest test class despite the name

    label: str
    evidence_url: str
    conditions: Conditions


class Source(_Strict):
    """The record's primary source: a document pinned at a full revision, with its hash."""

    publisher: str
    url: str
    repository: str
    platform: str
    revision: Revision
    # null only when the repository has no readable document (record_documents skips it)
    document_path: str | None
    pinned_url: str | None
    report_url: str | None
    document_sha256: Sha256 | None
    last_commit_at: str | None
    checked_on: IsoDate
    metadata_status: str


class SupplementalSource(_Strict):
    """A further pinned document the record cites or draws results from."""

    document_id: str
    parent_record_id: str
    publisher: str
    repository: str
    revision: Revision
    document_path: str
    pinned_url: str
    document_sha256: Sha256
    checked_on: IsoDate


class License(_Strict):
    """The source's declared licence (SPDX id or null) and what that declaration covers."""

    declared_spdx: str | None
    scope: str


class Section(_Strict):
    """One editorial section: a question-style heading, its paragraphs and its citations."""

    heading: str
    paragraphs: list[str]
    citations: list[str]


class Uncertainty(_Strict):
    """The observed spread of a derived figure, labelled with what kind of interval it is."""

    observed_min: Number | None
    observed_max: Number | None
    interval_kind: str


def _is_none(value: object) -> bool:
    return value is None


class ReportedResult(_Strict):
    """One source-reported figure, its full conditions, and the exact line that states it."""

    label: str
    metric: str
    value: Number
    unit: str
    statistic: str
    uncertainty: Uncertainty | None
    conditions: Conditions
    evidence_state: str
    site_reproduced: bool
    evidence_url: str
    source_document_sha256: Sha256
    source_document_id: str
    source_line: Annotated[StrictInt, Field(ge=1)]
    # written only when stated, so records drafted before them round-trip unchanged
    status: ResultStatus | None = Field(default=None, exclude_if=_is_none)
    """The author's own status words for the figure (retracted, estimated, ...); absent if none."""
    attribution: Attribution | None = Field(default=None, exclude_if=_is_none)
    """Who measured the figure when the source names someone else; absent if the author did."""
    condition_sources: dict[str, list[str]] | None = Field(default=None, exclude=True, repr=False)
    """Where each condition read from the figure's context is stated (`key` -> `path:line`
    places): written in the figures file beside the figure, never in the record, whose
    conditions keep the seed's shape (`select/figures_file.py`, `verify/conditions.py`)."""
    parts: Label | None = Field(default=None, exclude=True, repr=False)
    """The label's typed parts, as extract built it: what select and draft read to name the
    configuration, so nothing parses `label` apart. Never written: a record read back from
    its JSON has none, and its readers fall back on `label` as written."""

    @property
    def source_path(self) -> str:
        """The path of the document that states the figure, from its pinned evidence URL."""
        return pinned_path(self.evidence_url)

    @property
    def source_place(self) -> str:
        """Where the figure is stated, as `path:line` (from its pinned evidence URL)."""
        return pinned_place(self.evidence_url)


class Editorial(_Strict):
    """The editorial article: answer, sections, facts and the selected reported results."""

    version: StrictInt
    published_on: IsoDate
    modified_on: IsoDate
    byline: str
    creation_method: str
    answer: str
    sections: list[Section]
    facts: list[Json]
    reported_results: list[ReportedResult]
    source_document_sha256: Sha256 | None


class ChosenFigure(_Strict):
    """One figure in the headline selection: its id in the figures file and why it was chosen."""

    id: str
    why: str


class SelectionEdit(_Strict):
    """An editor's change of the selection (`draftflow select`): figure ids added and dropped."""

    added: list[str]
    dropped: list[str]
    reason: str
    on: IsoDate


RUN_PARAMETER_KEYS = (
    "thinking",
    "temperature",
    "top_p",
    "max_output_tokens",
    "kv_dtype",
    "draft_tokens",
)
"""A result's run settings (the seed's per-result fields), in the order its conditions write
them: read only under their own names (`extract/conditions/run_parameters.py`), named beside
a figure's label in the article (`record/render.py`)."""


class SelectionNote(_Strict):
    """How the headline `reported_results` were chosen among the figures in the figures file,
    and where the record-level metadata is stated (or why it stays null)."""

    method: str = Field(description='"rules", "model", or rules with why the model was not used')
    max_results: StrictInt
    figures_file: str
    figures_total: StrictInt
    chosen: list[ChosenFigure] = Field(description="in the order of editorial.reported_results")
    metadata_evidence: dict[str, str] = Field(default_factory=dict)
    unstated: dict[str, str] = Field(default_factory=dict)
    edits: list[SelectionEdit] = Field(default_factory=list)


class UnreadTable(_Strict):
    """A table or tool output whose numbers gave no figure: for the editor to read."""

    place: str = Field(description="`path:line` of its first number-bearing line")
    reason: str = Field(description="raw_data (telemetry, too many rows) or no_metric")
    numbers: StrictInt = Field(description="its number-bearing cells outside the first column")
    columns: list[str] = Field(description="the headers (or keys) of those cells, first few")


class RemovedResult(_Strict):
    """A figure taken out of the record after it was drafted: by verify (no source supports
    it) or by an editor's `draftflow select`; kept so the removal is a flag, never silent."""

    figure_id: str | None = Field(description="its id in the figures file, when it has one")
    label: str
    value: Number
    unit: str
    evidence_url: str = Field(description="the cited place, a pinned URL with its line")
    removed_by: str = Field(description="`verify` or `select`")
    reason: str


class Provenance(_Strict):
    """How draftflow produced a record; appended last, and absent from hand-made records."""

    draftflow_version: str
    model: str = Field(description='model name, or "deterministic" when no model was used')
    prompt_hashes: dict[str, Sha256] = Field(default_factory=dict)
    created_at: str
    cache: dict[str, Json] | None = Field(
        default=None, description="cassette / cache details: mode, path, hits, misses"
    )
    dropped: list[str] = Field(
        default_factory=list, description="what the pipeline dropped for lack of support"
    )
    selection: SelectionNote | None = None
    unread_tables: list[UnreadTable] = Field(
        default_factory=list,
        description="tables and tool outputs with numbers that gave no figure; absent if none",
    )
    removed: list[RemovedResult] = Field(
        default_factory=list,
        description="figures removed after drafting (by verify or select); absent if none",
    )
    dropped_by_cause: dict[str, StrictInt] = Field(
        default_factory=dict,
        description="every dropped entry counted by cause, when `dropped` lists only some",
    )
    removed_by_cause: dict[str, StrictInt] = Field(
        default_factory=dict,
        description="every removed figure counted by cause, when `removed` lists only some",
    )
    unread_tables_by_reason: dict[str, StrictInt] = Field(
        default_factory=dict,
        description="every unread table counted by reason, when `unread_tables` lists only some",
    )

    @model_serializer(mode="wrap")
    def _drop_no_unread_tables(self, handler: SerializerFunctionWrapHandler) -> Any:
        # written only when there is one, so records drafted before it round-trip unchanged
        data = handler(self)
        if isinstance(data, dict):
            for optional in (
                "unread_tables",
                "removed",
                "dropped_by_cause",
                "removed_by_cause",
                "unread_tables_by_reason",
            ):
                if not data.get(optional, ...):
                    data.pop(optional, None)
        return data


class Record(_Strict):
    """A published editorial record of one community benchmark report (the seed 000 shape)."""

    id: str
    title: str
    kind: str
    source_type: str
    summary: str
    runtime: str | None
    runtime_topics: list[str]
    hardware_topics: list[str]
    platform_topics: list[str]
    model_label: str | None
    model_family: str | None
    model_id: str | None
    model_release_date: str | None
    model_artifact: ModelArtifact | None
    evidence_state: str
    site_reproduced: bool
    record_type: str
    performance_ranking_allowed: bool
    metrics: dict[str, Json] | None
    metrics_status: str
    conditions: Conditions
    reported_setup: ReportedSetup
    test_profiles: list[TestProfile]
    deployment_options: list[Json]
    recipe_parameters: dict[str, Json] | None
    measurement_scope: str
    notes: list[str]
    limitations: list[str]
    comparison_status: str
    editorial_status: str
    public_benchmark_snapshot: bool
    source: Source
    supplemental_sources: list[SupplementalSource]
    license: License
    editorial: Editorial
    provenance: Provenance | None = None

    @model_serializer(mode="wrap")
    def _drop_absent_provenance(self, handler: SerializerFunctionWrapHandler) -> Any:
        # Every other null is written; provenance alone is omitted when absent so that
        # hand-made records (the seeds) round-trip byte for byte.
        data = handler(self)
        if isinstance(data, dict) and data.get("provenance", ...) is None:
            del data["provenance"]
        return data
