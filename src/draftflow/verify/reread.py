"""Rule 2 continued, a figure re-read as extract reads it: the unit, metric and statistic a
record publishes for a value must be what its cited place says, within one dimension too.

The dimension checks (`roles.py`) catch a time published as a rate; they cannot tell `ms`
from `s`, a time to first token from an inter-token latency, an aggregate rate from a
per-session one, or a p50 from a p95. Here the cited document is read once more through the
same harvesters and classifier extract uses (`extract.harvest`, `extract.classify.select`:
the document model, the cell's column, the JSON key path, the row, the caption), and the
readings of the cited line that state the value are the place's word on what it is:

- the unit must be the reading's unit (spellings compared by the vocabulary's unit ids), so
  a scale (`ms` → `s`) or another rate (`tokens/s` → `requests/s`) is an error;
- the metric must be the reading's, or one whose own words the place's names carry;
- a statistic the record names (`p95`, `mean`, `peak`) must be the one the place names, and
  a place that names none does not support one (unless its names say it);
- a label's part that names a metric or a statistic is held to the same reading.

A value the harvesters do not read (a sentence, a derived median) gets no verdict here: the
other checks of rule 2 stand alone for it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from functools import cache, lru_cache

from draftflow.acquire.snapshot import Document
from draftflow.extract.classify import Selected, select
from draftflow.extract.document import DocumentKind, document_kind, split_pipes
from draftflow.extract.harvest.run import harvest_to_select
from draftflow.extract.metric_names import metric_name
from draftflow.extract.statistic_names import statistic_of
from draftflow.extract.vocabulary import METRIC_RES
from draftflow.numbers import ParsedNumber
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.model import ReportedResult
from draftflow.verify.context import VerifyContext, number_of
from draftflow.verify.line_readings import LeafReadings, TableReadings
from draftflow.verify.report import Evidence, Rule, Severity

Readings = dict[int, list[Selected]]
"""A document's figures as extract reads them, by line."""

UNSPECIFIED = "unspecified"
AS_REPORTED = "as reported"
# A statistic written by draftflow for a figure it derived (`median of 3 source rows ...`).
_DERIVED = re.compile(r"\bderived\b")
_SPREAD_WRITTEN = re.compile(r"±|\+/-")
_METRIC_PATTERNS = {name: pattern for name, pattern in METRIC_RES}
# The metrics told apart within their dimension: the kinds of latency and of speed. A generic
# one (`throughput`, `latency`) is compatible with each of its kind.
_KIND = {m.id: m.kind for m in vocabulary().metric if m.kind in {"latency", "speed"}}
_GENERIC = frozenset({"throughput", "latency"})


@cache
def _unit_ids() -> dict[str, str]:
    """Each lower-case spelling of a unit (its id too) → the unit's id."""
    found: dict[str, str] = {}
    for unit in vocabulary().unit:
        for spelling in (unit.id, *unit.spellings, *unit.labels):
            found.setdefault(spelling.lower(), unit.id)
    return found


@lru_cache(maxsize=4096)
def unit_id(unit: str) -> str | None:
    """The vocabulary's id of a unit as written (`tok/s` → `tokens/s`), or None; once per
    spelling (each figure's readings are asked theirs)."""
    return _unit_ids().get(unit.strip().lower())


@lru_cache(maxsize=4096)
def same_dimension(a: str, b: str) -> bool:
    first, second = vocabulary().unit_by_id(a), vocabulary().unit_by_id(b)
    return bool(first and second and first.dimensions & second.dimensions)


@lru_cache(maxsize=4096)
def named_statistic(text: str) -> str | None:
    """The statistic a text names (`p95`, `mean of 5 runs` → `mean`), as extract names it,
    or None when it names none (`as reported`)."""
    statistic = statistic_of(text, "")
    if statistic.startswith(AS_REPORTED) or "standard deviation" in statistic:
        return None
    return statistic.removesuffix(" as reported")


def document_readings(ctx: VerifyContext, document: Document) -> Readings:
    """The document's figures as extract reads them, by line; read once per document and
    kept with its index (the rounds of a draft and the figures file share them)."""
    key = (document.path, document.sha256)
    readings = ctx.indexes.readings.get(key)
    if readings is None:
        readings = {}
        for item in select(harvest_to_select(document)):  # a CSV's raw tables: none
            readings.setdefault(item.candidate.line, []).append(item)
        ctx.indexes.readings[key] = readings
    return readings


