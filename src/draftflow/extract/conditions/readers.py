"""The readers of one context each: a table row's cells, a column header, `key: value`
lines, a sentence. Each puts what it states into `Resolved`, where the first (nearest)
context to state a key wins; `resolve.py` calls them nearest first."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.columns import (
    bench_model,
    bench_test_lengths,
    count_in_system_cell,
    load_of_header,
    model_of_weights_file,
    split_weights_name,
    topology_count,
)
from draftflow.extract.conditions.context import DocumentContext, RowCells, TableCells
from draftflow.extract.conditions.machine_chip import machine_with_chip
from draftflow.extract.conditions.named_models import sole_model
from draftflow.extract.conditions.not_a_model import (
    is_format_only,
    is_local_weights_path,
    names_no_model,
)
from draftflow.extract.conditions.run_settings import settings_in_text
from draftflow.extract.document.elements import is_non_value
from draftflow.extract.numeric import cell_numbers
from draftflow.numbers import find_numbers
from draftflow.numbers.names import names_something
from draftflow.numbers.units import MEASURED_UNITS, unit_after

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
    "max_output_tokens",
    "context_tokens",
    "workload",
)
INT_KEYS = frozenset(
    {
        "node_count",
        "concurrency",
        "input_tokens",
        "output_tokens",
        "max_output_tokens",
        "context_tokens",
    }
)
IDENTITY_KEYS = frozenset({"model", "model_artifact", "engine"})
ENGINE_KEYS = frozenset({"engine", "engine_version"})
"""What ran a figure: its engine and that engine's version."""
DEVICE_KEYS = frozenset({"system", "node_count"})
"""What it ran on: the machine and how many of them."""
"""Keys whose value is a name: a value without one (a date, a score, a count) is not put."""
SOURCE_CELLS = "source_cells"
"""The figure's row as its source writes it (`header: cell`), kept for evidence."""
KEPT_KEYS = frozenset({"per_run_values", "attribution", "status"})
_STATED_VERSION = re.compile(
    r"\b(?:tested on|version)\s+v?(?P<a>\d+\.\d+(?:\.\d+)*)"
    r"|\bv?(?P<b>\d+\.\d+(?:\.\d+)*)\s+version\b",
    re.I,
)
_OWNER_BEFORE = re.compile(r"([A-Za-z][\w.+-]*)[\s:]*$")
"""The word right before a stated `version`: the thing whose version it is, when it names one."""
_NO_OWNER = frozenset(
    {
        "a", "an", "the", "this", "that", "its", "our", "same", "latest", "current", "new",
        "with", "on", "at", "in", "of", "and", "using", "engine", "server", "runtime",
        "inference", "build", "release", "software",
    }
)  # fmt: skip
"""Words before `version` that name no other thing (`tested with version 0.9.2`, `the server
version 0.9.2`): the version stated is the engine's."""


def _stated_version(text: str) -> str | None:
    """The version a text states without naming the engine (`tested on 0.9.2`, `version
    0.9.2`); none where the words before it name another thing (`Torch version 2.10.0 has not
    been tested with coremltools`, `CUDA version 12.4`: a library's, not the engine's)."""
    match = _STATED_VERSION.search(text)
    if match is None:
        return None
    if match.group("a") and match.group(0)[:1].lower() == "v":  # `... version 2.10.0`
        owner = _OWNER_BEFORE.search(text, 0, match.start())
        if owner is not None and owner.group(1).lower() not in _NO_OWNER:
            return None
    return match.group("a") or match.group("b")


