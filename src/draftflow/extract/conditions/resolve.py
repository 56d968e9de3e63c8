"""A figure's conditions under the seed's keys, resolved from its context by structure.

Nearest context first: the figure's own row (each cell under its header: a header that says
what it holds, or a value whose form says it, such as an engine's name or a model with its
parameter count), its column header (a system, `4 x RasPi 5`), the `key: value` lines of its
section, the caption and headings above it, the document's introduction, then the
repository's README. A key is set once, from the nearest context that states it; a context
that names two engines (or two systems) says nothing about which one measured this figure.
The raw `header: cell` pairs are kept, as evidence, under `source_cells`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.columns import (
    bench_model,
    column_model,
    count_in_system_cell,
    load_of_header,
    model_of_weights_file,
    topology_count,
)
from draftflow.extract.conditions.context import DocumentContext, RowCells, TableCells
from draftflow.extract.conditions.setup import SetupSource, agreed
from draftflow.extract.conditions.workload import header_workload, run_settings
from draftflow.extract.numeric import cell_numbers
from draftflow.numbers.names import names_something

SEED_KEYS = (
    "model",
    "model_artifact",
    "weight_precision",
    "engine",
    "engine_version",
    "system",
    "node_count",
    "concurrency",
    "input_tokens",
    "output_tokens",
    "context_tokens",
    "workload",
)
INT_KEYS = frozenset(
    {"node_count", "concurrency", "input_tokens", "output_tokens", "context_tokens"}
)
IDENTITY_KEYS = frozenset({"model", "model_artifact", "engine"})
"""Keys whose value is a name: a value without one (a date, a score, a count) is not put."""
SOURCE_CELLS = "source_cells"
"""The figure's row as its source writes it (`header: cell`), kept for evidence."""
KEPT_KEYS = frozenset({"per_run_values", "attribution", "status"})
_STATED_VERSION = re.compile(
    r"\b(?:tested on|version)\s+v?(?P<a>\d+\.\d+(?:\.\d+)*)"
    r"|\bv?(?P<b>\d+\.\d+(?:\.\d+)*)\s+version\b",
    re.I,
)
_VERSION = r"(\d+(?:\.\d+)+[\w.+-]*|b\d{3,5})"
"""A version as written after an engine's name: its numbers and any suffix (`-cu130`,
`.dev1+g6804e1b81`); a llama.cpp build (`b6100`)."""
_WEIGHTS_FILE = re.compile(r"\.(?:gguf|safetensors|bin|pt|pth|onnx)$", re.I)
_DIGITS = re.compile(r"\d+")
_TRUNCATED = re.compile(r"(?:\.\.\.|…)\s*$")
_KV_PRECISION = re.compile(r"\s*(?:kv|cache|-vs-|vs\b)", re.I)


@dataclass
class Resolved:
    """Seed keys found so far; the first context to state a key wins."""

    values: dict[str, JsonValue] = field(default_factory=dict)
    stated_version: str | None = None
    """A version the context states without naming what (`tested on 0.3.1 version`): the
    engine's, once an engine is known."""

    def put(self, key: str, value: JsonValue) -> None:
        """Set `key` unless a nearer context set it already; ints stay ints."""
        if value is None or value == "" or key in self.values:
            return
        if key in IDENTITY_KEYS and not names_something(str(value)):
            return  # a date or a score in a model's column names no model (`54.3/63`)
        if key in IDENTITY_KEYS and _TRUNCATED.search(str(value)):
            return  # a name cut short by its table (`Qwen/Qwen3-Coder-30B-A3B-Instr...`)
        if key == "system" and not vocab.names_hardware(str(value)):
            return  # a `GPU` column of temperatures (`51C`) or a `Device: GPU` cell
        if key in INT_KEYS:
            number = _int(value)
            if number is None:
                return
            value = number
        self.values[key] = value


def _int(value: JsonValue) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        numbers = cell_numbers(value.replace(",", ""))
        if len(numbers) == 1 and float(numbers[0]).is_integer():
            return int(numbers[0])
    return None


class _Puts(list[tuple[str, JsonValue]]):
    """What reading a cell would `put`, in order, kept to be replayed on a `Resolved`."""

    def put(self, key: str, value: JsonValue) -> None:
        """Keep the put."""
        self.append((key, value))


_STACK = re.compile(r"\s+/\s+")
"""What joins the parts of a stack written in one cell (`DeepSeek-V4-Flash / vLLM / TP=2`)."""


