"""Dates written in text: ISO (`2026-10-17`), compact (`20260812`) and with month names
(`October 17`, `17 okt 2026`, `October 2026`), in English and Dutch."""

from __future__ import annotations

import re

_MONTHS = {
    "jan": 1,
    "january": 1,
    "januari": 1,
    "feb": 2,
    "february": 2,
    "februari": 2,
    "mar": 3,
    "march": 3,
    "maart": 3,
    "apr": 4,
    "april": 4,
    "may": 5,
    "mei": 5,
    "jun": 6,
    "june": 6,
    "juni": 6,
    "jul": 7,
    "july": 7,
    "juli": 7,
    "aug": 8,
    "august": 8,
    "augustus": 8,
    "sep": 9,
    "sept": 9,
    "september": 9,
    "oct": 10,
    "october": 10,
    "okt": 10,
    "oktober": 10,
    "nov": 11,
    "november": 11,
    "dec": 12,
    "december": 12,
}
MONTHS = _MONTHS
"""Month names and abbreviations (English and Dutch, lower case) with their numbers."""
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ISO_DATE = r"(?P<y>(?:19|20)\d{2})[-/](?P<m>0[1-9]|1[0-2])[-/](?P<d>0[1-9]|[12]\d|3[01])"
_ISO_TIME = r"(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
# A whole ISO date token (time allowed) for the scanner; the ANYWHERE form finds dates inside
# names and paths too (`runs/2026-10-18/`).
ISO_DATE_RE = re.compile(rf"(?<![\w.]){_ISO_DATE}{_ISO_TIME}(?!\w)")
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
# A quick test on lower-cased text before the one below, which alone decides: the start of a
# month name anywhere (no word boundary: a pattern that opens with one gets no fast search
# for its first letters from the regex engine, and every month name holds one of these).
_MONTH_HINT_LOWER_RE = re.compile(r"jan|feb|ma[ary]|mei|apr|jun|jul|aug|sep|o[ck]t|nov|dec")
# Letters that case-blind matching equates with an ASCII letter of a month name but that
# `str.lower` leaves as they are (long s, dotless i): a text with one skips the quick test.
_CASE_BLIND_ONLY = ("ſ", "ı")
# The same tests on lower-cased ASCII text, without IGNORECASE (several times faster): a month
# name written next to a number, as every named date has it (`Oct 17`, `17th October`).
_NEXT_TO_NUMBER_LOWER_RE = re.compile(
    rf"\b(?:{_MONTH_RE})\.?[ \t]+\d|\d(?:st|nd|rd|th)?[ \t]+(?:{_MONTH_RE})\b"
)

_NEXT_TO_NUMBER_RE = re.compile(_NEXT_TO_NUMBER_LOWER_RE.pattern, re.IGNORECASE)


def find_dates(text: str) -> list[tuple[int, int, str]]:
    """Every date written anywhere in a text, also inside paths and names (`runs/2026-10-18/`),
    compact (`20260812`) or with a month name: (start, end, normalized)."""
    found: list[tuple[int, int, str]] = []
    for regex in (_ISO_DATE_ANYWHERE_RE, _COMPACT_DATE_RE):
        found += [(m.start(), m.end(), f"{m['y']}-{m['m']}-{m['d']}") for m in regex.finditer(text)]
    found += [(s, e, n) for s, e, n in named_dates(text)]
    return found


def named_dates(text: str) -> list[tuple[int, int, str]]:
    """Dates written with month names: `October 17`, `17 Oct 2026`, `October 2026`."""
    if text.isascii():
        lowered = text.lower()
        if not _MONTH_HINT_LOWER_RE.search(lowered) or not _NEXT_TO_NUMBER_LOWER_RE.search(lowered):
            return []
    elif (
        not any(letter in text for letter in _CASE_BLIND_ONLY)
        and not _MONTH_HINT_LOWER_RE.search(text.lower())
    ) or not _NEXT_TO_NUMBER_RE.search(text):
        return []
    return read_named_dates(text)


def read_named_dates(text: str) -> list[tuple[int, int, str]]:
    """`named_dates` without its quick tests: the patterns tried on any text. A month the
    case-blind patterns read in letters `str.lower` keeps (`ſep`, `MEİ`) is no date (it
    raised a KeyError)."""
    found: list[tuple[int, int, str]] = []
    for regex in (_MONTH_DAY_RE, _DAY_MONTH_RE):
        for m in regex.finditer(text):
            day = int(m["d"])
            month = _MONTHS.get(m["mon"].lower())
            if not 1 <= day <= 31 or month is None:
                continue
            year = m["y"] or "-"
            found.append((m.start(), m.end(), f"{year}-{month:02d}-{day:02d}"))
    for m in _MONTH_YEAR_RE.finditer(text):
        month = _MONTHS.get(m["mon"].lower())
        if month is not None and not any(s <= m.start() < e for s, e, _ in found):
            found.append((m.start(), m.end(), f"{m['y']}-{month:02d}"))
    return found
