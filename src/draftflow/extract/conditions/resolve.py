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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.chain_names import ChainText, Names, text_names
from draftflow.extract.conditions.columns import column_model, corner_settings, parallel_count
from draftflow.extract.conditions.command import command_conditions
from draftflow.extract.conditions.context import DocumentContext, RowCells, TableCells
from draftflow.extract.conditions.file_name import file_name_conditions
from draftflow.extract.conditions.measurement import (
    counted_cells,
    figure_measurement,
    names_one_run,
    numbers_its_run,
    repetitions_in_cells,
)
from draftflow.extract.conditions.name_reading import noted_system
from draftflow.extract.conditions.named_models import sole_model, subject
from draftflow.extract.conditions.opening_machine import opening_chip
from draftflow.extract.conditions.own_clause import ClauseReading, own_clause_conditions
from draftflow.extract.conditions.readers import (
    DEVICE_KEYS,
    ENGINE_KEYS,
    KEPT_KEYS,
    SEED_KEYS,
    SOURCE_CELLS,
    Resolved,
    precision_of_other_model,
    prefer_caption_system,
    read_cells,
    read_column,
    read_file_model,
    read_key_values,
    read_own_text,
    read_row,
    read_row_first,
    read_text,
)
from draftflow.extract.conditions.run_parameters import (
    DATED,
    figure_date,
    figure_parameters,
    line_cells_parameters,
    parameters_in_cells,
)
from draftflow.extract.conditions.run_settings import settings_in_text
from draftflow.extract.conditions.runners import (
    is_runner_header,
    joins_runners,
    lists_runners,
    names_runner,
    opening_lists_runners,
)
from draftflow.extract.conditions.stacks import same_model, section_text, stacks
from draftflow.extract.conditions.workload import header_workload, run_settings
from draftflow.extract.document.lines import PAIR_CELLS, split_pipes
from draftflow.extract.numeric import cell_numbers
from draftflow.text.sentences import sentence_spans


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
    clause: ClauseReading | None = None
    table = context.table_cells(line, text) if context is not None else None
    if table is not None:
        _read_table_place(resolved, table, value, context, line, readme)
    else:
        clause = _read_own_place(resolved, raw, column, context, line, text)
    if context is not None and _runs_hosted(context, line):
        resolved.closed = _MACHINE_KEYS  # what farther context states is the local machine's
        hosted = _hosted_model(context)
        if hosted is not None:
            resolved.put("model", hosted[1])  # the `| Model |` row every key of it names
    reading = _line_reading(context, line, setup_lines, readme)
    if context is not None:
        _read_stack(resolved, context, line, readme)
        _read_document(resolved, context, reading)
        for key, setting in file_name_conditions(context.document.path):
            resolved.put(key, setting)
    _read_setup(resolved, setup or {})
    _read_repository(resolved, reading, repository or {})
    if resolved.stated_version and "engine" in resolved.values:
        resolved.put("engine_version", resolved.stated_version)
    if clause is not None and not clause.admits(resolved.values.get("model")):
        resolved.values.pop("model", None)  # `a 26B MoE at 108 tok/s` under a gemma-4-31B heading
    if table is not None and _parallel_cards(resolved, table):
        resolved.values.pop("node_count", None)
    if context is not None and _runs_another_runtime(context, line, resolved.values):
        for key in ENGINE_KEYS:
            resolved.values.pop(key, None)
    parameters = _run_settings(raw, table, context, line, setup_lines, readme)
    measured = _measurement(raw, table, (context, line, value), setup_lines, readme)
    return _assemble(resolved, raw, {**parameters, **measured})


def _read_setup(resolved: Resolved, setup: Mapping[str, JsonValue]) -> None:
    """What the document's setup sections state for all its figures, for the keys no nearer
    context stated; not the precision of the setup's model's name for another model's figure."""
    other = precision_of_other_model(resolved.values, setup)
    for key, setting in setup.items():
        if not (other and key == "weight_precision"):
            resolved.put(key, setting)


