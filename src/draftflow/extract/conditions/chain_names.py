"""What a figure's chain names (a vendor-served model, systems, engines), read line by line.

The README's and the opening's system and engine apply to a figure only where its chain names no
other (`resolve._names_no_other`). Joining the chain's text per figure is quadratic in a long
section (each of 50,000 tables' figures joined every line above it); what a text names is the
union of what its lines name (`setup_names.line_names`), so a section's running union is kept
and each figure's read from it and its few other lines. A line that ends with an engine's first
words (`LM` over `Studio`) may name an engine only with the next: a chain holding one is read
from its joined text, as it always was.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.context import DocumentContext

_NONE: tuple[bool, frozenset[str], frozenset[str], bool] = (False, frozenset(), frozenset(), False)


@dataclass(frozen=True)
class Names:
    """What a text names: a model only its vendor serves, systems, engines."""

    hosted: bool
    systems: frozenset[str]
    engines: frozenset[str]


def text_names(text: str) -> Names:
    """What `text` names, read from it whole."""
    return Names(
        vocab.names_hosted_model(text), vocab.systems_named(text), vocab.engines_named(text)
    )


def _union(
    first: tuple[bool, frozenset[str], frozenset[str], bool],
    second: tuple[bool, frozenset[str], frozenset[str], bool],
) -> tuple[bool, frozenset[str], frozenset[str], bool]:
    if (
        (first[0] or not second[0])
        and second[1] <= first[1]
        and second[2] <= first[2]
        and (first[3] or not second[3])
    ):
        return first  # nothing new: the running union keeps one tuple for a run of lines
    return (
        first[0] or second[0],
        first[1] | second[1],
        first[2] | second[2],
        first[3] or second[3],
    )


@dataclass
class _Running:
    """What lines `start`, `start + 1`, ... name together, one entry per line read so far."""

    start: int
    unions: list[tuple[bool, frozenset[str], frozenset[str], bool]] = field(default_factory=list)


@dataclass(frozen=True, eq=False)
class ChainText:
    """The text of a figure's chain in its own document (`DocumentContext.chain`) and of the
    document's setup sections (`setup_lines`), as `resolve` reads it: what it names, read
    when first asked."""

    context: DocumentContext
    line: int
    setup_lines: frozenset[int] = frozenset()

    @cached_property
    def text(self) -> str:
        """The chain's lines, joined nearest first, each once, then the setup lines'; its
        lines above are its whole outermost section's (`section_above`)."""
        lines = self.context.lines
        chain = self.context.chain(self.line)
        parts = ((chain.line,), chain.header, self.context.section_above(self.line))
        numbers = dict.fromkeys([*parts[0], *parts[1], *parts[2], *chain.headings, *chain.opening])
        numbers.update(dict.fromkeys(sorted(self.setup_lines)))
        return "\n".join(lines[n - 1] for n in numbers if 1 <= n <= len(lines))

    @cached_property
    def names(self) -> Names:
        """What the chain's text names: the union of its lines', or read from the joined text
        where a line may name an engine with the next. Its lines above are its outermost
        section's, a sibling subsection's among them: a sibling never gives a figure a value
        (`DocumentContext.chain`), but one that names another machine or engine says the
        document ran on more than one, so a repository-wide one is not every figure's."""
        chain = self.context.chain(self.line)
        found = _above_names(self.context, self.context.section_above(self.line))
        small = [chain.line, *chain.header, *chain.headings, *chain.opening]
        found = _union(found, _lines_names(self.context, small))
        found = _union(found, _setup_names(self.context, self.setup_lines))
        if found[3]:
            return text_names(self.text)
        return Names(found[0], found[1], found[2])


def _lines_names(
    context: DocumentContext, numbers: Iterable[int]
) -> tuple[bool, frozenset[str], frozenset[str], bool]:
    found = _NONE
    lines = context.lines
    for number in numbers:
        if 1 <= number <= len(lines):
            found = _union(found, vocab.line_names(lines[number - 1]))
    return found


def _setup_names(
    context: DocumentContext, setup_lines: frozenset[int]
) -> tuple[bool, frozenset[str], frozenset[str], bool]:
    """What a document's setup lines name, read once per document and set of lines."""
    return context.kept(("setup names", setup_lines), lambda: _lines_names(context, setup_lines))


def _above_names(
    context: DocumentContext, above: range
) -> tuple[bool, frozenset[str], frozenset[str], bool]:
    """What the lines of `above` (a line's section above it, nearest first) name: the running
    union of its section from the section's start, extended as far as asked."""
    if not above:
        return _NONE
    start, last = above[-1], above[0]
    running: _Running = context.kept(("names from", start), lambda: _Running(start))
    lines = context.lines
    while len(running.unions) <= last - start:
        number = start + len(running.unions)
        here = vocab.line_names(lines[number - 1]) if 1 <= number <= len(lines) else _NONE
        previous = running.unions[-1] if running.unions else _NONE
        running.unions.append(_union(previous, here))
    return running.unions[last - start]
