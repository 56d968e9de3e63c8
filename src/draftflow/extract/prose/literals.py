"""The literal text every match of a pattern contains: a cheap gate before the pattern.

The prose finder tries some forty metric patterns on each phrase before a number
(`prose_units.py`); most phrases name no metric, and a pattern search costs far more than a
substring test. `required_literals` reads a pattern's syntax tree and returns strings of which
every match contains at least one (`abs(olute)?.?error` → `error`; `\\bkv\\b|kv.?pool` →
`kv`); a text that holds none of them cannot match, so the pattern is not run on it. The
answer is the pattern's own: the gate only skips searches that find nothing.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any

# The regex module's own parser (`re._parser`, `sre_parse` before 3.11): the one reader of
# the pattern syntax, so the literals follow the engine's reading of every construct.
_PARSER: Any = importlib.import_module("re._parser")
_OPS: Any = importlib.import_module("re._constants")
_REPEATS = (_OPS.MAX_REPEAT, _OPS.MIN_REPEAT, _OPS.POSSESSIVE_REPEAT)


def required_literals(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Strings of which every match of `pattern` contains one, or None when the pattern
    guarantees none (a case-blind pattern, a bare class, an optional part, a backreference)."""
    if pattern.flags & re.IGNORECASE:
        return None
    try:
        tree = _PARSER.parse(pattern.pattern, pattern.flags)
    except (re.error, RecursionError):  # pragma: no cover - the pattern compiled already
        return None
    found = _required(list(tree))
    return tuple(sorted(found)) if found else None


def _required(items: list[tuple[Any, Any]]) -> set[str] | None:
    """A set of literals one of which every match of the sequence `items` contains: the best
    of its elements' sets (its longest runs of plain characters, its groups, its branches)."""
    choices: list[set[str]] = []
    run: list[str] = []
    for op, arg in items:
        if op is _OPS.LITERAL:
            run.append(chr(arg))
            continue
        if run:
            choices.append({"".join(run)})
            run = []
        inner = _required_of(op, arg)
        if inner:
            choices.append(inner)
    if run:
        choices.append({"".join(run)})
    # the set whose shortest literal is longest rules out the most texts
    return max(choices, key=lambda choice: min(map(len, choice)), default=None)


def _required_of(op: Any, arg: Any) -> set[str] | None:
    """The literal set of one element of a sequence (None: it requires no text)."""
    if op is _OPS.SUBPATTERN:
        _group, add_flags, _del_flags, inner = arg
        return None if add_flags & re.IGNORECASE else _required(list(inner))
    if op is _OPS.ATOMIC_GROUP:
        return _required(list(arg))
    if op is _OPS.BRANCH:
        branches = [_required(list(branch)) for branch in arg[1]]
        if any(not branch for branch in branches):
            return None
        return set().union(*(branch for branch in branches if branch))
    if op in _REPEATS:
        low, _high, inner = arg
        return _required(list(inner)) if low >= 1 else None
    return None  # classes, any character, anchors, lookarounds, backreferences


@dataclass(frozen=True, slots=True)
class GatedPattern:
    """A pattern with the literals every match of it contains (None: no gate)."""

    pattern: re.Pattern[str]
    literals: tuple[str, ...] | None

    @classmethod
    def of(cls, pattern: re.Pattern[str]) -> GatedPattern:
        """The pattern with its literals read from it."""
        return cls(pattern, required_literals(pattern))

    def may_match(self, text: str) -> bool:
        """False only when `text` holds none of the literals, so the pattern cannot match."""
        literals = self.literals
        return literals is None or any(map(text.__contains__, literals))


class GatedPatterns:
    """Named patterns tried in order on one text, gated together: each distinct literal of
    them all is looked for once per text, and only the patterns whose literals it holds (and
    those without a gate) are tried."""

    def __init__(self, named: tuple[tuple[str, re.Pattern[str]], ...]) -> None:
        self.named = named
        self._ungated: list[int] = []
        self._by_literal: dict[str, list[int]] = {}
        for index, (_, pattern) in enumerate(named):
            literals = required_literals(pattern)
            if literals is None:
                self._ungated.append(index)
            for literal in literals or ():
                self._by_literal.setdefault(literal, []).append(index)
        self._literals = tuple(self._by_literal)

    def candidates(self, text: str) -> list[tuple[str, re.Pattern[str]]]:
        """The (name, pattern) pairs that may match `text`, in their order."""
        found = set(self._ungated)
        by_literal = self._by_literal
        for literal in filter(text.__contains__, self._literals):
            found.update(by_literal[literal])
        named = self.named
        return [named[index] for index in sorted(found)]