def _runs_another_runtime(
    context: DocumentContext, line: int, values: Mapping[str, JsonValue]
) -> bool:
    """Whether the figure's own line, caption or headings name a runtime that is no engine
    (`### Llama 3.2 3B (HuggingFace format on Intel CPU)`) and not the engine found for it:
    an engine a setup lists among installed packages (`- **OpenVINO**: 2025.2.0`) is not what
    ran a run that names its own (morteza89/llm-format-benchmarker)."""
    engine = values.get("engine")
    if not isinstance(engine, str):
        return False
    local = context.remembered(("own runtime text", line), lambda: _local_text(context, line))
    if not vocab.OTHER_RUNTIME.search(local):
        return False
    named = vocab.engines_named(local)
    return engine not in named and engine.lower() not in local.lower()  # `| TensorFlow |`


def _local_text(context: DocumentContext, line: int) -> str:
    """A figure's own line, its caption and its headings, joined."""
    own = context.lines[line - 1] if 1 <= line <= len(context.lines) else ""
    headings = [heading for _, _, heading in context.heading_path(line)]
    return "\n".join([own, context.caption(line), *headings])


def _run_settings(
    raw: Mapping[str, JsonValue],
    table: TableCells | None,
    context: DocumentContext | None,
    line: int,
    setup_lines: frozenset[int],
    readme: DocumentContext | None,
) -> dict[str, JsonValue]:
    """The run settings the figure's own cells (its row's other cells, or its raw cells) and
    context state under their names, and its experiment date."""
    own_cells: list[tuple[str, str]] | dict[str, set[JsonValue]]
    if table is not None:
        own_cells = _row_parameters(table, context, line)
    else:
        own_cells = [(k, str(v)) for k, v in raw.items() if isinstance(v, str | int | float)]
        if context is not None:
            own_cells = line_cells_parameters(own_cells, context, line)
    parameters = figure_parameters(own_cells, context, line, setup_lines, readme)
    dated = figure_date(context, line) if context is not None else None
    return parameters if dated is None else {**parameters, DATED: dated}


def _measurement(
    raw: Mapping[str, JsonValue],
    table: TableCells | None,
    figure: tuple[DocumentContext | None, int, float],
    setup_lines: frozenset[int],
    readme: DocumentContext | None,
) -> dict[str, int | str]:
    """The figure's repetitions and denominator (`measurement.figure_measurement`): its row's
    other cells and its own column's header (none where its cell's text stands in another
    cell too), or its raw cells and its line's key holding its value."""
    context, line, value = figure
    if table is None:
        cells = [(k, str(v)) for k, v in raw.items() if isinstance(v, str | int | float)]
        counts = repetitions_in_cells(cells)
        single = numbers_its_run(cells)
        return figure_measurement(
            counts, None, None, value, context, line, setup_lines, readme, single=single
        )
    row = _row_reading(table.row)
    counts = frozenset(count for place, count in row.counted if place != table.own)
    own = table.own if table.own is not None and table.own < len(table.header) else None
    alone = own is not None and row.texts[table.cells[own]] == 1
    header = table.header[own] if own is not None and alone else None
    label = table.cells[0] if table.cells and own != 0 else None
    own_header = table.header[own] if own is not None else None
    single = row.one_run or names_one_run((own_header, label))
    return figure_measurement(
        counts, header, label, value, context, line, setup_lines, readme, single=single
    )


@dataclass(frozen=True)
class _RowReading:
    """What a table row's figures read of their row alike, read once for the row (a
    10,000-column row's figures each scanned it whole: quadratic in its width)."""

    counted: tuple[tuple[int, int], ...]
    """`(column, count)` of each cell under a header naming a repetition count."""
    texts: Counter[str]
    """How many of the row's cells hold each text."""
    one_run: bool
    """Whether the row numbers its run (`measurement.numbers_its_run`)."""


@lru_cache(maxsize=256)
def _row_reading(row: RowCells) -> _RowReading:
    """Read once per row, as `readers._row_puts` is (not in the context's few recent line
    memos, which a row's every figure's other readings fill)."""
    cells = tuple(zip(row.header, row.cells, strict=False))
    return _RowReading(counted_cells(cells), Counter(row.cells), numbers_its_run(cells))


