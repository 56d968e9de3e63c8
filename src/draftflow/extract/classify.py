"""Deterministic choice of which harvested candidates are reported results.

A candidate is a result when what names it (its column header or JSON key, else its row
header, else a Markdown table's caption) reads as a performance metric: token rates, TTFT,
latency, throughput, prefill/decode, memory. Identifiers, dates, versions, sweep settings and
spreads (std, normalised scores) never are. Tables of telemetry or raw dumps are data
(`raw_tables.py`); names above a table or around a generic value are read in `figure_names.py`,
and what a header or key names (a metric, a setting, an identifier) in `metric_names.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from draftflow.extract.bench_records import bench_rate_name
from draftflow.extract.candidates import Candidate, Reading, SourceFormat, unit_from_key
from draftflow.extract.conditions.run_settings import setting_of_key
from draftflow.extract.expectations import PlannedCells, named_expected
from draftflow.extract.failed_points import failed_point
from draftflow.extract.figure_names import context_metric, context_unit, named_record
from draftflow.extract.metric_names import (
    NOT_A_LABEL,
    benchmark_score,
    metric_in_prose,
    metric_name,
    names_no_metric,
    strip_setting_values,
)
from draftflow.extract.raw_tables import is_raw_cell, raw_tables
from draftflow.extract.statistic_names import spread_statistic, statistic_of
from draftflow.extract.status_words import spec_heading
from draftflow.extract.stream_totals import summed_over_streams
from draftflow.extract.training import training_metric
from draftflow.extract.unit_fit import fitted_metric
from draftflow.extract.vocabulary import (
    CHANGE_WORDS,
    CONFIG_PATH,
    GENERIC_HEADERS,
    HARD_SKIP,
    PERCENT_METRICS,
    SKIP_KEY,
    SPEC_HEADINGS,
    SPEED_AND_TIME_METRICS,
    SPEED_METRICS,
    THRESHOLD_WORDS,
    TOTAL_SIZE,
    UNITS_BY_METRIC,
    metric_by_unit,
)
from draftflow.numbers.cells import CellFigure, CellRole, is_sentence, split_cell
from draftflow.numbers.units import MEMORY_UNITS, TIME_UNITS
from draftflow.text.lines import plain_text


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
    part: str | None = None
    """What the cell names this figure (a paired header's part, a list cell's words)."""
    denominator: float | None = None
    """For an `x/y` score: y."""
    named_as: str | None = None
    """For a figure of metric `unspecified`: what the source calls it (its column header,
    else the heading above its table), kept for the editor who names the metric."""

    @property
    def value(self) -> int | float:
        """The figure this selection reports."""
        return self.candidate.values[self.value_index]


_NOT_A_FIGURE = re.compile(r"^\s*`|#\d|https?://|[=≤≥<>]|(?<=\S)\s*≈")


def is_figure_text(text: str) -> bool:
    """True for a cell that is a figure (`**191.2**`, `168 ms`, `5.36 s`) or a list of named
    figures (`prefill 125.77 tok/s, decode 43.57 tok/s`), not a sentence.

    Code (`1024` in backticks), issue numbers (#48407), formulas and bounds (`≈`, `≤`) are
    not reported figures.
    """
    if _NOT_A_FIGURE.search(text):
        return False
    return not is_sentence(text)


def _candidate_metric(candidate: Candidate) -> str | None:
    key = candidate.key
    if candidate.json_path is not None:
        if CONFIG_PATH.search(candidate.json_path):
            return None
        named = metric_name(key) or metric_name(key.rsplit(".", 1)[0])
        if named is None and candidate.json_path.endswith("]"):
            return metric_name(_singular(key))  # `"latencies": [0.717, ...]`: one per run
        return named
    metric = metric_name(key) or benchmark_score(key)
    if metric is not None:
        return metric
    bare = strip_setting_values(key)
    if candidate.row_header is None or not _row_may_name_it(candidate, bare):
        return None
    metric = metric_name(candidate.row_header)
    if metric is None and candidate.format is SourceFormat.MARKDOWN and not bare:
        # a column named by a setting's value (`c=1`, `2560 tokens`): the corner cell over
        # the row names (`TTFT p50, concurrency 1`) or the caption says what the cells are
        metric = metric_name(corner_header(candidate)) or metric_in_prose(candidate.caption or "")
    if metric is None and _a_setting_s_value(candidate):
        return None
    if metric is None and candidate.format is SourceFormat.MARKDOWN:
        metric = context_metric(candidate)
    return metric


def corner_header(candidate: Candidate) -> str:
    """The header over a table row's first cell (the corner cell), or `` where the row has
    no label or the candidate is that label's own cell."""
    if candidate.row_header is None or not candidate.context:
        return ""
    corner, first = next(iter(candidate.context.items()))
    return corner if plain_text(first) == candidate.row_header else ""


def _row_may_name_it(candidate: Candidate, bare: str) -> bool:
    """Whether a cell whose column names no metric may take its row's (or context's): not
    a settings column, not a column naming a run setting (`Input (tok)` beside `Category:
    Latency` is the run's prompt length, not the row's latency: btbtyler09/mi100-llm-testing,
    read31-s25), not under a row header that is no label, not a bare unnamed cell."""
    if bare and SKIP_KEY.search(bare):
        return False
    if setting_of_key(candidate.key) is not None:
        return False
    if candidate.row_header is not None and NOT_A_LABEL.search(candidate.row_header):
        return False
    return not _unnamed_bare_cell(candidate)


def _a_setting_s_value(candidate: Candidate) -> bool:
    """Whether a `Parameter | Value` table's cell is a setting's value: its column is generic
    (`Value`) and its row names a setting (`Batch size | 32`, `Concurrency (CONC) | 96` under
    `Best throughput`, atomicjets/gemma-embeddings GEMMA.md:125-126, published as tokens/s):
    the heading's metric is the table's measured rows', not the settings'."""
    row = candidate.row_header or ""
    generic = GENERIC_HEADERS.match(plain_text(candidate.key).lower().strip())
    return bool(generic) and names_no_metric(plain_text(row))


_HEADERLESS = re.compile(r"^column \d+$")


def _unnamed_bare_cell(candidate: Candidate) -> bool:
    """A cell of a headerless tool-output row that writes no unit of its own (`go test`'s
    iteration count `40`, `250000000 ns/op`): the row's name (`BenchmarkPrefill-4`) names the
    cells that write its unit, not these (hybridgroup/yzma, s23)."""
    return (
        candidate.format is SourceFormat.TEXT_TABLE
        and candidate.unit_guess is None
        and bool(_HEADERLESS.match(candidate.key))
    )


def _singular(name: str) -> str:
    """A plural key's singular (`latencies` → `latency`, `ttfts` → `ttft`): an array of numbers
    under a plural metric's name holds one value of that metric per run or request."""
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name


_PLUS_MINUS = re.compile(r"±|\+/-")
# `263.7 / 340.5` under `C4 / C6 aggregate`: one figure per written value
_SLASHED = re.compile(r"^[\s*~]*[\d.,]+[\s*]*(/[\s*~]*[\d.,]+[\s*]*)+$")
_PREFILL_TEST = re.compile(r"\bpp\d+\b")
_DECODE_TEST = re.compile(r"\btg\d+\b")
_GENERIC_RATES = frozenset({"throughput", "aggregate_throughput", "decode_rate"})


def _refine(metric: str, candidate: Candidate) -> str:
    """llama-bench style rows name the phase (`pp1024`, `tg128`): a rate there is that phase's."""
    if metric not in _GENERIC_RATES:
        return metric
    prefill, decode = _phase_columns(candidate.context)
    if any(name != candidate.column for name in prefill):
        return "prefill_rate"
    if any(name != candidate.column for name in decode):
        return "decode_rate"
    return metric


_PHASES: dict[int, tuple[dict[str, str], tuple[list[str], list[str]]]] = {}


def _phase_columns(context: dict[str, str]) -> tuple[list[str], list[str]]:
    """The columns of a row whose cells name a prefill and a decode test, read once per row
    (its cells are shared by all its candidates; keyed by identity, the row kept beside)."""
    kept = _PHASES.get(id(context))
    if kept is not None and kept[0] is context:
        return kept[1]
    prefill = [name for name, text in context.items() if _PREFILL_TEST.search(text.lower())]
    decode = [name for name, text in context.items() if _DECODE_TEST.search(text.lower())]
    if len(_PHASES) >= 1024:
        _PHASES.clear()
    _PHASES[id(context)] = (context, (prefill, decode))
    return prefill, decode


def is_slashed(text: str) -> bool:
    """True for a cell of several figures separated by slashes (`263.7 / 340.5`)."""
    return bool(_SLASHED.match(text))


def select(
    candidates: list[Candidate],
    *,
    include_prose: bool = False,
    raw: set[tuple[str, int]] | None = None,
) -> list[Selected]:
    """The candidates that are reported results, one `Selected` per figure, in harvest order.

    Figures the prose finder read in sentences (`prose_figures.py`) carry their reading and
    are taken as read. Other prose (a table cell that is a sentence) is left out unless
    `include_prose`: only a reader (the model, whose picks are grounded) can tell its
    results from its settings. Tables, data files and report blocks are in. The raw tables
    are told from the candidates' own tables (`raw_tables`) unless `raw` gives them: a
    caller selecting a few rows of a table has told it from the whole table.
    """
    if raw is None:
        raw = raw_tables(candidates)
    planned = PlannedCells(candidates)
    selected: list[Selected] = []
    for candidate in candidates:
        if candidate.format is SourceFormat.PROSE:
            if advised(candidate):
                continue
            if candidate.reading is not None:
                selected.append(_read_in_prose(candidate, candidate.reading))
                continue
            if not include_prose:
                continue
        if is_raw_cell(candidate, raw):
            continue
        if candidate.json_path is None and not is_figure_text(candidate.text):
            continue
        if planned.covers(candidate):
            continue  # one arm of a plan whose other cells are `TBD`: not run yet
        selected.extend(_cell_figures(candidate))
    return selected


def without_unread_prose(selected: list[Selected]) -> list[Selected]:
    """`select(candidates)` from `select(candidates, include_prose=True)`: the same figures
    less those of prose the prose finder did not read (each candidate is selected on its own,
    so the rest is the same), without classifying every candidate twice."""
    return [
        item
        for item in selected
        if item.candidate.format is not SourceFormat.PROSE or item.candidate.reading is not None
    ]


_NOT_REPORTED = frozenset(
    {
        CellRole.DENOMINATOR,
        CellRole.INTERVAL,
        CellRole.CONDITION,
        CellRole.AMBIGUOUS,
        CellRole.BOUND,
    }
)


def _read_in_prose(candidate: Candidate, reading: Reading) -> Selected:
    denominator = float(reading.denominator) if reading.denominator is not None else None
    metric = training_metric(candidate, reading.metric)
    return Selected(candidate, metric, reading.unit, reading.statistic, denominator=denominator)


def _cell_figures(candidate: Candidate) -> list[Selected]:
    """Every figure of one cell or leaf that is a measured outcome."""
    read = _figures_and_name(candidate)
    if read is None:
        return []
    figures, named = read
    chosen = (_cell_figure(candidate, figure, named) for figure in figures)
    return [selected for selected in chosen if selected is not None]


def _figures_and_name(candidate: Candidate) -> tuple[tuple[CellFigure, ...], str | None] | None:
    """The figures a cell writes (none where the cell's parse and its values disagree) and the
    metric its names give; a named record (`{"name": "decode", "value": 41.2, "unit":
    "tok/s"}`) names it and its unit itself, and one named as a setting or threshold is None."""
    if _expected(candidate) or failed_point(candidate):
        return None
    figures = split_cell(candidate.text, candidate.key)
    if len(figures) != len(candidate.values):
        figures = ()
    named = _candidate_metric(candidate)
    if named is None and (bench := bench_rate_name(candidate)) is not None:
        named = metric_name(bench)  # llama-bench's `avg_ts`: its record's test names it
    record = named_record(candidate)
    if record is None:
        return figures, named
    name, unit = record
    if HARD_SKIP.search(name.lower()) or THRESHOLD_WORDS.search(name.lower()):
        return None
    named = metric_name(name) or metric_by_unit(unit or unit_from_key(name), name) or named
    return tuple(replace(f, unit=unit or f.unit, label=name) for f in figures), named


def _expected(candidate: Candidate) -> bool:
    """Whether the cell is what its author expects or advises, not what ran: its column names
    an expectation (`Expected Gain`, `Estimated tok/s`) or its section is headed as one
    (`Expected Response Times`, `Recommended Models for Jetson Orin Nano 8GB`)."""
    if candidate.json_path is not None:
        return False
    return named_expected(candidate) or bool(_GUIDANCE_HEADING.search(candidate.heading or ""))


_GUIDANCE_HEADING = re.compile(
    r"\b(?:tips?|tips and tricks|best practices?|rules? of thumb|guidelines?|advice)\W*$",
    re.I,
)
"""A section headed as advice (`Performance Tips`, `Rules of thumb`, `Best practices`): its
figures say what to expect of a class of models or settings, and no run stands behind them
(sirrand27/Orin_Nano_Super_Lab README.md:112-116, `Models up to 8GB … 15-30 tok/s`,
read31-s23 §3). Not `Recommendations`: reports head their measured verdicts so (38 gold
figures of the team's corpus stand under one; none under these words)."""


_EXPECTATION = r"(?:expected|estimated|projected|predicted|anticipated)\b"
_TARGET_HEADING = re.compile(
    r"\bwhat\W{0,3}(?:good|great|healthy|normal|success|fast|done)\W{0,3}looks\s+like\b"
    r"|^\W*(?:\d+[.)]?\s*)*(?:(?:performance|throughput|latency|speed)\s+)?"
    rf"(?:(?:targets?|goals?|expectations)\b|{_EXPECTATION})"
    r"(?!\s*(?:vs\.?|versus|and|&|/|\+)(?:\W|$))",
    re.I,
)
"""A section headed as what to aim for (`What "good" looks like on a single 4090`,
`Performance targets`, `3) Expected throughput`): its figures are what the author expects a
setup to reach, no run's (atomicjets/gemma-embeddings GEMMA.md:90-93, read31-s24b §1). Not a
heading that merely mentions expectations: `vs. Expected Performance` and `What performance to
expect` head measured figures set against them (gold of johnahull/llm-d-xks-gke, cadamcat)."""


def advised(candidate: Candidate) -> bool:
    """Whether a figure stands in a section headed as advice (`_GUIDANCE_HEADING`) or as what
    to aim for (`_TARGET_HEADING`): a cell under its heading, a sentence under its block's."""
    heading = plain_text(candidate.heading or (candidate.place[0] if candidate.place else ""))
    return bool(_GUIDANCE_HEADING.search(heading) or _TARGET_HEADING.search(heading))


def _cell_figure(candidate: Candidate, figure: CellFigure, named: str | None) -> Selected | None:
    """One figure of a cell as a reported result, or None: a role that is not reported (a
    denominator, an interval, a bound), a value its parse misstates, no metric, or a metric
    its unit does not fit."""
    if figure.role in _NOT_REPORTED or _parse_misstates(candidate, figure):
        return None
    metric = _figure_metric(candidate, figure, named)
    if metric is None:
        return None
    name = figure.label or (
        candidate.key if metric_name(candidate.key) else (candidate.row_header or "")
    )
    unit = _figure_unit(candidate, figure, metric, name)
    key_unit = unit_from_key(candidate.key)
    in_cell = figure.unit is not None and figure.unit != key_unit
    metric = fitted_metric(metric, unit, name or candidate.key, in_cell, unit == key_unit)
    if metric is None:
        return None
    metric = training_metric(candidate, metric)
    metric, statistic = _figure_statistic(candidate, figure, metric, name)
    return Selected(
        candidate, metric, unit, statistic, figure.index, figure.label, figure.denominator
    )


def _parse_misstates(candidate: Candidate, figure: CellFigure) -> bool:
    """Whether the cell's parse and the value harvested disagree: report nothing rather than
    misstate."""
    value = float(candidate.values[figure.index])
    return abs(value - figure.value) > 1e-9 * max(1.0, abs(figure.value))


def _figure_unit(candidate: Candidate, figure: CellFigure, metric: str, name: str) -> str:
    """The figure's unit: a normalised metric's is a score; else the cell's, its names', the
    words around its table's, or its metric's usual unit."""
    if metric.endswith("_normalised"):
        return "score"
    written = _UNKNOWN_RATE_AFTER.match(_after_figure(candidate.text, figure))
    return (
        figure.unit
        or (written[1] if written is not None else None)
        or unit_from_key(name)
        or unit_from_key(candidate.key)
        or context_unit(candidate, metric)
        or UNITS_BY_METRIC.get(metric)
        or "unspecified"
    )


def _figure_statistic(
    candidate: Candidate, figure: CellFigure, metric: str, name: str
) -> tuple[str, str]:
    """The figure's metric and statistic: a spread is its metric's `_spread`, a range's end
    says so, and an approximate value says it is approximate as written."""
    names = f"{name} {candidate.key}"
    statistic = statistic_of(names, candidate.text, figure.index, len(candidate.values))
    if figure.role is CellRole.SPREAD:
        metric, statistic = f"{metric}_spread", spread_statistic(names, candidate.text)
    elif figure.role is not CellRole.VALUE:
        statistic = f"{figure.role.value}: one end of the range written in the source"
    if figure.approximate:
        statistic += "; approximate as written"
    return metric, statistic


UNSPECIFIED = "unspecified"
"""The metric of a measured figure whose source names no metric draftflow knows
(`extract/unspecified.py` reads those)."""


def _figure_metric(candidate: Candidate, figure: CellFigure, named: str | None) -> str | None:
    """The metric of one figure of a cell: its own label's, the cell's, or its unit's."""
    metric = _named_metric(candidate, figure, named)
    if metric is None or _is_spec_value(candidate, figure.unit, metric):
        return None
    if figure.unit is None and _in_calendar_units(candidate.text, figure.raw):
        return None  # `8 days`, `~2 months`: a span no unit of the vocabulary measures
    if figure.unit == "×" and metric == "relative_change":
        return "ratio"  # `1.7×` under `Speedup`: a ratio, not a percentage change
    if candidate.json_path is None:
        metric = _refine(metric, candidate)
    metric = summed_over_streams(metric, candidate)
    after = _after_figure(candidate.text, figure)
    if _SETTING_AFTER.match(after):
        return None  # `60 s config`, `30 s timeout`: what the run was set to, not a reading
    if figure.unit in TIME_UNITS and _STARTUP_AFTER.match(after):
        return "startup_time"  # `~36 s load, ~10 tok/s`: the cell's word says what took 36 s
    if figure.label is None and metric in SPEED_METRICS and figure.unit in TIME_UNITS:
        # `total seconds` on a `short_decode` row, `decode_s`: the time a phase took, not its rate
        return "latency"
    return _percentage_metric(candidate, figure, metric)


_STARTUP_AFTER = re.compile(
    r"\s*(?:\(\s*)?(?:(?:model|weights?|cold)[\s-]+)?(?:load(?:ing|ed)?|boot(?:ing)?|warm-?up"
    r"|start-?up|cold[\s-]?start|compil(?:e|ing|ation))\b",
    re.IGNORECASE,
)
"""The word a cell writes right after a time (`~36 s load`, `12 s (model load)`): the time of
loading or starting up, not a request's latency."""
_SETTING_AFTER = re.compile(
    r"\s*(?:config|configured|configuration|setting|budget|limit|cap|timeout)\b", re.IGNORECASE
)
"""The word a cell writes right after a number and its unit that makes it a setting."""
_UNIT_RUN = re.compile(r"\s*[^\s\d,;|()]+")


def _after_figure(text: str, figure: CellFigure) -> str:
    """The cell's text after a figure's number and its unit (`` for a figure not found)."""
    at = text.find(figure.raw) if figure.raw else -1
    if at < 0:
        return ""
    rest = text[at + len(figure.raw) :]
    unit = _UNIT_RUN.match(rest) if figure.unit else None
    return rest[unit.end() :] if unit is not None else rest


_UNKNOWN_RATE_AFTER = re.compile(r"\s*([A-Za-zµ]+/[A-Za-z]+)\b")
"""A unit the vocabulary does not know written right after a number, as a ratio (`img/s`,
`samples/sec`): the figure's unit as written, never the metric's usual one (`tokens/s`)."""
_CALENDAR_AFTER = re.compile(r"\s*(?:days?|weeks?|months?|years?|yrs?)\b", re.IGNORECASE)


def _in_calendar_units(text: str, raw: str) -> bool:
    """Whether a cell writes its number in days, weeks, months or years (`8 days`): read
    without its unit it would be a bare number that misstates the span."""
    at = text.find(raw) if raw else -1
    return at >= 0 and bool(_CALENDAR_AFTER.match(text, at + len(raw)))


def _named_metric(candidate: Candidate, figure: CellFigure, named: str | None) -> str | None:
    """The metric the figure's own label names, else the cell's, else its unit's."""
    metric = named
    if figure.label is not None:
        metric = metric_name(figure.label) or metric_by_unit(figure.unit, figure.label) or named
    if metric is None:
        metric = _fallback_metric(candidate, figure.unit)
    if metric is None and _is_score_fraction(candidate, figure):
        metric = "score"
    return metric


_SCORE_CELL = re.compile(
    r"^[\s*_]*(?:[A-Za-z]+\s+){0,2}\d+(?:\.\d+)?\s*/\s*\d+(?:\.\d+)?[\s*_]*[★☆✓✔✗✘]*\s*$"
)
"""A cell that is a count out of a whole and at most two words before it (`PASS correct 3/3`)."""


def _is_score_fraction(candidate: Candidate, figure: CellFigure) -> bool:
    """A count out of a whole (`3/3`, `PASS correct 35/44`, `**90/100**`) under a name that is
    no setting or identifier: a score, whatever its column calls it (`Points`, `check_summary`).
    A ratio of other things (`1117MiB / 15360MiB`, units between) or a count above its whole
    is none."""
    if figure.denominator is None or figure.role is not CellRole.VALUE or figure.unit:
        return False
    if not _SCORE_CELL.match(plain_text(candidate.text)):
        return False  # `RTX 4090/5090`, `200K/16`, a sentence: the fraction is not the cell
    if not 0 <= figure.value <= figure.denominator:
        return False
    return not any(names_no_metric(name) for name in (candidate.key, candidate.row_header) if name)


def _percentage_metric(candidate: Candidate, figure: CellFigure, metric: str) -> str | None:
    """A percentage's metric: percentage points, a signed percentage or one under a name of
    change are a difference; a percentage of a rate or a time is none of them (a change or an
    efficiency, not the rate); other figures keep `metric`."""
    if figure.unit == "pp" or (figure.unit == "%" and figure.signed):
        return "relative_change"  # percentage points, or a signed percentage: a difference
    if figure.unit == "%" and metric not in PERCENT_METRICS:
        if CHANGE_WORDS.search(candidate.key.lower()):
            return "relative_change"
        if metric in SPEED_AND_TIME_METRICS:
            return None  # a share of a rate is a change or an efficiency, not the rate
    return metric


def _is_spec_value(candidate: Candidate, unit: str | None, metric: str) -> bool:
    """A memory size in a hardware/setup section, or named as a resource's total; a bandwidth
    in such a section its own name does not call measured (`## Hardware` … `Memory
    Bandwidth: 800 GB/s` is the machine's sheet, not a run's reading): a spec."""
    in_spec_section = bool(candidate.heading and SPEC_HEADINGS.search(candidate.heading))
    if metric == "bandwidth":
        # under a heading that names a spec sheet (`Hardware Specifications`) the figure
        # stays, marked a specification (`status_words.spec_heading`)
        # only a memory bandwidth: an interconnect's busbw or a link's sustained rate under a
        # setup heading is a measurement (NCCL's 13.9 GB/s, fix27's left-one-out)
        spec_sheet = spec_heading(candidate.heading or "") is not None
        return (
            in_spec_section
            and not spec_sheet
            and _MEMORY_NAME.search(candidate.key) is not None
            and not _MEASURED_NAME.search(candidate.key)
        )
    if metric != "memory":
        return False
    if TOTAL_SIZE.search(candidate.key.lower()):
        return True
    return in_spec_section and (unit is None or unit in MEMORY_UNITS)


_MEMORY_NAME = re.compile(r"\bmem(?:ory)?\b", re.IGNORECASE)
_MEASURED_NAME = re.compile(r"\b(?:measured|achieved|observed|actual|effective|sustained)\b", re.I)
"""A name that says its bandwidth was measured (`Measured bandwidth`, `Achieved GB/s`)."""


_BOUND_KEY = re.compile(r"^\s*(max|min|maximum|minimum)\b")


def _fallback_metric(candidate: Candidate, unit: str | None) -> str | None:
    """A metric for a figure whose names are in no vocabulary: by its unit, unless a name
    says it is a setting, an identifier or a threshold."""
    key = candidate.key
    names = [key]
    if candidate.json_path is not None and CONFIG_PATH.search(candidate.json_path):
        return None
    if candidate.json_path is None and candidate.row_header is not None:
        if GENERIC_HEADERS.match(plain_text(key).lower().strip()):
            names.append(candidate.row_header)  # `Metric | Value` tables: the row names it
    elif candidate.json_path is None and candidate.format is not SourceFormat.KEY_VALUE:
        return None  # the first column: the row's own label (a `key: value` line has none)
    elif candidate.json_path is None and _BOUND_KEY.match(plain_text(key).lower()):
        return None  # `max wait time: 10ms` in a list of settings is a bound, not a measurement
    if any(names_no_metric(name) for name in names):
        return None
    unit = unit or unit_from_key(key) or unit_from_key(names[-1])
    return metric_by_unit(unit, " ".join(names))
