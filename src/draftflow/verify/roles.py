"""Rule 2 continued, a result's role: the value must stand on its line *as* what the record
says it is. Its unit and metric agree with each other and with the line's key or column
header; a table cell's column is the one its label names (two values swapped between the
columns of one row are caught); one end of a range is not the range; a statistic word
(`median`, `p99`, `max`) names what the source names; a line that holds no number (a
closing `},`) or reads as an instruction supports nothing."""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache

from draftflow.extract.document import pipe_cell_at
from draftflow.numbers import NumberKind, NumberMention, ParsedNumber
from draftflow.record.model import ReportedResult
from draftflow.verify.context import ListedDocument, VerifyContext
from draftflow.verify.dimensions import (
    MEASURED,
    UNIT_AFTER_RE,
    UNIT_SPELLINGS,
    caption_dimensions,
    metric_dimension,
    unit_after,
    unit_dimensions,
)
from draftflow.verify.index import DocumentIndex
from draftflow.verify.meaning import check_meaning
from draftflow.verify.report import Evidence, Rule, Severity
from draftflow.verify.unspecified import check_unspecified

# Words that tell apart columns of one dimension: a label naming one of a family must not
# be supported by a cell whose header names another of the same family.
_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset(
        {
            "p50",
            "p90",
            "p95",
            "p99",
            "p999",
            "median",
            "mean",
            "avg",
            "average",
            "min",
            "max",
            "sd",
            "stdev",
            "std",
        }
    ),
    frozenset({"total", "req", "request", "per_request", "aggregate", "per_stream", "session"}),
    frozenset({"ttft", "tpot", "itl", "e2el", "ttfr"}),
    frozenset({"prefill", "decode", "pp", "tg"}),
)
_WORD_RE = re.compile(r"[a-z0-9]+")
_WALK = 8  # mentions walked back from a figure before scanning its whole line
_LAST_KEY_RE = re.compile(r'"([^"]+)"\s*:')
_CLOSING_RE = re.compile(r"\s*[}\]][}\],;\s]*")
_NAMED_BEFORE_RE = re.compile(r"[:=]\W*$")
_SYNONYMS = {
    "p50": "median",
    "req": "request",
    "requests": "request",
    "avg": "mean",
    "average": "mean",
    "stdev": "sd",
    "std": "sd",
    "stddev": "sd",
    "per_stream": "session",
    "per_session": "session",
    "sessions": "session",
    "aggregate": "total",
}
_RANGE_WORDS = ("min", "max", "low", "high", "lower", "upper", "range", "from", "to", "end")


@lru_cache(maxsize=4096)
def words(text: str) -> frozenset[str]:
    """Lower-case words of a text, also joined pairs (`per request` → `per_request`); once
    per text (every figure of a column shares its header, label and metric words)."""
    found = _WORD_RE.findall(text.lower().replace("_", " "))
    pairs = {f"{a}_{b}" for a, b in itertools.pairwise(found)}
    return frozenset(_SYNONYMS.get(word, word) for word in (*found, *pairs))


def check_role(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    index: DocumentIndex,
    listed: ListedDocument,
    number: ParsedNumber,
    stating: list[NumberMention],
) -> None:
    """Flag a result whose value does not stand on its line as what the record says.
    `number` is the result's value as parsed, `stating` the mentions of its cited line that
    state it (rule 2's value check found both)."""
    line = result.source_line
    line_text = index.document.line(line) or ""
    value = f"{base}/value"

    def evidence() -> Evidence:
        # built only for a flag: most figures raise none
        return ctx.evidence(listed, line)

    if index.is_instruction(line):
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            value,
            repr(result.value),
            "the cited line reads as an instruction to a model, not a measurement; "
            "nothing on it supports a figure",
            [evidence()],
        )
        return
    if _CLOSING_RE.fullmatch(line_text):
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/source_line",
            str(line),
            "the cited line holds no value (a bracket or blank line); cite the line "
            "that states the figure",
            [evidence()],
        )
        return
    near, context = _names(index, line, number, stating)
    _check_dimensions(ctx, base, result, context, evidence)
    check_unspecified(ctx, base, result, context, evidence)
    _check_statistic_words(ctx, base, result, context, near, evidence)
    _check_range(ctx, base, result, stating, evidence)
    check_meaning(ctx, base, result, index, context, near, evidence)


_NAMES_KEPT = 4096
"""(line, value) pairs whose names `_names` keeps per document (then it starts again)."""


