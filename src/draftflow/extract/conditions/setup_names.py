"""What a value or a header names, by its form: an engine, a weight precision, a system, a
model, a count of machines; and which seed condition key a header (or a `key: value` line's
key) stands for.

These are recognisers of kinds, not lists of answers: a model is a name with a parameter
count (`7B`, `30B-A3B`) or a Hugging Face id, a precision is a quantisation format, a system
is a product name with its model number. The engines, precisions, hardware and model
families benchmarks name are data (`numbers/vocabulary.toml`); this module builds their
patterns.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from draftflow.acquire.rules import DOCUMENT_SUFFIXES
from draftflow.numbers.units import unit_after
from draftflow.numbers.vocabulary import (
    HARDWARE_AFTER,
    HARDWARE_BEFORE,
    spelling_pattern,
    vocabulary,
)
from draftflow.text.gate import gate, gated

_VOCABULARY = vocabulary()
ENGINES: dict[str, str] = {
    engine.name: spelling_pattern(engine.spellings) for engine in _VOCABULARY.engine
}
"""Each engine's name → the pattern of its spellings (`numbers/vocabulary.toml`, `[[engine]]`)."""
PORT = r"[.-](?:rs|cpp|c|js|ts|go|zig|swift|jl|net|java|kt|mojo)(?!\w)"
"""A language's suffix after an engine's name: another project, a port (`vLLM.rs` and
`vllm-rs` are not vLLM)."""
DEVICE_BACKENDS = r"(?:mps|cuda|rocm|hip|metal|vulkan|sycl|opencl|cpu|gpu)"
"""The device backends an engine runs on (`llama.cpp Vulkan`, `PyTorch MPS`)."""
_NOT_A_BACKEND = rf"(?!{DEVICE_BACKENDS}(?![a-z0-9]))"
_WORD_AFTER = rf"(?:\w|-{_NOT_A_BACKEND})"
"""What runs an engine's name on into another word: a letter, or a hyphen before anything but
a device backend (`llama.cpp-hip`, `llama.cpp-vulkan_amdvlk` are llama.cpp built for one;
`llama-cpp-python` is another project)."""
ANY_ENGINE = gated(
    re.compile(rf"(?<![\w-])(?:{'|'.join(ENGINES.values())})(?!{_WORD_AFTER}|{PORT})", re.I)
)
"""Any engine's spelling, as a word of its own (what a text names; `engine_in` says which)."""
_NOT_THE_ENGINE_AFTER = (
    rf"(?!{_WORD_AFTER}|{PORT}|#\d|/(?:pull|pulls|issues|blob|tree|commit|discussions)/)"
)
"""After an engine's name, a project's issue (`vllm#49991`) or a URL into its repository
(`vllm-project/vllm/pull/49991`): the text cites the project, it does not say the engine ran."""
_ENGINE = [
    (name, gated(re.compile(rf"(?<![\w-])(?:{regex}){_NOT_THE_ENGINE_AFTER}", re.I)))
    for name, regex in ENGINES.items()
]
_PORTED = {
    name: gated(re.compile(rf"(?<![\w-])(?:{regex}){PORT}", re.I))
    for name, regex in ENGINES.items()
}
"""Each engine's port (`vLLM.rs`): a text about the port names the port, not the engine
(`vLLM.rs – A Minimalist vLLM in Rust` says nothing ran on vLLM)."""


ORIGIN_WORDS = (
    "implementation of",
    "reimplementation of",
    "port of",
    "clone of",
    "rewrite of",
    "fork of",
    "inspired by",
    "alternative to",
    "replacement for",
    "compatible with",
    "compatibility with",
    "emulation of",
    "emulates",
    "mimics",
)
"""The words before an engine's name that make it another project's origin (`a lightweight
Rust implementation of vLLM`) or what the project imitates (`Compatible with OpenAI and
Ollama API specifications`, `a drop-in replacement for vLLM`): the engine is what the project
ports or speaks like, not what ran."""
ORIGIN_AFTER = (
    r"(?:[\s-]+api)?[\s-]+compatib(?:le|ility)\b"
    r"|[\s-]+api[\s-]+(?:format|spec(?:ification)?s?|support|emulation)\b"
)
"""The words after an engine's name that make it what a project imitates, not what ran
(`Ollama Compatible`, `OpenAI/Ollama API compatibility`, `Full Ollama API support`): the
same kind as `ORIGIN_WORDS`, written after the name (`Ollama-compatible` is no engine's name
of its own anyway). `a compatible llama.cpp server` and `the OpenAI-compatible vLLM endpoint`
name the engine that ran."""
_ORIGIN_WORDS = "|".join(words.replace(" ", r"\s+") for words in ORIGIN_WORDS)
_ORIGIN = re.compile(
    rf"\b(?:{_ORIGIN_WORDS})\s+(?:the\s+)?"
    r"(?:[\w.+-]+\s*(?:,|/|\+|&|\band\b|\bor\b)\s*){0,3}[`*_]*$",
    re.I,
)
"""Origin words before a name, or before a list that ends with it (`compatible with OpenAI
and Ollama`)."""
_ORIGIN_NEXT = re.compile(ORIGIN_AFTER, re.I)


def _named(text: str) -> frozenset[str]:
    """The engines whose own name a text holds, but not those it names as a port's origin
    (`vLLM.rs`, `an implementation of vLLM`)."""
    return frozenset(
        name
        for name, regex in _ENGINE
        if regex.search(text) and not _PORTED[name].search(text) and not _only_origin(regex, text)
    )


def _only_origin(regex: re.Pattern[str], text: str) -> bool:
    return all(
        _ORIGIN.search(text[max(0, m.start() - 40) : m.start()])
        or _ORIGIN_NEXT.match(text, m.end())
        for m in regex.finditer(text)
    )


FAMILIES = spelling_pattern(_VOCABULARY.model_families.names)
"""Open-weight model families, by name: what a caption names when a column gives the size."""
_FAMILY = gated(re.compile(rf"(?<![\w/.-])(?:{FAMILIES})(?:[\s-]?\d+(?:\.\d+)?)?(?![\w-])", re.I))