def _stack_parts(header: str, value: str) -> list[str]:
    """A cell's parts where it writes a stack naming its engine (`DeepSeek-V4-Flash / vLLM /
    TP=2`), else the cell whole (`tp1 / ratio 0.8 / bs 256` is one setting)."""
    if vocab.header_key(header) is not None:
        return [value]
    parts = _STACK.split(value)
    if len(parts) > 1 and any(vocab.engine_of_value(part) for part in parts):
        return parts
    return [value]


def read_cells(resolved: Resolved, cells: Iterable[tuple[str, str]]) -> None:
    """A row's cells: by header where the header says what it holds, else by value; a cell
    that writes a stack (`model / engine / 1 node`) is read part by part."""
    cells = [(header, part) for header, value in cells for part in _stack_parts(header, value)]
    sizes = [value for _, value in cells if vocab.is_size(value)]
    for header, value in cells:
        _read_cell(resolved, header, value, sizes[0] if sizes else None)


def _read_cell(resolved: Resolved | _Puts, header: str, value: str, size: str | None) -> None:
    """One cell under its header: what the header says the cell is, else what its value
    names by itself; a model cell also states the precision its name carries."""
    text = str(value).strip().strip("`")
    key = vocab.header_key(header)
    if key == "model" and (bench := bench_model(text)) is not None:
        resolved.put("model", bench[0])  # llama-bench's `deepseek2 30B.A3B BF16`
        resolved.put("weight_precision", bench[1])
        return
    if key == "model" and size is not None and not vocab.SIZE.search(text):
        text = f"{text} {size}"  # a model column beside a size column: `Llama` `7B`
    if key == "engine" and vocab.engine_of_value(header) is None:
        _read_engine_cell(resolved, header, text)
    elif key is not None and key != "engine":
        resolved.put(key, text)
        if key == "system":
            resolved.put("node_count", count_in_system_cell(text))
    else:
        _read_unkeyed_cell(resolved, text)
    if key == "model" or vocab.is_model_value(text):
        _precision_of_model(resolved, text)


def _read_engine_cell(resolved: Resolved | _Puts, header: str, text: str) -> None:
    """A cell under an engine's header that does not name one engine (`backend`)."""
    engine = vocab.engine_of_value(text)
    hardware = vocab.system_of_value(text) if engine is None else None
    if hardware is not None:  # a `backend` column naming the machine (`Ryzen-7950X`)
        resolved.put("system", hardware)
    else:
        resolved.put("engine", engine or text if header.lower() != "backend" else engine)


def _read_unkeyed_cell(resolved: Resolved | _Puts, text: str) -> None:
    """A cell whose header names no condition (or an engine's): what its value names."""
    if vocab.engine_of_value(text):
        resolved.put("engine", vocab.engine_of_value(text))
    elif (hardware := vocab.system_of_value(text)) is not None:
        resolved.put("system", hardware)
    elif (machines := vocab.machines_of_value(text)) is not None:
        resolved.put("node_count", machines)  # `Qwen3.8-27B / SGLang / 1 node`
    elif vocab.is_model_value(text):
        resolved.put("model", text)
    elif (found := vocab.precision_in(text)) and len(found) >= len(text) - 2:
        resolved.put("weight_precision", found)


def read_row(resolved: Resolved, row: RowCells, own: int | None) -> None:
    """A table row's cells but the figure's own, as `read_cells` reads them: each cell is
    read once per row (and size), so a row's many figures cost each only the cells that
    state something."""
    sizes = _row_sizes(row)
    size = next((row.cells[i] for i in sizes if i != own), None)
    for column, puts in _row_puts(row, size):
        if column != own:
            for key, value in puts:
                resolved.put(key, value)


@lru_cache(maxsize=256)
def _row_sizes(row: RowCells) -> tuple[int, ...]:
    cells = row.cells[: len(row.header)]
    return tuple(i for i, cell in enumerate(cells) if cell and vocab.is_size(cell))


@lru_cache(maxsize=512)
def _row_puts(row: RowCells, size: str | None) -> tuple[tuple[int, _Puts], ...]:
    """Each cell of the row that states something (under a header: past the row's last
    header a cell is not read), with what it states."""
    found = []
    for column, (header, cell) in enumerate(zip(row.header, row.cells, strict=False)):
        if cell:
            puts = _Puts()
            for part in _stack_parts(header, cell):
                _read_cell(puts, header, part, size)
            if puts:
                found.append((column, puts))
    return tuple(found)


def _precision_of_model(resolved: Resolved | _Puts, model: str) -> None:
    found = vocab.precision_in(model)
    if found:
        resolved.put("weight_precision", found)


