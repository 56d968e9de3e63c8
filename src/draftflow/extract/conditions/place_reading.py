"""What one place of a figure's chain says of a count or an engine, read as extract's readers
read it.

A count condition (`concurrency`, `node_count`, token counts) is a number under a name: a
row's cell under its column header (`| Concurrency |`), a rate header's load (`TPS@4`), a
`key: value` line, a sentence's setting (`32 concurrent requests`, `2-node`), a run file's
name (`bs8`, line 0). The number alone is not the count: `Llama 4 Scout (17B-16E) with 32
concurrent requests` states concurrency 32, not 4 or 16. `count_readings` gives the counts a
place states under the key's name, each with the reader that found it, so that verify
re-reads a cited count where extract read it, and says what the place states instead. A
device count, a tensor-parallel degree and a batch size are counts under their own names
(`| GPU |` over `3090 24GB * 2`, `2 GPUs`, `TP=2`, `--tensor-parallel-size 2`, `bs=4`).
Systems and precisions are read in `name_reading.py`.

An engine is read where it is named as the one that measured: a row's cell that is an
engine's name (`| vLLM |`, a stack's part), a column header (`vLLM (tok/s)`), a line that
names that engine and no other (`Engine: vLLM 0.11`), a file name. A line naming two
(`vLLM vs SGLang: 41 vs 38 tok/s`) does not say which one ran a figure: `engine_readings`
gives none for it.
"""

from __future__ import annotations

import csv
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar, cast
from weakref import WeakKeyDictionary

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.columns import (
    bench_test_lengths,
    corner_settings,
    count_in_system_cell,
    load_of_header,
    topology_count,
)
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.file_name import file_name_conditions
from draftflow.extract.conditions.measurement import (
    DENOMINATOR,
    MEASUREMENT_KEYS,
    REPETITIONS,
    denominators_in,
    header_denominators,
    keyed_denominators,
    repetitions_in_cells,
    repetitions_in_text,
)
from draftflow.extract.conditions.name_reading import (
    NAME_KEYS,
    header_line_set,
    is_name_value,
    item_before,
    item_names,
    name_readings,
    names_of_cell,
    states_name,
)
from draftflow.extract.conditions.run_parameters import (
    DATED,
    PARAMETER_KEYS,
    is_date,
    parameter_value,
    parameters_in_cells,
    parameters_in_text,
    reads_date,
    same_value,
)
from draftflow.extract.conditions.run_settings import (
    setting_of_key,
    settings_in_pairs,
    settings_in_text,
)
from draftflow.extract.document import (
    DocumentKind,
    Table,
    TableKind,
    parse_document,
    section_header_lines,
    split_pipes,
)
from draftflow.extract.document.lines import PAIR_CELLS
from draftflow.extract.numeric import cell_numbers
from draftflow.text.lines import plain_text

COUNT_KEYS = frozenset(
    {
        "node_count",
        "concurrency",
        "input_tokens",
        "output_tokens",
        "context_tokens",
        "max_output_tokens",
        "draft_tokens",
        "gpu_count",
        "tensor_parallel",
        "batch_size",
    }
)
"""The cited condition keys whose value is a count, stated only under a name."""
ENGINE = "engine"
_T = TypeVar("_T")