PRECISION = gated(_VOCABULARY.precision.bounded())
"""A weight precision, as a word of its own (`numbers/vocabulary.toml`, `[precision]`)."""
OTHER_RUNTIME = re.compile(
    rf"(?<![\w-])(?:{spelling_pattern(_VOCABULARY.other_runtimes.spellings) or '(?!)'})(?![\w-])",
    re.I,
)
"""A framework library or model format a run may name that is no engine (`HuggingFace format`)."""
_SYSTEM_WORDS = _VOCABULARY.hardware_pattern("system")
_MACHINE_WORDS = _VOCABULARY.hardware_pattern("machine")
_FILE_AFTER = r"(?!\.(?:txt|json|jsonl|csv|tsv|log|md|ya?ml|html?)\b)"
SYSTEM = gated(
    re.compile(rf"{HARDWARE_BEFORE}(?:{_SYSTEM_WORDS}){HARDWARE_AFTER}{_FILE_AFTER}", re.I)
)
"""A machine or accelerator (`numbers/vocabulary.toml`, `[[hardware]]` of kind `system`); not
a file's name (`[FAIL] p100.txt depth=170` names the prompt file `p100`, not a Tesla P100:
hedone21/llm_rs2 results/data/flash_attn_decode/qwen_after_c1.txt)."""
_CARD = re.compile(
    rf"^(?:{'|'.join(e.pattern() for e in _VOCABULARY.hardware if e.card)}|gpus?)$", re.I
)
"""A card that sits in a machine (`RX 7900 XT`, `H100`, `GPUs`): counted, it is GPUs."""
CPU = gated(
    re.compile(
        rf"{HARDWARE_BEFORE}(?:{_VOCABULARY.hardware_pattern('cpu')})"
        rf"[\s-]+\d{{3,5}}[a-z]{{0,3}}{HARDWARE_AFTER}",
        re.I,
    )
)
"""A CPU's model name (`EPYC 7742`, `Xeon Platinum 8380`, `Core i9-13900K`): hardware, like
`SYSTEM`'s names, whose number is part of the name."""
CHIP_FAMILY = gated(
    re.compile(
        rf"{HARDWARE_BEFORE}(?:{_VOCABULARY.hardware_pattern('chip')}){HARDWARE_AFTER}", re.I
    )
)
"""A chip that many makers' boxes carry (`Strix Halo`): never a figure's system by itself (the
box and its count are what the gold and a reader need), but a text naming it beside a DGX
Spark names two machines."""
_BARE_GPU = re.compile(
    "|".join(rf"^(?:{entry.alone})$" for entry in _VOCABULARY.hardware if entry.alone) or "(?!)",
    re.I,
)
"""A header that is a consumer GPU's model number alone (`4090`, `3090Ti`)."""
_MAKER = re.compile(rf"^(?:{spelling_pattern(_VOCABULARY.hardware_makers.words)})\s+")
COUNTED_SYSTEM = re.compile(
    "|".join(  # each alternative behind its own opening characters (digits open only the first)
        gate(alternative, re.I)
        for alternative in (
            rf"(?<![\w.])(?P<count>\d+)\s*[x×*]\s*(?P<system>(?:{_SYSTEM_WORDS})|vms?\b|nodes?\b|gpus?\b)",
            # `two DGX Sparks`, `dual DGX Spark`: a count in words, the name in the plural too
            rf"\b(?P<count3>one|two|three|four|eight|dual|twin)\s+(?P<system3>{_SYSTEM_WORDS})s?(?![\w-])",
            rf"(?P<system2>{_SYSTEM_WORDS})\s*[x×*]\s*(?P<count2>\d+)(?![\w.])",
            # `on 4 Mac Studios`, `3 DGX Sparks`: a count in digits before the name in the plural
            rf"(?<![\w.])(?P<count4>\d+)\s+(?P<system4>{_SYSTEM_WORDS}|{_MACHINE_WORDS})s(?![\w-])",
        )
    ),
    re.I,
)
NODE_WORDS = re.compile(
    r"(?<![\w.])(?P<count>\d+|one|two|three|four|eight)[\s-]"
    r"(?:(?![kmgt]i?b\b|gb/s\b)[\w-]+\s+){0,2}?(?:nodes?|machines?|units?)\b",
    re.I,
)
"""A count of machines in words (`2-node`, `four machines`); a memory size before the word
(`a 512 GB node`) is the machine's memory, not a count."""
_COUNT_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "eight": 8,
    "dual": 2,
    "twin": 2,
}
SIZE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[BM](?:-A\d+B)?(?![\w])|(?<![\w.])\d+x\d+B(?![\w])")
MODEL_SIZE_HEADER = re.compile(r"^\W*(?:model\s+)?(?:size|params|parameters)\b", re.IGNORECASE)
"""A header naming the model's size (`Size (B)`, `Params`): its number names another model,
not a setting (labels tell rows apart by it; draft runs no series along it)."""
_SPACED_SIZE = re.compile(r"\d+(?:\.\d+)?\s+B")
"""A parameter count written apart from its `B` (`1.5 B`): a size only under a size header."""
_HF_ID = re.compile(r"^(?=[\w.-]*[A-Za-z])[\w.-]+/(?=[\w.-]*[A-Za-z])[\w.-]*\d[\w.-]*$")
"""A Hugging Face id: an owner and a name, each with a letter (`54.3/63` is a score)."""
_MODEL_NAME = re.compile(
    r"(?<![\w/.-])(?:[\w.-]+/)?[A-Za-z][\w.]+(?:[\s_-][\w.]+){0,4}?[\s_:-]?(?:\d+x)?\d+(?:\.\d+)?[BbMm]"
    r"(?:-A\d+B)?(?:[-_][\w.]+)*(?![\w])(?!/\d+(?![\w.]))"
)
"""A model's name with its parameter count (`Qwen3-8B`, `SmolLM2-135M`); not a size paired
with a bare count (`Anemll 1M/6`: a 1M context with 6 slots, MiaAI-Lab's README.md:242;
`Llama 7B/13B` lists two sizes and is read); nor a configuration's letter with the size it
runs (`A-12B-tp2`, cadamcat's results.jsonl `cfg`: a family's name has two characters or more)."""
_TAG_SIZE = re.compile(r"(?<=[A-Za-z\d]:)\d+(?:\.\d+)?[bB](?![\w])")
"""The size an Ollama tag gives its model after a colon (`llama3.2:3b`, `deepseek-r1:14b`)."""
_LOWER_SIZE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?b(?![\w])")
"""A parameter count in lower case (`14b`): a size only beside a model family (`DeepSeek R1
14b`, `gpt-oss 20b`); alone it is as often a figure's or a section's number (`Table 3b`)."""
_MODEL_VALUE = re.compile(rf"(?:{_MODEL_NAME.pattern})(?:\s+[A-Za-z][\w.-]*){{0,2}}")
_VERSION = re.compile(r"^v?\d+(?:\.\d+)+(?![BbMm]$)(?:[\w.+-]*)$|^b\d{3,5}$|^[0-9a-f]{7,12}$")
"""A version or build (`0.20.1`, `b9536`, `da1daf40`); not a model's size (`0.6B`)."""

