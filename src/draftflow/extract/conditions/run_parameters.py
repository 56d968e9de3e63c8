"""A run's sampling and serving parameters where the source writes them under their names:
`thinking` (on or off), `temperature`, `top_p`, the KV cache's precision `kv_dtype`, the output
cap `max_output_tokens` (`max_tokens`: a cap, not the tokens a run generated) and
`draft_tokens` (speculative tokens per step).

Each is read only under a name that says it (a column header, a `key: value` line, a JSON key,
a flag: `| Thinking | Off |`, `temperature: 0.0`, `"top_p": 0.95`, `--num-speculative-tokens 3`),
never from a label's words (`no-think-greedy` says nothing a reader may trust) nor from a
vocabulary's default. A value must read whole as its kind (`Off`, `true`; one number in the
key's range: a `Temp` column of `45°C` is a GPU's, not a sampling temperature), and a place
that states one key with two values says nothing of it. Extract (`resolve.py`) and verify
(`place_reading.reads_at`) read a place with the same functions here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.numbers.dates import find_dates
from draftflow.record.model import RUN_PARAMETER_KEYS

if TYPE_CHECKING:
    from draftflow.extract.conditions.context import DocumentContext

PREFIX_CACHE = "prefix_cache"
PARAMETER_KEYS = (*RUN_PARAMETER_KEYS, PREFIX_CACHE)
"""The parameters read here, in the order a result's conditions write them: the run settings
and whether the server cached prompt prefixes (`enable_prefix_caching: false`)."""
_SWITCHES = frozenset({"thinking", PREFIX_CACHE})

SPELLINGS: dict[str, frozenset[str]] = {
    "thinking": frozenset(
        {"thinking", "enable_thinking", "think", "thinking_mode", "reasoning", "enable_reasoning"}
    ),
    "temperature": frozenset({"temperature", "temp", "sampling_temperature"}),
    "top_p": frozenset({"top_p", "topp"}),
    "max_output_tokens": frozenset(
        {
            "max_tokens",
            "max_new_tokens",
            "max_output_tokens",
            "max_completion_tokens",
            "num_predict",
            "n_predict",
        }
    ),
    "kv_dtype": frozenset(
        {
            "kv_dtype",
            "kv_cache_dtype",
            "kv_cache_type",
            "kv_cache_precision",
            "kv_precision",
            "type_k",  # llama-bench's key and column (`type_v` is the values')
            "cache_type_k",
        }
    ),
    PREFIX_CACHE: frozenset(
        {"prefix_cache", "prefix_caching", "enable_prefix_caching", "enable_prefix_cache"}
    ),
    "draft_tokens": frozenset(
        {
            "draft_tokens",
            "num_draft_tokens",
            "num_speculative_tokens",
            "speculative_num_draft_tokens",
            "spec_tokens",
        }
    ),
}
"""How a column header, key or flag names each parameter (lower case, `_` for any run of other
characters)."""


_ON = frozenset({"on", "true", "yes", "enabled", "enable"})
_OFF = frozenset({"off", "false", "no", "disabled", "disable"})
_NAME = re.compile(r"[^a-z0-9]+")
_NUMBER = re.compile(r"^[+]?(?:\d+(?:\.\d+)?|\.\d+)$")
_MAX_DRAFT = 64
_PAIR = re.compile(
    r"^[\s>*_`+-]*[\"'`]?(?P<key>[A-Za-z][\w .-]{0,40}?)[\"'`]?\s*[:=]\s*(?P<value>[^\s,;|}]+)"
)
"""A `key: value` line as Markdown, YAML or JSON writes it (`- temperature: 0.0`,
`"top_p": 0.95,`, `temperature = 0.6`)."""
_INLINE = re.compile(
    r"(?<![\w.-])[\"'`]?(?P<key>[A-Za-z][\w.-]*)[\"'`]?\s*[=:]\s*[\"'`]?(?P<value>[\w.+-]+)"
)
"""A setting written inline with its value (`temperature=1.0`, `{"top_p": 0.9, ...}`)."""
_FLAG = re.compile(r"(?<![\w-])--(?P<key>[A-Za-z][\w-]*)[\s=]+(?P<value>[\w.+-]+)")
"""A command's flag with its value (`--temperature 0.6`, `--num-speculative-tokens=3`)."""
_SPLIT = re.compile(r"\s*/\s*")


