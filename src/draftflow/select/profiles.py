"""Headline figures in the seed's shape: full conditions, readable labels, one test profile per
measured configuration.

A figure's conditions gain the record-level setup the sources state (model, artifact, engine,
system, node count, quantization, date) where the figure's own row does not say otherwise, and
name the rest as unknown (null); with no record-level model, the model its own document names.
Labels read as a person writes them (`vLLM 0.20.1, NVFP4, MTP n=2, concurrency 8`), never
as `key=value` pairs.
"""

from __future__ import annotations

import functools
import json
import re

from pydantic import JsonValue

from draftflow.extract.conditions import SOURCE_CELLS
from draftflow.extract.conditions.cite import CITED_KEYS
from draftflow.record.conditions import RUN_SOURCE_LINES, SEED_RESULT_KEYS
from draftflow.record.label import LabelPart, differing_parts
from draftflow.record.model import ReportedResult, TestProfile, document_url
from draftflow.select.metadata_model import RecordMetadata

MAX_LABEL_PARTS = 5
MAX_LABEL_CHARS = 90
MEASURED_LISTS = ("per_run_", "per_prompt_")

# The settings a person names a configuration by, in the order they name them.
_LABEL_KEYS: tuple[tuple[str, str], ...] = (
    (r"^(model|model_id|model_name|served_model(_name)?)$", "{v}"),
    (r"^(engine|backend|runtime|server)$", "{v}"),
    (r"^engine_version$", "{v}"),
    (r"^(quantization|quant|weight_precision|precision|dtype)$", "{v}"),
    (r"^(speculative_decoding|spec(ulative)?|mtp)$", "{v}"),
    (r"^draft_tokens$", "draft {v}"),
    (r"^(kv_dtype|kv_cache_dtype)$", "KV {v}"),
    (r"^(case|test|workload|scenario|dataset(_name)?|prompt|task|mode|thinking)$", "{v}"),
    (r"^(concurrency|max_concurrency|c|clients|users|parallel)$", "concurrency {v}"),
    (r"^(batch|batch_size)$", "batch {v}"),
    (r"^(input_tokens|prompt_tokens|input_len|isl)$", "{v} input tokens"),
    (r"^(output_tokens|output_len|osl)$", "{v} output tokens"),
    (r"^(context|ctx|context_length|depth)$", "context {v}"),
)
_LABEL_RES = tuple((re.compile(p, re.I), template) for p, template in _LABEL_KEYS)
_MEASURED_TEXT = re.compile(r"^[~≈]?[-\d.,/ ×x%]+$")
_SETTING = re.compile(r"^\s*([^=]{1,40}?)\s*=\s*(.+?)\s*$")
_NUMERIC_SETTING = re.compile(r"[~≈]?[-\d.,]+[kKmM]?")


def _plain(value: JsonValue) -> str | None:
    if value is None or isinstance(value, dict | list):
        return None
    if isinstance(value, bool):
        return None
    text = " ".join(str(value).split())
    return text if text and len(text) <= 40 else None


def profile_label(conditions: dict[str, JsonValue], *, skip_model: bool = False) -> str:
    """A configuration named as a person names it, from its salient settings."""
    parts: list[str] = []
    for regex, template in _LABEL_RES:
        for key, value in conditions.items():
            if not regex.match(key.strip().replace(" ", "_")):
                continue
            if skip_model and template == "{v}" and regex.pattern.startswith("^(model"):
                break
            shown = _plain(value)
            if key == "thinking" and isinstance(value, bool):
                shown = "thinking on" if value else "thinking off"
                parts.append(shown)
            elif shown is not None and shown not in parts:
                parts.append(template.format(v=shown))
            break
        if len(parts) >= MAX_LABEL_PARTS:
            break
    return ", ".join(parts)[:MAX_LABEL_CHARS]


@functools.lru_cache(maxsize=1 << 14)
def readable_label(label: str) -> str:
    """A harvested label without `key=value` soup: `c=4; decode tok/s` → `c 4, decode tok/s`.

    Only a label in that form (a model's) is read apart: extract's labels are written by
    `record.label.Label.text()` already, and a cell's own `=` is kept as written.
    Memoised: the rows of one table share their labels' parts, and every figure is read."""
    if ";" not in label:
        return label
    parts = []
    for part in label.split(";"):
        match = _SETTING.match(part)
        if match:
            key, value = match.group(1), match.group(2)
            numeric = bool(_NUMERIC_SETTING.fullmatch(value))
            parts.append(f"{key} {value}" if numeric else value)
        elif part.strip():
            parts.append(part.strip())
    return ", ".join(dict.fromkeys(parts))