# Header (or `key:` of a key/value line) -> seed key, by what the header says it holds.
_HEADER_KEYS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (key, re.compile(regex, re.I))
    for key, regex in (
        # a speculative-decoding table's `Target Model` is the one measured (not its `Draft Model`)
        # Chinese reports' headers too (模型 model, 模型名称 model name; 量化 quantization, 精度
        # precision: newbdez33/llm-mac-512, Huaming007/Adreno740-Vulkan-LLM-Android)
        (
            "model",
            r"^(?:target[\s_]+)?model(?:[\s_]*(?:id|name|family))?$|^checkpoint$|^模型(?:名称)?$",
        ),
        (
            "weight_precision",
            r"^(?:quant(?:ization)?|precision|weights?|dtype|format)$|^(?:量化|精度)$",
        ),
        (
            "engine",
            r"^(?:engine|runtime|framework|inference engine|provider|server|serving)$",
        ),
        ("engine_version", r"^(?:engine[\s_]+)?version$"),
        (
            "system",
            # an edge kit's `Board` column (`Coral Dev Board`, aallan/benchmarking-ml-on-the-edge)
            r"^(?:gpu|device|hardware|system|machine|accelerator|soc|chip|board)$"
            # the hardware's name (`Compute Name | Nvidia A6000`, maxbengtsson10's scores.md)
            r"|^(?:compute|device|hardware|gpu|accelerator)[\s_]+name$"
            r"|^gpu_(?:info|name)$",  # a run file's field (llama-bench's `gpu_info`)
        ),
        (
            "node_count",
            r"^(?:nodes?|node[\s_]count|num[\s_]nodes|devices"
            r"|(?:num|n|number[\s_]of)[\s_]*gpus?|gpu[\s_]count|#[\s_]*gpus?)$",
        ),
        (
            "concurrency",
            r"^(?:c|concurrency|concurrent|max[\s_]concurrency|batch(?:[\s_]size)?|users|parallel"
            r"|(?:(?:max|num|number)[\s_]+(?:of[\s_]+)?)?(?:parallel|concurrent)"
            r"(?:[\s_]+model)?[\s_]+(?:requests?|users|clients|streams)(?:[\s_]+allowed)?)$",
        ),
        (
            "input_tokens",
            r"^(?:prompt|input)[\s_]*(?:tokens|len(?:gth)?|toks?)$|^isl$|^pp$|^n_prompt$"
            r"|^prompt[\s_]eval[\s_]count$",  # `ollama run --verbose`
        ),
        (
            "output_tokens",
            r"^(?:generated|output|gen|completion)[\s_]*(?:tokens|len(?:gth)?|toks?)$|^osl$|^tg$"
            r"|^n_gen$"  # llama-bench's own columns
            r"|^eval[\s_]count$",  # `ollama run --verbose`
        ),
        (
            "context_tokens",
            r"^(?:context|ctx)(?:[\s_]*(?:tokens|len(?:gth)?|size))?$"
            r"|^seq(?:uence)?\.?[\s_]*len(?:gth)?\.?$",
        ),
        (
            "workload",
            r"^(?:case|test|workload|scenario|benchmark|task|dataset(?:[\s_]name)?|prompt[\s_]set)$",
        ),
    )
)


@lru_cache(maxsize=1 << 16)  # a wide table's every header (4,096 thrashed at 10,000 columns)
def header_key(header: str) -> str | None:
    """The seed key a header names (`prompt tokens` -> `input_tokens`), or None; a header of
    several rows (`Decode › batch size`, a log's line above its table joined on) by its last."""
    plain = header.replace("`", "").replace("*", "").strip().strip(":").strip()
    for key, regex in _HEADER_KEYS:
        if regex.match(plain):
            return key
    if _HEADER_ROWS in plain:
        return header_key(plain.rsplit(_HEADER_ROWS, 1)[-1])
    return None


_HEADER_ROWS = "›"
"""What joins the rows of a column's header, top to bottom (as the harvest writes it)."""


@lru_cache(maxsize=1 << 14)
def engine_in(text: str) -> str | None:
    """The one engine a text names (None when none or several do); a file path's folders
    name none (`/usr/share/ollama/.ollama/models/blobs/...`, the weights llama-bench read),
    its file may (`./build/bin/llama-bench`)."""
    if not ANY_ENGINE.search(text):
        return None  # most texts name none: one search rather than one per engine
    if "/" in text and not ANY_ENGINE.search(text := _FILE_PATH.sub(_file_name, text)):
        return None
    found = set(_named(text))
    if "ExLlamaV2" in found or "ExLlamaV3" in found:
        found.discard("ExLlama")
    if len(found) > 1 and not _COMPARES.search(text):
        found -= {b for name in found for b in _BACKENDS.get(name, ())}
    return next(iter(found)) if len(found) == 1 else None


_FILE_PATH = re.compile(r"(?<!\S)(?:~|\.{1,2})?/[^\s/]+/\S*")
"""A file path (`/usr/share/ollama/...`, `~/models/x.gguf`, `./bin/llama-bench`)."""


def _file_name(path: re.Match[str]) -> str:
    return " " + path.group(0).rstrip("/").rsplit("/", 1)[-1]


_BACKENDS = {e.name: e.backends for e in _VOCABULARY.engine if e.backends}
"""Each engine's backends (`[[engine]] backends`): a text that names an engine and the one
it runs on names the engine's stack (`exo main=652d8224 ..., mlx main=419cf7efe`): its engine
is the top of the stack, not a lower layer."""
_COMPARES = re.compile(r"\b(?:vs\.?|versus|compared|against)\b", re.I)
"""Words that set two engines side by side: then the text names two, neither alone."""


_MEASURED_BESIDE = re.compile(r"[+\u2212]\s*\d|\d\s*%|\d\s*[×x]\s*(?:\)|$)")
"""A change, share or ratio written beside a name (`vLLM (+29%)`, `TensorRT (-92%)`): the cell
says which engine won a comparison by how much, not which engine ran its row."""


@lru_cache(maxsize=1 << 14)
def engine_of_value(text: str) -> str | None:
    """The engine a short value is (the value names an engine and little else: not a
    comparison's winner with its margin)."""
    name = engine_in(text)
    if name is None or len(text.split()) > 4 or _MEASURED_BESIDE.search(text):
        return None
    return name


_UNIT_ASIDE = re.compile(r"\s*\([^)]*\)\s*$")


@lru_cache(maxsize=1 << 12)
def engine_of_header(header: str) -> str | None:
    """The engine a column header names as what measured its figures, as the header writes
    it (`MLC LLM (tok/sec)` gives `MLC LLM`, `Exllama V2 (tok/sec)` `Exllama V2`); none where
    the header names it as what is compared with (`Speedup over vLLM`) or says more."""
    written = header.replace("*", "").replace("`", "")
    plain = _UNIT_ASIDE.sub("", written).strip()
    aside = _UNIT_ASIDE.search(written)
    if engine_in(plain) is None and aside is not None:
        plain = aside.group(0).strip().strip("()").strip()  # `GGML (llama.cpp)`: its engine
    name = engine_of_value(plain)
    if name is None or engine_measured(plain) != name or len(plain.split()) > 3:
        return None
    match = dict(_ENGINE)[name].search(plain)
    return match.group(0) if match else None


_QUANT_METHOD = re.compile(r"(?<![A-Za-z0-9])(?:rtn|gptq|awq|smoothquant)(?![A-Za-z0-9])", re.I)


@lru_cache(maxsize=1 << 14)
def is_precision_header(header: str) -> bool:
    """Whether a column header is a weight format and nothing else (`FP16`, `3bit-RTN`,
    `W8A8`), so that each figure under it was measured in that format."""
    rest = _QUANT_METHOD.sub(" ", PRECISION.sub(" ", header))
    return bool(PRECISION.search(header)) and not re.search(r"[A-Za-z0-9]", rest)


