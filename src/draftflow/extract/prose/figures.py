"""Which numbers of a prose block are reported figures, and what each one is.

A figure is a number with a unit right after it (`48 tok/s`, `0.187 seconds`, `1.78x`,
`17.17 GiB`), a count of outcomes (`0 errors`, `847 times`, `two retry storms`), or a number
a metric phrase introduces in the same clause (`cosine similarity around 0.991`,
`Load average was 0.67 / 0.51 / 0.38`). Lists share the unit written after their last member
(`56.73, 56.81 and 57.10 tok/s`); ranges (`48-54 tok/s`, `between 15.45 and 16.36 tokens
per second`) give both ends; `x of y` and `x/y` keep the denominator.

What is not a figure (`tests/data/devgold/POLICY.md`, "Out"): settings and workload inputs
(token budgets, context, concurrency, timeouts, `key=value` and flags in code), bounds in
words (`below 2`, `at least`), thresholds and targets, hardware and model sizes (`128 GB
unified memory`, `48 GiB of safetensors`, `1.5B`), arithmetic and hypotheticals, retracted
claims, numbers inside quotes or code that says more than the number, versions, dates, ids,
issue numbers and model names (`Gemma 4`, `Round 3`).

This module reads sentences and clauses and applies those rules; the words before a number
that make it a bound, a setting or an approximation are `words.py`, what a number with a unit
reports is `units.py`, what a number without one counts is `counts.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from draftflow.extract.numeric import as_number
from draftflow.extract.prose.blocks import ProseBlock, span_at
from draftflow.extract.prose.changes import CHANGE_UNITS, compared_after
from draftflow.extract.prose.counts import (
    CHANGE_GAP,
    PLURAL_NOUN,
    SUBSET_GAP,
    is_http_status,
    outcome_of,
    phrase_after,
    score_denominators,
    unitless_figure,
)
from draftflow.extract.prose.units import (
    SETTING_AFTER,
    UnitContext,
    figure_with_unit,
    joined_unit,
    statistic_of,
    unit_after_number,
)
from draftflow.extract.prose.words import (
    APPROXIMATE,
    BETWEEN,
    BOUND,
    LIST_GAP,
    NOT_COMPLETED,
    NOT_THIS_SENTENCE,
    RANGE_AND,
    SETTING_BEFORE,
    SETTING_REACH,
    THEORETICAL_AFTER,
    THEORETICAL_BEFORE,
    says,
    theoretical_sentence,
    without_approximation,
)
from draftflow.numbers import NumberKind, NumberMention, ParsedNumber, find_numbers
from draftflow.numbers.quantifiers import with_quantified
from draftflow.numbers.units import TIME_UNITS
from draftflow.text.sentences import clause_spans, sentence_spans

MAX_LABEL = 200
_QUOTED = re.compile(r"\"[^\"\n]{0,200}\"|“[^”\n]{0,200}”")
_SIGN_BEFORE = re.compile(r"[+−-]$")
_HTTP_STATUS = re.compile(r"\bHTTP\s*$", re.IGNORECASE)
# Compiled once (the per-call pattern cache lookup of `re.search(str, …)` showed in profiles:
# these run for every number of every prose block).
_ID_OR_ARITHMETIC_BEFORE = re.compile(r"[#@$]\s*\Z|\d\s*[×*+=]\s*\Z|[\w.]\Z")
_SHAPE_OR_BOUND_AFTER = re.compile(r"^\s*[×*=]\s*[\d(]|^\s*[×x]\s*[a-z]\w*=?\d|^\+(?!\d)")
_WORD_OR_BITS_AFTER = re.compile(r"^[\w]|^[\s-]*bits?\b")
_LETTER_AFTER = re.compile(r"\s*[A-Za-z]")
_DECADE_BEFORE = re.compile(r"\b(?:low|mid|high|early|late|the)\s*$")
_DURATION_BEFORE = re.compile(r"\bfor\b[^,.;:]{0,20}$")
# A time followed by the phase it lasted (`after 300 s of idle`) is how long the run stood
# in that phase before it was measured: a setting of the run, never the latency itself.
_PHASE_AFTER = re.compile(
    r"^[\s-]*(?:of\s+)?(?:idle|idling|inactivity|cool.?down|sleep)\b", re.IGNORECASE
)
# A guide's step labelled with the time it takes (`**Time Required**: ~2-3 minutes` under `Run the
# Full Optimization Script`): an instruction's duration, not a run's latency (read33-s23).
_TIME_REQUIRED = re.compile(r"\btime\s+(?:required|needed)\W*[~≈]?\s*$", re.IGNORECASE)
# A time followed by `long` is an input's length (`1–2 minutes long AP news clips`, a test set's
# description), not how long a run took.
_LENGTH_AFTER = re.compile(r"[\s-]*long\b", re.IGNORECASE)
# A power followed by the mode it names (`configured in 25W power mode`, `a 15 W profile`) is
# the device's configured setting, not a power drawn during a run.
_POWER_MODE_AFTER = re.compile(
    r"[\s-]*(?:power\s+)?(?:mode|profile|preset|envelope|setting)s?\b", re.IGNORECASE
)
_NUMERIC = frozenset(
    {
        NumberKind.QUANTITY,
        NumberKind.PERCENT,
        NumberKind.RANGE,
        NumberKind.FRACTION,
        NumberKind.PLUS_MINUS,
    }
)


@dataclass(frozen=True)
class ProseFigure:
    """One reported figure read from a sentence: where it is and what it is."""

    line: int
    start: int
    """Offset of the number in its block's text (its candidate's locator)."""
    raw: str
    value: int | float
    metric: str
    unit: str
    statistic: str
    label: str
    approximate: bool = False
    denominator: int | float | None = None
    place: tuple[str, ...] = ()
    """The heading and the lead-in the sentence stands under (`**Decode:**`), outermost
    first: what tells a document's sentences apart in a label built from conditions."""


