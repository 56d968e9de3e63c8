"""Benchmark: the result model alone, left-one-out, over cached instances.

Reads every gold repository's instances once (`extract/learned/decide.instances`, as the result
model's training does, `pipeline/learning.py`) with whether the decision's gates stand over
each (the policy's out list, a line a reader read, a progress bar) and the source shape of
each gold figure (`pipeline/eval_score.line_shape`); then, for each repository, fits a model on
the others and keeps what `decide` would keep. Prints each repository's recall, off-gold (kept
numbers on covered lines that hold no gold figure) and log recall, then the totals by shape.

It is a proxy of `draftflow eval --leave-one-out`: no prose finder, grounding or derivation,
and a sparse fit (the same liblinear solution up to rounding). On 00af01e's dev gold it gives
logs 130/315 where the eval gives 129/317, and 148 vs 147 without the row features. `--drop`
takes features out by a regular expression on their plain names before training, so that a
feature is judged without reading the corpus again (~16 CPU s to read the 53, ~110 to score).

    nice .venv/bin/python benchmarks/result_loo.py --cache /tmp/instances.pkl \\
        [--drop '^line_in_rows$'] [--dev] [--misses log] tests/data/devgold/*.json \\
        tests/data/teamgold/gold/*.json
"""

from __future__ import annotations

import argparse
import math
import pickle
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from draftflow.acquire import acquire, restrict
from draftflow.extract.classify import select
from draftflow.extract.document import parse_document
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.columns import LINE_READ
from draftflow.extract.learned.decide import crossed, instances, out_by_policy
from draftflow.extract.learned.features import NEVER_RESULTS
from draftflow.extract.learned.training import TrainingSettings
from draftflow.extract.unspecified import with_unspecified
from draftflow.pipeline.eval_score import line_shape
from draftflow.pipeline.gold import load_gold
from draftflow.pipeline.learning import corpus_folder

Place = tuple[str, int, float]


@dataclass(frozen=True)
class Row:
    """One instance: where it stands, its own features, whether the rules chose it and
    whether a gate of `decide` stands over it."""

    place: Place
    own: dict[str, float]
    chosen: bool
    gated: bool


@dataclass(frozen=True)
class Repository:
    """One gold file's instances and its gold figures on covered lines (place: shape, line)."""

    name: str
    dev: bool
    gold: dict[Place, tuple[str, str]]
    rows: list[Row]


def read_repository(path: Path) -> Repository:
    """One gold file's instances and gold figures (the slow part: cache it)."""
    gold = load_gold(path)
    folder = corpus_folder(gold, path, None)
    origin = f"https://github.com/{gold.repository}"
    snapshot = restrict(
        acquire(str(folder), revision=gold.revision, origin=origin), gold.document_globs()
    )
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    figures: dict[Place, tuple[str, str]] = {}
    fences: dict[str, frozenset[int]] = {}
    for figure in gold.figures:
        document = snapshot.by_path(figure.path)
        if document is None or not gold.covers(figure.path, figure.line):
            continue
        if figure.path not in fences:
            fences[figure.path] = parse_document(document).fenced_lines()
        text = document.line(figure.line) or ""
        in_fence = figure.line in fences[figure.path]
        shape = line_shape(figure.path, text, in_fence=in_fence, raw=figure.raw)
        figures[(figure.path, figure.line, round(float(figure.value), 6))] = (shape.value, text)
    rows: list[Row] = []
    for instance in instances(snapshot, candidates, selected):
        if not gold.covers(instance.place[0], instance.place[1]):
            continue
        own = dict(instance.own)
        chosen = instance.chosen is not None
        gated = any(name in own for name in NEVER_RESULTS) or (
            not chosen and (LINE_READ in own or out_by_policy(instance.candidate))
        )
        rows.append(Row(instance.place, own, chosen, gated))
    return Repository(gold.repository, "devgold" in str(path), figures, rows)