@lru_cache(maxsize=1 << 14)
def sole_precision(text: str) -> str | None:
    """The one weight precision a text states (`BF16 serving plus W4A16 and W8A8` states
    none for any one figure)."""
    found = {m.group(0).lower() for m in PRECISION.finditer(text)}
    return precision_in(text) if len(found) == 1 else None


COMPARISON_WORDS = (
    r"over|than|vs\.?|versus|against|relative\s+to"
    r"|(?:close|similar|comparable|equal|identical)\s+to|on\s+par\s+with"
)
"""The words that pass from what a figure measures to what it is compared with, as regex
alternatives: each reader adds its own (`named_models`: `outperforms`, `the same ... as`)."""
_COMPARED = re.compile(
    rf"(?:\b(?:{COMPARISON_WORDS}|compar\w*(?:\s+\w+){{0,2}}?\s+(?:to|with)|baseline)"
    r"\s+(?:the\s+)?`?)$",
    re.I,
)
"""The words before an engine that name it as what a figure is compared with."""
_REJECTED_BEFORE = re.compile(
    r"\b(?:not|no|without|instead\s+of|rather\s+than|avoid(?:ed|ing)?|skipp(?:ed|ing)"
    r"|dropp(?:ed|ing)|rejected)\s+(?:using\s+|the\s+)?`?$",
    re.I,
)
"""The words before an engine that name it as what did not run (`instead of vLLM`)."""
_REJECTED_AFTER = re.compile(
    r"`?\s*(?:,\s*|\(\s*)?(?:which|that)\s+(?:we|I|they)\s+(?:avoided|skipped|dropped|rejected"
    r"|abandoned|(?:did|do|could)\s*(?:not|n't)\s+(?:use|run))\b"
    r"|`?\s*(?:was|were|is)\s*(?:not|n't)\s+(?:used|run)\b",
    re.I,
)
"""The words after an engine that name it as what did not run (`uses vLLM, which we avoided
on Blackwell`: another party's reference used it, these runs did not)."""


@lru_cache(maxsize=1 << 14)
def engine_measured(text: str) -> str | None:
    """The one engine a text names, unless it names it only as what is compared with:
    `pymllm shows strong prefill gains over llama.cpp` does not say llama.cpp ran the figure
    (and `vLLM vs SGLang` names two engines, so neither)."""
    name = engine_in(text)
    if name is None:
        return None
    regex = dict(_ENGINE)[name]
    compared = all(
        _COMPARED.search(text[max(0, m.start() - 40) : m.start()])
        or _REJECTED_BEFORE.search(text[max(0, m.start() - 40) : m.start()])
        or _REJECTED_AFTER.match(text, m.end())
        for m in regex.finditer(text)
    )
    return None if compared else name


@lru_cache(maxsize=1 << 14)
def precision_in(text: str) -> str | None:
    """The first weight precision a text states, as written."""
    match = PRECISION.search(text)
    return match.group(0) if match else None


@lru_cache(maxsize=1 << 14)
def system_in(text: str) -> str | None:
    """The first system (hardware) a text names, as written."""
    match = SYSTEM.search(text)
    return match.group(0).strip() if match else None


_RESTATED = re.compile(r"^\s*[(,/]\s*$|^\s*\((?:[^()]*?,\s*)?$")
"""What stands between a system and its restatement: `AMD Strix Halo (Ryzen AI Max+ 395)`."""


_GENERATION = re.compile(rf"(?:{_VOCABULARY.generation_pattern() or '(?!)'})", re.I)
"""A GPU generation's name (`Turing`), `[[hardware]]` entries with `generation = true`."""


def is_generation(name: str) -> bool:
    """Whether a system's name is a GPU generation's alone (`Turing GPU`, `NVIDIA Hopper`)."""
    return _GENERATION.fullmatch(name.strip()) is not None


def _restates(between: str, second: re.Match[str]) -> bool:
    """Whether a system mention restates the one before it: in brackets or after a comma or
    slash, or as one word after one space (`DGX Spark GB10`, a name and its chip side by
    side as a badge writes them; not `RTX 4090 RTX 3090`); or a generation's name in brackets
    after it, whatever the card's details between (`GTX 1650 SUPER, 4096 MiB, compute
    capability 7.5 (Turing)`: the card's kind, not a second machine)."""
    if _RESTATED.match(between) or (between == " " and " " not in second.group(0)):
        return True
    return _generation_after(between, second)


def _generation_after(between: str, second: re.Match[str]) -> bool:
    """Whether a mention is a generation's name in the brackets that follow a card."""
    bracketed = between.rstrip().endswith("(") and between.count("(") == 1
    return bracketed and is_generation(second.group(0))


def _system_mentions(text: str) -> list[tuple[str, str]]:
    """Each system a text names, as written with its restatement in brackets (`AMD Strix
    Halo (Ryzen AI Max+ 395)` is one mention), and its name without its maker."""
    mentions: list[tuple[str, str]] = []
    previous: re.Match[str] | None = None
    start = end = first = 0
    for match in SYSTEM.finditer(text):
        if previous is not None and _restates(text[previous.end() : match.start()], match):
            between = text[previous.end() : match.start()]
            if _RESTATED.match(between) or not _generation_after(between, match):
                end = match.end()  # a generation's name far after is the card's kind
            previous = match
            continue
        if previous is not None:
            mentions.append((_closed(text, start, end), _key(text[start:first].split("(")[0])))
        start, end, first, previous = match.start(), match.end(), match.end(), match
    if previous is not None:
        mentions.append((_closed(text, start, end), _key(text[start:first].split("(")[0])))
    return mentions


_JOINED = re.compile(r"^\s*(?:\+|&|and)\s*$", re.I)
"""What stands between the two parts of one machine (`Tesla V100 32GB + RTX 3060 12GB`)."""
_AND = re.compile(r"\band\b", re.I)


@lru_cache(maxsize=1 << 14)
def names_systems_joined(text: str) -> bool:
    """Whether a text names two systems joined as the parts of one machine (`dual-GPU system
    (Tesla V100 32GB + RTX 3060 12GB)`): it states neither as the system of all its runs,
    whichever it names first."""
    if "+" not in text and "&" not in text and not _AND.search(text):
        return False  # nothing joins two parts: a wide row of numbers is not scanned for systems
    found = list(SYSTEM.finditer(text))
    for one, other in pairwise(found):
        words = set(re.findall(r"[a-z0-9]+", one.group(0).lower()))
        apart = not words & set(re.findall(r"[a-z0-9]+", other.group(0).lower()))
        if apart and _JOINED.match(text[one.end() : other.start()]):
            return True
    return False


_ALTERNATIVE = re.compile(r"^\s*(?:/|or)\s*(?:an?\s+|the\s+)?$", re.I)
"""What stands between two machines offered as alternatives (`ASUS Ascent GX10 / NVIDIA DGX
Spark nodes`, `a DGX Spark or a GX10`)."""


