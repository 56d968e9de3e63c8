"""How facts read a headline figure: its short configuration label, its value as prose writes
it, which way its metric is better, and the groups figures are compared in."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from pydantic import JsonValue

from draftflow.draft.facts.fact_types import Direction, FigureRef
from draftflow.draft.parts import Grounded
from draftflow.extract.prose.words import APPROXIMATE
from draftflow.numbers.units import TIME_UNITS
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.label import Label
from draftflow.record.model import ReportedResult

Written = Callable[[Grounded], str]

MAX_WRITTEN_CHARS = 8
MAX_NAME_CHARS = 60
# what a long configuration name leaves out first: what most figures share, then where the
# figure stands in its document
_DROPPED_FIRST = ("weight_precision", "engine", "place", "workload", "system")
# Conditions that say what work a figure measured; figures compared must share them.
WORKLOAD_KEYS = (
    "input_tokens",
    "output_tokens",
    "prompt_tokens",
    "max_output_tokens",
    "concurrency",
    "batch",
    "batch_size",
    "context_tokens",
    "context_length",
    "workload",
    "case",
    "num_prompts",
    "request_rate",
)
# the label parts a comparison's figures share: its sentence names them once, before the labels
_SHARED_ROLES = frozenset(WORKLOAD_KEYS)
# workload conditions that hold the source's own words for the work (`tg 1024`), not a count
NAMED_WORKLOAD_KEYS = frozenset({"workload", "case"})
_RATE_UNITS = vocabulary().unit_ids("rate")
_STATISTIC_RE = re.compile(r"\b(p\d{2,3}|min|max|mean|median|average|avg)\b", re.IGNORECASE)
_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?")
# a label part that is itself a figure (`101.81 ms`), not a configuration's name
_FIGURE_RE = re.compile(r"^[\d.,\s]+(?:ms|s|t/s|tok/s|tokens/s)\b", re.IGNORECASE)
# conditions that name a configuration, used to tell two same-labelled figures apart
IDENTITY_KEYS = (
    "model",
    "model_id",
    "model_artifact",
    "quantization",
    "weight_precision",
    "engine",
    "system",
    "GPU",
    "Framework",
)


def direction(result: ReportedResult) -> Direction | None:
    """Which way the figure's metric is better: from the vocabulary, else from its unit."""
    metric = vocabulary().metric_by_id(result.metric)
    if metric is not None and metric.better is not None:
        return Direction(metric.better)
    if result.unit in TIME_UNITS:
        return Direction.LOWER
    if result.unit in _RATE_UNITS:
        return Direction.HIGHER
    return None


def statistic_key(result: ReportedResult) -> str:
    """The statistic a figure reports, with a percentile or bound its label names (`P25`)."""
    found = _STATISTIC_RE.findall(result.label)
    return f"{result.statistic}|{found[-1].lower() if found else ''}"


def workload(result: ReportedResult, skip: str = "") -> tuple[tuple[str, str], ...]:
    """The figure's workload conditions as text pairs (all but `skip`)."""
    conditions = result.conditions
    return tuple(
        (key, str(conditions[key]))
        for key in WORKLOAD_KEYS
        if key != skip and conditions.get(key) is not None
    )


def short_label(result: ReportedResult, *, shared: bool = False) -> str:
    """The configuration a figure's label names: its typed parts (`Llama 2 7B, nodes 4`),
    shortened by role; a label read back from a record (or a model's) as written, without
    markup and without the figure's own value: `A › Llama 2 7B / 1 x RasPi 5 8 GB › 441.09 ms`
    names `Llama 2 7B / 1 x RasPi 5 8 GB`. With `shared`, the workload settings are left
    out: the figures it is compared with share them, and the sentence says them once."""
    if result.parts is not None and result.parts.parts:
        return _typed_label(result.parts, shared=shared)
    return _written_label(result, shared=shared)


def _typed_label(label: Label, *, shared: bool) -> str:
    """A typed label shortened by role; with `shared`, without its workload parts unless
    they are all it has."""
    if shared:
        kept = [p for p in label.parts if p.role not in _SHARED_ROLES]
        label = replace(label, parts=tuple(kept) or label.parts)
    return label.short(MAX_NAME_CHARS, _DROPPED_FIRST)


