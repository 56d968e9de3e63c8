"""What ran a table's row, where the row names it: a cell under a header naming what ran
(`Method`, `Strategy`, `Backend`, `Engine`, `Framework`, `Runtime`).

A column under such a header that names an engine in one row and something else in another
(`Ollama`, `HF Baseline`, `AirLLM`) gives each row its own runner: a row naming no engine ran
on what it names, which the vocabulary may not know, so the engine the document or the
repository names for its runs is not that row's (alitrabeh/airllm-ollama-benchmark's
`hf_baseline` row was given the Ollama of the README's opening, read31-s29). A cell that joins
an engine with another runner (`CoreML + MLX (hybrid)`) names no one engine. An opening whose
table lists runners so (`| Method | Model |` over Ollama, HuggingFace Baseline, AirLLM) names
the engine of one of its runs, not of every figure of the document.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.document.elements import is_non_value

_RAN_BY = re.compile(
    r"^(?:methods?|strateg(?:y|ies)|backends?|approach(?:es)?|implementations?)$", re.I
)
"""A header naming what ran each row besides the engine's own (`header_key` gives those)."""
_JOINED = re.compile(r"\s(?:\+|&)\s|\s+\band\b\s+")
"""What joins two runners in one cell (`CoreML + MLX`)."""
_NAME = re.compile(r"[A-Za-z]{2,}")
_PROPER = re.compile(r"[A-Za-z]*[A-Z][a-z]*[A-Z]")
"""A product's name by its capitals (`CoreML`, `ANE-LM`, `HF`), not a technique's words
(`speculative decoding`)."""
_BACKEND_ONLY = re.compile(rf"^\W*{vocab.DEVICE_BACKENDS}\W*$", re.I)


@lru_cache(maxsize=1 << 12)
def is_runner_header(header: str) -> bool:
    """Whether a column header names what ran each row (`Method`, `Backend`, `Engine`)."""
    plain = header.replace("*", "").replace("`", "").strip().strip(":").strip()
    return bool(_RAN_BY.match(plain)) or vocab.header_key(plain) == "engine"


@lru_cache(maxsize=1 << 14)
def names_runner(cell: str) -> bool:
    """Whether a cell names something that ran (`AirLLM`, `hf_baseline`, `ANE-LM Batch`):
    a name, not a device backend (`CUDA`), a weight format, a machine or a model."""
    text = cell.replace("*", "").replace("`", "").strip()
    if not text or is_non_value(text) or not _NAME.search(text) or _BACKEND_ONLY.match(text):
        return False
    if vocab.engine_of_value(text) is not None:
        return True
    if vocab.sole_precision(text) is not None or vocab.system_of_value(text) is not None:
        return False
    return not vocab.is_model_value(text)


@lru_cache(maxsize=1 << 14)
def joins_runners(cell: str) -> bool:
    """Whether a cell joins an engine with another runner (`CoreML + MLX (hybrid)`): what ran
    is the two together, no one engine."""
    parts = _JOINED.split(cell.replace("*", "").replace("`", ""))
    if len(parts) < 2:
        return False
    engines = [vocab.engine_in(part) for part in parts]
    others = [
        part
        for part, engine in zip(parts, engines, strict=True)
        if engine is None and names_runner(part) and _PROPER.search(part.split("(")[0])
    ]
    return any(engines) and bool(others)


def lists_runners(cells: Iterable[str]) -> bool:
    """Whether a runner column's cells name an engine in one row and, in another, a runner
    no engine of the vocabulary is (or joined with one)."""
    texts = [cell for cell in cells if names_runner(cell)]
    engines = [vocab.engine_of_value(cell) for cell in texts]
    if not any(engines):
        return False
    return any(
        engine is None or joins_runners(cell) for cell, engine in zip(texts, engines, strict=True)
    )


def opening_lists_runners(columns: Iterable[tuple[str, tuple[str, ...]]]) -> bool:
    """Whether an opening's tables list runners (`lists_runners`) under a runner header: the
    engine it names is one run's, not the document's."""
    return any(is_runner_header(header) and lists_runners(cells) for header, cells in columns)