def line_readings(ctx: VerifyContext, document: Document, line: int) -> list[Selected]:
    """The figures extract reads on `line`: from the document's readings when they are read
    already (a draft hands on extract's), else from the tables holding the line alone
    (`line_readings.TableReadings`: a report's other tables are not harvested) or from the
    line's own JSON leaves (`line_readings.LeafReadings`)."""
    key = (document.path, document.sha256)
    whole = ctx.indexes.readings.get(key)
    if whole is not None:
        return whole.get(line, [])
    reader = ctx.indexes.table_readings.get(key)
    if reader is None:
        reader = TableReadings.of(document) or LeafReadings.of(document) or False
        ctx.indexes.table_readings[key] = reader
    if reader is False:
        return document_readings(ctx, document).get(line, [])
    assert isinstance(reader, TableReadings | LeafReadings)
    return reader.on(line)


_FEW = 32
"""A line with more readings than this is looked up by value (a wide table's row holds
thousands: each of its figures scanning them all made verify quadratic in the row)."""


def _readings_of(
    ctx: VerifyContext, document: Document, line: int, number: ParsedNumber
) -> list[Selected]:
    """The readings of `line` whose value is `number` at its written precision, in the
    line's order."""
    on_line = line_readings(ctx, document, line)
    if len(on_line) <= _FEW:
        return [r for r in on_line if number.matches(float(r.value))]
    key = (document.path, document.sha256, line)
    asked = ctx.indexes.value_readings.get((key, number))
    if asked is not None:
        return list(asked)
    ordered = ctx.indexes.sorted_readings.get(key)
    if ordered is None:
        pairs = sorted((float(r.value), i) for i, r in enumerate(on_line))
        ordered = ctx.indexes.sorted_readings[key] = ([v for v, _ in pairs], [i for _, i in pairs])
    values, positions = ordered
    found: set[int] = set()
    for alternative, tolerance in zip(number.alternatives, number.tolerances, strict=True):
        margin = tolerance * (1 + 1e-9) + 1e-12
        low = bisect_left(values, alternative - margin)
        high = bisect_right(values, alternative + margin)
        found.update(positions[low:high])
    asked = ctx.indexes.value_readings[(key, number)] = [on_line[i] for i in sorted(found)]
    return list(asked)


def names_of(item: Selected) -> str:
    """Every name the place gives its figure, lower case: the key path, column, row, part,
    caption and heading."""
    candidate = item.candidate
    parts = (
        candidate.json_path,
        candidate.column,
        candidate.row_header,
        item.part,
        candidate.caption,
        candidate.heading,
    )
    return " ".join(p for p in parts if p).lower()


def check_reading(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    document: Document,
    evidence: Callable[[], Evidence],
) -> None:
    """Flag a unit, metric, statistic or label part that the cited place's reading of the
    value contradicts or does not state."""
    if _DERIVED.search(result.statistic.lower()) or "per_run_values" in result.conditions:
        return  # derived by draftflow from several places: the derivation checks hold it
    number = number_of(result.value)
    readings = _readings_of(ctx, document, result.source_line, number)
    if not readings:
        return
    _check_unit(ctx, base, result, readings, evidence)
    _check_metric(ctx, base, result, readings, evidence)
    _check_statistic(ctx, base, result, readings, document, evidence)
    _check_label(ctx, base, result, readings, document, evidence)


def _flag(
    ctx: VerifyContext, where: str, claim: str, message: str, evidence: Callable[[], Evidence]
) -> None:
    ctx.flag(Severity.ERROR, Rule.REPORTED_RESULTS, where, claim, message, [evidence()])


def _check_unit(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    readings: list[Selected],
    evidence: Callable[[], Evidence],
) -> None:
    units = {r.unit for r in readings}  # a wide row's value has ~30 readings, few units
    read = {unit_id(unit) for unit in units if unit != UNSPECIFIED}
    if None in read or not read or result.unit == UNSPECIFIED:
        return
    said = unit_id(result.unit)
    if said in read or result.unit in units:
        return
    if said is not None and not any(same_dimension(said, u) for u in read if u):
        return  # another quantity: the role checks flag it
    _flag(
        ctx,
        f"{base}/unit",
        result.unit,
        f"the unit {result.unit!r} is not what the cited place states for this value "
        f"({' or '.join(sorted(str(u) for u in read))}, read from "
        f"{names_of(readings[0]) or 'its line'!r}); a unit of another scale or quantity "
        "misstates it",
        evidence,
    )


def says_metric(metric: str, readings: list[Selected]) -> bool:
    """True when a reading is `metric`, or the place's names carry the metric's own words."""
    if any(r.metric == metric for r in readings):
        return True
    pattern = _METRIC_PATTERNS.get(metric)
    return pattern is not None and any(pattern.search(names_of(r)) for r in readings)


def _known_metric(metric: str) -> bool:
    return metric in _METRIC_PATTERNS


