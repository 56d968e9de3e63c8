"""Sentences and questions written from facts, without a model: each number once, with its
unit, each configuration by its label, each ratio as the arithmetic of the two figures the
same sentence states (so verify can redo it)."""

from __future__ import annotations

from collections.abc import Sequence

from draftflow.draft.facts.fact_types import Direction, Fact, FactKind, FigureRef
from draftflow.draft.template_wording import join, with_unit
from draftflow.numbers.arithmetic import ratio_text
from draftflow.numbers.vocabulary import vocabulary
from draftflow.numbers.words import count_word
from draftflow.record.model import pinned_path

MAX_NAMED = 3


def amount(ref: FigureRef) -> str:
    """The value as written with its unit once: `285W` stays `285W`, `47.91` becomes
    `47.91 tokens/s`; one end of a stated range or an approximation with its bound (`up to
    187 tokens/s`)."""
    return ref.bound + with_unit(ref.written, ref.unit)


def _ratio(top: FigureRef, bottom: FigureRef) -> str:
    return ratio_text(top.value, bottom.value)


def sentences(fact: Fact) -> list[str]:
    """The sentences stating one fact; the first carries its arithmetic."""
    writer = _WRITERS[fact.kind]
    return writer(fact)


def unnamed(fact: Fact) -> list[str]:
    """The fact without its configurations' labels, for when a label holds a number no
    source states: the figures and their arithmetic still stand."""
    if fact.kind is FactKind.LEADER:
        best, runner = fact.inputs[0], fact.inputs[1]
        at = f" at {fact.detail}" if fact.detail else ""
        if fact.direction is Direction.LOWER:
            return [
                f"For {fact.metric}{at}, the lowest figure is {amount(best)}; the next takes "
                f"{amount(runner)}, {_ratio(runner, best)} as much."
            ]
        return [
            f"For {fact.metric}{at}, the highest figure is {amount(best)}, "
            f"{_ratio(best, runner)} the next best headline figure, {amount(runner)}."
        ]
    if fact.kind is FactKind.MEASURED:
        return claim_sentences(fact, exact=False)
    if fact.kind is FactKind.SPAN:
        low, high = fact.inputs[0], fact.inputs[1]
        return [f"The headline {fact.metric} figures run from {amount(low)} to {amount(high)}."]
    if fact.kind is FactKind.UNSTATED and fact.subject == "conditions":
        names = join(fact.detail.split(", "), "or")
        return [f"The record states no {names} for any headline figure in {join(_paths(fact))}."]
    if fact.kind is FactKind.UNSTATED and fact.subject == "repetitions":
        return [
            f"No headline figure in {join(_paths(fact))} states how many runs it repeats or "
            f"how far they spread, so the {fact.metric} figures come without a spread."
        ]
    return []


# values of a setting that say only whether it was on, which a claim does not name
_SWITCH_WORDS = frozenset({"yes", "no", "none", "off", "on", "true", "false", "n/a"})


def figures_range(fact: Fact) -> str:
    """The fact's figures as one amount (`47.91 tokens/s`) or a range with the unit once
    (`47.91 to 53.6 tokens/s`)."""
    if len(fact.inputs) == 1:
        return amount(fact.inputs[0])
    low, high = fact.inputs[0], fact.inputs[-1]
    return f"{low.bound}{low.written} to {amount(high)}"


