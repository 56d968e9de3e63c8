"""A figure's standing, put on it from the marks of its document: the author's status words
(`status_words.py`), who else measured it (`attribution.py`) and what else its own words say
it is (an example, a failure's output, a corrected reading, a setup time: `role_marks.py`).

The narrowest mark over the figure's line wins (its sentence or row, then its column's header
(`tok/s (estimated)`), then its section, its document, its file name); a mark that speaks
for a document's prose only (`Mark.outside_tables`) leaves to themselves the table rows that
name what ran them, and covers the rows that name nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.attribution import attribution_marks, hosted_columns
from draftflow.extract.conditions.setup_names import (
    engine_in,
    model_in,
    names_hosted_model,
    system_in,
)
from draftflow.extract.document import parse_document
from draftflow.extract.role_marks import role_marks
from draftflow.extract.standing_marks import Mark
from draftflow.extract.status_words import column_marks, measured_marks, status_marks
from draftflow.record.label import Label
from draftflow.record.model import ReportedResult
from draftflow.record.standing import Attribution, ResultStatus, Status


def _names_its_subject(text: str) -> bool:
    """True when a row's text names what ran it: a system, an engine, a model or a hosted
    service."""
    return any(read(text) for read in (system_in, engine_in, model_in, names_hosted_model))


def _self_described_lines(document: Document) -> frozenset[int]:
    """The table lines that say for themselves what they measured: the header rows of every
    table, and the body rows whose cells name a system, engine, model or hosted service
    (`| Round 15 | DGX Spark (Nemotron REST API) |`). A row that names nothing (`| Round 31 |
    400 Objects | ~45s |`) is the document's, so a mark over its prose covers it too."""
    lines: set[int] = set()
    for table in parse_document(document).tables:
        for row in table.header_rows:
            lines.update(cell.line for cell in row)
        for row in table.body_rows:
            if _names_its_subject(" | ".join(cell.text for cell in row)):
                lines.update(cell.line for cell in row)
    return frozenset(lines)


class _Marks:
    """A document's marks and its table lines, read once."""

    def __init__(self, document: Document) -> None:
        roles, theirs = role_marks(document)
        self.status = [*status_marks(document), *roles]
        self.attribution = [*attribution_marks(document), *theirs]
        self.hosted = hosted_columns(document)
        self.columns = column_marks(document)
        self.measured_rows, self.measured_cells = measured_marks(document)
        self.table_lines = _self_described_lines(document)

    def narrowest(
        self, marks: Sequence[Mark], line: int, value: float | None = None
    ) -> Mark | None:
        """The narrowest mark over `line` and `value` (a prose-only mark skips table lines)."""
        covering = [
            mark
            for mark in marks
            if mark.covers(line, value) and not (mark.outside_tables and line in self.table_lines)
        ]
        return min(covering, key=lambda mark: mark.reach) if covering else None

    def status_of(self, result: ReportedResult) -> ResultStatus | None:
        """The figure's status: its row's mark, else its column header's, else the
        narrowest mark over its line."""
        mark = self.narrowest(self.status, result.source_line, float(result.value))
        status = mark.standing if mark is not None else None
        if not isinstance(status, ResultStatus):
            status = None
        if mark is not None and mark.reach == 0:
            return status
        key = (result.source_line, float(result.value))
        column = self.columns.get(key)
        if column is not None:
            return column
        # a row or column the author marks measured under a spec heading is theirs
        spec = status is not None and status.status is Status.SPECIFICATION
        if spec and (result.source_line in self.measured_rows or key in self.measured_cells):
            return None
        return status


def with_standing(snapshot: Snapshot, results: Sequence[ReportedResult]) -> list[ReportedResult]:
    """Each result with the status and attribution its document marks its line with."""
    read: dict[str, _Marks | None] = {}
    marked: list[ReportedResult] = []
    for result in results:
        document_id = result.source_document_id
        if document_id not in read:
            document = snapshot.document(document_id)
            read[document_id] = _Marks(document) if document is not None else None
        marks = read[document_id]
        if marks is None:
            marked.append(result)
            continue
        status = marks.status_of(result)
        mark = marks.narrowest(marks.attribution, result.source_line, float(result.value))
        attribution = marks.hosted.get((result.source_line, float(result.value)))
        if attribution is None and mark is not None and isinstance(mark.standing, Attribution):
            attribution = mark.standing
        update: dict[str, ResultStatus | Attribution] = {}
        if status is not None:
            update["status"] = status
        if attribution is not None:
            update["attribution"] = attribution
        result = result.model_copy(update=update) if update else result
        if attribution is not None and mark is not None and attribution is mark.standing:
            result = _without_subject(result, mark)
        marked.append(result)
    return marked


SUBJECT_KEYS = ("system", "node_count", "engine", "engine_version")
"""The repository's subject a figure's conditions may name: the machine and the engine."""


def _without_subject(result: ReportedResult, mark: Mark) -> ReportedResult:
    """A third party's figure without the machine and engine read outside the words that
    attribute it (the repository's subject, stated for the author's own runs): `NVIDIA DGX
    Spark` from a recipe's opening is not where Hugging Face's docs measured."""
    sources = dict(result.condition_sources or {})
    conditions = dict(result.conditions)
    path = result.source_path
    dropped = False
    for key in SUBJECT_KEYS:
        if key not in conditions:
            continue
        places = sources.get(key, [])
        if any(_within(place, path, mark) for place in places):
            continue
        conditions.pop(key)
        sources.pop(key, None)
        dropped = True
    if not dropped:
        return result
    update: dict[str, object] = {"conditions": conditions, "condition_sources": sources}
    parts = result.parts
    if parts is not None and parts.text() == result.label:
        # the label is written from the conditions: not from the ones just left out
        kept = [
            part for part in parts.parts if part.role not in SUBJECT_KEYS or part.role in conditions
        ]
        label = Label.of(kept, parts.what, parts.qualifier, fallback=parts.fallback)
        label = replace(label, said=parts.said)
        update.update(label=label.text(), parts=label)
    return result.model_copy(update=update)


def _within(place: str, path: str, mark: Mark) -> bool:
    """Whether a cited `path:line` lies in the mark's lines of the figure's document."""
    where, _, line = place.rpartition(":")
    return where == path and line.isdigit() and mark.first <= int(line) <= mark.last
