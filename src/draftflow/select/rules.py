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

import heapq
import re
from collections import Counter, defaultdict
from functools import lru_cache

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.classify import UNSPECIFIED
from draftflow.numbers import (
    find_numbers,
    value_decimals,
)
from draftflow.record.model import ReportedResult
from draftflow.select.comparisons import score_comparisons
from draftflow.select.dated import LatestEntry, latest_entries
from draftflow.select.emphasis import in_small_print, marked_by_symbol, spread_statistics
from draftflow.select.figures_file import Figure
from draftflow.select.lead import (
    DocumentRole,
    RoleReading,
    first_results_table,
    headline_exclusion,
    read_roles,
)
from draftflow.select.metric_scores import read_in_sentence, score_metric
from draftflow.select.reference import References, reference_rows
from draftflow.select.run_files import named_run_file, run_file_paths
from draftflow.select.scored import BOLD_REASON, Scored, said
from draftflow.select.shapes import (
    RESTATED_MIN_DIGITS,
    DocumentShape,
    Restatements,
    is_main_document,
    is_markdown,
    significant_digits,
)
from draftflow.select.telemetry import periodic_stats_line

DEFAULT_MAX_RESULTS = 24
"""The most figures a model may choose, and the rules' bound when asked for fewer."""
MAX_HEADLINE = 12
"""The most claims the rules publish: the seeds publish 6 and 4, the gold's headlines 4 to 12."""
MIN_HEADLINE = 4
"""The best figures the rules take, claim or not, while any has a positive score."""
CLAIM_SCORE = 3.0
"""A figure beyond the first `MIN_HEADLINE` is a claim when its score, less the costs of the
picks before it, is at least this: more than a bare speed figure's points (2.5), so its place,
emphasis or role says its author puts it forward."""
INDEX_MIN_RESTATED = 3
# A further pick from the same document and metric costs this much: a result file is one
# configuration, so data files are covered broadly; a Markdown summary may hold many claims.
SAME_METRIC_COST = {True: 0.2, False: 1.5}
SAME_DOCUMENT_COST = {True: 0.05, False: 0.4}
# One figure per configuration (a row of a Markdown table) before a second of the same one; a
# data file's line is no configuration (a one-line JSON file holds the whole run).
LEAD_TABLE_POINTS = 4.0
REFERENCE_ROW_POINTS = 3.0
COMPARED_ROW_POINTS = -1.5
LATEST_ENTRY_POINTS = 3.0
# a range's two ends (`between 15.45 and 16.36 tok/s`) are one claim, taken together
RANGE_ENDS = frozenset({"range_min", "range_max"})
SAME_ROW_COST = {True: 2.5, False: 0.0}
_BOLD = re.compile(r"\*\*([^*]+)\*\*|__([^_]+)__")


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
        item.role = roles.get(document.document_id)
        _score_role(item, item.role)
        _score_emphasis(item, document, restatements)
        score_metric(item, in_sentence=read_in_sentence(said(result)))
    spread = spread_statistics((index, item.figure.result) for index, item in enumerate(scored))
    for index in spread:
        scored[index].add(-2.5, "")  # the row's median (or mean) stands for it
    _score_lead_table(scored, snapshot)
    score_comparisons(scored)
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
    values, exact = _bold_values(line)
    if value in exact:
        return True
    return any(abs(v - value) <= 1e-9 * max(1.0, abs(value)) for v in values)


@lru_cache(maxsize=64)
def _bold_values(line: str) -> tuple[tuple[float, ...], frozenset[float]]:
    """Every reading of every number the line writes in bold, read once per line (a wide
    row's every figure asks about the same line)."""
    if "**" not in line and "__" not in line:
        return (), frozenset()  # no bold on the line (`_BOLD` needs one of them): most lines
    values = tuple(
        v
        for match in _BOLD.finditer(line)
        for mention in find_numbers(match.group(1) or match.group(2) or "")
        for n in mention.numbers
        for v in n.alternatives
    )
    return values, frozenset(values)


def headline_eligible(scored: list[Scored], snapshot: Snapshot) -> list[Scored]:
    """The figures the rules (or a model) may choose as headlines: a figure of no known metric
    waits for the editor to name it; one `headline_exclusion` names keeps out (a design or plan
    document's values, a configured limit, someone else's or a withdrawn figure)."""
    eligible: list[Scored] = []
    for item in scored:
        result = item.figure.result
        if result.metric == UNSPECIFIED:
            continue
        document = snapshot.document(result.source_document_id)
        if headline_exclusion(result, document, item.role) is None:
            eligible.append(item)
    return _without_server_samples(eligible, snapshot)


