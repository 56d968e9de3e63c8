"""What a run file's name states of its run: `Llama-3.1-8B_latency_bs8_in128_out128_float16`
says the model, the batch and the weight format of every figure in it. Its prompt and
generation lengths are not read: a name's `in32000_out1024` is what the run asked for, and
PalatineVision's run files report prompts of about 2,085 and 50 tokens under such a name.

The file's name is the last place of a figure's chain (cited as line 0): it fills
only what the figure's document leaves unsaid, and its folders only what the name does not
say (`results/gpt-oss-120b/parallel.csv`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.columns import SPLIT_PART, split_weights_name

_SETTING = re.compile(
    r"(?<![A-Za-z0-9])(?P<key>bs|batch|conc|concurrency|ctx|longctx|context)[-=]?"
    r"(?P<number>\d+)(?![A-Za-z0-9.])",
    re.I,
)
"""A setting written as its short name glued to its number (`bs8`, `in128`, `conc1`)."""
_KEYS = {
    "bs": "concurrency",
    "batch": "concurrency",
    "conc": "concurrency",
    "concurrency": "concurrency",
    "ctx": "context_tokens",
    "longctx": "context_tokens",
    "context": "context_tokens",
}
_SUFFIX = re.compile(r"\.[A-Za-z0-9]{1,8}$")
_PARTS = re.compile(r"[_\s]+|__")
_COMPARED = re.compile(r"(?:^|[-.])(?:vs|versus|compared?|comparison)(?:[-.]|$)", re.I)
"""A name part that sets models against each other (`qwen3-vs-minimax-comparison-20260206`):
a report on several models, never one model's name."""
_REPORT = re.compile(
    r"(?:^|[-.])(?:performance|results?|benchmarks?|report|analysis|notes|summary|writeup"
    r"|findings|investigation|profiling|tuning)(?:[-.]|$)",
    re.I,
)
"""A name part that calls its file a report (`deepseek-v4-mtp-performance`): about a model,
not the model's name (which the report states inside, `**Model:** DeepSeek-V4-Flash-8bit`)."""


@lru_cache(maxsize=1 << 10)
def file_name_conditions(path: str) -> tuple[tuple[str, JsonValue], ...]:
    """The conditions a document's file name states, then those its folders state, nearest
    first (each key from the nearest name that states it once)."""
    parts = path.split("/")
    names = [_SUFFIX.sub("", parts[-1]), *reversed(parts[:-1])]
    found: dict[str, JsonValue] = {}
    for name in names:
        for key, setting in _name_conditions(name):
            found.setdefault(key, setting)
    return tuple(found.items())


def _name_conditions(name: str) -> list[tuple[str, JsonValue]]:
    """One file or folder name's settings, the one weight format and the one model it names;
    a setting it states twice differently (`in128_in256`) is none."""
    found = _name_settings(name)
    weights = split_weights_name(name)
    if weights is not None and vocab.names_model(weights[0]):
        # a model's folder or file named with its GGUF type (`GLM-4.5-Air-UD-Q4_K_XL`):
        # the model and the type, which underscores inside it must not split
        return [*found, ("weight_precision", weights[1]), ("model", weights[0])]
    spaced = name.replace("_", " ")
    precision = vocab.sole_precision(spaced)
    if precision is not None:
        found.append(("weight_precision", precision))
    model = _name_model(name, spaced)
    if model is not None:
        found.append(("model", model))
    system = _name_system(name, spaced) if not _COMPARED.search(name) else None
    if system is not None:
        found.append(("system", system))  # a run file named for its machine
    engine = _name_engine(name) if not _COMPARED.search(name) else None
    if engine is not None:
        found.append(("engine", engine))  # `llamacpp-depth-sweep-rocm.json`
    return found


_WORDS = re.compile(r"[-_\s]+")


def _name_engine(name: str) -> str | None:
    """The one engine a name's parts name (cadamcat's `llamacpp-depth-sweep-rocm.json` of
    llama-bench records was given the repository's vLLM, read-s32): an engine's name glued to
    other words is none in a sentence (`vllm-7B-2gpu...`), a part of its own in a name."""
    engines = {engine for part in _WORDS.split(name) if (engine := vocab.engine_in(part))}
    return next(iter(engines)) if len(engines) == 1 else None


def _name_settings(name: str) -> list[tuple[str, JsonValue]]:
    """The settings a name glues to their numbers (`bs8`, `conc1`), each stated once."""
    settings: dict[str, set[int]] = {}
    for match in _SETTING.finditer(name):
        key = _KEYS[match.group("key").lower()]
        settings.setdefault(key, set()).add(int(match.group("number")))
    return [(key, next(iter(numbers))) for key, numbers in settings.items() if len(numbers) == 1]


def _name_model(name: str, spaced: str) -> str | None:
    """The one model a name states: a part that names one, or a model named across the
    parts; none in a name that compares models or calls its file a report of several."""
    models = {
        SPLIT_PART.sub("", part)
        for part in _PARTS.split(name)
        if vocab.names_model(part) and not _COMPARED.search(part) and not _REPORT.search(part)
    }
    spanned = _spanned_model(name, spaced)
    if spanned is not None and all(spanned.startswith(model) for model in models):
        # a model named across the name's parts, as spaced: `Deepseek-r1_8b Raspberry Pi 5`,
        # `Llama3.2_3b` (the part alone, `Llama3.2`, drops its size)
        models = {spanned}
    return next(iter(models)) if len(models) == 1 else None


def _spanned_model(name: str, spaced: str) -> str | None:
    """The model the spaced name states across its parts, without a report word after it."""
    spanned = vocab.model_in(spaced) if not _COMPARED.search(name) else None
    if spanned is None or not vocab.family_names_in(spanned):
        return None  # a run's name (`vllm-7B-2gpuA10080GB-…`) names a size, not a model
    report = _REPORT.search(spanned)
    if report is not None:
        return spanned[: report.start()] or None  # `qwen3-8b-results`: the model is `qwen3-8b`
    return spanned


def _name_system(name: str, spaced: str) -> str | None:
    """The one machine a name states: as written (`P40 24gb`), or a part that is a card's
    model number alone (`Deepseek-r1_7b 4060Ti_16gb`: `4060Ti`, dambergn/ollama-benchmarks,
    whose README's columns name its machines so); not a count of them (`2xP40`)."""
    system = vocab.sole_system(spaced)
    if system is not None:
        return system
    alone = {part for part in _PARTS.split(name) if vocab.system_of_header(part) == part}
    return next(iter(alone)) if len(alone) == 1 else None