def _code_is_figure(code: tuple[int, int, str], mention: NumberMention) -> bool:
    """A code span holding just the number (and its unit) is a figure written as code."""
    inner = code[2].strip()
    rest = inner.replace(mention.text.strip("~≈"), "", 1).strip(" ~≈")
    return not rest or joined_unit(rest) is not None


def _member_of(following: list[str], figure: tuple[str, str]) -> tuple[str, str] | None:
    """A list member reads as the figure before it unless a word follows it (`0.67, 5 nodes
    idle` names something else)."""
    return None if following and following[0].isalpha() else figure


@dataclass
class _Block:
    """One block's mentions and the judgements made on them."""

    block: ProseBlock
    mentions: list[NumberMention]
    units: list[tuple[str | None, int]]
    sentences: list[tuple[int, int]]
    quoted: list[tuple[int, int]]
    _clauses: dict[tuple[int, int], list[tuple[int, int]]] = field(default_factory=dict)

    @classmethod
    def read(cls, block: ProseBlock, *, decimal_comma: bool = False) -> _Block | None:
        """The block's numbers with the unit after each (list members share the last one's);
        None when it holds none."""
        text = block.text
        found = with_quantified(text, find_numbers(text, decimal_comma=decimal_comma))
        mentions = [m for m in found if m.kind in _NUMERIC]
        if not mentions:
            return None
        state = cls(
            block=block,
            mentions=mentions,
            units=[unit_after_number(text, m) for m in mentions],
            sentences=sentence_spans(text),
            quoted=[(m.start(), m.end()) for m in _QUOTED.finditer(text)],
        )
        state.listed_units()
        return state

    @property
    def text(self) -> str:
        return self.block.text

    def clauses(self, sentence: tuple[int, int]) -> list[tuple[int, int]]:
        """The clauses of one sentence, split once however many numbers it holds."""
        found = self._clauses.get(sentence)
        if found is None:
            found = self._clauses[sentence] = clause_spans(self.text, *sentence)
        return found

    def listed_units(self) -> None:
        """`56.73, 56.81 and 57.10 tok/s`: list members share the unit after the last."""
        for i in range(len(self.mentions) - 2, -1, -1):
            here, after = self.mentions[i], self.mentions[i + 1]
            if self.units[i][0] is not None or self.units[i + 1][0] is None:
                continue
            same = span_at(self.sentences, here.start) == span_at(self.sentences, after.start)
            if same and LIST_GAP.match(self.text[here.end : after.start]):
                self.units[i] = (self.units[i + 1][0], here.end)

    def excluded(self, mention: NumberMention) -> bool:
        """Out by its form: code with more than the number, quotes, ids, sizes, arithmetic."""
        text, start, end = self.text, mention.start, mention.end
        code = self.block.code_span_at(start, end)
        if code is not None and not _code_is_figure(code, mention):
            return True
        if any(a <= start < b for a, b in self.quoted):
            return True
        before = text[max(0, start - 6) : start]
        after = text[end : end + 6]
        if _ID_OR_ARITHMETIC_BEFORE.search(before):
            return True
        if _SHAPE_OR_BOUND_AFTER.match(after):
            return True  # `4096 × 4096`, `32K×c4`: a shape; `500K+`: a bound
        if _WORD_OR_BITS_AFTER.match(after):
            return mention.unit is None
        return bool(mention.multiplier and mention.text.rstrip().endswith(("B", "b")))

    def listed_after(self, i: int, accepted: dict[int, tuple[str, str]]) -> tuple[str, str] | None:
        """`Load average was 0.67 / 0.51 / 0.38`: a list member after a figure is one too."""
        if i == 0 or (i - 1) not in accepted or self.units[i][0] is not None:
            return None
        previous, here = self.mentions[i - 1], self.mentions[i]
        gap = self.text[previous.end : here.start]
        if CHANGE_GAP.match(gap) and BETWEEN.search(self.text[: previous.start]):
            return accepted[i - 1]  # `from one error to zero`: the other end of a change
        metric, _unit = accepted[i - 1]
        if metric == "count" or metric.endswith("_count"):
            return self._after_count(here, gap, accepted[i - 1])
        if not LIST_GAP.match(gap):
            return None
        return _member_of(phrase_after(self.text, here.end), accepted[i - 1])

    def _after_count(
        self, here: NumberMention, gap: str, count: tuple[str, str]
    ) -> tuple[str, str] | None:
        """After a count: a subset of it, another count of a list, or a list member."""
        unit = count[1]
        if unit and gap.lstrip().startswith(unit):
            gap = gap.lstrip()[len(unit) :]  # past the counted noun: `6,864 messages, …`
        if SUBSET_GAP.match(gap):
            return count  # `6,864 messages, including 6,839 with no finish reason`
        if not LIST_GAP.match(gap):
            return None
        following = phrase_after(self.text, here.end)
        if following and PLURAL_NOUN.match(following[-1]):
            # `142 assistant messages, 137 tool parts, and five checkpoint records`
            return outcome_of(following) or ("count", " ".join(following))
        if _LETTER_AFTER.match(self.text[here.end : here.end + 3]):
            return None  # `3 errors, 2 of 4 GPUs`: a count of something else
        return _member_of(following, count)

    def place(self) -> tuple[str, ...]:
        """The block's heading and what names it (its lead-in or row head), those it has."""
        heading = (self.block.heading,) if self.block.heading else ()
        return (*heading, *self.block.names)

    def label(self, clause: tuple[int, int]) -> str:
        """Heading, lead-in and clause: what the sentence says the figure is."""
        sentence = span_at(self.sentences, clause[0])
        first = self.clauses(sentence)[0]
        lead = self.text[first[0] : first[1]] if first[0] < clause[0] else ""
        if lead.rstrip().endswith(";") and self._measures(first):
            lead = ""  # `27B FP8 at TP=2 ready in ~72s; opt-125m in ~25s`: its own figure's
        words = " ".join(f"{lead} {self.text[clause[0] : clause[1]]}".split())
        if self.block.lead_in and words.startswith(self.block.lead_in):
            words = words[len(self.block.lead_in) :].lstrip(" :")
        parts = [self.block.heading, self.block.lead_in, words]
        label = " › ".join(part for part in parts if part)
        return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"

    def _measures(self, span: tuple[int, int]) -> bool:
        """Whether a clause states a figure of its own (a number with its unit): then what it
        names (`at TP=2`) is that figure's, not the next clause's (er0080/vllm-benchmarking
        docs/hardware-verification.md:40, read31-s21)."""
        return any(
            span[0] <= mention.start < span[1] and unit is not None
            for mention, (unit, _) in zip(self.mentions, self.units, strict=True)
        )

    def judge(self, i: int) -> tuple[str, str] | None:
        """(metric, unit) when mention `i` is a reported figure, else None."""
        mention, (unit, unit_end) = self.mentions[i], self.units[i]
        text = self.text
        sentence = span_at(self.sentences, mention.start)
        clause = span_at(self.clauses(sentence), mention.start)
        before = text[clause[0] : mention.start]
        near = before[-SETTING_REACH:].rstrip(" \t\n~≈")
        core = " ".join(without_approximation(near).rstrip(" \t\n+−-").split())
        if _no_result_before(core, near) or THEORETICAL_AFTER.match(text, unit_end):
            return None  # a bound, a setting; `67 TFLOPS theoretical`: worked out, not run
        word = bool(mention.numbers and mention.numbers[0].word)
        if unit is None:
            return unitless_figure(text, mention, before, word, self.block.lead_in)
        phrase = phrase_after(text, unit_end, 3)
        compared = unit in CHANGE_UNITS and compared_after(text[unit_end : unit_end + 30])
        if phrase and SETTING_AFTER.match(" ".join(phrase)) and not compared:
            return None  # `600-second request timeouts`; not `38 % fewer output tokens`
        if _setup_time(unit, core, text[unit_end : unit_end + 30]):
            return None
        if unit in TIME_UNITS and _no_run_time(text, sentence, clause, mention.start, unit_end):
            return None
        if unit == "W" and _POWER_MODE_AFTER.match(text, unit_end):
            return None
        if mention.text.endswith("x") and _EQUATION_AFTER.match(text, unit_end):
            return None  # `2x + 4y = 20`: an unknown's coefficient, not a multiple
        if word:
            return None
        signed = bool(_SIGN_BEFORE.search(text[max(0, mention.start - 1) : mention.start]))
        signed = signed or (mention.values[0] < 0 if mention.values else False)
        spaced = mention.unit is None and text[mention.end : mention.end + 1].isspace()
        context = UnitContext(
            text[clause[0] : clause[1]],
            before,
            text[unit_end : unit_end + 60],
            signed,
            spaced,
            written=text[mention.end : unit_end],
            lead_in=self.block.lead_in,
            row_label=self.block.row_label,
            keyed=self._keyed(clause, mention, unit_end),
        )
        return figure_with_unit(unit, context)

    def _keyed(self, clause: tuple[int, int], mention: NumberMention, unit_end: int) -> str:
        """`Prompt: 606.5 t/s` where the number opens a clause a `Key:` ends the one before
        (Huaming007/Adreno740-Vulkan-LLM-Android README.md:56): the key names this value, and
        no key further back does."""
        if self.text[clause[0] : mention.start].strip(" ~≈*_`"):
            return ""
        key = _KEY_BEFORE.search(self.text, max(0, clause[0] - 40), clause[0])
        if key is None:
            return ""
        return f"{key.group(1)}: {self.text[mention.start : unit_end]}"


