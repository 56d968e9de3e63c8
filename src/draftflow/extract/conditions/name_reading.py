"""What one place of a figure's chain says of a system or a precision, read as the one the
figure was measured on (or in), not wherever its words stand.

A system is stated by a cell under a system's header (`| Device | NVIDIA GB10 |`), a cell or
a column header that is a system's name (`| RTX 5070 Ti |`, `GB10 tok/s`), a line that names
one system and no other (`### Hardware: NVIDIA DGX Spark`, a name and its restatement in
brackets count once), or a run file's name. A line naming two (`Strix Halo vs DGX Spark`)
does not say which one ran a figure: it states none.

A weight precision is stated by a cell under a precision's header, a cell or a column header
naming one precision (`| Qwen3-8B BF16 |`, `| **FP8** |`), a line naming one (`batch=1,
BF16, measured`), a file's name; a KV cache's dtype by a precision written under the KV
cache's name (`KV cache: fp8`, `fp8 KV`, a `KV dtype` column or key). A precision written as
the KV cache's is not the weights' (`NVFP4 MLA KV cache`), nor one inside an identifier
(`VLLM_USE_B12X_FP8_GEMM`); a line naming two (`GB10 NF4 vs GB10 FP4`) states neither.

A prose line that lists values each after its own name (`8bit ~88 t/s, FP16 ~144 t/s`)
states for each figure the name written right before it in its listed item (`item_names`).

`name_readings` gives what a place states for the key; `states_name` whether a value is one
of them. Extract cites a system or precision only at a place that states it so, and verify
re-reads it there (`place_reading.reads_at`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from functools import lru_cache

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.context import DocumentContext
from draftflow.numbers import find_numbers
from draftflow.text.lines import hardware_badges, plain_text

SYSTEM = "system"
WEIGHTS = "weight_precision"
KV = "kv_dtype"
NAME_KEYS = frozenset({SYSTEM, WEIGHTS, KV})
"""The cited condition keys whose value is a name read where it is stated as the figure's."""

_KV_BEFORE = re.compile(
    r"\bkv(?:\b|[_-])|(?:\b|[_-])cache(?:\b|[_-])|-ct[kv]\b|(?:\b|_)type_[kv]\b", re.I
)
"""What names a KV cache before its format: `KV cache: fp8`, `--cache-type-k`, `-ctk`, and
llama-bench's `type_k`/`type_v` columns and JSON keys (a run's `"type_k": "f16"` is its
cache's, not the weights' of a Q4_K_M model)."""
_LLAMA_CPP_TYPE = re.compile(r"\b(q\d)_k\s+-\s+(s|m|l)(?:mall|edium|arge)\b", re.I)
"""llama.cpp's own name of a k-quant type (`qwen3 0.6B Q4_K - Medium` in llama-bench's model
column and `model_type` key): the format its files call `Q4_K_M`."""
_KV_AFTER = re.compile(r"^[\s`*_)]*(?:[\w.-]+[\s`*_]+)?(?:kv\b|cache\b)", re.I)
_WEIGHTS_BEFORE = re.compile(r"weight|\bquant|\bw\d", re.I)
_SEPARATOR = re.compile(r"[,;|{}()\[\]]|[.!?]\s|\bvs\.?\s|\band\s|\bor\s|\s--?(?=[a-z])", re.I)
_SEVERAL = re.compile(r"[/,;+&|]|\s(?:vs\.?|and|or)\s", re.I)
"""What joins two formats in one cell (`BF16 / INT4`): such a cell is not one format."""
_FORMATS = re.compile(
    rf"{vocab.PRECISION.pattern}|(?<![\w-])nf4(?![\w-])", vocab.PRECISION.flags | re.I
)
"""A weight or cache format: the vocabulary's, and bitsandbytes' NF4, which a table under a
precision header names (`| NF4 | 26.3 tok/s |`)."""
_TOKEN = re.compile(r"[a-z0-9]+")


def is_name_value(key: str, value: object) -> bool:
    """Whether `value` is a name `key`'s reader reads: a system's, a precision's."""
    if key not in NAME_KEYS or not isinstance(value, str):
        return False
    if key == SYSTEM:
        return bool(vocab.systems_named(value)) or vocab.system_of_header(value) is not None
    return bool(_precisions(value))