def _names(
    index: DocumentIndex, line: int, number: ParsedNumber, stating: list[NumberMention]
) -> tuple[str, str]:
    """The words before the value's first mention on `line` and what the source calls it
    (`_context_name`): read once per (line, value), since `stating` is the line's mentions
    of `number` and each figure of a row that states the value asks the same."""
    key = (line, number)
    found = index.role_names.get(key)
    if found is None:
        text = index.document.line(line) or ""
        near = words_before(text, stating[0], index.line_mentions(line)) if stating else ""
        found = (near, _context_name(index, line, number, stating, near))
        if len(index.role_names) >= _NAMES_KEPT:
            index.role_names.clear()
        index.role_names[key] = found
    return found


def _context_name(
    index: DocumentIndex,
    line: int,
    number: ParsedNumber,
    stating: list[NumberMention],
    before: str,
) -> str:
    """What the source calls the value: the unit written after it, the words with a `:` or
    `=` just before it (`P50 TTFT (ms):  45.2`, `{ "mean": 53.5`), its JSON key, or its
    table column's header with the row's first cell. `stating`: the mentions of `line`
    that state `number`; `before`: the words before the first of them (`words_before`)."""
    text = index.document.line(line) or ""
    if stating:
        mention = stating[0]
        unit = UNIT_AFTER_RE.match(text, mention.end) or _WORD_UNIT_RE.match(text, mention.end)
        if unit:
            return unit.group(1)
        if _NAMED_BEFORE_RE.search(before):
            keys = _LAST_KEY_RE.findall(before)
            return keys[-1] if keys else before  # minified JSON: the value's own key
    key = index.layout.own_key(line)
    if key:
        return key
    return _column_header(index, line, number) or ""


def words_before(text: str, mention: NumberMention, mentions: list[NumberMention]) -> str:
    """The text between the previous number on the line (or its start) and `mention`."""
    previous = _previous_end(mention, mentions)
    unit = UNIT_AFTER_RE.match(text, previous) if previous else None
    return text[unit.end() if unit else previous : mention.start]


def _previous_end(mention: NumberMention, mentions: list[NumberMention]) -> int:
    """Where the last number before `mention` ends (0 if none). A line's mentions stand in
    order, each ending before the next starts, so the search starts at `mention`'s place and
    walks back (a wide table's row has thousands: scanning them all per figure is quadratic)."""
    at = bisect_right(mentions, mention.start, key=lambda m: m.start)
    for previous in reversed(mentions[max(0, at - _WALK) : at]):
        if previous.numbers and previous.end <= mention.start:
            return previous.end
    if at <= _WALK:
        return 0
    return max((m.end for m in mentions if m.numbers and m.end <= mention.start), default=0)


def _column_header(index: DocumentIndex, line: int, number: ParsedNumber) -> str | None:
    """The header of the table column (Markdown or CSV) whose cell on `line` states
    `number`, when exactly one column on the row does."""
    table = index.layout.row_and_header(line)
    if table is None or len(table[1]) != len(table[0]):
        return None
    cells, header = table
    values = index.cell_values(line, cells)
    columns = values.owners(number)
    if len(columns) != 1:
        return None
    row_label = cells[0] if columns[0] > 0 and not _reads_as(values.readings[0], number) else ""
    return f"{header[columns[0]]} | {row_label}" if row_label else header[columns[0]]


def _reads_as(readings: tuple[float, ...], number: ParsedNumber) -> bool:
    return any(number.matches(alt) for alt in readings)


def _check_dimensions(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    context: str,
    evidence: Callable[[], Evidence],
) -> None:
    context = context.split(" | ")[0]  # a column's header, not its row's label
    if "=" in context:  # `Batch=1`: a condition heads the column, not a dimension
        context = ""
    if context.strip().lower() in _FAMILIES[0]:  # `Min`, `Max`: a statistic, not a unit
        context = ""
    units = unit_dimensions(result.unit)
    metric = metric_dimension(result.metric)
    stated = unit_dimensions(context)
    source = (
        next(iter(stated))
        if len(stated) == 1
        else (metric_dimension(context) if context and not stated else None)
    )
    if source is not None and units and source not in units:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/unit",
            result.unit,
            f"the unit {result.unit!r} does not fit what the source calls this value "
            f"({context!r}, a {source})",
            [evidence()],
        )
    if source is not None and metric is not None and metric != source:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/metric",
            result.metric,
            f"the metric {result.metric!r} (a {metric}) is not what the source calls "
            f"this value ({context!r}, a {source})",
            [evidence()],
        )
        if units and source not in units:
            # Unit and metric agree with each other, not with the source: the value is
            # another quantity's (a cell of another column, a key of another meaning).
            ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                f"{base}/value",
                repr(result.value),
                f"the value stands on its line as {context!r} (a {source}), not as the "
                f"{metric} the record says it is",
                [evidence()],
            )
    if source is None and metric is not None and units and metric not in units:
        for field, claim in (("unit", result.unit), ("metric", result.metric)):
            ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                f"{base}/{field}",
                claim,
                f"the unit {result.unit!r} and the metric {result.metric!r} (a {metric})"
                " disagree; one of them is wrong",
                [evidence()],
            )


