"""A prose figure's conditions from its own clause first, then only from the clauses that
speak of the same model.

A sentence may give two figures two subjects: "`gemma-4-31B` (w4a16) decodes at **43 tok/s**
on 2× RX 7900 XT, and a 26B MoE at **108 tok/s**" names one model and one precision, but
108 tok/s is the 26B MoE's; "it decodes at **12.1 tok/s** — 3.6× slower than the *larger*
dense gemma-4-31B" names a model only as what it is compared with. So a figure's model,
weight precision, engine and system are read from its own clause (the part of it on the
figure's side of a `than`, `vs`, `compared with`), and only where that names none from the
other clauses of its paragraph that name no other model; a name after a comparison word is
never the figure's. A clause naming a model by its size alone (`a 26B MoE`) names a model,
one the figure cannot be given by name: its model is left blank rather than guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.name_reading import own_item
from draftflow.extract.conditions.named_models import COMPARED, Subject, measured_part, subject
from draftflow.extract.conditions.readers import Resolved, read_own_text
from draftflow.numbers import find_numbers
from draftflow.numbers.units import unit_after
from draftflow.text.sentences import clause_spans, sentence_spans


def _names_precision(text: str) -> bool:
    return bool(vocab.PRECISION.search(text))


def _names_engine(text: str) -> bool:
    return bool(vocab.engines_named(text))


def _names_system(text: str) -> bool:
    return bool(vocab.systems_named(text))


MAX_CLAUSES = 64
"""A block of more clauses (a log or a list run together) is read whole, as before: each of
its many figures would read every clause."""
_KINDS: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("weight_precision", _names_precision),
    ("engine", _names_engine),
    ("system", _names_system),
)
"""The keys a clause reads beside the model, each with whether a text names one of its kind."""


@dataclass(frozen=True)
class ClauseReading:
    """What a prose figure's clause gives it, and the sizes it names its model by alone."""

    pairs: tuple[tuple[str, JsonValue], ...]
    """(key, value) pairs, nearest first."""
    sizes: frozenset[str]
    """`a 26B MoE`: a model a farther context names is the figure's only if it has these."""
    unsure: bool = False
    """The paragraph names models and none is the figure's for sure (its clause names two, or
    names none while the other clauses name different ones): no farther model is put."""
    closed: frozenset[str] = frozenset()
    """The keys its clause names several of, none written right before the figure: no
    farther context's is the figure's."""

    def admits(self, model: JsonValue) -> bool:
        """Whether a model a farther context names may be the figure's."""
        if model is None:
            return True
        if self.unsure:
            return False
        return isinstance(model, str) and all(size in model for size in self.sizes)


def own_clause_conditions(
    block: tuple[int, str], line: int, written: str, paragraph: str
) -> ClauseReading | None:
    """The model, precision, engine and system a prose figure's own clause gives it, then
    the paragraph's other clauses that speak of the same model, nearest first. None where
    the figure's number is not found once on its line, or the block has more than
    `MAX_CLAUSES` (the caller reads the paragraph whole)."""
    first, text = block
    at = _offset(text, line - first, written)
    if at is None:
        return None
    clauses = _clauses(text)
    if len(clauses) > MAX_CLAUSES:
        return None
    own, others = _own_and_others(text, clauses, at)
    subjects = [subject(other) for other in others]
    own_subject, unsure = _own_subject(own, others, subjects)
    model = own_subject.one_name()
    unsure = unsure or (model is None and bool(own_subject.names))
    sizes = own_subject.sizes if not own_subject.names else frozenset()
    same = [o for o, s in zip(others, subjects, strict=True) if not s or s.same_as(own_subject)]
    pairs, closed = _kind_pairs(own, same, paragraph, _item_before(text, clauses, at))
    if _other_arm(text, clauses, at):
        closed |= _MACHINE_KEYS  # what ran it is the other arm's own, which only it may name
    return ClauseReading((("model", model), *pairs), sizes, unsure, closed)


_MACHINE_KEYS = frozenset({"engine", "engine_version", "system", "node_count"})
_ARM_END = re.compile(r"[,;:()\[\]]|\s[-–—]\s|\*\*|\.(?:\s|$)")
"""Where an arm's words after its value end (`~1.0–1.2s managed** — a gap`)."""
_LABEL_WORD = re.compile(r"[A-Za-z][\w-]*")


def _other_arm(text: str, clauses: tuple[tuple[int, int], ...], at: int) -> bool:
    """Whether the figure is the compared-with arm of a sentence contrasting two arms each
    named beside its value (`0.02–0.17s self-hosted vs ~1.0–1.2s managed`): the machine and
    engine the document states are its own setup's, the first arm's, not this one's
    (laknarayana9/llm-quantization-inference-benchmark's managed API was given vLLM on an
    L40S, read31-s29). Two values of one arm's kinds (`4,549 vs 1,810 tok/s`) name no arm."""
    start, end = next(((s, e) for s, e in clauses if s <= at < e), (at, at))
    clause, offset = text[start:end], at - start
    cuts = [cut for cut in COMPARED.finditer(clause) if cut.end() <= offset]
    if not cuts:
        return False
    own = _label_after(clause[offset:])
    first = [m for m in find_numbers(clause[: cuts[-1].start()], decimal_comma=False)]
    if not own or not first:
        return False
    other = _label_after(clause[first[-1].start : cuts[-1].start()])
    return bool(other) and other != own


