"""Grounding: every number the model returns must be written on the line it cites.

The claimed value only chooses which number on the line is meant; the accepted value is the
source's own written number (a model that writes 60.49 for `60.48877` gets `60.48877`).
Anything that cannot be tied to its line is dropped with a recorded reason. Lines that read
as instructions to a model are never evidence, whatever numbers they hold.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.artifact import DroppedClaim, DropReason
from draftflow.extract.numeric import Found, as_number, matches_written, numbers_in
from draftflow.text.instructions import candidate_lines, line_is_instruction
from draftflow.text.lines import CASE_FOLDED

INSTRUCTION_TEXT = re.compile(
    r"ignore\s+(all\s+|any\s+)?(the\s+)?(previous|prior|above|earlier|preceding)\s+"
    r"(instructions?|prompts?|messages?|rules?)"
    r"|disregard\s+(all\s+|any\s+)?(the\s+)?(previous|prior|above|earlier)"
    r"|system\s+prompt|you\s+are\s+now\b|as\s+an\s+ai\b|new\s+instructions?\s*:"
    r"|\b(report|output|state|write)\s+(that\s+)?[~≈]?\d[\d,.]*\s*(tok|t/s|tokens)"
    r"|<\|im_start\|>|\[/?INST\]|</?system>",
    re.IGNORECASE,
)
# Its lower-case twin for lower-cased ASCII lines, without IGNORECASE: the regex engine reads
# a long line about twice as fast, and a line is checked for every figure grounded on it.
_INSTRUCTION_TEXT_LOWER = re.compile(INSTRUCTION_TEXT.pattern.replace("INST", "inst"))


@dataclass(frozen=True)
class LineNumbers:
    """The quantities written on one line, with an index by exact value."""

    numbers: list[Found]
    exact: dict[float, Found]

    @classmethod
    def of(cls, text: str) -> LineNumbers:
        """Read the numbers of one line once."""
        numbers = numbers_in(text)
        exact: dict[float, Found] = {}
        for found in numbers:
            exact.setdefault(found.value, found)
        return cls(numbers, exact)


def best_match(claimed: float, line: LineNumbers) -> Found | None:
    """The number on a line that `claimed` means: an exact match before a rounded one.

    A one-line JSON file holds many numbers; 0.2994 must pick `0.29940777` rather than the
    `0.3` that happens to come first and covers it at its own precision. The exact lookup is
    a dict hit, so a line of thousands of numbers stays cheap.
    """
    exact = line.exact.get(float(claimed))
    if exact is not None:
        return exact
    for found in line.numbers:
        if matches_written(claimed, found):
            return found
    return None


@lru_cache(maxsize=4096)
def reads_as_instructions(text: str) -> bool:
    """True when a line tries to instruct a model ("ignore previous instructions ...").

    Memoised: every figure of a long line is checked against the same line.
    """
    if text.isascii():
        fixed = _INSTRUCTION_TEXT_LOWER.search(text.lower()) is not None
    else:
        fixed = INSTRUCTION_TEXT.search(text) is not None
    return fixed or line_is_instruction(text)


# Every match of `INSTRUCTION_TEXT` holds one of these, in lower case (`[INST]` as `inst`,
# `<|im_start|>` as `im_start`); a line holding none, and no letter that case-insensitive
# matching reads as another (`ſ` as `s`), reads as no instruction by that pattern.
_INSTRUCTION_TEXT_WORDS = (
    "ignore", "disregard", "system", "you", "as", "new", "report", "output", "state", "write",
    "im_start", "inst",
)  # fmt: skip


def instruction_candidates(document: Document) -> frozenset[int] | None:
    """The lines of `document` that may read as instructions (`reads_as_instructions`): every
    other line does not. Found by searching the whole lower-cased text once for the words any
    instruction holds; None (read every line) when lower case moved the offsets."""
    lines = document.line_list
    text = "\n".join(lines)
    lowered = text.lower()
    if len(lowered) != len(text):
        return None
    starts = list(accumulate((len(line) + 1 for line in lines), initial=0))

    def line_of(offset: int) -> int:
        return bisect_right(starts, offset)

    found = candidate_lines(lowered, line_of)
    for word in _INSTRUCTION_TEXT_WORDS:
        at = lowered.find(word)
        while at != -1:
            found.add(line_of(at))
            at = lowered.find(word, at + len(word))
    found.update(line_of(match.start()) for match in CASE_FOLDED.finditer(lowered))
    return frozenset(found)


@dataclass(frozen=True)
class Grounded:
    """A claimed number tied to the source number on its cited line."""

    document: Document
    line: int
    value: int | float
    found: Found

    @property
    def decimals(self) -> int:
        """The written precision of the source number."""
        return self.found.decimals


@dataclass
class Grounder:
    """Checks claims against a snapshot, reading each cited line's numbers once."""

    snapshot: Snapshot
    _line_numbers: dict[tuple[str, int], LineNumbers] = field(default_factory=dict)
    _instruction_lines: dict[str, frozenset[int] | None] = field(default_factory=dict)
    _texts: str | None = None
    _values: list[Found] | None = None

    def document(self, document_id: str) -> Document | None:
        """The snapshot's document with this id."""
        return self.snapshot.document(document_id)

    def numbers_on(self, document: Document, line: int) -> LineNumbers:
        """The quantities written on one line of a document (memoised)."""
        key = (document.document_id, line)
        if key not in self._line_numbers:
            self._line_numbers[key] = LineNumbers.of(document.line(line) or "")
        return self._line_numbers[key]

    def _may_instruct(self, document: Document, line: int) -> bool:
        """False when line `line` cannot read as an instruction: the document's lines that may
        are found once (a large run file grounds tens of thousands of figures)."""
        key = document.document_id
        if key not in self._instruction_lines:
            self._instruction_lines[key] = instruction_candidates(document)
        candidates = self._instruction_lines[key]
        return candidates is None or line in candidates

    def ground(
        self, *, kind: str, label: str, document_id: str, line: int, claimed: float
    ) -> Grounded | DroppedClaim:
        """Tie `claimed` to the number written on `document_id` line `line`, or say why not."""

        def drop(reason: DropReason, detail: str) -> DroppedClaim:
            return DroppedClaim(
                kind=kind,
                label=label,
                claimed=_show(claimed),
                document_id=document_id,
                line=line,
                reason=reason,
                detail=detail,
            )

        document = self.document(document_id)
        if document is None:
            return drop(DropReason.UNKNOWN_DOCUMENT, "no document with this id in the snapshot")
        text = document.line(line)
        if text is None:
            count = len(document.line_list)
            return drop(DropReason.NO_SUCH_LINE, f"the document has {count} lines")
        if self._may_instruct(document, line) and reads_as_instructions(text):
            return drop(DropReason.INSTRUCTION_TEXT, f"line reads: {text.strip()[:120]!r}")
        found = best_match(claimed, self.numbers_on(document, line))
        if found is not None:
            return Grounded(document, line, as_number(found.value, found.decimals), found)
        written = ", ".join(f.text for f in self.numbers_on(document, line).numbers[:12])
        return drop(DropReason.NOT_ON_LINE, f"the line holds: {written[:160] or 'no numbers'}")

    def all_text(self) -> str:
        """Every document's text, casefolded, for checking what conditions state."""
        if self._texts is None:
            self._texts = "\n".join(d.text for d in self.snapshot.documents).casefold()
        return self._texts

    def stated_in_sources(self, value: str) -> bool:
        """True when every number-bearing token of `value` is written in some document.

        Conditions are free text ("2 x DGX Spark GB10, TP2"), so the words may be the model's,
        but every digit-bearing token must be the sources'.
        """
        text = self.all_text()
        for raw in _DIGIT_TOKEN.findall(value.casefold()):
            if not written_whole(raw.strip(".:/+-"), text):
                return False
        return True

    def number_in_sources(self, value: int | float) -> bool:
        """True when the number is written somewhere in the snapshot (any written form)."""
        if self.stated_in_sources(_show(value)):
            return True
        if self._values is None:
            self._values = [f for d in self.snapshot.documents for f in numbers_in(d.text)]
        return any(f.parsed.matches(float(value)) for f in self._values)


_DIGIT_TOKEN = re.compile(r"[\w.:/+-]*\d[\w.:/+-]*")
_JOINS_BEFORE = re.compile(r"[\w.]")
_JOINS_AFTER = re.compile(r"\w")


def written_whole(token: str, text: str) -> bool:
    r"""`token` stands in `text` with no word character or `.` before it and no word character
    after it: `re.search(rf"(?<![\w.]){re.escape(token)}(?![\w])", text)`, found by `str.find`
    of the token (a pattern that opens with a lookbehind gets no literal-prefix search from
    the regex engine, which then tries every position of all the snapshot's text)."""
    at = text.find(token)
    while at >= 0:
        end = at + len(token)
        if not (at and _JOINS_BEFORE.match(text, at - 1)) and not _JOINS_AFTER.match(text, end):
            return True
        at = text.find(token, at + 1)
    return False


def _show(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)
