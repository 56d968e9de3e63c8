"""What the learned lead ranker sees of one headline candidate: the headline rules' own
verdict on it, and where it stands among the repository's other candidates.

A candidate is a figure `rules.headline_eligible` lets lead. Its features are the rules' score
and reasons (their wording without paths or evidence), the rules' pick order and whether the
rules' claims take it, its score against the repository's best, its document (role, type,
number of candidates), its metric, statistic and unit (vocabulary names, shared by every
repository), whether a sentence states it, where in its document it stands, and whether it is
the first of its metric there; and the repository context `lead_context.py` reads (is its
metric the repository's main one or the one its name and front page name, does every run
repeat its label, is it the best of its metric, is it a zero), and its standing in its own
table (`lead_tables.py`: the best, the first, its rank by value among the table's figures of
its metric). No words of the figure's line,
label or path as features: those are one repository's, which a model trained on a few dozen
repositories would memorise. Training keeps
a feature only where several repositories show it (`pipeline/lead_learning.py`).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import PurePosixPath

from draftflow.acquire.snapshot import Snapshot
from draftflow.select.lead import DocumentRole
from draftflow.select.lead_context import context_features
from draftflow.select.lead_tables import table_features
from draftflow.select.metric_scores import read_in_sentence
from draftflow.select.rules import MAX_HEADLINE, claims, ranked_picks
from draftflow.select.scored import BOLD_REASON, Scored, said

Features = dict[str, float]
RANKED = 24
"""The rules' picks whose order is a feature; a candidate beyond them is ranked this far."""
RANKING = max(RANKED, MAX_HEADLINE)
"""The picks the features read: their order's and the rules' headline's."""
_EVIDENCE = re.compile(r"\s*\([^)]*\)")
_OPENING = "in the opening section of "
_RUN_FILE = "the run file "
FRONT_PAGE_REASONS = {
    "in a summary table": "front_page_summary_table",
    BOLD_REASON: "front_page_bold",
    _OPENING + "the README": "front_page_opening",
}
"""Reasons the front page's copy of a figure weighs apart from another document's: an editor
leads with the README's own summary table, emphasis and opening, where a results document's
summary table or bold line is one of many (`benchmarks/lead_loo.py` over the 70 gold
repositories: 207 -> 212 of 724 gold headline figures, non-results 33 -> 31; `draftflow eval
--leave-one-out`: 197 -> 202, 706 -> 692 published, non-results 29 -> 25)."""


@lru_cache(maxsize=4096)
def reason_name(reason: str) -> str:
    """A rule's reason without the evidence it cites (a path, a date, a heading): the same
    rule reads the same in every repository. Once per reason (every figure has several)."""
    reason = _EVIDENCE.sub("", reason)
    if reason.startswith(_OPENING):
        where = "the README" if reason.endswith("the README") else "a document"
        return _OPENING + where
    if reason.startswith(_RUN_FILE):
        return "the run file restates"
    return reason


@lru_cache(maxsize=4096)
def _reason_feature(reason: str) -> str:
    """A reason's feature name, written once per reason (every figure has several)."""
    return f"reason={reason_name(reason)}"


@lru_cache(maxsize=1024)
def _kind(path: str) -> str:
    suffix = PurePosixPath(path).suffix.lower().lstrip(".")
    return suffix or "none"


def _front_page_features(reasons: list[str]) -> Features:
    """The front page's reasons that weigh apart (`FRONT_PAGE_REASONS`), each 1."""
    names = (FRONT_PAGE_REASONS.get(reason_name(reason)) for reason in reasons)
    return {name: 1.0 for name in names if name is not None}


def lead_features(
    eligible: list[Scored], snapshot: Snapshot, *, picks: list[tuple[Scored, float]] | None = None
) -> list[Features]:
    """The features of every candidate, in the order given (read against all of them).
    `picks`, when given, is `ranked_picks(eligible, RANKING)` computed already."""
    if not eligible:
        return []
    # the picks are taken greedily, so fewer of them are the first of more: ranked once
    picks = ranked_picks(eligible, RANKING) if picks is None else picks
    order = {id(item): index for index, (item, _) in enumerate(picks[:RANKED])}
    chosen = {id(item) for item in claims(picks[:MAX_HEADLINE])}
    best = max(item.score for item in eligible)
    per_document = Counter(item.path for item in eligible)
    metric_documents: dict[str, set[str]] = defaultdict(set)
    first: dict[tuple[str, str], int] = {}
    for item in eligible:
        metric = item.figure.result.metric
        metric_documents[metric].add(item.path)
        first.setdefault((item.path, metric), id(item))
    lengths = {d.document_id: len(d.line_list) for d in snapshot.documents}
    features: list[Features] = []
    for item in eligible:
        result = item.figure.result
        rank = order.get(id(item), RANKED + 6)
        found: Features = {
            "bias": 1.0,
            "score": item.score,
            "score_gap": item.score - best,
            "pick_order_log": math.log1p(rank),
            "picked": float(id(item) in order),
            "claimed_by_rules": float(id(item) in chosen),
            f"role={item.role.role.value if item.role else 'none'}": 1.0,
            f"document_type={_kind(item.path)}": 1.0,
            f"metric={result.metric}": 1.0,
            f"statistic={result.statistic or 'none'}": 1.0,
            f"unit={result.unit or 'none'}": 1.0,
            "in_sentence": float(read_in_sentence(said(result))),
            "document_candidates_log": math.log1p(per_document[item.path]),
            "repository_candidates_log": math.log1p(len(eligible)),
            "metric_documents_log": math.log1p(len(metric_documents[result.metric])),
            "first_of_metric_in_document": float(first[(item.path, result.metric)] == id(item)),
            "line_fraction": result.source_line / max(lengths.get(result.source_document_id, 1), 1),
            "repeated_runs": float(result.uncertainty is not None),
            "stands_alone": float(item.stands_alone),
        }
        for reason in item.reasons:
            found[_reason_feature(reason)] = 1.0
        if item.role is not None and item.role.role is DocumentRole.LEAD:
            found.update(_front_page_features(item.reasons))
        features.append(found)
    for found, context, table in zip(
        features,
        context_features(eligible, snapshot),
        table_features(eligible, snapshot),
        strict=True,
    ):
        found.update(context)
        found.update(table)
    return features
