"""The Markdown article an editor reads and publishes, rendered from a record.

The structure follows the published example (seed 001): title and summary, bullet metadata,
Conditions (fenced JSON), Reading notes, Limits, License declaration,
Editorial answer with byline and creation method, one `##` heading per section with its
`Sources:` line, the headline figures as a table (every other figure stays in the record's
figures file) and the supplemental source identities (fenced JSON). The record's test
profiles and what the pipeline dropped, removed or left unread stay in the record and the
flags file: the article gives them one count line (an editor cut both lists from the
published page, issue 33). A field the sources do
not state prints as "not recorded"; text from the sources is HTML-escaped, so raw HTML in a
source never reaches the published page. Rendering is a pure function of the record.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.bounds import cause_of, removed_cause
from draftflow.record.label import condition_part
from draftflow.record.model import RUN_PARAMETER_KEYS, Record

__all__ = ["render_markdown"]

_KIND_LABELS = {"benchmark": "Performance report"}

_CONDITIONS_INTRO = "Unknown is null. Recipe options are not measured benchmark settings."
_FIGURES_INTRO = (
    "The headline figures, each with its source line. Each keeps its full configuration in "
    "the record's JSON; every other grounded figure is in the record's figures file. "
    "No site reproduction or cross-source ranking."
)
# What a null is in the article: the record holds no value, which claims nothing of the
# sources: editors found both "not stated" (read33-s21) and "unknown" (read33-s24) false over
# a model a table names
NOT_STATED = "not recorded"
MAX_LISTED = 4
"""Values named in the article header before `and N more`."""


def render_markdown(record: Record) -> str:
    """The record as a Markdown article in the published structure, ending with a newline."""
    blocks: list[str] = [
        f"# {_one_line(record.title)}",
        _prose(record.summary),
        _metadata(record),
        *_conditions(record),
        *_bullet_section("Reading notes", record.notes),
        *_bullet_section("Limits", record.limitations),
        "## License declaration",
        _inline_json(record.license.model_dump(mode="json")),
        *_editorial_answer(record),
        *_sections(record),
        *_figures(record),
        *_supplemental(record),
        *_provenance(record),
    ]
    return "\n\n".join(block for block in blocks if block) + "\n"


_HTML_START = re.compile(r"<(?=[A-Za-z/!?])")
_ENTITY_START = re.compile(r"&(?=#?\w+;)")


def _escaped(text: str) -> str:
    """`text` with what Markdown would read as HTML made literal by a backslash: a `<` that
    opens a tag, comment or autolink, and a `&` that opens an entity. A `>` or a `<` before a
    number (`<1 %`, `>= 8`) is printed as it is: it reads the same rendered or raw."""
    return _HTML_START.sub(r"\\<", _ENTITY_START.sub(r"\\&", text))


def _one_line(text: str) -> str:
    """One line of escaped text: whitespace collapsed so a heading or bullet value cannot
    break the Markdown structure, source HTML kept as text (`_escaped`), and a leading `>`
    escaped so it opens no quote."""
    line = _escaped(" ".join(text.split()))
    return "\\" + line if line.startswith(">") else line


def _prose(text: str) -> str:
    """One escaped paragraph on one line; a leading `#`, `>` or fence is escaped so it stays
    text."""
    line = _escaped(re.sub(r"\s*\n\s*", " ", text.strip()))
    return "\\" + line if line.startswith(("#", "```", ">")) else line


def _inline_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _fenced_json(value: Any) -> str:
    body = json.dumps(value, indent=2, ensure_ascii=False)
    # A fence longer than any backtick run inside keeps the block closed where it should be.
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}json\n{body}\n{fence}"


def _show(value: object) -> str:
    """A scalar as the article shows it: a null is "not recorded", booleans are lowercase."""
    if value is None or value == "":
        return NOT_STATED
    if isinstance(value, bool):
        return json.dumps(value)
    return _one_line(str(value))


def _count_label(system: str | None) -> str:
    """What the record's `node_count` counts: GPUs where its system is a card that sits in a
    machine (`4× AMD Instinct MI100`, tensor parallel 4, is one host: read33-s26), else nodes."""
    named = _STATED_WHERE.sub("", system or "")
    return "GPU count" if named and vocabulary().names_a_card(named) else "Node count"


_STATED_WHERE = re.compile(r"\s+\((?:where a|every) result states it\)$")


def _per_result(record: Record, key: str) -> str | None:
    """What the headline results' own conditions say where the record states no one value:
    the value they all share, or the values they vary over (a record comparing models)."""
    values: list[str] = []
    unstated = 0
    for result in record.editorial.reported_results:
        value = result.conditions.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            text = str(value).strip()
            if text not in values:
                values.append(text)
        else:
            unstated += 1
    if not values:
        return None
    if len(values) == 1:
        where = "where a result states it" if unstated else "every result states it"
        return f"{values[0]} ({where})"
    shown = ", ".join(values[:MAX_LISTED])
    more = f" and {len(values) - MAX_LISTED} more" if len(values) > MAX_LISTED else ""
    # `varies by result: Llama3.2, qwen2.5` over ten deepseek-r1 rows with none was read as
    # the whole list (read33-s24)
    total = len(record.editorial.reported_results)
    none = f"; {unstated} of {total} results record none" if unstated else ""
    return f"varies by result: {shown}{more}{none}"


def _metadata(record: Record) -> str:
    source = record.source
    setup = record.reported_setup
    figures = (
        "attributed selections with per-point conditions; no cross-source ranking"
        if record.editorial.reported_results
        else "none selected"
    )
    rows: list[tuple[str, object]] = [
        ("Type", _KIND_LABELS.get(record.kind, record.kind)),
        ("Evidence", f"{record.evidence_state}; site reproduced: {_show(record.site_reproduced)}"),
        ("Model family", record.model_family),
        ("Model", record.model_id or _per_result(record, "model")),
        ("Model revision", record.model_artifact.revision if record.model_artifact else None),
        ("Original author", source.publisher),
        ("Original project", source.url),
        ("Pinned document", source.pinned_url),
        ("Source revision", source.revision),
        ("Source commit time (not experiment date)", source.last_commit_at),
        ("Checked", source.checked_on),
        # a null the headline results fill is no "unknown" (bhodgens's results are dated
        # 2026-07-06 and measured on a V100; its header said both were unknown, read33-s20)
        ("Experiment date", setup.experiment_date or _per_result(record, "experiment_date")),
        ("Runtime topics", ", ".join(record.runtime_topics)),
        ("Hardware topics", ", ".join(record.hardware_topics)),
        ("Platform topics", ", ".join(record.platform_topics)),
        ("System", setup.system or _per_result(record, "system")),
        (
            _count_label(setup.system or _per_result(record, "system")),
            setup.node_count or _per_result(record, "node_count"),
        ),
        ("Measurement scope", record.measurement_scope),
        ("Performance figures", figures),
    ]
    system = setup.system or _per_result(record, "system")
    # a topic list the vocabulary has no word for says nothing beside the system it files:
    # "Hardware topics: unknown" stood beside "System: AMD Strix Halo" (read33-s21)
    rows = [row for row in rows if not (row[0] == "Hardware topics" and not row[1] and system)]
    return "\n".join(f"- {label}: {_show(value)}" for label, value in rows)


def _conditions(record: Record) -> list[str]:
    block = {
        "conditions": record.conditions,
        "recipe_parameters": record.recipe_parameters,
        "deployment_options": record.deployment_options,
    }
    return ["## Conditions", _CONDITIONS_INTRO, _fenced_json(block)]


def _bullet_section(heading: str, items: list[str]) -> list[str]:
    if not items:
        return []
    return [f"## {heading}", "\n".join(f"- {_one_line(item)}" for item in items)]


def _editorial_answer(record: Record) -> list[str]:
    editorial = record.editorial
    dated = editorial.published_on
    if editorial.modified_on != editorial.published_on:
        dated += f" (updated {editorial.modified_on})"
    return [
        "## Editorial answer",
        _prose(editorial.answer),
        f"By {_one_line(editorial.byline)} · {dated}",
        _prose(editorial.creation_method),
    ]


def _sections(record: Record) -> list[str]:
    blocks: list[str] = []
    for section in record.editorial.sections:
        blocks.append(f"## {_one_line(section.heading)}")
        blocks.extend(_prose(paragraph) for paragraph in section.paragraphs)
        cited = ", ".join(section.citations) if section.citations else "none cited"
        blocks.append(f"Sources: {cited}")
    return blocks


RUN_PARAMETERS = RUN_PARAMETER_KEYS
"""The run settings a figure's line names beside its label where its conditions state them
(`thinking off, temperature 0.2, top-p 0.9, KV fp8`), as the seed's article shows them."""