@lru_cache(maxsize=1 << 14)
def names_alternative_systems(text: str) -> bool:
    """Whether a text offers two machines as alternatives (`provisions ASUS Ascent GX10 /
    NVIDIA DGX Spark nodes`): what a tool runs on, not the one machine its figures were
    measured on, so an introduction naming them states no system for all its runs."""
    if "/" not in text and not re.search(r"\bor\b", text, re.I):
        return False
    found = list(SYSTEM.finditer(text))
    for one, other in pairwise(found):
        words = set(re.findall(r"[a-z0-9]+", _key(one.group(0))))
        apart = not words & set(re.findall(r"[a-z0-9]+", _key(other.group(0))))
        if apart and _ALTERNATIVE.match(text[one.end() : other.start()]):
            return True
    return False


def _closed(text: str, start: int, end: int) -> str:
    found = text[start:end].strip()
    if found.count("(") > found.count(")"):
        # the restatement's bracket closed, also where more follows in it (`(GB10, 128 GB)`)
        found = found.rstrip(" ,") + ")"
    return found


@lru_cache(maxsize=1 << 14)
def sole_system(text: str) -> str | None:
    """The one system a text names (a name and its restatement in brackets count once);
    None when it names none or two (`Strix Halo vs DGX Spark` says neither)."""
    mentions = _system_mentions(text)
    if len({key for _, key in mentions}) != 1 or CHIP_FAMILY.search(text):
        return None
    if names_cpu_apart(text):
        return None  # `Zen4 (Ryzen-7950X), ARM_NEON (M2-Max)`: a CPU's box beside the system
    return mentions[0][0]


def names_chip(text: str) -> bool:
    """Whether a text names a chip many makers' machines carry (`Strix Halo`, `Lunar Lake`)."""
    return bool(CHIP_FAMILY.search(text))


@lru_cache(maxsize=1 << 14)
def names_cpu_apart(text: str) -> bool:
    """Whether a text names a CPU (`Ryzen-7950X`) that is not part of a system's name: a
    machine of its own beside any system it names."""
    spans = [m.span() for m in SYSTEM.finditer(text)]
    return any(
        not any(start < m.end() and m.start() < end for start, end in spans)
        for m in CPU.finditer(text)
    )


@lru_cache(maxsize=1 << 14)
def mentioned_systems(text: str) -> tuple[str, ...]:
    """Each system a text names once, without its maker (`NVIDIA DGX Spark (GB10, 128 GB)` is
    one mention: the bracket restates it)."""
    return tuple(dict.fromkeys(key for _, key in _system_mentions(text)))


@lru_cache(maxsize=1 << 14)
def first_system(text: str) -> str | None:
    """The first system a text names, with its restatement in brackets."""
    mentions = _system_mentions(text)
    return mentions[0][0] if mentions else None


_HOSTED_NAMES = (*_VOCABULARY.run_context.hosted_models, *_VOCABULARY.run_context.hosted_services)
_HOSTED = gated(re.compile(rf"(?<![\w-])(?:{spelling_pattern(_HOSTED_NAMES)})(?![\w])", re.I))


_MODEL_KEY = re.compile(
    r"^[\s>*_-]*(?:\|\s*)?[*_`]*\"?model\"?[*_`]*\s*(?:\||:)[\s`*_]*\"?(?P<value>[^\"`|,\s]+)",
    re.I,
)
"""A line stating a run's model under the key `model` (`| Model | `opencode/x` |`, `"model":
"opencode/x"`, `model: opencode/x`)."""
_ROUTES = "|".join(re.escape(route) for route in _VOCABULARY.standing.hosted_routes)
_ROUTED = re.compile(rf"^(?:{_ROUTES or '(?!)'})/[\w.:/-]+$", re.I)
"""A model id a hosted router prefixes (`opencode/x-preview-f-free`)."""
_HOSTED_SERVICE = re.compile(
    rf"^(?:{'|'.join(re.escape(name) for name in _VOCABULARY.standing.hosted) or '(?!)'})"
    r"(?![\w-])",
    re.I,
)


def hosted_document_model(lines: Sequence[str]) -> tuple[int, str] | None:
    """The line and the id of the hosted model a document runs, where its every `model` key
    names one (its setup table's `| Model | `opencode/x-preview-f-free` |`, a result file's
    `"model": "opencode/..."`, or that id without its route); None where a key names a model
    of the repository's own machine, or no key names any."""
    stated = [
        (number, found.group("value"))
        for number, line in enumerate(lines, 1)
        if "odel" in line and (found := _MODEL_KEY.match(line)) is not None
    ]
    hosted = {v for _, v in stated if _ROUTED.match(v) or _HOSTED_SERVICE.match(v)}
    tails = {value.rsplit("/", 1)[-1].lower() for value in hosted}
    if not hosted or any(v not in hosted and v.lower() not in tails for _, v in stated):
        return None
    return next((number, value) for number, value in stated if value in hosted)


_BENCHMARK = gated(
    re.compile(
        rf"(?<![\w-])(?:{spelling_pattern(_VOCABULARY.run_context.benchmarks)})(?![\w])", re.I
    )
)
MAX_BENCHMARK_WORDS = 4
"""A header or heading this long at most is a benchmark's name with its qualifiers
(`MMLU (5-shot) FP16→AQLM`, `Wiki2 PPL`), not a sentence that mentions one."""


@lru_cache(maxsize=1 << 12)
def benchmark_of(text: str) -> str | None:
    """The header or heading as written where it names one task benchmark and little else
    (`CEval (val)`, `### GSM8K`), else None (`MMLU, C-Eval, GSM8K` names three)."""
    plain = text.replace("*", "").replace("`", "").strip().strip("#").strip()
    found = {m.group(0).lower() for m in _BENCHMARK.finditer(plain)}
    if len(found) != 1 or len(plain.split()) > MAX_BENCHMARK_WORDS:
        return None
    return plain


def names_hosted_model(text: str) -> bool:
    """Whether a text names a model or a service only its vendor serves (`powered by Gemini
    Flash`, `Cloudflare Workers AI Load Test`)."""
    return any(_line_names_hosted(line) for line in text.split("\n"))


# A figure's chain text repeats its document's lines (a data file's chain runs to its end):
# read line by line, each line is searched once per run, not once per figure (searching the
# joined chains was 570 of pendakwah's 880 profiled seconds, quadratic in a 500 KB JSON file).
@lru_cache(maxsize=1 << 16)
def _line_names_hosted(line: str) -> bool:
    return bool(_HOSTED.search(line))


def _key(name: str) -> str:
    return _MAKER.sub("", name.strip().lower())


def systems_named(text: str) -> frozenset[str]:
    """Every system a text names, each by its name without its maker (`dgx spark`)."""
    found: set[str] = set()
    for line in text.split("\n"):
        found.update(_systems_in_line(line))
    return frozenset(found)


@lru_cache(maxsize=1 << 16)
def _systems_in_line(line: str) -> frozenset[str]:
    return frozenset(
        _key(m.group(0)) for pattern in (SYSTEM, CHIP_FAMILY, CPU) for m in pattern.finditer(line)
    )


