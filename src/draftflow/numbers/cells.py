"""One table cell (or data leaf) split into the figures it states.

A cell is read as its author wrote it: markers (`**`, backticks, emoji) are ignored; a unit
comes from the cell (`32.8 tok/s`, `53°C`, `3.2×`) or else from its header (`mean ms`); `~`,
`≈` and "about" mark a figure approximate; a range gives two figures (range_min, range_max);
`±` gives the value and its spread; `90/100` is one score with a denominator; paired values
(`2.185 s / 6.90 s`) take their names from a paired header (`TTFT / total`); a list cell
(`prefill 125.77 tok/s, decode 43.57 tok/s`) names each figure by the words before it; an
explicit sign (`+5.9%`, `−3.9%`) marks a change; a trailing plus (`500+ ms`) makes the number
an open bound, never a value.

Figures come out in the order `cell_numbers` gives the cell's values, so `index` addresses
`Candidate.values` directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from draftflow.numbers.kinds import NumberKind, NumberMention
from draftflow.numbers.parse import parse_number
from draftflow.numbers.scan import numeric_mentions
from draftflow.numbers.units import canonical_unit, unit_after, unit_of_name

MAX_FIGURE_WORDS = 3
MAX_FIGURE_CELL = 80


class CellRole(StrEnum):
    """What one number of a cell is."""

    VALUE = "value"
    RANGE_MIN = "range_min"
    RANGE_MAX = "range_max"
    SPREAD = "spread"
    DENOMINATOR = "denominator"
    INTERVAL = "interval"
    """Inside `[...]`: an interval's bound (`Welch95 [−12.25, +9.55]`), not a value."""
    CONDITION = "condition"
    """Written after `@`: the condition a figure was measured at (`2.81× @1M`)."""
    AMBIGUOUS = "ambiguous"
    """Written so that the parsed value would misstate it (`−5…−8%`): never reported."""
    BOUND = "bound"
    """Written with an open end (`500+`, `800+ ms`): a lower bound, not a measured value."""


class CellShape(StrEnum):
    """What kind of cell it is: one figure (maybe with a remark), a list of named figures, or
    a sentence (prose that happens to sit in a table)."""

    FIGURE = "figure"
    LIST = "list"
    SENTENCE = "sentence"


@dataclass(frozen=True, slots=True)
class CellFigure:
    """One number of a cell and what the cell says about it."""

    index: int
    value: float
    decimals: int
    raw: str
    role: CellRole
    unit: str | None
    approximate: bool = False
    signed: bool = False
    denominator: float | None = None
    label: str | None = None


_WORD = re.compile(r"[^\W\d_]{2,}")
_APPROXIMATE_WORDS = re.compile(
    r"(?:~|≈|\b(?:about|approx(?:imately|\.)?|roughly|around|nearly|almost))\s*$", re.IGNORECASE
)
_NOT_COUNTED = frozenset(
    {
        "ms",
        "s",
        "sec",
        "secs",
        "seconds",
        "tok",
        "tokens",
        "token",
        "gb",
        "gib",
        "mb",
        "mib",
        "tib",
        "tb",
        "req",
        "tps",
        "rps",
        "min",
        "minutes",
        "approximately",
        "about",
        "approx",
        "roughly",
        "around",
        "per",
        "and",
        "of",
        "at",
        "x",
        "vs",
        "pp",
        "w",
    }
)
_SEGMENT = re.compile(r"[,;]\s+|\s+[|·]\s+")
_MARKERS = re.compile(r"\*\*|`|~~|__")
_HEADER_PAIR = re.compile(r"\s+/\s+|/")
_PLAIN = re.compile(r"\s*[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\s*")


def words_of(text: str) -> list[str]:
    """The words of a cell that are not units or approximation markers."""
    return [w for w in _WORD.findall(text) if w.lower() not in _NOT_COUNTED]


def _numeric(text: str) -> list[NumberMention]:
    return list(numeric_mentions(text))


