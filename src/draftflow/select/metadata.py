"""Record-level metadata read from the sources, each value with the line that states it.

The measured model is read by `measured_model.py` (the figures' own, the model repository id,
the one model the README or the figures' documents state; a comparison names none). Runtimes
are those named where the headline figures are (their labels, conditions and documents), not
every runtime the README mentions (`topics.py`). System, node count,
quantization and experiment date come from the README and the headline figures' documents. A
field no source states stays None.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.conditions.setup_names import precision_in, systems_named
from draftflow.extract.vocabulary import SPEED_AND_TIME_METRICS
from draftflow.numbers import find_dates, parse_number
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.model import ReportedResult
from draftflow.select.keywords import HARDWARE, PLATFORMS
from draftflow.select.measured_model import first_stated, read_model
from draftflow.select.metadata_model import RecordMetadata
from draftflow.select.model_names import one_model
from draftflow.select.run_row import RunRow, folder_run_date, folder_run_span, run_row
from draftflow.select.setup_fields import (
    Stated,
    read_context_limit,
    read_kv_dtype,
    read_license,
    read_parallelism,
)
from draftflow.select.subject_system import listed_among_others, opening_system, section_system
from draftflow.select.topics import (
    first_line,
    read_runtimes,
    read_topics,
    runs_a_model,
    sections_of,
)
from draftflow.text.gate import gated

QUANT_KEYS = ("quantization", "quant", "weight_precision", "precision", "dtype")
DATE_KEYS = re.compile(r"^(experiment_)?(run_)?(date|timestamp|started|datum)$", re.I)
_RECORD_SYSTEM = vocabulary().record_system
_SYSTEM = re.compile(
    r"(?:\b(?P<count>\d+|one|two|three|four)\s*(?:x|×|-node)?\s*)?"
    rf"(?<![\w-])(?:{_RECORD_SYSTEM.pattern if _RECORD_SYSTEM else '(?!)'})\b"
    r"(?!-\w)",  # not a piece of a slug (`dgx-spark-2x-...` names a repository)
    re.I,
)
_SYSTEM = gated(_SYSTEM)  # (`text/gate.py`: the same matches, each line's sooner)
_RECORD_FAMILY = re.compile(_RECORD_SYSTEM.pattern if _RECORD_SYSTEM else "(?!)", re.I)
# Only counts written as numbers (digits or number words) count: verify must find them stated.
_NODE_COUNT = re.compile(r"\b(?P<count>\d+|one|two|three|four)[\s-]nodes?\b", re.I)
EXPERIMENT_DATE_UNTIL = "experiment_date:until"
"""The evidence key of the last day of a record's dated range."""
_DATE_LINE = re.compile(
    r"^\W*(?:(?:(?:test(?:ing)?|run|experiment|benchmark)\s+)?(?:date|datum)\b"
    r"|(?:test(?:ing)?|run|experiment|benchmark)\s+period\b|tested on\b|measured on\b"
    r"|実施日|測定日|実験日|测试日期|日期)",
    re.I,
)
"""A line that opens by dating the runs (`Date:`, `**Test Date:**`, `Testing Period:`, `#
実施日: 2026-01-22`)."""

MEMORY = re.compile(r"memory|kv_capacity|kv_pool")
QUALITY = re.compile(r"accuracy|score|pass_rate|acceptance")
# errors and failures a load test counts: whether requests were served, not the answers' quality
RELIABILITY = re.compile(r"error_count|failure_count|failed_requests")
TELEMETRY = re.compile(r"temperature|power|clock|cpu_utilization")


def main_document(snapshot: Snapshot) -> Document | None:
    """The repository's README (or top-level REPORT), when it has one."""
    for document in snapshot.documents:
        if "/" not in document.path and document.path.lower() in ("readme.md", "report.md"):
            return document
    return None