@lru_cache(maxsize=1 << 12)
def parameter_of(name: str) -> str | None:
    """The parameter a header, key or flag names (`enable_thinking` -> thinking), or None."""
    plain = _NAME.sub("_", name.strip().lower()).strip("_")
    for key, spellings in SPELLINGS.items():
        if plain in spellings:
            return key
    return None


@lru_cache(maxsize=1 << 12)
def parameter_value(key: str, text: str) -> JsonValue:
    """`text` read whole as the parameter's value (None when it is not one): a switch in
    words for `thinking`, one number in range for a sampling setting, a whole count of
    draft tokens."""
    if key == "kv_dtype":  # a precision, written whole (`fp8`, `q8_0`; not `auto`)
        written = text.strip().strip("`*_\"'").strip().rstrip(",").strip()
        return written if written and vocab.precision_in(written) == written else None
    plain = text.strip().strip("`*_\"'").strip().rstrip(",").strip().lower()
    if key in _SWITCHES:
        return True if plain in _ON else False if plain in _OFF else None
    if not _NUMBER.match(plain):
        return None
    number = float(plain)
    if key == "temperature":
        return number if 0 <= number <= 2 else None
    if key == "top_p":
        return number if 0 < number <= 1 else None
    whole = number.is_integer() and "." not in plain
    if key == "draft_tokens":
        return int(number) if whole and 0 < number <= _MAX_DRAFT else None
    if key == "max_output_tokens":
        return int(number) if whole and number > 0 else None
    return None


def parameters_in_cells(cells: Iterable[tuple[str, str]]) -> dict[str, set[JsonValue]]:
    """What a row's cells state under their headers, each key with every value read
    (`temp / top_p` over `0 / 1.0` states both, part by part)."""
    found: dict[str, set[JsonValue]] = {}
    for header, cell in cells:
        for key, read in cell_parameters(header, cell):
            found.setdefault(key, set()).add(read)
    return found


@lru_cache(maxsize=1 << 16, typed=True)
def cell_parameters(header: str, cell: str) -> tuple[tuple[str, JsonValue], ...]:
    """What one cell states under its header, in order (`parameters_in_cells`' reading of it):
    read once per (header, cell) text, as every row of a wide table repeats most of its cells
    (Kleybrink: 216,465 readings of 51,056 pairs). Typed: a JSON cell's `1`, `1.0` and `true`
    are read apart."""
    names, values = _SPLIT.split(header.strip()), _SPLIT.split(str(cell).strip())
    pairs = zip(names, values, strict=True) if len(names) == len(values) else [(header, cell)]
    found: list[tuple[str, JsonValue]] = []
    for name, value in pairs:
        key = parameter_of(name)
        read = parameter_value(key, value) if key is not None else None
        if key is not None and read is not None:
            found.append((key, read))
    if not found and all(parameter_of(name) is None for name in names):
        # a cell that writes its settings under their own names (Sergey-Kit's `| Sampling |
        # temperature=0, top_p=1, max_tokens=128 |`, read33-s26b): its header names none
        found.extend(pair for pair in _inline_settings(str(cell)) if pair not in found)
    return tuple(found)


def _inline_settings(text: str) -> tuple[tuple[str, JsonValue], ...]:
    """The settings a text writes inline with their values (`temperature=0`, `--top-p 1`)."""
    found: list[tuple[str, JsonValue]] = []
    for match in [*_INLINE.finditer(text), *_FLAG.finditer(text)]:
        key = parameter_of(match.group("key"))
        value = parameter_value(key, match.group("value")) if key is not None else None
        if key is not None and value is not None and (key, value) not in found:
            found.append((key, value))
    return tuple(found)


def line_cells_parameters(
    cells: Iterable[tuple[str, str]], context: DocumentContext, line: int
) -> dict[str, set[JsonValue]]:
    """`parameters_in_cells` of a figure's cells on `line`, each cell read once per line: a
    JSONL row's figures each hold the row's cells but their own, so they ask for the same
    cells again and again (a memo of the line's, let go with the line's others)."""
    known: dict[tuple[str, str], tuple[tuple[str, JsonValue], ...]] = context.remembered(
        ("cell parameters", line), dict
    )
    found: dict[str, set[JsonValue]] = {}
    for pair in cells:
        reads = known.get(pair)
        if reads is None:
            reads = known[pair] = cell_parameters(*pair)
        for key, read in reads:
            found.setdefault(key, set()).add(read)
    return found


