"""The title and answer from the record's facts, as the seeds write them.

The title names what was measured in a few words, subject first: the model, the engine and
the system, then the lead claim (`DeepSeek-V4-Flash: vLLM on two GB10 nodes, throughput of
33.85 to 87.78 tokens/s`). A system is named only when the headline figures were measured on
it: the select stage's system, unless a headline figure states another; else the one most
headline figures state. The answer says what the repository establishes (the lead claim and
its main comparison) and what it does not (what its documents never state, and that nothing
was re-run). Each candidate passes the grounding guard, or a shorter one is taken; the
shorter titles are kept as fallbacks for a title verify rejects.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from draftflow.draft import template_wording as w
from draftflow.draft.facts import wording as facts_wording
from draftflow.draft.facts.fact_types import Fact, FactKind, FigureRef
from draftflow.draft.facts.figures import figure_ref, is_number_setting, metric_name
from draftflow.draft.facts.lead import is_set_aside
from draftflow.draft.grounding import Grounding
from draftflow.draft.parts import Grounded
from draftflow.draft.record_facts import is_inference, looks_like_a_model
from draftflow.extract.conditions.readers import SOURCE_CELLS
from draftflow.extract.conditions.setup_names import family_names_in
from draftflow.extract.vocabulary import SPEED_AND_TIME_METRICS
from draftflow.numbers import find_numbers
from draftflow.numbers.words import count_word
from draftflow.select.metadata_model import RecordMetadata

MAX_ENGINES_IN_TITLE = 2
_COUNTED = re.compile(r"\d|\b(?:one|two|three|four|five|six|eight)\b", re.I)
_VENDOR = re.compile(r"^(?:nvidia|amd|asus|intel|apple)\s+", re.I)
SECONDARY_TITLE_METRICS = frozenset({"bandwidth"})
TITLE_METRICS = SPEED_AND_TIME_METRICS | SECONDARY_TITLE_METRICS | {"accuracy", "judge_pass_rate"}
"""What a title may claim: a speed, a latency, an accuracy, else an interconnect's bandwidth."""
NOT_ESTABLISHED = (
    "What it does not establish: none of these figures was re-run here, and a comparison "
    "holds only for the configurations and workloads its figures state."
)
RANKED_KINDS = frozenset({FactKind.LEADER, FactKind.SCALING, FactKind.CHANGE})
"""Facts that rank or compare configurations: the text then does not say it ranks none."""


class Framed(Protocol):
    """What the framing reads of the template writer."""

    @property
    def grounded(self) -> list[Grounded]: ...

    @property
    def facts(self) -> RecordMetadata | None: ...

    @property
    def everywhere(self) -> Grounding: ...

    @property
    def claims(self) -> list[tuple[Fact, list[str]]]: ...

    def common_model(self) -> str | None: ...

    def lead_claim(self) -> tuple[Fact, list[str]] | None: ...

    def main_claim(self) -> tuple[Fact, list[str]] | None: ...

    def written(self, item: Grounded) -> str: ...


def _same_name(one: str, other: str) -> bool:
    """`NVIDIA DGX Spark` and `DGX Spark` (or `2x DGX Spark`) name one system; `Qwen3-32B`
    and `Qwen3-32B-AWQ` one model: one name holds the other, a maker's name aside."""
    a, b = (_VENDOR.sub("", s.lower()).strip() for s in (one, other))
    return a in b or b in a


def measured_system(writer: Framed, *, of_claim: bool = False) -> str | None:
    """The system the headline figures were measured on, or None when they say otherwise;
    with `of_claim`, the system the claim's figures state where they state one: a title's
    claim is its own figure's (gparemsky/48gb4090's title set an RTX4090 row's 43.16 tokens/s
    "on A100-24GB", the system most headline rows state, read33-s25)."""
    claimed = _conditions_of(writer, _claimed_refs(writer), "system") if of_claim else []
    if any(claimed):
        named = {n for n in claimed if n}
        if len(named) > 1 or not all(claimed):
            return None  # the claim's figures were measured on several systems, or unstated
        return _claim_system(writer, next(iter(named)))
    stated = [
        text for item in writer.grounded if (text := w.text(item.result.conditions.get("system")))
    ]
    chosen = writer.facts.system if writer.facts is not None else None
    if chosen and all(_same_name(chosen, s) for s in stated):
        return _with_nodes(chosen, writer.facts.node_count if writer.facts else None)
    if stated:
        top, count = Counter(stated).most_common(1)[0]
        if count * 2 > len(writer.grounded):
            return top
    return None


