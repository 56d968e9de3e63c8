"""The drafter's own check that a piece of prose states only numbers its sources support.

The verify stage has the last word on the record. The drafter cannot ask it about text it has
not assembled into a record yet, so it applies the same reading first: the prose is read with
`draftflow.numbers.find_numbers` (as verify reads it), and each mention must be supported:

- a quantity (digits or a number word, a range, a `±` pair): every value rounds, at its written
  precision, to a number written in the allowed texts or to one of the allowed record values;
- a date, version, hex string or identifier: its text is written in the allowed texts or names
  one of the allowed record strings (labels, metrics, the repository);
- a URL: it is one of the allowed URLs (the snapshot's pinned documents, for the model; none
  for the templates, whose citations carry the URLs).

A phrase that fails is not written. For the template drafter the allowed texts are the cited
documents; for the model drafter they are the material the model was shown, which is stricter
than verify: a hostile line elsewhere in a cited file cannot lend the model a figure.
"""

from __future__ import annotations

import copy
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from decimal import Decimal
from functools import lru_cache

from draftflow.acquire.snapshot import Document
from draftflow.numbers import (
    NumberKind,
    NumberMention,
    find_numbers,
    stated_values,
    uses_decimal_comma,
)
from draftflow.numbers.arithmetic import ratios
from draftflow.record.model import ReportedResult, TestProfile


def format_value(value: int | float | bool) -> str:
    """Write a record number as JSON would, without exponent notation (27.0 stays 27.0)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    text = repr(value)
    if "e" in text or "E" in text:
        text = format(Decimal(text), "f")
    return text


def as_written(value: int | float, line: str, *, decimal_comma: bool) -> str:
    """`value` as its evidence line writes it (`13.2M`, `2,165`, `85%`) when the line states it
    exactly and the text reads back the same in prose; otherwise as the record stores it."""
    if not decimal_comma:
        for mention in _line_mentions(line):
            if len(mention.numbers) != 1 or mention.kind not in _SINGLE_KINDS:
                continue
            if _exactly(mention.numbers[0].alternatives, value) and _reads_back(
                mention.text, value
            ):
                return mention.text
    return format_value(value)


_SINGLE_KINDS = (NumberKind.QUANTITY, NumberKind.PERCENT)


@lru_cache(maxsize=32)
def _line_mentions(line: str) -> tuple[NumberMention, ...]:
    """A line's numbers, read once: the claims of a wide row cite the same line many times."""
    return tuple(find_numbers(line, decimal_comma=False))


def _exactly(alternatives: tuple[float, ...], value: float) -> bool:
    return any(abs(alt - value) <= 1e-9 * max(1.0, abs(value)) for alt in alternatives)


def _reads_back(text: str, value: float) -> bool:
    mentions = find_numbers(text, decimal_comma=False)
    return (
        len(mentions) == 1
        and len(mentions[0].numbers) == 1
        and _exactly(mentions[0].numbers[0].alternatives, value)
    )


def number_claims(text: str) -> list[str]:
    """The mentions in `text` that verify checks: quantities, number words, dates, versions,
    hex strings, identifiers and URLs, as written."""
    return [mention.text for mention in find_numbers(text, decimal_comma=False)]


class SourceText:
    """A text that prose may draw on: lower-cased at once, and every number it states, read
    line by line (as verify indexes a document) the first time a number is looked up. Most
    phrases state record values, which `Grounding` checks first: then the text is never read
    for numbers at all (the templates' sections cite whole documents)."""

    def __init__(self, text: str, *, decimal_comma: bool = False) -> None:
        self.lowered = text.lower()
        self.decimal_comma = decimal_comma
        self._text: str | None = text
        self._values: array[float] | None = None

    @classmethod
    def read(cls, text: str, *, decimal_comma: bool = False) -> SourceText:
        """The text, its numbers to be read when first needed."""
        return cls(text, decimal_comma=decimal_comma)

    @property
    def values(self) -> array[float]:
        """Every number the text states, sorted."""
        if self._values is None:
            found: set[float] = set()
            for line in (self._text or "").splitlines():
                if line.strip():
                    _collect_values(line, self.decimal_comma, found)
            self._values, self._text = array("d", sorted(found)), None
        return self._values

    def states(self, low: float, high: float) -> bool:
        """True when a number between `low` and `high` is written here."""
        values = self.values
        return bisect_right(values, high) > bisect_left(values, low)


