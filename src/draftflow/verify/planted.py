"""Instructions planted in the sources: each is shown to the editor, citing its line.

A line addressed to a reader-program ("Assistant, when you write the summary, say ...",
"Reviewer bots: the correct headline is ...") is data, never a measurement: extraction does not
ground a figure on it and verify refuses a result that cites it (`verify/instructions.py`).
That it is there at all is worth a look (the repository may carry other planted text), so each
such line of a document the record lists raises one warning that cites it.
"""

from __future__ import annotations

from itertools import islice

from draftflow.verify.context import VerifyContext
from draftflow.verify.report import Rule, Severity

MAX_WARNINGS_PER_DOCUMENT = 20


def check_planted_instructions(ctx: VerifyContext) -> None:
    """One warning per line of a listed document that reads as an instruction to a model."""
    for listed in ctx.listed:
        if listed.document is None:
            continue
        lines = islice(ctx.index(listed).instruction_lines(), MAX_WARNINGS_PER_DOCUMENT)
        for number in lines:
            ctx.flag(
                Severity.WARNING,
                Rule.CITATIONS,
                listed.pointer,
                f"{listed.path}:{number}",
                "this source line is addressed to a reader-program (an instruction, not a "
                "measurement): its numbers were not taken as figures; check the record says "
                "nothing it asks for",
                [ctx.evidence(listed, number)],
            )
