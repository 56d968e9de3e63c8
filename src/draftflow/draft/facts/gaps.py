"""Facts about what the figures do not show by themselves: what failed or hit a limit, who
measured what, and what no headline figure (nor any document) states."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pydantic import JsonValue

from draftflow.draft.facts.build import fact_about
from draftflow.draft.facts.fact_types import Fact, FactKind
from draftflow.draft.facts.figures import Written, figure_ref, metric_name, text_value
from draftflow.draft.parts import Grounded, cited_texts, documents_of
from draftflow.draft.record_facts import condition_applies, headline_models, mentioned, states
from draftflow.extract.conditions.readers import SOURCE_CELLS
from draftflow.record.model import ReportedResult
from draftflow.text.gate import gated

MAX_LIMIT_ROWS = 4
MAX_MARK_CHARS = 40
MAX_UNSTATED_INPUTS = 4
LIMIT_RE = re.compile(
    r"\b(OOM|out of memory|timed? ?out|timeout|crash(?:ed)?|failed|error|retracted|"
    r"contaminat\w*)\b",
    re.IGNORECASE,
)
FAILURE_METRICS = frozenset({"failed_requests", "error_count", "failure_count"})
ATTRIBUTION_KEYS = ("attribution", "measured_by", "submitted_by", "contributor", "reporter")
# conditions a reader needs to compare a figure, named when no headline figure states them
UNKNOWN_KEYS = (
    "concurrency",
    "input_tokens",
    "output_tokens",
    "temperature",
    "top_p",
    "cache_state",
    "quantization",
)
"""(Never a `NOT_A_GAP` condition, speculative decoding.)"""
MAX_UNKNOWN_NAMED = 4
REPETITION_KEYS = ("repetitions", "runs", "num_runs", "iterations", "trials")
# a document that says its runs were repeated (`3 runs`, `five iterations`, `repeated`)
# or a spread (`min 531 ms, max 827 ms`, a median or a percentile of several runs)
# (`2 decode runs averaged`, `n=10 trials`: up to two words between the count and its runs)
REPEATS_RE = gated(  # behind its opening characters: each document is searched whole
    re.compile(
        r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(?:[a-z-]+\s+){0,2}(?:runs|"
        r"repetitions|repeats|reps|iterations|trials)\b|\bn\s*=\s*\d+\b|\brepeated\b|\baveraged\b"
        r"|\bstd(?:dev)?\b|±|\bstandard deviation\b|\bvariance\b"
        r"|\bmedian\b|\bp(?:50|90|95|99)\b|\bpercentile|\bmin(?:imum)?\b[^\n]{0,60}\bmax(?:imum)?\b",
        re.IGNORECASE,
    )
)
# a version as written beside a name or in the same table row: `v0.2.6`, `0.11.0`, `b9536`
_VERSION_TOKEN = r"(?:\bv\d+(?:\.\d+)+|\b\d+\.\d+\.\d+|\bb\d{4,})"


def _states_version(engine: str, text: str) -> bool:
    """True when the text writes a version beside the engine's name (`llama.cpp-b9536`,
    `vLLM 0.23`, `vllm==0.11.0`, `vLLM version 0.10`) or on a line that names it and has a
    version's form (`| vllm-mlx / llama-swap | 0.2.6 / v165 |`): a gap sentence claims an
    absence, so a line that may state the version is enough to leave it unwritten."""
    name = re.escape(engine)
    # (`llama.cpp v9836`: a build number after a `v` is a version too)
    beside = name + r"(?:[\s\-_:=v@]|version|==){0,12}(?:[bv]\d{3,}|\d+\.\d+)"
    if re.search(beside, text, re.IGNORECASE):
        return True
    on_line = rf"^(?=[^\n]*{name})[^\n]*{_VERSION_TOKEN}"
    return re.search(on_line, text, re.IGNORECASE | re.MULTILINE) is not None


def limits(grounded: Sequence[Grounded], written: Written) -> list[Fact]:
    """Configurations the sources mark as failed or over a limit: a condition cell reading
    OOM, error or timeout beside a figure, or a failure count above zero."""
    marked: dict[tuple[str, str], list[Grounded]] = {}
    for item in grounded:
        result = item.result
        for key, value in _cells(result.conditions):
            text = text_value(value)
            found = _mark(text) if text and len(text) <= MAX_MARK_CHARS else None
            if found:
                marked.setdefault((key, found.group(1)), []).append(item)
        if result.metric in FAILURE_METRICS and result.value > 0:
            marked.setdefault((metric_name(item), ""), []).append(item)
    facts = []
    for (subject, word), items in marked.items():
        rows = _unique_rows(items)[:MAX_LIMIT_ROWS]
        facts.append(
            fact_about(
                FactKind.LIMIT,
                rows[0],
                subject=subject,
                inputs=tuple(figure_ref(item, written) for item in rows),
                arithmetic="marked" if word else "count > 0",
                detail=word,
                weight=len(items),
            )
        )
    return sorted(facts, key=lambda f: -f.weight)


def _mark(text: str) -> re.Match[str] | None:
    """The limit a cell marks, where the cell opens with it (`OOM`, `❌ failed`, `timeout
    (300 s)`): a cell that only speaks of one (Jacob's answer cell `(parse error, likely
    `2`)`) marks no configuration as failed."""
    return LIMIT_RE.match(re.sub(r"^[\W_]+", "", text))


def _cells(conditions: Mapping[str, JsonValue]) -> list[tuple[str, JsonValue]]:
    """The figure's conditions, then the other cells of its source row under their column
    headers: an `OOM` cell beside a figure is kept there, not as a condition."""
    pairs = [(k, v) for k, v in conditions.items() if k != SOURCE_CELLS]
    cells = conditions.get(SOURCE_CELLS)
    if isinstance(cells, dict):
        pairs += [(k, v) for k, v in cells.items() if (k, v) not in pairs]
    return pairs


def _unique_rows(items: list[Grounded]) -> list[Grounded]:
    rows: dict[str, Grounded] = {}
    for item in items:
        rows.setdefault(item.result.evidence_url, item)
    return list(rows.values())


def attributions(grounded: Sequence[Grounded], written: Written) -> list[Fact]:
    """Figures whose conditions name who measured them."""
    by_whom: dict[str, list[Grounded]] = {}
    for item in grounded:
        for key in ATTRIBUTION_KEYS:
            who = text_value(item.result.conditions.get(key))
            if who:
                by_whom.setdefault(who, []).append(item)
    return [
        fact_about(
            FactKind.ATTRIBUTION,
            items[0],
            subject=who,
            inputs=tuple(figure_ref(i, written) for i in _unique_rows(items)[:MAX_LIMIT_ROWS]),
            arithmetic="attributed",
            weight=len(items),
        )
        for who, items in by_whom.items()
    ]


@dataclass(frozen=True)
class _Gap:
    """One thing no headline figure states: what it is about, and why it is a gap."""

    subject: str
    arithmetic: str
    detail: str = ""
    keys: tuple[str, ...] = ()


def unstated(
    grounded: Sequence[Grounded], written: Written, read: Sequence[str] = ()
) -> list[Fact]:
    """What no headline figure states: repetitions and a variance, an engine's version.

    A gap is a claim of absence, so it must hold of every document the draft read (`read`,
    their paths and texts), not only of the headline's: bhodgens's README says "2 decode runs
    averaged" and "llama.cpp v9836", djangodevreng's run folder a `meta.json` with the vLLM
    version beside the headline's table (read33-s20 found each "not stated" sentence false)."""
    results = [item.result for item in grounded]
    # a text both cited and read is searched once (a 440 KB README twice per key)
    texts = _once([*cited_texts(grounded), *read])
    facts = [
        _gap_fact(gap, grounded, written, len(results))
        for gap in (_repetitions_gap(results, texts),)
        if gap is not None
    ]
    # a model's run conditions (tokens, sampling, cache) are no gap of an interconnect's
    # bandwidth or a clock (epappas: "No headline figure ... states its input tokens" over
    # NCCL all-reduce bandwidths), nor of an embedding model's, a reranker's, a detector's or
    # a diffusion pipeline's figures (read33-s24b): only of a model generating tokens
    models = headline_models(results)
    keys = [k for k in UNKNOWN_KEYS if any(condition_applies(k, r, models) for r in results)]
    # (any document read that speaks of a condition leaves it unwritten)
    gap = _conditions_gap(results, _once([*documents_of(grounded), *read]), keys)
    if gap is not None:
        # the figures it is a gap of: those one of its conditions applies to (a chat model's
        # tokens/s, not its load time in minutes: sagasusa's "for the 62 min ... latency")
        cited = [
            item
            for item in grounded
            if any(condition_applies(k, item.result, models) for k in gap.keys)
        ]
        facts.append(_gap_fact(gap, cited, written, len(results)))
    engine = next((e for r in results if (e := text_value(r.conditions.get("engine")))), None)
    if engine:
        # the figures that name the engine, and their documents, are what the sentence cites
        naming = [i for i in grounded if text_value(i.result.conditions.get("engine")) == engine]
        gap = _engine_version_gap(engine, results, _once([*cited_texts(naming), *read]))
        if gap is not None:
            facts.append(_gap_fact(gap, naming, written, len(results)))
    return facts


def _once(texts: Sequence[str]) -> list[str]:
    """`texts` in order, each once: every search over them asks whether any one holds."""
    return list(dict.fromkeys(texts))


def _gap_fact(gap: _Gap, cited: Sequence[Grounded], written: Written, weight: int) -> Fact:
    return fact_about(
        FactKind.UNSTATED,
        cited[0],
        subject=gap.subject,
        inputs=tuple(figure_ref(item, written) for item in cited[:MAX_UNSTATED_INPUTS]),
        arithmetic=gap.arithmetic,
        detail=gap.detail,
        weight=weight,
    )


def _repetitions_gap(results: Sequence[ReportedResult], texts: Sequence[str]) -> _Gap | None:
    """No figure has a spread or a repetition count, and no document says its runs were
    repeated."""
    repeated = any(
        r.uncertainty
        or any(r.conditions.get(k) for k in REPETITION_KEYS)
        or REPEATS_RE.search(r.statistic or "")
        for r in results
    )
    if repeated or any(REPEATS_RE.search(text) for text in texts):
        return None
    return _Gap("repetitions", "no figure states repetitions or a spread")


def _conditions_gap(
    results: Sequence[ReportedResult], texts: Sequence[str], keys: Sequence[str] = UNKNOWN_KEYS
) -> _Gap | None:
    """The conditions of `keys` a reader needs to compare a figure that no figure states
    and no document speaks of (none of no figure)."""
    if not results:
        return None
    unknown = [
        k
        for k in keys
        if not any(states(r.conditions, k) for r in results) and not mentioned(k, texts)
    ]
    if not unknown:
        return None
    return _Gap(
        "conditions",
        "no figure states " + ", ".join(unknown),
        ", ".join(k.replace("_", " ") for k in unknown[:MAX_UNKNOWN_NAMED]),
        tuple(unknown[:MAX_UNKNOWN_NAMED]),
    )


def _engine_version_gap(
    engine: str, results: Sequence[ReportedResult], texts: Sequence[str]
) -> _Gap | None:
    """The first engine the figures name, when neither a figure nor a document of the
    figures that name it writes its version."""
    versioned = any(r.conditions.get("engine_version") for r in results)
    if versioned or any(_states_version(engine, t) for t in texts):
        return None
    return _Gap("engine version", "no figure states an engine version", engine)