def enrich(result: ReportedResult, meta: RecordMetadata) -> ReportedResult:
    """The figure with the record-level setup in its conditions, as seed 000 carries it."""
    conditions: dict[str, JsonValue] = {}
    own_model = any(isinstance(result.conditions.get(k), str) for k in ("model", "model_id"))
    # a record comparing models names none: the figure carries the one its document names
    document_model = meta.document_models.get(result.source_document_id, (None, None))[0]
    artifact = (
        meta.model_artifact.id if meta.model_artifact and _artifact_reaches(result, meta) else None
    )
    if artifact and document_model and document_model.lower().startswith(artifact.lower()):
        artifact = document_model  # a variant of the record's model (`…-FP8`) measured here
    setup: dict[str, JsonValue] = {
        "model": None if own_model else (meta.model_label or document_model),
        "model_artifact": None if own_model else artifact,
        "engine": meta.runtimes[0] if len(meta.runtimes) == 1 else None,
        "system": meta.system,
        "node_count": meta.node_count,
        # the measured model's precision: a figure of no named model inherits none (kyuz0's
        # fan-watchdog timeouts took the Q3_XXS one headline model was run at)
        "quantization": meta.quantization if _of_the_record_model(own_model, meta) else None,
    }
    for key, value in setup.items():
        # a chain-read key is the figure's own, cited where its context states it: a
        # repository-wide value would cite nothing (issue 31), so it stays in reported_setup
        if key in CITED_KEYS and value is not None:
            continue
        if key not in result.conditions and not (own_model and key in ("model",)):
            conditions[key] = value
    conditions.update(result.conditions)
    for key in SEED_RESULT_KEYS:
        conditions.setdefault(key, None)  # unknown is null, as the seed writes it
    label = readable_label(result.label)
    return result.model_copy(update={"conditions": conditions, "label": label})


def _artifact_reaches(result: ReportedResult, meta: RecordMetadata) -> bool:
    """Whether the record's model artifact is a figure's: the headline figures named the
    model, or the figure stands in the document that names the artifact. An artifact read
    from another document alone (a README's example config, `model: facebook/opt-125m`) says
    nothing of a figure elsewhere (er0080/vllm-benchmarking's 27B load time took it)."""
    where = meta.evidence.get("model_artifact")
    if where is None or meta.evidence.get("model_id") != where:
        return True
    return document_url(where) == document_url(result.evidence_url)


def _of_the_record_model(own_model: bool, meta: RecordMetadata) -> bool:
    """Whether a figure is of the record's one named model: it names no model of its own and
    the record names one (a record of several models, or of none, lends no precision)."""
    return not own_model and bool(meta.model_label or meta.model_id)


