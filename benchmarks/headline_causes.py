"""Benchmark: where the gold headline figures the drafted headline misses are lost, left-one-out.

As `benchmarks/lead_loo.py` (rules-only figures; each repository's ladder ranked by a lead
model trained without it), every gold headline figure is put in the first stage that loses it:
- `not found`: no extracted figure stands at its document, line and value (recall), split
  by whether another figure stands on its line (`other value on its line`: the reader took
  another number of the line, or mis-read it) or none does (`no figure on its line`);
- `not eligible`: found, but of no known metric, or `headline_exclusion` keeps it out;
- `no rules score`: eligible, but the rules give it no positive score (the ranker's pool);
- `restated place stands`: in the pool, but another place of the same number stands for it
  (`rules._without_restatements`);
- `ranked out`: in the pool, not among the twelve rungs of the ladder;
- `cut by the stop`: on the ladder, below `lead_model.STOP_LOG_ODDS`;
- `agreed`: published.
Then the count: gold figures beyond the published count (`short`) and published figures
beyond the gold count (`long`). Prints each repository's row, then the totals as JSON.

    nice .venv/bin/python benchmarks/headline_causes.py [--cache /tmp/lead.pkl] \\
        tests/data/devgold/*.json tests/data/teamgold/gold/*.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lead_loo import cached_figures, place

from draftflow.extract.classify import UNSPECIFIED
from draftflow.pipeline.gold import load_gold
from draftflow.pipeline.lead_learning import LeadExamples
from draftflow.select import lead_model
from draftflow.select.lead_features import lead_features
from draftflow.select.lead_training import LeadExample, LeadTrainingSettings, fit_lead
from draftflow.select.rules import (
    MAX_HEADLINE,
    _without_restatements,
    headline_eligible,
    score_figures,
)
from draftflow.select.scored import Scored

CAUSES = (
    "agreed",
    "other value on its line",
    "no figure on its line",
    "not eligible",
    "no rules score",
    "restated place stands",
    "ranked out",
    "cut by the stop",
)
Place = tuple[str, int, float]


def cause(
    wanted: Place, stages: tuple[dict[Place, Scored], set[Place], set[Place], set[Place]]
) -> str:
    """The first stage that loses a gold headline figure."""
    found, eligible, pool, kept = stages
    if wanted not in found:
        lines = {(path, line) for path, line, _ in found}
        on_line = (wanted[0], wanted[1]) in lines
        return "other value on its line" if on_line else "no figure on its line"
    if wanted not in eligible or found[wanted].figure.result.metric == UNSPECIFIED:
        return "not eligible"
    if wanted not in pool:
        return "no rules score"
    if wanted not in kept:
        return "restated place stands"
    return "ranked out"


def main(argv: Sequence[str]) -> int:
    """Split every repository's missed gold headline figures by the stage that loses them."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("gold", nargs="+", type=Path)
    parser.add_argument("--cache", type=Path, help="read (or save) the figures here")
    options = parser.parse_args(argv)
    read = cached_figures(options.gold, options.cache)
    settings = LeadTrainingSettings()
    sets: list[LeadExamples] = []
    drafts: dict[str, Any] = {}
    for repository, (path, snapshot, figures) in read.items():
        gold = load_gold(path)
        scored = score_figures(snapshot, figures)
        eligible = headline_eligible(scored, snapshot)
        places = {(h.path, h.line, round(h.value, 6)) for h in gold.headline}
        examples = [
            LeadExample(found, place(item) in places)
            for item, found in zip(eligible, lead_features(eligible, snapshot), strict=True)
            if item.score > 0
        ]
        sets.append(LeadExamples(repository, examples, len(places), 0))
        drafts[repository] = (snapshot, scored, eligible, places)
    totals: Counter[str] = Counter()
    print("| repository | gold | " + " | ".join(CAUSES) + " | published | short | long |")
    print("|---|---:|" + "---:|" * (len(CAUSES) + 3))
    for example_set in sets:
        snapshot, scored, eligible, places = drafts[example_set.repository]
        others = [s for s in sets if s.repository != example_set.repository and s.examples]
        ladder = lead_model.lead_ladder(
            eligible, snapshot, MAX_HEADLINE, fit_lead(others, settings)
        )
        published = {place(rung.item) for rung in lead_model.lead_claims(ladder)}
        rungs = {place(rung.item) for rung in ladder}
        pool = [item for item in eligible if item.score > 0]
        stages = (
            {place(item): item for item in scored},
            {place(item) for item in eligible},
            {place(item) for item in pool},
            {place(item) for item in _without_restatements(pool)},
        )
        row: Counter[str] = Counter()
        for wanted in places:
            if wanted in published:
                row["agreed"] += 1
            elif wanted in rungs:
                row["cut by the stop"] += 1
            else:
                row[cause(wanted, stages)] += 1
        row["published"] = len(published)
        row["short"] = max(0, len(places) - len(published))
        row["long"] = max(0, len(published) - len(places))
        counts = " | ".join(str(row[c]) for c in (*CAUSES, "published", "short", "long"))
        print(f"| {example_set.repository} | {len(places)} | {counts} |")
        totals.update(row)
        totals["gold"] += len(places)
    print(json.dumps(dict(totals)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