def kind_of(metric: str) -> str | None:
    """The kind of latency or speed a metric name is (`ttft` → latency), None for a
    generic one (`throughput`) or another quantity."""
    canonical = _canonical_metric(metric)
    if canonical is None or canonical in _GENERIC:
        return None
    return _KIND.get(canonical)


def _canonical_metric(metric: str) -> str | None:
    """A metric as the vocabulary names it: its id, or the one its words name
    (`prefill_throughput` → `prefill_rate`); None for a name that names none."""
    if _known_metric(metric):
        return metric
    named = metric_name(metric)
    return named if named is not None and _known_metric(named) else None


def _check_metric(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    readings: list[Selected],
    evidence: Callable[[], Evidence],
) -> None:
    read = {r.metric for r in readings}
    said = _canonical_metric(result.metric)
    if said not in _KIND or said in _GENERIC or not read <= set(_KIND) - _GENERIC:
        return  # only kinds of latency and of speed are told apart here
    if any(_KIND[m] != _KIND[said] for m in read):
        return  # another dimension: the role checks flag it
    if says_metric(said, readings) or says_metric(result.metric, readings):
        return
    _flag(
        ctx,
        f"{base}/metric",
        result.metric,
        f"the metric {result.metric!r} is not what the cited place names this value "
        f"({' or '.join(sorted(read))}, read from {names_of(readings[0])!r})",
        evidence,
    )


def _prose_statistics(ctx: VerifyContext, document: Document) -> frozenset[str]:
    """The statistics a document names on lines that hold no figure of its own (a sentence,
    a heading, a caption: `each value is the mean of 3 runs`), read once per document."""
    key = (document.path, document.sha256)
    found = ctx.indexes.prose_statistics.get(key)
    if found is None:
        readings = ctx.indexes.readings.get(key)
        if readings is None and isinstance(ctx.indexes.table_readings.get(key), LeafReadings):
            reader = ctx.indexes.table_readings[key]
            readings = {n: read for n in reader.lines() if (read := reader.on(n))}
        if readings is None:
            readings = document_readings(ctx, document)
        kind = document_kind(document.path)
        found = frozenset(
            statistic
            for number, text in enumerate(document.line_list, start=1)
            if number not in readings and (statistic := _statistic_in_words(kind, text)) is not None
        )
        ctx.indexes.prose_statistics[key] = found
    return found


_STRING_VALUE = re.compile(r'^\s*(?:"[^"]*"\s*:\s*"|"[^"]*"\s*,?\s*$)')
"""A data file's line holding a string: a key's string value or a string in an array."""


_IDENTIFIER = re.compile(r"-{1,2}[A-Za-z][\w-]*|\w*_\w*")
"""A setting's key or flag (`max_tokens`, `--max-model-len`): a limit it names, not a
statistic of the results (`max_tokens: 512` in a README's YAML)."""


def _named_in_words(text: str) -> str | None:
    """The statistic a text names, its keys and flags aside (`--max-model-len` in the
    sentence above a table names no maximum of the table's figures)."""
    return named_statistic(_IDENTIFIER.sub(" ", text))


def _statistic_in_words(kind: DocumentKind, text: str) -> str | None:
    """The statistic a document's line names in words: any line of a report, its keys and
    flags aside; in a data file only a string value (`"note": "median of 3 runs"`), never a
    key (`"max_num_seqs": 64`) or a CSV row."""
    if kind is DocumentKind.CSV:
        return None
    if kind in (DocumentKind.JSON, DocumentKind.JSONL) and not _STRING_VALUE.match(text):
        return None
    return _named_in_words(text)


def _claimed_statistic(statistic: str) -> str | None:
    """The statistic a record's `statistic` claims: its first clause's (`as reported; mean
    across runs` claims none, its comment aside)."""
    first = statistic.split(";", 1)[0]
    return None if first.strip().lower().startswith(AS_REPORTED) else named_statistic(first)


def _check_statistic(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    readings: list[Selected],
    document: Document,
    evidence: Callable[[], Evidence],
) -> None:
    said = _claimed_statistic(result.statistic)
    if said is None:
        return
    read = {named_statistic(r.statistic) for r in readings}
    if said in read or any(_named_in_words(names_of(r)) == said for r in readings):
        return
    stated = {s for s in read if s is not None}
    if not stated and said in _prose_statistics(ctx, document):
        return
    if (
        not stated
        and said == "mean"
        and any(_SPREAD_WRITTEN.search(r.candidate.text) for r in readings)
    ):
        return  # `46.47 ± 0.35`: a value with its spread is a mean with its deviation
    where = (
        f"names it {' or '.join(sorted(stated))}"
        if stated
        else "names no statistic for it (a value as reported)"
    )
    _flag(
        ctx,
        f"{base}/statistic",
        result.statistic,
        f"the statistic says {said}, but the cited place {where} "
        f"({names_of(readings[0]) or 'its line'!r})",
        evidence,
    )