def read_row_first(
    resolved: Resolved,
    table: TableCells,
    own: int | None,
    context: DocumentContext | None,
    line: int,
) -> None:
    """What a figure's row says nearer than its other cells: the devices its own column
    header (`TP2 TPS`) or a cell (`TP4`, `Single` above `TP2`) states it ran on, nearer than
    any count of the document's (a `5-node cluster` in the introduction); and the model its
    run file's name gives a llama-bench row (whose `model` cell is an architecture)."""
    model, counts = _row_first(table.row, context, line)
    resolved.put("model", model)
    if own is not None and own < len(table.header):
        resolved.put("node_count", topology_count(table.header[own], table.header))
    for column, count in counts:
        if column != own:
            resolved.put("node_count", count)


@lru_cache(maxsize=512)
def _row_first(
    row: RowCells, context: DocumentContext | None, line: int
) -> tuple[str | None, tuple[tuple[int, int], ...]]:
    """Once per row, as `_row_puts` (a wide row's figures would each read every cell): the
    model its run file's name gives it, and each cell's device count, by column."""
    found = Resolved()
    read_file_model(found, zip(row.header, row.cells, strict=False), context)
    counts = []
    for column, cell in enumerate(row.cells[: len(row.header)]):
        count = topology_count(cell, _column_cells(context, line, column)) if cell else None
        if count is not None:
            counts.append((column, count))
    model = found.values.get("model")
    return (model if isinstance(model, str) else None), tuple(counts)


def _column_cells(context: DocumentContext | None, line: int, column: int) -> Iterator[str]:
    """A column's cells, read only if asked (a `Single` cell's siblings; most cells never are:
    reading them for every cell would cost a tall table its rows squared)."""
    if context is not None:
        yield from context.column_cells(line, column)


def read_file_model(
    resolved: Resolved, cells: Iterable[tuple[str, str]], context: DocumentContext | None
) -> None:
    """The model a run file's name gives a llama-bench row, whose `model` cell is an
    architecture (`deepseek2 30B.A3B BF16` in `GLM-4.7-Flash-BF16-00001-of-00002.log`)."""
    if context is None:
        return
    for header, cell in cells:
        bench = bench_model(cell) if vocab.header_key(header) == "model" else None
        if bench is not None:
            resolved.put("model", model_of_weights_file(context.document.path, bench[1]))


def read_column(resolved: Resolved, header: str) -> None:
    """A figure's column header that names a system (`4090`, `4 x RasPi 5 8 GB`) or the
    engine that measured it (`vLLM (tok/sec)`) or the benchmark it scores (`MMLU`), that is
    a weight format by itself (`FP16`, `3bit-RTN`, as written), or that states the load its
    rate ran at (`TPS@4`)."""
    plain = header.strip().strip("*`").strip()
    resolved.put("engine", vocab.engine_of_header(plain))  # `MLC LLM (tok/sec)`
    resolved.put("workload", vocab.benchmark_of(plain))  # `MMLU (5-shot)`
    resolved.put("concurrency", load_of_header(plain))
    if vocab.precision_in(plain) and len(plain.split()) <= 2 and vocab.is_precision_header(plain):
        resolved.put("weight_precision", plain)
    system = vocab.system_of_header(header)
    if system:
        resolved.put("system", system)
        resolved.put("node_count", vocab.count_of(header))


def _prefer_caption_system(
    resolved: Resolved, context: DocumentContext | None, line: int, header: str
) -> None:
    """A table titled with a system (`**Raspberry Pi 5 8GB**`) whose columns count the same
    device (`4 x RasPi 5 8 GB`): the title names it in full."""
    column = vocab.system_of_header(header)
    titled = vocab.sole_system(context.caption(line)) if context is not None else None
    if column and titled and set(_DIGITS.findall(column)) & set(_DIGITS.findall(titled)):
        resolved.put("system", titled)