def _label_after(text: str) -> str:
    """The words beside the value a text opens with, past its unit, up to where its arm
    ends (`managed` of `~1.0–1.2s managed** — a gap`), lower case; "" where none."""
    found = find_numbers(text, decimal_comma=False)
    if not found:
        return ""
    end = found[0].end
    unit = unit_after(text, end)
    if unit:
        at = text.find(unit, end)
        end = at + len(unit) if at >= 0 else end
    rest = text[end:]
    cut = _ARM_END.search(rest)
    words = _LABEL_WORD.findall(rest[: cut.start()] if cut else rest)
    return " ".join(words[:3]).lower()


def _item_before(text: str, clauses: tuple[tuple[int, int], ...], at: int) -> str:
    """The words of the figure's own listed item before it (`name_reading.own_item`, as
    verify re-reads it): its clause's measured part from the last item break before the
    figure (`FP16 ~` of `8bit ~88 t/s, FP16 ~144 t/s`)."""
    start = next((s for s, e in clauses if s <= at < e), at)
    return own_item(measured_part(text[start:at], at - start))


def _own_and_others(
    text: str, clauses: tuple[tuple[int, int], ...], at: int
) -> tuple[str, list[str]]:
    """The measured part of the clause holding offset `at`, and the block's other clauses."""
    own = ""
    others: list[str] = []
    for start, end in clauses:
        if start <= at < end:
            own = measured_part(text[start:end], at - start)
        else:
            others.append(text[start:end])
    return own, others


def _own_subject(own: str, others: list[str], subjects: list[Subject]) -> tuple[Subject, bool]:
    """The figure's subject, and whether it is unsure: its own clause's, else (`it decodes at
    12.1 tok/s`) the one model the other clauses name, where they agree on it."""
    own_subject = subject(own)
    if own_subject:
        return own_subject, False
    # what another clause compares with is never given, but it is a model the paragraph names
    named = [s for s in (subject(measured_part(other, None)) for other in others) if s]
    agree = bool(named) and all(s.same_as(named[0]) for s in subjects if s)
    return (named[0] if agree else own_subject), not agree and any(subjects)


def _kind_pairs(
    own: str, same: list[str], paragraph: str, item: str
) -> tuple[list[tuple[str, JsonValue]], frozenset[str]]:
    """The precision, engine and system pairs: the own clause's where it names one of the
    kind, and where it names several, the one written right before the figure in its listed
    item (`item`: `8bit ~88 t/s, FP16 ~144 t/s` gives 88 its 8bit), else none and no farther
    one (the keys returned); where the clause names none, what the paragraph names as a
    whole, where the clauses of the same model state it (never more than the paragraph read
    whole gives)."""
    near, far, whole = _reading(own), _reading(" ".join(same)), _reading(paragraph)
    found: list[tuple[str, JsonValue]] = []
    closed: set[str] = set()
    for key, names in _KINDS:
        if names(own) and near.get(key) is None and _names_several(key, own):
            listed = _reading(item).get(key) if names(item) else None
            found.append((key, listed))
            if listed is None:
                closed.add(key)
        elif names(own):
            found.append((key, near.get(key)))
        elif far.get(key) == whole.get(key):
            found.append((key, whole.get(key)))
    # the machines the clause ran on (`16 TPS on 4 Mac Studios`), else those the clauses of
    # its model state (`fits on a single M3 Ultra. 20.2 TPS.`), nearer than a `5-node cluster`
    count = near.get("node_count")
    if count is None and far.get("node_count") == whole.get("node_count"):
        count = whole.get("node_count")
    found.append(("node_count", count))
    return found, frozenset(closed)


def _names_several(key: str, text: str) -> bool:
    """Whether a text names two or more of a key's kind (two precisions, engines, systems)."""
    if key == "weight_precision":
        return len({m.group(0).lower() for m in vocab.PRECISION.finditer(text)}) > 1
    if key == "engine":
        return len(vocab.engines_named(text)) > 1
    return len(vocab.systems_named(text)) > 1


@lru_cache(maxsize=256)
def _clauses(text: str) -> tuple[tuple[int, int], ...]:
    """The clauses of a block's sentences, split once per block (its figures share them)."""
    return tuple(
        span for sentence in sentence_spans(text) for span in clause_spans(text, *sentence)
    )


def _reading(text: str) -> dict[str, JsonValue]:
    scratch = Resolved()
    read_own_text(scratch, text)
    return scratch.values


def _offset(text: str, index: int, written: str) -> int | None:
    """Where the figure's number stands on its line of the block (its one place there)."""
    lines = text.split("\n")
    if not 0 <= index < len(lines) or not written.strip():
        return None
    start = sum(len(line) + 1 for line in lines[:index])
    number = re.escape(written.strip())
    found = [m.start() for m in re.finditer(rf"(?<![\w.]){number}(?![\w]|\.\d)", lines[index])]
    return start + found[0] if len(found) == 1 else None