def _row_parameters(
    table: TableCells, context: DocumentContext | None, line: int
) -> list[tuple[str, str]] | dict[str, set[JsonValue]]:
    """The run parameters a row's cells state besides the figure's own: read once per row
    where the figure's own cell names none (a 10,000-column row's figures each read the
    whole row otherwise), else the row's other cells."""
    width = min(len(table.header), len(table.cells))
    index = table.own if table.own is not None and table.own < width else None
    own = [] if index is None else [(table.header[index], table.cells[index])]
    if context is None or parameters_in_cells(own):
        pairs = zip(table.header, table.cells, strict=False)
        return [pair for i, pair in enumerate(pairs) if i != table.own]
    return context.remembered(
        ("row parameters", line),
        lambda: parameters_in_cells(zip(table.header, table.cells, strict=False)),
    )


_MACHINE_KEYS = DEVICE_KEYS | ENGINE_KEYS


def _hosted_model(context: DocumentContext) -> tuple[int, str] | None:
    """The hosted model the figure's document runs (`hosted_document_model`), read once per
    document: a cache keyed on the document's every line held 256 documents' lines alive."""
    found: tuple[tuple[int, str] | None] = context.kept(
        ("hosted document",), lambda: (vocab.hosted_document_model(context.lines),)
    )
    return found[0]


def _runs_hosted(context: DocumentContext, line: int) -> bool:
    """Whether a figure's own line, caption or headings name a model only its vendor serves
    (`### Bench H — Gemini 2.5 Flash ladder (10 sequential via Bifrost)`): the document's setup
    (`Machine | Apple M4 Max`, `vllm-mlx`) describes the local runs, not this one; or its
    document's every `model` key names one (`| Model | `opencode/x-preview-f-free` |`)."""
    return _hosted_model(context) is not None or context.remembered(
        ("runs hosted", line),
        lambda: vocab.names_hosted_model(
            "\n".join(
                [
                    context.lines[line - 1] if line <= len(context.lines) else "",
                    context.caption(line),
                    *(heading for _, _, heading in context.heading_path(line)),
                ]
            )
        ),
    )


_CPU_ROW = re.compile(r"\(\s*CPU\b[^)]*\)|\bCPU[- ]only\b|\bon\s+(?:the\s+)?CPU\b", re.IGNORECASE)
"""A row that says it ran on the CPU (`llama-bench TinyLlama Q4 (CPU)`, `CPU-only`)."""


def _cpu_row_under_a_card(table: TableCells, header: str) -> bool:
    """Whether a row says it ran on the CPU while the figure's column names a GPU card
    (`| llama-bench … (CPU) | 410 / 27 t/s |` under `RTX 5070 Ti`: the author's machine's
    column, not the device that ran the row): no machine is stated for it, so none is put."""
    first = table.cells[0] if table.cells else ""
    system = vocab.system_of_header(header)
    return bool(system and vocab.is_card(system) and _CPU_ROW.search(first))


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
    if own is not None and own < len(table.cells):
        # the figure's own cell, nearest of all: `~122–187 tok/s aggregate at concurrency 4`
        for key, setting in settings_in_text(table.cells[own]).single().items():
            resolved.put(key, setting)
        resolved.put("system", noted_system(table.cells[own]))
    read_row_first(resolved, table, own, context, line)
    header = table.header[own] if own is not None and own < len(table.header) else None
    if header is not None:
        _read_own_column(resolved, table, own, header, context, line)
    _read_row_and_runner(resolved, table, own, context, line)
    if table.header and own != 0:
        _read_corner(resolved, table.header[0], header)
    if context is not None and own == 1 and len(table.cells) == PAIR_CELLS:
        resolved.put("workload", _suite_key(context.lines[line - 1], table.cells[0]))
    if header is not None:
        _column_model(resolved, header, context, line, readme)
    if "engine" not in resolved.values and _engine_of_other_column(table, own, context):
        resolved.closed = resolved.closed | ENGINE_KEYS