def read_key_values(resolved: Resolved, pairs: Iterable[tuple[str, str]]) -> None:
    """`key: value` lines of the section, nearest first (`- vLLM: 0.20.1`, `model: X`)."""
    for key, value in pairs:
        value = value.strip().strip("`").split("`")[0].strip()
        engine = vocab.engine_of_value(key)
        if engine and vocab.is_version(value):
            resolved.put("engine", engine)
            resolved.put("engine_version", value)
            continue
        seed_key = vocab.header_key(key)
        named = vocab.engine_in(value)
        tagged = vocab.engine_tag(value, named) if named else None
        # an image tag or a build folder: `.../sglang:26.05-py3`, `.../llama.cpp-b9536/...`
        if seed_key is None and named and tagged:
            resolved.put("engine", named)
            resolved.put("engine_version", tagged)
            continue
        if seed_key in ("model", "weight_precision", "system", "engine", "node_count"):
            if seed_key == "model" and _WEIGHTS_FILE.search(value):
                value = _WEIGHTS_FILE.sub("", value.rsplit("/", 1)[-1])  # a weights file's path
            if seed_key == "weight_precision" and vocab.precision_in(value) != value:
                # `Weights: unsloth/Qwen3.6-35B-A3B-NVFP4 — MoE`: a checkpoint and its format
                checkpoint = vocab.model_in(value)
                if checkpoint and "/" in checkpoint:
                    resolved.put("model", checkpoint)
            for key_named, setting in _named_only({seed_key: value}).items():
                resolved.put(key_named, setting)
            if seed_key == "model":
                _precision_of_model(resolved, value)


def read_text(resolved: Resolved, text: str, *, local: bool = True) -> None:
    """Free text: what it names unambiguously. A caption or heading (`local`) may name the
    model and precision; an introduction only the engine, system and machine count."""
    found, stated = _text_reading(text, local)
    for key, value in found:
        resolved.put(key, value)
    if stated and resolved.stated_version is None:
        resolved.stated_version = stated


@lru_cache(maxsize=1 << 14)
def _text_reading(text: str, local: bool) -> tuple[tuple[tuple[str, JsonValue], ...], str | None]:
    """What `read_text` puts, in its order, and the version the text states without naming
    what: read once per text (every figure under a heading reads the same heading)."""
    found: list[tuple[str, JsonValue]] = []
    engine = vocab.engine_measured(text)
    if engine:
        found.append(("engine", engine))
        # the whole version as written (`0.1.dev1+g6804e1b81`, not its `0.1`), as setup reads it
        after = re.search(rf"{re.escape(engine)}\s+v?{_VERSION}", text, re.I)
        if after:
            found.append(("engine_version", after.group(1).rstrip(".,;:-")))
    match = _STATED_VERSION.search(text)
    stated = (match.group("a") or match.group("b")) if match else None
    if not local:  # a document's or repository's introduction spans its runs
        found.append(("system", vocab.first_system(text)))
        found.append(("node_count", vocab.count_of(text)))
        return tuple(found), stated
    precision = vocab.PRECISION.search(text)
    if (
        precision
        and not _KV_PRECISION.match(text, precision.end())
        and vocab.sole_precision(text) is not None
    ):
        found.append(("weight_precision", precision.group(0)))
    found.append(("system", vocab.sole_system(text)))
    found.append(("model", vocab.model_in(vocab.without_engines(text))))
    found.append(("node_count", vocab.count_of(text) or vocab.single_machine(text)))
    return tuple(found), stated


def read_own_text(resolved: Resolved, text: str) -> None:
    """A prose figure's own sentence or list item, nearest of all: what it names once (one
    model, one format, one engine not named as a comparison, one machine)."""
    for key, value in _own_reading(text):
        resolved.put(key, value)


@lru_cache(maxsize=1 << 12)
def _own_reading(text: str) -> tuple[tuple[str, JsonValue], ...]:
    found: list[tuple[str, JsonValue]] = []
    models = {m for m in (vocab.model_in(part) for part in _MODEL_PARTS.split(text)) if m}
    if len(models) == 1:
        found.append(("model", next(iter(models))))
    precision = vocab.sole_precision(text)
    after = text.lower().find(precision.lower()) + len(precision) if precision else 0
    if precision and not _KV_PRECISION.match(text, after):
        found.append(("weight_precision", precision))
    found.append(("engine", vocab.engine_measured(text)))
    found.append(("system", vocab.sole_system(text)))
    return tuple(found)


_MODEL_PARTS = re.compile(r"[,;:()]|\s(?:and|vs\.?|versus|than|over)\s", re.I)
"""Where a sentence passes from one model it names to another."""


