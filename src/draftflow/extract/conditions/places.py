"""A figure's context chain as places, and which of its places may state a value.

A chain runs back to its section's start and on to the document's setup lines and the README's:
a section of 50,000 tables gives each figure a chain of ~300,000 places. Read whole per figure
(as `cite` does for a value its chain does not state near the figure, the README's system), that
is quadratic. `ChainPlaces` is read lazily, and `PlaceIndex` gives, per document, the lines whose
words could state a value (the lines holding its words; for a number or a yes/no, the lines
that state it), so a reader can walk only those places, in the chain's order.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.chain import ChainLines
from draftflow.extract.conditions.cite import (
    NarrowedChain,
    place_text,
    states,
    value_tokens,
    words_of,
)

_FEW = 16
"""A run of places this short is filtered place by place."""


@dataclass
class PlaceIndex:
    """Per document, the lines that hold each word (as `cite` reads a line), and the lines that
    state each number or yes/no asked for; built when first asked."""

    _words: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    _stating: dict[tuple[str, str, str], list[int]] = field(default_factory=dict)
    _positions: dict[int, tuple[tuple[int, ...], dict[int, int]]] = field(default_factory=dict)

    def forget(self) -> None:
        """Let go of every document's index (figures come document by document)."""
        self._words.clear()
        self._stating.clear()
        self._positions.clear()

    def _index(self, document: Document) -> dict[str, list[int]]:
        found = self._words.get(document.document_id)
        if found is None:
            found = {}
            for number in range(1, len(document.line_list) + 1):
                for word in words_of(place_text(document, number)):
                    found.setdefault(word, []).append(number)
            self._words[document.document_id] = found
        return found

    def with_every(self, document: Document, words: Iterable[str]) -> list[int]:
        """The lines (and line 0, the file's name) that hold every one of `words`, in order."""
        index = self._index(document)
        sets: list[list[int]] = [index.get(word, []) for word in words]
        if not sets:
            return [0]
        sets.sort(key=len)
        common = set(sets[0]).intersection(*sets[1:])
        return [0, *sorted(common)]

    def with_any(self, document: Document, words: Iterable[str]) -> list[int]:
        """The lines (and line 0) that hold any of `words`, in order."""
        index = self._index(document)
        return [0, *sorted({n for word in words for n in index.get(word, ())})]

    def stating(self, document: Document, value: JsonValue) -> list[int]:
        """The lines (and line 0) that state a number or a yes/no (`cite.states`), in order."""
        key = (document.document_id, type(value).__name__, repr(value))
        found = self._stating.get(key)
        if found is None:
            lines = range(1, len(document.line_list) + 1)
            found = [0, *(n for n in lines if states(place_text(document, n), value))]
            self._stating[key] = found
        return found

    def positions(self, numbers: tuple[int, ...]) -> dict[int, int]:
        """Each line's first position in `numbers` (kept while `numbers` is)."""
        found = self._positions.get(id(numbers))
        if found is None or found[0] is not numbers:
            first: dict[int, int] = {}
            for at, number in enumerate(numbers):
                first.setdefault(number, at)
            found = self._positions[id(numbers)] = (numbers, first)
        return found[1]


@dataclass(frozen=True, eq=False)
class ChainPlaces(NarrowedChain):
    """A figure's context chain as places (a document and a line; line 0 is its name), nearest
    first, each once (the first kept): runs of lines read lazily, and as often as asked."""

    parts: tuple[tuple[Document, Iterable[int]], ...]
    index: PlaceIndex

    def __iter__(self) -> Iterator[tuple[Document, int]]:
        # keyed by the document's id, as hashing a document (a frozen model) per place was
        # most of a data file's chain
        seen: set[tuple[str, int]] = set()
        for document, numbers in self.parts:
            key = document.document_id
            for number in numbers:
                if (key, number) not in seen:
                    seen.add((key, number))
                    yield document, number

    def may_state(self, value: JsonValue) -> Iterator[tuple[Document, int]]:
        """The chain's places that may state `value` (`cite.states`), in the chain's order."""
        if isinstance(value, str):
            words = value_tokens(value)
            return self.among(lambda index, document: index.with_every(document, words))
        return self.among(lambda index, document: index.stating(document, value))

    def may_state_kept(
        self, value: JsonValue, keep: Callable[[Document, list[int]], list[int]]
    ) -> Iterator[tuple[Document, int]]:
        """`may_state`, each document's lines narrowed by `keep(document, lines)`."""
        if isinstance(value, str):
            words = value_tokens(value)
            return self.among(
                lambda index, document: keep(document, index.with_every(document, words))
            )
        return self.among(lambda index, document: keep(document, index.stating(document, value)))

    def may_name(self, words: frozenset[str]) -> Iterator[tuple[Document, int]]:
        """The chain's places that hold any of `words`, in the chain's order."""
        return self.among(lambda index, document: index.with_any(document, words))

    def among(
        self, lines: Callable[[PlaceIndex, Document], list[int]]
    ) -> Iterator[tuple[Document, int]]:
        """The chain's places whose line is among `lines(index, document)` (sorted), in the
        chain's order; a place may come twice (a reader that stops at the first place stating
        a value, or takes each word once, reads the same as from the chain itself)."""
        wanted: dict[str, tuple[list[int], frozenset[int]]] = {}
        for document, numbers in self.parts:
            found = wanted.get(document.document_id)
            if found is None:
                sorted_lines = lines(self.index, document)
                found = wanted[document.document_id] = (sorted_lines, frozenset(sorted_lines))
            runs = numbers.runs() if isinstance(numbers, ChainLines) else (numbers,)
            for run in runs:
                for number in self._run_among(run, *found):
                    yield document, number

    def _run_among(
        self, run: Iterable[int], lines: list[int], line_set: frozenset[int]
    ) -> Iterable[int]:
        if isinstance(run, range) and abs(run.step) == 1 and run:
            low, high = min(run[0], run[-1]), max(run[0], run[-1])
            inside = lines[bisect_left(lines, low) : bisect_right(lines, high)]
            return inside if run.step == 1 else reversed(inside)
        numbers = run if isinstance(run, tuple) else tuple(run)
        if len(numbers) <= _FEW or len(lines) >= len(numbers):
            return [n for n in numbers if n in line_set]
        return _in_order(self.index.positions(numbers), lines)


def _in_order(positions: dict[int, int], lines: Sequence[int]) -> list[int]:
    """The lines that a run holds, in the run's order."""
    return [n for _, n in sorted((positions[n], n) for n in lines if n in positions)]
