"""`select(snapshot, extraction, client)`: the select stage on a whole extraction, with
`build_selection` and `apply_edits` (re-exported by `draftflow.select`)."""

from __future__ import annotations

from collections.abc import Sequence

from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.artifact import Extraction
from draftflow.llm.protocol import StructuredClient
from draftflow.record.model import (
    ChosenFigure,
    ReportedResult,
    SelectionEdit,
    SelectionNote,
    TestProfile,
)
from draftflow.runtime.collector import collection_paused
from draftflow.select.artifact import Selection
from draftflow.select.disclaimer import results_disclaimer
from draftflow.select.figure_artifacts import figure_artifacts, with_figure_artifact
from draftflow.select.figures_file import (
    Figure,
    in_source_order,
    make_figures,
)
from draftflow.select.lead_model import LeadModel, choose_ranked, shipped_lead_model
from draftflow.select.metadata import read_metadata
from draftflow.select.model_choice import (
    DEFAULT_BUDGET_TOKENS,
    choose_with_model,
)
from draftflow.select.profiles import (
    enrich,
    make_profiles,
    readable_label,
    told_apart,
    with_stated_labels,
)
from draftflow.select.rules import DEFAULT_MAX_RESULTS, headline_eligible, score_figures
from draftflow.select.scored import Scored

METHOD_RULES = "rules"
METHOD_MODEL = "model"
EDITED = "; edited by the editor"


def build_selection(
    snapshot: Snapshot,
    figures: list[Figure],
    chosen: Sequence[tuple[str, str]],
    *,
    method: str,
    max_results: int,
    figures_file: str,
    edits: Sequence[SelectionEdit] = (),
    stated_profiles: Sequence[TestProfile] = (),
) -> Selection:
    """The headline results for the chosen figure ids (in figures-file order), enriched with
    the record-level setup their sources state, and one test profile per configuration."""
    why = dict(chosen)
    picked = [figure for figure in figures if figure.id in why]
    metadata = read_metadata(snapshot, [f.result for f in picked], [f.result for f in figures])
    artifacts = figure_artifacts(snapshot)
    headline = told_apart(
        [
            with_figure_artifact(
                enrich(f.result, metadata), artifacts, metadata.evidence, f"model_artifact {f.id}"
            )
            for f in picked
        ]
    )
    note = SelectionNote(
        method=method,
        max_results=max_results,
        figures_file=figures_file,
        figures_total=len(figures),
        chosen=[ChosenFigure(id=figure.id, why=why[figure.id]) for figure in picked],
        metadata_evidence=dict(sorted(metadata.evidence.items())),
        unstated=dict(sorted(metadata.unstated.items())),
        edits=list(edits),
    )
    profiles = with_stated_labels(make_profiles(headline), list(stated_profiles))
    return Selection(
        figures, headline, profiles, metadata, note, stated_profiles=list(stated_profiles)
    )


def apply_edits(
    chosen: list[tuple[str, str]], figures: list[Figure], edits: Sequence[SelectionEdit]
) -> list[tuple[str, str]]:
    """The chosen ids after the editor's edits (unknown ids are skipped: a figure that is no
    longer in the sources cannot be selected)."""
    known = {figure.id for figure in figures}
    result = list(chosen)
    for edit in edits:
        result = [pick for pick in result if pick[0] not in edit.dropped]
        present = {pick[0] for pick in result}
        result += [
            (figure, f"added by the editor: {edit.reason}")
            for figure in edit.added
            if figure in known and figure not in present
        ]
    return result


def _readably_labelled(result: ReportedResult) -> ReportedResult:
    """`result` with its label readable: a copy only when that changes it (extract's labels
    are readable already; a wide table's tens of thousands of copies cost a second)."""
    label = readable_label(result.label)
    return result if label == result.label else result.model_copy(update={"label": label})


async def select(
    snapshot: Snapshot,
    extraction: Extraction,
    client: StructuredClient | None,
    *,
    figures_file: str,
    max_results: int = DEFAULT_MAX_RESULTS,
    edits: Sequence[SelectionEdit] = (),
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
    lead_model: LeadModel | None = None,
) -> Selection:
    """Choose at most `max_results` headline figures among the extraction's results; the
    model's prompt (with a client) fits `budget_tokens`. Without a model (or when its answer
    fails) the figures the rules put forward that `lead_model` (the shipped lead ranker unless
    given) calls lead claims, lead. The selection carries what the draft stage reads of the
    extraction besides: its setup and how many claims it dropped."""
    # figures carry readable labels (`c 4, decode tok/s`), in the figures file as in the record
    with collection_paused():  # a figure, its score and its features each, and no cycles
        results = [_readably_labelled(r) for r in extraction.reported_results]
        # with or without a model, the same figures in the same order (the rules and the lead
        # ranker read a figure against those before it: a column's first row is its baseline)
        figures = make_figures(in_source_order(results, snapshot))
        scored = score_figures(snapshot, figures)
        disclaimer = results_disclaimer(snapshot, results)
        # a repository whose README disclaims real results has no lead claim to publish
        eligible = [] if disclaimer else headline_eligible(scored, snapshot)
        ranker = lead_model or shipped_lead_model()
        chosen = [
            (item.figure.id, item.why)
            for item in choose_ranked(eligible, snapshot, max_results, ranker)
        ]
    method = METHOD_RULES
    if disclaimer is not None:
        method += f" (none leads: {disclaimer.place} says {disclaimer.words!r})"
    prompt_hashes: dict[str, str] = {}
    if client is not None and figures and disclaimer is None:
        ranked = _ranked(eligible)
        answer = await choose_with_model(
            client, snapshot.repository, ranked, max_results, budget_tokens
        )
        prompt_hashes["select"] = answer.prompt_sha256
        if answer.picks:
            chosen, method = answer.picks, METHOD_MODEL
        else:
            method = f"{METHOD_RULES} ({answer.failure}; the rules chose)"
    if edits:
        chosen = apply_edits(chosen, figures, edits)
        method += EDITED
    stated = extraction.test_profiles if client is not None else []
    with collection_paused():
        selection = build_selection(
            snapshot,
            figures,
            chosen,
            method=method,
            max_results=max_results,
            figures_file=figures_file,
            edits=edits,
            stated_profiles=stated,
        )
    selection.prompt_hashes = prompt_hashes
    selection.extracted_setup = extraction.reported_setup
    selection.dropped_claims = len(extraction.dropped)
    selection.disclaimer = disclaimer
    return selection


def _ranked(scored: list[Scored]) -> list[Scored]:
    """Best first; ties keep source order."""
    return sorted(scored, key=lambda item: -item.score)