def _read_own_column(
    resolved: Resolved,
    table: TableCells,
    own: int | None,
    header: str,
    context: DocumentContext | None,
    line: int,
) -> None:
    """The figure's own column's header: the machine or format it names, nearer than the
    row's other cells; no machine where the column names none beside columns that do."""
    if _cpu_row_under_a_card(table, header):
        resolved.closed = resolved.closed | DEVICE_KEYS
    prefer_caption_system(resolved, context, line, header)
    read_column(resolved, header)
    if "system" not in resolved.values and _columns_say_apart(table.header, own):
        resolved.closed = resolved.closed | DEVICE_KEYS


def _read_corner(resolved: Resolved, corner: str, header: str | None) -> None:
    """A corner cell naming the table's benchmark (`Wiki2 PPL`) and the settings it states
    for every row (`TTFT p50, concurrency 1`)."""
    resolved.put("workload", vocab.benchmark_of(corner))
    if header is not None:
        for key, setting in corner_settings(corner, header):
            resolved.put(key, setting)
    for key, setting in settings_in_text(corner).single().items():
        resolved.put(key, setting)


def _read_row_and_runner(
    resolved: Resolved,
    table: TableCells,
    own: int | None,
    context: DocumentContext | None,
    line: int,
) -> None:
    """The row's other cells, where its runner cell (`_row_runner`) says what ran it: a row
    whose runner names no engine takes none from farther (`FlexGen` is not the document's
    vLLM), nor one joining an engine with another runner (`TensorRT + MLX`) that engine."""
    runner = _row_runner(table, own, context, line)
    if runner is not None and joins_runners(runner):
        resolved.closed = resolved.closed | ENGINE_KEYS
    read_row(resolved, table.row, own)
    if runner is not None and "engine" not in resolved.values:
        resolved.closed = resolved.closed | ENGINE_KEYS


def _row_runner(
    table: TableCells, own: int | None, context: DocumentContext | None, line: int
) -> str | None:
    """The cell naming what ran the figure's row, under a runner column that lists runners
    (`runners.py`), or None."""
    if context is None:
        return None
    header = table.header
    columns = context.kept(  # once per table: its rows share one header tuple
        ("runner columns", id(header)), lambda: _runner_columns(header, context, line)
    )
    for column in sorted(columns - {own}):
        if column < len(table.cells) and names_runner(table.cells[column]):
            return table.cells[column]
    return None


def _runner_columns(header: tuple[str, ...], context: DocumentContext, line: int) -> frozenset[int]:
    return frozenset(
        column
        for column, name in enumerate(header)
        if is_runner_header(name) and lists_runners(context.column_cells(line, column))
    )


def _engine_of_other_column(
    table: TableCells, own: int | None, context: DocumentContext | None
) -> bool:
    """Whether another measured column of the figure's table names an engine, where its own
    row and column name none: the table gives each engine its column (`| | GGML (llama.cpp) |
    MLX-CPU (EXO) |`), so the engine its section's prose names is the other column's, not
    this figure's (sagasusa/exo-cluster-research's 83 tok/s under `MLX-CPU (EXO)` was given
    the llama.cpp of the paragraph above the table)."""
    header = table.header
    if context is None:
        columns = _engine_columns(header)
    else:
        # read once per table (its rows share one header tuple): a 10,000-column table's
        # every figure asking anew took 25 of 45 CPU s at 4,000 columns
        columns = context.remembered(
            ("engine columns", id(header)), lambda: _engine_columns(header)
        )
    return bool(columns - {own, 0})


def _engine_columns(header: tuple[str, ...]) -> frozenset[int]:
    """The measured columns (no setting or identity header) whose header names an engine."""
    return frozenset(
        index
        for index, name in enumerate(header)
        if vocab.header_key(name) is None and vocab.engine_in(name) is not None
    )


_SUITE_CELL = re.compile(r"`[^`|]+`(?:\s*(?:[+&,/]|and)\s*`[^`|]+`)*")
"""A key cell written as code names only (`` `core16` + `hard12` ``, `` `agentic` ``)."""


