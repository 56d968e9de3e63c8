"""Scoring a record's conditions against the `conditions` of gold headline entries.

For every gold headline entry with `conditions` whose figure the record holds (same document,
line and value), each key the gold states is `correct`, `wrong` or `missing` in the figure's
conditions; an entry whose figure is not found counts its keys apart (`not_found`), since no
condition can be judged without the figure.

Values match by what identifies them, as the gold policy writes them ("in the source's own
spelling shortened to the identifying part"): numbers by value; text by its words, lowercased,
punctuation ignored, when one side's words are all in the other's and the longer side adds
only a few words (`Qwen/Qwen3-30B-A3B-FP8` holds `Qwen3-30B-A3B`; a whole sentence holding
`vLLM` does not). A gold that writes detail after its name (after a comma, or in brackets)
matches by its name too (`identifying_part`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from pydantic import BaseModel, Field, JsonValue

from draftflow.extract.conditions.setup_names import engine_in

MAX_EXTRA_WORDS = 4
"""How many more words the longer side may have than the shorter and still match."""

_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)*")


class ConditionVerdict(StrEnum):
    """How one gold condition key fares in the record."""

    CORRECT = "correct"
    WRONG = "wrong"
    MISSING = "missing"
    NOT_FOUND = "not_found"
    """The gold figure itself is not in the record."""


class KeyTally(BaseModel):
    """Verdict counts for one condition key (or all keys)."""

    correct: int = 0
    wrong: int = 0
    missing: int = 0
    not_found: int = 0

    @property
    def judged(self) -> int:
        """Keys of figures the record holds: correct + wrong + missing."""
        return self.correct + self.wrong + self.missing

    def count(self, verdict: ConditionVerdict) -> None:
        """Count one verdict."""
        setattr(self, verdict.value, getattr(self, verdict.value) + 1)

    def add(self, other: KeyTally) -> None:
        """Add another tally into this one."""
        for verdict in ConditionVerdict:
            setattr(self, verdict.value, getattr(self, verdict.value) + getattr(other, verdict))

    def text(self) -> str:
        """`correct c/judged (r%), wrong w (r%), missing m, figure not found n`."""
        judged = self.judged
        if not judged:
            return f"no judged keys, figure not found {self.not_found}"
        return (
            f"correct {self.correct}/{judged} ({self.correct / judged:.1%}), "
            f"wrong {self.wrong} ({self.wrong / judged:.1%}), missing {self.missing}, "
            f"figure not found {self.not_found}"
        )


class ConditionMismatch(BaseModel):
    """A gold condition the record states otherwise or not at all."""

    path: str
    line: int
    value: float
    key: str
    verdict: ConditionVerdict
    gold: JsonValue
    found: JsonValue = None


class ConditionScore(BaseModel):
    """Condition verdicts per key, and the mismatches behind them."""

    keys: dict[str, KeyTally] = Field(default_factory=dict)
    mismatches: list[ConditionMismatch] = Field(default_factory=list)

    @property
    def total(self) -> KeyTally:
        """All keys together."""
        total = KeyTally()
        for tally in self.keys.values():
            total.add(tally)
        return total

    def add(self, other: ConditionScore) -> None:
        """Add another score's tallies (not its mismatches) into this one."""
        for key, tally in other.keys.items():
            self.keys.setdefault(key, KeyTally()).add(tally)


class PlacedFigure(BaseModel):
    """A record figure's place, value and conditions."""

    path: str
    line: int
    value: float
    conditions: dict[str, JsonValue] = Field(default_factory=dict)


class GoldConditions(BaseModel):
    """A gold headline entry's place, value and conditions."""

    path: str
    line: int
    value: float
    conditions: dict[str, JsonValue]


