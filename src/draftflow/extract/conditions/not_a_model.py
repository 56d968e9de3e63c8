"""Cells a model's column holds that name no model: a weight format or quantization alone
(`GGUF Q4_K_S`, `MLX 8-bit`), a reference to a model named elsewhere (`Same 3B model`), or
a metric's or a ratio's name (`**Speedup**`, a row dividing the rows above it).

A model condition names a model; a format's words are the figure's weight precision (read from
the same cell by `readers._precision_of_model`), and a reference is resolved by a farther
context that names the model, or left blank.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import PurePosixPath

from draftflow.acquire.rules import DOCUMENT_SUFFIXES
from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.metric_names import metric_name
from draftflow.numbers.vocabulary import vocabulary

_FORMAT_WORDS = re.compile(
    r"(?<![\w-])(?:gguf|ggml|safetensors|onnx|exl[23]|quant(?:ized|ised)?|quantization"
    r"|format|weights?|(?:[1-8]|16)[\s-]?bits?|dynamic|static|native|int\d|fp\d+|bf16)(?![\w-])",
    re.I,
)
"""Words of a weight format that are no model's name."""
_BACKEND_WORDS = re.compile(rf"(?<![\w-]){vocab.DEVICE_BACKENDS}(?![\w-])", re.I)
"""The device backend an engine ran on (`PyTorch MPS`, `llama.cpp Vulkan`): beside an
engine's name, no model's."""
_REFERENCE = re.compile(
    r"^\W*(?:the\s+)?(?:same|identical|this|that|above|previous)\b.*\bmodels?\W*$", re.I
)
"""A cell that points at a model named elsewhere (`Same 3B model`, `the same model`)."""
_LEFT = re.compile(r"[A-Za-z]{2,}")
_RATIO_NAME = re.compile(r"^(?:ratio|speed-?up|slow-?down)s?\b", re.I)
"""A ratio's name, which the metric vocabulary may not read alone (`Ratio`)."""
_METRIC_NAME_WORDS = 3
"""A metric's name in a model's cell is short (`Speedup`, `Decode throughput`)."""


def _names_a_document(plain: str) -> bool:
    """Whether a cell is a document's path (`docs/DEEPSEEK_V4_FLASH_0731.md` under `Primary
    source in this repo`, MiaAI-Lab's GLM-NEW-REPORT.md:376): it names where a model is
    written about, not the model (a weights file, `Qwen2-7B.gguf`, is no document)."""
    suffix = PurePosixPath(plain).suffix.lower()
    return " " not in plain and suffix in DOCUMENT_SUFFIXES


def _names_a_metric(plain: str) -> bool:
    """Whether a cell is a metric's or a ratio's name and nothing else: a few words, no digit
    (every model's name this reads is a family or a size, not a measured quantity)."""
    if any(c.isdigit() for c in plain) or len(plain.split()) > _METRIC_NAME_WORDS:
        return False
    return bool(_RATIO_NAME.match(plain)) or metric_name(plain) is not None


@lru_cache(maxsize=1 << 12)
def names_no_model(text: str) -> bool:
    """Whether a model cell names no model: it refers to one named elsewhere, or it is a
    weight format's words (an engine's name among them) with nothing else of a name left."""
    plain = " ".join(text.strip().strip("`*").split())
    if _REFERENCE.match(plain) or _names_a_metric(plain) or _names_a_document(plain):
        return True
    rest = vocab.PRECISION.sub(" ", plain)
    rest = _FORMAT_WORDS.sub(" ", rest)
    runtime = vocab.ANY_ENGINE.search(plain) or vocab.OTHER_RUNTIME.search(plain)
    if rest == plain and not runtime:
        return False  # no format word at all: whatever it is, not this rule's
    rest = vocab.OTHER_RUNTIME.sub(" ", vocab.ANY_ENGINE.sub(" ", rest))
    rest = _BACKEND_WORDS.sub(" ", rest)
    return _LEFT.search(rest) is None


def is_format_only(text: str) -> bool:
    """Whether a cell is a weight format's words alone, no engine among them (`GGUF`,
    `GGUF Q4_K_M`): under a `Framework` header it names the file format, not what ran it."""
    plain = " ".join(text.strip().strip("`*").split())
    if not plain or vocab.ANY_ENGINE.search(plain):
        return False
    rest = _FORMAT_WORDS.sub(" ", vocab.PRECISION.sub(" ", plain))
    return rest != plain and _LEFT.search(rest) is None


def is_local_weights_path(ident: str) -> bool:
    """Whether an `owner/name` id is a path under a folder a run loads weights from
    (`models/Qwen3-0.6B`, Sergey-Kit's `vllm serve` argument): a local copy, not the published
    artifact, which a record names only where a source writes its repository id
    (read33-s26b)."""
    owner, slash, _ = ident.strip().strip("`'\"").partition("/")
    folders = vocabulary().local_weights.folders
    return bool(slash) and (owner.lower() in folders or owner in {".", "..", "~", ""})
