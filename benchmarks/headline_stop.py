"""Benchmark: where the headline should stop, judged left-one-out.

Drafts every gold repository as `draftflow eval --leave-one-out` does (a result model and a
lead model trained on the other repositories), and records each one's lead ladder: the twelve
figures the lead ranker would take, in the order taken, with the model's log-odds and the
blended score of each (`select/lead_model.py`, `lead_ladder`). Every stopping rule is then a
prefix of each ladder, scored against the gold: figures published, gold headline figures
among them (agreement), and figures that are no gold figure at all on a covered line (the
non-results, the worst). The curve is printed as a Markdown table; `--ladders FILE` saves the
ladders (JSON) and `--from FILE` re-scores saved ones without drafting.

    nice .venv/bin/python benchmarks/headline_stop.py --ladders /tmp/ladders.json \\
        tests/data/devgold/*.json tests/data/teamgold/gold/*.json

The chosen threshold is also judged nested: for each repository, the threshold that is best
on the other repositories (most agreement less non-results, within the allowed loss) is
applied to it, so the threshold itself is calibrated left-one-out.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from draftflow.acquire.snapshot import Snapshot
from draftflow.llm import ModelSettings
from draftflow.pipeline.evaluate import EvalRequest, evaluate
from draftflow.pipeline.gold import GoldFile, load_gold
from draftflow.select import run as select_stage
from draftflow.select.lead_model import LeadModel, lead_ladder
from draftflow.select.rules import MAX_HEADLINE
from draftflow.select.scored import Scored


@dataclass(frozen=True)
class Step:
    """One rung of a repository's ladder, scored against its gold."""

    taken_at: float
    learned: float
    headline: bool
    gold_figure: bool
    covered: bool


def _record(ladders: dict[str, dict[str, object]]) -> Callable[..., list[Scored]]:
    # the select stage's own name for it, replaced in its namespace (not an exported name)
    original: Callable[..., list[Scored]] = vars(select_stage)["choose_ranked"]

    def recording(
        eligible: list[Scored], snapshot: Snapshot, max_results: int, model: LeadModel
    ) -> list[Scored]:
        chosen = original(eligible, snapshot, max_results, model)
        ladder = lead_ladder(eligible, snapshot, MAX_HEADLINE, model)
        ladders[snapshot.repository] = {
            "published": len(chosen),
            "rungs": [
                {
                    "path": rung.item.path,
                    "line": rung.item.figure.result.source_line,
                    "value": float(rung.item.figure.result.value),
                    "taken_at": rung.taken_at,
                    "learned": rung.learned,
                }
                for rung in ladder
            ],
        }
        return chosen

    return recording


def draft_ladders(gold_paths: Sequence[Path]) -> dict[str, dict[str, object]]:
    """Every gold repository's lead ladder, drafted left-one-out."""
    ladders: dict[str, dict[str, object]] = {}
    vars(select_stage)["choose_ranked"] = _record(ladders)  # the select stage's own name
    request = EvalRequest(gold_paths=gold_paths, settings=ModelSettings(), leave_one_out=True)
    report = asyncio.run(evaluate(request))
    print(
        f"eval: recall {report.recall().text()}, precision proxy "
        f"{report.precision_proxy().text()}, headline agreement {report.headline().text()}",
        file=sys.stderr,
    )
    return ladders


def _near(value: float, values: list[float]) -> bool:
    return any(math.isclose(value, v, rel_tol=1e-9, abs_tol=1e-12) for v in values)