def seed_conditions(
    raw: Mapping[str, JsonValue],
    *,
    text: str,
    value: float,
    line: int,
    column: str | None,
    context: DocumentContext | None,
    readme: DocumentContext | None,
    setup: Mapping[str, JsonValue] | None = None,
    repository: Mapping[str, JsonValue] | None = None,
    setup_lines: frozenset[int] = frozenset(),
) -> dict[str, JsonValue]:
    """The figure's conditions: seed keys first (in the seed's order), then the raw cells.
    `setup` holds what the document's setup sections state (see `setup_conditions`), and
    `repository` what the README's state: they fill only the keys no nearer context states,
    and a repository-wide system or engine only where the figure's own chain in its
    document names no other (`Strix Halo vs DGX Spark` above a row rules out the README's)."""
    resolved = Resolved()
    table = context.table_cells(line, text) if context is not None else None
    if table is not None:
        _read_table_place(resolved, table, value, context, line, readme)
    else:
        _read_own_place(resolved, raw, column, context, line)
    reading = _line_reading(context, line, setup_lines, readme)
    if context is not None:
        _read_stack(resolved, context, line, readme)
        _read_document(resolved, context, reading)
    for key, setting in (setup or {}).items():
        resolved.put(key, setting)
    _read_repository(resolved, reading, repository or {})
    if resolved.stated_version and "engine" in resolved.values:
        resolved.put("engine_version", resolved.stated_version)
    return _assemble(resolved, raw)


def _read_table_place(
    resolved: Resolved,
    table: TableCells,
    value: float,
    context: DocumentContext | None,
    line: int,
    readme: DocumentContext | None,
) -> None:
    """A table figure: its own column's header (a machine, a weight format), then its row's
    other cells, then a `size format` header's model."""
    own = table.own if table.own is not None else _own_by_value(table.cells, value)
    read_row_first(resolved, table, own, context, line)
    header = table.header[own] if own is not None and own < len(table.header) else None
    if header is not None:
        # the figure's own column naming a machine is nearer than the row's other cells
        _prefer_caption_system(resolved, context, line, header)
        read_column(resolved, header)
    read_row(resolved, table.row, own)
    if table.header and own != 0:  # a corner cell naming the table's benchmark (`Wiki2 PPL`)
        resolved.put("workload", vocab.benchmark_of(table.header[0]))
    if header is not None:
        _column_model(resolved, header, context, line, readme)


def _read_own_place(
    resolved: Resolved,
    raw: Mapping[str, JsonValue],
    column: str | None,
    context: DocumentContext | None,
    line: int,
) -> None:
    """A figure outside a table: the cells it was harvested with, its column, its own
    sentence or list item."""
    read_file_model(resolved, ((k, str(v)) for k, v in raw.items()), context)
    read_cells(resolved, ((k, str(v)) for k, v in raw.items() if v is not None))
    if column:
        read_column(resolved, column)
    if context is not None:
        read_own_text(resolved, context.own_text(line))


def _read_stack(
    resolved: Resolved, context: DocumentContext, line: int, readme: DocumentContext | None
) -> None:
    """The stack a setup table states for the figure's model (`Alt stack | Qwen3.8-27B-NVFP4,
    SGLang, TP=1 on one node`): its engine, machines and weight format, nearer than what the
    document or the repository states for all its runs, where the figure's chain names no
    other (a `### vLLM` heading above the row keeps its own engine)."""
    model = resolved.values.get("model")
    if not isinstance(model, str):
        return
    pairs = [*context.setup_pairs, *(readme.setup_pairs if readme is not None else ())]
    stacks = {stack for stack in _stacks(tuple(pairs)) if _same_model(model, stack[0])}
    if len(stacks) != 1:
        return  # no stack names the model, or two state it differently
    section = _section_text(context, line)
    for key, setting in next(iter(stacks))[1]:
        if _names_no_other(section, key, setting):
            resolved.put(key, setting)


def _section_text(context: DocumentContext, line: int) -> str:
    """The figure's line, the lines above it under its nearest heading, and its headings:
    its chain without the document's opening and setup, which list every stack, and without
    the sibling sections before it (another table's rows name other stacks)."""
    headings = context.heading_path(line)
    start = headings[0][0] if headings else context.section_start(line)
    numbers = [line, *range(start, line)]
    numbers.extend(n for n, _, _ in headings)
    return "\n".join(context.lines[n - 1] for n in numbers if 1 <= n <= len(context.lines))


@lru_cache(maxsize=256)
def _stacks(
    pairs: tuple[tuple[str, str], ...],
) -> tuple[tuple[str, tuple[tuple[str, JsonValue], ...]], ...]:
    """The setup rows that state one model's stack: the model and the engine, machines and
    weight format the row names with it (a row naming no engine and no machines is none)."""
    found = []
    for _, value in pairs:
        model = vocab.model_in(value)
        if model is None:
            continue
        settings: list[tuple[str, JsonValue]] = []
        engine = vocab.engine_measured(value)
        machines = vocab.count_of(value) or vocab.single_machine(value)
        if engine is None and machines is None:
            continue
        precision = vocab.sole_precision(value)
        for key, setting in (
            ("engine", engine),
            ("node_count", machines),
            ("weight_precision", precision),
        ):
            if setting is not None:
                settings.append((key, setting))
        found.append((model, tuple(settings)))
    return tuple(found)