def names_other_system(text: str, system: str) -> bool:
    """Whether a text names a system that is not `system` (one that shares no word with it:
    `GB10` is the `DGX Spark-class NVIDIA GB10`, `Nvidia DGX Spark` is not `Strix Halo`)."""
    return other_system_among(systems_named(text), system)


def other_system_among(systems: frozenset[str], system: str) -> bool:
    """Whether `systems` (as `systems_named` gives them) hold one that is not `system`."""
    words = set(re.findall(r"[a-z0-9]+", system.lower()))
    return any(not (set(re.findall(r"[a-z0-9]+", name)) & words) for name in systems)


def _engine_openings() -> re.Pattern[str]:
    """A line that ends with an engine spelling's first words, cut where the spelling may
    break across lines (at a space, or around a `/`): `served by LM` over `Studio`."""
    cuts: list[str] = []
    for entry in _VOCABULARY.engine:
        for spelling in entry.spellings:
            for at, character in enumerate(spelling):
                if character == " ":
                    cuts.append(spelling[:at].rstrip())
                elif character == "/":
                    cuts += [spelling[:at].rstrip(), spelling[: at + 1]]
    spelled = [
        re.escape(cut).replace(r"\ ", r"\s+").replace("/", r"\s*/\s*") for cut in cuts if cut
    ]
    return re.compile(rf"(?<![\w-])(?:{'|'.join(spelled) or '(?!)'})\s*\Z", re.I)


_ENGINE_OPENING = gated(_engine_openings())


@lru_cache(maxsize=1 << 16)
def line_names(line: str) -> tuple[bool, frozenset[str], frozenset[str], bool]:
    """What one line names, as a chain's text is read: whether a vendor-served model
    (`names_hosted_model`), its systems (`systems_named`), its engines (`engines_named`),
    and whether it ends with an engine's first words, so that with the next line it may
    name an engine neither names alone (then only the joined text says which)."""
    engines = engines_named(line) if ANY_ENGINE.search(line) else frozenset()
    return (
        _line_names_hosted(line),
        _systems_in_line(line),
        engines,
        bool(_ENGINE_OPENING.search(line)),
    )


@lru_cache(maxsize=1 << 12)
def engines_named(text: str) -> frozenset[str]:
    """Every engine a text names, by its name."""
    if not ANY_ENGINE.search(text):
        return frozenset()  # one search of a wide row rather than one per engine
    return _named(text)


_QUANTITY = re.compile(
    r"[~≈<>]?\s*\d[\d.,]*(?:\s*[-–/]\s*\d[\d.,]*)?\s*(?:%|°\s*[CF]?|[A-Za-z]{1,3}(?:/s)?)?"
)
"""A measured quantity as a cell writes it (`51C`, `90-99%`, `24 GB`, `12 ms`)."""
_DEVICE_KINDS = frozenset({"gpu", "gpus", "cpu", "cpus", "npu", "tpu", "igpu", "dgpu"})
"""Kinds of device: a `Device` cell that says `GPU` names no particular hardware."""


@lru_cache(maxsize=1 << 14)
def names_hardware(text: str) -> bool:
    """Whether a value under a system's header can name hardware: not a quantity (a `GPU`
    column of temperatures holds `51C`), not a kind of device alone (`GPU`, `CPU`)."""
    plain = text.strip().strip("*`_ ").strip()
    if not plain or _BARE_GPU.match(plain):
        return bool(plain)
    if _QUANTITY.fullmatch(plain):
        return False
    return plain.lower() not in _DEVICE_KINDS and bool(re.search(r"[A-Za-z]", plain))


@lru_cache(maxsize=1 << 14)
def system_of_value(text: str) -> str | None:
    """The hardware a short cell is (`Ryzen-7950X` or `M2-Max CPU` under `backend`): a system's
    or a CPU's name and little else."""
    plain = text.strip().strip("*`_ ").strip()
    found = [m.group(0).strip() for pattern in (SYSTEM, CPU) for m in pattern.finditer(plain)]
    if len(found) != 1 or len(plain.split()) > 5 or len(found[0]) < len(plain) - 12:
        return None
    return found[0]


_MARKED = re.compile(r"\s*\[[^\]]{1,20}\]$")
"""A header's closing mark in square brackets (`RTX 5070 Ti tok/s [est]`): a status, not a name."""


@lru_cache(maxsize=1 << 14)
def system_of_header(header: str) -> str | None:
    """A column header that is a system: a named one, or a consumer GPU's number alone
    (`NVIDIA_GB10`, as a generated report writes it, is `NVIDIA GB10`)."""
    plain = _MARKED.sub("", header.strip().strip("*`").replace("_", " "))
    if _BARE_GPU.match(plain):
        return plain
    counted = COUNTED_SYSTEM.search(plain)
    if counted and (counted.group("system") or counted.group("system2")):
        return (counted.group("system") or counted.group("system2")).strip()
    found = system_in(plain)
    if found and _NOTED.fullmatch(plain[plain.find(found) + len(found) :]):
        return found  # `GB10 (128 GB)`: the system and a note on it
    return found if found and len(found) >= len(plain) - 8 else None


_NOTED = re.compile(r"\s*\([^()]*\)\s*")
"""A note in brackets after a system's name in a column header (`GB10 (128 GB)`)."""


@lru_cache(maxsize=1 << 14)
def count_of(text: str, system: str | None = None) -> int | None:
    """The number of machines a text states (`4 x RasPi 5`, `2 x DGX Spark`, `2-node`), not
    of GPUs (`2× RX 7900 XT` is two cards in one machine); with
    `system`, a count of other machines is none of its (`runs on a single M3 Ultra; on NVIDIA
    it needs 8x H100s` counts no M3 Ultra)."""
    counts = _counts_stated(text, system)
    if not counts:
        return None
    if any(other != counts[0] for other in counts[1:]):
        return None  # `the two-node run ...; a solo-node run (world_size=1)`: which is whose?
    return counts[0]


def _counts_stated(text: str, system: str | None) -> list[int]:
    """Every count of machines a text states, in the order `count_of` prefers them: a
    counted system's, then a count in words, then one machine (`solo-node`, `world_size=1`)
    where a text states another count beside it."""
    counts = [
        _count_number(
            m.group("count") or m.group("count2") or m.group("count3") or m.group("count4")
        )
        for m in COUNTED_SYSTEM.finditer(text)
        if not _counts_cards(m) and (system is None or _counts(m, system))
    ]
    counts.extend(
        _count_number(words.group("count"))
        for words in NODE_WORDS.finditer(text)
        if not _counts_a_quantity(text, words.end("count")) and not _model_number(text, words)
    )
    if counts:
        counts.extend(int(m.group(1)) for m in _WORLD_SIZE.finditer(text))
        if _SOLO_MACHINE.search(text):
            counts.append(1)
    return counts


def _count_number(count: str) -> int:
    count = count.lower()
    return _COUNT_WORDS[count] if count in _COUNT_WORDS else int(count)