VERSION = r"(\d+(?:\.\d+)+(?![BbMm](?![\w.]))[\w.+-]*|b\d{3,5})"
"""A version as written after an engine's name: its numbers and any suffix (`-cu130`,
`.dev1+g6804e1b81`); a llama.cpp build (`b6100`); not a model's size (`vLLM  0.6B` in a
table's row is the engine and its model's parameter count)."""
_WEIGHTS_FILE = re.compile(r"\.(?:gguf|safetensors|bin|pt|pth|onnx)$", re.I)
_DIGITS = re.compile(r"\d+")
_TRUNCATED = re.compile(r"(?:\.\.\.|…)\s*$")
_VERSION_NAMED = r"(?:\s+version\s*[:=]?\s*|\s+)"
"""What stands between an engine's name and its version: a space, or ` version: `."""
_VERSION_KEY = re.compile(r"[\s_-]+version$", re.I)
_FUTURE_STEP = re.compile(
    r"\b(?:later|in\s+the\s+future|future\s+(?:work|step)s?|next\s+steps?|to\s?do|planned"
    r"|upcoming|roadmap|not\s+yet)\b",
    re.I,
)
"""A heading or caption about a step still to come (`(Optional) Ready for the INT8 step later`):
the precision it names is the plan's, not the measured runs' below it (atomicjets/
gemma-embeddings' fp32 build was given INT8)."""


def _is_a_local_copy(value: str) -> bool:
    """Whether a model's value is a local folder's path (`/models/gemma-4-31B-it-qat-w4a16-ct`,
    cadamcat's `vllm serve` argument, read-s32; `models/Qwen3-0.6B`): the model is its last
    part, the rest where this machine keeps it."""
    plain = value.strip().strip("`'\"")
    return bool(_ROOTED.match(plain)) or is_local_weights_path(plain)


_ROOTED = re.compile(r"^(?:~|\.{1,2})?/\S*[^/\s]")
"""A path from the root, the home or the working folder (`/models/x`, `./x`, `~/x`)."""
_KV_PRECISION = re.compile(r"\s*(?:kv|cache|(?:\w+-)?mla\b|attn\b|attention\b|-vs-|vs\b)", re.I)
"""What after a precision makes it the KV cache's or the attention's format, or one side of a
comparison: `NVFP4 KV`, `NVFP4 DS-MLA` (DeepSeek's latent-attention cache, MiaAI-Lab's
GLM-NEW-REPORT.md:63, read-s32), `fp8 attention`, `bf16-vs-fp8`."""


@dataclass
class Resolved:
    """Seed keys found so far; the first context to state a key wins."""

    values: dict[str, JsonValue] = field(default_factory=dict)
    closed: frozenset[str] = frozenset()
    """Keys no farther context may set: the figure's own place says they are none of the
    document's or the repository's (a vendor's hosted model ran it, not the local machine)."""
    stated_version: str | None = None
    """A version the context states without naming what (`tested on 0.3.1 version`): the
    engine's, once an engine is known."""

    def put(self, key: str, value: JsonValue) -> None:
        """Set `key` unless a nearer context set it already; ints stay ints."""
        if key == "system" and isinstance(value, str) and _names_more_fully(self.values, value):
            self.values[key] = value  # `M3 Ultra` nearer, `Apple M3 Ultra` in the setup table
            return
        if value is None or value == "" or key in self.values or key in self.closed:
            return
        if key in IDENTITY_KEYS and not _names_an_identity(key, str(value)):
            return
        if key == "weight_precision" and _SCORE.fullmatch(str(value).strip()):
            return  # a `format` column of scores (`3/3`, kojira's instruction-following TSV)
        if key == "model":
            self._put_model(value)
            return
        if key == "system" and not vocab.names_hardware(str(value)):
            return  # a `GPU` column of temperatures (`51C`) or a `Device: GPU` cell
        if key in INT_KEYS:
            if isinstance(value, str) and len(_COUNTS.findall(value)) > 1:
                return  # `Concurrent requests: 5, 10, 50`: a sweep's points, no figure's own
            number = _int(value)
            if number is None:
                return
            value = number
        self.values[key] = value

    def _put_model(self, value: JsonValue) -> None:
        """A model's value as the model's name: a local folder's last part, a weights file's
        model (its file type the weights' precision)."""
        if isinstance(value, str) and _is_a_local_copy(value):
            value = value.rstrip("/").rsplit("/", 1)[-1]  # `/models/gemma-4-31B-it`: its name
        weights = split_weights_name(str(value))
        self.values["model"] = value if weights is None else weights[0]
        if weights is not None:
            self.put("weight_precision", weights[1])


