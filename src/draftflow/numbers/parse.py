"""Single-token parsing: one written quantity (`2,165`, `32K`, `95%`, `~188`, `two`) becomes
a `ParsedNumber` with its written precision and every reading a reader may mean."""

from __future__ import annotations

import math
import re
from functools import lru_cache

from draftflow.numbers.file_kinds import DATA_SUFFIXES
from draftflow.numbers.kinds import ParsedNumber
from draftflow.numbers.words import word_value

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


_PLAIN = r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+"
_THOUSANDS_RE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_UNIT_RE = r"[A-Za-zµ°]+(?:/[A-Za-z]+)?"
QUANTITY_RE = re.compile(
    rf"(?P<num>{_PLAIN}|\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+,\d+)"
    rf"(?:-?(?P<unit>{_UNIT_RE}))?(?P<pct>%)?"
)


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


def claimed_decimals_of(value: float) -> int:
    """The precision a claimed figure states (`27.0` claims 0 decimals, `60.49` two).

    Unlike `value_decimals` (how a JSON number was written), a claim's trailing `.0` adds no
    precision: a model writing 27.0 for a source `27` is citing it exactly.
    """
    text = repr(float(value))
    if "e" in text or "E" in text:
        return 0 if float(value).is_integer() else 6
    fraction = text.split(".", 1)[1] if "." in text else ""
    return 0 if fraction == "0" else len(fraction)


def make_number(
    value: float,
    decimals: int,
    *,
    scales: tuple[float, ...] | None = None,
    unit: str | None = None,
    percent: bool = False,
    approximate: bool = False,
    word: bool = False,
    extra: tuple[float, ...] = (),
) -> ParsedNumber:
    """A `ParsedNumber` for `value` written with `decimals` digits: one reading per scale,
    plus the fraction reading of a percent and any `extra` readings (ambiguous commas)."""
    half = 0.5 * 10.0 ** (-decimals)
    if not scales and not percent and not extra:  # the common case, kept cheap
        return ParsedNumber(
            value, decimals, (value,), (half,), None, unit, False, approximate, word
        )
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
        value=alternatives[0],
        decimals=decimals,
        alternatives=tuple(alternatives),
        tolerances=tuple(tolerances),
        multiplier=scales[0] if scales else None,
        unit=unit,
        percent=percent,
        approximate=approximate,
        word=word,
    )


def _parse_digits(digits: str, decimal_comma: bool) -> tuple[float, int, tuple[float, ...]] | None:
    """Value, decimals and alternative readings of a written number with separators; None
    for digits no float holds (`0080E343`, a hex word in a log, reads as 8e344: infinite)."""
    parsed = _digits_value(digits, decimal_comma)
    if parsed is None or not all(math.isfinite(v) for v in (parsed[0], *parsed[2])):
        return None
    return parsed


def _digits_value(digits: str, decimal_comma: bool) -> tuple[float, int, tuple[float, ...]] | None:
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
    word = None if text[:1].isdigit() else word_value(text)
    if word is not None:
        return make_number(sign * word, 0, approximate=approximate, word=True)
    match = QUANTITY_RE.fullmatch(text)
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
    number = make_number(
        sign * value,
        decimals,
        scales=scales,
        unit="%" if percent else unit,
        percent=percent,
        approximate=approximate,
        extra=tuple(sign * e for e in extra),
    )
    if not all(math.isfinite(v) for v in (number.value, *number.alternatives)):
        return None  # a scale took it past what a float holds (`1e308K`)
    return number


# Commas separate fields in these formats, so a comma there is never a decimal point.
_NO_DECIMAL_COMMA_SUFFIXES = DATA_SUFFIXES


def uses_decimal_comma(path: str, text: str) -> bool:
    """Whether the document at `path` writes decimal commas; never for CSV/TSV/JSON."""
    if path.lower().endswith(_NO_DECIMAL_COMMA_SUFFIXES):
        return False
    return detect_decimal_comma(text)


def detect_decimal_comma(text: str) -> bool:
    """True when a text writes decimal commas (`0,3 rps`), judged over the whole text."""
    comma = sum(1 for m in _DECIMAL_COMMA_RE.finditer(text) if _starts_a_run(text, m.start()))
    if comma == 0:  # the common case: no need to count thousands groups
        return False
    thousands = len(re.findall(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])", text))
    return comma > thousands


# `,\d{1,2}` after a digit, found from its literal comma (fast); `_starts_a_run` then asks
# that the digits before it are not themselves after `.` or `,` (`(?<![\d.,])\d+`).
_DECIMAL_COMMA_RE = re.compile(r",(?<=\d,)\d{1,2}(?=[\s%)|;]|,\s|$)")


def _starts_a_run(text: str, comma: int) -> bool:
    at = comma - 1
    while at >= 0 and text[at].isdigit():
        at -= 1
    return at < 0 or text[at] not in ".,"
