"""How a value may be written, as substrings to look for: the fast path of verify's index.

Reading a whole document token by token (`find_numbers`) costs microseconds a token, minutes
for a large source. A question "which lines state about 41.3?" needs far less: every way a
source can write a value in [41.25, 41.35] contains one of a few strings (`41.2`, `41.3`),
and the few lines where a reading differs from the written digits (`32K`, `95%`, `two`) are
found by `SUFFIXED_RE` and `WORDS_RE`, two fast patterns. So the index finds those strings
with `str.find` (C speed), skips hits glued to other digits or letters, and confirms what is
left on its line with `find_numbers`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from os.path import commonprefix
from typing import Any

from draftflow.numbers.kinds import ParsedNumber
from draftflow.numbers.words import NUMBER_WORDS

MAX_STEPS = 12


_SUFFIXES = "kKMGTBbeE%"
SUFFIXED_RE = re.compile(rf"[{_SUFFIXES}](?<=\d.)")
"""A scale, exponent or percent glued to a digit: where a reading is not the written value
(`32K` is 32768, `95%` is 0.95, `1e-5`). The lookbehind runs only at those letters."""

# Every ASCII digit as `0`, every suffix letter as `k`: `0k` marks a suffixed number.
_MARKS = bytes.maketrans(b"0123456789" + _SUFFIXES.encode(), b"0" * 10 + b"k" * len(_SUFFIXES))


def suffixed_offsets(text: str) -> Iterator[int]:
    """The offsets `SUFFIXED_RE` finds, in order. In ASCII text (where a digit is `0`-`9`) one
    `bytes.translate` and a search for `0k`, several times faster than the pattern."""
    if not text.isascii():
        yield from (match.start() for match in SUFFIXED_RE.finditer(text))
        return
    marked = text.encode("ascii").translate(_MARKS)
    at = marked.find(b"0k")
    while at >= 0:
        yield at + 1
        at = marked.find(b"0k", at + 2)


def _trie(words: Iterable[str]) -> str:
    """One pattern matching any of `words`, branching letter by letter, so each place in a
    text costs a letter test or two rather than one per word."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def render(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + render(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" not in node:
            return body
        return f"(?:{body})?" if len(branches) == 1 else f"{body}?"

    return render(tree)


WORDS_RE = re.compile(_trie(NUMBER_WORDS))
"""Number words anywhere in lower-case text (inside other words too: a cheap superset)."""
_DIGIT_RE = re.compile(r"\d")


def may_write_number(text: str) -> bool:
    """False only when `find_numbers` reads no quantity or percent in `text`: it has no digit
    and no number word (the scanner reads a token without a digit only as a number word,
    `NUMBER_WORDS`, which `WORDS_RE` finds anywhere in the lowered text). Most lines of prose
    have neither, so a caller that scans many lines skips them unscanned."""
    return _DIGIT_RE.search(text) is not None or WORDS_RE.search(text.lower()) is not None


Form = tuple[str, str]
"""A substring and what may follow it: `any`, `end` (no digit), `more` (a digit or a
thousands comma) or `exact` (no digit and no decimal fraction)."""

MAX_DEPTH = 0


def search_forms(number: ParsedNumber, *, decimal_comma: bool = False) -> set[Form] | None:
    """Strings one of which any plain written form of `number` contains (a scaled, percent
    or word reading is not plain: see `SUFFIXED_RE`), each with what may follow it, or None
    when that cannot be said (every line is a candidate)."""
    forms: set[Form] = set()
    for low, high in number.intervals():
        found = interval_forms(low, high)
        if found is None:
            return None
        forms |= found
    if decimal_comma:
        forms |= {(form.replace(".", ","), rule) for form, rule in forms if "." in form}
    return forms


def interval_forms(low: float, high: float) -> set[Form] | None:
    """Written forms of every plain decimal in [low, high] (sign dropped)."""
    if high < 0:
        low, high = -high, -low
    # An interval around zero (`0` is [-0.5, 0.5]) keeps its whole width for the cell size: cut
    # to [0, 0.5] it would be covered in tenths (`0.0`..`0.4`), none of which a bare `0` holds.
    width = high - low
    low = max(low, 0.0)
    if not math.isfinite(width) or high >= 1e18:
        return None
    if high < 1e-9:
        return set()
    level = max(math.floor(math.log10(width)) if width > 0 else -12, -12)
    forms: set[Form] = set()
    if not _cover(low, high, level, 0, forms):
        return None
    return forms