def _same_model(figure: str, stack: str) -> bool:
    """Whether a figure's model is the stack's, written shorter or longer (`Qwen3.8-27B` for
    `Qwen3.8-27B-NVFP4`): one's words all in the other's, their size among them."""
    short, long = sorted((_name_words(figure), _name_words(stack)), key=len)
    return bool(short) and short <= long and any(_SIZE_WORD.match(word) for word in short)


_SIZE_WORD = re.compile(r"^\d+(?:\.\d+)?[bm]$")


def _name_words(name: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9]+(?:\.[0-9]+)*", name.lower()))


def _read_document(resolved: Resolved, context: DocumentContext, reading: _LineReading) -> None:
    """The figure's document, as its line reads it (`_LineReading.context`), then the
    workload its headers state for what the figure's conditions are so far."""
    for key, setting in reading.context:
        resolved.put(key, setting)
    resolved.stated_version = reading.stated_version
    if "workload" not in resolved.values:
        resolved.put("workload", header_workload(context, resolved.values))


def _read_repository(
    resolved: Resolved, reading: _LineReading, repository: Mapping[str, JsonValue]
) -> None:
    """What the repository states for all its documents (the README's title and introduction
    when it is not the figure's own document, then its setup sections), for the keys the
    figure's table does not state row by row and where its chain names no other."""
    for key, setting in reading.readme:
        resolved.put(key, setting)
    engine = repository.get("engine")
    for key, setting in repository.items():
        if (
            key == "engine_version"
            and engine is not None
            and resolved.values.get("engine") != engine
        ):
            continue  # a version is its engine's
        if key not in reading.apart and _names_no_other(reading.chain, key, setting):
            resolved.put(key, setting)


@dataclass(frozen=True)
class _LineReading:
    """What a figure's line and its context state for every figure of the line, read once
    per line (a wide row's figures share it, and each read costs a millisecond)."""

    context: tuple[tuple[str, JsonValue], ...]
    """What the section, caption, headings, setup tables, opening and run settings put, in
    order (a figure's own row and column, read before them, win over them)."""
    stated_version: str | None
    chain: str
    """The text of the figure's chain in its document and of its setup sections."""
    apart: frozenset[str]
    readme: tuple[tuple[str, JsonValue], ...]
    """What the README's opening states that the chain lets apply."""


def _line_reading(
    context: DocumentContext | None,
    line: int,
    setup_lines: frozenset[int],
    readme: DocumentContext | None,
) -> _LineReading:
    if context is None:
        return _read_line(None, line, setup_lines, readme)
    key = ("seed line", line, setup_lines, readme)
    return context.remembered(key, lambda: _read_line(context, line, setup_lines, readme))


def _read_line(
    context: DocumentContext | None,
    line: int,
    setup_lines: frozenset[int],
    readme: DocumentContext | None,
) -> _LineReading:
    # Read into an empty `Resolved`: replayed after the figure's own row, its puts give what
    # putting them one by one would (a key set by the row stays; none of these reads what
    # the row set), and no row sets a stated version.
    resolved = Resolved()
    if context is not None:
        _read_surroundings(resolved, context, line, readme, setup_lines)
    chain = _chain_text(context, line, setup_lines)
    apart = _rows_say_apart(context, line) if context is not None else frozenset()
    return _LineReading(
        tuple(resolved.values.items()),
        resolved.stated_version,
        chain,
        apart,
        _readme_reading(readme, context, chain, apart),
    )


def _read_surroundings(
    resolved: Resolved,
    context: DocumentContext,
    line: int,
    readme: DocumentContext | None,
    setup_lines: frozenset[int],
) -> None:
    """The figure's document, nearest first: its section's `key: value` lines, its caption and
    headings, its setup sections' pairs, its introduction (where the chain names no other),
    and the run settings stated around it."""
    read_key_values(resolved, context.key_values(line))
    read_text(resolved, context.caption(line))
    for _, _, heading in context.heading_path(line):
        read_text(resolved, heading)
    read_key_values(resolved, context.setup_pairs_for(line, setup_lines))
    _read_introduction(resolved, context, line)
    for key, setting in run_settings(context, readme, line).items():
        resolved.put(key, setting)
    for _, _, heading in context.heading_path(line):  # `### MMLU` above its table
        resolved.put("workload", vocab.benchmark_of(heading))