def _plain(text: str) -> str:
    """`text` without emphasis marks (`*`, `` ` ``), each run of whitespace (`str.isspace`,
    as the pattern `\\s+` reads it) one space. Made by `str.replace` and `str.split`, not by
    two `re.sub`: a 0.5 MB report's collapsed text in a quarter of the time."""
    text = text.replace("*", "").replace("`", "")
    words = text.split()
    if not words:
        return " " if text else ""
    joined = " ".join(words)
    if text[0].isspace():
        joined = " " + joined
    return joined + " " if text[-1].isspace() else joined


def _collapsed(ctx: VerifyContext, document: Document) -> str:
    """The document's lower-case text, each run of whitespace one space and no emphasis
    marks (a label joins words the source wraps over lines or writes in bold)."""
    key = (document.path, document.sha256)
    text = ctx.indexes.collapsed.get(key)
    if text is None:
        text = _plain(ctx.indexes.of(document).lower_text)
        ctx.indexes.collapsed[key] = text
    return text


def _written(ctx: VerifyContext, document: Document, lowered: str, line: int) -> bool:
    """Whether the document writes these words (a label's part), asked once per document and
    part: the figures of a wide table share their row's and columns' names. A part that is
    a cell of the cited line or of its table's header row is written (each cell's collapsed
    text stands in the collapsed document): a wide table's 10,000 column names are not each
    searched for in the whole document."""
    key = (document.path, document.sha256, lowered)
    known = ctx.indexes.written_parts.get(key)
    if known is None:
        wanted = _plain(lowered)
        known = wanted in _cited_cells(ctx, document, line) or wanted in _collapsed(ctx, document)
        ctx.indexes.written_parts[key] = known
    return known


_CELLS_KEPT = 8
"""Cited lines whose cells are kept: a row's figures are checked together."""


def _cited_cells(ctx: VerifyContext, document: Document, line: int) -> frozenset[str]:
    """The collapsed lower-case text of each cell of `line` and of its table's header row,
    stripped, as the document model splits a row (`split_pipes`: `\\|` is a pipe in a cell,
    as a label read from the cell writes it); lower case, emphasis marks and whitespace runs
    read the same within a line as within the document (`_collapsed`)."""
    key = (document.path, document.sha256, line)
    found = ctx.indexes.line_pieces.get(key)
    if found is None:
        header = ctx.indexes.of(document).layout.table_start(line)
        lines = (line,) if header is None or header == line else (line, header)
        found = frozenset(
            _plain(piece.lower()).strip()
            for number in lines
            for piece in split_pipes(document.line(number) or "")
        )
        if len(ctx.indexes.line_pieces) >= _CELLS_KEPT:
            del ctx.indexes.line_pieces[next(iter(ctx.indexes.line_pieces))]
        ctx.indexes.line_pieces[key] = found
    return found


@lru_cache(maxsize=4096)
def _metric_of_part(lowered: str) -> str | None:
    """The first metric a label part names, once per part: a data file's figures share their
    label parts (`bench_raw.avg_ts`), each searched with every metric's pattern."""
    return next((name for name, regex in METRIC_RES if regex.search(lowered)), None)


def _check_label(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    readings: list[Selected],
    document: Document,
    evidence: Callable[[], Evidence],
) -> None:
    """A part of the label naming a metric must name the value's own (the reading's, or the
    place's words), and one naming a statistic too must name the place's statistic."""
    read_statistics = {named_statistic(r.statistic) for r in readings}
    for part in (p.strip() for p in result.label.split(",")):
        lowered = part.lower()
        if _written(ctx, document, lowered, result.source_line):
            continue  # the source's own words (a row's name, a series' description)
        metric = _metric_of_part(lowered)
        if metric is None:
            continue
        if not says_metric(metric, readings) and not says_metric(result.metric, readings):
            continue  # the record's metric is wrong too: flagged at the metric
        if not says_metric(metric, readings):
            _flag(
                ctx,
                f"{base}/label",
                part,
                f"the label says {part!r} (a {metric}), but the cited place names this value "
                f"{names_of(readings[0])!r}",
                evidence,
            )
            return
        statistic = named_statistic(lowered)
        stated = read_statistics - {None}
        if statistic is not None and stated and statistic not in stated:
            _flag(
                ctx,
                f"{base}/label",
                part,
                f"the label says {part!r} ({statistic}), but the cited place names this value "
                f"{names_of(readings[0])!r}",
                evidence,
            )
            return