def states_name(readings: Iterable[str], key: str, value: str) -> bool:
    """Whether one of a place's readings (`name_readings`) is `value`: a system whose words
    hold the value's, or whose own name the value holds (`DGX Spark` in `NVIDIA DGX Spark
    (GB10)`); every precision the value names."""
    if key == SYSTEM:
        wanted = _tokens(value)
        one = len(vocab.systems_named(_unbracketed(value))) <= 1  # not `GB10 and RTX 4090`
        return any(wanted <= _tokens(r) or (one and _system_key(r) <= wanted) for r in readings)
    found = set(readings)
    named = _precisions(value)
    return bool(named) and named <= found


_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,8}$")


def name_readings(context: DocumentContext, line: int, key: str) -> frozenset[str]:
    """The systems (or precisions, lower case) a place states as the figure's (line 0: the
    document's file name)."""
    if line == 0:  # without its extension: `Raspberry Pi 5.md` names a `Raspberry Pi 5`
        return _of_text(key, _EXTENSION.sub("", context.document.path).replace("_", " "))
    if not 1 <= line <= len(context.lines):
        return frozenset()
    text = plain_text(context.lines[line - 1])
    table = context.table_cells(line, "")
    headers = line in header_line_set(context)
    if table is None and not headers:
        badges = hardware_badges(context.lines[line - 1])  # its message is in its link
        return _of_text(key, f"{text} {badges}" if badges else text)
    found: set[str] = set()
    if table is not None:
        cells = list(zip(table.header, table.cells, strict=False))
        if len(table.cells) == 2 and vocab.header_key(table.cells[0]) is not None:
            cells.append((table.cells[0], table.cells[1]))  # a `| Device | GB10 |` pair row
        for header, cell in cells:
            found |= _of_cell(key, header, cell)
    for cell in text.split("|") if headers else ():
        found |= _of_cell(key, "", cell)
    return frozenset(found)


_ITEM_CUT = re.compile(
    r"[;,](?!\d{3}(?!\d))|[.!?:]\s|\b(?:vs\.?|versus|than|against|compared\s+(?:to|with))\s", re.I
)
"""Where a line passes from one listed item to the next (`8bit ~88 t/s, FP16 ~144 t/s`), or
to what an item is compared with; not a thousands separator (`4,549`)."""


def item_before(text: str, value: float) -> str | None:
    """The words of a figure's listed item before its number on a prose line (`FP16 ~` of
    `8bit ~88 t/s, FP16 ~144 t/s` for 144); None where the line does not write the value
    once."""
    found = [
        mention
        for mention in find_numbers(text, decimal_comma=False)
        if any(math.isclose(v, value, rel_tol=1e-9) for v in mention.values)
    ]
    if len(found) != 1:
        return None
    return own_item(text[: found[0].start])


def own_item(before: str) -> str:
    """The last listed item of the words before a figure (`FP16 ~` of `8bit ~88 t/s, FP16 ~`):
    what extract's clause reader and verify's re-reading both take as the figure's own."""
    cuts = [m.end() for m in _ITEM_CUT.finditer(before)]
    return before[cuts[-1] :] if cuts else before


def item_names(item: str, key: str) -> frozenset[str]:
    """The system or precision a figure's listed item (`item_before`) states for the key."""
    return _of_text(key, item)


def names_of_cell(key: str, header: str) -> frozenset[str]:
    """What one column header states for the key (a figure's own column's)."""
    return _of_cell(key, "", header)


def header_line_set(context: DocumentContext) -> frozenset[int]:
    """The document's table header lines, as a set (read once per document)."""
    found: frozenset[int] = context.remembered(
        "header line set", lambda: frozenset(context.header_lines)
    )
    return found


