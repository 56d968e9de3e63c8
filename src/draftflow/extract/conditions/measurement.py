"""How a figure was measured, where its source says so: `repetitions` (the runs a figure was
formed over) and `measurement_denominator` (what a rate is per: a request, a stream, or the
aggregate of all).

A repetition count is read only under its own name: a sentence counting runs (`3 runs per
config`, `median of 5 runs`, `Three repetitions each`, `repeated 3 times`), a `key: value`
line, a JSON key or a flag (`runs: 5`, `"num_runs": 3`, `--repetitions 3`), a row's cell
under a `Runs` header. A line that counts failures (`failed every attempt (4 runs)`) says
nothing of how a figure was formed, nor does a model's name before `runs` (`Gemma 4 runs in
the browser`: the verb).

A denominator is read only from the figure's own column header, its row's label or its own data
line, where the words stand beside a rate (`Aggregate tok/s`, `Per-request decode throughput`,
`t/s (total)`, `| C8 aggregate tok/s (mean) |`, `"per_stream_tok_s": 41.2`): the value is the
source's words (`aggregate`, `per request`), never a definition it does not write. A place
that states two of either says nothing of it. Extract (`resolve.py`) and verify
(`place_reading.reads_at`) read a place with these functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from draftflow.numbers.words import word_value
from draftflow.text.lines import plain_text

if TYPE_CHECKING:
    from draftflow.extract.conditions.context import DocumentContext

REPETITIONS = "repetitions"
DENOMINATOR = "measurement_denominator"
MEASUREMENT_KEYS = (REPETITIONS, DENOMINATOR)

_COUNT_WORDS: tuple[str, ...] = ("one", "single", "two", "three", "four", "five", "six")
_COUNT_WORDS += ("seven", "eight", "nine", "ten", "twenty")
"""The counts written as words a repetition count takes (`numbers.words` gives each value;
`single` is one)."""
_COUNT = rf"(?P<n>\d{{1,4}}|{'|'.join(_COUNT_WORDS)})"
_RUN_NOUNS = r"(?:repetitions?|repeats|trials?|reps)"
_COUNTED_NOUN = re.compile(
    rf"(?<![\w.,/-]){_COUNT}[\s-]+(?:(?:measured|timed|benchmark|independent|separate)\s+)?"
    rf"{_RUN_NOUNS}\b",
    re.I,
)
"""`3 repetitions`, `five trials`, `2 independent repeats`: nouns that only count runs."""
_COUNTED_RUNS = re.compile(
    rf"(?P<before>\b[A-Za-z][\w.-]*\s+|^|[^\w\s-]\s*){_COUNT}[\s-]+"
    r"(?:(?:measured|timed|benchmark|independent|separate)\s+)?runs\b"
    r"(?=\s*(?:$|[,.;:)\]]|per\b|each\b|of\b|and\b|averaged\b|were\b|with\b|for\b|x\b|×|\())",
    re.I,
)
"""`3 runs per config`, `(5 runs, 2048 tokens)`, `median of 5 runs`: `runs` as a noun, not
the verb after a model's name (`Gemma 4 runs directly`)."""
_RUN_BEFORE = frozenset(
    {"of", "over", "across", "from", "after", "in", "all", "the", "with", "for", "each", "and"}
)
"""The words that may stand before a count of runs when capitalised or not (`All 5 runs`);
another capitalised word before the count names a model (`Gemma 4 runs.`)."""
_RUN_VERB = r"\b(?:repeated|ran|runs?|executed|measured|benchmarked)\s+(?:\w+\s+){0,3}?"
_TIMES = re.compile(
    rf"{_RUN_VERB}{_COUNT}\s+times\b(?!\s+(?:as|faster|slower|more|less|higher|lower|larger"
    r"|smaller|bigger|longer|shorter|quicker)\b)",
    re.I,
)
"""`repeated 3 times`, `each prompt was run five times`, `the suite runs 5 times`; not a ratio
(`runs 5 times faster`)."""
RUN_VERB_BEFORE = re.compile(rf"{_RUN_VERB}$", re.I)
"""The text before `N times` when `N` counts runs (`I ran the script `): a repetition count,
read here as `repetitions`, so no count of events (`prose/counts.py`)."""
_BENCH_FLAG = re.compile(r"\bllama-bench\b.*?\s(?:-r|--repetitions)[\s=]+(?P<n>\d{1,4})\b")
"""llama-bench's repetitions flag on its command line (`llama-bench -m M.gguf -r 2`): `-r`
is read only after that tool's name."""
_FAILED = re.compile(r"\b(?:fail\w*|crash\w*|oom|attempts?|error\w*|abort\w*)\b", re.I)
_NAME = re.compile(r"[^a-z0-9]+")
REPETITION_NAMES = frozenset(
    {
        "runs",
        "repetitions",
        "repeats",
        "num_runs",
        "n_runs",
        "number_of_runs",
        "num_repetitions",
        "runs_per_config",
        "runs_per_prompt",
        "trials",
        "num_trials",
        "reps",
    }
)
"""How a column header, key or flag names a repetition count (lower case, `_` for any run of
other characters)."""
_PAIR = re.compile(
    r"(?<![\w-])(?P<flag>--)?[\"'`]?(?P<key>[A-Za-z][\w-]*)[\"'`]?"
    r"(?:\s*[:=]\s*|(?(flag)\s+|(?!)))[\"'`]?(?P<value>\d{1,4})(?![\d.])"
)
"""`runs: 5`, `"num_runs": 3`, `--repetitions 3`: a key and its count joined by `:` or `=`, or
a flag and its value by a space; not a verb and its object (`runs 14 GB model on 8 GB VRAM`
counts gigabytes, not runs)."""
_MAX_REPETITIONS = 10_000
_RUN_WORDS = r"(?:run|trial|rep|repetition|repeat|iteration|iter|attempt)"
_ONE_RUN = re.compile(rf"^{_RUN_WORDS}[\s_#-]*\d{{1,4}}$", re.I)
"""A name that is one run's (`Run 2`, `Trial 1`, `iteration_3`): its figure is that run alone."""
_RUN_INDEX = re.compile(rf"^{_RUN_WORDS}(?:[\s_#-]*(?:id|no|number|index|idx|#))?$", re.I)
"""A column numbering runs (`Run`, `Trial #`, `run_id`): each row under it is one run."""
_INDEX = re.compile(r"^\d{1,4}$")


