"""Ratios written in prose (`1.28×`), and whether the numbers beside them make them.

A sentence that compares two figures states both and their ratio: "vLLM decodes 98.38 tok/s,
1.28× the 76.94 tok/s of SGLang". The ratio is no source's number, so it can only be checked
as the arithmetic of the other two: some pair of quantities in the same sentence, each read at
its written precision, must divide to the ratio at the ratio's written precision. The draft
stage writes such sentences and verify checks them with the same reading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from draftflow.numbers.kinds import NumberKind, NumberMention, ParsedNumber
from draftflow.numbers.scan import find_numbers

RATIO_SIGNS = ("×", "x", "X")


@dataclass(frozen=True)
class Ratio:
    """A ratio mention in a text and the pair of stated quantities that makes it (or None)."""

    mention: NumberMention
    inputs: tuple[NumberMention, NumberMention] | None

    @property
    def recomputable(self) -> bool:
        """True when two other quantities of the text divide to this ratio."""
        return self.inputs is not None


def is_ratio(text: str, mention: NumberMention) -> bool:
    """True when the mention is a multiplier: written `1.28×`, `1.28x` or `1.28 ×`."""
    if mention.kind is not NumberKind.QUANTITY or len(mention.numbers) != 1:
        return False
    if mention.text.endswith(RATIO_SIGNS[:2]):
        return True
    return text[mention.end : mention.end + 2].lstrip().startswith("×")


def ratios(text: str, accept: Callable[[NumberMention], bool] | None = None) -> list[Ratio]:
    """Every ratio mention of `text` with the pair of its other quantities that makes it
    (only quantities `accept` admits, when given: verify admits the record's figures)."""
    mentions = find_numbers(text, decimal_comma=False)
    found = []
    for mention in mentions:
        if not is_ratio(text, mention):
            continue
        others = [
            m
            for m in mentions
            if m is not mention and m.kind is NumberKind.QUANTITY and not is_ratio(text, m)
        ]
        if accept is not None:
            others = [m for m in others if accept(m)]
        found.append(Ratio(mention, _pair(mention.numbers[0], others)))
    return found


def _pair(
    ratio: ParsedNumber, others: list[NumberMention]
) -> tuple[NumberMention, NumberMention] | None:
    for top in others:
        for bottom in others:
            if top is not bottom and _divides(top.numbers, bottom.numbers, ratio):
                return top, bottom
    return None


def _divides(
    tops: tuple[ParsedNumber, ...], bottoms: tuple[ParsedNumber, ...], ratio: ParsedNumber
) -> bool:
    if len(tops) != 1 or len(bottoms) != 1:
        return False
    for r_low, r_high in ratio.intervals():
        for t_low, t_high in tops[0].intervals():
            for b_low, b_high in bottoms[0].intervals():
                if b_low <= 0:
                    continue
                if t_low / b_high <= r_high and t_high / b_low >= r_low:
                    return True
    return False


def ratio_text(top: float, bottom: float) -> str:
    """The ratio `top / bottom` as prose writes it: two decimals and a `×` sign."""
    return f"{top / bottom:.2f}×"
