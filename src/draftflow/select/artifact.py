"""The select stage's artifact: every figure, the headline results and what they state.

`Selection` is what `select.select` returns and what the draft stage writes about: the
headline figures (`headline`), one test profile per configuration (`profiles`), the record-level
metadata the sources state (`metadata`), and what the extract stage stated of the setup and
could not ground (`extracted_setup`, `dropped_claims`), so the draft reads no other artifact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from draftflow.extract.artifact import empty_setup
from draftflow.record.model import ReportedResult, ReportedSetup, SelectionNote, TestProfile
from draftflow.select.disclaimer import Disclaimer
from draftflow.select.figures_file import Figure
from draftflow.select.metadata_model import RecordMetadata


@dataclass
class Selection:
    """The select stage's output: all figures, the headline results and what they state."""

    figures: list[Figure]
    headline: list[ReportedResult]
    profiles: list[TestProfile]
    metadata: RecordMetadata
    note: SelectionNote
    prompt_hashes: dict[str, str] = field(default_factory=dict)
    stated_profiles: list[TestProfile] = field(default_factory=list)
    """The profiles a model stated (grounded): their labels name the built profiles they fit."""
    extracted_setup: ReportedSetup = field(default_factory=empty_setup)
    """The record-level setup the extract stage read from the sources."""
    dropped_claims: int = 0
    """How many claims the extract stage dropped as ungrounded (the draft says some were)."""
    disclaimer: Disclaimer | None = None
    """The README's sentence saying the repository reports no real results (then none leads)."""

    @property
    def setup(self) -> ReportedSetup:
        """The setup the draft writes about: the extract stage's, completed from the metadata
        the select stage read from the sources (the same rule the record's setup follows)."""
        return setup_with_metadata(self.extracted_setup, self.metadata)


def setup_with_metadata(setup: ReportedSetup, meta: RecordMetadata) -> ReportedSetup:
    """`setup` with every field it leaves unstated taken from what the sources state of the
    whole record (`meta`): the one rule for the record's setup and the setup the draft reads."""
    return ReportedSetup(
        system=setup.system or meta.system,
        node_count=setup.node_count if setup.node_count is not None else meta.node_count,
        parallelism=setup.parallelism or meta.parallelism,
        kv_dtype=setup.kv_dtype or meta.kv_dtype,
        context_limit_tokens=setup.context_limit_tokens
        if setup.context_limit_tokens is not None
        else meta.context_limit_tokens,
        experiment_date=setup.experiment_date or meta.experiment_date,
    )
