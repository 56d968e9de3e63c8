"""The headline selection without a model: which grounded figures are the repository's claims.

Every rule reads a shape of the sources, never the words of one repository:
- a figure the README (or a report's opening section) states is what the repository leads with;
- a figure in a section headed as a summary (executive summary, key findings, TL;DR,
  conclusion) is one the author sums the work up with;
- a figure in a small Markdown table is in a summary a person wrote, not a raw data dump;
- a figure written in bold, or restated in another document, is one its author stresses;
- in each compared configuration (a table column, or one metric across result files) the best
  value and the first one, the baseline it is compared against, are the claims;
- a median (or mean) derived from repeated runs summarises them;
- speeds and latencies are headline metrics; token counts, durations and spreads are not.
Then figures are taken greedily by score, each further pick from the same document and
metric costing a little, so the selection covers the repository rather than one table.
Where a figure stands in its document (front page, opening and summary sections, small
tables, restatements) is read by `shapes.py`.
"""

from __future__ import annotations

import functools
import heapq
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.classify import UNSPECIFIED
from draftflow.extract.vocabulary import LOWER_IS_BETTER, SPEED_METRICS, TIME_METRICS
from draftflow.numbers import (
    find_numbers,
    value_decimals,
)
from draftflow.numbers.cells import CellShape, cell_shape
from draftflow.record.model import ReportedResult
from draftflow.select.dated import LatestEntry, latest_entries
from draftflow.select.emphasis import in_small_print, marked_by_symbol, spread_statistics
from draftflow.select.figures import Figure
from draftflow.select.lead import (
    DocumentRole,
    RoleReading,
    first_results_table,
    headline_exclusion,
    read_roles,
)
from draftflow.select.reference import References, reference_rows
from draftflow.select.run_files import named_run_file, run_file_paths
from draftflow.select.shapes import (
    RESTATED_MIN_DIGITS,
    DocumentShape,
    Restatements,
    is_main_document,
    is_markdown,
    significant_digits,
)

DEFAULT_MAX_RESULTS = 24
PROSE_LABEL_JOINER = " › "  # how a prose figure's label joins heading, lead-in and clause
TABLE_GAP_LINES = 2
INDEX_MIN_RESTATED = 3
# A further pick from the same document and metric costs this much: a result file is one
# configuration, so data files are covered broadly; a Markdown summary may hold many claims.
SAME_METRIC_COST = {True: 0.2, False: 1.5}
SAME_DOCUMENT_COST = {True: 0.05, False: 0.4}
# One figure per configuration (a row of a Markdown table) before a second of the same one; a
# data file's line is no configuration (a one-line JSON file holds the whole run).
LEAD_TABLE_POINTS = 4.0
BOLD_REASON = "written in bold"
REFERENCE_ROW_POINTS = 3.0
COMPARED_ROW_POINTS = -1.5
LATEST_ENTRY_POINTS = 3.0
# a range's two ends (`between 15.45 and 16.36 tok/s`) are one claim, taken together
RANGE_ENDS = frozenset({"range_min", "range_max"})
SAME_ROW_COST = {True: 2.5, False: 0.0}

# counts of faults (errors, warnings, failed requests, retries): fewer is better
_FAULT_METRIC = re.compile(r"error|warning|fail|retr(y|ies)|timeout", re.IGNORECASE)
# a restatement repeats a number precise enough not to be a coincidence (`0 errors` twice is
# two outcomes; `98.38 tok/s` twice is one)
BOOKKEEPING = frozenset(
    {
        "total_output_tokens",
        "total_input_tokens",
        "completed_requests",
        "peak_concurrent_requests",
        "benchmark_duration",
        "rank",
    }
)
_SPREAD = re.compile(r"_(spread|stdev|normalised)$")
# `out of 4`, `(of 12)`; a denominator of 100 is a percentage scale, not a tested set
_OUT_OF = re.compile(r"\bout of (?!100\b)\d|\(of (?!100\))\d[\d.]*\)$")
_QUALITY_WORD = re.compile(
    r"\b(pass(es|ed|ing)?|fail(s|ed|ing)?|correct(ly)?|solved|accura\w*|valid(ated)?|"
    r"succeed(s|ed)?|success(ful)?)\b",
    re.IGNORECASE,
)
_TAIL_STATISTIC = re.compile(r"\bp9\d|\bp99|\bmaximum|\bminimum")
_BOLD = re.compile(r"\*\*([^*]+)\*\*|__([^_]+)__")
RATE_UNITS = re.compile(r"/s$|per.?s", re.IGNORECASE)
TIME_UNITS = frozenset({"s", "ms", "seconds", "us", "min"})