def _parallel_cards(resolved: Resolved, table: TableCells) -> bool:
    """Whether the machine count is the row's parallel degree over cards in one machine
    (`TP=2` beside `RTX 3090`): a tensor-parallel run over two cards of one host is one node
    (er0080/vllm-benchmarking, read31-s21), where over two DGX Sparks it is two; and `TP=1`
    is one card of the host, which states no node count (read31-s22)."""
    count = resolved.values.get("node_count")
    system = resolved.values.get("system")
    if not isinstance(count, int) or count < 1 or not isinstance(system, str):
        return False
    return vocab.is_card(system) and any(parallel_count(cell) == count for cell in table.cells)


def _suite_key(row: str, key: str) -> str | None:
    """The suite a `key | value` row's key cell names in code (`` | `agentic-hard` | agent
    score 54.6 | ``): what its value was measured on; not a key naming a setting or metric."""
    cells = split_pipes(row)
    if len(cells) != PAIR_CELLS or not _SUITE_CELL.fullmatch(cells[0].strip()):
        return None
    if vocab.header_key(key) is not None or vocab.engine_in(key) or vocab.system_in(key):
        return None
    return key.strip() or None


def _read_own_place(
    resolved: Resolved,
    raw: Mapping[str, JsonValue],
    column: str | None,
    context: DocumentContext | None,
    line: int,
    text: str,
) -> ClauseReading | None:
    """A figure outside a table: the cells it was harvested with, its column, its own
    clause, then its sentence or list item (`own_clause.py`); what its clause reads, where it
    says which farther models may be the figure's (None: any)."""
    read_file_model(resolved, ((k, str(v)) for k, v in raw.items()), context)
    read_cells(resolved, ((k, str(v)) for k, v in raw.items() if v is not None))
    if column:
        read_column(resolved, column)
    if context is None:
        return None
    block, paragraph = context.own_block(line), context.own_text(line)
    clause = own_clause_conditions(block, line, text, paragraph) if block is not None else None
    if clause is None:
        read_own_text(resolved, paragraph)
        return None
    nearer = "model" in resolved.values  # its row's cells named it
    for key, setting in clause.pairs:
        resolved.put(key, setting)
    resolved.closed = resolved.closed | clause.closed
    return None if nearer else clause


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
    found = {stack for stack in stacks(tuple(pairs)) if same_model(model, stack[0])}
    if len(found) != 1:
        return  # no stack names the model, or two state it differently
    section = section_text(context, line)
    for key, setting in next(iter(found))[1]:
        if _names_no_other(section, key, setting):
            resolved.put(key, setting)


