"""Extraction with no model: harvest → select → ground → derive → results and profiles."""

from __future__ import annotations

import json

from draftflow.extract.artifact import DroppedClaim, Extraction
from draftflow.extract.candidates import Candidate
from draftflow.extract.derive import RunValue, derive, repeated_runs
from draftflow.extract.ground import Grounded, Grounder
from draftflow.extract.results import (
    conditions_for,
    make_profile,
    make_result,
    profile_label,
    result_label,
)
from draftflow.extract.select import Selected, select
from draftflow.records import ReportedResult, TestProfile
from draftflow.snapshot import Snapshot


def ground_selected(
    grounder: Grounder, selected: list[Selected]
) -> tuple[list[tuple[Selected, Grounded]], list[DroppedClaim]]:
    """Each selected candidate tied to its line (a harvested cell always is; checked anyway)."""
    grounded: list[tuple[Selected, Grounded]] = []
    dropped: list[DroppedClaim] = []
    for item in selected:
        candidate = item.candidate
        outcome = grounder.ground(
            kind="result",
            label=result_label(item),
            document_id=candidate.document_id,
            line=candidate.line,
            claimed=float(item.value),
        )
        if isinstance(outcome, DroppedClaim):
            dropped.append(outcome)
        else:
            grounded.append((item, outcome))
    return grounded, dropped


def _results(grounded: list[tuple[Selected, Grounded]]) -> list[ReportedResult]:
    results: list[ReportedResult] = []
    seen: set[tuple[str, int, str, str]] = set()
    for item, anchor in grounded:
        label = result_label(item)
        key = (anchor.document.document_id, anchor.line, item.candidate.candidate_id, label)
        if key in seen:
            continue
        seen.add(key)
        results.append(
            make_result(
                document=anchor.document,
                line=anchor.line,
                value=anchor.value,
                label=label,
                metric=item.metric,
                unit=item.unit,
                statistic=item.statistic,
                conditions=conditions_for(item.candidate),
            )
        )
    return results


def _derived(
    grounded: list[tuple[Selected, Grounded]],
) -> list[ReportedResult]:
    """Medians of repeated runs named by a run/trial column, computed here."""
    anchors = {id(item): anchor for item, anchor in grounded}
    results: list[ReportedResult] = []
    for group in repeated_runs([item for item, _ in grounded]):
        runs = [
            RunValue(anchors[id(m)].value, anchors[id(m)].line, anchors[id(m)].decimals)
            for m in group.members
        ]
        figure = derive(runs, "median")
        first = group.members[0]
        conditions = {
            k: v for k, v in conditions_for(first.candidate).items() if k != group.run_column
        }
        label = f"{profile_label(first)} — {first.candidate.key} (median of {len(runs)} runs)"
        results.append(
            make_result(
                document=anchors[id(first)].document,
                line=figure.anchor_line,
                value=figure.value,
                label=label,
                metric=first.metric,
                unit=first.unit,
                statistic=figure.statistic,
                conditions=conditions,
                derived=figure,
            )
        )
    return results


def _profiles(grounded: list[tuple[Selected, Grounded]]) -> list[TestProfile]:
    """One profile per distinct configuration (document, label and conditions)."""
    profiles: list[TestProfile] = []
    seen: set[tuple[str, str, str]] = set()
    for item, anchor in grounded:
        conditions = conditions_for(item.candidate)
        label = profile_label(item)
        key = (anchor.document.document_id, label, json.dumps(conditions, sort_keys=True))
        if key in seen:
            continue
        seen.add(key)
        profiles.append(
            make_profile(document=anchor.document, line=anchor.line, label=label,
                         conditions=conditions)
        )
    return profiles


def extract_deterministic(snapshot: Snapshot, candidates: list[Candidate]) -> Extraction:
    """The extraction that harvesting alone supports: every selected figure, grounded."""
    grounder = Grounder(snapshot)
    grounded, dropped = ground_selected(grounder, select(candidates))
    return Extraction(
        reported_results=_results(grounded) + _derived(grounded),
        test_profiles=_profiles(grounded),
        dropped=dropped,
        candidates_seen=len(candidates),
        method="deterministic",
    )