_PAIR = re.compile(
    r"^[\s>*_`-]*[\"']?(?P<key>[^\"':=|{}\[\]]{1,60}?)[\"']?\s*[:=]\s*(?P<value>.+)$"
)
"""A `key: value` line, as Markdown, YAML, JSON (`"concurrency": 4,`) or a flag writes it."""
_INLINE = re.compile(
    r"(?<![\w.-])[\"'`]?(?P<key>[A-Za-z][\w.-]*?)[\"'`]?\s*[=:]\s*[\"'`]?"
    r"(?P<value>\d{1,3}(?:,\d{3})+|\d+)(?![\d]|\.\d)"
)
"""A setting written inline with its value (`c=1`, `max_tokens=4096`, `"max_concurrency": 25`),
as the harvest reads a sentence's and a data line's settings."""
_FLAG = re.compile(r"(?<![\w-])--(?P<key>[A-Za-z][\w-]*)[\s=]+(?P<value>\d+)(?![\d]|\.\d)")
"""A command's flag with its value (`--mean-input-tokens 550`, `--max-concurrency=8`)."""
_SHORT_NAMES = {"c": "concurrency", "conc": "concurrency", "bs": "concurrency"}
_HEADER_LENGTH = re.compile(r"^(?P<name>[A-Za-z]+)\s*(?P<value>\d+)$")
"""A column header that is a length (`tg 1024`, `pp512`)."""
_OWN_NAMES = {
    "concurrency": frozenset({"concurrency", "batch_size", "batch"}),
    "node_count": frozenset({"node_count"}),
}
"""The header keys that name a count besides the count's own (a batch is a load)."""
SETTING_SPELLINGS = {
    "gpu_count": frozenset(
        {"gpu_count", "gpus", "num_gpus", "n_gpus", "ngpus", "num_gpu", "number_of_gpus"}
    ),
    "tensor_parallel": frozenset(
        {"tensor_parallel", "tensor_parallel_size", "tensor_parallelism", "tp", "tp_size"}
    ),
    "batch_size": frozenset({"batch", "batch_size", "bs", "max_batch_size"}),
}
"""How a key, flag or column header names a device count, a tensor-parallel degree or a batch
size (lower case, `_` for any run of other characters)."""
_NAME = re.compile(r"[^a-z0-9]+")
_GPU_HEADER = re.compile(r"\bgpus?\b", re.I)
_WRITTEN = {
    "gpu_count": re.compile(r"(?<![\w.])(?P<value>\d{1,3})\s*(?:x\s*)?gpus?\b", re.I),
    "tensor_parallel": re.compile(
        r"\b(?:tp|tensor[\s_-]*parallel(?:ism)?(?:[\s_-]*size)?)\s*(?:of\s+|[=:]\s*|\s)?"
        r"(?P<value>\d{1,3})\b",
        re.I,
    ),
    "batch_size": re.compile(r"\bbatch[\s_-]*size\s*(?:of\s+|[=:]\s*)?(?P<value>\d{1,5})\b", re.I),
}
"""A device count, a tensor-parallel degree or a batch size written in a sentence with its
name (`2 GPUs`, `TP=2`, `tensor parallelism 2`, `batch size of 8`)."""


@dataclass(frozen=True)
class Reading:
    """One count a place states under the key's name, and what stated it."""

    value: int
    how: str

    def describe(self, key: str) -> str:
        """`concurrency 32 (a sentence)`."""
        return f"{key} {self.value} ({self.how})"


def read_where_read(key: str, value: object) -> bool:
    """Whether `key` is read at its place by `reads_at`: a count's whole number, an engine,
    a system or a precision (`name_reading`), a run parameter, a run's date."""
    if key == DATED:
        return is_date(value)
    if key == REPETITIONS:
        return isinstance(value, int) and not isinstance(value, bool) and value > 0
    if key == DENOMINATOR:
        return isinstance(value, str) and bool(value)
    if key in PARAMETER_KEYS and key not in NAME_KEYS:
        return (
            isinstance(value, bool | int | float)
            and parameter_value(key, _written(value)) is not None
        )
    if key in COUNT_KEYS:
        return isinstance(value, int) and not isinstance(value, bool)
    if key in NAME_KEYS:
        return is_name_value(key, value)
    return key == ENGINE and isinstance(value, str) and vocab.engine_in(value) is not None


Own = tuple[str, int, float]
"""A figure as a place's reading may need it: its document's path, its line and its value."""