@dataclass
class Scored:
    """A figure with its headline score and the rules that gave it."""

    figure: Figure
    score: float = 0.0
    reasons: list[str] = field(default_factory=list)
    stands_alone: bool = False
    """A claim of its own, not one configuration's (a reference row's cell, a column's best
    value its author marked, the latest entry of a dated record, a range's end): the
    one-per-row coverage does not hold it back."""
    path: str = ""
    """The path of the figure's document."""
    restates: str | None = None
    """The run file a Markdown page's headings name over the figure: the page restates it."""

    def add(self, points: float, reason: str) -> None:
        """Credit (or debit) the figure and say why."""
        self.score += points
        if reason and points > 0:
            self.reasons.append(reason)

    @property
    def why(self) -> str:
        """The reasons as one phrase for provenance and the review page."""
        return "; ".join(self.reasons) or "a grounded figure of the repository"


def score_figures(snapshot: Snapshot, figures: list[Figure]) -> list[Scored]:
    """Every figure scored by the headline rules, in the figures' order."""
    shapes: dict[str, DocumentShape] = {}
    references: dict[str, References] = {}
    latest: dict[str, dict[int, LatestEntry]] = {}
    run_files = run_file_paths(snapshot)
    restatements = Restatements(snapshot)
    roles = read_roles(snapshot)
    scored = [Scored(figure) for figure in figures]
    for item in scored:
        result = item.figure.result
        document = snapshot.document(result.source_document_id)
        if document is None:
            continue
        shape = shapes.get(document.document_id)
        if shape is None:
            shape = shapes[document.document_id] = DocumentShape(document)
        item.path = document.path
        item.restates = named_run_file(document, result.source_line, run_files)
        _score_place(item, document, shape)
        if document.document_id not in references:
            references[document.document_id] = reference_rows(document)
        _score_reference(item, references[document.document_id])
        item.stands_alone = item.stands_alone or result.statistic in RANGE_ENDS
        if document.document_id not in latest:
            latest[document.document_id] = latest_entries(document)
        entry = latest[document.document_id].get(result.source_line)
        if entry is not None:
            item.stands_alone = True
            item.add(LATEST_ENTRY_POINTS, f"the latest entry ({entry.date}) of a dated record")
        _score_role(item, roles.get(document.document_id))
        _score_emphasis(item, document, restatements)
        _score_metric(item, in_sentence=_read_in_sentence(said(result)))
    spread = spread_statistics((index, item.figure.result) for index, item in enumerate(scored))
    for index in spread:
        scored[index].add(-2.5, "")  # the row's median (or mean) stands for it
    _score_lead_table(scored, snapshot)
    _score_comparisons(scored)
    _score_index_document(scored)
    return scored


def _score_reference(item: Scored, references: References) -> None:
    """A quantization table's claim is its unquantized reference row read across the compared
    columns; its quantized rows are the detail read against it."""
    line = item.figure.result.source_line
    reference = references.rows.get(line)
    if reference is not None:
        item.stands_alone = True
        item.add(
            REFERENCE_ROW_POINTS, f"the reference row its table compares ({reference.evidence})"
        )
    elif line in references.compared:
        item.add(COMPARED_ROW_POINTS, "")


def _score_lead_table(scored: list[Scored], snapshot: Snapshot) -> None:
    """The front page's first results table: the claims its author puts first."""
    lead = next((d for d in snapshot.documents if is_main_document(d)), None)
    if lead is None or not is_markdown(lead):
        return
    mine = [item for item in scored if item.figure.result.source_document_id == lead.document_id]
    table = first_results_table(lead, {item.figure.result.source_line for item in mine})
    if table is None:
        return
    for item in mine:
        if item.figure.result.source_line in table:
            item.add(LEAD_TABLE_POINTS, "in the README's first results table")


