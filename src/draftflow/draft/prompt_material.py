"""What the model drafter shows the model: the grounded results (sampled across metrics),
profiles, setup and documents as prompt variables, shrunk to the token budget, and the
grounding its prose is checked against (only numbers in that material)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.draft.grounding import Grounding, record_names, record_values
from draftflow.draft.record_facts import states
from draftflow.draft.template_wording import STANDARD_CONDITION_KEYS
from draftflow.extract.model_pass.chunks import CHARS_PER_TOKEN, PROMPT_OVERHEAD_TOKENS
from draftflow.record.conditions import SEED_RESULT_KEYS
from draftflow.record.model import ReportedResult
from draftflow.select.artifact import Selection

MAX_RESULTS_IN_PROMPT = 48
MIN_RESULTS_IN_PROMPT = 3
DEFAULT_BUDGET_TOKENS = 12_000
MAX_PROFILES_IN_PROMPT = 24
MAX_DOCUMENTS_IN_PROMPT = 40
MAX_CONDITION_CHARS = 120
MAX_LIST_ITEMS = 12
MAX_LINE_CHARS = 300

_SEPARATOR = re.compile(r"\s|;|\||,(?!\d)")


def prompt_variables(
    snapshot: Snapshot, selection: Selection, budget_tokens: int = DEFAULT_BUDGET_TOKENS
) -> dict[str, str]:
    """The material the model sees, as prompt variables (deterministic text), shrunk until it
    fits `budget_tokens`: fewer results and profiles are shown, each metric still sampled."""
    budget_chars = max(budget_tokens - PROMPT_OVERHEAD_TOKENS, 0) * CHARS_PER_TOKEN
    material = _Material(snapshot, selection)
    limit = MAX_RESULTS_IN_PROMPT
    while True:
        variables = material.variables(limit)
        if limit <= MIN_RESULTS_IN_PROMPT or sum(map(len, variables.values())) <= budget_chars:
            return variables
        limit //= 2


class _Material:
    """What the prompt shows of a draft, read once; `variables(limit)` shows `limit` results."""

    def __init__(self, snapshot: Snapshot, selection: Selection) -> None:
        self.snapshot = snapshot
        self.selection = selection
        self.results = [r for r in selection.headline if snapshot.by_url(r.evidence_url)]
        documents = _documents_for(snapshot, selection)
        self.documents = "\n".join(f"- {d.path}: {d.pinned_url}" for d in documents) or "(none)"
        self.setup = _json_line(selection.setup.model_dump(mode="json"))
        stated = [r.conditions for r in self.results] + [p.conditions for p in selection.profiles]
        unknown = [k for k in STANDARD_CONDITION_KEYS if not any(states(c, k) for c in stated)]
        self.unknown = ", ".join(unknown) or "(none)"

    def variables(self, limit: int) -> dict[str, str]:
        """The prompt variables with at most `limit` results and profiles shown."""
        shown = sample_results(self.results, limit)
        result_lines = [_json_line(_result_material(self.snapshot, r)) for r in shown]
        if len(shown) < len(self.results):
            result_lines.append("(further results omitted here; do not mention them)")
        profiles = [
            _json_line(
                {
                    "label": p.label,
                    "conditions": _compact(p.conditions),
                    "evidence": p.evidence_url.split("#", 1)[0],
                }
            )
            for p in self.selection.profiles[: min(limit, MAX_PROFILES_IN_PROMPT)]
        ]
        return {
            "repository": self.snapshot.repository,
            "revision": self.snapshot.revision,
            "documents": self.documents,
            "results": "\n".join(result_lines) or "(none)",
            "profiles": "\n".join(profiles) or "(none)",
            "setup": self.setup,
            "unknown_conditions": self.unknown,
        }


def sample_results(results: Sequence[ReportedResult], limit: int) -> list[ReportedResult]:
    """Up to `limit` results, taken in turn from each metric so every metric is shown; kept in
    extraction order (deterministic)."""
    by_metric: dict[str, list[int]] = {}
    for index, result in enumerate(results):
        by_metric.setdefault(result.metric, []).append(index)
    chosen: list[int] = []
    queues = list(by_metric.values())
    depth = 0
    while len(chosen) < limit and any(depth < len(q) for q in queues):
        for queue in queues:
            if depth < len(queue) and len(chosen) < limit:
                chosen.append(queue[depth])
        depth += 1
    return [results[i] for i in sorted(chosen)]


def _compact(conditions: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """Conditions as the model sees them: scalars and short lists, long text cut."""
    compact: dict[str, JsonValue] = {}
    for key, value in conditions.items():
        if value is None and key in SEED_RESULT_KEYS:
            continue  # the seed's nulls: `unknown_conditions` already names what is unstated
        if isinstance(value, str):
            compact[key] = _cut(value, MAX_CONDITION_CHARS)
        elif not isinstance(value, list | dict) or (
            isinstance(value, list) and len(value) <= MAX_LIST_ITEMS
        ):
            compact[key] = value
    return compact


def _cut(text: str, limit: int) -> str:
    """`text` cut before `limit` characters at a separator (a space, `;`, `|`, or a comma not
    followed by a digit), so that no number is cut in two and no partial number is shown."""
    if len(text) <= limit:
        return text
    cuts = [m.start() for m in _SEPARATOR.finditer(text[: limit + 1])]
    return (text[: cuts[-1]].rstrip() if cuts else "") + " …"


def material_grounding(
    snapshot: Snapshot, selection: Selection, variables: dict[str, str]
) -> Grounding:
    """The guard for model prose: numbers must be stated in the material the model was given
    (or be a result's value or bound); names may be the record's own."""
    results = list(selection.headline)
    texts = [variables[k] for k in ("documents", "results", "profiles", "setup")]
    return Grounding.of_texts(
        texts,
        record_values(results),
        record_names(snapshot.repository, results, selection.profiles),
        [d.pinned_url for d in snapshot.documents],
    )


def _documents_for(snapshot: Snapshot, selection: Selection) -> list[Document]:
    """The documents results and profiles come from, and the README, up to the cap."""
    urls = {r.evidence_url.split("#", 1)[0] for r in selection.headline}
    urls |= {p.evidence_url.split("#", 1)[0] for p in selection.profiles}
    readme = snapshot.by_path("README.md")
    if readme is not None:
        urls.add(readme.pinned_url)
    return [d for d in snapshot.documents if d.pinned_url in urls][:MAX_DOCUMENTS_IN_PROMPT]


def _result_material(snapshot: Snapshot, result: ReportedResult) -> dict[str, JsonValue]:
    document = snapshot.by_url(result.evidence_url)
    line = document.line(result.source_line) if document else None
    uncertainty = result.uncertainty.model_dump(mode="json") if result.uncertainty else None
    return {
        "label": result.label,
        "metric": result.metric,
        "value": result.value,
        "unit": result.unit,
        "statistic": result.statistic,
        "uncertainty": uncertainty,
        "conditions": _compact(result.conditions),
        "document": document.pinned_url if document else None,
        "source_line": _cut((line or "").strip(), MAX_LINE_CHARS),
    }


def _json_line(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=False)