def reads_at(
    context: DocumentContext, line: int, key: str, value: object, own: Own | None = None
) -> bool:
    """Whether the place states `value` as `key` where extract's reader reads it; of a header
    row of the figure's (`own`) table naming an engine or a system per column, only the
    figure's column's header counts (`| Metric | GB10 | RTX 5070 Ti |` says GB10 only of the
    GB10 column's figures)."""
    if key == DATED:  # a run's date: its file's name, or the one date a line names
        if not 0 <= line <= len(context.lines):
            return False
        text = None if line == 0 else plain_text(context.lines[line - 1])
        return reads_date(context.document.path, text, value)
    if key in MEASUREMENT_KEYS:
        return value in measurement_at(context, line, key, own)
    if key in PARAMETER_KEYS:
        if any(same_value(value, found) for found in parameters_at(context, line, key)):
            return True
        if key not in COUNT_KEYS and key not in NAME_KEYS:
            return False  # a cap or a draft length is also read as a count (a sentence's)
    header = _own_header(context, line, own) if key in NAME_KEYS or key == ENGINE else None
    if key == ENGINE:
        named = engine_readings(context, line) if header is None else _engines_in([header])
        item = _own_item(context, line, own)
        engine = vocab.engine_in(item) if item is not None else None
        return vocab.engine_in(str(value)) in (named | {engine} if engine else named)
    if key in NAME_KEYS:
        named = names_at(context, line, key) if header is None else names_of_cell(key, header)
        own_item = _own_item(context, line, own)
        listed = item_names(own_item, key) if own_item is not None else frozenset()
        return states_name(named, key, str(value)) or states_name(listed, key, str(value))
    return value in counts_at(context, line, key)


def _own_item(context: DocumentContext, line: int, own: Own | None) -> str | None:
    """The figure's own listed item before its number, where the place is its own prose line
    (`name_reading.item_before`)."""
    if own is None or own[0] != context.document.path or own[1] != line:
        return None
    if not 1 <= line <= len(context.lines) or context.table_cells(line, "") is not None:
        return None
    if line in header_line_set(context):
        return None
    return item_before(plain_text(context.lines[line - 1]), own[2])


def own_reading(context: DocumentContext, key: str, own: Own) -> object:
    """What `reads_at` reads of `key` for the figure `own` depends on, at any place, where no
    header row of its document stands above its line (so `_own_header` reads none): its own
    line's denominator (`measurement_at`), or the engine or names its listed item states
    (`_own_item`); None for a key every figure of the line reads alike. Two figures of one
    line with equal answers read every place of their chain alike for the key."""
    if key == DENOMINATOR:
        return measurement_at(context, own[1], key, own)
    if key != ENGINE and key not in NAME_KEYS:
        return None
    item = _own_item(context, own[1], own)
    if key == ENGINE:
        return vocab.engine_in(item) if item is not None else None
    return item_names(item, key) if item is not None else frozenset()


_RUNS = "measured runs"
"""The memo key of a place's repetition counts (`count_readings` holds its own under the key)."""


def measurement_at(
    context: DocumentContext, line: int, key: str, own: Own | None = None
) -> frozenset[int] | frozenset[str]:
    """The repetition counts or the denominator a place states (`measurement.py`): a line's
    counts under their names and a row's cells under a `Runs` header; a header row's
    denominator of the figure's own column (`own`), else the one the line writes."""
    if not 1 <= line <= len(context.lines):
        return frozenset()
    text = plain_text(context.lines[line - 1])
    if key == REPETITIONS:
        return _remembered(context, line, _RUNS, lambda: _repetitions(context, line, text))
    header = _own_header(context, line, own)
    mine = own is not None and own[0] == context.document.path
    if header is not None:
        found = header_denominators(header)
    elif line in header_line_set(context):
        # a header row above the figure whose own column it cannot tell says nothing of it
        above = mine and own is not None and line < own[1]
        found = frozenset() if above else header_denominators(text)
    elif (row := context.table_cells(line, "")) is not None:
        found = denominators_in(row.cells[0]) if row.cells else frozenset()  # its row's label
    elif mine and own is not None and line == own[1]:
        found = keyed_denominators(text, own[2])  # its own key on its data line
    else:
        found = denominators_in(text)
    return found if len(found) == 1 else frozenset()