def _without_server_samples(eligible: list[Scored], snapshot: Snapshot) -> list[Scored]:
    """The eligible figures less a serving engine's periodic stats lines, where a prose
    document (the author's report) has a figure to lead with: Sergey-Kit's 256.0 tokens/s was
    one ten-second vLLM logger sample beside the README's medians of three runs (read31-s26b)."""
    if not any(_is_markdown_url(item.figure.result.evidence_url) for item in eligible):
        return eligible
    samples: dict[tuple[str, int], bool] = {}
    return [item for item in eligible if not _server_sample(item.figure.result, snapshot, samples)]


def _server_sample(
    result: ReportedResult, snapshot: Snapshot, samples: dict[tuple[str, int], bool]
) -> bool:
    """Whether the figure's line is a periodic stats line, asked once per line: a wide row's
    10,000 figures share one 80 KB line, which a search per figure read 10,000 times."""
    key = (result.source_document_id, result.source_line)
    known = samples.get(key)
    if known is None:
        document = snapshot.document(result.source_document_id)
        line = document.line(result.source_line) if document is not None else None
        known = samples[key] = periodic_stats_line(line or "") is not None
    return known


def choose(scored: list[Scored], max_results: int) -> list[Scored]:
    """The author's claims by score, as many as there are (`claims`), at most `max_results`
    and `MAX_HEADLINE`; covering documents, metrics and configurations (one figure per table
    row or result file before a second of the same), never one number twice; returned in
    source order."""
    taken = claims(ranked_picks(scored, min(max_results, MAX_HEADLINE)))
    order = {id(item): index for index, item in enumerate(scored)}
    return sorted(taken, key=lambda item: order[id(item)])


def claims(picks: list[tuple[Scored, float]]) -> list[Scored]:
    """The picks (in the order taken, each with its score when taken) up to the first that is
    no claim: the first `MIN_HEADLINE` with a positive score, then those of `CLAIM_SCORE`. The
    rules' own headline (`choose`) and a lead-model feature read it; the drafted headline's
    length is the lead model's (`lead_model.lead_claims`)."""
    taken: list[Scored] = []
    for item, score in picks:
        needed = 0.0 if len(taken) < MIN_HEADLINE else CLAIM_SCORE
        if score < needed or score <= 0:
            break
        taken.append(item)
    return taken


def ranked_picks(scored: list[Scored], limit: int) -> list[tuple[Scored, float]]:
    """Up to `limit` figures in the order they are taken, each with its score when taken
    (its own score less the costs of the picks of its document, metric and row before it)."""
    pool = _without_restatements(scored)
    markdown = {
        item.figure.result.source_document_id: _is_markdown_url(item.figure.result.evidence_url)
        for item in pool
    }
    taken: list[tuple[Scored, float]] = []
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
    while len(taken) < limit and heap:
        stored, index = heapq.heappop(heap)
        now = -current(index)
        if now != stored:
            heapq.heappush(heap, (now, index))
            continue
        result = pool[index].figure.result
        taken.append((pool[index], -now))
        per_metric[(result.source_document_id, result.metric)] += 1
        per_document[result.source_document_id] += 1
        per_row[(result.source_document_id, result.source_line)] += 1
    return taken


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
    for members in _sentences_restating(places):
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


def _in_a_sentence(item: Scored) -> bool:
    """Whether a figure is stated in a sentence (extract kept its words), not a table's cell."""
    parts = item.figure.result.parts
    return parts is not None and bool(parts.said)


def _sentences_restating(
    places: dict[tuple[str, float, str], list[Scored]],
) -> list[list[Scored]]:
    """The groups of `_without_restatements`, where sentences stating a number of few digits
    with the same metric and unit are one claim restated (`4.9 tokens/sec average throughput`
    in a summary, a README's list and an analysis paragraph: morteza89/llm-format-benchmarker,
    read31-s24b §2), joined to the one other place that states it, when there is one (the
    table or tool output they restate). Cells of different rows stay apart: equal short
    values there are different configurations."""
    by_number: dict[tuple[str, float, str], list[tuple[str, float, str]]] = defaultdict(list)
    for key, members in places.items():
        unit = members[0].figure.result.unit
        by_number[(key[0], key[1], unit)].append(key)
    groups: list[list[Scored]] = []
    for keys in by_number.values():
        said_in_words = {k for k in keys if k[2] and all(map(_in_a_sentence, places[k]))}
        worded = [member for k in keys if k in said_in_words for member in places[k]]
        rest = [places[k] for k in keys if k not in said_in_words]
        if not worded:
            groups.extend(rest)
        elif len(rest) == 1:
            groups.append([*rest[0], *worded])
        else:
            groups.extend([*rest, worded])
    return groups


def _is_markdown_url(url: str) -> bool:
    return url.split("#", 1)[0].lower().endswith((".md", ".markdown"))
