"""How the template drafter reads the record-level metadata (the select stage's
`RecordMetadata`): the names of what stays unstated, and whether a figure's conditions state a
field."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from pydantic import JsonValue

from draftflow.extract.conditions.setup_names import PRECISION, family_names_in
from draftflow.extract.vocabulary import SPEED_AND_TIME_METRICS
from draftflow.record.model import ReportedResult
from draftflow.text.gate import gated

UNSTATED_NAMES = {
    "model_id": "the measured model",
    "runtime": "the runtime",
    "system": "the system",
    "node_count": "the number of machines",
    "quantization": "the quantization",
    "experiment_date": "the date of the measurements",
}

# conditions that state the same thing under another key
SAME_AS = {
    "quantization": ("quantization", "weight_precision"),
    "model_id": ("model_id", "model", "model_artifact"),
    "runtime": ("runtime", "engine"),
}
MODEL_KEYS = ("model", "model_id", "model_artifact")


def states(conditions: Mapping[str, JsonValue], key: str) -> bool:
    """True when a figure's conditions state `key`: itself, a condition that says the same
    (a weight precision is a quantization), or, for the quantization, a model id that names
    its format (`Qwen3-30B-A3B-FP8`, `...-GPTQ-Int4`)."""
    if any(conditions.get(k) is not None for k in SAME_AS.get(key, (key,))):
        return True
    if key == "quantization":
        names = [conditions.get(k) for k in MODEL_KEYS]
        return any(isinstance(name, str) and PRECISION.search(name) for name in names)
    return False


# the words with which a document speaks of a condition (`run sequentially (concurrency 1)`):
# a condition its documents speak of is not one "no headline figure states", even where the
# figures' conditions did not take it up
MENTIONS = {
    # `Number of Parallel Model Requests Allowed`, `OLLAMA_NUM_PARALLEL`; not a parallelism
    "concurrency": r"\bconcurren\w*|\bsequential(?:ly)?\b|\bbatch size|num_parallel"
    r"|(?<!tensor )(?<!pipeline )(?<!data )(?<!expert )\bparallel\b(?![ _-]?(?:size|degree))",
    # (a sequence length, FastFlowLM's `TPS at different sequence lengths`, says how long
    # the input grew: "no figure states its input tokens" beside a 64k column misled)
    # (llama-bench's own shorthand in a run log, `512p + 128g tokens`, sensura-san; a fixed
    # `window size of 512`, maxbengtsson10: read33-s27 found "these stay unknown" false)
    "input_tokens": r"\binput[_ -]?(?:tokens?|length|len)\b|\bprompt[_ -](?:tokens?|length)|\bisl\b"
    r"|\bpp\d+\b|\bsequence[_ -]length|\bprompt[_ ]eval[_ ]count\b|\b\d+p\s*\+\s*\d+g\b"
    r"|\b(?:context|token)[_ -]window\b|\bwindow[_ -]size\b",
    # `512-token outputs`, `a 64- vs 8-token generation` (a count: not `Token Generation Time`)
    # (Ollama's verbose `eval count: 882 token(s)` beside its rate, morteza89's `for 10
    # tokens`: read33-s24b found "no figure states its output tokens" false over each)
    "output_tokens": r"\boutput[_ -]?(?:tokens?|length|len)\b|\bmax[_ -]tokens\b|\bosl\b"
    r"|\btg\d+\b|\bgenerat\w* (?:tokens|length)"
    r"|\b\d+[ -]tokens? (?:outputs?|generations?|completions?|responses?)\b"
    r"|(?<!prompt )\beval[_ ]count\b|\b(?:for|generat\w*|produc\w*) \d+ tokens?\b"
    r"|\b\d+p\s*\+\s*\d+g\b",
    "temperature": r"\btemperature\b",
    "top_p": r"\btop[_ -]?p\b",
    "cache_state": r"\bcach(?:e|ed|ing)\b|\bwarm[- ]?up\b|\bcold start",
    # the words, or any weight precision of the vocabulary (`numbers/vocabulary.toml`)
    # and a GGUF quantization's name in a folder or file name (`GLM-4.5-Air-UD-Q4_K_XL`)
    "quantization": rf"\bquanti[sz]\w*|\bgguf\b|{PRECISION.pattern}"
    r"|(?<![a-z0-9])(?:ud-)?i?q[1-8](?:_[0-9a-z]+)+(?![a-z0-9])",
    "speculative_decoding": r"\bspeculat\w*|\bmtp\b|\bdraft model\b|\beagle\d?\b|\bdflash\b",
}


NOT_A_GAP = frozenset({"speculative_decoding"})
"""Conditions never named as a gap: one is written only where no document read speaks of
it, and then nothing says it was used (llama-bench's pp512 "leaves its speculative decoding
unknown" was read as false, read33-s23)."""


_MENTIONED = {key: gated(re.compile(pattern, re.IGNORECASE)) for key, pattern in MENTIONS.items()}
"""Each key's words compiled behind the letters they open with: a document's every place is not
tried (a wide table's 440 KB README is digits, blanks and pipes)."""


def mentioned(key: str, texts: Iterable[str]) -> bool:
    """Whether a document speaks of the condition (`pp512`, `tg128`, `concurrency 1`): then
    "no headline figure states it" would read as the sources not stating it."""
    pattern = _MENTIONED.get(key)
    return pattern is not None and any(pattern.search(t) for t in texts)


# (not a bare `score`: a number of no stated scale, epappas's HTTP 401 read as a score)
INFERENCE_METRICS = SPEED_AND_TIME_METRICS | {
    "accuracy",
    "judge_pass_rate",
    "perplexity",
    "speculative_acceptance_rate",
}


def is_inference(result: ReportedResult) -> bool:
    """Whether the figure measures a model's inference (a speed, a time, an accuracy), whose
    run conditions a reader needs to compare it."""
    return result.metric in INFERENCE_METRICS


# the metrics of a model that generates tokens: its run settings (tokens in and out, sampling,
# cache) are what a reader needs to compare them; a rate in tokens/s is one too
TOKEN_GENERATION_METRICS = frozenset(
    {
        "ttft",
        "ttfc",
        "inter_token_latency",
        "prefill_rate",
        "decode_rate",
        "aggregate_throughput",
        "request_throughput",
        "speculative_acceptance_rate",
        "judge_pass_rate",
        "perplexity",
    }
)
TOKEN_UNITS = frozenset({"tokens/s", "J/token"})
# a model that encodes or scores its input and generates no token (an embedding model, a
# reranker, a cross-encoder): "no figure states its output tokens, temperature or top p" is
# no gap of its figures (read33-s24b: atomicjets's EmbeddingGemma, shreyansh26's reranker)
NOT_GENERATIVE = re.compile(
    r"embed|rerank|cross[-_ ]?encoder|sentence[-_ ]transformer|\bbert\b|\bclip\b",
    re.IGNORECASE,
)


def is_token_generation(result: ReportedResult, models: Iterable[str] = ()) -> bool:
    """Whether the figure measures a model generating tokens (a decode rate, a time to first
    token, a throughput in tokens/s), of a model that generates: its own model, else (it
    names none) the headline's `models`, not all of which may be an embedding model or a
    reranker. A latency in ms of a detector or a diffusion pipeline's it/s is none: its
    token and sampling settings are no gap (read33-s24b: aallan, fal-ai)."""
    if result.metric not in TOKEN_GENERATION_METRICS and result.unit not in TOKEN_UNITS:
        return False
    own = [m for k in MODEL_KEYS if isinstance(m := result.conditions.get(k), str) and m]
    named = own or [m for m in models if m]
    return not named or not all(NOT_GENERATIVE.search(m) for m in named)


def headline_models(results: Iterable[ReportedResult]) -> list[str]:
    """The models the figures' conditions name, once each."""
    named = (r.conditions.get(k) for r in results for k in MODEL_KEYS)
    return list(dict.fromkeys(m for m in named if isinstance(m, str) and m))


GENERATION_KEYS = frozenset(
    {"concurrency", "input_tokens", "output_tokens", "temperature", "top_p", "cache_state"}
)
"""The run settings of a model generating tokens (how many in and out, how sampled, how many
requests at once, a warm or cold prefix cache): a gap only of its figures. A quantization is
one of any model's inference."""


def condition_applies(key: str, result: ReportedResult, models: Iterable[str] = ()) -> bool:
    """Whether `key` is a condition a reader needs to compare the figure: a generation
    setting of a token-generation figure (`is_token_generation`), any other of a model's
    inference (`is_inference`)."""
    if key in GENERATION_KEYS:
        return is_token_generation(result, models)
    return is_inference(result)


_BILLIONS = re.compile(r"(?<![A-Za-z])\d+(?:\.\d+)?\s?[Bb](?![A-Za-z])")


def looks_like_a_model(name: str) -> bool:
    """Whether a stated model reads as one: a known family (`Qwen3.5-9B`), a hub id
    (`meta-llama/Llama-2-70b-chat-hf`) or a size in billions (`Nemotron-3-Super-120B`). A
    stack's name read as the model (MiaAI's "Anemll 1M/6" stack: "throughput of ~160-190
    tokens/s for Anemll 1M") names none."""
    name = name.strip()
    if not name:
        return False
    return bool(family_names_in(name)) or "/" in name or _BILLIONS.search(name) is not None