def _with_run_settings(label: str, conditions: dict[str, Any]) -> str:
    """`label`, then the run settings its conditions state that it does not already name."""
    written = label.lower()
    parts = [
        part.text()
        for key in RUN_PARAMETERS
        if (part := condition_part(key, conditions.get(key))) is not None
        and part.text().lower() not in written
    ]
    return f"{label} ({', '.join(parts)})" if parts else label


def _cell(text: object) -> str:
    """A table cell: one escaped line with its pipes escaped."""
    return _show(text).replace("|", "\\|")


def _figures(record: Record) -> list[str]:
    results = record.editorial.reported_results
    if not results:
        return []
    rows = ["| Figure | Metric | Value | Unit | Statistic | Source |", "|---|---|---:|---|---|---|"]
    for result in results:
        value = repr(result.value) if isinstance(result.value, float) else str(result.value)
        where = result.source_place
        rows.append(
            f"| {_cell(_with_run_settings(result.label, result.conditions))} "
            f"| {_cell(result.metric)} | {value} | {_cell(result.unit)} "
            f"| {_cell(result.statistic)} | [{_cell(where)}]({result.evidence_url}) |"
        )
    return ["## Selected source-reported figures", _FIGURES_INTRO, "\n".join(rows)]


def _supplemental(record: Record) -> list[str]:
    if not record.supplemental_sources:
        return []
    sources = [source.model_dump(mode="json") for source in record.supplemental_sources]
    return ["## Supplemental source identities", _fenced_json({"supplemental_sources": sources})]