def names_one_run(names: Iterable[str | None]) -> bool:
    """Whether a figure's own column or row is named as one run (`Trial 1`, `Run 2`): a count
    of runs stated above it (`4 runs per config`) is its configuration's, not this figure's,
    which is one of them."""
    return any(name and _ONE_RUN.match(plain_text(name).strip()) for name in names)


def numbers_its_run(cells: Iterable[tuple[str, str]]) -> bool:
    """Whether a row numbers its run under a run column (`| Run | ... |` over `| 2 |`): each
    figure of it is one run (`names_one_run`)."""
    return any(
        _RUN_INDEX.match(plain_text(header).strip()) and _INDEX.match(plain_text(cell).strip())
        for header, cell in cells
    )


def is_repetition_name(name: str) -> bool:
    """Whether a header, key or flag names a repetition count (`Runs`, `num_runs`)."""
    return _NAME.sub("_", name.strip().lower()).strip("_") in REPETITION_NAMES


def _count(written: str) -> int | None:
    plain = written.strip().lower()
    number = (1 if plain == "single" else word_value(plain)) if plain in _COUNT_WORDS else None
    if number is None and plain.isdigit():
        number = int(plain)
    return number if number is not None and 0 < number <= _MAX_REPETITIONS else None


@lru_cache(maxsize=1 << 14)
def repetitions_in_text(text: str) -> frozenset[int]:
    """The repetition counts a line states under their names (none on a line about
    failures)."""
    if _FAILED.search(text):
        return frozenset()
    found: set[int] = set()
    matches = [*_COUNTED_NOUN.finditer(text), *_TIMES.finditer(text), *_BENCH_FLAG.finditer(text)]
    for match in matches:
        found.add(_count(match.group("n")) or 0)
    for match in _COUNTED_RUNS.finditer(text):
        before = match.group("before").strip()
        if before[:1].isupper() and before.lower() not in _RUN_BEFORE:
            continue  # `Gemma 4 runs`: a model's name and the verb
        found.add(_count(match.group("n")) or 0)
    for match in _PAIR.finditer(text):
        if is_repetition_name(match.group("key")):
            found.add(_count(match.group("value")) or 0)
    found.discard(0)
    return frozenset(found)