def _claim_system(writer: Framed, system: str) -> str:
    """The claim's one system, with the node count its figures state alike (jvr0x's MiniMax
    rows ran on two Sparks: "on NVIDIA DGX Spark" said one, read-s32), else the record's
    where the record's system is it."""
    counts = set(_claimed_counts(writer))
    stated = next(iter(counts)) if len(counts) == 1 else None
    chosen = writer.facts.system if writer.facts is not None else None
    if chosen and _same_name(chosen, system):
        return _with_nodes(chosen, stated or (writer.facts.node_count if writer.facts else None))
    return _with_nodes(system, stated)


def _claimed_counts(writer: Framed) -> list[int | None]:
    """The node count each claimed figure's own conditions state (None where none)."""
    counts: list[int | None] = []
    for item in _cited(writer, _claimed_refs(writer)):
        count = item.result.conditions.get("node_count")
        counts.append(count if isinstance(count, int) and not isinstance(count, bool) else None)
    return counts


def _with_nodes(system: str, nodes: int | None) -> str:
    if nodes is None or nodes < 2 or _COUNTED.search(system):
        return system
    plural = "" if system.endswith("s") else "s"
    return f"{count_word(nodes)} {system}{plural}"


def engines(writer: Framed, *, of_claim: bool = True) -> list[str]:
    """The engines the claim's figures were measured with (each of them states one), else
    (no claim, or `of_claim` False) those most headline figures state, as the select stage
    spells them where it read them; none otherwise: a title `vLLM / llama.cpp on GB10` over
    NCCL bandwidths says what was not measured."""
    refs = _claimed_refs(writer) if of_claim else ()
    if refs:
        named = _conditions_of(writer, refs, "engine")
        stated = [n for n in named if n] if named and all(named) else []
    else:
        named = [w.text(item.result.conditions.get("engine")) for item in writer.grounded]
        stated = [n for n in named if n]
        # of the headline as a whole, as of its system: what most of its figures state
        stated = stated if len(stated) * 2 > len(named) else []
    runtimes = writer.facts.runtimes if writer.facts is not None else []
    spelled = [r for r in runtimes if any(r.lower() in s.lower() for s in stated)]
    every = all(any(r.lower() in s.lower() for r in spelled) for s in stated)
    chosen: list[str] = spelled if spelled and every else w.unique(stated)
    # two of four engines is no setting (ninehills: "vLLM / ExLlamaV2 on RTX4090" over
    # LMDeploy, TGI, vLLM and ExLlamaV2): every engine, or none
    return chosen if len(chosen) <= MAX_ENGINES_IN_TITLE else []


def setting(writer: Framed, *, of_claim: bool = True) -> str:
    """`vLLM on two GB10 nodes`: the engine and the system, as far as both are known (the
    claim's engines, or with `of_claim` False the headline's)."""
    engine = " / ".join(writer.everywhere.keep(engines(writer, of_claim=of_claim)))
    system = measured_system(writer, of_claim=of_claim)
    if system and not writer.everywhere.supports(system):
        system = None
    if engine and system:
        return f"{engine} on {system}"
    return engine or (f"on {system}" if system else "")


def claim_phrase(writer: Framed) -> str:
    """The lead claim in a few words (`throughput of 33.85 to 87.78 tokens/s`): the lead
    configuration's range (none where it claims nothing a reader can weigh), else, with no
    lead claim, the headline's first claimable figure (`_first_claim`) alone;
    naming its model when the record names none and the lines give the figures to that
    model. A figure without a unit claims nothing a reader can weigh, so the main
    comparison's best figure stands instead."""
    lead = writer.lead_claim()
    if lead is not None:
        # a title naming another figure than the lead's tells the reader two headline numbers
        # for one configuration (newbdez33's title 40.31 tokens/s, its lead 37.37, read-s32)
        return _lead_phrase(writer, lead[0]) if _lead_claimed(writer, lead[0]) else ""
    first = _first_claim(writer)
    if first is not None:
        return _first_phrase(writer, first)
    main = writer.main_claim()
    if main is None or main[0].kind is not FactKind.LEADER:
        return ""
    best = main[0].inputs[0]
    if not _claimed(best) or not all(_of_a_model(writer, i) for i in _cited(writer, (best,))):
        return ""
    # `of`, not `up to`: the best of the headline is not the repository's best (lhl's title
    # said "up to 77.96 tokens/s" over a repository that reports 195.65 elsewhere)
    return f"{main[0].metric} of {facts_wording.amount(best)}"


