"""The result model learned from the gold: examples, training, and scores on repositories
left out.

Each gold file gives examples: every instance (`extract/learned/decide.py`) of its covered
documents and lines, labelled by whether a gold figure stands at its document, line and value.
`train_model` fits on all of them (the shipped model); `left_out_models` fits one model per
repository on all the others, which `draftflow eval --leave-one-out` drafts that repository
with: the number every change is judged by.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from draftflow.acquire import acquire, restrict
from draftflow.errors import InputError
from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import instances
from draftflow.extract.learned.features import Features
from draftflow.extract.learned.training import TrainingSettings, fit
from draftflow.extract.learned.weights import ResultModel
from draftflow.extract.unspecified import with_unspecified
from draftflow.pipeline.gold import GoldFile, corpus_copy, load_gold


@dataclass(frozen=True)
class Example:
    """One labelled instance: its features, whether a gold figure stands there, and where."""

    features: Features
    label: bool
    place: tuple[str, int, float]


@dataclass(frozen=True)
class GoldExamples:
    """One gold file's repository and its labelled instances."""

    repository: str
    gold_path: Path
    examples: list[Example]
    gold: int
    """Gold figures on covered lines (an instance may miss some: a number no reader took)."""
    reachable: int
    """Gold figures some instance stands at."""


def corpus_folder(gold: GoldFile, gold_path: Path, corpus_dir: Path | None = None) -> Path:
    """The corpus copy of a gold file's repository (`<corpus>/<owner>__<name>/`)."""
    folder = corpus_copy(gold, gold_path, corpus_dir)
    if folder is not None:
        return folder
    raise InputError(
        f"no corpus copy of {gold.repository} beside {gold_path}",
        hint="put the repository's copy in the corpus/ folder beside the gold's folder (the "
        "team gold's: python3 scripts/team-corpus.py --mirrors DIR), or pass --corpus DIR",
    )


def gold_examples(gold_path: Path, corpus_dir: Path | None = None) -> GoldExamples:
    """The labelled instances of one gold file's covered documents."""
    gold = load_gold(gold_path)
    folder = corpus_folder(gold, gold_path, corpus_dir)
    snapshot = acquire(
        str(folder), revision=gold.revision, origin=f"https://github.com/{gold.repository}"
    )
    snapshot = restrict(snapshot, gold.document_globs())
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    figures = {
        (f.path, f.line, round(float(f.value), 6))
        for f in gold.figures
        if gold.covers(f.path, f.line)
    }
    examples: list[Example] = []
    reached: set[tuple[str, int, float]] = set()
    for instance in instances(snapshot, candidates, selected):
        path, line, _ = instance.place
        if not gold.covers(path, line):
            continue
        label = instance.place in figures
        if label:
            reached.add(instance.place)
        examples.append(Example(instance.features, label, instance.place))
    return GoldExamples(gold.repository, gold_path, examples, len(figures), len(reached))


def all_examples(gold_paths: Iterable[Path], corpus_dir: Path | None = None) -> list[GoldExamples]:
    """Every gold file's examples, in the order given."""
    return [gold_examples(path, corpus_dir) for path in gold_paths]


def train_model(
    sets: Sequence[GoldExamples], settings: TrainingSettings, *, leave_out: str | None = None
) -> ResultModel:
    """A model fitted on every set but the one of repository `leave_out`."""
    return fit([s for s in sets if s.repository != leave_out], settings)


def left_out_models(
    sets: Sequence[GoldExamples], settings: TrainingSettings
) -> dict[str, ResultModel]:
    """For each repository, the model trained on all the others."""
    return {s.repository: train_model(sets, settings, leave_out=s.repository) for s in sets}