def _read_document(resolved: Resolved, context: DocumentContext, reading: _LineReading) -> None:
    """The figure's document, as its line reads it (`_LineReading.context`), then the
    workload its headers state for what the figure's conditions are so far."""
    stated = dict(reading.context).get("engine")
    other = stated is not None and resolved.values.get("engine") not in (None, stated)
    for key, setting in reading.context:
        if not (other and key == "engine_version"):  # a version is its engine's only
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
    other = precision_of_other_model(resolved.values, repository)
    for key, setting in repository.items():
        if other and key == "weight_precision":
            continue  # the precision of the README's model's name, not this figure's model's
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
    chain: ChainText | None
    """The figure's chain in its document and its setup sections (None without a document)."""
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
    chain = ChainText(context, line, setup_lines) if context is not None else None
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
    and the run settings stated around it; first the command its code block opens with."""
    for key, setting in command_conditions(context, line):
        resolved.put(key, setting)
    read_key_values(resolved, context.key_values(line))
    read_text(resolved, context.caption(line))
    for _, _, heading in context.heading_path(line):
        if (pair := _heading_pair(heading)) is not None:
            read_key_values(resolved, [pair])  # `## Model: LLAMA 3.2 (2.0GB)`
        read_text(resolved, heading)
    _read_section_model(resolved, context, line)
    _read_section_machines(resolved, context, line)
    _read_setup_pairs(resolved, context, line, setup_lines)
    _read_introduction(resolved, context, line)
    for key, setting in run_settings(context, readme, line).items():
        resolved.put(key, setting)
    for _, _, heading in context.heading_path(line):  # `### MMLU` above its table
        resolved.put("workload", vocab.benchmark_of(heading))


_HEADING_PAIR = re.compile(r"^\W*(?P<key>[A-Za-z][\w ]{0,20}?)\s*:\s*(?P<value>\S.*)$")


def _heading_pair(heading: str) -> tuple[str, str] | None:
    """A heading written as a `key: value` line (`## Model: LLAMA 3.2 (2.0GB)`)."""
    match = _HEADING_PAIR.match(heading)
    return (match["key"], match["value"]) if match else None


def _read_setup_pairs(
    resolved: Resolved, context: DocumentContext, line: int, setup_lines: frozenset[int]
) -> None:
    """The two-column setup rows that describe the figure's run; not the engine one names
    where the document's opening compares engines (`MLX (native) vs llama.cpp (GGUF)`): its
    `| MLX | 0.30.4+ |` row lists an installed package, not what ran each figure."""
    stated = Resolved(dict(resolved.values), resolved.closed, resolved.stated_version)
    read_key_values(stated, context.setup_pairs_for(line, setup_lines))
    compares = "engine" not in resolved.values and context.kept(
        "opening compares engines",
        lambda: len(vocab.engines_named(f"{context.title} {context.intro}")) > 1,
    )
    for key, setting in stated.values.items():
        if not (compares and key in ENGINE_KEYS):
            resolved.values[key] = setting  # as `read_key_values` put it
    resolved.stated_version = stated.stated_version


def _read_section_model(resolved: Resolved, context: DocumentContext, line: int) -> None:
    """The model the nearest section introduction above the figure names, with the weight
    format it states for it (`I only tested against his gpt-oss-120b tests (this is the
    ggml-org one, so Q8/MXFP4)` above a `### Vulkan AMDVLK` table); an introduction that names
    two models gives none, nor does any farther one, nor the document's introduction (its
    title's section, read by `_read_introduction` for its engine and system only: JoshCork's
    opening Llama 3.1 8B is not the model of a GenAI cell). Only a table's figures: a prose
    figure's own clause says which model is its (`own_clause.py`)."""
    if context.own_text(line):
        return
    headings = context.headings()
    for number, level, _ in context.heading_path(line):
        if level == 1 or number == headings[0][0]:
            return  # the document's introduction names what the document is about, not a run
        intro = context.section_intro(number, before=line)
        names = subject(intro).names if intro else frozenset()
        if not names:
            continue
        model = sole_model(vocab.without_engines(intro))
        if model is not None and len(names) == 1:
            resolved.put("model", model)
            resolved.put("weight_precision", vocab.sole_precision(intro))
        return


_MACHINE_OF_SECTION = ("system", "engine")


def _read_section_machines(resolved: Resolved, context: DocumentContext, line: int) -> None:
    """The machine and engine the introductions of the sections holding the figure state for
    all their runs, nearest first (`## Benchmarks` / `Running on an A100 80G SXM` above a
    `### SD1.5` table: fal-ai/stable-diffusion-benchmarks, read31-s24), where the figure's
    chain names no other; the document's own introduction is `_read_introduction`'s."""
    headings = context.headings()
    chain = ChainText(context, line)
    path = context.heading_path(line)
    if context.table_cells(line, "") is None:
        path = path[1:]  # a prose figure's own section holds it: its own clause speaks for it
    for number, level, _ in path:
        if level == 1 or number == headings[0][0]:
            return
        intro = context.section_intro(number, before=line)
        if not intro:
            continue
        stated = Resolved()
        read_text(stated, intro, local=False)
        for key in _MACHINE_OF_SECTION:
            setting = stated.values.get(key)
            if setting is not None and _names_no_other(chain, key, setting):
                resolved.put(key, setting)