def repetitions_in_cells(cells: Iterable[tuple[str, str]]) -> frozenset[int]:
    """The repetition counts a row's cells state under a header naming them (`| Runs | 5 |`)."""
    return frozenset(count for _, count in counted_cells(cells))


def counted_cells(cells: Iterable[tuple[str, str]]) -> tuple[tuple[int, int], ...]:
    """`(place, count)` of each cell whose header names a repetition count (`| Runs | 5 |`),
    by its place among `cells`: a table row's, read once for the row, whose figures each
    leave out their own cell (a 10,000-column row's every figure read the whole row)."""
    return tuple(
        (place, count)
        for place, (header, cell) in enumerate(cells)
        if is_repetition_name(header) and (count := _count(str(cell))) is not None
    )


_DENOMINATOR = (
    r"(?P<d>per[\s_-]?(?:request|user|stream|sequence|client|gpu|node)"
    r"|aggregated?|agg|total|single[\s_-]?stream|system|combined|overall)"
)
_RATE = (
    r"(?:(?:decode|output|generation|gen|token)[\s_-]+)?"
    r"(?:throughput|tok(?:ens)?[/_]s(?:ec)?\b|t/s|tps\b|tokens[\s_-]per[\s_-]second|speed)"
)
_DENOMINATOR_FIRST = re.compile(rf"(?<![a-z]){_DENOMINATOR}[\s_-]+{_RATE}", re.I)
_RATE_FIRST = re.compile(rf"{_RATE}\s*[(\[—–:-]?\s*{_DENOMINATOR}(?![a-z])", re.I)
_SPACES = re.compile(r"[\s_-]+")
_ALONE = re.compile(
    r"(?<![a-z])(?P<d>per[\s_-]?(?:request|user|stream|sequence)|aggregated?|agg)(?![a-z])", re.I
)
"""A header's denominator without a rate beside it (`C1 agg`, `c=6 aggregate`, `Per-stream`):
words that qualify only a rate; not `total` or `system`, which qualify memory and time too."""
_SHORT = {"agg": "aggregate", "aggregated": "aggregate"}


@lru_cache(maxsize=1 << 14)
def denominators_in(text: str) -> frozenset[str]:
    """The denominators a header or data line writes beside a rate, in the source's words
    (`Aggregate tok/s` -> `aggregate`, `per_stream_tok_s` -> `per stream`)."""
    return _read_denominators(text, (_DENOMINATOR_FIRST, _RATE_FIRST))


@lru_cache(maxsize=1 << 14)
def header_denominators(header: str) -> frozenset[str]:
    """The denominators a column's header writes: beside a rate, or alone in the words that
    qualify only a rate (`C1 agg` -> `aggregate`)."""
    return _read_denominators(header, (_DENOMINATOR_FIRST, _RATE_FIRST, _ALONE))


def _read_denominators(text: str, patterns: Iterable[re.Pattern[str]]) -> frozenset[str]:
    found = set()
    for pattern in patterns:
        for match in pattern.finditer(text):
            words = _SPACES.sub(" ", match.group("d").lower())
            words = "per " + words[3:].strip() if words.startswith("per") else words
            found.add(_SHORT.get(words, words))
    return frozenset(found)


_KEYED = re.compile(
    r'"(?P<key>[^"]{1,80})"\s*:\s*(?P<number>-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)(?![\w.])'
)
"""A JSON key and the number it holds, on a data line (`"per_request_tok_s": 15.9`)."""