_EQUATION_AFTER = re.compile(
    r"\s*(?:[-+*/](?:\d+(?:\.\d+)?|(?<![a-z])[a-z](?![a-z])|[\s()+*/-]){0,40})?=(?!=)"
)
"""Only terms (numbers, one-letter unknowns) and operators, then an equals sign: the rest of
an equation (`2x + 32 - 4x = 20`, `-2x = -12`)."""

_KEY_BEFORE = re.compile(r"(\w[\w .-]{0,30}?)\s*:\s*$")
"""A key and its colon, right before a clause (`[ Prompt: `)."""


def _no_result_before(core: str, near: str) -> bool:
    """Words before a number that make it no result: a bound, a setting, an HTTP status, a
    theoretical value (`theoretical 128K`)."""
    return bool(
        says(BOUND, core)
        or says(SETTING_BEFORE, core)
        or _HTTP_STATUS.search(core)
        or THEORETICAL_BEFORE.search(near)
    )


def _no_run_time(
    text: str, sentence: tuple[int, int], clause: tuple[int, int], start: int, unit_end: int
) -> bool:
    """A time at `start` that is no run's: its clause says the run never finished
    (`NOT_COMPLETED`: `still X at` right before the time, the other words anywhere in the
    clause), a guide's `**Time Required**: ~2-3 minutes` (how long a step takes), or a length
    (`30 s long`)."""
    return bool(
        NOT_COMPLETED.search(text, clause[0], start)
        or NOT_COMPLETED.search(text[start : clause[1]])
        or _TIME_REQUIRED.search(text[sentence[0] : start])
        or _LENGTH_AFTER.match(text, unit_end)
    )