def _cover(low: float, high: float, level: int, depth: int, forms: set[Form]) -> bool:
    """Add the forms of the cells of size 10**level that meet [low, high]; a cell only
    partly inside is split once more (twice at most), keeping its own exact value."""
    step = 10.0**level
    first, last = math.floor(low / step + 1e-9), math.floor(high / step - 1e-9)
    if last - first > MAX_STEPS:
        return False
    for k in range(first, last + 1):
        cell_low, cell_high = k * step, (k + 1) * step
        inside = cell_low >= low - 1e-12 * step and cell_high <= high + 1e-12 * step
        if inside or depth >= MAX_DEPTH or level <= -12:
            rule = "any" if level < 0 else "end" if level == 0 else "more"
            forms.update((text, rule) for text in _renderings(k, level))
            continue
        if low <= cell_low <= high:
            exact = _renderings(k * 10**level, 0) if level > 0 else _renderings(k, level)
            forms.update((text, "exact") for text in exact)
        if not _cover(max(low, cell_low), min(high, cell_high), level - 1, depth + 1, forms):
            return False
    return True


def _renderings(k: int, level: int) -> set[str]:
    """`k × 10**level` as written: `41.3`, `.3` / `0.3`, `1234` / `1,234`, or a prefix of
    a longer integer (`32` for 32000 at level 3)."""
    if level < 0:
        text = f"{k * 10.0**level:.{-level}f}"
        whole, _, fraction = text.partition(".")
        forms = {text}
        if whole == "0":
            forms.add("." + fraction)
        elif len(whole) > 3:
            forms.add(f"{int(whole):,}.{fraction}")
        return forms
    digits = str(k * 10**level)
    keep = len(digits) - level
    if keep <= 0:
        return {"0"} if k == 0 else set()
    grouped = f"{k * 10**level:,}"
    kept, seen = [], 0
    for char in grouped:
        if seen == keep:
            break
        kept.append(char)
        seen += char.isdigit()
    return {digits[:keep], "".join(kept)}


def standalone_offsets(text: str, forms: Iterable[Form]) -> Iterator[int]:
    """Offsets where one of `forms` starts a number in `text`: not glued to a digit, a
    letter or a decimal point before it, and followed by what its rule allows. One pass over
    the text (`occurrences`), whatever the number of forms."""
    rules = dict(sorted(forms, key=lambda form: _STRICTNESS[form[1]]))
    if not rules:
        return
    for at, needle in occurrences(text, tuple(sorted(rules, key=lambda f: (-len(f), f)))):
        before = text[at - 1] if at else " "
        if before.isalnum() or (before == "." and needle[0].isdigit()):
            continue
        if _follows(rules[needle], text[at + len(needle) : at + len(needle) + 2]):
            yield at


def occurrences(text: str, needles: tuple[str, ...]) -> Iterator[tuple[int, str]]:
    """Where `needles` (longest first) occur in `text`: leftmost first, not overlapping, the
    first needle that fits at each place, as one alternation of them finds them. When they
    share a prefix of a few characters (`186.555`…`186.565` share `186.5`), `str.find` of the
    prefix finds the places several times faster than the pattern, with nothing to compile;
    at each place, one slice per needle length says which needle (if any) is there."""
    prefix = commonprefix(needles)  # noqa: RUF071 (characters, not path components)
    if len(prefix) < MIN_SHARED_PREFIX:
        for match in _alternation(needles).finditer(text):
            yield match.start(), match.group()
        return
    wanted = frozenset(needles)
    lengths = sorted({len(needle) for needle in needles}, reverse=True)
    at = text.find(prefix)
    while at >= 0:
        # At most one needle of each length fits here; the longest one is the first in order.
        needle = next((text[at : at + n] for n in lengths if text[at : at + n] in wanted), None)
        if needle is None:
            at = text.find(prefix, at + 1)
        else:
            yield at, needle
            at = text.find(prefix, at + len(needle))


MIN_SHARED_PREFIX = 3
"""A shorter shared prefix (`12`, `7`) occurs so often that the pattern is faster."""


@lru_cache(maxsize=4096)
def _alternation(needles: tuple[str, ...]) -> re.Pattern[str]:
    """One compiled pattern finding any of `needles`, longest first (compiled once per
    question: the same value is asked of many documents)."""
    return re.compile("|".join(map(re.escape, needles)))


_STRICTNESS = {"exact": 0, "end": 1, "more": 2, "any": 3}


def _follows(rule: str, after: str) -> bool:
    first = after[:1]
    if rule == "any":
        return True
    if rule == "more":
        return first.isdigit() or first == ","
    if first.isdigit():
        return False
    return rule == "end" or not (first == "." and after[1:2].isdigit() and after[1:2] != "0")