def _of_a_model(writer: Framed, item: Grounded) -> bool:
    """Whether the figure is a stated model's: its own conditions name one, or the record
    names the model every headline figure is of. A title's claim is the subject's: er0080's
    "vLLM, throughput of 4427 tokens/s" was a 125M model's plumbing check beside a Qwen3.5-9B
    sweep, sirrand27's "15-30 tokens/s" a rule of thumb for "Models up to 8GB" (read33-s23):
    a model's speed, time or accuracy of no stated model claims nothing a reader can place."""
    if not is_inference(item.result):
        return True  # an interconnect's bandwidth or a clock is no model's
    if writer.common_model() is not None:
        return True
    return looks_like_a_model(w.text(item.result.conditions.get("model")) or "")


def _lead_claimed(writer: Framed, fact: Fact) -> bool:
    """The lead claim leads the title where each of its figures has a unit, a claimable
    metric and a stated model."""
    cited = _cited(writer, fact.inputs)
    model = looks_like_a_model(fact.subject) or all(_of_a_model(writer, item) for item in cited)
    return bool(cited) and model and all(_claimed(ref) for ref in fact.inputs)


def _lead_phrase(writer: Framed, fact: Fact) -> str:
    """The lead configuration's range as its lines write it, at its shared concurrency, for
    its model where the record names none and the lines give the figures to it."""
    cited = _cited(writer, fact.inputs)
    ranged = {_range_as_written(item) for item in cited}
    # one stated range (`~122–187 tok/s`), whichever of its ends the claim holds
    written = ranged.pop() if len(ranged) == 1 and cited else ""
    amount = written or facts_wording.figures_range(fact)
    shared = {_at_concurrency(item) for item in cited}
    at = _at_setting(cited[0]) if len(cited) == 1 else ""
    at = at or (shared.pop() if len(shared) == 1 else "")
    phrase = f"{fact.metric} of {amount}{at}{_in_precision(writer, fact, cited)}"
    subject = fact.subject or _one_own_model(cited)
    given = all(_models_figure(item, subject) for item in cited)
    if subject and writer.common_model() is None and given and _said(writer, subject):
        phrase += f" for {subject}"
    return phrase


_PRECISION_KEYS = ("weight_precision", "quantization")


def _in_precision(writer: Framed, fact: Fact, cited: Sequence[Grounded]) -> str:
    """` in Q3_K_L` where the claim is one figure and another headline figure of its metric
    states another precision: the figure is one row of a sweep over precisions, not the
    model's speed (sensura-san's "qwen3-06b: throughput of 7.06 tokens/s" was its Q3_K_L row
    of seven quantizations, read33-s27); `""` otherwise."""
    conf = dict(fact.configuration)
    precision = next((conf[k] for k in _PRECISION_KEYS if conf.get(k)), "")
    if len(cited) != 1 or not precision or not _said(writer, precision):
        return ""
    metric = cited[0].result.metric
    others = {
        _precision_key(text)
        for item in writer.grounded
        if item.result.metric == metric
        for key in _PRECISION_KEYS
        if (text := w.text(item.result.conditions.get(key)))
    }
    return f" in {precision}" if others - {_precision_key(precision)} else ""


def _precision_key(text: str) -> str:
    """`FP16` and `float16` (`BF16`, `bfloat16`) are one precision spelled two ways."""
    return text.lower().replace("bfloat", "bf").replace("float", "fp")


def _first_phrase(writer: Framed, first: Grounded) -> str:
    """The headline's first claimable figure as its line writes it, for its model where the
    record names none and the line gives the figure to it."""
    amount = _range_as_written(first) or facts_wording.amount(figure_ref(first, writer.written))
    phrase = f"{metric_name(first)} of {amount}{_at_setting(first)}"
    model = w.text(first.result.conditions.get("model"))
    named = model and writer.common_model() is None and _models_figure(first, model)
    if model and named and _said(writer, model):
        phrase += f" for {model}"
    return phrase


def _range_as_written(item: Grounded) -> str:
    """One end of a stated range as the range its line writes (`~122–187 tokens/s`), `""`
    for any other figure: luongnv89's "~122–187 tok/s aggregate" became "at least 122
    tokens/s" in the title (read33-s21)."""
    if not item.result.statistic.startswith(("range_min", "range_max")):
        return ""
    line = item.document.line(item.result.source_line) or ""
    value = float(item.result.value)
    for mention in find_numbers(line):
        if len(mention.numbers) == 2 and any(n.matches(value) for n in mention.numbers):
            return w.with_unit(line[mention.start : mention.end], item.result.unit)
    return ""


