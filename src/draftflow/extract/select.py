"""Deterministic choice of which harvested candidates are reported results.

A candidate is a result when what names it (its column header or JSON key, else its row
header, else a Markdown table's caption) reads as a performance metric: token rates, TTFT,
latency, throughput, prefill/decode, memory. Identifiers, dates, versions, sweep settings and
spreads (std, normalised scores) never are. Time-series telemetry and raw dumps of hundreds of
rows are data, not reported figures, and are left to the model (or the editor) to cite.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from draftflow.extract.candidates import Candidate, SourceFormat, unit_from_key
from draftflow.extract.vocabulary import (
    CONFIG_PATH,
    METRICS,
    SKIP_KEY,
    STATISTICS,
    UNIT_WORDS,
    UNITS_BY_METRIC,
)

MAX_TABLE_ROWS = 120
"""A table (or CSV file) with more body rows than this is raw data, not a results table."""

_METRIC_RES = tuple((name, re.compile(pattern)) for name, pattern in METRICS)

_TELEMETRY_FIRST_COLUMN = re.compile(r"^(elapsed|time|timestamp|t|ts|sec|seconds)(_s|\(s\))?$")


@dataclass(frozen=True)
class Selected:
    """A candidate chosen as a reported result, with its metric, unit and statistic.

    `value_index` says which number of the cell is the figure: 0 for the value, 1 for the
    spread written after `±` (reported as its own figure, `<metric>_spread`).
    """

    candidate: Candidate
    metric: str
    unit: str
    statistic: str
    value_index: int = 0

    @property
    def value(self) -> int | float:
        """The figure this selection reports."""
        return self.candidate.values[self.value_index]


_SETTING_VALUE = re.compile(r"\b[a-z_]+\s*=\s*[\d.,]+[km]?\b|^x\d+$")


def strip_setting_values(name: str) -> str:
    """A header without the settings it names by value: `c=6 aggregate` → `aggregate`."""
    return _SETTING_VALUE.sub(" ", name.lower()).strip()


_QUALIFIERS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"[ _-]?(std|stdev|standard.deviation)\b|_std$"), "_stdev"),
    (re.compile(r"[ _-]?(norm|normali[sz]ed)\b|_norm$"), "_normalised"),
)


@lru_cache(maxsize=8192)
def metric_name(name: str) -> str | None:
    """The canonical metric a header or key names, or None for settings and identifiers.

    A spread or normalised column names its base metric with a suffix
    (`decode_tokens_per_s_std` → `decode_rate_stdev`, `ttft_s_norm` → `ttft_normalised`).
    """
    lowered = strip_setting_values(name)
    suffix = ""
    for pattern, qualifier in _QUALIFIERS:
        if pattern.search(lowered):
            lowered, suffix = pattern.sub("", lowered).strip(), qualifier
            break
    if not lowered or SKIP_KEY.search(lowered):
        return None
    for metric, regex in _METRIC_RES:
        if regex.search(lowered):
            return metric + suffix
    return None


@lru_cache(maxsize=2048)
def metric_in_prose(text: str) -> str | None:
    """The metric a table caption describes (`Cell value = median decode tok/s`), if any.

    Prose mentions settings freely, so only the metric patterns apply here, not the skips.
    """
    lowered = text.lower()
    for metric, regex in _METRIC_RES:
        if regex.search(lowered):
            return metric
    return None


_WORDS = re.compile(r"[^\W\d_]{2,}")

_NOT_A_FIGURE = re.compile(r"^\s*`|#\d|https?://|[≈=≤≥<>]")
_PERCENT_METRICS = frozenset({"relative_change", "judge_pass_rate", "speculative_acceptance_rate"})
_NOT_A_LABEL = re.compile(r"`|\.(py|sh|md|json|ya?ml|txt|cu|cpp|h|toml)\b|https?://|/v\d+/")


def is_figure_text(text: str) -> bool:
    """True for a cell that is a figure (`**191.2**`, `168 ms`, `5.36 s`), not a sentence.

    Code (`1024` in backticks), issue numbers (#48407), formulas and bounds (`≈`, `≤`) are
    not reported figures.
    """
    if _NOT_A_FIGURE.search(text):
        return False
    words = [w for w in _WORDS.findall(text) if w.lower() not in UNIT_WORDS]
    return len(words) <= 1 and len(text) <= 60


def is_metric_key(name: str) -> bool:
    """True when a header or key names a measured figure (used to tell metrics from settings)."""
    return metric_name(name) is not None


def _statistic(name: str, text: str) -> str:
    lowered = name.lower()
    for pattern, statistic in STATISTICS:
        match = re.search(pattern, lowered)
        if match:
            return statistic.format(match.group(1)) if "{0}" in statistic else statistic
    if "±" in text or "+/-" in text:
        return "as reported; the source cell gives a ± spread"
    return "as reported"


def _candidate_metric(candidate: Candidate) -> str | None:
    key = candidate.key
    if candidate.json_path is not None:
        if CONFIG_PATH.search(candidate.json_path):
            return None
        return metric_name(key) or metric_name(key.rsplit(".", 1)[0])
    metric = metric_name(key)
    if metric is not None:
        return metric
    bare = strip_setting_values(key)
    if (bare and SKIP_KEY.search(bare)) or candidate.row_header is None:
        return None  # a settings column, or the first column: the row's own label
    if _NOT_A_LABEL.search(candidate.row_header):
        return None
    metric = metric_name(candidate.row_header)
    if metric is None and candidate.format is SourceFormat.MARKDOWN and not bare:
        # a column named by a setting's value (`c=1`): the caption says what the cells are
        metric = metric_in_prose(candidate.caption or "")
    return metric


_TABLE_FORMATS = frozenset({SourceFormat.CSV, SourceFormat.TSV, SourceFormat.MARKDOWN})


def raw_tables(candidates: list[Candidate]) -> set[tuple[str, int]]:
    """(document, table) pairs that are telemetry or too long to be a results table."""
    rows: dict[tuple[str, int], int] = {}
    telemetry: set[tuple[str, int]] = set()
    for candidate in candidates:
        if candidate.format not in _TABLE_FORMATS:
            continue
        where = (candidate.document_id, candidate.table)
        rows[where] = max(rows.get(where, 0), candidate.row + 1)
        first_column = next(iter(candidate.context), "")
        if _TELEMETRY_FIRST_COLUMN.match(first_column.lower().strip()):
            telemetry.add(where)
    return telemetry | {where for where, count in rows.items() if count > MAX_TABLE_ROWS}


_PLUS_MINUS = re.compile(r"±|\+/-")
# `263.7 / 340.5` under `C4 / C6 aggregate`: one figure per written value
_SLASHED = re.compile(r"^[\s*~]*[\d.,]+[\s*]*(/[\s*~]*[\d.,]+[\s*]*)+$")
SPREAD_STATISTIC = (
    "the ± spread written after the value in the source cell; the cell does not say which "
    "spread (standard deviation, error) it is"
)
_PREFILL_TEST = re.compile(r"\bpp\d+\b")
_DECODE_TEST = re.compile(r"\btg\d+\b")
_GENERIC_RATES = frozenset({"throughput", "aggregate_throughput", "decode_rate"})


def _refine(metric: str, candidate: Candidate) -> str:
    """llama-bench style rows name the phase (`pp1024`, `tg128`): a rate there is that phase's."""
    if metric not in _GENERIC_RATES:
        return metric
    row = " ".join(text for name, text in candidate.context.items() if name != candidate.column)
    if _PREFILL_TEST.search(row.lower()):
        return "prefill_rate"
    if _DECODE_TEST.search(row.lower()):
        return "decode_rate"
    return metric


def is_slashed(text: str) -> bool:
    """True for a cell of several figures separated by slashes (`263.7 / 340.5`)."""
    return bool(_SLASHED.match(text))


def select(candidates: list[Candidate]) -> list[Selected]:
    """The candidates that are reported results, in harvest order.

    Tables, data files and report blocks are judged here by their headers and keys. Figures
    written in prose were judged by the prose finder when it read their sentence
    (`prose_figures.py`): its reading is taken as it is.
    """
    raw = raw_tables(candidates)
    selected: list[Selected] = []
    for candidate in candidates:
        if candidate.format is SourceFormat.PROSE:
            reading = candidate.reading
            if reading is not None:
                selected.append(
                    Selected(candidate, reading.metric, reading.unit, reading.statistic)
                )
            continue
        if candidate.json_path is None and (candidate.document_id, candidate.table) in raw:
            continue
        if candidate.json_path is None and not is_figure_text(candidate.text):
            continue
        metric = _candidate_metric(candidate)
        if metric is None or ("%" in candidate.text and metric not in _PERCENT_METRICS):
            continue
        if candidate.json_path is None:
            metric = _refine(metric, candidate)
        name = candidate.key if metric_name(candidate.key) else (candidate.row_header or "")
        unit = (
            "score"
            if metric.endswith("_normalised")
            else (
                candidate.unit_guess
                or unit_from_key(name)
                or UNITS_BY_METRIC.get(metric)
                or "unspecified"
            )
        )
        selected.append(Selected(candidate, metric, unit, _statistic(name, candidate.text)))
        if _PLUS_MINUS.search(candidate.text) and len(candidate.values) >= 2:
            selected.append(Selected(candidate, f"{metric}_spread", unit, SPREAD_STATISTIC, 1))
        elif _SLASHED.match(candidate.text):
            statistic = _statistic(name, candidate.text)
            selected += [
                Selected(candidate, metric, unit, statistic, index)
                for index in range(1, len(candidate.values))
            ]
    return selected