def _score_role(item: Scored, role: RoleReading | None) -> None:
    if role is not None and role.role is DocumentRole.RESULTS:
        item.add(1.0, f"in a results document ({role.evidence})")


def _score_index_document(scored: list[Scored]) -> None:
    """The document whose figures other documents restate most is the repository's results
    index (a summary of the runs); its figures are the ones the rest of the repository cites."""
    restated: Counter[str] = Counter(
        item.figure.result.source_document_id
        for item in scored
        if "restated in another document" in item.reasons
    )
    if not restated:
        return
    index, count = restated.most_common(1)[0]
    if count < INDEX_MIN_RESTATED:
        return
    for item in scored:
        if item.figure.result.source_document_id == index:
            item.add(2.0, "in the repository's results index (the document others restate)")


def _score_place(item: Scored, document: Document, shape: DocumentShape) -> None:
    line = item.figure.result.source_line
    main = shape.main  # the document's kind, read once per document
    if main:
        item.add(2.0, "stated in the README")
    elif shape.markdown:
        item.add(1.0, "")
    if shape.markdown and shape.leads_with(line):
        item.add(1.5, "in the opening section of " + ("the README" if main else document.path))
        if shape.restates_in_body(item.figure.result.value):
            item.add(2.0, "the opening section sums up a figure its body reports")
    if shape.in_summary_section(line):
        item.add(2.0, "in a section that sums the document up")
    if shape.in_small_table(line):
        item.add(1.0, "in a summary table")
        if shape.markdown and shape.leads_with(line):
            item.add(2.0, "a row of the summary table the document opens with")


def _score_emphasis(item: Scored, document: Document, restatements: Restatements) -> None:
    result = item.figure.result
    text = document.line(result.source_line) or ""
    decimals = value_decimals(result.value)
    if _bold_value(text, float(result.value)):
        item.add(2.0, BOLD_REASON)
    if restatements.restated(result, decimals):
        item.add(3.0, "restated in another document")
    elif restatements.rounded_in_main(result, decimals):
        item.add(2.0, "restated, rounded, in the README")
    if result.uncertainty is not None:
        item.add(1.5, "derived from repeated runs")
    if marked_by_symbol(text, float(result.value)):
        item.add(2.5, "marked with a symbol in its table cell")
    if in_small_print(text, float(result.value)):
        item.add(-3.0, "")  # a breakdown under its cell's figure


def _bold_value(line: str, value: float) -> bool:
    if "**" not in line and "__" not in line:
        return False  # no bold on the line (`_BOLD` needs one of them): most lines
    for match in _BOLD.finditer(line):
        for mention in find_numbers(match.group(1) or match.group(2) or ""):
            if any(
                abs(v - value) <= 1e-9 * max(1.0, abs(value))
                for n in mention.numbers
                for v in n.alternatives
            ):
                return True
    return False


_COUNT_NAME = re.compile(r"\btokens?\b(?!\s*(/|per\b))|\bseconds?\b|\bsec\b|\(s\)|_s$", re.I)
_RATE_NAME = re.compile(r"/\s*s\b|\bper.?s(ec)?\b|\brate\b|throughput|speed|\btps\b|tok_s", re.I)


def said(result: ReportedResult) -> str:
    """How the source describes the figure: a sentence's words where extract kept them (its
    label names the configuration instead), else the label."""
    if result.parts is not None and result.parts.said:
        return result.parts.said
    return result.label


@functools.lru_cache(maxsize=1 << 14)  # asked of each figure by several rules
def _what(label: str) -> str:
    """What the source calls the figure: the last part of its label (its column or key)."""
    return label.rsplit(";", 1)[-1].rsplit(",", 1)[-1].strip()


_PHASE_NAME = re.compile(r"decode|prefill|\bgen|\bpp\d|\btg\d|prompt|eval|output|tok", re.I)


def _named_as_rate(label: str) -> bool:
    """Whether what the source calls the figure reads as a rate (or names a phase whose rate
    it is); `generated tokens`, `total seconds` or `max abs error` under a rate metric are not."""
    what = _what(label)
    if _RATE_NAME.search(what):
        return True
    return bool(_PHASE_NAME.search(what)) and not _COUNT_NAME.search(what)


