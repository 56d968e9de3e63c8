"""The draft stage's artifact: the editorial text of a record, before assembly and verification.

`EditorialDraft` holds only what the draft stage writes (title, summary, answer, sections,
notes, limitations) plus how it was written (`creation_method`, `prompt_hashes`). The assemble
stage places these fields into the record: `title`, `summary`, `notes` and `limitations` at the
top level, `answer`, `sections` and `creation_method` under `editorial`.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from draftflow.record.model import Record, Section

CREATION_DETERMINISTIC = (
    "Drafted by draftflow from fixed templates over the grounded extraction, without a model; "
    "not edited."
)
CREATION_MODEL = (
    "Drafted by draftflow with the model named in the provenance, from the grounded "
    "extraction only; citations outside the pinned documents and sentences with numbers not "
    "in the grounded results were removed; not edited."
)
CREATION_MODEL_UNUSABLE = (
    "Drafted by draftflow from fixed templates over the grounded extraction: the model named "
    "in the provenance was asked, but none of its replies was usable (see provenance.dropped); "
    "not edited."
)
CREATION_MODEL_SECTIONS_ONLY = (
    "Sections drafted by draftflow with the model named in the provenance, from the grounded "
    "extraction only; title, summary and answer written from fixed templates because the "
    "model's were unusable; not edited."
)
CREATION_MODEL_FALLBACK = (
    "Title, summary and answer drafted by draftflow with the model named in the provenance; "
    "sections written from fixed templates because no model section had a valid citation; "
    "not edited."
)

NO_MODEL_HINT = (
    "No model server configured, so the editorial was drafted from templates; to have a model "
    "draft it, pass --base-url http://HOST:PORT/v1 --model NAME (or set DRAFTFLOW_BASE_URL and "
    "DRAFTFLOW_MODEL), or replay recorded exchanges with --cassette PATH."
)
"""The one-line hint the pipeline prints when the deterministic drafter was used (no square
brackets: the CLI prints it through rich markup)."""


class EditorialDraft(BaseModel):
    """The editorial text of one record and how it was written."""

    model_config = ConfigDict(extra="forbid")

    title: str
    summary: str
    answer: str
    sections: list[Section]
    notes: list[str] = Field(default_factory=list)
    limitations: list[str] = Field(default_factory=list)
    creation_method: str
    prompt_hashes: dict[str, str] = Field(
        default_factory=dict, description="prompt name -> sha256 of the prompt file"
    )
    dropped: list[str] = Field(
        default_factory=list,
        description="what the drafter removed from the model's reply, and why (for provenance)",
    )
    title_fallbacks: list[str] = Field(
        default_factory=list,
        description="shorter titles from the record's facts, best first, for when verify "
        "rejects the title",
    )
    summary_fallback: str = Field(
        default="",
        description="the template's summary, for when verify empties a model's summary",
    )
    answer_fallback: str = Field(
        default="",
        description="the template's answer, for when verify empties a model's answer",
    )
    template_framing: list[str] = Field(
        default_factory=list,
        description="the framing fields (`title`, `summary`, `answer`) the template wrote under "
        "a model's draft: the model's were unusable, or verify emptied them",
    )

    @classmethod
    def of_record(cls, record: Record) -> EditorialDraft:
        """A record's published text as a draft, for the checks a draft's sentences pass."""
        editorial = record.editorial
        return cls(
            title=record.title,
            summary=record.summary,
            answer=editorial.answer,
            sections=editorial.sections,
            notes=record.notes,
            limitations=record.limitations,
            creation_method=editorial.creation_method,
        )

    @property
    def drafted_by_model(self) -> bool:
        """True when a model wrote any of the text (the pipeline prints a hint otherwise)."""
        return bool(self.prompt_hashes)
