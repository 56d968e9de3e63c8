"""Finding mentions in text: every number-like span of a text, classified by kind."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from draftflow.numbers.dates import ISO_DATE_RE, named_dates
from draftflow.numbers.kinds import NumberKind, NumberMention, ParsedNumber
from draftflow.numbers.parse import QUANTITY_RE, detect_decimal_comma, make_number, parse_number
from draftflow.numbers.words import ARTICLE_WORDS, NUMBER_WORDS, join_words, word_value

_URL_RE = re.compile(r"https?://[^\s<>\"'`)\]|]+", re.IGNORECASE)
_HAS_DIGIT_RE = re.compile(r"\d")
_SIMPLE_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?")
_TIME_RE = re.compile(r"(?<![\w:.])\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?![\w:])")
# Cheap tests that start with a digit (the regex engine skips to candidates fast): every ISO
# date holds `(19|20)dd-` or `/`, every time `d:dd`.
_ISO_HINT_RE = re.compile(r"(?:19|20)\d\d[-/]")
_TIME_HINT_RE = re.compile(r"\d:\d\d")

# A token: a run of word characters and inner punctuation that starts and ends alphanumeric.
_TOKEN_RE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_.,:/+\-]*[A-Za-z0-9])?%?")
_HEX_RE = re.compile(
    r"(?<![0-9A-Za-z])(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{7,64}(?![0-9A-Za-z])"
)
_VERSION_RE = re.compile(r"[vV]?\d+(?:\.\d+){2,}(?:[-+.]?[A-Za-z0-9]+)*|[vV]\d+(?:\.\d+)+")
_VERSION_CORE_RE = re.compile(r"[vV]?(\d+(?:\.\d+)+)")
_RANGE_SEP_RE = re.compile(r"[ \t]*[–—][ \t]*|-|[ \t]+to[ \t]+")
_UNIT_RANGE_SEP_RE = re.compile(
    r"[ \t]*(?P<unit>[×x]|[A-Za-z/µ]{1,8})(?:[ \t]*[–—][ \t]*|[ \t]+to[ \t]+)"
)
"""A range whose ends each write the unit (`**4× to 8×**`, `10 ms – 20 ms`): the first end's
unit, then the separator; the second end must write the same unit (cadamcat
docs/open-questions.md:575's `4× to 8×` was published as a point 8×, read-s32)."""
_FROM_BEFORE_RE = re.compile(r"(?i)(?<![\w-])from[\s*_~≈]*$")
"""`from` right before a range's first end: `from 4 tok/s to 8 tok/s` is a change, no range."""
_PLUS_MINUS_RE = re.compile(r"[ \t]*(?:±|\+/-|\+-)[ \t]*")
_MODEL_TAG_RE = re.compile(r"[A-Za-z][\w.\-]*:\d+(?:\.\d+)?[bBmM](?:[-_.][\w.\-]*)?")
"""A model tag (`llama3.2:3b`, `qwen2.5:7b-instruct`, `smollm2:135m`): a name, a colon and a
size in billions or millions of parameters, the name of what ran, not a figure (an editor's
read found alitrabeh's `llama3.2:3b` published as a latency of 3e9, read31-s29)."""
_NEGATIVE_PREFIX = frozenset(" \t\n([{=:,|;<>\"'")


def find_hex_strings(text: str) -> list[tuple[int, int, str]]:
    """Every hex string of 7 to 64 characters with a letter and a digit: (start, end, lower)."""
    return [(m.start(), m.end(), m.group().lower()) for m in _HEX_RE.finditer(text)]


@dataclass(slots=True)
class _Scanner:
    """Turns one text into mentions; spans already claimed are skipped by later passes."""

    text: str
    decimal_comma: bool
    mentions: list[NumberMention] = field(default_factory=list)
    taken: list[tuple[int, int]] = field(default_factory=list)
    marking: bool = True
    words: bool = False
    """Whether a number word (`two`) was read: only then are adjacent words joined."""

    def free(self, start: int, end: int) -> bool:
        """No span claimed so far overlaps `start:end` (a text claims few: URLs, dates)."""
        return not any(s < end and start < e for s, e in self.taken)

    def add(self, mention: NumberMention) -> None:
        self.mentions.append(mention)
        if mention.numbers and mention.numbers[0].word:
            self.words = True
        if self.marking:  # only URLs, dates and times claim spans that later passes skip
            self.taken.append((mention.start, mention.end))

    def scan(self) -> list[NumberMention]:
        """Every mention of the text: the spans that claim their text first (URLs, dates,
        durations, times), then each token of the rest, then words joined and combined."""
        self._mark_urls()
        self._mark_dates_and_times()
        masked = self._masked()
        self.marking = False
        for m in _TOKEN_RE.finditer(masked):
            word = m.group()
            if word.isalpha() and word.lower() not in NUMBER_WORDS:
                continue  # most tokens of prose are words that are no number: skip them fast
            self.token(m.start(), m.end())
        if self.words:
            self.merge_words()
        self.mentions.sort(key=_start)
        return self.combine()

    def _mark_urls(self) -> None:
        for m in _URL_RE.finditer(self.text) if "://" in self.text else ():
            end = m.end()
            while end > m.start() and self.text[end - 1] in ".,;:!?'\"":
                end -= 1
            url = self.text[m.start() : end]
            self.add(NumberMention(m.start(), end, url, NumberKind.URL, normalized=url))

    def _mark_dates_and_times(self) -> None:
        text = self.text
        for m in ISO_DATE_RE.finditer(text) if _ISO_HINT_RE.search(text) else ():
            if self.free(m.start(), m.end()):
                normalized = f"{m['y']}-{m['m']}-{m['d']}"
                self.add(
                    NumberMention(
                        m.start(), m.end(), m.group(), NumberKind.DATE, normalized=normalized
                    )
                )
        for start, end, normalized in named_dates(text):
            if self.free(start, end):
                self.add(
                    NumberMention(
                        start, end, text[start:end], NumberKind.DATE, normalized=normalized
                    )
                )
        for start, end, duration in spaced_durations(text):
            if self.free(start, end):
                self.add(
                    NumberMention(start, end, text[start:end], NumberKind.QUANTITY, (duration,))
                )
        for m in _TIME_RE.finditer(text) if _TIME_HINT_RE.search(text) else ():
            if self.free(m.start(), m.end()):
                self.add(
                    NumberMention(
                        m.start(), m.end(), m.group(), NumberKind.TIME, normalized=m.group()
                    )
                )

    def _masked(self) -> str:
        """The text with each claimed span blanked (its length kept)."""
        if not self.taken:
            return self.text
        chars = list(self.text)
        for start, end in self.taken:
            chars[start:end] = " " * (end - start)
        return "".join(chars)

    def token(self, start: int, end: int) -> None:
        """Add the mentions of one token (`_token_steps`: what a token holds depends on its
        text alone; a quantity's sign and `~` are read here, in the text around it)."""
        text = self.text
        for step_start, step_end, kind, numbers, normalized in _token_steps(
            text[start:end], self.decimal_comma
        ):
            at, to = start + step_start, start + step_end
            if kind is None:
                self.add(self.quantity(at, to, numbers[0]))
            else:
                self.add(NumberMention(at, to, text[at:to], kind, numbers, normalized=normalized))

    def quantity(self, start: int, end: int, parsed: ParsedNumber) -> NumberMention:
        """A quantity mention, taking a sign and a `~` written just before the token."""
        text = self.text
        if start and text[start - 1] not in "-−~≈ \t":  # nothing to look back for
            kind = NumberKind.PERCENT if parsed.percent else NumberKind.QUANTITY
            return NumberMention(start, end, text[start:end], kind, (parsed,))
        signed = start >= 1 and text[start - 1] in "-−"
        if signed and (start == 1 or text[start - 2] in _NEGATIVE_PREFIX):
            start -= 1
            negative = parse_number("-" + text[start + 1 : end], decimal_comma=self.decimal_comma)
            parsed = negative or parsed
        window = text[max(0, start - 8) : start]
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
                if (
                    prev.numbers
                    and prev.numbers[0].word
                    and self.text[prev.end : mention.start] == " "
                ):
                    joined = join_words(prev.values[0], mention.text.lower(), mention.values[0])
                    if joined is not None:
                        merged[-1] = NumberMention(
                            prev.start,
                            mention.end,
                            self.text[prev.start : mention.end],
                            NumberKind.QUANTITY,
                            (make_number(joined, 0, word=True),),
                        )
                        continue
            merged.append(mention)
        self.mentions = [m for m in (self.article(m) for m in merged) if m is not None]

    def article(self, mention: NumberMention) -> NumberMention | None:
        """`a dozen`, `a hundred`: the article is part of the number. A bare `hundred` (as in
        `a few hundred`) or `dozen` is no number at all."""
        if not (mention.numbers and mention.numbers[0].word):
            return mention
        if mention.text.lower() not in ARTICLE_WORDS:
            return mention
        before = self.text[max(0, mention.start - 5) : mention.start].lower()
        for article in ("a ", "one "):
            at = mention.start - len(article)
            if before.endswith(article) and (at == 0 or not self.text[at - 1].isalnum()):
                return NumberMention(
                    at, mention.end, self.text[at : mention.end], mention.kind, mention.numbers
                )
        return None

    def unit_range(self, gap: str, start: int, end: int) -> bool:
        """Whether `gap` is a unit and a range's separator (`× to `) and the same unit follows
        the second end at `end` (`8×`), not a word or another unit (`4 tok/s to 8 GB`). After
        `from` the two are a change's before and after (`from 4 tok/s to 8 tok/s`), no range."""
        found = _UNIT_RANGE_SEP_RE.fullmatch(gap)
        if found is None or _FROM_BEFORE_RE.search(self.text[max(0, start - 12) : start]):
            return False
        unit = found.group("unit")
        after = self.text[end : end + len(unit) + 2].lstrip(" \t")
        if not after.lower().startswith(unit.lower()):
            return False
        rest = after[len(unit) : len(unit) + 1]
        return not (rest.isalnum() or rest == "_")

    def combine(self) -> list[NumberMention]:
        """Join `558.56 ± 42.49` and `20 – 27` / `20 to 27` into one mention."""
        out: list[NumberMention] = []
        for mention in self.mentions:
            prev = out[-1] if out else None
            close = prev is not None and mention.start - prev.end <= 12
            if prev is not None and close and _single(prev) and _single(mention):
                gap = self.text[prev.end : mention.start]
                kind = None
                if _PLUS_MINUS_RE.fullmatch(gap):
                    kind = NumberKind.PLUS_MINUS
                elif not prev.numbers[0].word and (
                    _RANGE_SEP_RE.fullmatch(gap) or self.unit_range(gap, prev.start, mention.end)
                ):
                    kind = NumberKind.RANGE
                if kind is not None:
                    second = _unsigned(mention.numbers[0], mention.text)
                    first = prev.numbers[0]
                    if kind is NumberKind.RANGE:
                        first = _shared_scale(first, second)
                    numbers = (first, second)
                    out[-1] = NumberMention(
                        prev.start, mention.end, self.text[prev.start : mention.end], kind, numbers
                    )
                    continue
            out.append(mention)
        return out


def _start(mention: NumberMention) -> int:
    return mention.start


_Step = tuple[int, int, NumberKind | None, tuple[ParsedNumber, ...], str | None]
"""One mention of a token: its offsets in the token, its kind (None: a quantity, whose sign
and `~` the scanner reads in the text), its parsed numbers and its normalized text."""


@lru_cache(maxsize=1 << 15)
def _token_steps(token: str, decimal_comma: bool) -> tuple[_Step, ...]:
    """The mentions one token holds, in order (memoised: texts repeat their tokens, and the
    classification below tries up to eight patterns on each)."""
    steps: list[_Step] = []
    _plan_token(token, 0, decimal_comma, steps)
    return tuple(steps)


def _plan_token(tok: str, offset: int, decimal_comma: bool, steps: list[_Step]) -> None:
    """Classify one token at `offset` (recursing into `/`, `:` and `,` separated parts)."""
    end = offset + len(tok)
    if not _HAS_DIGIT_RE.search(tok):
        value = word_value(tok)
        if value is not None:
            steps.append((offset, end, None, (make_number(float(value), 0, word=True),), None))
        return
    if _SIMPLE_NUMBER_RE.fullmatch(tok):  # the common case, first
        steps.append((offset, end, None, (_simple_number(tok),), None))
        return
    duration = compound_duration(tok)
    if duration is not None:  # before the comma split: `0m15,312s` is one duration
        steps.append((offset, end, None, (duration,), None))
        return
    if "," in tok and "-" not in tok and not QUANTITY_RE.fullmatch(tok):
        _plan_parts(tok, offset, ",", decimal_comma, steps)  # CSV cells and JSON arrays
        return
    if _HEX_RE.fullmatch(tok) and not QUANTITY_RE.fullmatch(tok):
        steps.append((offset, end, NumberKind.HEX, (), tok.lower()))
        return
    if _VERSION_RE.fullmatch(tok):
        core = _VERSION_CORE_RE.match(tok)
        norm = core.group(1) if core else tok  # `v0.26.0-aarch64` is version 0.26.0
        steps.append((offset, end, NumberKind.VERSION, (), norm))
        return
    quantity = parse_number(tok, decimal_comma=decimal_comma)
    if quantity is not None:
        steps.append((offset, end, None, (quantity,), None))
        return
    if _MODEL_TAG_RE.fullmatch(tok):
        steps.append((offset, end, NumberKind.IDENTIFIER, (), tok.lower()))
        return
    compound = _compound(tok, decimal_comma)
    if compound is not None:
        steps.append((offset, end, compound[0], compound[1], None))
        return
    for sep in ("/", ":", ","):
        if sep in tok:
            _plan_parts(tok, offset, sep, decimal_comma, steps)
            return
    steps.append((offset, end, NumberKind.IDENTIFIER, (), tok.lower()))


_DURATION_RE = re.compile(r"(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m)?(?:(?P<s>\d+)(?:[.,](?P<frac>\d+))?s)?")


def compound_duration(tok: str) -> ParsedNumber | None:
    """A duration written in two or three units, in seconds (`1m25s` 85, `12h47m39s`,
    `2m9.6s` 129.6, `1h30m`; `0m15,312s` is the `time` command's 15.312 s where a comma is
    the decimal mark): a time in hours, minutes and seconds, not an identifier. One unit
    alone (`5m`, `30s`) is a quantity the unit reader reads; seconds of 60 or more after
    minutes or hours, or minutes of 60 or more after hours, are no such time (`10m60s`)."""
    match = _DURATION_RE.fullmatch(tok)
    if match is None:
        return None
    hours, minutes, seconds = (match.group(part) for part in ("h", "m", "s"))
    if sum(part is not None for part in (hours, minutes, seconds)) < 2:
        return None
    return _in_seconds(hours, minutes, seconds, match.group("frac") or "")


def _in_seconds(
    hours: str | None, minutes: str | None, seconds: str | None, fraction: str
) -> ParsedNumber | None:
    """Parts of a time in two or three units as one number of seconds, or None where minutes
    of 60 or more follow hours or seconds of 60 or more follow either (`2h 75m`, `10m60s`)."""
    if (hours is not None and minutes is not None and int(minutes) >= 60) or (
        seconds is not None and int(seconds) >= 60
    ):
        return None
    whole = int(hours or 0) * 3600 + int(minutes or 0) * 60 + int(seconds or 0)
    value = whole + (int(fraction) / 10 ** len(fraction) if fraction else 0.0)
    return make_number(round(value, len(fraction)), len(fraction), unit="s")


_HOURS = r"\s?(?:h|hr|hrs|hours?)"
_MINUTES = r"\s?(?:m|min|mins|minutes?)"
_SECONDS = r"\s?(?:s|sec|secs|seconds?)"
_SPACED_DURATION_RE = re.compile(
    rf"(?<![\w.,:/-])(?:(?P<h>\d+){_HOURS}\s+(?P<m>\d+){_MINUTES}"
    rf"(?:\s+(?P<s>\d+(?:\.\d+)?){_SECONDS})?"
    rf"|(?P<m2>\d+){_MINUTES}\s+(?P<s2>\d+(?:\.\d+)?){_SECONDS})(?![\w.,:/-]*\w)"
)
_SPACED_HINT_RE = re.compile(r"\d\s?[hm]\w*\s+\d")


def spaced_durations(text: str) -> list[tuple[int, int, ParsedNumber]]:
    """Durations written in two or three units apart (`4h 48m`, `1h 2m 3s`, `2m 30s`,
    `3 h 52 m`), each as one number of seconds with its offsets, as `compound_duration`
    reads them joined (`1m25s`): read apart, `4h 48m` was two figures, and a header's `Time`
    took the last, 48. Minutes of 60 or more after hours, or seconds after minutes, are no
    such time (`2h 75m`)."""
    if not _SPACED_HINT_RE.search(text):
        return []
    found = []
    for match in _SPACED_DURATION_RE.finditer(text):
        whole, _, fraction = (match["s"] or match["s2"] or "").partition(".")
        seconds = _in_seconds(match["h"], match["m"] or match["m2"], whole or None, fraction)
        if seconds is not None:
            found.append((match.start(), match.end(), seconds))
    return found


def _compound(
    tok: str, decimal_comma: bool
) -> tuple[NumberKind, tuple[ParsedNumber, ParsedNumber]] | None:
    """A hyphenated range (`24-30`, `10k-20k`) or a fraction (`3/4`), if the token is one."""
    for sep, kind in (("-", NumberKind.RANGE), ("/", NumberKind.FRACTION)):
        left, found, right = tok.partition(sep)
        if not found or sep in right:
            continue
        first = parse_number(left, decimal_comma=decimal_comma)
        second = parse_number(right, decimal_comma=decimal_comma)
        if first is None or second is None:
            continue
        if kind is NumberKind.FRACTION and (first.unit or second.unit):
            continue
        if kind is NumberKind.RANGE:
            first = _shared_scale(first, second)
        return kind, (first, second)
    return None


def _plan_parts(tok: str, offset: int, sep: str, decimal_comma: bool, steps: list[_Step]) -> None:
    """The mentions of a token's `sep`-separated parts, each read as a token."""
    at = 0
    for part in tok.split(sep):
        part_start = offset + at
        at += len(part) + 1
        if part and _TOKEN_RE.fullmatch(part):
            _plan_token(part, part_start, decimal_comma, steps)
        elif part:
            for m in _TOKEN_RE.finditer(part):
                _plan_token(m.group(), part_start + m.start(), decimal_comma, steps)


@lru_cache(maxsize=1 << 14)
def _simple_number(token: str) -> ParsedNumber:
    """A token of digits with at most one decimal point (`42`, `3.75`), parsed (memoised: a
    text repeats its small numbers)."""
    dot = token.find(".")
    return make_number(float(token), len(token) - dot - 1 if dot >= 0 else 0)


def _shared_scale(first: ParsedNumber, second: ParsedNumber) -> ParsedNumber:
    """In `3–4B` or `20–30%` the second end's scale or percent applies to the first too."""
    if first.multiplier is not None or first.percent or first.unit or first.word:
        return first
    if second.multiplier is not None and second.value:
        scales = tuple(a / (second.value / second.multiplier) for a in second.alternatives)
        return make_number(
            first.value, first.decimals, scales=scales, approximate=first.approximate
        )
    if second.percent or second.unit:
        return make_number(
            first.value,
            first.decimals,
            unit=second.unit,
            percent=second.percent,
            approximate=first.approximate,
        )
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
        number.value,
        number.decimals,
        number.alternatives,
        number.tolerances,
        number.multiplier,
        number.unit,
        number.percent,
        True,
        number.word,
    )