def _provenance(record: Record) -> list[str]:
    """Who drafted it and how, one table of the documents it stands on, and one line counting
    what the pipeline dropped, removed or left unread: bounded whatever the repository's size
    (the record counts each by cause, the figures file lists every figure)."""
    provenance = record.provenance
    if provenance is None:
        return []
    blocks = [
        "## Provenance",
        f"Drafted by draftflow {provenance.draftflow_version} with "
        f"{_one_line(provenance.model)} on {provenance.created_at}.",
    ]
    selection = provenance.selection
    if selection is not None:
        blocks.append(
            f"Headline chosen by {_one_line(selection.method)}: "
            f"{len(record.editorial.reported_results)} of {selection.figures_total} grounded "
            f"figures (every figure in `{_one_line(selection.figures_file)}`)."
        )
    blocks.append(_documents_table(record))
    if provenance.prompt_hashes:
        blocks.append(
            "\n".join(f"- prompt {name}: `{sha}`" for name, sha in provenance.prompt_hashes.items())
        )
    blocks.extend(_set_aside_line(record))
    return blocks


def _documents_table(record: Record) -> str:
    rows = ["| Document | sha256 | Role |", "|---|---|---|"]
    source = record.source
    if source.document_path and source.document_sha256:
        rows.append(f"| {_cell(source.document_path)} | `{source.document_sha256}` | primary |")
    for document in record.supplemental_sources:
        if document.document_path != source.document_path:
            rows.append(
                f"| {_cell(document.document_path)} | `{document.document_sha256}` | supplemental |"
            )
    return "\n".join(rows)


def _set_aside_line(record: Record) -> list[str]:
    """One line counting what was dropped, removed or left unread, and the test profiles;
    the record keeps each entry with its cause."""
    provenance = record.provenance
    if provenance is None:
        return []
    dropped = provenance.dropped_by_cause or Counter(cause_of(t) for t in provenance.dropped)
    removed = provenance.removed_by_cause or Counter(removed_cause(r) for r in provenance.removed)
    unread = provenance.unread_tables_by_reason or Counter(
        t.reason for t in provenance.unread_tables
    )
    parts = [
        f"{n} {what}"
        for n, what in (
            (sum(dropped.values()), "dropped"),
            (sum(removed.values()), "removed"),
            (sum(unread.values()), "tables left unread"),
        )
        if n
    ]
    lines = [f"Counted by cause in the record: {', '.join(parts)}."] if parts else []
    if record.test_profiles:
        lines.append(f"Test profiles: {len(record.test_profiles)}, each in the record.")
    return [" ".join(lines)] if lines else []