def _read_introduction(resolved: Resolved, context: DocumentContext, line: int) -> None:
    """The document's introduction: what it names where the figure's chain names no other,
    and the version it states without naming what."""
    opening = Resolved()
    read_text(opening, context.intro, local=False)
    for key, setting in opening.values.items():
        if _names_no_other(_chain_text(context, line), key, setting):
            resolved.put(key, setting)
    if opening.stated_version and resolved.stated_version is None:
        resolved.stated_version = opening.stated_version


def _readme_reading(
    readme: DocumentContext | None,
    context: DocumentContext | None,
    chain: str,
    apart: frozenset[str],
) -> tuple[tuple[str, JsonValue], ...]:
    """What the README's title and introduction state, when it is not the figure's own
    document, for the keys its table does not state row by row and its chain names no other."""
    if readme is None or readme is context:
        return ()
    stated = Resolved()
    read_text(stated, f"{readme.title} {readme.intro}", local=False)
    return tuple(
        (key, setting)
        for key, setting in stated.values.items()
        if key not in apart and _names_no_other(chain, key, setting)
    )


def _chain_text(context: DocumentContext | None, line: int, setup_lines: Iterable[int] = ()) -> str:
    """The text of a figure's chain in its own document (`DocumentContext.chain_lines`)
    and of the document's setup sections (`setup_lines`)."""
    if context is None:
        return ""
    lines = context.lines
    numbers = dict.fromkeys([*context.chain_lines(line), *sorted(setup_lines)])
    return "\n".join(lines[n - 1] for n in numbers if n <= len(lines))


def _rows_say_apart(context: DocumentContext, line: int) -> frozenset[str]:
    """The keys the figure's table states row by row where its own row states none: a table
    whose rows name their machine (`DGX Spark (Nemotron REST API)` above `Antigravity
    Native (Flash Swarm)`) says a row naming none ran elsewhere, whatever the README says."""
    own = context.lines[line - 1] if line <= len(context.lines) else ""
    apart: set[str] = set()
    if not vocab.systems_named(own) and context.any_row(line, _names_systems):
        apart.update({"system", "node_count"})
    if not vocab.engines_named(own) and context.any_row(line, _names_engines):
        apart.update({"engine", "engine_version"})
    return frozenset(apart)


def _names_systems(row: str) -> bool:
    return bool(vocab.systems_named(row))


def _names_engines(row: str) -> bool:
    return bool(vocab.engines_named(row))


def _names_no_other(chain: str, key: str, value: JsonValue) -> bool:
    """Whether a repository-wide `value` of `key` may apply to a figure whose chain in its
    document is `chain`: for a system or an engine, the chain names none but that one."""
    if isinstance(value, str | int | float | bool | None):
        return _scalar_names_no_other(chain, key, value)
    return _reads_no_other(chain, key, value)


@lru_cache(maxsize=64)  # few: a chain is a data file's every line above (up to ~1 MB)
def _scalar_names_no_other(chain: str, key: str, value: str | int | float | bool | None) -> bool:
    """`_names_no_other` of a scalar, read once per chain (a row's figures share theirs)."""
    return _reads_no_other(chain, key, value)


def _reads_no_other(chain: str, key: str, value: JsonValue) -> bool:
    if key in ("system", "engine", "engine_version", "node_count") and vocab.names_hosted_model(
        chain
    ):
        return False  # a vendor's API ran it, not the repository's machine or engine
    if key == "system":
        return not vocab.names_other_system(chain, str(value))
    if key == "engine":
        return vocab.engines_named(chain) <= {str(value)}
    return True


def _column_model(
    resolved: Resolved,
    header: str,
    context: DocumentContext | None,
    line: int,
    readme: DocumentContext | None,
) -> None:
    """A `size format` column header (`8B Q4_K_M`): the precision, and the model with the
    family the nearest caption, heading or introduction names."""
    texts = _family_texts(context, line, readme)
    model, precision = column_model(header, texts)
    resolved.put("model", model)
    resolved.put("weight_precision", precision)


def _family_texts(
    context: DocumentContext | None, line: int, readme: DocumentContext | None
) -> tuple[str, ...]:
    """The caption, headings and introductions that may name a column's model family."""
    if context is None:
        return (f"{readme.title} {readme.intro}",) if readme is not None else ()
    return context.remembered(
        ("family texts", line, readme), lambda: _read_family_texts(context, line, readme)
    )


