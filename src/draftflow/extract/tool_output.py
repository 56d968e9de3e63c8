"""What a tool or a model printed, not what the benchmark measured: numbers that are never
results, whatever the rules or the result model say of them.

- **Progress bars.** The numbers of a tool's progress bar (tqdm's `Capturing CUDA graph
  shapes:  11%|█▏        | 4/35 [00:01<00:11,  2.59it/s]`) say how far a loop has come, how
  long it has run and how fast it iterates. Only the bar itself is read as one: its
  percentage, its bar, its `done/total` count and the bracket of times and rate after it. A
  log line that goes on after the bar (a carriage return overwrote it: `... ?it/s]INFO ...
  Avg prompt throughput: 153.6 tokens/s`) keeps its other numbers: the gold lists them.
- **Transcript turns.** A line that records one turn of a model's conversation
  (`prompt=What is 15% of 200?`, `tool_result={"price": 187.42}`, `assistant_turn_2=...`,
  `final_answer=...`): its numbers are what the model or its tool said, an example of its
  output, not a measurement (the gold policy's *out* list).
"""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.extract.candidates import Candidate
from draftflow.extract.identities import number_spans

PROGRESS_BAR = re.compile(
    r"\d{1,3}(?:\.\d+)?%\s*\|[^|\n]{0,200}\|\s*"
    r"\d+(?:\.\d+)?[kKMG]?/\d+(?:\.\d+)?[kKMG]?(?:\s*\[[^\]\n]{0,80}\])?"
)
"""A tqdm-style bar: `NN%|bar| done/total [elapsed<left, rate]` (the bracket optional)."""

TRANSCRIPT_TURN = re.compile(
    r"^\s*(?:prompt|system_prompt|user|assistant(?:_turn)?(?:_?\d+)?|tool_(?:call|result|output)"
    r"|final_answer|model_(?:answer|output))\s*=",
    re.IGNORECASE,
)
"""A transcript's `role=text` line, as an agent harness logs each turn."""


def progress_bar_spans(line: str) -> list[tuple[int, int]]:
    """Where `line` holds a progress bar (start, end), if anywhere."""
    return list(_bar_spans(line))


@lru_cache(maxsize=256)
def _bar_spans(line: str) -> tuple[tuple[int, int], ...]:
    # read once per line: every candidate of a wide row asks of the same line
    return tuple(match.span() for match in PROGRESS_BAR.finditer(line))


def in_progress_bar(candidate: Candidate, value: float, line: str) -> bool:
    """True when `value`, as `candidate` writes it on its `line`, stands only inside a
    progress bar of that line: each place the candidate's text writes it is within a bar.
    A candidate whose text is not found on the line, or that writes the value nowhere, is
    not judged (False)."""
    bars = progress_bar_spans(line)
    if not bars:
        return False
    start = line.find(candidate.text)
    spans = number_spans(candidate.text, value) if start >= 0 else []
    if not spans:
        return False
    return all(
        any(first <= start + a and start + b <= last for first, last in bars) for a, b in spans
    )


def is_transcript_turn(line: str) -> bool:
    """True when `line` records a turn of a model's conversation (`tool_result={...}`)."""
    return TRANSCRIPT_TURN.match(line) is not None


__all__ = [
    "PROGRESS_BAR",
    "TRANSCRIPT_TURN",
    "in_progress_bar",
    "is_transcript_turn",
    "progress_bar_spans",
]