def _of_cell(key: str, header: str, cell: str) -> frozenset[str]:
    """What a cell (under `header`, "" for a header cell) states for the key."""
    plain = cell.strip().strip("*`_ ").strip()
    if not plain:
        return frozenset()
    if key == SYSTEM:
        if vocab.header_key(header) == SYSTEM and vocab.names_hardware(plain):
            return frozenset({vocab.sole_system(plain) or plain} if _one_system(plain) else ())
        named = vocab.system_of_value(plain) if header else vocab.system_of_header(plain)
        if named is None and not header:
            named = _chip_header(plain)
        if named is None and header:
            named = noted_system(plain)
        return frozenset({named} if named else ())
    under = _KV_BEFORE.search(header) is not None
    if key == KV and under:
        return _sole(_precisions(plain))
    if key == WEIGHTS and under:
        return frozenset()
    if key == WEIGHTS and vocab.is_precision_header(plain) and not _SEVERAL.search(plain):
        return _precisions(plain)  # a format and nothing else: `4bit-GPTQ` is one
    return _of_text(key, plain)


_COMPARED = re.compile(r"\b(?:vs\.?|versus|over|than|relative|speedup|ratio)\b", re.I)
_VALUE_NOTE = re.compile(r"^[\d.,\s]+[^\d()]*\(([^()]+)\)$")
"""A value cell with a note on its run in brackets (`97 tokens/s (Hopper, TP=2)`)."""


def noted_system(cell: str) -> str | None:
    """The one system a value cell's bracketed note names as where its row ran (the caption
    above says `A100`, the cell `97 tokens/s (Hopper)`), not one it is compared with."""
    note = _VALUE_NOTE.match(plain_text(cell))
    if note is None or _COMPARED.search(note.group(1)):
        return None
    return vocab.sole_system(note.group(1))


def _chip_header(header: str) -> str | None:
    """A short column header naming one chip or CPU (`Strix Halo tok/s`), not as what its
    figures are compared with (`Speedup over Strix Halo`)."""
    named = vocab.systems_named(header)
    if len(named) != 1 or len(header.split()) > 4 or _COMPARED.search(header):
        return None
    return next(iter(named))


def _one_system(text: str) -> bool:
    return len(vocab.mentioned_systems(text)) <= 1


@lru_cache(maxsize=1 << 14)
def _of_text(key: str, text: str) -> frozenset[str]:
    """What a line (or cell) states for the key: its one system; its one precision as the
    weights' or as the KV cache's."""
    if key == SYSTEM:
        system = vocab.sole_system(text)
        if system is None and len(found := vocab.systems_named(_unbracketed(text))) == 1:
            system = next(iter(found))  # a chip or a CPU alone (`Strix Halo`, `M2-Max`)
        return frozenset({system} if system else ())
    weights: set[str] = set()
    named: set[str] = set()  # under the weights' own name (`Weights = Q40, Buffer = Q80`)
    caches: set[str] = set()
    text = _LLAMA_CPP_TYPE.sub(r"\1_k_\2", text)
    for match in _FORMATS.finditer(text):
        before = text[: match.start()]
        clause = before[max((m.end() for m in _SEPARATOR.finditer(before)), default=0) :]
        form = match.group(0).lower()
        if _KV_BEFORE.search(clause) or _KV_AFTER.match(text[match.end() :]):
            caches.add(form)
        elif _WEIGHTS_BEFORE.search(clause):
            named.add(form)
        else:
            weights.add(form)
    return _sole(caches if key == KV else named or weights)


_ASIDE = re.compile(r"\((?![^()]*\b(?:vs\.?|versus|than|compared)\b)[^()]*\)", re.I)


def _unbracketed(text: str) -> str:
    """A text without its asides in brackets, which restate what precedes them (`AMD Strix
    Halo (Ryzen AI Max+ 395)`), but where they compare (`(vs DGX Spark)`)."""
    return _ASIDE.sub(" ", text)


def _sole(forms: Iterable[str]) -> frozenset[str]:
    found = frozenset(forms)
    return found if len(found) == 1 else frozenset()


@lru_cache(maxsize=1 << 12)
def _precisions(text: str) -> frozenset[str]:
    return frozenset(m.group(0).lower() for m in _FORMATS.finditer(text))


@lru_cache(maxsize=1 << 12)
def _tokens(text: str) -> frozenset[str]:
    return frozenset(_TOKEN.findall(text.lower()))


def _system_key(text: str) -> frozenset[str]:
    """A system's identifying words: its name without its maker and restatement."""
    named = vocab.mentioned_systems(text)
    return _tokens(named[0]) if named else _tokens(text) or frozenset({""})
