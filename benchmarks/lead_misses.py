"""Benchmark: why the lead ranker misses the gold headline figures it could have taken.

For each gold repository, a lead model trained on the others ranks its ladder (as
`benchmarks/lead_loo.py`: rules-only figures, twelve rungs); each gold headline figure that is
a candidate (eligible, positive rules score) but not on the ladder is put in one class by what
the ladder took instead:
- `family`: no rung is of its metric (the ranker led with another metric);
- `table`: rungs are of its metric, none from its table (`lead_tables.figure_blocks`);
- `within table`: a rung of its metric stands in its table, not it (another row or column of
  the same compared set).
Prints each repository's counts (and, with `--detail`, each missed figure with its rules
score, learned log-odds and rank by the blended score), then the totals as JSON. Gold figures
that are no candidate are counted apart (`not candidate`: recall, not the ranker's).

    nice .venv/bin/python benchmarks/lead_misses.py [--cache /tmp/lead.pkl] [--detail] \\
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

from lead_loo import cached_figures
from lead_loo import place as place_of

from draftflow.pipeline.gold import load_gold
from draftflow.pipeline.lead_learning import LeadExamples
from draftflow.select import lead_model
from draftflow.select.lead_features import lead_features
from draftflow.select.lead_tables import figure_blocks
from draftflow.select.lead_training import LeadExample, LeadTrainingSettings, fit_lead
from draftflow.select.rules import MAX_HEADLINE, headline_eligible, score_figures
from draftflow.select.scored import said

CLASSES = ("ladder", "family", "table", "within table", "not candidate")


def main(argv: Sequence[str]) -> int:
    """Classify every repository's missed gold headline figures by what the ladder took."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("gold", nargs="+", type=Path)
    parser.add_argument("--cache", type=Path, help="read (or save) the figures here")
    parser.add_argument("--detail", action="store_true", help="print each missed figure")
    options = parser.parse_args(argv)
    read = cached_figures(options.gold, options.cache)
    settings = LeadTrainingSettings()
    sets: list[LeadExamples] = []
    drafts: dict[str, Any] = {}
    for repository, (path, snapshot, figures) in read.items():
        gold = load_gold(path)
        eligible = headline_eligible(score_figures(snapshot, figures), snapshot)
        features = lead_features(eligible, snapshot)
        places = {(h.path, h.line, round(h.value, 6)) for h in gold.headline}
        examples = [
            LeadExample(found, place_of(item) in places)
            for item, found in zip(eligible, features, strict=True)
            if item.score > 0
        ]
        sets.append(LeadExamples(repository, examples, len(places), 0))
        drafts[repository] = (snapshot, eligible, features, places)
    totals: Counter[str] = Counter()
    print("| repository | gold | " + " | ".join(CLASSES) + " |")
    print("|---|---:|" + "---:|" * len(CLASSES))
    for example_set in sets:
        snapshot, eligible, features, places = drafts[example_set.repository]
        others = [s for s in sets if s.repository != example_set.repository and s.examples]
        model = fit_lead(others, settings)
        ladder = lead_model.lead_ladder(eligible, snapshot, MAX_HEADLINE, model)
        blocks = dict(zip(map(id, eligible), figure_blocks(eligible, snapshot), strict=True))
        learned = {id(i): model.score(f) for i, f in zip(eligible, features, strict=True)}
        pool = sorted(
            (i for i in eligible if i.score > 0),
            key=lambda i: -(i.score + settings.blend * learned[id(i)]),
        )
        rank = {id(item): index for index, item in enumerate(pool)}
        taken = {id(rung.item) for rung in ladder}
        metrics = {rung.item.figure.result.metric for rung in ladder}
        tables = {(blocks[id(r.item)], r.item.figure.result.metric) for r in ladder}
        candidates = {place_of(item): item for item in pool}
        row: Counter[str] = Counter()
        for place in sorted(places):
            item = candidates.get(place)
            if item is None:
                row["not candidate"] += 1
                continue
            metric = item.figure.result.metric
            if id(item) in taken:
                kind = "ladder"
            elif metric not in metrics:
                kind = "family"
            elif (blocks[id(item)], metric) not in tables:
                kind = "table"
            else:
                kind = "within table"
            row[kind] += 1
            if options.detail and kind != "ladder":
                print(
                    f"  {kind}: {place[0]}:{place[1]} {place[2]} [{metric}] rank {rank[id(item)]}"
                    f" rules {item.score:.1f} learned {learned[id(item)]:.2f}"
                    f" {said(item.figure.result)[:60]!r}"
                )
        counts = " | ".join(str(row[c]) for c in CLASSES)
        print(f"| {example_set.repository} | {len(places)} | {counts} |")
        totals.update(row)
        totals["gold"] += len(places)
    print(json.dumps(dict(totals)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