def _read_introduction(resolved: Resolved, context: DocumentContext, line: int) -> None:
    """The document's introduction: what it names where the figure's chain names no other,
    and the version it states without naming what."""
    opening = Resolved()
    read_text(opening, context.intro, local=False)
    engine = opening.values.get("engine")
    chain = ChainText(context, line)
    several = opening_lists_runners(context.opening_columns)
    for key, setting in opening.values.items():
        if key in ENGINE_KEYS and (several or not _opening_states_engine(context, engine)):
            continue
        counted = opening.values.get("system")
        if key == "node_count" and counted and not _names_no_other(chain, "system", counted):
            continue  # `4 x Mac Mini M4 Pro` counts Macs, not the Raspberry Pis of this table
        if _names_no_other(chain, key, setting):
            resolved.put(key, setting)
    if opening.stated_version and resolved.stated_version is None:
        resolved.stated_version = opening.stated_version
    model = document_model(context.intro)
    if model is not None and _names_no_other(chain, "model", model):
        resolved.put("model", model)
    if "system" not in opening.values:
        chip = _opening_chip(context)
        if chip is not None and _names_no_other(chain, "system", chip):
            resolved.put("system", chip)


def _opening_chip(context: DocumentContext) -> str | None:
    """The chip a document's opening names as its subject, restated (`opening_chip`), read
    once per document: kept, not in the few recent line memos, which a line's figures fill
    (each of 10,000 one-cell tables read it anew, listing the document's every heading), and
    wrapped, since a memo asks again for an answer of None (most documents name no chip)."""
    found: tuple[tuple[str, int] | None] = context.kept(
        ("opening chip",), lambda: (opening_chip(context.document),)
    )
    return found[0][0] if found[0] is not None else None


_EVERY_FIGURE = re.compile(
    r"\b(?:every|each|all(?:\s+the)?)\s+(?:\w+\s+)?(?:numbers?|figures?|results?|measurements?|"
    r"benchmarks?|runs?|tests?)\b(?:\s+\w+){0,3}?\s+(?:comes?|came|are|were|is|was|used?|ran|"
    r"run|measured|taken|obtained)\b",
    re.IGNORECASE,
)
"""An opening's sentence that speaks for every figure of its document (`Every number here
comes from a real sweep on this framework: Qwen3.5-9B at …`)."""


@lru_cache(maxsize=1 << 10)
def document_model(intro: str) -> str | None:
    """The one model an opening's sentence names for every figure of its document
    (er0080/vllm-benchmarking docs/tuning-playbook.md:9, read31-s23 §6); None where no sentence
    speaks for every figure or one names two models. An opening that only names a model is
    what the document is about, not the model of each of its runs (`_read_section_model`)."""
    for start, end in sentence_spans(intro):
        sentence = intro[start:end]
        if _EVERY_FIGURE.search(sentence):
            return sole_model(vocab.without_engines(sentence))
    return None


def _readme_reading(
    readme: DocumentContext | None,
    context: DocumentContext | None,
    chain: ChainText | None,
    apart: frozenset[str],
) -> tuple[tuple[str, JsonValue], ...]:
    """What the README's title and introduction state, when it is not the figure's own
    document, for the keys its table does not state row by row and its chain names no other."""
    if readme is None or readme is context:
        return ()
    stated = Resolved()
    read_text(stated, f"{readme.title} {readme.intro}", local=False)
    stated.put("system", _opening_chip(readme))  # where the opening names no system's name
    engine = stated.values.get("engine")
    counted = stated.values.get("system")
    return tuple(
        (key, setting)
        for key, setting in stated.values.items()
        if key not in apart
        and _names_no_other(chain, key, setting)
        and not (key == "node_count" and counted and not _names_no_other(chain, "system", counted))
        and not (
            key in ENGINE_KEYS
            and (
                opening_lists_runners(readme.opening_columns)
                or (context is not None and _sections_name_other_engine(context, engine))
                or not _opening_states_engine(readme, engine)
            )
        )
    )


def _opening_states_engine(context: DocumentContext, engine: JsonValue) -> bool:
    """Whether a document's opening states `engine` for all its runs: in its title or its
    sentences, not only in one row of a table listing several tools (`| **llama.cpp**
    llama-bench | ... |` beside `| **Polygraphy** | ... |`), and no heading names another."""
    if engine is None:
        return True
    return not _sections_name_other_engine(context, engine) and context.kept(
        ("opening engine", engine),
        lambda: vocab.engine_measured(f"{context.title} {context.intro_prose}") == engine,
    )