def find_numbers(text: str, *, decimal_comma: bool | None = None) -> list[NumberMention]:
    """Every number-like mention in `text`, in order: quantities, percents, ranges, `±`
    pairs, fractions, dates, times, versions, hex strings, identifiers and URLs.

    `decimal_comma=None` decides from the text itself (see `detect_decimal_comma`); pass the
    document-level decision when scanning a document line by line.
    """
    if decimal_comma is None:
        decimal_comma = detect_decimal_comma(text)
    if len(text) > MEMO_MAX_CHARS:
        return list(_scanned_long(text, decimal_comma))
    return list(_scanned(text, decimal_comma))


MEMO_MAX_CHARS = 4096
"""Texts up to this long (lines, cells, sentences) are scanned once per process; longer ones
are kept only while they are among the last `LONG_MEMO_SIZE` scanned."""

LONG_MEMO_SIZE = 8


@lru_cache(maxsize=LONG_MEMO_SIZE)
def _scanned_long(text: str, decimal_comma: bool) -> tuple[NumberMention, ...]:
    """A long text's mentions (a wide table's 80 KB row), memoised for the last few texts:
    extract grounds the row, select reads its restatements, verify and the drafter reread it,
    each a full scan of the row before (12 scans of a 10,000-column table's 4 lines)."""
    return tuple(_Scanner(text, decimal_comma).scan())


@lru_cache(maxsize=1 << 15)
def _scanned(text: str, decimal_comma: bool) -> tuple[NumberMention, ...]:
    """One text's mentions, memoised: the extract stage grounds each cited line, and verify
    and the drafter read the same lines again (mentions are frozen, so they are shared)."""
    return tuple(_Scanner(text, decimal_comma).scan())


@lru_cache(maxsize=1 << 14)
def numeric_mentions(text: str) -> tuple[NumberMention, ...]:
    """The quantities of a table cell or data leaf (quantities, percents, ranges, `±` pairs,
    fractions), the decimal comma decided from the cell itself.

    Memoised: a cell is read once for its values and again for its figures.
    """
    return tuple(m for m in find_numbers(text) if m.kind.is_numeric)