def _read_in_sentence(label: str) -> bool:
    """A figure read in a sentence carries the sentence (its clause, after any heading and
    lead-in: `Heading › lead-in › clause`) as its label; a cell's label names its column."""
    if PROSE_LABEL_JOINER not in label:
        return False
    return cell_shape(label.rsplit(PROSE_LABEL_JOINER, 1)[-1]) is CellShape.SENTENCE


def _score_metric(item: Scored, *, in_sentence: bool) -> None:
    result = item.figure.result
    metric = result.metric
    rate_unit = bool(RATE_UNITS.search(result.unit))
    # a column or key is named as a rate or not; a sentence says so by the unit it writes
    named_as_rate = (in_sentence and rate_unit) or _named_as_rate(said(result))
    if metric in SPEED_METRICS and (not named_as_rate or result.value == 0):
        item.add(-5.0, "")
    if _SPREAD.search(metric):
        item.add(-3.0, "")
    elif metric in SPEED_METRICS:
        item.add(2.5 if rate_unit else -1.0, "a speed figure")
    elif metric in TIME_METRICS:
        item.add(1.0 if result.unit in TIME_UNITS else -1.0, "a latency figure")
    elif metric in BOOKKEEPING:
        item.add(-1.5, "")
    elif _is_pass_count(result):
        item.add(2.5, "a pass count out of the tested set")
    elif metric.endswith("_count") and result.unit == "%":
        # a count read as a percentage: the reading does not hold together (verify rejects it)
        item.add(-10.0, "")
    if _TAIL_STATISTIC.search(result.statistic.lower()):
        item.add(-1.0, "")
    if "spread" in result.statistic or "std" in result.statistic.lower():
        item.add(-2.0, "")


def _is_pass_count(result: ReportedResult) -> bool:
    """`None of the four attempts passed`, `9/10 tasks correct`: the outcome of a quality
    check over a tested set is a claim as a speed is; `all five requests returned HTTP 200`
    counts transport, not quality."""
    out_of = bool(_OUT_OF.search(result.statistic) or _OUT_OF.search(said(result)))
    return out_of and bool(_QUALITY_WORD.search(said(result)))


def _groupvalue_key(result: ReportedResult) -> tuple[str, str, str]:
    return (result.metric, result.unit, result.statistic)


def _score_comparisons(scored: list[Scored]) -> None:
    """Best and baseline of each table column, and the best of each metric across files."""
    columns: dict[tuple[str, ...], list[list[Scored]]] = defaultdict(list)
    across: dict[tuple[str, str, str], list[Scored]] = defaultdict(list)
    for item in scored:
        result = item.figure.result
        key = (result.source_document_id, _what(said(result)), *_groupvalue_key(result))
        runs = columns[key]
        gap = result.source_line - runs[-1][-1].figure.result.source_line if runs else -1
        if gap == 0:
            continue  # the same row: another figure of it, not another row of the column
        if runs and 0 < gap <= TABLE_GAP_LINES:
            runs[-1].append(item)
        else:
            runs.append([item])
        across[_groupvalue_key(result)].append(item)
    for runs in columns.values():
        for column in runs:
            if len(column) < 2:
                continue
            best = _best(column, ties=True)
            if best is not None:
                best.add(2.0, "best of its table column")
                best.stands_alone = best.stands_alone or BOLD_REASON in best.reasons
            if column[0] is not best:
                column[0].add(2.0, "the baseline row of its table column")
    for group in across.values():
        documents = {item.figure.result.source_document_id for item in group}
        if len(documents) > 1:
            best = _best(group)
            if best is not None:
                best.add(1.0, "best of this metric across the result files")
            group[0].add(0.5, "")


def _best(group: list[Scored], *, ties: bool = False) -> Scored | None:
    """The best figure of a group (the first on a tie when `ties`); across result files None
    when a few-digit best value is shared (`0 errors` in several runs): a tie names no best.
    Within one table the first of tied rows stands (`0.5 req/s` under two SLOs)."""
    lower = is_lower_better(group[0].figure.result.metric)
    best = (min if lower else max)(group, key=lambda item: float(item.figure.result.value))
    value = float(best.figure.result.value)
    if ties or significant_digits(value) >= RESTATED_MIN_DIGITS:
        return best  # `155.4 GiB` twice is one claim restated, not a tie
    shared = sum(float(item.figure.result.value) == value for item in group)
    return best if shared == 1 else None


