"""Benchmark: the lead ranker alone, left-one-out, in seconds rather than a full eval.

Reads every gold repository's headline candidates as the lead model's training does (the
rules' figures, `pipeline/lead_learning.py`), once; then for each repository trains the lead
model on the others, ranks its ladder (`lead_ladder`, twelve rungs) and keeps the lead claims
(`lead_claims`). Prints per repository: gold headline figures, those some candidate stands at
(reachable), those among the twelve rungs, published, agreed, and published figures that are
no gold figure on a covered line (non-results); then why the unreachable ones are no
candidate: no rules' figure stands at them (`no figure`: extraction's recall), the headline
rules keep them out (`excluded`: `headline_eligible`), or the rules give them no positive
score (`debited`); then the totals as JSON. Its agreement is `draftflow eval
--leave-one-out`'s headline figure to within a few: over the 70 gold repositories at
13e5f5ef it reads 207 of 724 where the eval reads 197, the same count in 60 of the 70
repositories (the eval's figures come from a left-out result model: a repository whose
figures that model drops, or adds, differs). A feature or a
setting is judged here first (about 20 CPU s after a 30 CPU s read), then by
`draftflow eval --leave-one-out` (whose figures come from a left-out result model, so its
numbers differ by a few).

    nice .venv/bin/python benchmarks/lead_loo.py [--cache /tmp/lead.pkl] [--blend 1.5] \\
        [--regularization 0.1] [--stop -2.625] tests/data/devgold/*.json \\
        tests/data/teamgold/gold/*.json
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from draftflow.acquire import acquire, restrict
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from draftflow.extract.standing import with_standing
from draftflow.pipeline.gold import load_gold
from draftflow.pipeline.lead_learning import README, RULES_ONLY, LeadExamples
from draftflow.pipeline.learning import corpus_folder
from draftflow.select import lead_model
from draftflow.select.figures_file import in_source_order, make_figures
from draftflow.select.lead_features import lead_features
from draftflow.select.lead_training import LeadExample, LeadTrainingSettings, fit_lead
from draftflow.select.profiles import readable_label
from draftflow.select.rules import MAX_HEADLINE, headline_eligible, score_figures
from draftflow.select.scored import Scored


def read_figures(paths: Sequence[Path]) -> dict[str, Any]:
    """Each gold file's snapshot and rules' figures (the slow part: cache it)."""
    read: dict[str, Any] = {}
    for path in paths:
        gold = load_gold(path)
        folder = corpus_folder(gold, path, None)
        origin = f"https://github.com/{gold.repository}"
        snapshot = acquire(str(folder), revision=gold.revision, origin=origin)
        snapshot = restrict(snapshot, (*gold.document_globs(), *README))
        extraction = extract_deterministic(snapshot, harvest(snapshot), None, RULES_ONLY)
        results = [
            r.model_copy(update={"label": readable_label(r.label)})
            for r in with_standing(snapshot, extraction.reported_results)
        ]
        read[gold.repository] = (path, snapshot, make_figures(in_source_order(results, snapshot)))
    return read


def cached_figures(gold: list[Path], cache: Path | None) -> dict[str, Any]:
    """Every repository's figures, read from `cache` where it exists (our own pickle), else
    read and saved there."""
    if cache and cache.exists():
        found: dict[str, Any] = pickle.loads(cache.read_bytes())  # our own cache
        return found
    read = read_figures(gold)
    if cache:
        cache.write_bytes(pickle.dumps(read))
    return read


def place(item: Scored) -> tuple[str, int, float]:
    """A figure's place as gold names it: its document, line and value."""
    result = item.figure.result
    return (item.path, result.source_line, round(float(result.value), 6))


def unreachable(
    places: set[tuple[str, int, float]], snapshot: Any, figures: list[Any], eligible: list[Scored]
) -> dict[str, int]:
    """Why the gold headline figures no candidate stands at are none: no figure, excluded by
    the headline rules, or debited by them."""
    paths = {d.document_id: d.path for d in snapshot.documents}
    read = {
        (
            paths.get(f.result.source_document_id),
            f.result.source_line,
            round(float(f.result.value), 6),
        )
        for f in figures
    }
    scores = {place(item): item.score for item in eligible}
    counts = dict.fromkeys(("no figure", "excluded", "debited"), 0)
    for gold in places:
        if gold not in read:
            counts["no figure"] += 1
        elif gold not in scores:
            counts["excluded"] += 1
        elif scores[gold] <= 0:
            counts["debited"] += 1
    return counts


def main(argv: Sequence[str]) -> int:
    """Score every repository's headline by a lead model trained without it."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("gold", nargs="+", type=Path)
    parser.add_argument("--cache", type=Path, help="read (or save) the figures here")
    parser.add_argument("--blend", type=float, default=LeadTrainingSettings.blend)
    parser.add_argument("--regularization", type=float, default=LeadTrainingSettings.regularization)
    parser.add_argument("--stop", type=float, default=lead_model.STOP_LOG_ODDS)
    options = parser.parse_args(argv)
    read = cached_figures(options.gold, options.cache)
    lead_model.STOP_LOG_ODDS = options.stop  # `lead_claims` reads it
    settings = LeadTrainingSettings(regularization=options.regularization, blend=options.blend)
    sets: list[LeadExamples] = []
    drafts: dict[str, Any] = {}
    for repository, (path, snapshot, figures) in read.items():
        gold = load_gold(path)
        eligible = headline_eligible(score_figures(snapshot, figures), snapshot)
        places = {(h.path, h.line, round(h.value, 6)) for h in gold.headline}
        examples = [
            LeadExample(found, place(item) in places)
            for item, found in zip(eligible, lead_features(eligible, snapshot), strict=True)
            if item.score > 0
        ]
        reachable = len(places & {place(i) for i in eligible if i.score > 0})
        sets.append(LeadExamples(repository, examples, len(places), reachable))
        drafts[repository] = (snapshot, eligible, places, gold, figures)
    keys = ("gold", "reachable", "ladder", "published", "agreed", "non")
    totals = dict.fromkeys((*keys, "no figure", "excluded", "debited"), 0)
    print(
        "| repository | gold | reachable | in 12 rungs | published | agreed | non-results "
        "| no figure | excluded | debited |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for example_set in sets:
        snapshot, eligible, places, gold, rules_figures = drafts[example_set.repository]
        others = [s for s in sets if s.repository != example_set.repository and s.examples]
        ladder = lead_model.lead_ladder(
            eligible, snapshot, MAX_HEADLINE, fit_lead(others, settings)
        )
        claims = [rung.item for rung in lead_model.lead_claims(ladder)]
        figures = {(f.path, f.line, round(f.value, 6)) for f in gold.figures}
        row = {
            "gold": len(places),
            "reachable": example_set.reachable,
            "ladder": sum(place(rung.item) in places for rung in ladder),
            "published": len(claims),
            "agreed": sum(place(item) in places for item in claims),
            "non": sum(
                place(i) not in figures and gold.covers(i.path, i.figure.result.source_line)
                for i in claims
            ),
            **unreachable(places, snapshot, rules_figures, eligible),
        }
        print(f"| {example_set.repository} | " + " | ".join(str(v) for v in row.values()) + " |")
        for key, value in row.items():
            totals[key] += value
    print(json.dumps(totals))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
