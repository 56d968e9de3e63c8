"""Rule 3 continued, a number in prose with what its sentence says it is: "574.6 tok/s at
concurrency 32" is supported only if a source states 574.6 at concurrency 32.

A prose number is found at every place of the documents its field may draw on that states it
as a figure (`reread.line_readings`: extract's reading of the place). Its sentence's words
are claims about it, held to those places as a result's fields are held to its cited one:

- the unit written after it (`178 s`) must be a reading's unit (another scale misstates it);
- a statistic named just before it (`the p99 TTFT is 2048 ms`) must be one a place names;
- a kind of latency or speed named just before it must be one a place names;
- a setting the sentence states with one value (`at concurrency 32`, `single-stream`) must be
  the value a place states beside the figure.

A number no place reads as a figure gets no verdict here (rule 3's lookup stands alone), nor
does a word every place leaves unsaid, except a percentile: a p95 is never implicit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from draftflow.extract.classify import Selected
from draftflow.extract.vocabulary import METRIC_RES
from draftflow.numbers import NumberMention, find_numbers
from draftflow.text.sentences import split_sentences
from draftflow.verify.context import ListedDocument, VerifyContext
from draftflow.verify.dimensions import MEASURED, UNIT_AFTER_RE, unit_dimensions
from draftflow.verify.index import DocumentIndex
from draftflow.verify.meaning import Stated, label_settings, stated_settings
from draftflow.verify.prose import prose_fields
from draftflow.verify.report import Evidence, Rule, Severity
from draftflow.verify.reread import (
    kind_of,
    line_readings,
    named_statistic,
    names_of,
    same_dimension,
    says_metric,
    unit_id,
)
from draftflow.verify.roles import words_before

MAX_PLACES = 40
"""Places stating one prose number that are read (a number stated more often is common)."""
_CLAUSE_RE = re.compile(r"[;:,()]|\b(?:while|whereas|but|and|than|versus|vs)\b", re.IGNORECASE)
_NAMING_WORDS = 6
_PERCENTILE = re.compile(r"^p\d")
_LIST_NEXT = re.compile(r"\s*(?:,|\band\b|\bor\b|\bto\b|-|–|/)\s*\d")
# Statistics a prose number's words name as the statistic of a figure: "the highest" and
# "the maximum" in prose compare figures, they do not name a column's statistic.
_PROSE_STATISTICS = re.compile(r"^(?:p\d+|median)$")


@dataclass(frozen=True)
class Place:
    """One place that states a prose number as a figure: its readings there and settings."""

    listed: ListedDocument
    line: int
    readings: list[Selected]
    settings: Stated


def check_prose_meaning(ctx: VerifyContext) -> None:
    """Flag a prose number whose unit, statistic, metric or setting words no place that
    states it as a figure says."""
    for location, text, documents in prose_fields(ctx):
        for sentence in split_sentences(text):
            mentions = find_numbers(sentence, decimal_comma=False)
            settings = _one_value_settings(sentence) if _one_quantity(sentence, mentions) else {}
            for mention in mentions:
                if mention.kind.is_numeric and mention.numbers:
                    _check(ctx, location, sentence, mention, mentions, settings, documents)


def _one_quantity(sentence: str, mentions: list[NumberMention]) -> bool:
    """True when a sentence states one measured quantity: its settings are that figure's
    (`107.7 tokens/s becomes 84.6 tokens/s at concurrency 2` says concurrency 2 of one)."""
    measured = [
        m
        for m in mentions
        if (unit := UNIT_AFTER_RE.match(sentence, m.end)) is not None
        and unit_dimensions(unit.group(1)) & MEASURED
    ]
    return len(measured) == 1


def _one_value_settings(sentence: str) -> dict[str, tuple[int, str, tuple[int, int]]]:
    """The settings a sentence states with a single value each (`at concurrency 32`):
    name → (value, as written, its span); a sentence naming two values of one setting (a
    sweep from concurrency 1 to 8) says none of them about any one number."""
    found: dict[str, set[int]] = {}
    written: dict[str, tuple[int, str, tuple[int, int]]] = {}
    for name, value, text in label_settings(sentence):
        found.setdefault(name, set()).add(value)
        start = sentence.find(text)
        if _LIST_NEXT.match(sentence, start + len(text)):
            found[name].add(-1)  # `concurrency 1, 2, 4 and 8`: a list, not one value
        written[name] = (value, text, (start, start + len(text)))
    return {name: written[name] for name, values in found.items() if len(values) == 1}


def _places(
    ctx: VerifyContext, mention: NumberMention, documents: list[ListedDocument]
) -> list[Place]:
    """Every place that states the number exactly as a figure; none when a place states it
    (or a number it rounds from) otherwise."""
    number = mention.numbers[0]
    places = []
    for listed in ctx.available(documents):
        assert listed.document is not None
        index: DocumentIndex = ctx.index(listed)
        document = listed.document
        for line in index.lines_for_number(number, limit=MAX_PLACES):
            on_line = line_readings(ctx, document, line)
            here = [r for r in on_line if abs(float(r.value) - number.value) < 1e-9]
            if not here:
                return []  # stated where extract reads no figure (a setting): no verdict
            places.append(Place(listed, line, here, stated_settings(index, line)))
    return places


def _check(
    ctx: VerifyContext,
    location: str,
    sentence: str,
    mention: NumberMention,
    mentions: list[NumberMention],
    settings: dict[str, tuple[int, str, tuple[int, int]]],
    documents: list[ListedDocument],
) -> None:
    if any(start <= mention.start < end for _, _, (start, end) in settings.values()):
        return  # the setting's own value
    unit = UNIT_AFTER_RE.match(sentence, mention.end)
    if unit is None or not unit_dimensions(unit.group(1)) & MEASURED:
        return  # a count, a ratio or a bare number: rule 3's lookup holds it
    clause = _CLAUSE_RE.split(words_before(sentence, mention, mentions))[-1]
    naming = " ".join(clause.split()[-_NAMING_WORDS:]).lower()
    statistic = named_statistic(naming) if naming else None
    if statistic is not None and not _PROSE_STATISTICS.match(statistic):
        statistic = None
    metric = next((name for name, regex in METRIC_RES if regex.search(naming)), None)
    places = _places(ctx, mention, documents)
    if not places:
        return
    readings = [r for place in places for r in place.readings]
    problems = []
    problems += _unit_problem(unit.group(1), readings)
    if statistic is not None:
        problems += _statistic_problem(statistic, readings)
    if metric is not None:
        problems += _metric_problem(metric, readings)
    for name, (value, written, _) in settings.items():
        problems += _setting_problem(name, value, written, places)
    for problem in problems[:1]:
        first = places[0]
        evidence: list[Evidence] = [ctx.evidence(first.listed, first.line)]
        ctx.flag(
            Severity.ERROR,
            Rule.PROSE,
            location,
            mention.text,
            f"{mention.text} {problem} (the source states {mention.text} at "
            f"{first.listed.path} line {first.line}: {names_of(first.readings[0])!r})",
            evidence,
        )


def _unit_problem(written: str, readings: list[Selected]) -> list[str]:
    said = unit_id(written)
    read = {unit_id(r.unit) for r in readings}
    if said is None or None in read or said in read:
        return []
    if not all(same_dimension(said, u) for u in read if u):
        return []  # another quantity: rule 3's dimension check holds it
    return [
        f"is written in {written!r}, but every place that states it gives it in "
        f"{' or '.join(sorted(str(u) for u in read))}"
    ]


def _statistic_problem(statistic: str, readings: list[Selected]) -> list[str]:
    read = {named_statistic(r.statistic) for r in readings} | {
        named_statistic(names_of(r)) for r in readings
    }
    if statistic in read:
        return []
    stated = read - {None}
    if not stated and not _PERCENTILE.match(statistic):
        return []
    where = (
        f"names it {' or '.join(sorted(str(s) for s in stated))}"
        if stated
        else "names no percentile"
    )
    return [f"is called a {statistic}, but every place that states it {where}"]


def _metric_problem(metric: str, readings: list[Selected]) -> list[str]:
    said = kind_of(metric)
    if said is None or any(kind_of(r.metric) != said for r in readings):
        return []
    if says_metric(metric, readings):
        return []
    read = sorted({r.metric for r in readings})
    return [f"is called a {metric}, but every place that states it names a {' or '.join(read)}"]


def _setting_problem(name: str, value: int, written: str, places: list[Place]) -> list[str]:
    stating = [place.settings[name][0] for place in places if name in place.settings]
    if len(stating) < len(places):
        return []  # a place that does not state the setting: its conditions are elsewhere
    if any(_states(text, value) for text in stating):
        return []
    shown = ", ".join(sorted({text.strip().rstrip(",") for text in stating}))
    return [f"is given {written!r}, but every place that states it states {name} {shown}"]


def _states(text: str, value: int) -> bool:
    numbers = [p.value for m in find_numbers(text, decimal_comma=False) for p in m.numbers]
    return not numbers or any(abs(n - value) < 1e-9 for n in numbers)