def _setup_time(unit: str, core: str, after: str) -> bool:
    """A time that is no result: `in the low 60s` (a decade of values, not seconds), `ran for
    60 s` or `up for 15 hours` (a duration of the setup), a phase's time after it."""
    if unit == "s" and _DECADE_BEFORE.search(core):
        return True
    return unit in TIME_UNITS and bool(_DURATION_BEFORE.search(core) or _PHASE_AFTER.match(after))


def figures_in_block(block: ProseBlock, *, decimal_comma: bool = False) -> list[ProseFigure]:
    """Every reported figure the block's sentences state, in order."""
    state = _Block.read(block, decimal_comma=decimal_comma)
    if state is None:
        return []
    text, mentions = block.text, state.mentions
    denominators = score_denominators(text, mentions, state.sentences)
    figures: list[ProseFigure] = []
    skipped: set[int] = set()
    accepted: dict[int, tuple[str, str]] = {}
    judged_sentences: dict[tuple[int, int], bool] = {}
    for i, mention in enumerate(mentions):
        sentence = span_at(state.sentences, mention.start)
        if i in skipped or state.excluded(mention) or is_http_status(text, mention):
            continue
        if sentence not in judged_sentences:
            words = text[slice(*sentence)]
            judged_sentences[sentence] = not (
                says(NOT_THIS_SENTENCE, words) or theoretical_sentence(words)
            )
        if not judged_sentences[sentence]:
            continue
        denominator = denominators.get(i)
        if denominator is not None:
            following = mentions[i + 1] if i + 1 < len(mentions) else None
            if (
                mention.kind is not NumberKind.FRACTION
                and following is not None
                and following.values
                and denominator == following.values[0]
            ):
                skipped.add(i + 1)
            judged: tuple[str, str] | None = ("score", "")
        else:
            judged = state.judge(i) or state.listed_after(i, accepted)
        if judged is None:
            continue
        accepted[i] = judged
        figures.extend(_figures(state, i, judged, denominator, skipped))
    return figures