def fit(train: Sequence[Repository], drop: re.Pattern[str] | None) -> dict[str, float]:
    """The result model's weights fitted on `train` as `logistic.fit` fits them (features of
    at least `min_repositories` repositories, no intercept, liblinear), on a sparse matrix."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    settings = TrainingSettings()
    features: list[dict[str, float]] = []
    labels: list[int] = []
    seen: dict[str, set[str]] = {}
    for repository in train:
        for row in repository.rows:
            example = crossed(_kept(row.own, drop), row.chosen)
            features.append(example)
            labels.append(1 if row.place in repository.gold else 0)
            for name in example:
                seen.setdefault(name, set()).add(repository.name)
    least = min(settings.min_repositories, len(train))
    shared = {name for name, where in seen.items() if len(where) >= least}
    vectorizer = DictVectorizer(sort=True, sparse=True)
    matrix: Any = vectorizer.fit_transform(
        [{k: v for k, v in example.items() if k in shared} for example in features]
    ).tocsr()
    matrix.indices = matrix.indices.astype("int32")
    matrix.indptr = matrix.indptr.astype("int32")
    estimator = LogisticRegression(
        C=settings.regularization,
        solver="liblinear",
        random_state=settings.seed,
        max_iter=1000,
        fit_intercept=False,
    )
    estimator.fit(matrix, labels)
    names = vectorizer.get_feature_names_out()
    return {str(n): float(w) for n, w in zip(names, estimator.coef_[0], strict=True) if w}


def _kept(own: dict[str, float], drop: re.Pattern[str] | None) -> dict[str, float]:
    return {k: v for k, v in own.items() if drop is None or not drop.search(k)}


def _probability(weights: dict[str, float], features: dict[str, float]) -> float:
    total = sum(weights.get(name, 0.0) * value for name, value in features.items())
    return 0.0 if total < -60 else 1.0 / (1.0 + math.exp(-total))


def score(
    repository: Repository, weights: dict[str, float], drop: re.Pattern[str] | None
) -> tuple[set[Place], int, int, dict[Place, float]]:
    """The gold places kept, the off-gold count, the kept count, and each missed gold
    place's best probability (absent: no instance, or a gate stands over all)."""
    settings = TrainingSettings()
    gold_lines = {(path, line) for path, line, _ in repository.gold}
    found: set[Place] = set()
    best: dict[Place, float] = {}
    off = kept = 0
    for row in repository.rows:
        if row.gated:
            continue
        probability = _probability(weights, crossed(_kept(row.own, drop), row.chosen))
        threshold = settings.keep_threshold if row.chosen else settings.add_threshold
        if probability < threshold:
            if row.place in repository.gold:
                best[row.place] = max(best.get(row.place, 0.0), probability)
            continue
        kept += 1
        if row.place in repository.gold:
            found.add(row.place)
        elif (row.place[0], row.place[1]) not in gold_lines:
            off += 1
    return found, off, kept, {p: v for p, v in best.items() if p not in found}


def main(argv: Sequence[str]) -> int:
    """Score every repository by a result model trained without it."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("gold", nargs="+", type=Path)
    parser.add_argument("--cache", type=Path, help="read (or save) the instances here")
    parser.add_argument("--drop", help="leave out features whose names match this")
    parser.add_argument("--dev", action="store_true", help="the dev gold only")
    parser.add_argument("--misses", help="list the missed gold figures of this shape")
    options = parser.parse_args(argv)
    if options.cache and options.cache.exists():
        repositories: list[Repository] = pickle.loads(options.cache.read_bytes())  # our own
    else:
        repositories = [read_repository(path) for path in options.gold]
        if options.cache:
            options.cache.write_bytes(pickle.dumps(repositories))
    if options.dev:
        repositories = [r for r in repositories if r.dev]
    drop = re.compile(options.drop) if options.drop else None
    totals: Counter[str] = Counter()
    for repository in repositories:
        weights = fit([r for r in repositories if r is not repository], drop)
        found, off, kept, missed = score(repository, weights, drop)
        shapes: Counter[str] = Counter(shape for shape, _ in repository.gold.values())
        hits: Counter[str] = Counter(repository.gold[p][0] for p in found)
        totals.update({"found": len(found), "gold": len(repository.gold), "off": off})
        totals.update({"kept": kept, **{f"+{s}": n for s, n in hits.items()}})
        totals.update({f"/{s}": n for s, n in shapes.items()})
        print(
            f"{repository.name}: {len(found)}/{len(repository.gold)}; off-gold {off}/{kept}; "
            f"log {hits['log']}/{shapes['log']}"
        )
        for place, (shape, text) in sorted(repository.gold.items()):
            if shape == options.misses and place not in found:
                p = f"P={missed[place]:.2f}" if place in missed else "gated or not read"
                print(f"  miss {place[0]}:{place[1]} {place[2]:g} ({p}) {text.strip()[:100]}")
    by_shape = ", ".join(
        f"{key[1:]} {totals['+' + key[1:]]}/{totals[key]}"
        for key in sorted(totals)
        if key.startswith("/")
    )
    print(
        f"recall {totals['found']}/{totals['gold']}; off-gold {totals['off']}/{totals['kept']}; "
        f"by shape: {by_shape}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
