"""A pattern put behind the characters its every match opens with: the same matches, sooner.

A case-blind pattern of many alternatives that opens with a lookbehind (`(?<![\\w-])(?:dgx
spark|rtx...)`, the vocabulary's systems, engines and precisions) gives the regular expression
engine no first character to look for, so a search tries every alternative at every place of
the text. A wide table's row is 80 KB of digits, blanks and pipes, where no name starts:
`SYSTEM` took 0.2 s over a 10,000-column README, each of five readers scanning it again.

`gate` reads the pattern's syntax tree (`re._parser`, the engine's own reader, as
`extract/prose/literals.py` does) for the characters a match can open with and puts them in
front as a lookahead, `(?=[ndgarth...])(?:PATTERN)`: at any other place the search fails after
one class test. The lookahead only turns away places where the pattern cannot match, so every
search, match and `finditer` gives the same matches (the class is compiled with the pattern's
own flags, so a case-blind `n` opens on `N` too). Where the tree holds what the reading does not
follow (a class of everything but, an inline flag, a backreference) or the pattern can match
the empty text, the pattern is left as it is.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

# The regex module's own parser and its opcodes (`sre_parse` and `sre_constants` before 3.11).
_PARSER: Any = importlib.import_module("re._parser")
_OPS: Any = importlib.import_module("re._constants")
_REPEATS = (_OPS.MAX_REPEAT, _OPS.MIN_REPEAT, _OPS.POSSESSIVE_REPEAT)
_ZERO_WIDTH = (_OPS.AT, _OPS.ASSERT, _OPS.ASSERT_NOT)
_CATEGORIES = {
    _OPS.CATEGORY_DIGIT: r"\d",
    _OPS.CATEGORY_NOT_DIGIT: r"\D",
    _OPS.CATEGORY_SPACE: r"\s",
    _OPS.CATEGORY_NOT_SPACE: r"\S",
    _OPS.CATEGORY_WORD: r"\w",
    _OPS.CATEGORY_NOT_WORD: r"\W",
}


class _Unread(Exception):
    """A construct whose first characters `gate` does not read: the pattern stays ungated."""


def opening_class(source: str, flags: int = 0) -> str | None:
    """The body of a character class holding every character a match of `source` (under
    `flags`) can open with (`nda` for `(?<![\\w-])(?:nvidia\\s+)?dgx|amd`), or None where a
    match may be empty or the pattern holds what is not read (see the module's note)."""
    try:
        parts, empty = _first_of_sequence(list(_PARSER.parse(source, flags)))
    except (_Unread, re.error, RecursionError):
        return None
    return None if empty or not parts else "".join(dict.fromkeys(parts))


def gate(source: str, flags: int = 0) -> str:
    """`source` behind a lookahead of the characters its matches open with (`(?=[nd])(?:...)`),
    or `source` itself where `opening_class` reads none; the matches are the same."""
    opening = opening_class(source, flags)
    if opening is None or flags & re.VERBOSE:
        return source
    return f"(?=[{opening}])(?:{source})"


def gated(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern compiled behind its opening characters (`gate`), with its own flags; the
    pattern itself where it has no such gate or its text holds its own inline flags."""
    source = gate(pattern.pattern, pattern.flags)
    if source == pattern.pattern:
        return pattern
    try:
        return re.compile(source, pattern.flags)
    except re.error:  # global inline flags (`(?i)...`) may only open a pattern
        return pattern


def _first_of_sequence(items: list[tuple[Any, Any]]) -> tuple[list[str], bool]:
    """The class parts a match of a sequence can open with, and whether it may match empty."""
    parts: list[str] = []
    for op, arg in items:
        first, empty = _first_of(op, arg)
        parts += first
        if not empty:
            return parts, False
    return parts, True


def _first_of(op: Any, arg: Any) -> tuple[list[str], bool]:
    """The class parts one element can open with, and whether it may match empty."""
    if op is _OPS.LITERAL:
        return [re.escape(chr(arg))], False
    if op is _OPS.IN:
        return [_class_part(inner_op, inner_arg) for inner_op, inner_arg in arg], False
    if op in _ZERO_WIDTH:
        return [], True  # a lookaround or an anchor consumes nothing: what follows opens
    if op is _OPS.SUBPATTERN:
        _group, add_flags, del_flags, inner = arg
        if add_flags or del_flags:
            raise _Unread("inline flags")  # `(?i:...)` would need the class under its flags
        return _first_of_sequence(list(inner))
    if op is _OPS.ATOMIC_GROUP:
        return _first_of_sequence(list(arg))
    if op is _OPS.BRANCH:
        parts: list[str] = []
        empty = False
        for branch in arg[1]:
            first, branch_empty = _first_of_sequence(list(branch))
            parts += first
            empty = empty or branch_empty
        return parts, empty
    if op in _REPEATS:
        low, _high, inner = arg
        first, empty = _first_of_sequence(list(inner))
        return first, empty or low == 0
    raise _Unread(str(op))  # any character, a negated literal, a backreference, ...


def _class_part(op: Any, arg: Any) -> str:
    """One member of a class as class syntax (`a`, `a-z`, `\\d`)."""
    if op is _OPS.LITERAL:
        return re.escape(chr(arg))
    if op is _OPS.RANGE:
        return f"{re.escape(chr(arg[0]))}-{re.escape(chr(arg[1]))}"
    if op is _OPS.CATEGORY and arg in _CATEGORIES:
        return _CATEGORIES[arg]
    raise _Unread(str(op))  # a negated class (`[^...]`)