def score_ladders(
    ladders: dict[str, dict[str, object]], golds: dict[str, GoldFile]
) -> dict[str, tuple[int, int, list[Step]]]:
    """Per repository: the figures published today, its gold headline size, and its steps."""
    scored: dict[str, tuple[int, int, list[Step]]] = {}
    for repository, gold in golds.items():
        entry = ladders.get(repository, {"published": 0, "rungs": []})
        headline: dict[tuple[str, int], list[float]] = {}
        for h in gold.headline:
            headline.setdefault((h.path, h.line), []).append(h.value)
        figures: dict[tuple[str, int], list[float]] = {}
        for f in gold.figures:
            figures.setdefault((f.path, f.line), []).append(f.value)
        steps = []
        for rung in entry["rungs"]:  # type: ignore[attr-defined]
            place = (rung["path"], rung["line"])
            steps.append(
                Step(
                    taken_at=rung["taken_at"],
                    learned=rung["learned"],
                    headline=_near(rung["value"], headline.get(place, [])),
                    gold_figure=_near(rung["value"], figures.get(place, [])),
                    covered=gold.covers(*place),
                )
            )
        scored[repository] = (int(entry["published"]), len(gold.headline), steps)  # type: ignore[call-overload]
    return scored


Rule = Callable[[list[Step]], int]
"""A stopping rule: how many rungs it takes."""
Selector = Callable[[list[Step]], list[Step]]
"""Any rule: the rungs it publishes."""


def prefix(rule: Rule) -> Selector:
    """The rungs a stopping rule takes."""
    return lambda steps: steps[: rule(steps)]


def stop_below(threshold: float, minimum: int, key: str, after: int = 1) -> Rule:
    """Take rungs until `after` in a row (past the first `minimum`) whose `key` is below
    `threshold`."""

    def rule(steps: list[Step]) -> int:
        below = 0
        for index, step in enumerate(steps):
            below = below + 1 if index >= minimum and getattr(step, key) < threshold else 0
            if below == after:
                return index + 1 - after
        return len(steps)

    return rule


def keep_above(threshold: float, minimum: int) -> Selector:
    """Keep the rungs whose log-odds is at least `threshold` (and the first `minimum`),
    skipping the others: the shipped rule is `keep_above(STOP_LOG_ODDS, 0)`."""

    def rule(steps: list[Step]) -> list[Step]:
        return [s for i, s in enumerate(steps) if i < minimum or s.learned >= threshold]

    return rule


def stop_gap(gap: float, minimum: int) -> Rule:
    """Take rungs until the first (past `minimum`) whose log-odds is `gap` below the best."""

    def rule(steps: list[Step]) -> int:
        best = max((s.learned for s in steps), default=0.0)
        for index, step in enumerate(steps):
            if index >= minimum and step.learned < best - gap:
                return index
        return len(steps)

    return rule


@dataclass
class Point:
    published: int = 0
    agreement: int = 0
    gold_figures: int = 0
    non_results: int = 0
    gold: int = 0


def apply(
    rule: Selector,
    scored: dict[str, tuple[int, int, list[Step]]],
    only: set[str] | None = None,
    *,
    capped: bool = False,
) -> Point:
    """The rule's headlines scored in total (over `only` repositories when given); `capped`
    keeps the rules' claims count as the most it may take."""
    point = Point()
    for repository, (published, gold, steps) in scored.items():
        if only is not None and repository not in only:
            continue
        taken = rule(steps[:published] if capped else steps)
        point.gold += gold
        point.published += len(taken)
        point.agreement += sum(s.headline for s in taken)
        point.gold_figures += sum(s.gold_figure for s in taken)
        point.non_results += sum(s.covered and not s.gold_figure for s in taken)
    return point


def today(scored: dict[str, tuple[int, int, list[Step]]]) -> Point:
    """The headlines as drafted: each ladder's first `published` rungs."""
    return apply(lambda steps: steps, scored, capped=True)


def row(name: str, point: Point) -> str:
    """One line of the curve."""
    return (
        f"| {name} | {point.published} | {point.agreement}/{point.gold} "
        f"| {point.gold_figures} | {point.non_results} |"
    )


THRESHOLDS = (-3.5, -3.25, -3.0, -2.875, -2.75, -2.625, -2.5, -2.25, -2.0, -1.5, -1.0)


