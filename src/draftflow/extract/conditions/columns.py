"""What a table's headers and row cells say about a figure beyond their own key.

A column header that names a model size with a weight format (`8B Q4_K_M`, `70B F16`) gives
the figure its precision, and its model once the table's caption, headings or introduction
name the family (`... by GPUs on LLaMA 3.` gives `LLaMA 3 8B`). A system cell that counts
its devices (`H100 PCIe 80GB * 4`, `2 x RTX 3090`) gives the number of devices. A row or
column that states its parallelism (`TP4`, `TP=2`, `tp1 / ratio 0.8`, `Single` beside `TP2`)
gives the number of devices working together, nearer than any count of the document's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.run_settings import settings_in_text
from draftflow.numbers.vocabulary import spelling_pattern, vocabulary

_SIZE_FORMAT = re.compile(
    rf"^(?P<size>{vocab.SIZE.pattern})\s+(?P<precision>{vocab.PRECISION.pattern})$"
    rf"|^(?P<precision2>{vocab.PRECISION.pattern})\s+(?P<size2>{vocab.SIZE.pattern})$",
    re.I,
)
_TRAILING_COUNT = re.compile(r"\S\s*[x×*]\s*(?P<count>\d{1,3})\s*$")
_LEADING_COUNT = re.compile(r"^\s*(?P<count>\d{1,3})\s*[x×*]\s*\S")
_PARALLEL = re.compile(r"(?<![\w.])(?:tp|pp)\s*[=:]?\s*(?P<count>[1-9]|1[0-6])(?![\w.])", re.I)
"""A tensor- or pipeline-parallel degree (`TP4`, `TP=2`, `PP 2`): the devices sharing a model;
at most 16 (`pp512` is llama-bench's prompt of 512 tokens)."""
_SINGLE = re.compile(r"^single\b", re.I)
_RATE_AT = re.compile(
    rf"^(?:{spelling_pattern(vocabulary().run_context.rate_at_headers)})\s*@\s*(?P<load>\d+)$",
    re.I,
)


def size_and_precision(header: str) -> tuple[str, str] | None:
    """A header that is a model size and a weight format only (`8B Q4_K_M`): both, as
    written."""
    match = _SIZE_FORMAT.match(header.strip().strip("*`").strip())
    if match is None:
        return None
    size = match.group("size") or match.group("size2")
    precision = match.group("precision") or match.group("precision2")
    return size, precision


def family_of(texts: Iterable[str]) -> str | None:
    """The model family the nearest text that names one names; None when that text names
    two (a comparison of families says nothing about this column)."""
    for text in texts:
        found = vocab.families_in(text)
        if len(found) == 1:
            return found[0]
        if found:
            return None
    return None


def column_model(header: str, texts: Iterable[str]) -> tuple[str | None, str | None]:
    """The model and precision a `size format` column header gives its cells, the family
    read from `texts` (nearest first); (None, None) for any other header."""
    found = size_and_precision(header)
    if found is None:
        return None, None
    size, precision = found
    family = family_of(texts)
    return (f"{family} {size}" if family else None), precision


def count_in_system_cell(text: str) -> int | None:
    """The device count a system cell writes beside the system (`... * 4`, `2 x ...`)."""
    plain = text.strip().strip("*`")
    match = _TRAILING_COUNT.search(plain) or _LEADING_COUNT.search(plain)
    return int(match.group("count")) if match else None


def parallel_count(text: str) -> int | None:
    """The one parallel degree a cell or header states (`TP4`, `TP2 TPS`, `tp1 / bs 256`),
    or None (none, or two different ones)."""
    counts = {int(match.group("count")) for match in _PARALLEL.finditer(text)}
    return counts.pop() if len(counts) == 1 else None


def topology_count(text: str, siblings: Iterable[str]) -> int | None:
    """The devices a row cell or column header states it ran on: its parallel degree, or 1
    for `Single` where a sibling (another row's cell in its column, another column's header)
    states a parallel degree (`Single` beside `TP2`; `Single` alone may be one request)."""
    plain = text.strip().strip("*`").strip()
    count = parallel_count(plain)
    if count is not None:
        return count
    if _SINGLE.match(plain) and any(parallel_count(s) for s in siblings):
        return 1
    return None


_BENCH_MODEL = re.compile(
    r"^(?P<arch>[a-z][a-z0-9-]*)\s+(?P<size>(?:\d+(?:\.\d+)?|\?)[BMK](?:\.A\d+(?:\.\d+)?B)?)"
    r"\s+(?:mostly\s+)?(?P<quant>[A-Z0-9][\w.]*(?:\s+\S.*)?)$"
)
"""llama-bench's `model` cell: the architecture, the size and the file type
(`deepseek2 30B.A3B BF16`, `qwen3moe 30B.A3B Q4_K - Medium`), not the model's name."""
_FILE_TYPE_SIZES = {"small": "S", "medium": "M", "large": "L"}
"""llama.cpp's spelling of a k-quant's size (`Q4_K - Medium` is the `Q4_K_M` file type)."""


def bench_model(cell: str) -> tuple[str | None, str] | None:
    """A llama-bench `model` cell's architecture with its size (`deepseek2 30B.A3B`) and
    its weight format (`BF16`, `Q4_K - Medium` as `Q4_K_M`), or None for any other cell. An
    older build writes `llama ?B mostly Q4_K - Medium`: a size it could not tell names no
    model (None in its place; kreier's TinyLlama rows read as model `llama ?B mostly ...`,
    read33-s26b), and `mostly` is no part of the file type."""
    match = _BENCH_MODEL.match(cell.strip().strip("`"))
    if match is None:
        return None
    quant = match.group("quant")
    base, _, size = quant.partition(" - ")
    if size.strip().lower() in _FILE_TYPE_SIZES:
        quant = f"{base}_{_FILE_TYPE_SIZES[size.strip().lower()]}"
    if match.group("size").startswith("?"):
        return None, quant
    return f"{match.group('arch')} {match.group('size')}", quant


def model_of_weights_file(path: str, quant: str) -> str | None:
    """The model a run's file name names before the weight format the run states
    (`GLM-4.7-Flash-BF16-00001-of-00002__rocm.log` with `BF16` gives `GLM-4.7-Flash`): the
    weights file the run loaded, named after the model; None where the name holds no format."""
    stem = path.rsplit("/", 1)[-1]
    base = re.escape(quant.split(" - ")[0].split()[0])
    found = re.search(rf"(?<![A-Za-z0-9])(?:UD[-_])?{base}(?![A-Za-z0-9])", stem, re.I)
    if found is None:
        return None
    name = stem[: found.start()].strip("-_. ")
    return name if re.search(r"[A-Za-z]{2}", name) else None


_BENCH_TEST = re.compile(
    r"^(?:(?P<prompt>pp)|tg)\s*(?P<length>\d{1,6})"
    r"(?:\s*(?:@|at)\s*(?:d|depth\s*)(?P<depth>\d{1,7}))?$",
    re.I,
)
"""A llama-bench test name as its `test` column or a header writes it: `pp512`, `tg128`,
`pp2048@d32768`, `tg128 @ d65536`."""
_MAX_PARALLEL = 16
"""`pp` with at most this many is a pipeline-parallel degree (`PP 2`), not a prompt."""


@lru_cache(maxsize=1 << 15)
def bench_test_lengths(text: str) -> tuple[tuple[str, int], ...]:
    """The token counts a llama-bench test name states: `pp512` a prompt of 512 tokens
    (`input_tokens`), `tg128` 128 generated (`output_tokens`), `@d32768` at a context depth of
    32,768 (`context_tokens`); () for any other text (`pp2` is a pipeline-parallel degree)."""
    found = _BENCH_TEST.match(text.strip().strip("*`").strip())
    if found is None:
        return ()
    length = int(found.group("length"))
    if found.group("prompt") and length <= _MAX_PARALLEL:
        return ()
    lengths = [("input_tokens" if found.group("prompt") else "output_tokens", length)]
    if found.group("depth"):
        lengths.append(("context_tokens", int(found.group("depth"))))
    return tuple(lengths)


def load_of_header(header: str) -> int | None:
    """The batch or concurrency a rate header states after `@` (`TPS@4`, `FTL@1`), or None
    (`pass@1` is a score's sample count)."""
    match = _RATE_AT.match(header.strip().strip("*`").strip())
    return int(match.group("load")) if match else None


_BARE_NUMBER = re.compile(r"\d+")


@lru_cache(maxsize=1 << 12)
def corner_settings(corner: str, header: str) -> tuple[tuple[str, int], ...]:
    """The run settings a column headed by a bare number has where the corner cell names what
    the column headers count (`| concurrent requests | 1 | 4 | 8 |`: the `4` column ran at
    concurrency 4), read as a sentence would state them (`4 concurrent requests`)."""
    plain = header.strip().strip("*`").strip()
    if not _BARE_NUMBER.fullmatch(plain) or not corner.strip():
        return ()
    name = corner.strip().strip("*`").strip()
    for text in (f"{plain} {name}", f"{name} {plain}"):
        if stated := settings_in_text(text).single():
            return tuple(stated.items())
    return ()


_WEIGHTS_SUFFIX = re.compile(r"\.(?:gguf|safetensors|bin)$", re.I)
SPLIT_PART = re.compile(r"[-_]\d{5}-of-\d{5}$", re.I)
"""A split weights file's part (`-00001-of-00003`): the file's, not the model's name."""
_FILE_QUANT = re.compile(
    r"[-_.\s](?P<quant>(?:UD[-_])?(?:I?Q[1-8](?:_[0-9A-Z]+)*|BF16|F16|F32|MXFP4(?:_MOE)?|TQ\d_\d))$"
)
"""A GGUF file's type at the end of its name (`-UD-Q8_K_XL`, `-Q4_K_M`, `-BF16`), or of a
model's as a table writes it (`MiniMax Q4_K_S`: the model, then its weights' type)."""
_FILE_QUANT_ANY_CASE = re.compile(_FILE_QUANT.pattern, re.I)


def split_weights_name(name: str) -> tuple[str, str] | None:
    """A weights file's name as the model and its file type (`Nemotron-3-Nano-30B-A3B-UD-
    Q8_K_XL.gguf` gives `Nemotron-3-Nano-30B-A3B` and `UD-Q8_K_XL`; a split file's part
    `-00001-of-00003` is the file's), or None for a model's name (`Qwen3-8B-FP8`)."""
    stem = SPLIT_PART.sub("", _WEIGHTS_SUFFIX.sub("", name.strip()))
    # a file's name may write its type in lower case (`qwen2.5-7b-instruct-q4_k_m.gguf`,
    # pendakwahteknologi's llama.cpp runs); a model's name in a table is read as written
    quant = _FILE_QUANT_ANY_CASE if _WEIGHTS_SUFFIX.search(name.strip()) else _FILE_QUANT
    found = quant.search(stem)
    if found is None:
        return None
    model = stem[: found.start()]
    return (model, found.group("quant")) if re.search(r"[A-Za-z]{2}", model) else None
