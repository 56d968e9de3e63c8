"""Numbers inside names: dotted versions anywhere (`vllm-v0.6.6`) and the quantities that
stand as a piece of a model id (`30b` in `qwen3-30b-a3b`)."""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.numbers.dates import find_dates
from draftflow.numbers.kinds import NumberKind, NumberMention
from draftflow.numbers.parse import parse_number

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


_PIECE_SPLIT = re.compile(r"[-_./:]")


def name_pieces(name: str) -> list[str]:
    """The `-_./:`-separated pieces of a name, in order (`qwen3-30b-a3b` → qwen3, 30b, a3b)."""
    return [piece for piece in _PIECE_SPLIT.split(name) if piece]


def stated_values(mention: NumberMention) -> list[float]:
    """Every value a mention states: its numbers' readings, or, for a name, the quantities
    that stand as their own piece of it (`30b` in `qwen3-30b-a3b`)."""
    if mention.numbers:
        return [value for number in mention.numbers for value in number.alternatives]
    if mention.kind is not NumberKind.IDENTIFIER:
        return []
    values: list[float] = []
    for piece in name_pieces((mention.normalized or mention.text).lower()):
        parsed = parse_number(piece) if piece[:1].isdigit() else None
        if parsed is not None:
            values.extend(parsed.alternatives)
    return values


_LETTER = re.compile(r"[^\W\d_]")
_MARKUP = re.compile(r"[`*_~]")


@lru_cache(maxsize=1 << 14)
def names_something(text: str) -> bool:
    """True when a text can name a model, engine or artifact: a name holds a letter and is not
    a date. A score (`54.3/63`), a date (`2026-07-24/25`, `Jul 24`), a count or a range is a
    value, never an identity.

    Memoised: every figure of a row puts the row's model (`model-0`), each asking this."""
    plain = " ".join(_MARKUP.sub("", text).split())
    if not _LETTER.search(plain):
        return False
    rest = plain
    for start, end, _ in sorted(find_dates(plain), reverse=True):
        rest = rest[:start] + rest[end:]
    return bool(_LETTER.search(rest))