MIN_SWEEP_CELLS = 2
"""Other cells of a row, under settings stated as numbers, that make it a sweep."""


def _at_column(item: Grounded) -> str:
    """` at 64k` where the figure is one cell of a row that sweeps a setting across its
    columns (FastFlowLM's decode row at 1k ... 128k): the title's one figure named without its
    column read as the model's speed, though it was its second lowest (read33-s23); `""`
    otherwise."""
    cells = item.result.conditions.get(SOURCE_CELLS)
    own = item.result.label.rsplit(",", 1)[-1].strip()
    if not isinstance(cells, dict) or not is_number_setting(own) or own in cells:
        return ""
    swept = [
        header
        for header, value in cells.items()
        if is_number_setting(header) and isinstance(value, int | float)
    ]
    return f" at {own}" if len(swept) >= MIN_SWEEP_CELLS else ""


def _at_setting(item: Grounded) -> str:
    """Where the figure's column and concurrency put it: ` at concurrency 1` where its column
    is its concurrency (Sergey-Kit's llama.cpp row across 1 ... 32 concurrent requests read
    "69.6 tokens/s at 1", read33-s27), else its column and its concurrency above one."""
    column = _at_column(item)
    concurrency = item.result.conditions.get("concurrency")
    counted = isinstance(concurrency, int) and not isinstance(concurrency, bool)
    if counted and column == f" at {concurrency}":
        return f" at concurrency {concurrency}"
    return column + _at_concurrency(item)


def _at_concurrency(item: Grounded) -> str:
    """` at concurrency 4` where the figure's own conditions state a concurrency above one
    (an aggregate throughput is no single stream's); `""` otherwise."""
    concurrency = item.result.conditions.get("concurrency")
    if isinstance(concurrency, int) and not isinstance(concurrency, bool) and concurrency > 1:
        return f" at concurrency {concurrency}"
    return ""


def _cited(writer: Framed, refs: Sequence[FigureRef]) -> list[Grounded]:
    """The headline figures `refs` cite."""
    cited = {(ref.evidence_url, ref.value) for ref in refs}
    return [i for i in writer.grounded if (i.result.evidence_url, float(i.result.value)) in cited]


def _first_claim(writer: Framed) -> Grounded | None:
    """The headline's first figure a title may claim (`_claimed`, above zero), a speed, a
    latency or an accuracy before a bandwidth (an interconnect's figure leads only a record
    of no model's figure), in the headline's order (select's: source order today)."""
    claimable = [
        item
        for item in writer.grounded
        if item.result.value > 0
        and _claimed(figure_ref(item, writer.written))
        and _of_a_model(writer, item)
    ]
    # (an archived or superseded row leads only where nothing current can)
    current = [item for item in claimable if not is_set_aside(item.result)] or claimable
    primary = [item for item in current if item.result.metric not in SECONDARY_TITLE_METRICS]
    return next(iter(primary or current), None)


def _models_figure(item: Grounded | None, model: str) -> bool:
    """Whether the figure's line gives it to `model`: where the line names the model, no
    other figure of the same unit stands between the name and this figure (`A at **43
    tok/s**, and a 26B MoE at **108 tok/s**` gives 108 to the MoE, not to A)."""
    if item is None:
        return False
    line = item.document.line(item.result.source_line) or ""
    at = line.lower().find(model.lower())
    if at < 0:
        return True  # the line does not name it: the conditions read it elsewhere
    value = _value_at(line, float(item.result.value))
    if value is None:
        return True
    start, end = value
    unit = re.match(r"\**\s*([^\s*|,;)]+)", line[end:])
    if unit is None or not unit[1].strip():
        return True
    other = re.compile(r"\d\**\s*" + re.escape(unit[1]))
    between = line[at + len(model) : start] if at < start else line[end:at]
    return other.search(between) is None


def _said(writer: Framed, name: str) -> bool:
    """Whether the documents the title may draw on state the name (a name the guard would
    reject takes the whole claim with it)."""
    return writer.everywhere.supports(name)


def _one_own_model(items: Sequence[Grounded]) -> str:
    """The model the figures' conditions name (read from each one's own line, its folder or
    nearer context by extract's condition reader, with its citation), where all name the
    same one; else `""`."""
    names = {w.text(item.result.conditions.get("model")) for item in items}
    found = names.pop() if len(names) == 1 else None
    return found or ""