def read_metadata(
    snapshot: Snapshot, headline: list[ReportedResult], every: list[ReportedResult]
) -> RecordMetadata:
    """The record's metadata from the README and the documents of the headline figures."""
    meta = RecordMetadata()
    readme = main_document(snapshot)
    cited = _documents_of(snapshot, headline)
    front = ([readme] if readme else []) + [d for d in cited if d is not readme]
    for document in cited:
        named = one_model(document)
        if named is not None:
            meta.document_models[document.document_id] = (
                named.name,
                document.line_url(named.line),
            )
    read_model(meta, snapshot, headline, front, readme)
    read_runtimes(meta, headline, cited, [readme] if readme else [])
    _system(meta, front, headline, readme)
    meta.hardware_topics = read_topics(meta, headline, cited, HARDWARE, "hardware")
    meta.platform_topics = read_topics(meta, headline, cited, PLATFORMS, "platform")
    _quantization(meta, headline)
    rows = [run_row(snapshot, result) for result in headline]
    _experiment_date(meta, headline, cited, rows, snapshot)
    _setup_fields(meta, snapshot, front if runs_a_model(headline) else [], readme)
    _run_kv_dtype(meta, rows)
    meta.measurement_scope = measurement_scope(r.metric for r in every)
    return meta


def _documents_of(snapshot: Snapshot, results: list[ReportedResult]) -> list[Document]:
    seen: dict[str, Document] = {}
    for result in results:
        document = snapshot.document(result.source_document_id)
        if document is not None:
            seen.setdefault(document.document_id, document)
    return list(seen.values())


def _another_machine(
    front: list[Document], hit_url: str, headline: list[ReportedResult]
) -> str | None:
    """A machine other than the record system that a headline figure states as its own, or
    that the front documents name before (or beside) their first naming of the record system:
    a repository about one box that compares it with a DGX Spark is not measured on a Spark."""
    for result in headline:
        stated = result.conditions.get("system")
        if isinstance(stated, str) and _names_another_machine(stated):
            return stated
    for document in front:
        for number, line in enumerate(document.line_list, 1):
            if _names_another_machine(line):
                return line.strip()[:80]
            if document.line_url(number) == hit_url:
                return None
    return None


def _names_another_machine(text: str) -> bool:
    """Whether a text names hardware (a system, a chip, a CPU) outside the record system's
    family (`GB10` and `ASUS Ascent GX10` are of the DGX Spark's)."""
    return any(not _RECORD_FAMILY.search(name) for name in systems_named(text))


def _stated_by_all(
    subject: tuple[str, str] | None, headline: list[ReportedResult]
) -> tuple[str, str] | None:
    """The subject machine, unless a headline figure states another as its own (guoqingbao's
    A100 prose beside rows measured on Hopper is no record-wide system)."""
    if subject is None:
        return None
    named = systems_named(subject[0])
    for result in headline:
        stated = result.conditions.get("system")
        if not isinstance(stated, str) or not stated.strip():
            continue
        machines = systems_named(stated)
        if not machines <= named or (not machines and stated.lower() not in subject[0].lower()):
            return None  # another machine, or one the vocabulary does not know (`A6000-24GB`)
    return subject


def _first_system_line(front: list[Document]) -> tuple[str, str] | None:
    """The first (machine as written, line URL) of the record system in the front documents,
    passing over a line that lists it among alternatives (a tool's supported chips)."""
    for document in front:
        for number, line in enumerate(document.line_list, 1):
            match = _SYSTEM.search(line)
            if match and not listed_among_others(line, match.group(0)):
                return match.group(0), document.line_url(number)
    return None


def _count(word: str | None) -> int | None:
    if word is None:
        return None
    lowered = word.lower()
    parsed = parse_number(lowered)
    return int(parsed.value) if parsed is not None and parsed.value.is_integer() else None


