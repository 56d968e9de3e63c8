"""The one place prose is split into sentences and clauses.

The drafter drops sentences whose numbers it cannot ground, review diffs prose sentence by
sentence, and extract reads figures out of a source's sentences: all three split the same
way, here. A sentence ends at `.`, `!` or `?` (closing quotes and brackets may follow) before
whitespace and a capital, a digit, a quote, a bracket or Markdown emphasis. A decimal point
(`27.0`), a version (`0.6.6`) and an abbreviation before a lower-case word (`e.g. with`) do
not end one; nor does a known abbreviation before a capital (`vs. BF16`).

Spans are (start, end) offsets into the text, so a caller that joined several source lines
can map a sentence back to its lines.
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*(?=\s+[\"'“‘(\[`*_]*[A-Z0-9])")
_ABBREVIATION = re.compile(
    r"(?:^|[\s(\[])(?:e\.g|i\.e|vs|approx|cf|fig|incl|resp|Dr|Mr|Ms|Mrs|St|[A-Z])\.$",
    re.IGNORECASE,
)
# Only the last few characters of a sentence so far can end in an abbreviation (`approx.`
# and the blank before it is 8), so a longer one is searched there, where `^` cannot match.
_ABBREVIATION_REACH = 9
_ABBREVIATION_AFTER_BLANK = re.compile(
    _ABBREVIATION.pattern.replace(r"(?:^|[\s(\[])", r"[\s(\[]", 1), re.IGNORECASE
)
_CLAUSE_BREAK = re.compile(r";\s|:\s|\s[—–]\s|\s--\s|,\s(?=(?:and|but|while|whereas|so)\b)")


_STATUS_MARKS = "\u2705\u274c\u26a0\u2714\u2716\u2717\u2713\u2611\U0001f7e2\U0001f534\U0001f7e1"
"""✅ ❌ ⚠ ✔ ✖ ✗ ✓ ☑ and the green, red and yellow circles."""
_STATUS_LINE = re.compile(f"\n(?=[ \t]*[{_STATUS_MARKS}])")
"""A line that opens on a status mark (`✅ o4-mini: 126.78 tokens/sec`): a statement of its
own, even where the paragraph's lines are joined with no stop between them."""


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of each sentence of `text`, trimmed of surrounding space: a
    line opening on a status mark starts one."""
    spans: list[tuple[int, int]] = []
    starts = [0, *(m.end() for m in _STATUS_LINE.finditer(text))] if "\n" in text else [0]
    for first, last in zip(starts, [*starts[1:], len(text)], strict=True):
        spans.extend(_sentences_in(text, first, last))
    return [trimmed for span in spans if (trimmed := _trim(text, span)) is not None]


def _sentences_in(text: str, first: int, last: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = first
    for match in _SENTENCE_END.finditer(text, first, last):
        end = match.end()
        if _ends_with_abbreviation(text, start, match.start() + 1):
            continue
        spans.append((start, end))
        start = end
    spans.append((start, last))
    return spans


def _ends_with_abbreviation(text: str, start: int, end: int) -> bool:
    """`_ABBREVIATION.search(text[start:end])`, reading only the sentence's last characters."""
    if end - start <= _ABBREVIATION_REACH:
        return _ABBREVIATION.search(text[start:end]) is not None
    return _ABBREVIATION_AFTER_BLANK.search(text[end - _ABBREVIATION_REACH : end]) is not None


def split_sentences(text: str) -> list[str]:
    """Split prose into sentences, keeping each sentence's own punctuation."""
    return [text[start:end] for start, end in sentence_spans(text)]


def clause_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """The clauses of one sentence (`text[start:end]`): split at `;`, `:`, a dash, and a comma
    before a conjunction (`, while`), as offsets into `text`."""
    stop = len(text) if end is None else end
    spans: list[tuple[int, int]] = []
    at = start
    for match in _CLAUSE_BREAK.finditer(text, start, stop):
        spans.append((at, match.start() + 1))
        at = match.end()
    spans.append((at, stop))
    return [trimmed for span in spans if (trimmed := _trim(text, span)) is not None]


def _trim(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    start, end = span
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if end > start else None