def _figures(
    state: _Block, i: int, judged: tuple[str, str], denominator: float | None, skipped: set[int]
) -> list[ProseFigure]:
    """The figure(s) of one judged mention: both ends of a range, the centre and spread of ±."""
    text, mention = state.text, state.mentions[i]
    metric, unit = judged
    sentence = span_at(state.sentences, mention.start)
    clause = span_at(state.clauses(sentence), mention.start)
    before = text[clause[0] : mention.start]
    approximate = bool(APPROXIMATE.search(before[-SETTING_REACH:].rstrip())) or any(
        n.approximate for n in mention.numbers
    )
    label = state.label(clause)
    line = state.block.line_at(mention.start)
    raw = mention.text.lstrip("~≈ ")
    values = list(mention.numbers)
    kind = mention.kind
    nxt = state.mentions[i + 1] if i + 1 < len(state.mentions) else None
    second = mention
    if (
        kind is NumberKind.QUANTITY
        and nxt is not None
        and BETWEEN.search(before)
        and RANGE_AND.match(text[mention.end : nxt.start])
    ):
        skipped.add(i + 1)
        values, kind, second = [values[0], nxt.numbers[0]], NumberKind.RANGE, nxt
    if kind is NumberKind.FRACTION:
        values, denominator = values[:1], values[1].value
    figures = []
    for index, number in enumerate(values):
        if kind is NumberKind.PLUS_MINUS and index == 1:
            statistic, figure_metric = "± spread as written", f"{metric}_spread"
        else:
            end = _end_of(values, index) if kind is NumberKind.RANGE else index
            statistic, figure_metric = statistic_of(before, end, kind), metric
        position = mention if index == 0 else second
        figures.append(
            ProseFigure(
                line=line if index == 0 else state.block.line_at(position.start),
                start=mention.start if index == 0 else position.start,
                raw=raw,
                value=as_number(number.value, number.decimals),
                metric=figure_metric,
                unit=unit,
                statistic=statistic,
                label=label,
                approximate=approximate,
                denominator=denominator,
                place=state.place(),
            )
        )
    return figures


def _end_of(values: list[ParsedNumber], index: int) -> int:
    """Which end of a range the `index`th value is, 0 the lower: a range written from high to
    low (`runs from 27-13 tokens/s depending on context length`, chameleon-ai/ryzen-ai-max
    README.md:175) has its upper end first."""
    return 1 - index if values[0].value > values[1].value else index