def _system(
    meta: RecordMetadata,
    front: list[Document],
    headline: list[ReportedResult],
    readme: Document | None,
) -> None:
    hit = _first_system_line(front)
    other = _another_machine(front, hit[1], headline) if hit is not None else None
    if hit is None or other is not None:
        subject = opening_system(readme) if readme is not None else None
        if subject is None and hit is None:
            # no README subject: the one machine the headline figures' sections name
            subject = _stated_by_all(section_system(sections_of(front, headline)), headline)
        if subject is not None and (hit is None or _names_another_machine(subject[0])):
            # the README opens on its own machine (an AMD box, two Radeon cards): its subject
            meta.system, meta.evidence["system"] = subject
        elif hit is None:
            meta.unstated["system"] = "no source names the system"
        else:
            # the subject is another machine, or several: the record names none (issue 31)
            meta.unstated["system"] = f"the sources measure on another machine too ({other})"
        return
    meta.system, meta.evidence["system"] = hit[0].strip(), hit[1]
    match = _SYSTEM.search(hit[0])
    count = _count(match.group("count") if match else None)
    if count is None:
        nodes = first_line(front, _NODE_COUNT)
        node_match = _NODE_COUNT.search(nodes[0]) if nodes else None
        count = _count(node_match.group("count")) if node_match else None
        if nodes is not None and count is not None:
            meta.evidence["node_count"] = nodes[1]
    else:
        meta.evidence["node_count"] = hit[1]
    meta.node_count = count
    if count is None:
        meta.unstated["node_count"] = "no source states how many machines were used"


def _quantization(meta: RecordMetadata, headline: list[ReportedResult]) -> None:
    """The record's quantization: the one every headline figure states (one figure's `FP4`,
    read from "Blackwell's FP4 instructions", is no record-wide value), else the model id's."""
    stated = first_stated(headline, QUANT_KEYS)
    if len(stated) == 1 and all(first_stated([r], QUANT_KEYS) for r in headline):
        meta.quantization, meta.evidence["quantization"] = next(iter(stated.items()))
        return
    if stated:
        several = len(stated) > 1
        meta.unstated["quantization"] = (
            "the headline figures use several quantizations"
            if several
            else "only some headline figures state their quantization"
        )
        return
    if meta.model_id:
        precision = precision_in(meta.model_id)
        if precision:
            meta.quantization = precision
            meta.evidence["quantization"] = meta.evidence.get("model_id", "")
            return
    meta.unstated["quantization"] = "no source states the quantization of the measured model"


def _run_kv_dtype(meta: RecordMetadata, rows: Sequence[RunRow | None]) -> None:
    """The KV-cache type every headline figure's own run row states (`select/run_row.py`),
    where no document the setup is read from states one: lhl's `type_k`/`type_v` `f16` in
    each `results.jsonl` row (read33-s23)."""
    silent = meta.unstated.get("kv_dtype", "").startswith("no source states")
    if meta.kv_dtype is not None or not silent or not rows or None in rows:
        return
    types = {row.kv_dtype for row in rows if row is not None}
    if len(types) != 1 or None in types:
        return
    first = next(row for row in rows if row is not None)
    meta.kv_dtype = first.kv_dtype
    meta.evidence["kv_dtype"] = first.url
    meta.unstated.pop("kv_dtype", None)


def _experiment_date(
    meta: RecordMetadata,
    headline: list[ReportedResult],
    cited: list[Document],
    rows: Sequence[RunRow | None] = (),
    snapshot: Snapshot | None = None,
) -> None:
    """The dates of the headline figures: each figure's own date condition, else the dating
    line of its own document (`| Date | 2026-08-21 |` dates that report's figures, not the
    README's lead). A date is the record's only where every headline figure is dated:
    luongnv89's record read "Experiment date: 2026-08-21" over a lead from the 2026-08-20
    round (read33-s19)."""
    by_document = {d.document_id: _dating_line(d) for d in cited}
    dates: dict[str, str] = {}
    undated = 0
    spanned = False
    runs = list(rows) or [None] * len(headline)
    for result, row in zip(headline, runs, strict=True):
        days, spans = _figure_dates(result, row, by_document, snapshot)
        for day in days:
            dates.setdefault(*day)
        undated += not days
        spanned = spanned or spans
    if not dates:
        meta.unstated["experiment_date"] = "no source dates the measurements"
        return
    if undated:
        meta.unstated["experiment_date"] = (
            f"{undated} of {len(headline)} headline figures are not dated"
        )
        return
    ordered = sorted(dates)
    if len(ordered) == 1:
        meta.experiment_date = ordered[0]
    elif len(ordered) == 2 and not spanned:
        meta.experiment_date = f"{ordered[0]} and {ordered[1]}"
    else:
        meta.experiment_date = f"from {ordered[0]} to {ordered[-1]}"
    meta.evidence["experiment_date"] = dates[ordered[0]]
    if len(ordered) > 1:
        # the last day's line too: verify holds each date to a listed document (lhl's range
        # from 2025-08-02 to 2025-08-08 ends in another folder's run_info.json)
        meta.evidence[EXPERIMENT_DATE_UNTIL] = dates[ordered[-1]]