def _names_an_identity(key: str, value: str) -> bool:
    """Whether a model, artifact or engine value names one: not a date or a score in a model's
    column (`54.3/63`), not a name cut short by its table (`Qwen/Qwen3-Coder-30B-A3B-Instr...`),
    and a model not a format's words (`GGUF Q4_K_S`) nor a reference (`Same 3B model`)."""
    if not names_something(value) or _TRUNCATED.search(value):
        return False
    if key == "model_artifact" and is_local_weights_path(value):
        return False  # `models/Qwen3-0.6B`: a local copy's path, not a published id
    return key != "model" or not names_no_model(value)


def _names_more_fully(values: Mapping[str, JsonValue], system: str) -> bool:
    """Whether `system` names the machine a nearer context put, more fully: all of that
    name's words and more, and hardware (`Apple M3 Ultra` for `M3 Ultra`), so that the
    record says what the source says of it at its fullest, not a shorter spelling."""
    found = values.get("system")
    if not isinstance(found, str) or not vocab.names_hardware(system):
        return False
    if vocab.count_of(system) is not None:
        return False  # `2x DGX Spark` counts machines: not the nearer run's name
    near, far = _name_words(found), _name_words(system)
    return bool(near) and near < far


def _name_words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9]+(?:\.[0-9]+)*", text.lower()))


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
    that writes a stack (`model / engine / 1 node`) is read part by part. Each cell is read
    once (with the row's size): a JSONL row's dozens of figures each read all its other
    cells, the same cells under the same size."""
    parts = [part for header, value in _keyed_first(cells) for part in _cell_parts(header, value)]
    size = next((value for _, value, is_size in parts if is_size), None)
    puts = [put for header, value, _ in parts for put in _cell_puts(header, value, size)]
    for key, setting in _versions_with_engine(puts):
        resolved.put(key, setting)


def _keyed_first(cells: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """A row's cells, those whose header says what they hold first, in order: a `model`
    key's value is the row's model, before a run's `name` whose form reads as one
    (`meta-llama-Llama-2-13b-chat-hf_550_150_summary` beside `"model":
    "meta-llama/Llama-2-13b-chat-hf"`, ray-project's summaries, read-s32)."""
    return sorted(cells, key=lambda cell: not _is_keyed(cell[0]))


def _is_keyed(header: str) -> bool:
    return vocab.header_key(header) is not None or bool(_BENCH_MODEL_KEY.match(header))


def _versions_with_engine(puts: Iterable[tuple[str, JsonValue]]) -> list[tuple[str, JsonValue]]:
    """A row's puts, without a version where the row names no engine: a `Version` column
    beside no engine is the version of what the row names (an lm-eval task's `1.1`), not of
    the engine the document ran (haxlys/llm-bench, read31-s29)."""
    kept = list(puts)
    if any(key == "engine" and setting not in (None, "") for key, setting in kept):
        return kept
    return [(key, setting) for key, setting in kept if key != "engine_version"]


@lru_cache(maxsize=1 << 14)
def _cell_parts(header: str, value: str) -> tuple[tuple[str, str, bool], ...]:
    """A cell's parts (`_stack_parts`) under its header, each with whether it is a size."""
    parts = _stack_parts(header, value)
    return tuple((header, part, vocab.is_size(part, header)) for part in parts)


@lru_cache(maxsize=1 << 14)
def _cell_puts(header: str, value: str, size: str | None) -> _Puts:
    """What `_read_cell` puts for one cell part, in order (read-only: replayed on each
    figure's `Resolved`, which takes them as it would have from `_read_cell`)."""
    puts = _Puts()
    _read_cell(puts, header, value, size)
    return puts


_KV_HEADER = re.compile(r"\bkv(?:\b|[_-])|(?:\b|[_-])cache(?:\b|[_-])|(?:\b|_)type_[kv]\b", re.I)
"""A header or key naming the KV cache (`kv_cache_dtype`, llama-bench's `type_k`/`type_v`):
its cell is the cache's format, never the weights'."""
_BENCH_MODEL_KEY = re.compile(r"\s*model_type\s*$", re.I)
"""llama-bench's JSON key for its `model` cell (`"model_type": "qwen3 0.6B Q4_K - Medium"`),
read as one only where its value has llama-bench's shape (`bench_model`): a Hugging Face
config's `model_type` (`llama`) has no size and format."""
_SCORE = re.compile(r"\d+(?:\.\d+)?\s*/\s*\d+(?:\.\d+)?")
"""A score written over its whole (`3/3`, `54.3/63`): no format's name."""
_COUNTS = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?![\w.])")
"""Whole numbers as a count is written (`1,024`), not a version's or a size's parts."""


def _read_cell(resolved: Resolved | _Puts, header: str, value: str, size: str | None) -> None:
    """One cell under its header: what the header says the cell is, else what its value
    names by itself; a model cell also states the precision its name carries."""
    text = str(value).strip().strip("`")
    if is_non_value(text):
        return  # `gpu_info` `NA` in a llama-bench CSV (sensura-san's system "NA", read31-s27b)
    if _KV_HEADER.search(header):
        return  # `type_k: f16`: the KV cache's format (run_parameters reads it), not the weights'
    key = vocab.header_key(header)
    if key is None and _BENCH_MODEL_KEY.match(header):
        key = "model"  # llama-bench's JSON names its `model` column `model_type`
    if key == "model" and (bench := bench_model(text)) is not None:
        if bench[0] is not None:
            resolved.put("model", bench[0])  # llama-bench's `deepseek2 30B.A3B BF16`
        resolved.put("weight_precision", bench[1])
        return
    if key == "model" and size is not None and not vocab.SIZE.search(text):
        # a model column beside a size column: `Llama` `7B`, `DeepSeek R1` `1.5 B` (as written:
        # verify finds a label's `1.5 B` only where the source writes it so)
        text = f"{text} {size}"
    _read_under_key(resolved, key, header, text)
    if key == "model" or vocab.is_model_value(text):
        _precision_of_model(resolved, text)


def _read_under_key(resolved: Resolved | _Puts, key: str | None, header: str, text: str) -> None:
    """One cell's value read as its header's key says (an engine, a precision with its model,
    a system with the engine in its brackets, a count), else as what it names by itself."""
    if key == "engine" and vocab.engine_of_value(header) is None:
        _read_engine_cell(resolved, header, text)
    elif key == "weight_precision" and (model := vocab.model_in(text)) is not None:
        # `Quantization | Qwen-72B-Chat (BF16)`: the cell names the model with its format
        resolved.put("model", model)
        resolved.put("weight_precision", vocab.precision_in(text))
    elif key == "system":
        system, engine = _system_and_engine(text)
        resolved.put("system", system)
        resolved.put("engine", engine)
        resolved.put("node_count", count_in_system_cell(system))
    elif key == "engine_version" and not vocab.is_version(text):
        # a `Version` column of model variants (`mlx-4bit`, newbdez33/llm-mac-512): what the
        # value names (its precision), never an engine's version
        _read_unkeyed_cell(resolved, text)
    elif key in INT_KEYS and not any(char.isdigit() for char in text):
        # a corner header over names (`| concurrent requests | 1 | 4 |` over `llama.cpp`):
        # the column counts nothing of the row, its cell names what it names by itself
        _read_unkeyed_cell(resolved, text)
    elif key is not None and key != "engine":
        resolved.put(key, text)
        if key == "workload":  # llama-bench's `test` cell: `pp2048@d8192`
            for length_key, length in bench_test_lengths(text):
                resolved.put(length_key, length)
    else:
        _read_unkeyed_cell(resolved, text)


_ENGINE_IN_PARENTHESES = re.compile(r"\s*\(([^()]*)\)\s*$")


def _system_and_engine(text: str) -> tuple[str, str | None]:
    """A hardware cell that names the engine run on it in brackets (`NPU (FastFlowLM)`): the
    hardware, then the engine; else the cell as it is and no engine."""
    found = _ENGINE_IN_PARENTHESES.search(text)
    engine = vocab.engine_in(found.group(1)) if found is not None else None
    if found is None or engine is None:
        return text, None
    return text[: found.start()].strip() or text, engine


def _read_engine_cell(resolved: Resolved | _Puts, header: str, text: str) -> None:
    """A cell under an engine's header that does not name one engine (`backend`)."""
    engine = vocab.engine_of_value(text)
    hardware = vocab.system_of_value(text) if engine is None else None
    if hardware is not None:  # a `backend` column naming the machine (`Ryzen-7950X`)
        resolved.put("system", hardware)
    else:
        written = None if header.lower() == "backend" or is_format_only(text) else text
        resolved.put("engine", engine or written)  # `GGUF` under `Framework` is a format


def _read_unkeyed_cell(resolved: Resolved | _Puts, text: str) -> None:
    """A cell whose header names no condition (or an engine's): what its value names."""
    if vocab.engine_of_value(text):
        resolved.put("engine", vocab.engine_of_value(text))
    elif (hardware := vocab.system_of_value(text)) is not None:
        resolved.put("system", hardware)
    elif (machines := vocab.machines_of_value(text)) is not None:
        resolved.put("node_count", machines)  # `Qwen3.8-27B / SGLang / 1 node`
    elif vocab.is_model_value(text) or vocab.names_model(text):
        resolved.put("model", text)  # `DeepSeek-V4-Flash` as well as `Qwen3.8-27B`
    elif (found := vocab.precision_in(text)) and len(found) >= len(text) - 2:
        resolved.put("weight_precision", found)
    if len(text) <= _SHORT_CELL and (one := vocab.single_machine(text)) is not None:
        # `single card, Vulkan`: the row's own words, nearer than a repository's `2× GPU`
        resolved.put("node_count", one)
    if len(text) <= _SHORT_CELL and not _measures(text):
        # a row's own label states its run's settings (`TP=1, concurrency 16`), nearer than
        # a sentence above the table or another row; a value cell's (`300 tok/s at
        # concurrency 16`) are its own figure's, not its row's
        for key, setting in settings_in_text(text).single().items():
            resolved.put(key, setting)


def _measures(text: str) -> bool:
    """Whether a cell states a measured quantity (a number with a measured unit)."""
    return any(
        unit_after(text, mention.end) in MEASURED_UNITS
        for mention in find_numbers(text, decimal_comma=False)
    )


_SHORT_CELL = 40
"""A cell this short that says `single card` states the row's machine count (a longer one is
prose that may speak of another run)."""


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
    return tuple(i for i, cell in enumerate(cells) if cell and vocab.is_size(cell, row.header[i]))


@lru_cache(maxsize=512)
def _row_puts(row: RowCells, size: str | None) -> tuple[tuple[int, _Puts], ...]:
    """Each cell of the row that states something (under a header: past the row's last
    header a cell is not read), with what it states."""
    found = []
    cells = list(enumerate(zip(row.header, row.cells, strict=False)))
    for column, (header, cell) in sorted(cells, key=lambda c: not _is_keyed(c[1][0])):
        if cell:
            puts = _Puts()
            for part in _stack_parts(header, cell):
                _read_cell(puts, header, part, size)
            if puts:
                found.append((column, puts))
    if any(key == "engine" and setting for _, puts in found for key, setting in puts):
        return tuple(found)
    unversioned = ((column, _Puts(_versions_with_engine(puts))) for column, puts in found)
    return tuple((column, puts) for column, puts in unversioned if puts)


def _precision_of_model(resolved: Resolved | _Puts, model: str) -> None:
    """The precision a model's name carries (`Qwen3-0.6B-8bit`), put only where that model is
    the figure's: a name's precision belongs to that model alone (a `| Model |
    sam-audio-large-fp16 |` row a hundred lines below a whisper table is not the whisper
    runs' precision). A row's cells (`_Puts`) are the figure's own row."""
    found = vocab.precision_in(model)
    if not found:
        return
    if isinstance(resolved, _Puts) or not _inside_a_name(model, found):
        resolved.put("weight_precision", found)  # `Checkpoint: ModelOpt mixed / NVFP4`
    elif names_figures_model(resolved.values, model):
        resolved.put("weight_precision", found)


def _inside_a_name(text: str, precision: str) -> bool:
    """Whether `precision` is written as a part of a longer name (`sam-audio-large-fp16`,
    `Qwen3-8B-AWQ`), not as a word of its own (`mixed / NVFP4`)."""
    for word in text.split():
        if precision.lower() in word.lower():
            return len(word.strip("`*()[],;:")) > len(precision)
    return False


def names_figures_model(values: Mapping[str, JsonValue], model: str) -> bool:
    """Whether `model` is the model `values` hold for the figure: the same name, or one
    that holds the other's words (`Qwen3-0.6B` put from the row, `Qwen3-0.6B-8bit` in a
    setup line)."""
    held = values.get("model")
    if not isinstance(held, str):
        return False
    short, long = sorted((_name_words(held), _name_words(model)), key=len)
    return bool(short) and short <= long


def precision_of_other_model(
    values: Mapping[str, JsonValue], settings: Mapping[str, JsonValue]
) -> bool:
    """Whether `settings` (a setup's, the README's) give a precision that only their model's
    name carries (`Model: Qwen2.5-7B-AWQ`), for a figure a nearer context gave another model:
    that precision is the other model's."""
    model, precision = settings.get("model"), settings.get("weight_precision")
    if not isinstance(model, str) or not isinstance(precision, str):
        return False
    if not _inside_a_name(model, precision) or "model" not in values:
        return False
    return not names_figures_model(values, model)


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
    for key, value in _column_puts(header):
        resolved.put(key, value)


@lru_cache(maxsize=1 << 16)
def _column_puts(header: str) -> tuple[tuple[str, JsonValue], ...]:
    """What `read_column` puts, in order: read once per header (a column's figures share it;
    65,536 kept, as the other header memos, so a 10,000-column table's pass misses none)."""
    puts = _Puts()
    plain = header.strip().strip("*`").strip()
    puts.put("engine", vocab.engine_of_header(plain))  # `MLC LLM (tok/sec)`
    puts.put("workload", vocab.benchmark_of(plain))  # `MMLU (5-shot)`
    puts.put("concurrency", load_of_header(plain))
    if lengths := bench_test_lengths(plain):  # a llama-bench test's column: `tg128`
        puts.put("workload", plain)
        for key, length in lengths:
            puts.put(key, length)
    if vocab.precision_in(plain) and len(plain.split()) <= 2 and vocab.is_precision_header(plain):
        puts.put("weight_precision", plain)
    system = vocab.system_of_header(header)
    if system:
        puts.put("system", system)
        puts.put("node_count", vocab.count_of(header))
    return tuple(puts)


def prefer_caption_system(
    resolved: Resolved, context: DocumentContext | None, line: int, header: str
) -> None:
    """A table titled with a system (`**Raspberry Pi 5 8GB**`) whose columns count the same
    device (`4 x RasPi 5 8 GB`): the title names it in full."""
    column = vocab.system_of_header(header)
    titled = vocab.sole_system(context.caption(line)) if context is not None else None
    if column and titled and set(_DIGITS.findall(column)) & set(_DIGITS.findall(titled)):
        resolved.put("system", titled)


def read_key_values(resolved: Resolved, pairs: Iterable[tuple[str, str]]) -> None:
    """`key: value` lines of the section, nearest first (`- vLLM: 0.20.1`, `model: X`); a
    computer one line names and its chip another (`machine_chip.py`) are the system together."""
    pairs = tuple(pairs)
    resolved.put("system", machine_with_chip(pairs))
    for key, value in pairs:
        value = value.strip().strip("`").split("`")[0].strip()
        engine = vocab.engine_of_value(_VERSION_KEY.sub("", key))  # `ollama_version: 0.5.7`
        if engine and vocab.is_version(value):
            resolved.put("engine", engine)
            if _is_figures_engine(resolved.values, engine):
                resolved.put("engine_version", value)  # a version is its engine's only
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
            for key_named, setting in named_only({seed_key: value}).items():
                resolved.put(key_named, setting)
            if seed_key == "system" and "system" in named_only({seed_key: value}):
                resolved.put("node_count", count_in_system_cell(value))  # `GPU: 1x RTX4090`
            if seed_key == "model":
                _precision_of_model(resolved, value)


def _is_figures_engine(values: Mapping[str, JsonValue], engine: str) -> bool:
    """Whether `engine` is the one `values` hold for the figure (`| SGLang | 0.5.10.post1 |`
    in a package list is no version of the vLLM a figure's row names)."""
    held = values.get("engine")
    return not isinstance(held, str) or held.lower() == engine.lower()


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
        after = re.search(rf"{re.escape(engine)}{_VERSION_NAMED}v?{VERSION}", text, re.I)
        if after:
            found.append(("engine_version", after.group(1).rstrip(".,;:-")))
    stated = _stated_version(text)
    if not local:  # a document's or repository's introduction spans its runs
        # of a machine made of two (`Tesla V100 32GB + RTX 3060 12GB`), the first is not all
        joined = vocab.names_systems_joined(text)
        # two machines offered as alternatives (`GX10 / DGX Spark nodes`): which one ran?
        either = vocab.names_alternative_systems(text)
        found.append(("system", None if joined or either else vocab.first_system(text)))
        found.append(("node_count", None if either else vocab.count_of(text)))
        return tuple(found), stated
    precision = vocab.PRECISION.search(text)
    if (
        precision
        and not _KV_PRECISION.match(text, precision.end())
        and not _FUTURE_STEP.search(text)
        and vocab.sole_precision(text) is not None
    ):
        found.append(("weight_precision", precision.group(0)))
    found.append(("system", vocab.sole_system(text)))
    # the one model a caption or heading names (`Qwen 35B` four lines above a sentence on
    # the Nemotron 120B run is not its model)
    found.append(("model", sole_model(vocab.without_engines(text))))
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
    # `runs at 16 TPS on 4 Mac Studios`, `fits on a single M3 Ultra`: nearer than the
    # introduction's `5-node cluster` (guruswami's FINDINGS.md:16-17, read-s34)
    count = vocab.count_of(text) or vocab.single_machine(text) or vocab.single_system(text)
    found.append(("node_count", count))
    return tuple(found)


_MODEL_PARTS = re.compile(r"[,;:()]|\s(?:and|vs\.?|versus|than|over)\s", re.I)
"""Where a sentence passes from one model it names to another."""


_NOTE = re.compile(r"\s*\(|\s[-–—]\s")
"""Where a setup line's value ends and a note on it begins: `Qwen/Qwen2.5-3B-Instruct (2B
parameters)`, `gpt-oss-20b — MoE` (not a comma: `Llama 3.1 8B, Qwen 7B` lists two)."""


_RELEASE = re.compile(r"\d")
MAX_RELEASE_WORDS = 3


def _family_release(text: str) -> str | None:
    """A value a `Model:` key names that is a model family's release with no size (`Model:
    LLAMA 3.2 (2.0GB)`, `Model: MiniMax M2.1`): the value before its note, where it opens with
    a known family's name and writes its release's number, in a few words."""
    parts = _NOTE.split(text.strip().strip("`"), maxsplit=1)
    head = parts[0].strip()
    if len(head.split()) > MAX_RELEASE_WORDS or not _RELEASE.search(head):
        return None
    if len(parts) > 1 and (vocab.model_in(parts[1]) or vocab.family_names_in(parts[1])):
        return None  # `Llama 3 8B (and Qwen 7B)`: the note names another
    families = vocab.family_names_in(head)
    opens = any(head.lower().startswith(family) for family in families)
    return head if opens and len(families) == 1 else None


def _model_before_note(text: str) -> str | None:
    """The model a setup line names before its note (`Model: Qwen/Qwen2.5-3B-Instruct (2B
    parameters)` names `Qwen/Qwen2.5-3B-Instruct`), or None when what precedes the note is
    not a model's name as a whole or the note names another model."""
    parts = _NOTE.split(text.strip().strip("`"), maxsplit=1)
    head = parts[0].strip().strip("`")
    if len(parts) < 2 or not vocab.is_model_value(head):
        return None
    return None if vocab.model_in(parts[1]) else head  # `Llama 3 8B (and Qwen 7B)`: two


def named_only(values: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
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
            named = (
                text
                if vocab.is_model_value(text)
                else _model_before_note(text) or _family_release(text)
            )
        elif key == "weight_precision":
            named = vocab.precision_in(text)
        else:
            named = value
        if named is not None:
            found[key] = named
    return found