def nested(
    scored: dict[str, tuple[int, int, list[Step]]], family: Callable[[float, int], Selector]
) -> tuple[Point, Counter[str]]:
    """Each repository's headline by the threshold and minimum the other repositories pick:
    the fewest figures published while their agreement stays within 2 of today's."""
    candidates = [(t, m) for t in THRESHOLDS for m in range(5)]
    total, picked = Point(), Counter[str]()
    for repository in scored:
        others = {r for r in scored if r != repository}
        base = today({r: scored[r] for r in others}).agreement
        points = {c: apply(family(*c), scored, others) for c in candidates}
        fits = [c for c in candidates if points[c].agreement >= base - 2] or candidates
        best = min(
            fits, key=lambda c: (points[c].published, points[c].non_results, -points[c].agreement)
        )
        picked[f"{best[0]:+.3f}, min {best[1]}"] += 1
        point = apply(family(*best), scored, {repository})
        for name in ("published", "agreement", "gold_figures", "non_results", "gold"):
            setattr(total, name, getattr(total, name) + getattr(point, name))
    return total, picked


def main(argv: Sequence[str]) -> int:
    """Draft (or read) the ladders and print the curve."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("gold", nargs="+", type=Path)
    parser.add_argument("--ladders", type=Path, help="save the drafted ladders here (JSON)")
    parser.add_argument("--from", dest="source", type=Path, help="re-score saved ladders")
    options = parser.parse_args(argv)
    golds = {gold.repository: gold for gold in map(load_gold, options.gold)}
    if options.source:
        ladders = json.loads(options.source.read_text())
    else:
        ladders = draft_ladders(options.gold)
        if options.ladders:
            options.ladders.write_text(json.dumps(ladders, indent=1, sort_keys=True))
    scored = score_ladders(ladders, golds)
    print("| rule | published | agreement | of them gold figures | non-results |")
    print("|---|---|---|---|---|")
    print(row("as drafted (the code that drafted the ladders)", today(scored)))
    print(row("all 12 rungs", apply(lambda steps: steps, scored)))
    for minimum in (0, 1, 2, 4):
        for threshold in THRESHOLDS:
            name = f"keep log-odds >= {threshold:+.3f}, min {minimum}"
            print(row(name, apply(keep_above(threshold, minimum), scored)))
    for after in (1, 2):
        for minimum in (0, 2, 4):
            for threshold in THRESHOLDS:
                rule = prefix(stop_below(threshold, minimum, "learned", after))
                name = f"stop at {after} in a row of log-odds < {threshold:+.3f}, min {minimum}"
                print(row(name, apply(rule, scored)))
    for threshold in THRESHOLDS:
        rule = prefix(stop_below(threshold, 0, "learned"))
        name = f"stop at log-odds < {threshold:+.3f}, capped at the rules' claims count"
        print(row(name, apply(rule, scored, capped=True)))
    for threshold in (0.0, 2.0, 4.0, 6.0):
        rule = prefix(stop_below(threshold, 0, "taken_at"))
        print(row(f"stop at a blended score < {threshold:.1f}", apply(rule, scored)))
    for gap in (1.0, 2.0, 3.0):
        rule = prefix(stop_gap(gap, 0))
        print(row(f"stop at log-odds {gap:.1f} below the best", apply(rule, scored)))
    families: dict[str, Callable[[float, int], Selector]] = {
        "keep log-odds >= t": keep_above,
        "stop at 1 below t": lambda t, m: prefix(stop_below(t, m, "learned")),
        "stop at 2 in a row below t": lambda t, m: prefix(stop_below(t, m, "learned", 2)),
    }
    for family_name, family in families.items():
        point, picked = nested(scored, family)
        chosen = ", ".join(f"{name} ({count})" for name, count in picked.most_common(3))
        print(row(f"nested, {family_name}; picked: {chosen}", point))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
