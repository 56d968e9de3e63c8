"""The wording of the template drafter: its fixed lists, limits and small text helpers.

Nothing here writes a digit or a number word of its own; numbers only ever arrive inside the
labels, values and conditions the callers pass in.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TypeVar

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document
from draftflow.draft.grounding import Grounding, format_value
from draftflow.extract.document import atx_heading
from draftflow.numbers.units import unit_after
from draftflow.record.model import RECORD_CONDITION_KEYS, ReportedResult, Section

_T = TypeVar("_T")

MAX_METRICS = 8
MAX_RESULTS_PER_METRIC = 8
MAX_PROFILES = 8
MAX_CONDITIONS_PER_PROFILE = 12
MAX_DOCUMENTS_NAMED = 12
MAX_METRICS_IN_TITLE = 3
MAX_METRICS_IN_SUMMARY = 5
MAX_KEYS_NAMED = 10
MAX_VALUE_CHARS = 80
MAX_LABEL_CHARS = 60
MAX_HEADING_SCAN = 20

STANDARD_CONDITION_KEYS = RECORD_CONDITION_KEYS
# Conditions shown first when describing a configuration; other scalar keys follow.
SALIENT_CONDITION_KEYS = (
    "model",
    "model_artifact",
    "weight_precision",
    "quantization",
    "engine",
    "engine_version",
    "system",
    "node_count",
    "parallelism",
    "concurrency",
    "input_tokens",
    "output_tokens",
    "max_output_tokens",
    "temperature",
    "top_p",
    "thinking",
    "speculative_decoding",
    "kv_dtype",
    "context_limit_tokens",
    "cache_state",
    "prefix_cache",
    "experiment_date",
    "repetitions",
)
SETUP_FIELDS = (
    ("system", "system"),
    ("node_count", "node count"),
    ("parallelism", "parallelism"),
    ("kv_dtype", "KV cache dtype"),
    ("context_limit_tokens", "context limit in tokens"),
    ("experiment_date", "experiment date"),
)

UNRANKED = "Figures from different configurations are not ranked against each other."
RANKED_LIMITATION = (
    "A comparison here sets the sources' own figures side by side; it holds for the "
    "configurations and workloads they state, not beyond them."
)
LIMITATIONS = (
    "Source-reported only; nothing here was reproduced independently.",
    "The document revision identifies the report, not the executed runtime or weight revision.",
    UNRANKED,
    "Written from templates without a model: the text restates the extracted figures and "
    "does not interpret them.",
)
UNUSABLE_MODEL_LIMITATION = (
    "Written from templates: the model was asked, but none of its replies was usable; the text "
    "restates the extracted figures and does not interpret them."
)
"""The last limitation when the model was asked and the templates wrote everything: the
byline (`CREATION_MODEL_UNUSABLE`) and the limits then say the same."""
NOTES = (
    "Each figure is tied to the line of the document that states it; a condition the source "
    "does not state stays null.",
)


def section(heading: str, paragraphs: list[str], cited: Iterable[Document]) -> Section | None:
    paragraphs = [p for p in paragraphs if p]
    documents = unique_documents(cited)
    if not paragraphs or not documents:
        return None
    return Section(
        heading=heading, paragraphs=paragraphs, citations=[d.pinned_url for d in documents]
    )


def section_always(heading: str, paragraphs: list[str], cited: Iterable[Document]) -> Section:
    documents = unique_documents(cited)
    return Section(
        heading=heading, paragraphs=paragraphs, citations=[d.pinned_url for d in documents]
    )


def condition_phrases(conditions: dict[str, JsonValue]) -> list[str]:
    keys = [k for k in SALIENT_CONDITION_KEYS if k in conditions]
    keys += [k for k in conditions if k not in SALIENT_CONDITION_KEYS]
    phrases = [
        f"{key_name(k)}: {display(conditions[k])}"
        for k in keys
        if conditions[k] is not None and is_scalar(conditions[k])
    ]
    # Long free-text values (notes, whole table cells of prose) are data, not a condition
    # worth restating; they stay in the record's conditions.
    short = [p for p in phrases if len(p) <= MAX_VALUE_CHARS and "\n" not in p]
    return short[:MAX_CONDITIONS_PER_PROFILE]


def display_label(label: str) -> str:
    """A label short enough to read in a sentence: long harvested labels ("context; row,
    column") keep their last part, and are cut at a word boundary, never inside a number."""
    label = " ".join(label.split())
    if len(label) > MAX_LABEL_CHARS and "; " in label:
        label = label.rsplit("; ", 1)[1]
    if len(label) > MAX_LABEL_CHARS:
        cut = label[:MAX_LABEL_CHARS].rsplit(" ", 1)[0]
        label = cut.rstrip(",;:") + " …"
    return label


def document_name(document: Document, grounding: Grounding) -> str:
    """A noun phrase naming the document: by its path, or by its first heading when the path
    holds a name no source states; empty when neither can be written."""
    if grounding.supports(document.path):
        return f"the file {document.path}"
    for line in document.line_list[:MAX_HEADING_SCAN]:
        heading = atx_heading(line)
        if heading is not None:
            if heading and len(heading) <= MAX_LABEL_CHARS and grounding.supports(heading):
                return f"the document headed “{heading}”"
            break
    return ""


def has_unit(unit: str) -> bool:
    """False for the extract stage's placeholders for a unit the source does not give."""
    return unit.strip().lower() not in {"", "unspecified", "unknown", "none"}


def with_unit(written: str, unit: str) -> str:
    """A value as prose writes it, its unit once: `285W` stays `285W` and `2.95%` stays
    `2.95%` (the source wrote the unit with the number), `47.91` becomes `47.91 tokens/s`."""
    if not has_unit(unit):
        return written
    last_digit = max((i for i, char in enumerate(written) if char.isdigit()), default=-1)
    if last_digit >= 0 and unit_after(written, last_digit + 1) is not None:
        return written
    if written.lower().endswith(unit.lower()):
        return written
    return f"{written} {unit}"


def metric_name(result: ReportedResult) -> str:
    return result.metric.replace("_", " ").strip() or "unnamed metric"


def key_name(key: str) -> str:
    return key.replace("_", " ")


def key_names(keys: Iterable[str]) -> list[str]:
    return [key_name(k) for k in keys]


def display(value: JsonValue) -> str:
    if isinstance(value, bool | int | float):
        return format_value(value)
    return " ".join(str(value).split()).rstrip(".")


def text(value: JsonValue) -> str | None:
    return value if isinstance(value, str) else None


def is_scalar(value: JsonValue) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def differ_stated(values: Iterable[JsonValue]) -> bool:
    """True when two of the values that are stated (not null) differ: a figure that leaves a
    condition unstated may share it or not, so it shows no difference."""
    return differ(value for value in values if value is not None)


def differ(values: Iterable[JsonValue]) -> bool:
    """True when two of the values differ as canonical JSON (sorted keys) writes them."""
    iterator = iter(values)
    first = next(iterator, None)
    kind = type(first)
    plain = kind in _WRITTEN_AS_EQUAL
    canonical = _same_as_json(first)
    for value in iterator:
        # an equal string, integer, boolean or null of the same type writes the same JSON
        if plain and type(value) is kind and value == first:
            continue
        if _same_as_json(value) != canonical:
            return True
    return False


# Types whose equal values of one type are written alike (floats are not: 0.0 == -0.0).
_WRITTEN_AS_EQUAL = frozenset({str, int, bool, type(None)})


def _same_as_json(value: JsonValue) -> object:
    # Equal exactly when json.dumps(value, sort_keys=True) is, without writing JSON for the
    # scalars (tens of thousands per draft: keys x configurations): 1, 1.0 and true differ.
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, float):
        return ("float", repr(value))
    return ("json", json.dumps(value, sort_keys=True))


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def join(items: Sequence[str], conjunction: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def join_capped(items: Sequence[str], limit: int = MAX_KEYS_NAMED) -> str:
    if len(items) > limit:
        return join([*items[:limit], "other conditions"])
    return join(items)


def unique(items: Iterable[_T]) -> list[_T]:
    seen: dict[_T, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)


def unique_documents(documents: Iterable[Document]) -> list[Document]:
    seen: dict[str, Document] = {}
    for document in documents:
        seen.setdefault(document.pinned_url, document)
    return list(seen.values())


def first_supported(grounding: Grounding, *candidates: str) -> str:
    for candidate in candidates:
        if grounding.supports(candidate):
            return candidate
    return candidates[-1]
