"""Where a headline candidate stands among the figures of its own table: the lead ranker's
pairwise view.

An author leads with one figure of each compared set, not with every row of it: the best
value of a table's column (the fastest system, the lowest latency), or the first row the rest
are compared against. A pointwise score cannot tell the table's best from its tenth row when
both sit in the same table of the same document with the same reasons; these features can:
the figure's rank by value within its table and metric (by the metric's better direction),
its place among them in reading order, and where its table stands in its document. A
figure's table is the Markdown or text table that holds its line; outside a table, the
innermost section that does; in a data file (CSV, JSON), the whole file. Read from the
parsed structure shared by every repository, never one repository's words.
"""

from __future__ import annotations

import bisect
import math
from collections import defaultdict

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.document import parse_document
from draftflow.numbers.vocabulary import vocabulary
from draftflow.select.scored import Scored

Features = dict[str, float]
Block = tuple[str, int]
"""A figure's table: its document's path and the first line of the table (or section) that
holds it; 0 for a whole file."""


def _better(metric: str) -> int:
    entry = vocabulary().metric_by_id(metric)
    if entry is None or entry.better is None:
        return 0
    return 1 if entry.better == "higher" else -1


def _spans(document: Document) -> tuple[list[int | None], list[int | None]]:
    """Each line's innermost table and section (`_innermost`), indexed by line."""
    parsed = parse_document(document)
    tables = [(t.span.first, t.span.last) for t in parsed.tables]
    sections = [(s.span.first, s.span.last) for s in parsed.sections]
    return _innermost(tables), _innermost(sections)


def _innermost(spans: list[tuple[int, int]]) -> list[int | None]:
    """For each line (an index up to the last line spanned), the first line of the shortest
    span that holds it (the earliest of equally short ones); None where no span does. Spans
    are laid shortest first, each on the lines no shorter one took, and a line taken points
    past itself, so each line is laid once whatever the nesting."""
    size = max((last for _, last in spans), default=0) + 2
    owner: list[int | None] = [None] * size
    untaken = list(range(size))  # a line's next line not yet laid (once itself laid)
    for first, last in sorted(spans, key=lambda span: (span[1] - span[0], span[0])):
        if first > last:
            continue  # holds no line
        line = _next_untaken(untaken, max(first, 0))
        while line <= last:
            owner[line] = first
            untaken[line] = line + 1
            line = _next_untaken(untaken, line + 1)
    return owner


def _next_untaken(untaken: list[int], line: int) -> int:
    root = line
    while untaken[root] != root:
        root = untaken[root]
    while untaken[line] != root:  # shorten the path walked, for the next walk
        untaken[line], line = root, untaken[line]
    return root


def _owner(owners: list[int | None], line: int) -> int | None:
    return owners[line] if 0 <= line < len(owners) else None


def figure_blocks(eligible: list[Scored], snapshot: Snapshot) -> list[Block]:
    """Each candidate's table (or section, or whole file), in the order given."""
    spans: dict[str, tuple[list[int | None], list[int | None]]] = {}
    blocks: list[Block] = []
    for item in eligible:
        result = item.figure.result
        document_id = result.source_document_id
        if document_id not in spans:
            document = snapshot.document(document_id)
            spans[document_id] = _spans(document) if document is not None else ([], [])
        tables, sections = spans[document_id]
        line = result.source_line
        first = _owner(tables, line)
        if first is None:
            first = _owner(sections, line)
        blocks.append((item.path, first or 0))
    return blocks


def table_features(eligible: list[Scored], snapshot: Snapshot) -> list[Features]:
    """Each candidate's standing in its table and metric, in the order given: its rank by
    value (best first), whether it is the best, the first or the last in reading order, how
    many figures of its metric the table holds, and its table's order in the document."""
    if not eligible:
        return []
    blocks = figure_blocks(eligible, snapshot)
    members: dict[tuple[Block, str], list[int]] = defaultdict(list)
    document_blocks: dict[str, set[int]] = defaultdict(set)
    for index, (item, block) in enumerate(zip(eligible, blocks, strict=True)):
        members[(block, item.figure.result.metric)].append(index)
        document_blocks[block[0]].add(block[1])
    block_order = {
        (path, first): order
        for path, firsts in document_blocks.items()
        for order, first in enumerate(sorted(firsts))
    }
    features: list[Features] = [{} for _ in eligible]
    for (block, metric), indices in members.items():
        direction = _better(metric)
        lines = sorted(eligible[i].figure.result.source_line for i in indices)
        values = sorted(-direction * float(eligible[i].figure.result.value) for i in indices)
        for index in indices:
            result = eligible[index].figure.result
            found = features[index]
            place = bisect.bisect_left(lines, result.source_line)
            found["table_figures_log"] = math.log1p(len(indices))
            found["first_in_table"] = float(place == 0)
            found["last_in_table"] = float(len(indices) > 1 and result.source_line == lines[-1])
            found["table_order_log"] = math.log1p(block_order[block])
            if direction and len(indices) > 1:
                rank = bisect.bisect_left(values, -direction * float(result.value))
                found["value_rank_in_table_log"] = math.log1p(rank)
                found["best_in_table"] = float(rank == 0)
    return features
