"""The one place numbers are parsed: tokens of text become typed number mentions.

Every stage that reads a number out of text (extract harvesting tables, verify checking prose
and source lines) goes through `find_numbers` or `parse_number`, so "2,165", "32K", "0,3",
"558.56 ± 42.49" and "two" mean the same thing everywhere.

Conventions (the corpus is full of traps; see tests/test_numbers.py):
- "," between digits is a thousands separator only in groups of three (`2,165`); in a
  document that writes decimal commas (`0,3 rps` in Dutch text) it is a decimal point, and a
  three-digit group after it is ambiguous, so both readings are offered as alternatives.
  Otherwise a comma separates values (`1,2,3` in CSV/JSON is three numbers).
- A "." is always a decimal point (dot thousands separators are not supported).
- `K`/`M`/`G`/`T` scale by 1000 or 1024 (`32K` matches 32000 and 32768); `B` is a billion.
- A word number ("two", "twenty-five", "a dozen") is a quantity with 0 decimals.
- Dates, versions, hex revisions/hashes, identifiers (`GB10`, `Q4_K_M`) and URLs are
  recognised as such and carry `normalized` text instead of quantity values.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

__all__ = [
    "NumberKind",
    "NumberMention",
    "ParsedNumber",
    "detect_decimal_comma",
    "find_dates",
    "find_hex_strings",
    "find_numbers",
    "find_versions",
    "parse_number",
    "value_decimals",
]


class NumberKind(StrEnum):
    """What a mention in text is, so that each kind is checked as what it is."""

    QUANTITY = "quantity"
    PERCENT = "percent"
    RANGE = "range"
    PLUS_MINUS = "plus_minus"
    FRACTION = "fraction"
    DATE = "date"
    TIME = "time"
    VERSION = "version"
    HEX = "hex"
    IDENTIFIER = "identifier"
    URL = "url"

    @property
    def is_numeric(self) -> bool:
        """True for kinds whose `values` are quantities to compare numerically."""
        return self in _NUMERIC_KINDS


_NUMERIC_KINDS = frozenset(
    {NumberKind.QUANTITY, NumberKind.PERCENT, NumberKind.RANGE, NumberKind.PLUS_MINUS,
     NumberKind.FRACTION}
)

# Scale suffixes: each reading a reader may mean. "K" in "32K" is 32000 or 32768.
SCALES: dict[str, tuple[float, ...]] = {
    "k": (1e3, 1024.0),
    "K": (1e3, 1024.0),
    "M": (1e6, float(2**20)),
    "G": (1e9, float(2**30)),
    "T": (1e12, float(2**40)),
    "B": (1e9,),
    "b": (1e9,),
}


@dataclass(frozen=True)
class ParsedNumber:
    """One written number: its value, written precision, scale readings, unit and flags.

    `value` is the primary reading (scale 1000 for K, a percent as written, not /100);
    `alternatives` holds every acceptable reading including `value` (e.g. 32000 and 32768
    for `32K`, 95 and 0.95 for `95%`), and `tolerances` the matching half-unit of the last
    written digit for each alternative.
    """

    value: float
    decimals: int
    alternatives: tuple[float, ...]
    tolerances: tuple[float, ...]
    multiplier: float | None = None
    unit: str | None = None
    percent: bool = False
    approximate: bool = False
    word: bool = False

    def matches(self, other: float) -> bool:
        """True when `other` rounds to this number at its written precision (any reading)."""
        return any(
            abs(other - alt) <= tol * (1 + 1e-9) + 1e-12
            for alt, tol in zip(self.alternatives, self.tolerances, strict=True)
        )

    def intervals(self) -> list[tuple[float, float]]:
        """The closed value intervals this number covers, one per reading."""
        return [
            (alt - tol * (1 + 1e-9) - 1e-12, alt + tol * (1 + 1e-9) + 1e-12)
            for alt, tol in zip(self.alternatives, self.tolerances, strict=True)
        ]


@dataclass(frozen=True)
class NumberMention:
    """A number-like mention in a text: where it is, what kind, and its parsed parts.

    `values` holds the numeric values (a range both ends, `±` the centre then the spread, a
    fraction numerator then denominator); `numbers` the full parse of each; `decimals` the
    written precision of the first value; `normalized` the canonical text for dates
    (`2026-10-17`, `--10-17` without a year, `2026-10` for a month), versions (`0.6.6`), hex
    (lowercase) and identifiers.
    """

    start: int
    end: int
    text: str
    kind: NumberKind
    numbers: tuple[ParsedNumber, ...] = ()
    normalized: str | None = None

    @property
    def values(self) -> tuple[float, ...]:
        """The numeric values of the mention, in written order."""
        return tuple(n.value for n in self.numbers)

    @property
    def decimals(self) -> int:
        """The written precision (digits after the decimal point) of the first value."""
        return self.numbers[0].decimals if self.numbers else 0

    @property
    def multiplier(self) -> float | None:
        """The primary scale multiplier of the first value (`32K` gives 1000), if any."""
        return self.numbers[0].multiplier if self.numbers else None

    @property
    def unit(self) -> str | None:
        """The unit written against the first value (`tok/s`, `GB`, `%`), if any."""
        return self.numbers[0].unit if self.numbers else None


# --- word numbers --------------------------------------------------------------------------

_UNITS_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "dozen": 12,
    # Dutch (the corpus has Dutch documents); "een" (also "a") and "elf" are left out.
    "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9,
    "tien": 10, "twaalf": 12,
}
_TENS_WORDS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
_BIG_WORDS = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_ARTICLE_WORDS = frozenset({"dozen", *_BIG_WORDS})


def _word_value(word: str) -> int | None:
    """The value of one number word or hyphenated compound (`twenty-five`), else None."""
    word = word.lower()
    if word in _UNITS_WORDS:
        return _UNITS_WORDS[word]
    if word in _TENS_WORDS:
        return _TENS_WORDS[word]
    if word in _BIG_WORDS:
        return _BIG_WORDS[word]
    if "-" in word:
        tens, _, unit = word.partition("-")
        if tens in _TENS_WORDS and unit in _UNITS_WORDS and 1 <= _UNITS_WORDS[unit] <= 9:
            return _TENS_WORDS[tens] + _UNITS_WORDS[unit]
    return None


# --- regular expressions -------------------------------------------------------------------

_MONTHS = {
    "jan": 1, "january": 1, "januari": 1, "feb": 2, "february": 2, "februari": 2,
    "mar": 3, "march": 3, "maart": 3, "apr": 4, "april": 4, "may": 5, "mei": 5,
    "jun": 6, "june": 6, "juni": 6, "jul": 7, "july": 7, "juli": 7,
    "aug": 8, "august": 8, "augustus": 8, "sep": 9, "sept": 9, "september": 9,
    "oct": 10, "october": 10, "okt": 10, "oktober": 10, "nov": 11, "november": 11,
    "dec": 12, "december": 12,
}
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))

_URL_RE = re.compile(r"https?://[^\s<>\"'`)\]|]+", re.IGNORECASE)
_ISO_DATE = r"(?P<y>(?:19|20)\d{2})[-/](?P<m>0[1-9]|1[0-2])[-/](?P<d>0[1-9]|[12]\d|3[01])"
_ISO_TIME = r"(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
_ISO_DATE_RE = re.compile(rf"(?<![\w.]){_ISO_DATE}{_ISO_TIME}(?!\w)")
_ISO_DATE_ANYWHERE_RE = re.compile(rf"(?<!\d){_ISO_DATE}(?!\d)")
_COMPACT_DATE_RE = re.compile(
    r"(?<!\d)(?P<y>(?:19|20)\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)"
)
_MONTH_DAY_RE = re.compile(
    rf"\b(?P<mon>{_MONTH_RE})\.?[ \t]+(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\b"
    r"(?:,?[ \t]+(?P<y>(?:19|20)\d{2})\b)?",
    re.IGNORECASE,
)
_DAY_MONTH_RE = re.compile(
    rf"\b(?P<d>[0-3]?\d)(?:st|nd|rd|th)?[ \t]+(?P<mon>{_MONTH_RE})\b\.?"
    r"(?:,?[ \t]+(?P<y>(?:19|20)\d{2})\b)?",
    re.IGNORECASE,
)
_MONTH_YEAR_RE = re.compile(
    rf"\b(?P<mon>{_MONTH_RE})\.?[ \t]+(?P<y>(?:19|20)\d{{2}})\b", re.IGNORECASE
)
_MONTH_HINT_RE = re.compile(r"(?i)\b(?:jan|feb|ma[ary]|mei|apr|jun|jul|aug|sep|o[ck]t|nov|dec)")
_HAS_DIGIT_RE = re.compile(r"\d")
_SIMPLE_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?")
_TIME_RE = re.compile(r"(?<![\w:.])\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?![\w:])")

# A token: a run of word characters and inner punctuation that starts and ends alphanumeric.
_TOKEN_RE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_.,:/+\-]*[A-Za-z0-9])?%?")

_PLAIN = r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+"
_THOUSANDS_RE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_UNIT_RE = r"[A-Za-zµ°]+(?:/[A-Za-z]+)?"
_QUANTITY_RE = re.compile(
    rf"(?P<num>{_PLAIN}|\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+,\d+)"
    rf"(?:-?(?P<unit>{_UNIT_RE}))?(?P<pct>%)?"
)
_HEX_RE = re.compile(
    r"(?<![0-9A-Za-z])(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{7,64}(?![0-9A-Za-z])"
)
_VERSION_RE = re.compile(r"[vV]?\d+(?:\.\d+){2,}(?:[-+.]?[A-Za-z0-9]+)*|[vV]\d+(?:\.\d+)+")
_VERSION_CORE_RE = re.compile(r"[vV]?(\d+(?:\.\d+)+)")
_RANGE_SEP_RE = re.compile(r"[ \t]*[–—][ \t]*|-|[ \t]+to[ \t]+")
_PLUS_MINUS_RE = re.compile(r"[ \t]*(?:±|\+/-|\+-)[ \t]*")
_NEGATIVE_PREFIX = frozenset(" \t\n([{=:,|;<>\"'")


def _decimals(digits: str) -> int:
    """Digits after the decimal point of a plain written number, minus any exponent."""
    mantissa, _, exponent = digits.lower().partition("e")
    fraction = mantissa.partition(".")[2]
    return max(0, len(fraction) - (int(exponent) if exponent else 0))


def value_decimals(value: int | float) -> int:
    """The written precision of a JSON number as the record stores it (`27.0` → 1)."""
    if isinstance(value, bool | int):
        return 0
    if not math.isfinite(value):
        return 0
    return _decimals(repr(value))


def _make(
    value: float, decimals: int, *, scales: tuple[float, ...] | None = None,
    unit: str | None = None, percent: bool = False, approximate: bool = False,
    word: bool = False, extra: tuple[float, ...] = (),
) -> ParsedNumber:
    half = 0.5 * 10.0 ** (-decimals)
    if not scales and not percent and not extra:  # the common case, kept cheap
        return ParsedNumber(value, decimals, (value,), (half,), None, unit, False,
                            approximate, word)
    alternatives: list[float] = []
    tolerances: list[float] = []
    for scale in scales or (1.0,):
        alternatives.append(value * scale)
        tolerances.append(half * scale)
    if percent:
        alternatives.append(value / 100)
        tolerances.append(half / 100)
    for alt in extra:
        alternatives.append(alt)
        tolerances.append(half)
    return ParsedNumber(
        value=alternatives[0], decimals=decimals, alternatives=tuple(alternatives),
        tolerances=tuple(tolerances), multiplier=scales[0] if scales else None, unit=unit,
        percent=percent, approximate=approximate, word=word,
    )


def _parse_digits(digits: str, decimal_comma: bool) -> tuple[float, int, tuple[float, ...]] | None:
    """Value, decimals and alternative readings of a written number with separators."""
    if "," not in digits:
        try:
            return float(digits), _decimals(digits), ()
        except ValueError:
            return None
    if decimal_comma:
        whole, _, frac = digits.partition(",")
        if "," in frac or "." in digits:
            return None
        comma_value = float(f"{whole}.{frac}")
        if len(frac) == 3 and _THOUSANDS_RE.fullmatch(digits):
            return comma_value, len(frac), (float(whole + frac),)
        return comma_value, len(frac), ()
    if _THOUSANDS_RE.fullmatch(digits):
        plain = digits.replace(",", "")
        return float(plain), _decimals(plain), ()
    return None


def parse_number(token: str, *, decimal_comma: bool = False) -> ParsedNumber | None:
    """Parse one token that is a single quantity (`2,165`, `32K`, `24.7tok/s`, `95%`, `-3`,
    `~188`, `1.2e3`, `two`); None when the token is not a single quantity."""
    return _parse_cached(token, decimal_comma)


@lru_cache(maxsize=1 << 16)
def _parse_cached(token: str, decimal_comma: bool) -> ParsedNumber | None:
    """`parse_number`, memoised: documents repeat the same tokens over and over."""
    text = token.strip()
    approximate = text[:1] in ("~", "≈")
    if approximate:
        text = text[1:].lstrip()
    sign = 1.0
    if text[:1] in ("-", "−"):
        sign, text = -1.0, text[1:]
    elif text[:1] == "+":
        text = text[1:]
    word = None if text[:1].isdigit() else _word_value(text)
    if word is not None:
        return _make(sign * word, 0, approximate=approximate, word=True)
    match = _QUANTITY_RE.fullmatch(text)
    if not match:
        return None
    parsed = _parse_digits(match["num"], decimal_comma)
    if parsed is None:
        return None
    value, decimals, extra = parsed
    unit = match["unit"]
    scales = SCALES.get(unit) if unit else None
    if scales is not None:
        unit = None
    percent = bool(match["pct"])
    return _make(
        sign * value, decimals, scales=scales, unit="%" if percent else unit, percent=percent,
        approximate=approximate, extra=tuple(sign * e for e in extra),
    )


def detect_decimal_comma(text: str) -> bool:
    """True when a text writes decimal commas (`0,3 rps`), judged over the whole text."""
    comma = len(re.findall(r"(?<![\d.,])\d+,\d{1,2}(?=[\s%)|;]|,\s|$)", text))
    thousands = len(re.findall(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])", text))
    return comma >= 1 and comma > thousands


def find_hex_strings(text: str) -> list[tuple[int, int, str]]:
    """Every hex string of 7 to 64 characters with a letter and a digit: (start, end, lower)."""
    return [(m.start(), m.end(), m.group().lower()) for m in _HEX_RE.finditer(text)]


_VERSION_ANYWHERE_RE = re.compile(
    r"(?<![\w.])[vV]?(\d+(?:\.\d+){2,})(?!\w|\.\d)"
    r"|(?<=[-_/:\s])[vV](\d+(?:\.\d+)+)(?!\w|\.\d)"
)


def find_versions(text: str) -> list[tuple[int, int, str]]:
    """Every dotted version anywhere in a text, also inside names (`vllm-v0.6.6`):
    (start, end, normalized without a leading `v`)."""
    return [
        (m.start(), m.end(), m.group(1) or m.group(2)) for m in _VERSION_ANYWHERE_RE.finditer(text)
    ]


def find_dates(text: str) -> list[tuple[int, int, str]]:
    """Every date written anywhere in a text, also inside paths and names (`runs/2026-10-18/`),
    compact (`20260812`) or with a month name: (start, end, normalized)."""
    found: list[tuple[int, int, str]] = []
    for regex in (_ISO_DATE_ANYWHERE_RE, _COMPACT_DATE_RE):
        found += [(m.start(), m.end(), f"{m['y']}-{m['m']}-{m['d']}") for m in regex.finditer(text)]
    found += [(s, e, n) for s, e, n in _named_dates(text)]
    return found


def _named_dates(text: str) -> list[tuple[int, int, str]]:
    """Dates written with month names: `October 17`, `17 Oct 2026`, `October 2026`."""
    found: list[tuple[int, int, str]] = []
    if not _MONTH_HINT_RE.search(text):
        return found
    for regex in (_MONTH_DAY_RE, _DAY_MONTH_RE):
        for m in regex.finditer(text):
            day = int(m["d"])
            if not 1 <= day <= 31:
                continue
            month = _MONTHS[m["mon"].lower()]
            year = m["y"] or "-"
            found.append((m.start(), m.end(), f"{year}-{month:02d}-{day:02d}"))
    for m in _MONTH_YEAR_RE.finditer(text):
        if not any(s <= m.start() < e for s, e, _ in found):
            found.append((m.start(), m.end(), f"{m['y']}-{_MONTHS[m['mon'].lower()]:02d}"))
    return found


@dataclass
class _Scanner:
    """Turns one text into mentions; spans already claimed are skipped by later passes."""

    text: str
    decimal_comma: bool
    mentions: list[NumberMention] = field(default_factory=list)
    taken: list[tuple[int, int]] = field(default_factory=list)
    mask: bytearray = field(default_factory=bytearray)

    def free(self, start: int, end: int) -> bool:
        return not any(self.mask[start:end])

    def add(self, mention: NumberMention) -> None:
        self.mentions.append(mention)
        self.taken.append((mention.start, mention.end))
        self.mask[mention.start:mention.end] = b"\x01" * (mention.end - mention.start)

    def scan(self) -> list[NumberMention]:
        self.mask = bytearray(len(self.text))
        for m in _URL_RE.finditer(self.text) if "://" in self.text else ():
            end = m.end()
            while end > m.start() and self.text[end - 1] in ".,;:!?'\"":
                end -= 1
            self.add(NumberMention(m.start(), end, self.text[m.start():end], NumberKind.URL,
                                   normalized=self.text[m.start():end]))
        for m in _ISO_DATE_RE.finditer(self.text):
            if self.free(m.start(), m.end()):
                self.add(NumberMention(m.start(), m.end(), m.group(), NumberKind.DATE,
                                       normalized=f"{m['y']}-{m['m']}-{m['d']}"))
        for start, end, normalized in _named_dates(self.text):
            if self.free(start, end):
                self.add(NumberMention(start, end, self.text[start:end], NumberKind.DATE,
                                       normalized=normalized))
        for m in _TIME_RE.finditer(self.text) if ":" in self.text else ():
            if self.free(m.start(), m.end()):
                self.add(NumberMention(m.start(), m.end(), m.group(), NumberKind.TIME,
                                       normalized=m.group()))
        masked = self.text
        if self.taken:
            chars = list(self.text)
            for start, end in self.taken:
                chars[start:end] = " " * (end - start)
            masked = "".join(chars)
        for m in _TOKEN_RE.finditer(masked):
            self.token(m.start(), m.end())
        self.merge_words()
        self.mentions.sort(key=lambda mention: mention.start)
        return self.combine()

    def token(self, start: int, end: int) -> None:
        """Classify one token (recursing into `/` and `:` separated parts)."""
        tok = self.text[start:end]
        if not _HAS_DIGIT_RE.search(tok):
            value = _word_value(tok)
            if value is not None:
                self.add(self.quantity(start, end, _make(float(value), 0, word=True)))
            return
        if _SIMPLE_NUMBER_RE.fullmatch(tok):  # the common case, first
            dot = tok.find(".")
            decimals = len(tok) - dot - 1 if dot >= 0 else 0
            parsed = _make(float(tok), decimals)
            self.add(self.quantity(start, end, parsed))
            return
        if "," in tok and "-" not in tok and not _QUANTITY_RE.fullmatch(tok):
            self.split(start, tok, ",")  # CSV cells and JSON arrays: "1.5,2,37"
            return
        if _HEX_RE.fullmatch(tok) and not _QUANTITY_RE.fullmatch(tok):
            self.add(NumberMention(start, end, tok, NumberKind.HEX, normalized=tok.lower()))
            return
        if _VERSION_RE.fullmatch(tok):
            core = _VERSION_CORE_RE.match(tok)
            norm = core.group(1) if core else tok  # `v0.26.0-aarch64` is version 0.26.0
            self.add(NumberMention(start, end, tok, NumberKind.VERSION, normalized=norm))
            return
        quantity = parse_number(tok, decimal_comma=self.decimal_comma)
        if quantity is not None:
            self.add(self.quantity(start, end, quantity))
            return
        if self.compound(start, end, tok):
            return
        for sep in ("/", ":", ","):
            if sep in tok:
                self.split(start, tok, sep)
                return
        self.add(NumberMention(start, end, tok, NumberKind.IDENTIFIER, normalized=tok.lower()))

    def compound(self, start: int, end: int, tok: str) -> bool:
        """A hyphenated range (`24-30`, `10k-20k`) or a fraction (`3/4`); True if handled."""
        for sep, kind in (("-", NumberKind.RANGE), ("/", NumberKind.FRACTION)):
            left, found, right = tok.partition(sep)
            if not found or sep in right:
                continue
            first = parse_number(left, decimal_comma=self.decimal_comma)
            second = parse_number(right, decimal_comma=self.decimal_comma)
            if first is None or second is None:
                continue
            if kind is NumberKind.FRACTION and (first.unit or second.unit):
                continue
            if kind is NumberKind.RANGE:
                first = _shared_scale(first, second)
            self.add(NumberMention(start, end, tok, kind, (first, second)))
            return True
        return False

    def split(self, start: int, tok: str, sep: str) -> None:
        offset = 0
        for part in tok.split(sep):
            part_start = start + offset
            offset += len(part) + 1
            inner = _TOKEN_RE.fullmatch(part)
            if part and inner:
                self.token(part_start, part_start + len(part))
            elif part:
                for m in _TOKEN_RE.finditer(part):
                    self.token(part_start + m.start(), part_start + m.end())

    def quantity(self, start: int, end: int, parsed: ParsedNumber) -> NumberMention:
        """A quantity mention, taking a sign and a `~` written just before the token."""
        text = self.text
        if start and text[start - 1] not in "-−~≈ \t":  # nothing to look back for
            kind = NumberKind.PERCENT if parsed.percent else NumberKind.QUANTITY
            return NumberMention(start, end, text[start:end], kind, (parsed,))
        signed = start >= 1 and text[start - 1] in "-−"
        if signed and (start == 1 or text[start - 2] in _NEGATIVE_PREFIX):
            start -= 1
            negative = parse_number("-" + text[start + 1:end], decimal_comma=self.decimal_comma)
            parsed = negative or parsed
        window = text[max(0, start - 8):start]
        stripped = window.rstrip(" \t")
        if stripped.endswith(("~", "≈")):
            start -= len(window) - len(stripped) + 1
            parsed = _replace_approx(parsed)
        kind = NumberKind.PERCENT if parsed.percent else NumberKind.QUANTITY
        return NumberMention(start, end, self.text[start:end], kind, (parsed,))

    def merge_words(self) -> None:
        """Join `two hundred`, `twenty five`, `a dozen` into one quantity mention."""
        self.mentions.sort(key=lambda mention: mention.start)
        merged: list[NumberMention] = []
        for mention in self.mentions:
            if merged and mention.numbers and mention.numbers[0].word:
                prev = merged[-1]
                if (prev.numbers and prev.numbers[0].word
                        and self.text[prev.end:mention.start] == " "):
                    joined = _join_words(prev.values[0], mention.text.lower(),
                                         mention.values[0])
                    if joined is not None:
                        merged[-1] = NumberMention(
                            prev.start, mention.end, self.text[prev.start:mention.end],
                            NumberKind.QUANTITY, (_make(joined, 0, word=True),),
                        )
                        continue
            merged.append(mention)
        self.mentions = [m for m in (self.article(m) for m in merged) if m is not None]

    def article(self, mention: NumberMention) -> NumberMention | None:
        """`a dozen`, `a hundred`: the article is part of the number. A bare `hundred` (as in
        `a few hundred`) or `dozen` is no number at all."""
        if not (mention.numbers and mention.numbers[0].word):
            return mention
        if mention.text.lower() not in _ARTICLE_WORDS:
            return mention
        before = self.text[max(0, mention.start - 5):mention.start].lower()
        for article in ("a ", "one "):
            at = mention.start - len(article)
            if before.endswith(article) and (at == 0 or not self.text[at - 1].isalnum()):
                return NumberMention(at, mention.end, self.text[at:mention.end],
                                     mention.kind, mention.numbers)
        return None

    def combine(self) -> list[NumberMention]:
        """Join `558.56 ± 42.49` and `20 – 27` / `20 to 27` into one mention."""
        out: list[NumberMention] = []
        for mention in self.mentions:
            prev = out[-1] if out else None
            close = prev is not None and mention.start - prev.end <= 12
            if prev is not None and close and _single(prev) and _single(mention):
                gap = self.text[prev.end:mention.start]
                kind = None
                if _PLUS_MINUS_RE.fullmatch(gap):
                    kind = NumberKind.PLUS_MINUS
                elif _RANGE_SEP_RE.fullmatch(gap) and not prev.numbers[0].word:
                    kind = NumberKind.RANGE
                if kind is not None:
                    second = _unsigned(mention.numbers[0], mention.text)
                    first = prev.numbers[0]
                    if kind is NumberKind.RANGE:
                        first = _shared_scale(first, second)
                    numbers = (first, second)
                    out[-1] = NumberMention(prev.start, mention.end,
                                            self.text[prev.start:mention.end], kind, numbers)
                    continue
            out.append(mention)
        return out


def _shared_scale(first: ParsedNumber, second: ParsedNumber) -> ParsedNumber:
    """In `3–4B` or `20–30%` the second end's scale or percent applies to the first too."""
    if first.multiplier is not None or first.percent or first.unit or first.word:
        return first
    if second.multiplier is not None and second.value:
        scales = tuple(a / (second.value / second.multiplier) for a in second.alternatives)
        return _make(first.value, first.decimals, scales=scales,
                     approximate=first.approximate)
    if second.percent or second.unit:
        return _make(first.value, first.decimals, unit=second.unit, percent=second.percent,
                     approximate=first.approximate)
    return first