def configuration_parts(fact: Fact, *, exact: bool = True) -> tuple[str, str]:
    """What a claim names of its configuration: the model with its precision and decoding
    (`X in NVFP4 with DFlash`), and where it ran (` on one DGX Spark under vLLM 0.20.1`).
    Without `exact`, the node count and engine version are left out."""
    conf = dict(fact.configuration)
    model = conf.get("model", "")
    named = model
    precision = conf.get("weight_precision") or conf.get("quantization") or ""
    if named and precision and precision.lower() not in named.lower():
        named += f" in {precision}"
    decoding = conf.get("speculative_decoding", "")
    if named and decoding and decoding.lower() not in _SWITCH_WORDS:
        named += f" with {decoding}"
    where = ""
    system = conf.get("system")
    if system:
        count = conf.get("node_count", "") if exact else ""
        where = f" on {system}"
        if count.isdigit():
            nodes = int(count)
            said = count_word(nodes)
            # four MI100 cards under one host's tensor parallelism are GPUs, not nodes
            plural = " GPUs" if vocabulary().names_a_card(system) else " nodes"
            where = f" on {said} {system}" if nodes == 1 else f" on {said} {system}{plural}"
    engine = conf.get("engine")
    if engine:
        version = conf.get("engine_version", "") if exact else ""
        where += f" under {engine} {version}".rstrip()
    return named, where


def claim_sentences(fact: Fact, *, exact: bool = True) -> list[str]:
    """The lead configuration's claim as a sentence, and the engines the headline figures
    were measured with when they are several (only engines a figure's conditions name)."""
    named, where = configuration_parts(fact, exact=exact)
    measured = f"{_article(fact.metric)} {fact.metric} of {figures_range(fact)}"
    if len(fact.workloads) > MAX_NAMED:
        measured += " across several workloads"
    elif fact.workloads:
        measured += f" across {join(list(fact.workloads))}"
    if named:
        said = [f"{named} shows {measured}{where}."]
    else:
        figures = "figures show" if len(fact.inputs) > 1 else "figure shows"
        said = [f"The lead headline {figures} {measured}{where}."]
    if fact.detail:
        said.append(f"The headline figures were measured with {join(fact.detail.split(', '))}.")
    return said


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeio" else "a"


def claim_title(fact: Fact, repository: str, *, exact: bool = True) -> str:
    """The lead configuration's claim as a title: `Model in NVFP4: decode rate of 47.91 to
    53.6 tokens/s on one DGX Spark under vLLM 0.20.1`."""
    named, where = configuration_parts(fact, exact=exact)
    return f"{named or repository}: {fact.metric} of {figures_range(fact)}{where}"


def _measured(fact: Fact) -> list[str]:
    return claim_sentences(fact)


def _leader(fact: Fact) -> list[str]:
    best, runner = fact.inputs[0], fact.inputs[1]
    at = f" at {fact.detail}" if fact.detail else ""
    if fact.direction is Direction.LOWER:
        return [
            f"For {fact.metric}{at}, {best.label} is lowest with {amount(best)}; the next, "
            f"{runner.label}, takes {amount(runner)}, {_ratio(runner, best)} as much."
        ]
    return [
        f"For {fact.metric}{at}, {best.label} leads with {amount(best)}, "
        f"{_ratio(best, runner)} the {amount(runner)} of {runner.label}, "
        "the next best headline figure."
    ]


def _scaling(fact: Fact) -> list[str]:
    first, last = fact.inputs[0], fact.inputs[-1]
    said = [
        f"Along {fact.subject}, {fact.metric} goes from {amount(first)} ({first.label}) to "
        f"{amount(last)} ({last.label}), {_ratio(last, first)} the first figure."
    ]
    if fact.detail:
        index = next(i for i, ref in enumerate(fact.inputs) if ref.label == fact.detail)
        before, at = fact.inputs[index - 1], fact.inputs[index]
        said.append(
            f"It stops gaining at {at.label}: {amount(before)} becomes {amount(at)}, "
            f"{_ratio(at, before)} the step before."
        )
    return said


def _change(fact: Fact) -> list[str]:
    earlier, later = fact.inputs[0], fact.inputs[1]
    first_date, _, last_date = fact.detail.partition(" → ")
    return [
        f"The {fact.metric} of {earlier.label} went from {amount(earlier)} on {first_date} to "
        f"{amount(later)} on {last_date}, {_ratio(later, earlier)} the earlier figure."
    ]


def _limit(fact: Fact) -> list[str]:
    if fact.detail:
        beside = join([f"{amount(ref)} ({ref.label})" for ref in fact.inputs[:MAX_NAMED]])
        return [f"The sources mark {fact.subject} as {fact.detail} beside {beside}."]
    ref = fact.inputs[0]
    return [f"The {fact.metric} of {ref.label} is {amount(ref)}, a failure the source counts."]