def _configuration(conditions: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """A figure's conditions without what its runs say of it: their values, and for runs on
    lines of their own (JSONL rows) their lines and their count, which draftflow counted."""
    runs = conditions.get("per_run_values")
    counted = (
        RUN_SOURCE_LINES in conditions
        and isinstance(runs, list)
        and conditions.get("repetitions") == len(runs)
    )
    return {
        key: value
        for key, value in conditions.items()
        if not key.startswith(MEASURED_LISTS)
        and key != RUN_SOURCE_LINES
        and not (counted and key == "repetitions")
    }


def told_apart(results: list[ReportedResult]) -> list[ReportedResult]:
    """The headline with no two labels alike unless their conditions are: a label shared by
    figures whose record-level setup differs (the model each document names) gains each
    differing condition, as `record.label` writes it."""
    by_label: dict[str, list[int]] = {}
    for index, result in enumerate(results):
        by_label.setdefault(result.label, []).append(index)
    told = list(results)
    for members in by_label.values():
        if len(members) < 2:
            continue
        found = differing_parts([results[i].conditions for i in members])
        for index, parts in zip(members, found, strict=True):
            if parts:
                told[index] = _with_parts(results[index], parts)
    return told


def _with_parts(result: ReportedResult, parts: list[LabelPart]) -> ReportedResult:
    if result.parts is not None:
        label = result.parts.with_parts(*parts)
        return result.model_copy(update={"label": label.text(), "parts": label})
    written = ", ".join(part.text() for part in parts)
    return result.model_copy(update={"label": f"{written}, {result.label}"})


def make_profiles(results: list[ReportedResult]) -> list[TestProfile]:
    """One test profile per distinct measured configuration of the headline figures."""
    profiles: list[TestProfile] = []
    seen: dict[str, int] = {}
    labels: set[str] = set()
    configurations = [_configuration(result.conditions) for result in results]
    shared = _shared(configurations)
    for result, conditions in zip(results, configurations, strict=True):
        key = json.dumps(conditions, sort_keys=True)
        if key in seen:
            continue
        seen[key] = len(profiles)
        # a person names a configuration by what sets it apart, not by what all of them share
        differing = {k: v for k, v in conditions.items() if k not in shared}
        label = (
            profile_label(differing)
            or _plain_label(differing)
            or profile_label(conditions)
            or _configuration_name(result)
        )
        label = _distinct(label, {**differing, **conditions}, labels)
        labels.add(label)
        profiles.append(
            TestProfile(label=label, evidence_url=result.evidence_url, conditions=conditions)
        )
    return profiles


def with_stated_labels(profiles: list[TestProfile], stated: list[TestProfile]) -> list[TestProfile]:
    """Profiles named as the model named them: where a profile the model stated (grounded in
    the sources) has settings all of which a built profile carries, its label leads; where it
    fits several, what sets each apart follows it."""

    def fits(profile: TestProfile, named: TestProfile) -> bool:
        return bool(named.conditions) and all(
            str(profile.conditions.get(k)) == str(v) for k, v in named.conditions.items()
        )

    labelled: list[TestProfile] = []
    for profile in profiles:
        named = next((n for n in stated if fits(profile, n)), None)
        if named is None:
            labelled.append(profile)
            continue
        shared = sum(1 for p in profiles if fits(p, named)) > 1
        label = f"{named.label} ({profile.label})" if shared else named.label
        labelled.append(profile.model_copy(update={"label": label}))
    return labelled


def _plain_label(conditions: dict[str, JsonValue]) -> str:
    """The first few settings as `key value`, when none of them is a setting people name."""
    # a measured cell of the same row is not a setting: text values name configurations
    parts = [
        f"{key.replace('_', ' ')} {shown}"
        for key, value in conditions.items()
        if isinstance(value, str)
        and (shown := _plain(value)) is not None
        and not _MEASURED_TEXT.match(shown)
    ]
    return ", ".join(parts[:2])[:MAX_LABEL_CHARS]


def _shared(configurations: list[dict[str, JsonValue]]) -> set[str]:
    """Keys every configuration states with the same value (nothing when there is only one)."""
    if len(configurations) < 2:
        return set()
    first = configurations[0]
    return {
        key
        for key, value in first.items()
        if all(key in c and c[key] == value for c in configurations[1:])
    }


def _configuration_name(result: ReportedResult) -> str:
    """The configuration the figure's label names: its typed parts, or (a label read back from
    a record or a model's) the label without its last part."""
    if result.parts is not None and result.parts.configuration():
        return result.parts.configuration()
    parts = [p.strip() for p in result.label.split(",")]
    return ", ".join(parts[:-1]) if len(parts) > 1 else (parts[0] if parts else "configuration")


def _distinct(label: str, conditions: dict[str, JsonValue], taken: set[str]) -> str:
    """The label, told apart from an earlier profile's by the first setting not yet in it."""
    if label not in taken:
        return label
    cells = conditions.get(SOURCE_CELLS)
    settings = [*conditions.items(), *(cells.items() if isinstance(cells, dict) else ())]
    for key, value in settings:
        shown = _plain(value)
        if shown is None or shown in label:
            continue
        name = key.replace("_", " ")
        candidate = f"{label}, {name} {shown}" if label else f"{name} {shown}"
        if candidate not in taken:
            return candidate
    # a letter, not a number: verify reads every number in a label as a claim about the source
    letters = "abcdefghijklmnopqrstuvwxyz"
    for tag in [*letters[1:], *(a + b for a in letters for b in letters)]:
        if f"{label} ({tag})" not in taken:
            return f"{label} ({tag})"
    return f"{label} (another)"