def _read_family_texts(
    context: DocumentContext, line: int, readme: DocumentContext | None
) -> tuple[str, ...]:
    texts = [context.caption(line), *(h for _, _, h in context.heading_path(line))]
    texts.append(context.intro)
    if readme is not None:
        texts.append(f"{readme.title} {readme.intro}")
    return tuple(texts)


_VERSION_AFTER = rf"(?:\s+(?:nightly|version|build|release))?(?:\s*[:=]\s*|\s+)`?v?{_VERSION}"


def setup_conditions(source: SetupSource) -> dict[str, JsonValue]:
    """What a document's setup sections state, agreed key by key (a key stated twice
    differently is left out): their prose and their `key: value` lines and tables."""
    readings: list[dict[str, JsonValue]] = [_setup_reading(text) for text in source.texts]
    for pair in source.pairs:
        resolved = Resolved()
        read_key_values(resolved, [pair])
        readings.append(_named_only(resolved.values))
    found = agreed(readings)
    for text in source.texts:
        for key in _names_several(text):
            found.pop(key, None)  # `the RTX 4090 and the DGX Spark`: the setup names both
    # a version is its engine's: only the readings of the agreed engine state it
    engine = found.get("engine")
    versions = agreed(
        {"engine_version": r.get("engine_version")}
        for r in readings
        if engine is not None and r.get("engine") == engine
    )
    found.pop("engine_version", None)
    if "engine_version" in versions:
        found["engine_version"] = versions["engine_version"]
    return found


@lru_cache(maxsize=1 << 12)
def _names_several(text: str) -> tuple[str, ...]:
    """The keys a setup paragraph names more than one value of (two systems, two engines):
    the setup then states none of them for all its figures."""
    several: list[str] = []
    systems = vocab.mentioned_systems(text)
    if len(systems) > 1 and not agreed({"system": name} for name in systems):
        several.extend(("system", "node_count"))
    if len(vocab.engines_named(text)) > 1:
        several.extend(("engine", "engine_version"))
    return tuple(several)


def _named_only(values: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """A setup line's settings, each as what names it and nothing more: a setting stated for
    every figure must be exactly what it names (`Hardware: NVIDIA DGX Spark (GB10, 128 GB)`
    gives `NVIDIA DGX Spark`; `Engine: vLLM (OpenAI-compatible), NVFP4 weights` gives `vLLM`)."""
    found: dict[str, JsonValue] = {}
    for key, value in values.items():
        text = str(value)
        if key == "engine":
            named: JsonValue = text if text in vocab.ENGINES else vocab.engine_in(text)
        elif key == "system":
            named = vocab.system_in(text)
        elif key == "model":
            named = text if vocab.is_model_value(text) else None
        elif key == "weight_precision":
            named = vocab.precision_in(text)
        else:
            named = value
        if named is not None:
            found[key] = named
    return found


@lru_cache(maxsize=1 << 12)
def _setup_reading(text: str) -> dict[str, JsonValue]:
    """One setup paragraph: the one engine it names (and the version written after it), the
    one system it names and the machines it counts; none where it names a model only its
    vendor serves (`we transitioned to an agent swarm powered by Gemini Flash`)."""
    found: dict[str, JsonValue] = {}
    if vocab.names_hosted_model(text):
        return found
    engine = vocab.engine_measured(text)
    if engine:
        found["engine"] = engine
        after = re.search(rf"{re.escape(engine)}{_VERSION_AFTER}", text, re.I)
        if after:
            found["engine_version"] = after.group(1).rstrip(".,;:-")
    systems = agreed({"system": m.group(0).strip()} for m in vocab.SYSTEM.finditer(text))
    if "system" in systems:
        found["system"] = systems["system"]
        found["node_count"] = vocab.count_of(text)
    return {k: v for k, v in found.items() if v is not None}


def _own_by_value(cells: Sequence[str], value: float) -> int | None:
    for index, cell in enumerate(cells):
        if any(math.isclose(float(n), value, rel_tol=1e-9) for n in cell_numbers(cell)):
            return index
    return None


def _assemble(resolved: Resolved, raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    conditions: dict[str, JsonValue] = {
        key: resolved.values[key] for key in SEED_KEYS if key in resolved.values
    }
    for key in KEPT_KEYS:
        if key in raw:
            conditions[key] = raw[key]
    cells = {k: v for k, v in raw.items() if k not in KEPT_KEYS}
    if cells:
        conditions[SOURCE_CELLS] = cells
    return conditions
