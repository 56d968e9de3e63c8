"""Ratios in prose (`1.28×`) are checked as arithmetic: two figures of the record, stated in
the same sentence, must divide to the ratio at its written precision. A ratio whose input
figure is gone from the record (dropped, or never a headline figure) is not derived, and
falls back on the ordinary check of a prose number, which a computed ratio seldom passes."""

from __future__ import annotations

from draftflow.numbers import NumberMention
from draftflow.numbers.arithmetic import is_ratio, ratios
from draftflow.text.sentences import sentence_spans
from draftflow.verify.context import VerifyContext
from draftflow.verify.lookup import Lookup
from draftflow.verify.report import ClaimStatus


def derived_ratio(ctx: VerifyContext, text: str, mention: NumberMention) -> Lookup | None:
    """`DERIVED` when the mention is a ratio of two record figures its sentence states, else
    None (the caller checks it as any other number)."""
    if not is_ratio(text, mention):
        return None
    for start, end in sentence_spans(text):
        if not start <= mention.start < end:
            continue
        sentence = text[start:end]
        for ratio in ratios(sentence, accept=lambda m: _is_figure(ctx, m)):
            if ratio.mention.start + start == mention.start and ratio.inputs is not None:
                top, bottom = ratio.inputs
                return Lookup(ClaimStatus.DERIVED, [], detail=f"{top.text} / {bottom.text}")
    return None


def _is_figure(ctx: VerifyContext, mention: NumberMention) -> bool:
    """True when the quantity is a reported result's verified value at its precision (a
    number that only a condition or another figure's row cells hold is no input)."""
    return len(mention.numbers) == 1 and ctx.record_values.is_figure(mention.numbers[0])