def _written_label(result: ReportedResult, *, shared: bool) -> str:
    """A label as written: without markup, without the figure's own value and (with
    `shared`) without its workload settings; its own words when nothing else is left."""
    label = result.label.split("<", 1)[0]
    if shared:
        label = _without_workload(label, result)
    name = _capped(_configuration_name(_naming_parts(label, result.value)))
    return name or " ".join(result.label.split())[:MAX_NAME_CHARS]


def _without_workload(label: str, result: ReportedResult) -> str:
    """The label's comma-separated parts that are not a workload condition's value (the
    whole label when every part is)."""
    said = {str(v) for k, v in workload(result)}
    return ", ".join(p for p in label.split(", ") if p.strip() not in said) or label


def _naming_parts(label: str, value: float) -> list[str]:
    """The label's `›`-separated parts that name a configuration rather than a figure (the
    figure's own value, `101.81 ms`); all of them when every part is a figure."""
    parts = [p.strip(" ,;") for p in re.split(r"\s+›\s+", label) if p.strip(" ,;")]
    value_text = _plain(value)
    return [p for p in parts if value_text not in p and not _FIGURE_RE.match(p)] or parts


def _configuration_name(named: list[str]) -> str:
    """The last naming part (the most specific) unless it is a short code, else all of them;
    of a list of more than three settings, its first and last."""
    name = named[-1] if len(named) > 1 and len(named[-1]) > 3 else " ".join(named)
    pieces = [p.strip() for p in name.split(", ") if p.strip()]
    if len(pieces) > 3:
        name = f"{pieces[0]}, {pieces[-1]}"
    return " ".join(name.split())


def _capped(name: str) -> str:
    """The name within `MAX_NAME_CHARS`, cut at a word."""
    if len(name) > MAX_NAME_CHARS:
        return name[:MAX_NAME_CHARS].rsplit(" ", 1)[0].rstrip(",;:/")
    return name


def skeleton(name: str) -> tuple[str, list[str]]:
    """The name with each number replaced by `#`, and the numbers in order."""
    return _NUMBER_RE.sub("#", name), _NUMBER_RE.findall(name)


def written_value(value: float, written: str) -> str:
    """A value as prose writes it: as its line writes it when short, else to two decimals
    (or three significant digits below one), which verify reads at that precision."""
    if len(written) <= MAX_WRITTEN_CHARS:
        return written
    if abs(value) >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def figure_ref(item: Grounded, written: Written, *, shared: bool = False) -> FigureRef:
    """The fact input for one grounded headline figure (its label without the workload
    settings when `shared`)."""
    result = item.result
    as_written = written_value(float(result.value), written(item))
    bound = bound_words(result.statistic)
    if bound == "about " and APPROXIMATE.search(_BEFORE_DIGITS.split(as_written, 1)[0]):
        bound = ""  # `~72s` says it already: not "about ~72s" (er0080, read33-s21)
    return FigureRef(
        label=short_label(result, shared=shared),
        metric=result.metric,
        unit=result.unit,
        value=float(result.value),
        written=as_written,
        evidence_url=result.evidence_url,
        bound=bound,
    )


_BEFORE_DIGITS = re.compile(r"\d")
"""Where a value as written turns to its number: the part before it is its hedge (`~72s`)."""


def bound_words(statistic: str | None) -> str:
    """How prose states a figure that is one end of a range or an approximation its source
    writes (`~122–187 tok/s`): "up to 187", never the bare "187" luongnv89's title and answer
    claimed as a point value (read33-s20)."""
    said = (statistic or "").lower()
    if said.startswith("range_max"):
        return "up to "
    if said.startswith("range_min"):
        return "at least "
    return "about " if "approximate" in said else ""


def identity(result: ReportedResult) -> tuple[tuple[str, str], ...]:
    """The conditions that name the figure's configuration, as text pairs."""
    return tuple(
        (key, value)
        for key in IDENTITY_KEYS
        if (value := text_value(result.conditions.get(key))) is not None
    )


def metric_name(item: Grounded) -> str:
    """The figure's metric as prose names it (`decode rate`)."""
    return item.result.metric.replace("_", " ").strip() or "unnamed metric"


def text_value(value: JsonValue) -> str | None:
    """A condition's value when it is text."""
    return value if isinstance(value, str) else None