def is_lower_better(metric: str) -> bool:
    """Whether a smaller value of the metric is the better outcome (times, memory, faults)."""
    return metric in LOWER_IS_BETTER or bool(_FAULT_METRIC.search(metric))


def headline_eligible(scored: list[Scored], snapshot: Snapshot) -> list[Scored]:
    """The figures the rules (or a model) may choose as headlines: a figure of no known metric
    waits for the editor to name it; one `headline_exclusion` names keeps out (a design or plan
    document's values, a configured limit, someone else's or a withdrawn figure)."""
    roles = read_roles(snapshot)
    eligible: list[Scored] = []
    for item in scored:
        result = item.figure.result
        if result.metric == UNSPECIFIED:
            continue
        document = snapshot.document(result.source_document_id)
        if headline_exclusion(result, document, roles.get(result.source_document_id)) is None:
            eligible.append(item)
    return eligible


def choose(scored: list[Scored], max_results: int) -> list[Scored]:
    """The top figures by score, covering documents, metrics and configurations (one figure
    per table row or result file before a second of the same), never one number twice;
    returned in source order."""
    pool = _without_restatements(scored)
    markdown = {
        item.figure.result.source_document_id: _is_markdown_url(item.figure.result.evidence_url)
        for item in pool
    }
    taken: list[Scored] = []
    per_metric: Counter[tuple[str, str]] = Counter()
    per_document: Counter[str] = Counter()
    per_row: Counter[tuple[str, int]] = Counter()

    def current(index: int) -> float:
        """The figure's score now: less for each pick of its document, metric and row."""
        result = pool[index].figure.result
        document = result.source_document_id
        prose_document = markdown[document]
        return (
            pool[index].score
            - SAME_METRIC_COST[prose_document] * per_metric[(document, result.metric)]
            - SAME_DOCUMENT_COST[prose_document] * per_document[document]
            - SAME_ROW_COST[prose_document and not pool[index].stands_alone]
            * per_row[(document, result.source_line)]
        )

    # A lazy heap of (minus score, index): a figure's score only falls as others are taken
    # (the costs grow), so a stored entry is an upper bound and one still current is the best
    # of all offers (highest score, then lowest index).
    heap = [(-item.score, index) for index, item in enumerate(pool)]
    heapq.heapify(heap)
    while len(taken) < max_results and heap:
        stored, index = heapq.heappop(heap)
        now = -current(index)
        if now != stored:
            heapq.heappush(heap, (now, index))
            continue
        result = pool[index].figure.result
        taken.append(pool[index])
        per_metric[(result.source_document_id, result.metric)] += 1
        per_document[result.source_document_id] += 1
        per_row[(result.source_document_id, result.source_line)] += 1
    order = {id(item): index for index, item in enumerate(scored)}
    return sorted(taken, key=lambda item: order[id(item)])


def _without_restatements(scored: list[Scored]) -> list[Scored]:
    """One figure per metric and value: where a number is restated, the best-scored place
    (the first one on a tie) stands for it, or the run file that place restates (with its
    score). A number of few digits (`0 errors`, `2 warnings`) is only a restatement under the
    same label."""
    places: dict[tuple[str, float, str], list[Scored]] = defaultdict(list)
    for item in scored:
        result = item.figure.result
        precise = significant_digits(float(result.value)) >= RESTATED_MIN_DIGITS
        places[(result.metric, float(result.value), "" if precise else said(result))].append(item)
    chosen: set[int] = set()
    for members in places.values():
        best = max(members, key=lambda item: item.score)  # the first of equals
        source = next((m for m in members if best.restates and m.path == best.restates), None)
        if source is not None and source is not best:
            reason = f"the run file {best.path} restates"
            if reason not in source.reasons:  # choose may run twice over the same figures
                source.score = best.score
                source.reasons.append(reason)
            best = source
        chosen.add(id(best))
    return [item for item in scored if id(item) in chosen]


def _is_markdown_url(url: str) -> bool:
    return url.split("#", 1)[0].lower().endswith((".md", ".markdown"))