def _figure_dates(
    result: ReportedResult,
    row: RunRow | None,
    by_document: dict[str, tuple[str, str] | None],
    snapshot: Snapshot | None,
) -> tuple[list[tuple[str, str]], bool]:
    """The day the figure was measured on, with its line: its own date, its run row's (lhl's
    `test_time`), its folder's one-day run, else its document's dating line; failing those,
    both ends of its folder's run over two days (True: a span, not a day)."""
    ran = (row.date, row.url) if row is not None and row.date else None
    ran = ran or (folder_run_date(snapshot, result) if snapshot is not None else None)
    dated = _own_date(result) or ran or by_document.get(result.source_document_id)
    if dated is not None:
        return [dated], False
    span = folder_run_span(snapshot, result) if snapshot is not None else []
    return span, bool(span)


def _own_date(result: ReportedResult) -> tuple[str, str] | None:
    """The date a figure's own conditions state, with the figure's line."""
    for key, value in result.conditions.items():
        if DATE_KEYS.match(key) and isinstance(value, str):
            for _, _, date in find_dates(value)[:1]:
                return date, result.evidence_url
    return None


def _dating_line(document: Document) -> tuple[str, str] | None:
    """The date the document's first dating line states (`Date:`, `**Test Date:**`), with
    that line's URL."""
    for number, line in enumerate(document.line_list, 1):
        if _DATE_LINE.match(line):
            for _, _, date in find_dates(line)[:1]:
                return date, document.line_url(number)
    return None


def _setup_fields(
    meta: RecordMetadata, snapshot: Snapshot, front: list[Document], readme: Document | None
) -> None:
    """Parallelism, KV-cache type, context limit and license, each with its line or reason."""
    parallelism = _note(meta, "parallelism", read_parallelism(front))
    meta.parallelism = parallelism if isinstance(parallelism, str) else None
    kv_dtype = _note(meta, "kv_dtype", read_kv_dtype(front))
    meta.kv_dtype = kv_dtype if isinstance(kv_dtype, str) else None
    context = _note(meta, "context_limit_tokens", read_context_limit(front))
    meta.context_limit_tokens = context if isinstance(context, int) else None
    spdx = _note(meta, "license", read_license(snapshot, readme))
    meta.license_spdx = spdx if isinstance(spdx, str) else None


def _note(meta: RecordMetadata, field: str, stated: Stated) -> str | int | None:
    if stated.value is None:
        meta.unstated[field] = stated.unstated
    else:
        meta.evidence[field] = stated.evidence
    return stated.value


def measurement_scope(metrics: Iterable[str]) -> str:
    """What was measured, from the metrics of every figure: speed, memory, quality, telemetry."""
    names = set(metrics)
    parts = []
    # a wall time of a whole benchmark is a time as a latency is (its dimension says so)
    timed = {m for m in names if vocabulary().metric_dimension_of(m) == "time"}
    if names & SPEED_AND_TIME_METRICS or timed:
        parts.append("inference_speed")
    if any(MEMORY.search(m) for m in names):
        parts.append("memory")
    if any(QUALITY.search(m) for m in names):
        parts.append("task_quality")
    if any(RELIABILITY.search(m) for m in names):
        parts.append("request_errors")
    if any(TELEMETRY.search(m) for m in names):
        parts.append("telemetry")
    return "_and_".join(parts) if parts else ("other_measurements" if names else "none_reported")