@lru_cache(maxsize=1 << 14)
def cell_shape(text: str) -> CellShape:
    """Whether a cell is a figure, a list of named figures, or a sentence."""
    plain = _MARKERS.sub("", text).strip()
    # the cheap test of each pair first: a long cell's words are not counted, and a segment
    # with too many words is not scanned for numbers
    if len(plain) <= MAX_FIGURE_CELL and len(words_of(plain)) <= MAX_FIGURE_WORDS:
        return CellShape.FIGURE
    segments = [s for s in _SEGMENT.split(plain) if s.strip()]
    if len(segments) >= 2 and all(
        len(words_of(s)) <= MAX_FIGURE_WORDS and len(_numeric(s)) <= 1 for s in segments
    ):
        return CellShape.LIST
    return CellShape.SENTENCE


def is_sentence(text: str) -> bool:
    """True for a cell that is prose: its figures are read as sentences are, not as cells."""
    return cell_shape(text) is CellShape.SENTENCE


@lru_cache(maxsize=1 << 15)
def split_cell(text: str, header: str = "") -> tuple[CellFigure, ...]:
    """The figures one cell states, in value order (see the module docstring)."""
    if _PLAIN.fullmatch(text):
        parsed = parse_number(text.strip())
        if parsed is not None:
            unit = unit_of_name(header) if header else None
            raw = text.strip()
            signed = raw[:1] in "+-"
            return (
                CellFigure(
                    0, parsed.value, parsed.decimals, raw, CellRole.VALUE, unit, signed=signed
                ),
            )
    mentions = _numeric(text)
    if not mentions:
        return ()
    header_unit = unit_of_name(header) if header else None
    figures: list[CellFigure] = []
    for mention in mentions:
        found = _figures_of(text, mention, len(figures), header_unit)
        aside = _aside(text, mention.start, mention.end)
        if aside is not None:
            found = [_with(f, role=aside) for f in found]
        figures.extend(found)
    figures = _ellipsis_ranges(text, figures)
    values = [f for f in figures if f.role is CellRole.VALUE]
    pairs = _header_pairs(header)
    if len(values) >= 2 and len(pairs) == len(values):
        named = {id(f): pairs[i] for i, f in enumerate(values)}
        figures = [
            _with(f, label=named[id(f)][0], unit=f.unit or named[id(f)][1]) if id(f) in named else f
            for f in figures
        ]
    elif len(values) >= 2 and cell_shape(text) is CellShape.LIST:
        figures = [_with(f, label=_words_before(text, f.raw)) for f in figures]
    return tuple(figures)


_OPEN_END = re.compile(r"\+(?=\s|$|[)\]*_`,;:.!?|\"'])(?!\s*[\d/±+\-])")
"""A plus right after a number that opens its end (`500+`, `800+ ms`, `**60+**`), not a sum
(`2+2`), a spread (`5+/-1`) or a version's local part (`dev608+g99a`)."""


def _aside(text: str, start: int, end: int) -> CellRole | None:
    """Whether a number is an interval bound (inside brackets), a condition (after `@`) or an
    open bound (a plus after it)."""
    if _OPEN_END.match(text, end):
        return CellRole.BOUND
    before = text[:start]
    if before.count("[") > before.count("]"):
        return CellRole.INTERVAL
    if before.rstrip(" ~").endswith("@"):
        return CellRole.CONDITION
    return None


_ELLIPSIS = re.compile(r"^\s*(?:…|\.\.\.?)\s*(?P<minus>[-−]?)$")


def _ellipsis_ranges(text: str, figures: list[CellFigure]) -> list[CellFigure]:
    """`−5…−8%`: two values joined by an ellipsis are the ends of a range."""
    for i in range(len(figures) - 1):
        low, high = figures[i], figures[i + 1]
        if low.role is not CellRole.VALUE or high.role is not CellRole.VALUE:
            continue
        end = text.find(low.raw) + len(low.raw)
        start = text.find(high.raw, end)
        gap = _ELLIPSIS.match(text[end:start]) if start > end >= len(low.raw) else None
        if gap is not None:
            unit = high.unit or low.unit
            if gap["minus"]:
                # `−5…−8%`: the parser reads the second end as 8; reporting it either way would
                # state a number the source does not, so neither end is reported
                figures[i] = _with(low, role=CellRole.AMBIGUOUS)
                figures[i + 1] = _with(high, role=CellRole.AMBIGUOUS)
                continue
            figures[i] = _with(low, role=CellRole.RANGE_MIN, unit=unit, raw=f"{low.raw}…{high.raw}")
            figures[i + 1] = _with(
                high, role=CellRole.RANGE_MAX, unit=unit, raw=f"{low.raw}…{high.raw}"
            )
    return figures