def _check_statistic_words(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    context: str,
    near: str,
    evidence: Callable[[], Evidence],
) -> None:
    """Words that tell columns apart (`p50`/`p99`, `total`/`request`, `ttft`/`itl`): the
    source's word for the value must not contradict the label's and metric's (the value is
    in another column, or on another key), nor the statistic's. A statistic word written
    just before the value on its line (`median TTFT was 282 s`) names it too."""
    source_words = words(context) if context else frozenset()
    near_statistics = words(near) & _FAMILIES[0]
    claimed: frozenset[str] | None = None  # read only when the source names a family
    statistic = words(result.statistic)
    for family in _FAMILIES:
        named = source_words & family
        if not named:
            continue
        if claimed is None:
            claimed = words(f"{result.metric} {result.label}")
        wrong = (claimed & family) - named
        if wrong and not claimed & named:
            ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                f"{base}/value",
                repr(result.value),
                f"the value stands under {context!r} in the source, but the label and "
                f"metric name {', '.join(sorted(wrong))}",
                [evidence()],
            )
    named = (source_words & _FAMILIES[0]) or near_statistics
    if named and not source_words & _FAMILIES[0] and "range" in statistic:
        statistic = statistic - {"min", "max"}  # `range_min`: an end of a range, not a min
    if named:
        wrong = (statistic & _FAMILIES[0]) - named - {"mean"}
        if wrong and not statistic & named:
            ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                f"{base}/statistic",
                result.statistic,
                f"the statistic says {', '.join(sorted(wrong))} but the source names "
                f"this value {context if source_words & named else near.strip()!r}",
                [evidence()],
            )


def _says_range(result: ReportedResult) -> bool:
    """True when the record's statistic, label or metric says the value is a range's end."""
    said = words(f"{result.statistic} {result.label} {result.metric}")
    return bool(said & set(_RANGE_WORDS))


def _check_range(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    stating: list[NumberMention],
    evidence: Callable[[], Evidence],
) -> None:
    """One end of a range stated as the value, with no word saying it is an end (`stating`:
    the mentions on the cited line that state the value)."""
    # a wide row states a value in ~30 cells: stop at the first that is not a range's end
    if not stating or any(m.kind is not NumberKind.RANGE for m in stating):
        return
    ends = stating  # every mention stating the value is a range's end
    if not _says_range(result):
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/value",
            repr(result.value),
            f"the source states a range ({ends[0].text}); {result.value!r} is only one "
            "end of it, and nothing in the record says so",
            [evidence()],
        )


# A unit one word after the number (`12 decode tok/s`): any spelling `UNIT_AFTER_RE` reads.
_WORD_UNIT_RE = re.compile(rf"\s*[a-z]+\s+({UNIT_SPELLINGS})(?![a-z0-9/])", re.IGNORECASE)


def source_dimensions(index: DocumentIndex, line: int, mention: NumberMention) -> frozenset[str]:
    """What a source says a number on `line` is, from the nearest name that says it: the
    unit after it, its JSON or YAML key, its column's header, the words just before it
    (`KV pool: 346,485`), its row's first cell, the keys of the objects around it."""
    text = index.document.line(line) or ""
    after = unit_after(text, mention.end)
    if after:
        return after
    layout = index.layout
    key = layout.own_key(line)
    names = [key] if key else []
    table = layout.row_and_header(line)
    if table is not None and len(table[0]) == len(table[1]):
        cells, header = table
        if "|" in text:
            column = pipe_cell_at(text, mention.start)
        else:
            column = text[: mention.start].count(",")
        if 0 <= column < len(header):
            names.append(header[column])
        if column > 0:
            names.append(cells[0])
    names.append(words_before(text, mention, index.line_mentions(line)))
    for name in names:
        dimension = metric_dimension(name)
        if dimension is not None:
            return frozenset({dimension})
    if table is not None:
        return caption_dimensions(layout.caption(line))
    # An enclosing object or array names a group (`runs`, `requests`); only a measured
    # quantity in its name (`decode_tok_s`, `ttft_ms`) says what the values inside are.
    for name in layout.enclosing_keys(line):
        dimension = metric_dimension(name)
        if dimension in MEASURED:
            return frozenset({dimension})
    return frozenset()