def _repetitions(context: DocumentContext, line: int, text: str) -> frozenset[int]:
    cells: list[tuple[str, str]] = []
    table = context.table_cells(line, "")
    if table is not None:
        cells = list(zip(table.header, table.cells, strict=False))
        if len(table.cells) == PAIR_CELLS:
            cells.append((table.cells[0], table.cells[1]))  # `| Runs | 5 |`
    elif (record := _delimited_row(context, line)) is not None:
        cells = list(zip(*record, strict=False))
    return repetitions_in_cells(cells) | repetitions_in_text(text)


def _own_header(context: DocumentContext, line: int, own: Own | None) -> str | None:
    """The header cell of the figure's own column when `line` is a header row of the table
    holding the figure's row and one cell of that row holds its value; else None."""
    if own is None or own[0] != context.document.path or not 1 <= line < own[1]:
        return None
    if line not in header_line_set(context):
        return None
    columns = _remembered(context, own[1], "value columns", lambda: _value_columns(context, own[1]))
    column = columns.get(own[2])
    if column is None:
        return None
    cells = _remembered(context, line, "header cells", lambda: _header_cells(context, line))
    width = _remembered(context, own[1], "row width", lambda: _row_width(context, own[1]))
    if len(cells) != width or column >= len(cells):
        return None  # another table's header, or a row of a header of other shape
    return cells[column]


def _value_columns(context: DocumentContext, line: int) -> dict[float, int]:
    """Each number of a table row with its column, where one cell alone holds it (read once
    per row: a wide row's every figure asks)."""
    table = context.table_cells(line, "")
    seen: dict[float, list[int]] = {}
    for column, cell in enumerate(table.cells if table is not None else ()):
        for number in cell_numbers(cell.replace(",", "")):
            seen.setdefault(float(number), []).append(column)
    return {number: found[0] for number, found in seen.items() if len(set(found)) == 1}


def _row_width(context: DocumentContext, line: int) -> int:
    table = context.table_cells(line, "")
    return len(table.header) if table is not None else -1


def _header_cells(context: DocumentContext, line: int) -> tuple[str, ...]:
    return tuple(split_pipes(plain_text(context.lines[line - 1])))


def names_at(context: DocumentContext, line: int, key: str) -> frozenset[str]:
    """The systems or precisions a place states as a figure's (`name_reading`), read once."""
    return _remembered(context, line, key, lambda: name_readings(context, line, key))


_READ: WeakKeyDictionary[DocumentContext, dict[tuple[int, str], object]] = WeakKeyDictionary()
"""What each place was read as, kept with its document's context (a row's figures, and a
chain's places, ask again and again) and let go with it."""


def _remembered(context: DocumentContext, line: int, key: str, read: Callable[[], _T]) -> _T:
    places = _READ.get(context)  # `setdefault` makes a weak reference on every call
    if places is None:
        places = _READ[context] = {}
    found = places.get((line, key))
    if found is None:
        found = places[(line, key)] = read()
    return cast(_T, found)


def engine_readings(context: DocumentContext, line: int) -> frozenset[str]:
    """The engines a place names as the one that measured (see the module docstring)."""
    return _remembered(context, line, ENGINE, lambda: _engines(context, line))


def _engines(context: DocumentContext, line: int) -> frozenset[str]:
    if line == 0:
        found = vocab.engine_in(context.document.path.replace("_", " "))
        return frozenset({found} if found else ())
    if not 1 <= line <= len(context.lines):
        return frozenset()
    text = plain_text(context.lines[line - 1])
    table = context.table_cells(line, "")
    if table is None and line not in header_line_set(context):
        found = vocab.engine_in(text)
        return frozenset({found} if found else ())
    return _engines_in(table.cells if table is not None else split_pipes(text))