@lru_cache(maxsize=1 << 14)
def parameters_in_text(text: str) -> tuple[tuple[str, JsonValue], ...]:
    """The parameters a line states under their names: a `key: value` line, inline settings,
    flags; each (key, value) once, in order."""
    found: list[tuple[str, JsonValue]] = []
    pair = _PAIR.match(text)
    matches = [pair] if pair is not None else []
    matches += [*_INLINE.finditer(text), *_FLAG.finditer(text)]
    for match in matches:
        key = parameter_of(match.group("key"))
        value = parameter_value(key, match.group("value")) if key is not None else None
        if key is not None and value is not None and (key, value) not in found:
            found.append((key, value))
    return tuple(found)


def single(found: dict[str, set[JsonValue]]) -> dict[str, JsonValue]:
    """The keys stated with one value (two values at one place say nothing of the key;
    `True` and `1` are told apart)."""
    return {
        key: next(iter(values))
        for key, values in found.items()
        if len({(type(v), v) for v in values}) == 1
    }


def same_value(a: object, b: JsonValue) -> bool:
    """Whether two parameter values are the same reading (`True` is not `1`, `1.0` is `1`
    for a sampling setting)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return a == b


def figure_parameters(
    cells: Iterable[tuple[str, str]] | dict[str, set[JsonValue]],
    context: DocumentContext | None,
    line: int,
    setup_lines: frozenset[int],
    readme: DocumentContext | None,
) -> dict[str, JsonValue]:
    """A figure's run parameters, nearest level first: its own row's other cells (or a JSON
    leaf's object and its ancestors'), its section's `key: value` lines above it, its
    document's setup sections' (`setup_lines`), the two-column setup tables describing its
    run, the README's. A level that states a key
    twice, differently, says nothing of it, and no farther level may then (a guess is worse
    than a blank). The places that state them are found again by `cite`. `cells` may be
    given as what `parameters_in_cells` read of them (a row's, read once for its figures)."""
    own = cells if isinstance(cells, dict) else parameters_in_cells(cells)  # read already
    levels: list[dict[str, set[JsonValue]]] = [own]
    if context is not None and context.is_prose:
        levels += _context_levels(context, line, setup_lines)
    if readme is not None and readme is not context:
        levels.append(readme.kept(("setup parameters",), lambda: _setup_parameters(readme)))
    found: dict[str, JsonValue] = {}
    blocked: set[str] = set()
    for level in levels:
        stated = single(level)
        for key in level:
            if key in stated and key not in blocked:
                found.setdefault(key, stated[key])
            elif key not in found:
                blocked.add(key)
    return {key: found[key] for key in PARAMETER_KEYS if key in found}


def _context_levels(
    context: DocumentContext, line: int, setup_lines: frozenset[int]
) -> list[dict[str, set[JsonValue]]]:
    """What a line's caption and section, its document's setup sections and the setup tables
    describing its run state, as `figure_parameters` reads them: once per line (a wide row's figures
    each read them again before; the dicts are shared, not to be changed)."""
    return context.remembered(
        ("parameter levels", line, setup_lines),
        lambda: [
            _joined(_text_parameters(context.caption(line)), context.key_values(line)),
            parameters_in_cells(context.pairs_on(setup_lines)),
            parameters_in_cells(context.setup_pairs_for(line, setup_lines)),
        ],
    )


def _joined(
    caption: dict[str, set[JsonValue]], pairs: list[tuple[str, str]]
) -> dict[str, set[JsonValue]]:
    """A section's `key: value` lines above a figure and its caption's inline settings, read
    as one level: two values of a key in either say nothing of it."""
    found = parameters_in_cells(pairs)
    for key, values in caption.items():
        found.setdefault(key, set()).update(values)
    return found


def _text_parameters(text: str) -> dict[str, set[JsonValue]]:
    """The settings a caption's lines write inline (`` `max_tokens=300`, `temperature=0.7` ``
    in the sentence above a table), each line read as `parameters_in_text` reads it."""
    found: dict[str, set[JsonValue]] = {}
    for line in text.splitlines():
        for key, value in parameters_in_text(line):
            found.setdefault(key, set()).add(value)
    return found


def _setup_parameters(readme: DocumentContext) -> dict[str, set[JsonValue]]:
    return parameters_in_cells(readme.setup_pairs)


DATED = "experiment_date"
"""A figure's run date: the one date its own line, else its nearest dated section heading,
names (`## 2026-08-01 — published sweep`), else its file's name or title (`runs/2026-10-17/…`,
`RESULTS-2026-08-14.md`) where no section heading of the document names a date (a results log
with dated sections says nothing of an undated one's runs)."""
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _dates(text: str) -> frozenset[str]:
    """Every date a text names, whole (`2026-10-17`) or not (`1 Aug`: `--08-01`)."""
    return frozenset(date for _, _, date in find_dates(text))


@lru_cache(maxsize=1 << 12)
def file_dates(path: str) -> frozenset[str]:
    """The whole dates a file's path names (`2026-10-17`, `20260607T135911Z`)."""
    return frozenset(date for date in _dates(path) if _ISO_DATE.match(date))


_WORD = re.compile(r"[^\s()\[\]`\"',;]+")
_GLUED_AFTER = re.compile(r"[-_.]?[A-Za-z]")
_TIME_AFTER = re.compile(r"T\d")
_IN_A_PATH = re.compile(r"[/\\]|\.(?:json|jsonl|csv|md|txt|log|ya?ml|html?)\b", re.I)


@lru_cache(maxsize=1 << 14)
def _line_dates(text: str) -> frozenset[str]:
    """The dates a line names as dates: not one glued inside a longer name that is no file or
    folder (a model id's snapshot date, `claude-opus-4-5-20251101-v1:0`, is the model's, not
    the run's); a run file's or folder's name (`runs/2026-10-18/`, `bench-20260607.json`)
    still dates its run, as does a timestamp (`2026-08-17T10:00Z`). Read once per text: each
    figure of a line asks, and each of a document's figures asks of its opening lines."""
    return frozenset(
        date for start, end, date in find_dates(text) if not _in_a_name(text, start, end)
    )


def _in_a_name(text: str, start: int, end: int) -> bool:
    before = text[start - 1 : start]
    if _TIME_AFTER.match(text, end):
        return False
    glued = (before.isalpha() or before in ("-", "_", ".", ":", "+")) and before != ""
    if not glued and not _GLUED_AFTER.match(text, end):
        return False
    word = next((m.group(0) for m in _WORD.finditer(text) if m.start() <= start < m.end()), "")
    rest = word.replace(text[start:end], "")
    return not _IN_A_PATH.search(word) and any(ch.isalpha() for ch in rest)


@lru_cache(maxsize=1 << 14)
def line_date(text: str) -> str | None:
    """The one date a line names, whole; None for none, two, or a date without its year."""
    found = _line_dates(text)
    date = next(iter(found)) if len(found) == 1 else None
    return date if date is not None and _ISO_DATE.match(date) else None


def figure_date(context: DocumentContext, line: int) -> str | None:
    """A figure's experiment date (see `DATED`), or None: read once per line (a wide row's
    thousands of figures share it)."""
    return context.remembered(("figure_date", line), lambda: (_figure_date(context, line),))[0]


_RELEASE_HEADER = re.compile(
    r"\b(?:releas(?:e|es|ed)|published|build\s+date|version\s+date|tagged)\b", re.I
)
"""A column of the software's release dates (`| version | ... | release |`): a date under
it dates the build a row ran, not the run (kreier/jetson llama.cpp/CUDA/benchmark.md:39-42,
read31-s25 §2)."""


def _own_dated_text(context: DocumentContext, line: int) -> str:
    """A figure's line as its dates are read: a table row without its release-date cells."""
    own = context.lines[line - 1] if 1 <= line <= len(context.lines) else ""
    cells = context.table_cells(line, "")
    if cells is None or not any(_RELEASE_HEADER.search(h) for h in cells.header):
        return own
    kept = (
        c for h, c in zip(cells.header, cells.cells, strict=False) if not _RELEASE_HEADER.search(h)
    )
    return " | ".join(kept)


_STAMP = re.compile(
    r'^\s*"(?:timestamp|run_timestamp|date|run_date|experiment_date|benchmark_date|started_at'
    r'|start_time|datetime)"\s*:\s*"(?P<stamp>[^"]{8,40})"',
    re.I,
)
"""A run file's line stamping when it ran (`"timestamp": "2026-07-19T16:47:58Z",`)."""


def stamp_lines(context: DocumentContext) -> tuple[int, ...]:
    """The lines of a JSON run file that stamp when it ran (`"timestamp": ...`): places of its
    figures' chains (`ConditionReader.chain`), where their date is cited."""
    if not context.document.path.lower().endswith(".json"):
        return ()
    return context.kept(
        ("stamp lines",),
        lambda: tuple(n for n, text in enumerate(context.lines, 1) if _STAMP.match(text)),
    )


def _stamped_date(context: DocumentContext) -> str | None:
    """The one date a JSON run file's stamps name (`"timestamp": ...` lines), or None for
    none or two (a file of runs on several days says nothing of which one a figure is of)."""
    found = {
        line_date(match.group("stamp"))
        for n in stamp_lines(context)
        if (match := _STAMP.match(context.lines[n - 1])) is not None
    }
    return next(iter(found)) if len(found) == 1 else None


def _figure_date(context: DocumentContext, line: int) -> str | None:
    own = _own_dated_text(context, line)
    if _line_dates(own):
        return line_date(own)  # `vs 1 Aug` on the figure's line: another run's date, or none
    if context.document.path.lower().endswith(".json"):
        stamped = context.kept(("stamped date",), lambda: (_stamped_date(context),))[0]
        if stamped is not None:
            return stamped
    for _, level, heading in context.heading_path(line):  # nearest first
        if level > 1 and _dates(heading):
            return line_date(heading)
    headings = context.headings()
    if any(level > 1 and _dates(heading) for _, level, heading in headings):
        return None
    titles = [heading for _, level, heading in headings if level == 1]
    found = file_dates(context.document.path) | {d for t in titles if (d := line_date(t))}
    if found and _opening_dates(context) - found:
        return None  # `测试日期: 2026-02-02 至 2026-02-06` under a file dated the 6th
    if not found and context.is_prose:
        found = context.kept(("dating lines",), lambda: _dating_lines(context))
    return next(iter(found)) if len(found) == 1 else None


_DATING_LINE = re.compile(
    r"^\W*(?:(?:(?:test(?:ing)?|run|experiment|benchmark)\s+)?(?:date|datum)\b"
    r"|(?:test(?:ing)?|run|experiment|benchmark)\s+period\b|tested on\b|measured on\b"
    r"|collected\b|実施日|測定日|実験日|测试日期|日期)",
    re.I,
)
"""An opening line that dates a report's runs (`**Date:** 2026-05-07`, `> Collected: 2026-07-24
05:47:48 UTC`, `Tested on 2026-08-01`), as the record's experiment date is read
(`select/metadata.py`): not `Research date:` (when others' claims were read) nor a line that
merely names a date."""


def _after_front_matter(lines: list[str]) -> list[str]:
    """A document's lines after its YAML front matter (`---` ... `---` at its top): a post's
    `date: 2026-08-16` is when it was written, not when its runs ran (rhattala
    docs/blog-draft.md:4)."""
    if not lines or lines[0].strip() != "---":
        return lines
    for number, text in enumerate(lines[1:], 1):
        if text.strip() == "---":
            return lines[number + 1 :]
    return lines


def _dating_lines(context: DocumentContext) -> frozenset[str]:
    """The dates a document's opening lines that date its runs state, each line one date;
    a line of two dates (a test period) gives none."""
    found: set[str | None] = set()
    for text in _after_front_matter(context.lines)[:_OPENING_LINES]:
        plain = text.strip()
        if _DATING_LINE.match(plain) and _line_dates(plain):
            found.add(line_date(plain))
    return (
        frozenset(date for date in found if date is not None) if None not in found else frozenset()
    )


_OPENING_LINES = 12


def _opening_dates(context: DocumentContext) -> frozenset[str]:
    """The whole dates a document's opening lines state: another date there (a test period's
    first day) says the file's or title's date is when it was written, not when it ran."""
    opening = context.lines[:_OPENING_LINES]
    return context.kept(
        ("opening dates",),
        lambda: frozenset(
            date for text in opening for date in _line_dates(text) if _ISO_DATE.match(date)
        ),
    )


def reads_date(path: str, text: str | None, value: object) -> bool:
    """Whether a place names the date `value`: a file's name (`text` None) among its dates, a
    line as the one date it names."""
    if text is None:
        return value in file_dates(path)
    return line_date(text) == value


def is_date(value: object) -> bool:
    """Whether a condition's value is one whole date, as `figure_date` gives it."""
    return isinstance(value, str) and bool(_ISO_DATE.match(value))