_WORLD_SIZE = re.compile(r"\bworld[_\s-]?size\s*[=:]\s*(\d+)\b", re.I)
"""A distributed run's count of ranks, as its launcher writes it (`world_size=1`)."""
_SOLO_MACHINE = re.compile(r"\b(?:solo|single)[\s-](?:node|host|machine)\b", re.I)
"""One machine, in words (`a solo-node run`)."""


_NAME_BEFORE = re.compile(r"[A-Za-z][\w-]*\s$")


def _model_number(text: str, words: re.Match[str]) -> bool:
    """Whether a count before `machine` is a hardware model number (`4 x RTX 4090 machine`):
    three or more digits right after a name (issue 31: a GPU's number is never a value)."""
    count = words.group("count")
    before = text[: words.start("count")]
    return count.isdigit() and len(count) >= 3 and bool(_NAME_BEFORE.search(before))


def is_card(system: str) -> bool:
    """Whether a system is a card that sits in a machine (`RTX 3090`, `H100`), not a machine."""
    return bool(_CARD.match(system.strip()))


def _counts_cards(match: re.Match[str]) -> bool:
    """Whether a count is of GPUs in a machine (`2× RX 7900 XT`, `H100 * 4`, `4 x GPUs`): the
    GPUs of one VFIO guest are not two nodes (cadamcat/dual-radeon-vllm, read33-s19)."""
    counted = (
        match.group("system")
        or match.group("system2")
        or match.group("system3")
        or match.group("system4")
    )
    return bool(counted and _CARD.match(counted.strip()))


def _counts(match: re.Match[str], system: str) -> bool:
    """Whether a counted machine is `system` (shares a word with it, its maker aside)."""
    if not SYSTEM.search(match.group(0)):
        return True  # `2 x nodes`, `4 GPUs`: no machine named, none other
    words = set(re.findall(r"[a-z0-9]+", _key(system)))
    return bool(words & set(re.findall(r"[a-z0-9]+", _key(match.group(0)))))


_SINGLE_MACHINE = re.compile(r"\bsingle[\s-](?:node|host|machine|gpu|device|card)\b", re.I)


_MACHINES_ALONE = re.compile(
    r"^(?:\d+|one|two|three|four|eight|single)[\s-](?:nodes?|machines?|hosts?)$", re.I
)


def machines_of_value(text: str) -> int | None:
    """The machines a short value is a count of and nothing more (`1 node`, `2 nodes`,
    `single node`): a cell or a stack's part (`Qwen3.8-27B / SGLang / 1 node`)."""
    plain = text.strip().strip("*`_ ").strip()
    if not _MACHINES_ALONE.match(plain):
        return None
    return single_machine(plain) or count_of(plain)


_SINGLE_SYSTEM = re.compile(
    rf"\b(?:a\s+)?single\s+(?:{_SYSTEM_WORDS}|{_MACHINE_WORDS})(?![\w-])", re.I
)


def single_system(text: str) -> int | None:
    """1 where a sentence puts its run on one named machine (`fits on a single M3 Ultra`): a
    figure's own clause's word, never a setup's or an introduction's."""
    return 1 if _SINGLE_SYSTEM.search(text) else None


def single_machine(text: str) -> int | None:
    """1 where a text says its figures ran on one machine (`single-node generation`, `on a
    single GPU`): a caption's or heading's word, not an introduction's (`benchmarks for
    single node configurations` above a cluster's row)."""
    return 1 if _SINGLE_MACHINE.search(text) else None


_PARTS_OF_A_NODE = re.compile(r"[\s-](?:gpus?|cpus?|cores?|cards?|accelerators?|sockets?)\b", re.I)


def _counts_a_quantity(text: str, end: int) -> bool:
    """Whether the number before `nodes` measures something else: a size with its unit
    (`a 512 GB node`) or the parts of one node (`a 4-GPU node`)."""
    return unit_after(text, end) is not None or bool(_PARTS_OF_A_NODE.match(text, end))


@lru_cache(maxsize=1 << 14)
def is_model_value(text: str) -> bool:
    """A value that names a model: a Hugging Face id or a name with a parameter count."""
    plain = text.strip().strip("`*")
    if not plain or len(plain) > 80:
        return False
    return bool(_HF_ID.match(plain)) or bool(_MODEL_VALUE.fullmatch(plain))


OWN_SIZE = re.compile(r"(?:^|[-.:\s])A?\d+(?:\.\d+)?[bBmM](?:$|[-.])")
"""A parameter count that is a part of the name of its own (`gpt-oss-120b`, `Llama-3.1-8B`,
`Hunyuan-A13B-Instruct`), not the tail of a word (`qwen397b-np1-max-context` is a run's name)."""
_VERSIONED_FAMILY = re.compile(r"^[A-Za-z]+[-\s]?[Vv]?\d+(?:\.\d+)?(?:[-.\s]|$)")
"""A family's name and its generation at a name's start, each a part of its own
(`GLM-4.5-Air`, `Qwen3-32B`, `DeepSeek-V4-Flash`), not a run's name glued to a count
(`qwen397b-np1`)."""


_RUN_OF_AN_ENGINE = re.compile(rf"^(?:{'|'.join(ENGINES.values())})[-_]", re.I)
"""A name that starts with an engine's (`vllm-7B-2gpuA10080GB-0.5GRAM-same-node`): a run's
name, which states its model's size, GPUs and settings, not a model's (dennislee22/
vLLM-benchmarking's startup log gave every figure the model `vllm-7B-2gpuA10080GB-...`)."""


@lru_cache(maxsize=1 << 12)
def names_model(name: str) -> bool:
    """Whether a name alone (a folder's, a clause's hyphenated word) is a model's: a value
    that names one with a parameter count of its own (`is_model_value`, `OWN_SIZE`:
    `Hunyuan-A13B-Instruct`), a Hugging Face id, or a model family's name with its
    generation at its start (`GLM-4.5-Air`). The one test extract's condition reader and
    the draft's title share."""
    plain = name.strip().strip("`*")
    if _RUN_OF_AN_ENGINE.match(plain) and "/" not in plain:
        return False  # `vllm-7B-2gpuA10080GB-...`: a run's name (`mlx-community/...` is an id)
    if is_model_value(plain) and (OWN_SIZE.search(plain) or _HF_ID.match(plain)):
        return True
    start = _VERSIONED_FAMILY.match(plain) if " " not in plain else None  # one word only:
    # `qwen35 27B Q4_K - Medium` is llama-bench's architecture label, not a model's name
    return start is not None and any(
        plain.lower().startswith(family) and len(family) >= 2
        for family in family_names_in(start.group(0))
    )


@lru_cache(maxsize=1 << 14)
def model_in(text: str) -> str | None:
    """The first model name a text states (a name with a parameter count), as written."""
    for match in _MODEL_NAME.finditer(text):
        if _is_a_file_name(text, match):
            continue
        name = _name_run(_after_function_words(_without_spaced_path(match.group(0))).strip("-_ "))
        if _size_of(name) and not SYSTEM.fullmatch(name) and _has_a_name(name):
            return name
    return None