def _plain(value: float) -> str:
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


# What a figure's conditions hold beside its configuration: its row as written, the words
# naming it, its runs and its standing; two figures are compared on the rest.
_NOT_CONFIGURATION = frozenset({"source_cells", "metric_as_written", "attribution", "status"})
_RUN_LISTS = ("per_run_", "per_prompt_")


def _configuration(result: ReportedResult) -> dict[str, str]:
    return {
        key: repr(value)
        for key, value in result.conditions.items()
        if value is not None and key not in _NOT_CONFIGURATION and not key.startswith(_RUN_LISTS)
    }


def _reading(result: ReportedResult) -> tuple[str, str, str]:
    return result.metric, result.unit, result.statistic


def _column(result: ReportedResult) -> str | None:
    """What the figure is in the source's own words (its column's header), when extract
    named it: two figures of one generic metric from different columns (`avg_tok_s`,
    `avg_prompt_tok_s`, both read as throughput) measure different things."""
    parts = result.parts
    return " ".join(parts.what.lower().split()) if parts is not None else None


def _differing_cells(
    first: ReportedResult, second: ReportedResult, conditions: set[str]
) -> list[str]:
    """The row cells both figures have and differ in (a `toolbox` column no condition reads),
    past those a differing condition already covers (`model`, read from the `model` cell),
    and the setting cells one figure's row has and the other's lacks: a video run's `Frames 2`,
    `Tokens 256` beside a text model's row with neither (0xDaizz, issue 33) is another
    workload, not the same one."""
    a, b = _cells(first), _cells(second)
    shared = [
        f"cell:{header}"
        for header in a
        if header in b
        and a[header] != b[header]
        and header not in conditions
        and _is_setting(a[header])
        and _is_setting(b[header])
        and not _covered(a[header], first)
        and not _covered(b[header], second)
    ]
    return (
        shared
        + _one_sided_cells(a, b, first, conditions)
        + _one_sided_cells(b, a, second, conditions)
    )


_BARE_COUNT = re.compile(r"[\d.,]+")
"""A cell of digits alone (`2`, `256`): a count the row was run at, or a measure no unit
names; either way the rows differ in it."""


def _one_sided_cells(
    cells: dict[str, str], other: dict[str, str], result: ReportedResult, conditions: set[str]
) -> list[str]:
    """The setting cells (or bare counts) of `cells` whose header the other row lacks."""
    return [
        f"cell:{header}"
        for header, value in cells.items()
        if header not in other
        and header not in conditions
        and (_is_setting(value) or _BARE_COUNT.fullmatch(value.strip()))
        and not _covered(value, result)
    ]


_OUTCOME_MARKS = frozenset({"oom", "n/a", "na", "-", "—", "x", "error", "failed", "timeout"})
_MEASURED = re.compile(r"[~≈<>±]?\s*[\d.,]+\s*(?:%|[a-z/]{1,6})?(?:\s*±\s*[\d.,]+)?")


def _is_setting(cell: str) -> bool:
    """Whether a row cell can be a setting (`rocm-7.2.3-mtp`): not a measured value of
    another column (`67.79`, `25 tok/s`) and not a run's outcome mark (`OOM`)."""
    plain = cell.strip().strip("*`_ ").lower()
    return bool(plain) and plain not in _OUTCOME_MARKS and not _MEASURED.fullmatch(plain)


def setting_cells(result: ReportedResult) -> dict[str, str]:
    """The figure's row cells that are settings no condition reads (`backend
    llama.cpp-hip`, `-fa 1`), keyed `cell:HEADER`: not a measured value (`max_mem 68851`)
    and not a cell a condition already holds."""
    return {
        f"cell:{header}": value
        for header, value in _cells(result).items()
        if _is_setting(value)
        and not _covered(value, result)
        and not _UNNAMED.match(header)
        and header.replace(" ", "_") not in _CONDITION_NAMES
        and not header.endswith("_as_written")  # a condition's own words, no column's header
    }


def row_headers(result: ReportedResult) -> list[str]:
    """The headers of the figure's row cells (lowercase), none for a figure of prose."""
    return list(_cells(result))