def _engines_in(cells: Iterable[str]) -> frozenset[str]:
    """The engines row or header cells name, each cell naming one."""
    engines = set()
    for cell in cells:
        for part in re.split(r"\s+/\s+", cell.strip().strip("*`").strip()):
            named = vocab.engine_of_value(part) or vocab.engine_of_header(part)
            if named is None and len(vocab.engines_named(part)) == 1:
                named = vocab.engine_measured(part)
            if named and (canonical := vocab.engine_in(named)) is not None:
                engines.add(canonical)
    return frozenset(engines)


def _written(value: object) -> str:
    """A parameter's value as a source would write it (`true`, `0.95`, `3`)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parameters_at(context: DocumentContext, line: int, key: str) -> tuple[JsonValue, ...]:
    """The values a place states for a run parameter (`run_parameters`): a table row's cells
    under a header naming it (a two-column row's first cell naming it over its second), a CSV
    row's, or its line's `key: value`, inline settings and flags; read once per place."""
    found = _remembered(context, line, "run parameters", lambda: _parameters(context, line))
    return found.get(key, ())


def _parameters(context: DocumentContext, line: int) -> dict[str, tuple[JsonValue, ...]]:
    if not 1 <= line <= len(context.lines):
        return {}
    cells: list[tuple[str, str]] = []
    table = context.table_cells(line, "")
    if table is not None:
        cells = list(zip(table.header, table.cells, strict=False))
        if len(table.cells) == 2:
            cells.append((table.cells[0], table.cells[1]))  # `| temperature | 0.0 |`
    elif (record := _delimited_row(context, line)) is not None:
        cells = list(zip(*record, strict=False))
    found = parameters_in_cells(cells)
    if table is None and line not in header_line_set(context):
        for key, value in parameters_in_text(plain_text(context.lines[line - 1])):
            found.setdefault(key, set()).add(value)
    return {key: tuple(values) for key, values in found.items()}


def count_readings(context: DocumentContext, line: int, key: str) -> tuple[Reading, ...]:
    """The counts the place states as `key` (line 0: the document's file name)."""
    return _remembered(context, line, key, lambda: _read(context, line, key))


def counts_at(context: DocumentContext, line: int, key: str) -> frozenset[int]:
    """The values of `count_readings`."""
    return frozenset(reading.value for reading in count_readings(context, line, key))


def _read(context: DocumentContext, line: int, key: str) -> tuple[Reading, ...]:
    if line == 0:
        return _file_name(context.document.path, key)
    if not 1 <= line <= len(context.lines):
        return ()
    readings: list[Reading] = []
    table = context.table_cells(line, "")
    if table is not None:
        readings += _row(context, line, key, table.header, table.cells)
        if len(table.cells) == PAIR_CELLS:  # `| Concurrency | 4 |`: a key-value table's row
            readings += _key_value_row(key, table.cells[0], table.cells[1])
    elif (record := _delimited_row(context, line) or _text_table_row(context, line)) is not None:
        readings += _row(context, line, key, *record)
    text = plain_text(context.lines[line - 1])
    if line in header_line_set(context):
        readings += _headers(key, tuple(cell for cell in split_pipes(text) if cell))
    readings += _text(key, text)
    if table is None:
        own = context.own_text(line)
        if own and own != text:
            readings += [Reading(r.value, f"{r.how} of its paragraph") for r in _text(key, own)]
    return tuple(dict.fromkeys(readings))


_DELIMITED = {".csv": ",", ".tsv": "\t"}


def _delimited_row(
    context: DocumentContext, line: int
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """A CSV or TSV line's cells under its section's header record (the first record after
    the file's start or its last `#` comment line above), as the CSV harvest pairs them;
    None outside such a file or for a line of one field."""
    suffix = context.document.path[context.document.path.rfind(".") :].lower()
    delimiter = _DELIMITED.get(suffix)
    if delimiter is None:
        return None
    lines = context.lines
    firsts = _remembered(
        context, 0, "delimited headers", lambda: section_header_lines(lines, delimiter)
    )
    index = bisect_right(firsts, line) - 1
    if index < 0 or firsts[index] == line:
        return None  # above the first header record, or the header record itself
    first = firsts[index]
    header = next(csv.reader([lines[first - 1]], delimiter=delimiter), [])
    cells = next(csv.reader([lines[line - 1]], delimiter=delimiter), [])
    if len(cells) < 2:
        return None
    return tuple(h.strip() for h in header), tuple(c.strip() for c in cells)


def _text_table_row(
    context: DocumentContext, line: int
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """A body row of a comma-separated or aligned table in a text or log file (a tool's
    `ISL,OSL,Requests,...` block in shaamil101-etched/trtllm-benchmarks results/
    summary_results.log), under its header, as the text-table harvest reads it."""
    rows = _remembered(context, 0, "text table rows", lambda: _text_table_rows(context))
    return rows.get(line)


def _text_table_rows(
    context: DocumentContext,
) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    parsed = parse_document(context.document)
    if parsed.kind is not DocumentKind.TEXT:
        return {}
    found: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for block in parsed.blocks:
        if not isinstance(block, Table) or block.kind not in _TEXT_TABLES:
            continue
        header = tuple(block.column_header(c) for c in range(block.width))
        for row in block.body_rows:
            if row:
                found.setdefault(row[0].line, (header, tuple(cell.text for cell in row)))
    return found


_TEXT_TABLES = (TableKind.CSV, TableKind.ALIGNED)


def _file_name(path: str, key: str) -> tuple[Reading, ...]:
    found = [
        Reading(v, "the file name")
        for k, v in file_name_conditions(path)
        if k == key and isinstance(v, int) and not isinstance(v, bool)
    ]
    if key == "node_count" and (count := vocab.count_of(path.replace("_", " "))) is not None:
        found.append(Reading(count, "the file name"))
    return tuple(found)


@lru_cache(maxsize=1 << 14)
def _names_key(header: str, key: str) -> bool:
    if _SHORT_NAMES.get(header.strip().lower()) == key:
        return True
    if key in SETTING_SPELLINGS:
        return _NAME.sub("_", header.lower()).strip("_") in SETTING_SPELLINGS[key]
    named = vocab.header_key(header)
    if named == key or named in _OWN_NAMES.get(key, ()):
        return True
    return setting_of_key(header) == key


def _row(
    context: DocumentContext,
    line: int,
    key: str,
    header: tuple[str, ...],
    cells: tuple[str, ...],
) -> list[Reading]:
    """A table row: its cells under a header naming the key, the counts its cells and
    headers write beside a machine (`2 x Spark`, `TP2`), a rate header's load (`TPS@4`)."""
    found: list[Reading] = []
    for column, cell in enumerate(cells[: len(header)]):
        name = header[column]
        if _names_key(name, key):
            found += [
                Reading(int(n), f"the cell under {name.strip()!r}")
                for n in cell_numbers(cell.replace(",", ""))
                if float(n).is_integer()
            ]
        if key == "node_count" and cell:
            counts = (
                count_in_system_cell(cell) if vocab.header_key(name) == "system" else None,
                vocab.machines_of_value(cell),
                topology_count(cell, context.column_cells(line, column)),
            )
            found += [Reading(c, f"the cell {cell.strip()!r}") for c in counts if c is not None]
        found += [
            Reading(length, f"the test {cell.strip()!r}")
            for named, length in bench_test_lengths(cell)
            if named == key
        ]
        if key == "gpu_count" and cell and _GPU_HEADER.search(name) and vocab.header_key(name):
            # `| GPU | ... |` over `3090 24GB * 2`: the row's two cards
            count = count_in_system_cell(cell)
            found += [Reading(count, f"the cell {cell.strip()!r}")] if count is not None else []
    found += _headers(key, tuple(header))
    return found


@lru_cache(maxsize=1 << 12)
def _headers(key: str, headers: tuple[str, ...]) -> tuple[Reading, ...]:
    """Column headers that state the key's count (`TPS@4`, `4 x RasPi 5`, `TP2`, `tg 1024`):
    read once per table header and key, as each of its rows reads them."""
    found: list[Reading] = []
    corner = headers[0] if headers else ""
    for header in headers:
        plain = header.strip().strip("*`").strip()
        how = f"the column header {plain!r}"
        found += [
            Reading(n, f"{how} under the corner {corner.strip()!r}")
            for named, n in corner_settings(corner, header)
            if named == key
        ]
        if key == "concurrency" and (load := load_of_header(plain)) is not None:
            found.append(Reading(load, how))
        if key == "node_count":
            for count in (
                vocab.count_of(header) if vocab.system_of_header(header) else None,
                topology_count(plain, headers),
            ):
                if count is not None:
                    found.append(Reading(count, how))
        found += [Reading(n, how) for named, n in bench_test_lengths(plain) if named == key]
        length = _HEADER_LENGTH.match(plain)
        if length and (
            vocab.header_key(length.group("name")) == key
            or (key in SETTING_SPELLINGS and _names_key(length.group("name"), key))
        ):
            found.append(Reading(int(length.group("value")), how))
    return tuple(found)


def _key_value_row(key: str, name: str, value: str) -> list[Reading]:
    """A key-value table's row stating a load or length under its name, as a setup reads it
    (`| Concurrency | 4 |`): a bare count only, not any number of its value (`| Nodes | head
    10.100.10.4:8000 |` states no node count)."""
    stated = settings_in_pairs([(name, value)]).values.get(key, set())
    return [Reading(v, f"the row {name.strip()!r}") for v in stated]


def _pair_readings(key: str, text: str) -> list[Reading]:
    """What a `key: value` line states for the key: its setting's count, each point of a swept
    JSON array under the key, a system cell's machine count (`GPU: 1x NVIDIA RTX4090 24GB`)."""
    pair = _PAIR.match(text)
    if pair is None:
        return []
    name, value = pair.group("key").strip(), pair.group("value")
    stated = settings_in_pairs([(name, value)]).values.get(key, set())
    if _names_key(name, key):
        swept = value.strip().startswith("[")
        numbers = cell_numbers(value.replace(",", " " if swept else "").split(",")[0])
        stated = stated | {int(n) for n in numbers[: None if swept else 1] if float(n).is_integer()}
    found = [Reading(v, f"the line {name!r}") for v in stated]
    if key == "node_count" and vocab.header_key(name) == "system":
        count = count_in_system_cell(value)  # as `read_key_values` counts it
        found += [Reading(count, f"the line {name!r}")] if count is not None else []
    return found


def _text(key: str, text: str) -> list[Reading]:
    """A sentence's settings (`generating 1024 tokens`), a `key: value` line's, and the
    machines a text counts (`2-node`, `single node`)."""
    found = [Reading(v, "a sentence") for v in settings_in_text(text).values.get(key, ())]
    found += _pair_readings(key, text)
    for match in _INLINE.finditer(text):
        if _names_key(match.group("key"), key):
            value = int(match.group("value").replace(",", ""))
            found.append(Reading(value, f"the setting {match.group(0).strip()!r}"))
    for match in _FLAG.finditer(text):
        if _names_key(match.group("key").replace("-", " "), key):
            found.append(Reading(int(match.group("value")), f"the flag {match.group(0)!r}"))
    if key == "node_count":
        for count in (vocab.count_of(text), vocab.single_machine(text), vocab.single_system(text)):
            if count is not None:
                found.append(Reading(count, "a text counting machines"))
    if key in _WRITTEN:
        found += [
            Reading(int(m.group("value")), f"the words {m.group(0).strip()!r}")
            for m in _WRITTEN[key].finditer(text)
        ]
    return found