def score_conditions(
    gold: Iterable[GoldConditions], figures: Sequence[PlacedFigure]
) -> ConditionScore:
    """Each gold condition key correct, wrong or missing on the record's figure at its place.

    Where several figures stand at the gold's place with its value, the one that agrees on
    the most keys is judged (a line can hold the same value under two labels)."""
    index: dict[tuple[str, int], list[PlacedFigure]] = {}
    for figure in figures:
        index.setdefault((figure.path, figure.line), []).append(figure)
    score = ConditionScore()
    for entry in gold:
        candidates = [
            f
            for f in index.get((entry.path, entry.line), ())
            if math.isclose(f.value, entry.value, rel_tol=1e-9, abs_tol=1e-12)
        ]
        verdicts = _best(entry.conditions, candidates)
        for key, (verdict, found) in verdicts.items():
            score.keys.setdefault(key, KeyTally()).count(verdict)
            if verdict is not ConditionVerdict.CORRECT:
                score.mismatches.append(
                    ConditionMismatch(
                        path=entry.path,
                        line=entry.line,
                        value=entry.value,
                        key=key,
                        verdict=verdict,
                        gold=entry.conditions[key],
                        found=found,
                    )
                )
    return score


def _best(
    gold: Mapping[str, JsonValue], candidates: Sequence[PlacedFigure]
) -> dict[str, tuple[ConditionVerdict, JsonValue]]:
    if not candidates:
        return {key: (ConditionVerdict.NOT_FOUND, None) for key in gold}
    judged = [_judge(gold, figure.conditions) for figure in candidates]
    return max(
        judged,
        key=lambda v: sum(verdict is ConditionVerdict.CORRECT for verdict, _ in v.values()),
    )


# The gold's keys (the gold brief's conditions) have no output cap: its `output_tokens` is
# "the workload's generated length", which a stated cap (`max_tokens: 200`) gives; the record
# keeps the cap apart as the seed does (`max_output_tokens`), and is judged by it there.
_RECORD_KEYS_FOR_GOLD = {"output_tokens": ("output_tokens", "max_output_tokens")}


def _judge(
    gold: Mapping[str, JsonValue], found: Mapping[str, JsonValue]
) -> dict[str, tuple[ConditionVerdict, JsonValue]]:
    verdicts: dict[str, tuple[ConditionVerdict, JsonValue]] = {}
    for key, expected in gold.items():
        stated = (found.get(k) for k in _RECORD_KEYS_FOR_GOLD.get(key, (key,)))
        value = next((v for v in stated if v is not None and v != ""), None)
        if value is None or value == "":
            verdicts[key] = (ConditionVerdict.MISSING, None)
        elif values_match(expected, value) or (key == "engine" and _same_engine(expected, value)):
            verdicts[key] = (ConditionVerdict.CORRECT, value)
        else:
            verdicts[key] = (ConditionVerdict.WRONG, value)
    return verdicts


def _same_engine(gold: JsonValue, found: JsonValue) -> bool:
    """Whether two engine values are one engine spelled two ways (the gold's `llamacpp` as
    draftbench's files write it, the record's `llama.cpp`): spelling, not meaning."""
    named = engine_in(str(gold))
    return named is not None and named == engine_in(str(found))


def values_match(gold: JsonValue, found: JsonValue) -> bool:
    """Whether a record's condition value states the gold's (see the module docstring)."""
    if isinstance(gold, bool) or isinstance(found, bool):
        return gold == found
    if isinstance(gold, int | float) and isinstance(found, int | float):
        return math.isclose(float(gold), float(found), rel_tol=1e-9)
    if _words_match(_words(str(gold)), _words(str(found))):
        return True
    # the gold's identifying part, where it writes more (CONDITIONS.md: "the source's own
    # spelling, shortened to the identifying part"): a record's `HumanEval` is not wrong
    # of `HumanEval pass@1, 10 samples per task`, nor `Jetson AGX Orin` of `NVIDIA Jetson
    # AGX Orin Developer Kit (64 GB)`
    head = identifying_part(str(gold))
    return head != str(gold) and _words_match(_words(head), _words(str(found)))


_ASIDE = re.compile(r"\([^()]*\)")
_DETAIL = re.compile(r"[,;]")


def identifying_part(text: str) -> str:
    """A gold text value without its asides in brackets and what follows its first comma or
    semicolon (the detail the gold adds to the name: samples, limits, memory)."""
    return _DETAIL.split(_ASIDE.sub(" ", text), maxsplit=1)[0].strip()


def _words_match(gold_words: list[str], found_words: list[str]) -> bool:
    if not gold_words or not found_words:
        return False
    short, long = sorted((gold_words, found_words), key=len)
    return set(short) <= set(long) and len(long) - len(short) <= MAX_EXTRA_WORDS


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())