def _single(mention: NumberMention) -> bool:
    return mention.kind in (NumberKind.QUANTITY, NumberKind.PERCENT) and len(mention.numbers) == 1


def _unsigned(number: ParsedNumber, text: str) -> ParsedNumber:
    """`20 -27` read as a range: the second end was taken as negative; undo the sign."""
    if number.value < 0 and text.startswith(("-", "−")):
        return parse_number(text[1:]) or number
    return number


def _replace_approx(number: ParsedNumber) -> ParsedNumber:
    return ParsedNumber(
        number.value, number.decimals, number.alternatives, number.tolerances,
        number.multiplier, number.unit, number.percent, True, number.word,
    )


def _join_words(first: float, second_text: str, second: float) -> float | None:
    """The value of two adjacent number words, or None when they do not form one number."""
    if second_text in _BIG_WORDS and 1 <= first < 1000:
        return first * _BIG_WORDS[second_text]
    if first in _TENS_WORDS.values() and 1 <= second <= 9:
        return first + second
    if first >= 100 and first % 100 == 0 and 1 <= second < 100:
        return first + second
    return None


def find_numbers(text: str, *, decimal_comma: bool | None = None) -> list[NumberMention]:
    """Every number-like mention in `text`, in order: quantities, percents, ranges, `±`
    pairs, fractions, dates, times, versions, hex strings, identifiers and URLs.

    `decimal_comma=None` decides from the text itself (see `detect_decimal_comma`); pass the
    document-level decision when scanning a document line by line.
    """
    if decimal_comma is None:
        decimal_comma = detect_decimal_comma(text)
    return _Scanner(text, decimal_comma).scan()