def has_cell(result: ReportedResult, key: str) -> bool:
    """Whether the figure's row has the cell `cell:HEADER` names, whatever it holds: a cell
    a condition reads (NexVeridian's `Type MLX`, read as the engine) is stated all the same."""
    return key.startswith("cell:") and key.removeprefix("cell:") in _cells(result)


_CONDITION_NAMES = frozenset(
    {"model", "engine", "quantization", "weight_precision", "precision", "system", "concurrency"}
)
"""Cells named as a condition is (`model`): the condition speaks for them, and "only some
figures state their model" beside arms split by model reads as a contradiction (jvr0x)."""


_UNNAMED = re.compile(r"^column \d+$")
"""A column without a header (`column 1`): no setting a sentence can name."""


def _cells(result: ReportedResult) -> dict[str, str]:
    cells = result.conditions.get("source_cells")
    if not isinstance(cells, dict):
        return {}
    return {str(header).lower(): str(value) for header, value in cells.items()}


def _covered(cell: str, result: ReportedResult) -> bool:
    """Whether a condition the figure states holds the cell's value (the cell was read)."""
    wanted = cell.strip().lower()
    return any(
        isinstance(value, (str, int, float)) and str(value).strip().lower() == wanted
        for key, value in result.conditions.items()
        if key not in _NOT_CONFIGURATION
    )


def compared_key(first: ReportedResult, second: ReportedResult) -> str | None:
    """The one condition two figures of one metric differ in, which a ratio or ranking of
    them compares (`""` when their conditions are equal and only their labels' cells tell
    them apart); None when they differ in more than one: such a comparison would credit one
    difference with what several did."""
    if _reading(first) != _reading(second) or _column(first) != _column(second):
        return None
    a, b = _configuration(first), _configuration(second)
    differing = [key for key in dict.fromkeys([*a, *b]) if a.get(key) != b.get(key)]
    differing += _differing_cells(first, second, set(differing))
    if len(differing) > 1:
        return None
    if differing and differing[0] in _MACHINE and (differing[0] in a) != (differing[0] in b):
        return None  # a figure of a stated machine beside one of none (a hosted service's)
    return differing[0] if differing else ""


_MACHINE = frozenset({"system"})
"""Conditions that name the machine a figure ran on: one figure stating it and the other not
compares a known machine with an unknown one (atomicjets/gemma-embeddings' RTX 4090 latency
beside Cloudflare Workers AI's, "59.04× as much", read33-s26)."""


def varied_setting(results: list[ReportedResult]) -> str:
    """The one condition (or `cell:HEADER`) a series' figures differ in from its first, `""`
    when only their labels tell them apart (call on a series `compared_along_one` accepts)."""
    keys = {compared_key(results[0], other) for other in results[1:]} - {"", None}
    return str(next(iter(keys))) if len(keys) == 1 else ""


_NUMBER_SETTING = re.compile(r"[~≈]?\s*\d[\d.,]*\s*(?:[a-z%×/]{1,8}\.?)?", re.IGNORECASE)


def is_number_setting(text: str) -> bool:
    """Whether a header or cell states a setting as a number, perhaps with its unit (`64k`,
    `8`, `4 nodes`)."""
    return _NUMBER_SETTING.fullmatch(text.strip()) is not None


def is_numeric_setting(results: list[ReportedResult], key: str) -> bool:
    """Whether every figure states `key` as a number, perhaps with its unit (`8`, `4 nodes`,
    `32k`): only such a setting orders a series. A name that holds a number (`RTX 4070 Ti`,
    `Pi CM5 - 16GB`) is another configuration, not a step along one."""
    values = [_setting_value(result, key) for result in results]
    return all(v is not None and _NUMBER_SETTING.fullmatch(v.strip()) for v in values)


def _setting_value(result: ReportedResult, key: str) -> str | None:
    if key.startswith("cell:"):
        return _cells(result).get(key.removeprefix("cell:"))
    value = result.conditions.get(key)
    return str(value) if isinstance(value, (str, int, float)) else None


def compared_along_one(results: list[ReportedResult]) -> bool:
    """True when the figures of a series differ from the first in one and the same condition
    at most (the series' own setting)."""
    keys = {compared_key(results[0], other) for other in results[1:]}
    return None not in keys and len(keys - {""}) <= 1
