"""The stacks a setup table states, one model's each (`Alt stack | Qwen3.8-27B-NVFP4, SGLang,
TP=1 on one node`): its engine, machines and weight format (`resolve.py` puts them for a
figure of that model where the figure's chain names no other)."""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.context import DocumentContext


def section_text(context: DocumentContext, line: int) -> str:
    """The figure's line, the lines above it under its nearest heading, and its headings:
    its chain without the document's opening and setup, which list every stack, and without
    the sibling sections before it (another table's rows name other stacks)."""
    headings = context.heading_path(line)
    start = headings[0][0] if headings else context.section_start(line)
    numbers = [line, *range(start, line)]
    numbers.extend(n for n, _, _ in headings)
    return "\n".join(context.lines[n - 1] for n in numbers if 1 <= n <= len(context.lines))


@lru_cache(maxsize=256)
def stacks(
    pairs: tuple[tuple[str, str], ...],
) -> tuple[tuple[str, tuple[tuple[str, JsonValue], ...]], ...]:
    """The setup rows that state one model's stack: the model and the engine, machines and
    weight format the row names with it (a row naming no engine and no machines is none)."""
    found = []
    for _, value in pairs:
        model = vocab.model_in(value) or _leading_name(value)
        if model is None:
            continue
        settings: list[tuple[str, JsonValue]] = []
        engine = vocab.engine_measured(value)
        machines = vocab.count_of(value) or vocab.single_machine(value)
        if engine is None and machines is None:
            continue
        precision = vocab.sole_precision(value)
        if precision is not None and _KV_AFTER.match(value, _end_of(value, precision)):
            precision = None  # `fp8 KV`: the cache's format, not the weights'
        for key, setting in (
            ("engine", engine),
            ("node_count", machines),
            ("weight_precision", precision),
        ):
            if setting is not None:
                settings.append((key, setting))
        found.append((model, tuple(settings)))
    return tuple(found)


_PART = re.compile(r"[^,;+(]+")
_KV_AFTER = re.compile(r"\s*(?:kv|cache)\b", re.I)


def _leading_name(value: str) -> str | None:
    """A stack's model named by its family and generation, without a size, as the first part
    of the row (`DeepSeek-V4-Flash-0731, vLLM, TP=2`)."""
    first = _PART.match(value)
    name = first.group(0).strip() if first else ""
    return name if name and vocab.names_model(name) else None


def _end_of(value: str, precision: str) -> int:
    found = value.lower().find(precision.lower())
    return found + len(precision) if found >= 0 else len(value)


def same_model(figure: str, stack: str) -> bool:
    """Whether a figure's model is the stack's, written shorter or longer (`Qwen3.8-27B` for
    `Qwen3.8-27B-NVFP4`): one's words all in the other's, their size among them, or (a model
    named without a size) a family, its generation and its variant (`DeepSeek-V4-Flash` for
    `DeepSeek-V4-Flash-0731`)."""
    short, long = sorted((_name_words(figure), _name_words(stack)), key=len)
    if not short or not short <= long:
        return False
    sized = any(_SIZE_WORD.match(word) for word in short)
    return sized or (len(short) >= _NAMED_WORDS and any(_GENERATION.search(w) for w in short))


_SIZE_WORD = re.compile(r"^\d+(?:\.\d+)?[bm]$")
_GENERATION = re.compile(r"\d")
_NAMED_WORDS = 3
"""Words a model named without its size has at least to be told from its family's others:
its family, its generation and its variant (`deepseek v4 flash`; `llama 3` is a family)."""


def _name_words(name: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9]+(?:\.[0-9]+)*", name.lower()))
