"""The template drafter's sections: each answers one question this repository raises about
its headline figures (which artifact, what the figures say, what differs, what compares, what
is missing), in a few sentences. Labels are named at most a couple at a time; lists of settings
are capped; every sentence that carries a number passes the grounding guard or is left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document
from draftflow.draft import template_wording as w
from draftflow.draft.grounding import format_value
from draftflow.draft.parts import Grounded, SectionWriter, documents_of
from draftflow.draft.record_facts import (
    NOT_A_GAP,
    UNSTATED_NAMES,
    condition_applies,
    headline_models,
    mentioned,
    states,
)
from draftflow.draft.template_wording import MAX_METRICS, SETUP_FIELDS, STANDARD_CONDITION_KEYS
from draftflow.draft.unstated_anywhere import unstated_anywhere
from draftflow.numbers import find_dates
from draftflow.record.model import Conditions, ReportedSetup, Section

MAX_DERIVED_SENTENCES = 3
COMPARED_KEYS = 4
MAX_NAMED_VALUES = 3
# a system is named many ways (`GX10`, `NVIDIA GB10`): two names are no difference
NAMED_MANY_WAYS = frozenset({"system"})


def artifact_section(writer: SectionWriter) -> Section | None:
    """Which model, runtime and machine the headline figures were measured on."""
    facts = writer.facts
    if facts is None:
        return None
    grounding = writer.ground(writer.front)
    model = facts.model_id or facts.model_label
    sentences = _measured_on(writer, model, facts.system, facts.runtimes)
    if facts.quantization:
        sentences.append(f"The weights are {facts.quantization}.")
    date = facts.experiment_date
    dated = _dated(writer, date, facts.evidence.get("experiment_date")) if date else None
    if dated:
        sentences.append(dated)
    kept = grounding.keep(sentences)
    return w.section("Which artifact was measured?", [" ".join(kept)], writer.front)


def _dated(writer: SectionWriter, date: str | None, evidence: str | None) -> str | None:
    """`The measurements are dated 2026-07-24.`, where it holds of every headline figure: its
    own conditions state that date, or its document is the one the date was read from and
    that line states no other date (teaql's ledger reads "Evidence window: 2026-07-24 to
    2026-07-25", and its round reports carry none). Where it holds of some figures only,
    they are named by their documents; where the line gives a window, nothing is said."""
    if not date or not evidence:
        return None
    url, _, anchor = evidence.partition("#L")
    documents = [*(i.document for i in writer.grounded), *writer.snapshot.documents]
    document = next((d for d in documents if d.pinned_url == url), None)
    line = document.line(int(anchor)) if document is not None and anchor.isdigit() else None
    if line is None or any(found not in date for _, _, found in find_dates(line)):
        return None
    by_date = [item for item in writer.grounded if _states_date(item.result.conditions, date)]
    from_line = [i for i in writer.grounded if i.document.pinned_url == url and i not in by_date]
    if len(by_date) + len(from_line) == len(writer.grounded):
        return f"The measurements are dated {date}."
    if from_line and not by_date and document is not None:
        return f"The measurements in {document.path} are dated {date}."
    return None


def _states_date(conditions: Mapping[str, object], date: str) -> bool:
    """Whether a figure's own date conditions name `date`."""
    return any(
        isinstance(value, str) and date in value
        for key, value in conditions.items()
        if key in ("experiment_date", "date")
    )


def _measured_on(
    writer: SectionWriter, model: str | None, system: str | None, runtimes: Sequence[str]
) -> list[str]:
    """What the headline figures were measured on, claimed of all of them only where all
    of them state it: a model or engine that some figures name is said of those some."""
    count = len(writer.grounded)
    engines = measured_engines(writer, runtimes)
    engine_named = _named(writer, "engine")
    every_engine = bool(engines) and len(engine_named) == count
    where = (f" with {w.join(engines)}" if every_engine else "") + (
        f" on {system}" if system else ""
    )
    models = list(dict.fromkeys(_named(writer, "model")))
    if model:
        said = [f"The headline figures were measured on {model}{where}."]
    elif models:
        said = [f"The headline figures were measured{where}." if where else ""]
        said.append(_some_name(len(_named(writer, "model")), count, "model", models))
    else:
        said = [f"The headline figures were measured{where}." if where else ""]
        said.append("The model of the headline figures is unknown.")
    if engines and not every_engine:
        said.append(_some_name(len(engine_named), count, "engine", engines))
    return [sentence for sentence in said if sentence]


def _named(writer: SectionWriter, key: str) -> list[str]:
    """The `key` condition of each headline figure that states one, in headline order."""
    values = (item.result.conditions.get(key) for item in writer.grounded)
    return [value for value in values if isinstance(value, str) and value]


def _some_name(named: int, count: int, what: str, names: Sequence[str]) -> str:
    """`Some headline figures name their model: A, B and C.` (no counts: the grounding guard
    holds every number, words too, to a source). What the others were measured on is not
    called unknown: their conditions leave it null, but their documents may name it (lhl's
    folder names, teaql's round reports)."""
    shown = list(names[:MAX_NAMED_VALUES])
    if len(names) > MAX_NAMED_VALUES:
        shown.append("others")
    if named == count:
        return f"The headline figures name their {what}: {w.join(shown)}."
    return f"Some headline figures name their {what}: {w.join(shown)}."


def measured_engines(writer: SectionWriter, runtimes: Sequence[str]) -> list[str]:
    """The runtimes a headline figure's conditions name: a runtime the README mentions (as
    removed, or never installed) is not one the figures were measured with."""
    named = {e.lower() for e in _named(writer, "engine")}
    return [r for r in runtimes if r.lower() in named]


def _group_sentences(
    writer: SectionWriter, metric: str, unit: str, items: Sequence[Grounded]
) -> list[str]:
    """The span of one metric's headline figures: with the labels of its ends when they can
    be written, else the values alone (a label may hold a number no source states)."""
    ordered = sorted(items, key=lambda i: float(i.result.value))
    low, high = ordered[0], ordered[-1]
    low_label, high_label = w.display_label(low.result.label), w.display_label(high.result.label)
    if len(items) == 1:
        value = w.with_unit(writer.written(low), unit)
        return [
            f"The headline {metric} is {value} ({low_label}).",
            f"The headline {metric} is {value}.",
        ]
    if low.result.value == high.result.value:
        return [f"The headline {metric} figures are all {w.with_unit(writer.written(low), unit)}."]
    low_text, high_text = (
        w.with_unit(writer.written(low), unit),
        w.with_unit(writer.written(high), unit),
    )
    return [
        f"The headline {metric} figures run from {low_text} ({low_label}) to {high_text} "
        f"({high_label}).",
        f"The headline {metric} figures run from {low_text} to {high_text}.",
    ]


def figures_section(writer: SectionWriter) -> Section | None:
    """What the headline figures say: the span of each metric, and how derived ones were made."""
    paragraphs: list[str] = []
    cited = []
    groups = group_by_metric(writer.grounded)
    per_metric = Counter(metric for (metric, _unit), items in groups for _ in items)
    for (metric, unit), items in groups[:MAX_METRICS]:
        if len(items) < per_metric[metric]:
            continue  # a range over one unit's figures would leave the metric's others out
        documents = w.unique_documents(item.document for item in items)
        grounding = writer.ground(documents)
        sentence = next(
            (s for s in _group_sentences(writer, metric, unit, items) if grounding.supports(s)),
            None,
        )
        if sentence is not None:
            paragraphs.append(sentence)
            cited += documents
    if len(groups) > MAX_METRICS:
        paragraphs.append("Further metrics are listed with the reported results.")
    derived = derived_paragraph(writer)
    if derived:
        paragraphs.append(derived)
        cited += [item.document for item in writer.grounded if item.result.uncertainty]
    return w.section("What was measured?", [" ".join(paragraphs)], cited)


def derived_paragraph(writer: SectionWriter) -> str | None:
    """How the derived headline figures were made (statistic and observed range), grounded."""
    sentences = []
    for item in writer.grounded:
        result, uncertainty = item.result, item.result.uncertainty
        if uncertainty is None:
            continue
        bounds = ""
        if uncertainty.observed_min is not None and uncertainty.observed_max is not None:
            low, high = (
                format_value(uncertainty.observed_min),
                format_value(uncertainty.observed_max),
            )
            bounds = f"; range {low} to {high}, {uncertainty.interval_kind}"
        sentence = (
            f"{w.capitalise(w.display_label(result.label))} is derived: {result.statistic}{bounds}."
        )
        if writer.ground([item.document]).supports(sentence):
            sentences.append(sentence)
    return " ".join(sentences[:MAX_DERIVED_SENTENCES]) or None


def differences_section(writer: SectionWriter) -> Section | None:
    """Which settings differ between the measured configurations, and which they share."""
    profiles = writer.profiles()
    if len(profiles) < 2:
        return None
    cited = w.unique_documents(p.document for p in profiles if p.document)[:3] or writer.front
    grounding = writer.ground(cited)
    keys = w.unique(k for p in profiles for k, v in p.conditions.items() if w.is_scalar(v))
    differ = [
        k
        for k in keys
        if k not in NAMED_MANY_WAYS and w.differ_stated(p.conditions.get(k) for p in profiles)
    ]
    shared = [
        k
        for k in keys
        if k not in differ and all(p.conditions.get(k) is not None for p in profiles)
    ]
    differ_names = grounding.keep(w.key_names(differ))
    shared_names = grounding.keep(w.key_names(shared))
    sentences = []
    if differ_names:
        sentences.append(
            f"The configurations differ in {w.join_capped(differ_names, COMPARED_KEYS)}, so "
            "their figures describe different setups rather than repeated runs of a shared setup."
        )
    if shared_names:
        sentences.append(f"They share {w.join_capped(shared_names, COMPARED_KEYS)}.")
    return w.section("What differs between the configurations?", [" ".join(sentences)], cited)


def comparable_section(writer: SectionWriter) -> Section | None:
    """Which headline figures can be read side by side, and which cannot."""
    groups = group_by_metric(writer.grounded)
    reasons: dict[str, list[str]] = {}
    shared: list[str] = []
    for (metric, _unit), items in groups[:MAX_METRICS]:
        if len(items) < 2 or _one_range(items):
            continue  # a range's two ends are one figure's bounds: neither alike nor apart
        why, unsaid = _why_not_comparable(items)
        if why:
            reasons.setdefault(why, []).append(metric)
        elif not unsaid and len({item.result.label for item in items}) == 1:
            # labels that differ name a setting the conditions do not hold (epappas's
            # `MTU 1500` and `MTU 9000` rows): they are not shown to share their conditions
            shared.append(metric)
    sentences = []
    for why, metrics in reasons.items():
        subject = "figures of each metric" if len(metrics) > 2 else f"{w.join(metrics)} figures"
        sentences.append(
            f"The {subject} differ in {why}; a gap between them is not attributable to any "
            "setting alone."
        )
    if shared:
        sentences.append(f"The {w.join(shared)} figures share their stated conditions.")
    kept = writer.ground(writer.front).keep(sentences)
    return w.section("What is comparable and what is not?", [" ".join(kept)], writer.front)


def _why_not_comparable(items: Sequence[Grounded]) -> tuple[str, bool]:
    """What the figures of one metric differ in, among the conditions two of them state
    (teaql: a latency that names no model does not differ in model from one that does), and
    whether some condition is stated by some figures only (then they are not known to share
    their conditions either). The two ends of one stated range (`between 15.45 and 16.36
    tokens per second`) are one figure's bounds, not two statistics."""
    conditions = [item.result.conditions for item in items]
    differ, unsaid = _stated_differences(conditions)
    parts = []
    if differ:
        parts.append(w.join_capped(w.key_names(differ), COMPARED_KEYS))
    stated = w.unique(s for item in items if (s := _stated_statistic(item.result.statistic)))
    if len(stated) > 1 and not _one_range(items):
        parts.append("the statistic reported")
    return w.join(parts), unsaid


def _stated_differences(
    conditions: Sequence[Mapping[str, JsonValue]],
) -> tuple[list[str], bool]:
    """The keys whose stated values differ among the figures, and whether some other key is
    stated by some figures only (or named in ways that cannot be compared)."""
    keys = w.unique(k for c in conditions for k, v in c.items() if v is not None and w.is_scalar(v))

    def differs(key: str) -> bool:
        return w.differ_stated(c.get(key) for c in conditions)

    differ = [k for k in keys if k not in NAMED_MANY_WAYS and differs(k)]
    unsaid = any(
        k not in differ
        and (any(c.get(k) is None for c in conditions) or (k in NAMED_MANY_WAYS and differs(k)))
        for k in keys
    )
    return differ, unsaid


_UNSTATED_STATISTIC = "as reported"


def _stated_statistic(statistic: str) -> str:
    """The statistic a figure's source states (`mean` of `mean as reported`), empty where it
    states none: epappas's 21.95 and 22.68 GB/s are both means of four runs, and a sample
    beside them that names no statistic is no figure of another statistic (read33-s19 found
    "the bandwidth figures differ in the statistic reported" false)."""
    return statistic.lower().replace(_UNSTATED_STATISTIC, "").strip()


RANGE_ENDS = frozenset({"range_min", "range_max"})


def _one_range(items: Sequence[Grounded]) -> bool:
    """Whether the figures are the two ends of one range their line states."""
    ends = {item.result.statistic for item in items}
    lines = {item.result.evidence_url for item in items}
    return len(items) == 2 and ends == RANGE_ENDS and len(lines) == 1


def missing_section(writer: SectionWriter) -> Section | None:
    """What the sources leave unstated about the headline figures."""
    stated = [item.result.conditions for item in writer.grounded]
    read = writer.snapshot.documents  # a gap holds of every document read (read33-s20)
    sentences = [
        *_record_unstated_sentences(writer, stated),
        *_condition_gap_sentences(writer.grounded, read),
        *_setup_gap_sentences(writer.selection.setup, read),
    ]
    if writer.selection.dropped_claims:
        sentences.append(
            "Some candidate figures could not be tied to a line of a source document and "
            "were left out."
        )
    kept = writer.ground(writer.front).keep(sentences)
    return w.section("What is missing?", [" ".join(kept)], writer.front)


def _record_unstated_sentences(writer: SectionWriter, stated: Sequence[Conditions]) -> list[str]:
    """The record-level facts no source states, named only where no headline figure states
    them either (the record-level reason may be that several values are stated, which is no
    gap)."""
    if writer.facts is None or not writer.facts.unstated:
        return []
    keys = [k for k in writer.facts.unstated if not any(states(c, k) for c in stated)]
    keys = unstated_anywhere(keys, writer.snapshot.documents)
    names = [UNSTATED_NAMES.get(k, w.key_name(k)) for k in keys]
    if not names:
        return []
    return [f"The sources do not state {w.join(names, 'or')}."]


def _condition_gap_sentences(grounded: Sequence[Grounded], read: Sequence[Document]) -> list[str]:
    """The standard conditions no headline figure states and no cited document speaks of,
    then those only some state, where the documents of the others do not speak of it either
    (lhl: every folder name, `GLM-4.5-Air-UD-Q4_K_XL`, states the quantization its figures'
    conditions leave null)."""
    texts = documents_of(grounded)
    keys, grounded = _applicable(grounded)
    if not grounded:
        return []  # a model's run conditions are no gap of a bandwidth, a clock or an embedding
    stated = [item.result.conditions for item in grounded]
    unknown = unstated_anywhere(_unstated_keys(stated, texts, keys), read)
    partial = [
        k
        for k in keys
        if k not in unknown
        and any(states(c, k) for c in stated)
        and not all(states(c, k) for c in stated)
        and not mentioned(
            k, documents_of([i for i in grounded if not states(i.result.conditions, k)])
        )
    ]
    sentences = []
    if unknown:
        sentences.append(
            f"The record states no {w.join(w.key_names(unknown), 'or')} for any headline figure."
        )
    if partial:
        sentences.append(f"Only some headline figures state their {w.join(w.key_names(partial))}.")
    return sentences


def _applicable(grounded: Sequence[Grounded]) -> tuple[list[str], list[Grounded]]:
    """The standard conditions that apply to some headline figure (a generation setting to a
    token-generation figure), and the figures one of them applies to."""
    models = headline_models(item.result for item in grounded)
    keys = [
        k
        for k in STANDARD_CONDITION_KEYS
        if any(condition_applies(k, item.result, models) for item in grounded)
    ]
    return keys, [i for i in grounded if any(condition_applies(k, i.result, models) for k in keys)]


def _unstated_keys(
    stated: Sequence[Conditions], texts: Sequence[str], keys: Sequence[str]
) -> list[str]:
    """The conditions of `keys` no figure states and no cited text speaks of (never a
    `NOT_A_GAP` one)."""
    return [
        k
        for k in keys
        if k not in NOT_A_GAP and not any(states(c, k) for c in stated) and not mentioned(k, texts)
    ]


def _setup_gap_sentences(setup: ReportedSetup, read: Sequence[Document]) -> list[str]:
    """The fields of the reported setup that no document read states."""
    names = unstated_anywhere([n for n, _ in SETUP_FIELDS if getattr(setup, n) is None], read)
    missing = [label for name, label in SETUP_FIELDS if name in names]
    if not missing:
        return []
    return [f"The reported setup does not state the {w.join(missing, 'or')}."]


def group_by_metric(grounded: Sequence[Grounded]) -> list[tuple[tuple[str, str], list[Grounded]]]:
    """The headline figures grouped by metric and unit, in order of first appearance."""
    groups: dict[tuple[str, str], list[Grounded]] = {}
    for item in grounded:
        groups.setdefault((w.metric_name(item.result), item.result.unit), []).append(item)
    return list(groups.items())
