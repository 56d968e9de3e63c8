"""The open parts of a record: JSON values kept exactly as given, and the `conditions` dicts.

`conditions` dicts are open (sources report many different settings) but the keys that the
pipeline reasons about are typed: a known key with a wrongly typed value is rejected, while
the dict itself, including its key order and every value, is kept exactly as given.
"""

from __future__ import annotations

import json
import math
from typing import Annotated, Any

from pydantic import AfterValidator, JsonValue, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError

__all__ = [
    "KNOWN_CONDITION_TYPES",
    "RECORD_CONDITION_KEYS",
    "RUN_SOURCE_LINES",
    "SEED_RESULT_KEYS",
    "Conditions",
    "Json",
]

# Known condition keys and the type their value must have. Values are checked strictly (no
# coercion: "1" is not an int, true is not an int, 1.5 is not an int) and then kept unchanged,
# so an int temperature such as 1 stays 1 on disk rather than becoming 1.0.
KNOWN_CONDITION_TYPES: dict[str, Any] = {
    # identity of what was executed
    "model": str | None,
    "model_artifact": str | None,
    "model_revision": str | None,
    "weight_hash": str | None,
    "weight_precision": str | None,
    "quantization": str | None,
    "engine": str | None,
    "engine_version": str | None,
    "runtime_execution_revision": str | None,
    "image_digest": str | None,
    "executed_image_digest": str | None,
    "image_tag": str | None,
    # hardware and topology
    "system": str | None,
    "node_count": int | None,
    "parallelism": str | None,
    "driver": str | None,
    "CUDA": str | None,
    "experiment_date": str | None,
    # workload and sampling
    "input_tokens": int | None,
    "output_tokens": int | None,
    "actual_output_tokens": int | None,
    "max_output_tokens": int | None,
    "cached_tokens": int | None,
    "concurrency": int | None,
    "configured_max_requests": int | None,
    "repetitions": int | None,
    "prompt_count": int | None,
    "temperature": float | None,
    "top_p": float | None,
    "thinking": bool | None,
    "reasoning_effort": int | str | None,
    "speculative_decoding": bool | str | None,
    "draft_tokens": int | None,
    # memory, cache and context
    "cache_state": str | None,
    "prefix_cache": bool | str | None,
    "kv_dtype": str | None,
    "kv_pool_tokens": int | None,
    "context_limit_tokens": int | None,
    "prefill_chunk_tokens": int | None,
    # measurement
    "measurement_denominator": str | None,
    "per_run_values": list[int | float] | None,
    "per_prompt_decode_rates": list[int | float] | None,
    "per_prompt_TTFT_seconds": list[int | float] | None,
    "TTFT_seconds": float | None,
    "run_ids": list[str] | None,
    # each `per_run_values` run's source line, in order (runs on lines of their own: JSONL rows)
    "run_source_lines": list[int] | None,
    # what the source calls a figure of metric `unspecified` (a header no vocabulary names)
    "metric_as_written": str | None,
}

RUN_SOURCE_LINES = "run_source_lines"
"""The condition holding each run's source line, in `per_run_values`' order."""

_CONDITION_ADAPTERS: dict[str, TypeAdapter[Any]] = {
    key: TypeAdapter(value_type) for key, value_type in KNOWN_CONDITION_TYPES.items()
}


def _finite(value: JsonValue) -> JsonValue:
    """Reject NaN and infinities anywhere inside a JSON value: JSON cannot write them."""
    if isinstance(value, float) and not math.isfinite(value):
        raise PydanticCustomError(
            "finite_number",
            "{value} is not a JSON number; write null when unknown",
            {"value": value},
        )
    if isinstance(value, dict):
        for item in value.values():
            _finite(item)
    elif isinstance(value, list):
        for item in value:
            _finite(item)
    return value


Json = Annotated[JsonValue, AfterValidator(_finite)]
"""Any JSON value (finite numbers only), kept exactly as given."""


def _check_known_conditions(conditions: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """Reject a known key whose value has the wrong type; keep the dict (and its order) as is."""
    _finite(conditions)
    for key, value in conditions.items():
        adapter = _CONDITION_ADAPTERS.get(key)
        if adapter is None:
            continue
        try:
            adapter.validate_python(value, strict=True)
        except ValidationError as error:
            expected = _type_name(KNOWN_CONDITION_TYPES[key])
            got = json.dumps(value, ensure_ascii=False)
            detail = f"condition {key!r} must be {expected}, got {got}"
            raise PydanticCustomError(
                "condition_type", "{detail}", {"detail": detail, "key": key}
            ) from error
    return conditions


def _type_name(value_type: Any) -> str:
    name = str(value_type).replace("NoneType", "None").replace(" | ", " or ")
    return name.replace("None", "null")


Conditions = Annotated[dict[str, JsonValue], AfterValidator(_check_known_conditions)]
"""An open dict of measured settings; known keys are type-checked, order and values kept."""


# The record-level `conditions` block of the seeds, in their order: unknown (null) until a
# source states it.
RECORD_CONDITION_KEYS = (
    "model_revision",
    "weight_hash",
    "runtime_execution_revision",
    "input_tokens",
    "output_tokens",
    "concurrency",
    "cache_state",
    "quantization",
    "speculative_decoding",
    "temperature",
    "top_p",
)


SEED_RESULT_KEYS = (
    "experiment_date",
    "concurrency",
    "thinking",
    "temperature",
    "top_p",
    "max_output_tokens",
    "input_tokens",
    "output_tokens",
    "prefix_cache",
    "kv_dtype",
    "draft_tokens",
    "measurement_denominator",
    "repetitions",
)
"""The settings seed 000 writes in every headline figure's conditions, `null` where its source
states none: an editor sees what was looked for and not found, not a missing field."""