def _attribution(fact: Fact) -> list[str]:
    return [f"The sources attribute the figures of {join(_names(fact.inputs))} to {fact.subject}."]


def _span(fact: Fact) -> list[str]:
    low, high = fact.inputs[0], fact.inputs[1]
    return [
        f"The headline {fact.metric} figures run from {amount(low)} ({low.label}) to "
        f"{amount(high)} ({high.label})."
    ]


def _unstated(fact: Fact) -> list[str]:
    documents = join(_paths(fact))
    if fact.subject == "engine version":
        return [f"The figures in {documents} name {fact.detail} but not its version."]
    if fact.subject == "conditions":
        names = join(fact.detail.split(", "), "or")
        first = fact.inputs[0]
        # what the record holds, not what the sources say: a document the draft did not
        # read, or words no pattern knows ("512p + 128g tokens, 5 reps" in sensura-san's
        # log), may state them ("these stay unknown" was false there, read33-s27)
        return [
            f"The record states no {names} for any headline figure in {documents}: for "
            f"{_the_figure(first)}, as for every other figure, they are not recorded."
        ]
    first = fact.inputs[0]
    return [
        f"No headline figure in {documents} states how many runs it repeats or how far "
        f"they spread: {_the_figure(first)}, like every other figure, comes without a spread."
    ]


def _the_figure(ref: FigureRef) -> str:
    """A figure named by its value and label (`the 47.91 tokens/s of X`); one end of a range
    by its label, with its bound (`the figure of X (at least 77 tokens/s)`)."""
    if ref.bound:
        return f"the figure of {ref.label} ({amount(ref)})"
    return f"the {amount(ref)} of {ref.label}"


def _names(refs: Sequence[FigureRef]) -> list[str]:
    names = list(dict.fromkeys(ref.label for ref in refs))
    return names[:MAX_NAMED]


def _paths(fact: Fact) -> list[str]:
    paths = [pinned_path(url) for url in fact.citations]
    return [p for p in paths if p][:MAX_NAMED]


_WRITERS = {
    FactKind.MEASURED: _measured,
    FactKind.LEADER: _leader,
    FactKind.SCALING: _scaling,
    FactKind.CHANGE: _change,
    FactKind.LIMIT: _limit,
    FactKind.ATTRIBUTION: _attribution,
    FactKind.SPAN: _span,
    FactKind.UNSTATED: _unstated,
}


def question(fact: Fact) -> str:
    """The section heading a fact answers: a question only this repository's figures raise."""
    if fact.kind is FactKind.MEASURED:
        named, where = configuration_parts(fact, exact=False)
        if named:
            return f"What {fact.metric} does {named} show{where}?"
        if len(fact.inputs) > 1:
            return f"What {fact.metric} do the lead headline figures show{where}?"
        return f"What {fact.metric} does the lead headline figure show{where}?"
    if fact.kind is FactKind.LEADER:
        at = f" at {fact.detail}" if fact.detail else ""
        return f"Which configuration leads {fact.metric}{at}, and by how much?"
    if fact.kind is FactKind.SCALING:
        if fact.detail:
            return f"Where does {fact.metric} stop gaining along {fact.subject}?"
        return f"How does {fact.metric} change along {fact.subject}?"
    if fact.kind is FactKind.CHANGE:
        return f"What changed in {fact.metric} between the dated runs of {fact.subject}?"
    if fact.kind is FactKind.LIMIT:
        if fact.detail:
            return f"Where is {fact.subject} marked {fact.detail}?"
        return f"What failed in the {fact.metric} figures?"
    if fact.kind is FactKind.ATTRIBUTION:
        return f"Which figures did {fact.subject} measure?"
    if fact.kind is FactKind.SPAN:
        return f"How far apart are the {fact.metric} figures?"
    return f"What do the sources leave open about the {fact.metric} figures?"