def _value_at(line: str, value: float) -> tuple[int, int] | None:
    """Where the line writes the value (its first place)."""
    for mention in find_numbers(line):
        if any(n.matches(value) for n in mention.numbers):
            return mention.start, mention.end
    return None


def _claimed(ref: FigureRef) -> bool:
    """A speed, a latency, a bandwidth or an accuracy, with its unit: what a title claims (a
    memory size, a duration or a count is detail)."""
    return bool(ref.unit) and ref.metric in TITLE_METRICS


def _claimed_refs(writer: Framed) -> tuple[FigureRef, ...]:
    """The figures the title's claim rests on (as `claim_phrase` reads them): the lead
    claim's, else the headline's first figure, else the main comparison's best."""
    lead = writer.lead_claim()
    first = _first_claim(writer)
    if lead is not None and _lead_claimed(writer, lead[0]):
        return lead[0].inputs
    if first is not None:
        return (figure_ref(first, writer.written),)
    main = writer.main_claim()
    return main[0].inputs[:1] if main is not None and main[0].kind is FactKind.LEADER else ()


def _conditions_of(writer: Framed, refs: Sequence[FigureRef], key: str) -> list[str | None]:
    """The `key` condition each claimed figure's own conditions state (None where none)."""
    return [w.text(item.result.conditions.get(key)) for item in _cited(writer, refs)]


def claim_is_the_models(writer: Framed, model: str) -> bool:
    """Whether the claim's figures were measured on `model`: each states it, or states no
    model while no headline figure names another one in its conditions or another model
    family in its label (`Four tasks, sequential, DeepSeek (2 nodes)` beside Qwen)."""
    refs = _claimed_refs(writer)
    models = _conditions_of(writer, refs, "model")
    if any(m and not _same_name(m, model) for m in models):
        return False
    if not all(_models_figure(item, model) for item in _cited(writer, refs)):
        return False  # its line gives the figure to another configuration
    if all(models):
        return True
    families = family_names_in(model)
    for item in writer.grounded:
        named = w.text(item.result.conditions.get("model"))
        if named and not _same_name(named, model):
            return False
        if families and family_names_in(item.result.label) - families:
            return False
    return True


def titles(writer: Framed, repository: str) -> list[str]:
    """Title candidates, best first: subject, setting and claim, then shorter ones. The
    subject is the measured model only when the claim's figures are that model's; else the
    repository."""
    model = writer.common_model()
    subject = model if model and claim_is_the_models(writer, model) else repository
    claim = claim_phrase(writer)
    # no claim in the title: the setting is the headline's, not that of a figure it leaves
    # out (ninehills's "LMDeploy on RTX4090" named one engine of a comparison of several)
    where = setting(writer, of_claim=bool(claim))
    joined = f"{subject} {where}" if where.startswith("on ") else f"{subject}: {where}"
    candidates = []
    if where and claim:
        candidates.append(f"{joined}, {claim}")
    if where:
        candidates.append(joined)
    if claim:
        candidates.append(f"{subject}: {claim}")
    # what is known, never a template: a bare subject says no more than it knows
    candidates += [subject, repository]
    return [c for c in w.unique(candidates) if c]


def answer_sentences(writer: Framed, repository: str) -> list[str]:
    """What the repository establishes and what it does not."""
    said: list[str] = []
    lead, main = writer.lead_claim(), writer.main_claim()
    model = writer.common_model()
    where = setting(writer, of_claim=False)
    if where:
        under = "" if where.startswith("on ") else "under "
        # no common model stated: name none rather than guess how many there are
        verb = f"measures {model}" if model else "reports figures measured"
        said.append(f"{repository} {verb} {under}{where}.")
    if lead is not None:
        said.append(lead[1][0])
    if main is not None:
        said.append(main[1][0])
    gaps = [c for c in writer.claims if c[0].kind is FactKind.UNSTATED]
    if gaps:
        said.append(gaps[0][1][0])
    kept = writer.everywhere.keep(said)
    # the limits say what no draft establishes (nothing re-run, a comparison only for what its
    # figures state); the answer repeats it only where it has nothing of its own to say
    return kept or [NOT_ESTABLISHED]


def ranks(claims: Sequence[tuple[Fact, list[str]]]) -> bool:
    """Whether the text compares or ranks configurations (a leader, a scaling, a change)."""
    return any(fact.kind in RANKED_KINDS for fact, _ in claims)
