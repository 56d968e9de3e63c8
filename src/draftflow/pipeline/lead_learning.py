"""The lead ranker learned from the gold: examples, training, and models for repositories left
out.

Each gold file gives examples: every headline candidate (a figure `rules.headline_eligible`
lets lead, with a positive rules score) of its covered documents and README, labelled by
whether the gold headline stands at its document, line and value. The figures are those of the
rules' extraction (a result model of no weights: the rules' figures kept, none added), so a
repository's examples owe nothing to a result model trained on other repositories' gold.
`train_lead_model` fits on all of them (the shipped model); `left_out_lead_models` fits one
per repository on all the others, which `draftflow eval --leave-one-out` drafts it with.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from draftflow.acquire import acquire, restrict
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.weights import ResultModel
from draftflow.extract.standing import with_standing
from draftflow.pipeline.gold import GoldFile, load_gold
from draftflow.pipeline.learning import corpus_folder
from draftflow.select.figures_file import in_source_order, make_figures
from draftflow.select.lead_features import lead_features
from draftflow.select.lead_model import LeadModel
from draftflow.select.lead_training import LeadExample, LeadTrainingSettings, fit_lead
from draftflow.select.profiles import readable_label
from draftflow.select.rules import headline_eligible, score_figures

README = ("README.md", "readme.md", "Readme.md", "README")
"""The front page is drafted beside the covered documents (as `draftflow eval` drafts)."""
RULES_ONLY = ResultModel(weights={}, intercept=0.0, keep_threshold=0.05, add_threshold=0.75)
"""A result model that keeps every figure the rules chose and adds none (P = 0.5 for all)."""


@dataclass(frozen=True)
class LeadExamples:
    """One gold file's repository and its labelled headline candidates."""

    repository: str
    examples: list[LeadExample]
    gold: int
    """Gold headline figures."""
    reachable: int
    """Gold headline figures some candidate stands at."""


def _places(gold: GoldFile) -> set[tuple[str, int, float]]:
    return {(h.path, h.line, round(h.value, 6)) for h in gold.headline}


def lead_examples(gold_path: Path, corpus_dir: Path | None = None) -> LeadExamples:
    """The labelled headline candidates of one gold file's repository."""
    gold = load_gold(gold_path)
    folder = corpus_folder(gold, gold_path, corpus_dir)
    snapshot = acquire(
        str(folder), revision=gold.revision, origin=f"https://github.com/{gold.repository}"
    )
    snapshot = restrict(snapshot, (*gold.document_globs(), *README))
    # as `extract` with no model: the rules' figures, then each one's status words
    extraction = extract_deterministic(snapshot, harvest(snapshot), None, RULES_ONLY)
    results = [
        r.model_copy(update={"label": readable_label(r.label)})
        for r in with_standing(snapshot, extraction.reported_results)
    ]
    figures = make_figures(in_source_order(results, snapshot))  # as `select` reads them
    eligible = headline_eligible(score_figures(snapshot, figures), snapshot)
    gold_places = _places(gold)
    examples: list[LeadExample] = []
    reached: set[tuple[str, int, float]] = set()
    for item, features in zip(eligible, lead_features(eligible, snapshot), strict=True):
        if item.score <= 0:
            continue  # never a lead: the model ranks only what the rules put forward
        result = item.figure.result
        place = (item.path, result.source_line, round(float(result.value), 6))
        label = place in gold_places
        if label:
            reached.add(place)
        examples.append(LeadExample(features, label))
    return LeadExamples(gold.repository, examples, len(gold_places), len(reached))


def all_lead_examples(
    gold_paths: Iterable[Path], corpus_dir: Path | None = None
) -> list[LeadExamples]:
    """Every gold file's lead examples, in the order given."""
    return [lead_examples(path, corpus_dir) for path in gold_paths]


def train_lead_model(
    sets: Sequence[LeadExamples],
    settings: LeadTrainingSettings,
    *,
    leave_out: str | None = None,
) -> LeadModel:
    """A lead model fitted on every set but the one of repository `leave_out` (and those
    without a candidate)."""
    return fit_lead([s for s in sets if s.repository != leave_out and s.examples], settings)


def left_out_lead_models(
    sets: Sequence[LeadExamples], settings: LeadTrainingSettings
) -> dict[str, LeadModel]:
    """For each repository, the lead model trained on all the others."""
    return {s.repository: train_lead_model(sets, settings, leave_out=s.repository) for s in sets}