def _with(figure: CellFigure, **changes: object) -> CellFigure:
    fields = {name: getattr(figure, name) for name in CellFigure.__slots__}
    fields.update(changes)
    return CellFigure(**fields)


def _figures_of(
    text: str, mention: NumberMention, first: int, header_unit: str | None
) -> list[CellFigure]:
    unit = canonical_unit(mention.unit) or unit_after(text, mention.end) or header_unit
    before = text[max(0, mention.start - 16) : mention.start]
    approximate = any(n.approximate for n in mention.numbers) or bool(
        _APPROXIMATE_WORDS.search(before)
    )
    raw = mention.text.lstrip("~≈ ")
    signed = raw[:1] in "-−" or before.rstrip()[-1:] == "+"
    numbers = mention.numbers
    if mention.kind is NumberKind.PERCENT:
        unit = "%"
    if mention.kind is NumberKind.RANGE:
        low, high = numbers
        # a range written from high to low (`27-13`) has its upper end first
        first_role, second_role = (
            (CellRole.RANGE_MAX, CellRole.RANGE_MIN)
            if low.value > high.value
            else (CellRole.RANGE_MIN, CellRole.RANGE_MAX)
        )
        return [
            CellFigure(first, low.value, low.decimals, raw, first_role, unit, approximate),
            CellFigure(first + 1, high.value, high.decimals, raw, second_role, unit, approximate),
        ]
    if mention.kind is NumberKind.PLUS_MINUS:
        centre, spread = numbers
        return [
            CellFigure(
                first, centre.value, centre.decimals, raw, CellRole.VALUE, unit, approximate, signed
            ),
            CellFigure(first + 1, spread.value, spread.decimals, raw, CellRole.SPREAD, unit),
        ]
    if mention.kind is NumberKind.FRACTION:
        numerator, denominator = numbers
        return [
            CellFigure(
                first,
                numerator.value,
                numerator.decimals,
                raw,
                CellRole.VALUE,
                unit,
                approximate,
                denominator=denominator.value,
            ),
            CellFigure(
                first + 1, denominator.value, denominator.decimals, raw, CellRole.DENOMINATOR, unit
            ),
        ]
    return [
        CellFigure(first + i, n.value, n.decimals, raw, CellRole.VALUE, unit, approximate, signed)
        for i, n in enumerate(numbers)
    ]


def _header_pairs(header: str) -> list[tuple[str, str | None]]:
    """`TTFT / total` → [(TTFT, None), (total, None)]; `C4 / C6 aggregate` shares its tail."""
    if "/" not in header or unit_of_name(header) in ("tokens/s", "requests/s", "GB/s", "GiB/s"):
        return []
    parts = [p.strip() for p in _HEADER_PAIR.split(header) if p.strip()]
    if len(parts) < 2:
        return []
    return [(part, unit_of_name(part)) for part in parts]


def _words_before(text: str, raw: str) -> str | None:
    """The words naming a figure in a list cell: its segment up to the number."""
    at = text.find(raw)
    if at < 0:
        return None
    segment = _SEGMENT.split(text[:at])[-1]
    words = " ".join(_MARKERS.sub("", segment).split())
    return words or None


# One plain decimal number and nothing else (ASCII digits, as the scanner reads them), short
# enough that a float keeps it exact.
_PLAIN_CELL = re.compile(r"-?([0-9]{1,15})(?:\.([0-9]{1,15}))?")


def plain_cell_value(text: str) -> int | float | None:
    """The value of a cell that is one plain decimal number (`42`, `-3.750`), typed as
    written (what the scanner reads in it); None for any other cell.

    Data files are mostly such cells, and mostly distinct ones (telemetry, per-prompt
    timings), so they take this road without parsing or memoising.
    """
    match = _PLAIN_CELL.fullmatch(text)
    if match is None:
        return None
    fraction = match[2]
    if fraction is None:
        return int(text)
    return round(float(text), len(fraction))