def _sections_name_other_engine(context: DocumentContext, engine: JsonValue) -> bool:
    """Whether a document's headings name an engine other than an opening's `engine`: its
    `## Ornith-1.0-35B MoE (llama.cpp)` section is not measured by the vLLM its opening
    names (`vLLM speeds use enforce-eager`), whatever the chain of a figure names."""
    return context.remembered(
        ("heading engines", engine),
        lambda: any(
            vocab.engines_named(heading) - {engine} for _, _, heading in context.headings()
        ),
    )


def _columns_say_apart(header: tuple[str, ...], own: int | None) -> bool:
    """Whether a table's columns name their machines and the figure's own names none: its
    `x86 i5-1235U` column beside `Pixel 6a ARM` ran on another machine than the opening's
    Pixel 6a, whichever the vocabulary does not know (KrisDcosta/edge-llm-bench)."""
    if own is None or own >= len(header) or vocab.systems_named(header[own]):
        return False
    return any(vocab.systems_named(cell) for index, cell in enumerate(header) if index != own)


def _rows_say_apart(context: DocumentContext, line: int) -> frozenset[str]:
    """The keys the figure's table states row by row where its own row states none: a table
    whose rows name their machine (`DGX Spark (Nemotron REST API)` above `Antigravity
    Native (Flash Swarm)`) says a row naming none ran elsewhere, whatever the README says."""
    own = context.lines[line - 1] if line <= len(context.lines) else ""
    apart: set[str] = set()
    if not vocab.systems_named(own) and context.any_row(line, _names_systems):
        apart.update({"system", "node_count"})
    if not vocab.engines_named(own) and context.any_row(line, _names_engines):
        apart.update(ENGINE_KEYS)
    return frozenset(apart)


def _names_systems(row: str) -> bool:
    return bool(vocab.systems_named(row))


def _names_engines(row: str) -> bool:
    return bool(vocab.engines_named(row))


def _names_no_other(chain: ChainText | str | None, key: str, value: JsonValue) -> bool:
    """Whether a repository-wide `value` of `key` may apply to a figure whose chain in its
    document is `chain` (its text, or None for none): for a system or an engine, the chain
    names none but that one."""
    if isinstance(chain, ChainText):
        return _names_allow(lambda: chain.names, key, value)
    text = chain or ""
    if isinstance(value, str | int | float | bool | None):
        return _scalar_names_no_other(text, key, value)
    return _names_allow(lambda: text_names(text), key, value)


@lru_cache(maxsize=64)  # few: a section's text may be long
def _scalar_names_no_other(chain: str, key: str, value: str | int | float | bool | None) -> bool:
    """`_names_no_other` of a scalar in a text, read once per text (a row's figures share
    theirs)."""
    return _names_allow(lambda: text_names(chain), key, value)


def _names_allow(names: Callable[[], Names], key: str, value: JsonValue) -> bool:
    """Whether what a chain names (`names`, read only for the keys that ask) lets `value` of
    `key` apply."""
    if key not in ("system", "engine", "engine_version", "node_count"):
        return True
    named = names()
    if named.hosted:
        return False  # a vendor's API ran it, not the repository's machine or engine
    if key == "system":
        return not vocab.other_system_among(named.systems, str(value))
    if key == "engine":
        return named.engines <= {str(value)}
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


def _own_by_value(cells: Sequence[str], value: float) -> int | None:
    for index, cell in enumerate(cells):
        if any(math.isclose(float(n), value, rel_tol=1e-9) for n in cell_numbers(cell)):
            return index
    return None


def _assemble(
    resolved: Resolved, raw: Mapping[str, JsonValue], parameters: Mapping[str, JsonValue]
) -> dict[str, JsonValue]:
    conditions: dict[str, JsonValue] = {
        key: resolved.values[key] for key in SEED_KEYS if key in resolved.values
    }
    for key, value in parameters.items():
        conditions.setdefault(key, value)  # a count the row's own cell states stays its own
    for key in KEPT_KEYS:
        if key in raw:
            conditions[key] = raw[key]
    cells = {k: v for k, v in raw.items() if k not in KEPT_KEYS}
    if cells:
        conditions[SOURCE_CELLS] = cells
    return conditions