_FILE_WORD = re.compile(r"[^\s()\[\]<>\"'`,;|]*")
_SUFFIX = re.compile(r"\.[A-Za-z0-9]{1,9}$")


def _is_a_file_name(text: str, match: re.Match[str]) -> bool:
    """Whether a matched name is a document's file name (`vllm-7B-2gpuA10080GB-0.5GRAM-same-
    node.log`, `Llama-3-8B.json`): a name written with a document's suffix names the file,
    which may carry the model's size, the GPUs and the settings of a run, not the model the
    run served (dennislee22/vLLM-benchmarking's `Startup log: [vllm-7B-...-same-node.log]`
    gave its section the model `7B-2gpuA10080GB-0.5GRAM-same-node.log`). A weights file
    (`Qwen2-7B.gguf`) is named after its model and is kept."""
    rest = _FILE_WORD.match(text, match.end())
    end = rest.end() if rest is not None else match.end()
    suffix = _SUFFIX.search(text[match.start() : end].rstrip("."))
    return suffix is not None and suffix.group(0).lower() in DOCUMENT_SUFFIXES


_SPACED_PATH = re.compile(r"^\S*/\S*\s+")
"""A word with a slash before a space: a unit (`tok/s`) or a path, never a model's owner (a
Hugging Face id has no space in it)."""


def _without_spaced_path(name: str) -> str:
    """A matched name without a leading word that has a slash and a space after it: `tok/s`
    ending one line of a list item is not the owner of the model its next line names."""
    while (found := _SPACED_PATH.match(name)) is not None and found.end() < len(name):
        name = name[found.end() :]
    return name


def _size_of(name: str) -> re.Match[str] | None:
    """A model name's parameter count: `7B`, an Ollama tag's `:14b`, or `14b` after a
    family's name."""
    size = SIZE.search(name) or _TAG_SIZE.search(name)
    if size is None and family_names_in(name):
        size = _LOWER_SIZE.search(name)
    return size


def _name_run(name: str) -> str:
    """A matched name from the words written as a name right before its size: `Most people
    assume a 671B` names no model (`a` is no name), `the Qwen 7B` names `Qwen 7B`."""
    size = _size_of(name)
    if size is None:
        return name
    words = name[: size.start()].split()
    if not words:
        return name
    kept: list[str] = []
    for word in reversed(words):
        # a family joined to its size by a hyphen is a name (`gpt-oss-` of `gpt-oss-120b`)
        if not (
            re.search(r"[A-Z\d/]", word) or families_in(word.rstrip("-_")) or word.endswith(":")
        ):
            break
        kept.append(word)
    if len(kept) == len(words):
        return name
    head = " ".join(reversed(kept))
    # an Ollama tag's name and size are one word, and so is a name the size ends
    # (`dense gemma-4-31B` names `gemma-4-31B`, not `gemma-4- 31B`)
    joint = "" if head.endswith(":") or not name[size.start() - 1].isspace() else " "
    return f"{head}{joint}{name[size.start() :]}".strip() if kept else name[size.start() :]


_NAME_WORD = re.compile(r"[A-Za-z][\w.-]*")


def _has_a_name(text: str) -> bool:
    """Whether a size comes with a name: an id, a family, or a word beside the size that is
    written as a name (a capital or a digit: `Mixtral`, `deepseek-r1`), not `the 4B`,
    `this dense 8B` or a bare `1M`; an Ollama tag is a name and its size (`llava:7b`)."""
    if "/" in text or families_in(text) or _TAG_SIZE.search(text):
        return True
    rest = _TAG_SIZE.sub(" ", SIZE.sub(" ", text))
    return any(re.search(r"[A-Z\d]", word) for word in _NAME_WORD.findall(rest))


# words that join a heading's topic or a sentence to the model it names (`Perplexity table on
# LLaMA 3 70B`, `Most people assume a 671B` names none)
_FUNCTION_WORD = re.compile(
    r"^(?:.*\s)?(?:on|for|of|with|in|at|using|from|by|vs\.?|and|a|an|the"
    r"|but|while|whereas|although|though|however|unlike|because|since"
    r"|testing|tested|running|benchmarking|evaluating|serving|loading|pulling)\s+",
    re.I,
)
"""The words after which a model's name starts: joining words, and a tool's verbs of what it
does with the model (`--- Testing qwen2.5:1.5b (1.5B) ---`, `Running llama-bench with ...`)."""


def _after_function_words(name: str) -> str:
    """A matched name without the words before its last joining word: the model starts after
    `on`, `for`, `of`, `testing`, ... (`Results for Qwen2.5 1.5B` names `Qwen2.5 1.5B`)."""
    return _FUNCTION_WORD.sub("", name, count=1)


@lru_cache(maxsize=1 << 14)
def without_engines(text: str) -> str:
    """A text with the engines it names left out (`llama.cpp Qwen2.5 1.5B` names a model
    after its engine)."""
    for _, regex in _ENGINE:
        text = regex.sub(" ", text)
    return text


def is_size(text: str, header: str = "") -> bool:
    """A value that is only a parameter count (`7B`, `1.1B`, `8x7B`; `1.5 B` under a
    `Parameters` header)."""
    if SIZE.fullmatch(text.strip()):
        return True
    return bool(MODEL_SIZE_HEADER.search(header) and _SPACED_SIZE.fullmatch(text.strip()))


def is_version(text: str) -> bool:
    """A value that is a version or build (`0.20.1`, `b9536`, `da1daf40`)."""
    return bool(_VERSION.match(text.strip().strip("`")))


@lru_cache(maxsize=1 << 14)
def families_in(text: str) -> tuple[str, ...]:
    """The model families a text names with their generation (`LLaMA 3`, `Qwen2.5`), as
    written, each once."""
    return tuple(dict.fromkeys(m.group(0).strip() for m in _FAMILY.finditer(text)))


_FAMILY_NAME = re.compile(rf"(?<![\w/.-])(?:{FAMILIES})(?![a-z])", re.I)


@lru_cache(maxsize=1 << 12)
def family_names_in(text: str) -> frozenset[str]:
    """The model families a text names, lower-cased and without generation or variant
    (`DeepSeek-V4-Flash` and `deepseek r1` both name `deepseek`)."""
    return frozenset(m.group(0).lower() for m in _FAMILY_NAME.finditer(text))


_IMAGE_TAG = re.compile(r":v?(\d+(?:\.\d+)+)")


@lru_cache(maxsize=1 << 12)
def engine_tag(text: str, engine: str) -> str | None:
    """The version a path or image names its engine with: an image tag (`.../sglang:26.05`)
    or a suffix on the engine's own name (`llama.cpp-b9536/`, `vllm-0.9.2`)."""
    suffix = re.search(
        rf"(?<![\w-])(?:{ENGINES[engine]})-v?(\d+(?:\.\d+)+|b\d{{3,5}})(?![\w.])", text, re.I
    )
    if suffix:
        return suffix.group(1)
    tag = _IMAGE_TAG.search(text)
    return tag.group(1) if tag else None