def keyed_denominators(text: str, value: float) -> frozenset[str]:
    """The denominators the keys holding `value` on a data line write beside a rate: a line of
    many keys (a JSON Lines row, a file on one line) says of a figure only what its own key
    says (`"total_token_throughput": 3.1` is no `output_throughput`'s)."""
    found: set[str] = set()
    for match in _KEYED.finditer(text):
        if float(match.group("number")) == value:
            found |= denominators_in(match.group("key"))
    return frozenset(found)


def one(found: frozenset[int] | frozenset[str]) -> int | str | None:
    """The one value a place states (two say nothing)."""
    values: list[int | str] = list(found)
    return values[0] if len(values) == 1 else None


def figure_measurement(
    cell_counts: frozenset[int],
    own_header: str | None,
    row_label: str | None,
    value: float,
    context: DocumentContext | None,
    line: int,
    setup_lines: frozenset[int],
    readme: DocumentContext | None,
    *,
    single: bool = False,
) -> dict[str, int | str]:
    """A figure's `repetitions` and `measurement_denominator` where its chain states them:
    repetitions nearest first (its row's cells' counts, `cell_counts`, and its line, the text
    above it, its table's note in italics below it, its headings, its document's setup
    sections, the README's opening; a level stating two counts says nothing, and no farther
    one may then), the denominator from its own column's header (None where
    its value stands in two cells: which column is its own is not said) or its own key on its
    data line, else its row's label beside a rate (see the module docstring). One run's
    figure (`single`: `names_one_run`, `numbers_its_run`) takes no count of runs: it is one
    of them."""
    found: dict[str, int | str] = {}
    in_range = context is not None and 1 <= line <= len(context.lines)
    own_text = plain_text(context.lines[line - 1]) if context is not None and in_range else ""
    count = None
    if not single:
        count = one(_nearest_counts(cell_counts, own_text, context, line, setup_lines, readme))
    if count is not None:
        found[REPETITIONS] = count
    denominators = header_denominators(own_header) if own_header else frozenset()
    if not denominators and row_label:
        denominators = denominators_in(row_label)  # `| C8 aggregate tok/s (mean) | 87.78 |`
    data_line = context is not None and not context.is_prose
    if own_header is None and data_line:
        denominators = keyed_denominators(own_text, value)
    denominator = one(denominators)
    if denominator is not None:
        found[DENOMINATOR] = denominator
    return found


def _nearest_counts(
    cell_counts: frozenset[int],
    own_text: str,
    context: DocumentContext | None,
    line: int,
    setup_lines: frozenset[int],
    readme: DocumentContext | None,
) -> frozenset[int]:
    """The repetition counts of the nearest level of a figure's chain that states any."""
    levels: list[Callable[[], frozenset[int]]] = [
        lambda: cell_counts | repetitions_in_text(own_text)
    ]
    if context is not None:
        levels += [
            lambda: repetitions_in_text(context.caption(line)),
            lambda: repetitions_in_text(context.note_below(line)[1]),
            lambda: context.kept(  # a line's headings, read once whatever its figures
                ("heading repetitions", line),
                lambda: _in_texts(heading for _, _, heading in context.heading_path(line)),
            ),
            lambda: context.kept(
                ("setup repetitions", setup_lines),
                lambda: _lines_repetitions(context, setup_lines),
            ),
        ]
    if readme is not None and readme is not context:
        levels.append(
            lambda: readme.kept(("opening repetitions",), lambda: _opening_repetitions(readme))
        )
    for level in levels:
        counts = level()
        if counts:
            return counts
    return frozenset()


def _in_texts(texts: Iterable[str]) -> frozenset[int]:
    found: set[int] = set()
    for text in texts:
        found |= repetitions_in_text(plain_text(text))
    return frozenset(found)


def _lines_repetitions(context: DocumentContext, lines: frozenset[int]) -> frozenset[int]:
    return _in_texts(context.lines[n - 1] for n in sorted(lines) if 1 <= n <= len(context.lines))


def _opening_repetitions(readme: DocumentContext) -> frozenset[int]:
    opening = readme.chain(1).opening
    return _in_texts(readme.lines[n - 1] for n in opening if 1 <= n <= len(readme.lines))