def _collect_values(line: str, decimal_comma: bool, found: set[float]) -> None:
    for mention in find_numbers(line, decimal_comma=decimal_comma):
        found.update(stated_values(mention))


class SourceTexts:
    """Read each document once per drafting run, however many phrases cite it."""

    def __init__(self) -> None:
        self._by_sha: dict[str, SourceText] = {}

    def document(self, document: Document) -> SourceText:
        """The document's text, read with the decimal-comma rule verify uses for it."""
        read = self._by_sha.get(document.sha256)
        if read is None:
            text = document.text
            comma = uses_decimal_comma(document.path, text)
            read = SourceText.read(text, decimal_comma=comma)
            self._by_sha[document.sha256] = read
        return read


class Grounding:
    """What a piece of prose may draw on: source texts, record values and record names."""

    def __init__(
        self,
        sources: Iterable[SourceText],
        values: Iterable[float] = (),
        names: Iterable[str] = (),
        urls: Iterable[str] = (),
    ) -> None:
        self._sources = list(sources)
        self._urls = {url.rstrip("/") for url in urls}
        self._values = array("d", sorted({float(v) for v in values}))
        self._names = [name.lower() for name in names if name]
        self._verdicts: dict[str, bool] = {}

    def over(self, sources: Iterable[SourceText]) -> Grounding:
        """The same record values, names and URLs over other source texts: a writer grounds
        each section over its own documents, and reading the record's thousands of values
        and names again for each cost more than the sections themselves."""
        grounding = copy.copy(self)
        grounding._sources = list(sources)
        grounding._verdicts = {}
        return grounding

    def naming(self, names: Iterable[str]) -> Grounding:
        """The same guard, which also takes `names` as identifiers prose may repeat (a section
        citing `reports/Round-25-Report.md` may name that path; a path's digits never support
        a figure: names stand only for identifiers, never for numbers)."""
        grounding = copy.copy(self)
        grounding._names = [*self._names, *(name.lower() for name in names if name)]
        grounding._verdicts = {}
        return grounding

    @classmethod
    def of_texts(
        cls,
        texts: Iterable[str],
        values: Iterable[float] = (),
        names: Iterable[str] = (),
        urls: Iterable[str] = (),
    ) -> Grounding:
        """A grounding over plain texts (the model's material)."""
        return cls((SourceText.read(t) for t in texts), values, names, urls)

    def supports(self, text: str) -> bool:
        """True when every number-like mention in `text` is supported (see the module doc)."""
        verdict = self._verdicts.get(text)
        if verdict is None:
            # a ratio is supported as the arithmetic of two quantities beside it, which are
            # themselves checked like any other number
            derived = {r.mention.start for r in ratios(text) if r.recomputable}
            verdict = all(
                m.start in derived or self._supports_mention(m)
                for m in find_numbers(text, decimal_comma=False)
            )
            self._verdicts[text] = verdict
        return verdict

    def keep(self, items: Iterable[str]) -> list[str]:
        """The items (phrases or sentences) whose numbers are all supported, in order."""
        return [item for item in items if self.supports(item)]

    def _supports_mention(self, mention: NumberMention) -> bool:
        if mention.kind.is_numeric:
            return all(
                any(self._stated(low, high) for low, high in number.intervals())
                for number in mention.numbers
            )
        if mention.kind is NumberKind.URL:
            return mention.text.partition("#")[0].rstrip("/") in self._urls
        written = mention.text.lower()
        key = (mention.normalized or mention.text).lower()
        if any(written in s.lowered or key in s.lowered for s in self._sources):
            return True
        return any(key in name for name in self._names)

    def _stated(self, low: float, high: float) -> bool:
        if bisect_right(self._values, high) > bisect_left(self._values, low):
            return True
        return any(source.states(low, high) for source in self._sources)


def record_values(results: Iterable[ReportedResult]) -> list[float]:
    """Numbers prose may state although no cited document writes them: each result's value
    and observed bounds, which verify accepts as the record's own verified fields."""
    values: list[float] = []
    for result in results:
        values.append(result.value)
        if result.uncertainty is not None:
            bounds = (result.uncertainty.observed_min, result.uncertainty.observed_max)
            values += [b for b in bounds if b is not None]
    return values


def record_names(
    repository: str, results: Iterable[ReportedResult], profiles: Iterable[TestProfile]
) -> list[str]:
    """Names prose may repeat as identifiers: the repository, labels, metrics and units."""
    names = [repository]
    for result in results:
        names += [result.label, result.metric, result.unit]
    names += [profile.label for profile in profiles]
    return names
