"""Rule 5, conditions: a non-null condition must be stated somewhere in the sources.

Numbers (and lists of numbers) must appear in a listed document; hex revisions and hashes
must be known; dates and versions inside condition strings must be stated. Quantities inside
free-text strings ("2 x DGX Spark") are checked too, as warnings. Every condition that passes
becomes one of the record's verified values that prose may repeat.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from functools import partial
from typing import Any

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.cite import CITED_KEYS, Place, cite, parse_place, restated
from draftflow.extract.conditions.place_reading import Own, read_where_read
from draftflow.numbers import NumberKind, find_numbers
from draftflow.record.conditions import RUN_SOURCE_LINES
from draftflow.record.model import ReportedResult
from draftflow.text.pointer import pointer
from draftflow.verify.cited_places import PlaceStatus, chain_reader, reread_once
from draftflow.verify.context import VerifyContext, number_of
from draftflow.verify.dimensions import metric_dimension
from draftflow.verify.index import identifier_keys
from draftflow.verify.lookup import find_hex, find_in
from draftflow.verify.memo import CheckEffects, remembered, run_checks
from draftflow.verify.report import ClaimStatus, Rule, Severity

# Lists that a reported result derives its value from; rule 2 checks them for results.
INPUT_LIST_PREFIXES = ("per_run_", "per_prompt_")


def is_input_list(key: str, value: Any) -> bool:
    """True for a list of numbers that a figure may be derived from (`per_run_values`)."""
    return (
        key.startswith(INPUT_LIST_PREFIXES)
        and isinstance(value, list)
        and bool(value)
        and all(_is_number(v) for v in value)
    )


def _counts_inputs(key: str, value: Any, mapping: Mapping[str, Any]) -> bool:
    """True for `repetitions` equal to the number of the result's own `per_run_values`:
    counted from its inputs, which rule 2 checks, not a number any source need state."""
    runs = mapping.get("per_run_values")
    return (
        key == "repetitions"
        and isinstance(runs, list)
        and is_input_list("per_run_values", runs)
        and value == len(runs)
    )


def run_lines(mapping: Mapping[str, Any], key: str | None) -> list[int] | None:
    """Each run's source line (`run_source_lines`) for the `per_run_values` of `mapping`,
    when it gives one whole line per run; None otherwise."""
    lines = mapping.get(RUN_SOURCE_LINES)
    runs = mapping.get(key or "")
    if key != "per_run_values" or not isinstance(lines, list) or not isinstance(runs, list):
        return None
    if len(lines) != len(runs) or not all(type(line) is int and line > 0 for line in lines):
        return None
    return lines


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_conditions(ctx: VerifyContext) -> None:
    """Check every condition of the record, its setup, test profiles and results."""
    record = ctx.record
    shared = run_checks(ctx)
    _check_remembered(ctx, shared, record.conditions, ("conditions",))
    _check_remembered(ctx, shared, record.reported_setup.model_dump(), ("reported_setup",))
    if record.model_artifact is not None and record.model_artifact.revision:
        _check_value(ctx, ("model_artifact", "revision"), record.model_artifact.revision)
    for i, profile in enumerate(record.test_profiles):
        _check_remembered(ctx, shared, profile.conditions, ("test_profiles", i, "conditions"))
    for i, result in enumerate(record.editorial.reported_results):
        where = ("editorial", "reported_results", i, "conditions")
        _check_remembered(ctx, shared, result.conditions, where, skip_inputs=True)
    check_cited_conditions(ctx, record.editorial.reported_results)
    _remember_record_strings(ctx)


def _check_remembered(
    ctx: VerifyContext,
    shared: dict[Hashable, CheckEffects] | None,
    mapping: Mapping[str, Any],
    where: tuple[str | int, ...],
    *,
    skip_inputs: bool = False,
) -> None:
    """`_check_mapping`, once per content and place when the run's indexes remember checks
    (verify/memo.py). A hash in a condition is checked against the hashes verified so far:
    they are in the key."""
    key = (
        None
        if shared is None
        else (where, skip_inputs, json.dumps(mapping), frozenset(ctx.record_values.hexes))
    )
    remembered(
        ctx, shared, key, partial(_check_mapping, ctx, mapping, where, skip_inputs=skip_inputs)
    )


_CITED_ORDER = {key: order for order, key in enumerate(CITED_KEYS)}


def check_cited_conditions(
    ctx: VerifyContext,
    results: list[ReportedResult],
    sources: Mapping[int, dict[str, list[str]]] | None = None,
) -> None:
    """Re-read every condition read from a figure's context at the places it cites: an
    error where a cited place does not state the value, or where the condition cites none.
    A result's own `condition_sources` serve, else `sources[index]` (a record read from
    disk: its figures file's); a result with neither in a record draftflow drafted (read
    from disk alone, or a model's reading) is cited again on its line's context chain, as
    extract cites. A hand-made record (no provenance) states conditions from anywhere in its
    sources: rule 5's other checks hold them."""
    documents = {d.path: d for d in ctx.snapshot.documents}
    drafted = ctx.record.provenance is not None
    for index, result in enumerate(results):
        cited = result.condition_sources
        if cited is None and sources is not None:
            cited = sources.get(index)
        if cited is None and not drafted:
            continue
        conditions = result.conditions
        # the cited keys it holds, in `CITED_KEYS`' order (most figures hold few of ~30)
        held = [key for key in conditions if key in _CITED_ORDER]
        for key in sorted(held, key=_CITED_ORDER.__getitem__):
            value = conditions[key]
            if value is None or _counted_not_cited(key, value, conditions, cited):
                continue
            places = cited.get(key) if cited is not None else _chain_places(ctx, result, key)
            _check_cited(
                ctx,
                ("editorial", "reported_results", index, "conditions", key),
                value,
                places,
                documents,
                (result.source_path, result.source_line, float(result.value)),
            )


def _counted_not_cited(
    key: str, value: Any, conditions: Mapping[str, Any], cited: Mapping[str, Any] | None
) -> bool:
    """`repetitions` counted from the result's own `per_run_values` (rule 2 checks the runs)
    and cited to no place: no source need state it."""
    return _counts_inputs(key, value, conditions) and (cited is None or key not in cited)


def _chain_places(ctx: VerifyContext, result: ReportedResult, key: str) -> list[str] | None:
    """The places of the result's context chain that state its condition `key`, cited as
    extract cites (None when the chain does not state it, or the document is not held)."""
    document = ctx.snapshot.document(result.source_document_id)
    if document is None:
        return None
    reader = chain_reader(ctx)
    chain = reader.chain(document, result.source_line)
    own = (document.path, result.source_line, float(result.value))
    found = cite(result.conditions[key], chain, key, reader.reads_for(own))
    return [place.text() for place in found] if found is not None else None


def _check_cited(
    ctx: VerifyContext,
    where: tuple[str | int, ...],
    value: Any,
    cited: list[str] | None,
    documents: Mapping[str, Document],
    own: Own | None = None,
) -> None:
    """A cited condition re-read at its places (`own`: the figure, whose own column's header
    alone states its engine or system in its table's header row)."""
    location = pointer(*where)
    text = str(value)
    places = [p for p in (parse_place(c) for c in cited or []) if p is not None]
    if not places:
        ctx.flag(
            Severity.ERROR,
            Rule.CONDITIONS,
            location,
            text,
            f"condition {where[-1]} = {text!r}: no place of the figure's context (its line, "
            "table, section, document or README opening) states it; re-draft the record, or "
            "leave the condition null",
        )
        return
    key = str(where[-1])
    if read_where_read(key, value):
        _check_where_read(ctx, location, key, value, places, documents, own)
        return
    if restated(value, places, documents, key):
        return
    ctx.flag(
        Severity.ERROR,
        Rule.CONDITIONS,
        location,
        text,
        f"condition {where[-1]} = {text!r} is not stated at {_places(places)}, the place it "
        "cites; re-draft the record, or leave the condition null",
    )


def _check_where_read(
    ctx: VerifyContext,
    location: str,
    key: str,
    value: Any,
    places: list[Place],
    documents: Mapping[str, Document],
    own: Own | None,
) -> None:
    """A count or an engine must be stated at its cited place where extract's reader reads
    it: a count under its name, an engine as the one that measured."""
    reading = reread_once(ctx, key, value, places, documents, own)
    if reading.status is PlaceStatus.STATED:
        return
    ctx.flag(
        Severity.ERROR,
        Rule.CONDITIONS,
        location,
        str(value),
        f"condition {key} = {value!r} is not what {_places(places)}, the place it cites, says: "
        f"it {reading.describe(key, value)}; re-draft the record, or leave the condition null",
        list(reading.evidence),
    )


def _places(places: list[Place]) -> str:
    return ", ".join(place.text() for place in places)


def _check_mapping(
    ctx: VerifyContext,
    mapping: Mapping[str, Any],
    where: tuple[str | int, ...],
    *,
    skip_inputs: bool,
) -> None:
    for key, value in mapping.items():
        if value is None or isinstance(value, bool):
            continue
        if skip_inputs and (
            is_input_list(key, value)
            or _counts_inputs(key, value, mapping)
            # the runs' lines: rule 2 re-reads each run there (`result_check`)
            or (key == RUN_SOURCE_LINES and run_lines(mapping, "per_run_values") is not None)
        ):
            continue
        _check_value(ctx, (*where, key), value)


def _check_value(ctx: VerifyContext, where: tuple[str | int, ...], value: Any) -> None:
    if isinstance(value, Mapping):
        _check_mapping(ctx, value, where, skip_inputs=False)
    elif isinstance(value, list):
        for j, item in enumerate(value):
            if item is not None and not isinstance(item, bool):
                _check_value(ctx, (*where, j), item)
    elif _is_number(value):
        _check_number(ctx, where, value)
    elif isinstance(value, str):
        _check_string(ctx, where, value)


def _check_number(ctx: VerifyContext, where: tuple[str | int, ...], value: int | float) -> None:
    ctx.counts.conditions += 1
    location = pointer(*where)
    parsed = number_of(value)
    evidence = ctx.find_number(parsed, ctx.listed)
    text = repr(value)
    if evidence:
        dimension = metric_dimension(str(where[-1])) if isinstance(where[-1], str) else None
        ctx.record_values.add_number(
            float(value), frozenset({dimension}) if dimension else frozenset()
        )
        ctx.claim(
            location, text, 0, len(text), NumberKind.QUANTITY, ClaimStatus.SUPPORTED, evidence
        )
        return
    ctx.claim(location, text, 0, len(text), NumberKind.QUANTITY, ClaimStatus.UNSUPPORTED)
    ctx.flag(
        Severity.ERROR,
        Rule.CONDITIONS,
        location,
        text,
        f"condition {where[-1]} = {text} is not stated in any listed source document; "
        "unknown conditions stay null",
    )


def _check_string(ctx: VerifyContext, where: tuple[str | int, ...], value: str) -> None:
    """Hashes, dates and versions in a condition string must be stated (errors); quantities
    in free text are checked as warnings; identifiers are only remembered."""
    location = pointer(*where)
    for mention in find_numbers(value, decimal_comma=False):
        kind = mention.kind
        if kind is NumberKind.HEX:
            lookup = find_hex(ctx, mention.text)
            severity = Severity.ERROR
            if lookup.status.ok:
                ctx.record_values.add_hex(mention.text)
        elif kind in (NumberKind.DATE, NumberKind.VERSION):
            assert mention.normalized is not None
            lookup = find_in(ctx, kind.value, mention.normalized, ctx.listed, set())
            severity = Severity.ERROR
            if lookup.status.ok and kind is NumberKind.DATE:
                ctx.record_values.add_date(mention.normalized)
            elif lookup.status.ok:
                ctx.record_values.add_version(mention.normalized)
        elif kind.is_numeric:
            found = [ctx.find_number(p, ctx.listed) for p in mention.numbers]
            ok = all(found)
            status = ClaimStatus.SUPPORTED if ok else ClaimStatus.UNSUPPORTED
            ctx.claim(
                location,
                mention.text,
                mention.start,
                mention.end,
                kind,
                status,
                [e for f in found for e in f][:3],
            )
            if ok:
                for parsed in mention.numbers:
                    ctx.record_values.add_number(parsed.value)
            else:
                ctx.flag(
                    Severity.WARNING,
                    Rule.CONDITIONS,
                    location,
                    mention.text,
                    f"{mention.text} in condition {where[-1]} is not stated in any "
                    "listed source document",
                )
            continue
        else:
            continue
        ctx.counts.conditions += 1
        ctx.claim(
            location, mention.text, mention.start, mention.end, kind, lookup.status, lookup.evidence
        )
        if not lookup.status.ok:
            ctx.flag(
                severity if lookup.status is not ClaimStatus.AMBIGUOUS else Severity.WARNING,
                Rule.CONDITIONS,
                location,
                mention.text,
                f"{kind.value} {mention.text} in condition {where[-1]} is not stated in "
                f"any listed source document{_detail(lookup.detail)}",
                lookup.evidence,
            )


def _detail(detail: str) -> str:
    return f" ({detail})" if detail else ""


def _remember_record_strings(ctx: VerifyContext) -> None:
    """Identifiers and dates in the record's descriptive fields, which prose may repeat."""
    record = ctx.record
    strings = [
        record.id,
        record.runtime or "",
        record.model_label or "",
        record.model_id or "",
        record.model_family or "",
        record.source.repository,
        record.source.publisher,
        record.reported_setup.system or "",
        record.reported_setup.parallelism or "",
        *record.runtime_topics,
        *record.hardware_topics,
        *record.platform_topics,
        *(p.label for p in record.test_profiles),
        *(r.label for r in record.editorial.reported_results),
        *(r.metric for r in record.editorial.reported_results),
        *(r.unit for r in record.editorial.reported_results),
    ]
    for text in strings:
        for mention in find_numbers(text, decimal_comma=False):
            if mention.kind in (NumberKind.IDENTIFIER, NumberKind.TIME, NumberKind.URL):
                ctx.record_values.identifiers.update(
                    identifier_keys((mention.normalized or mention.text).lower())
                )
    for date in (
        record.source.last_commit_at,
        record.source.checked_on,
        record.editorial.published_on,
        record.editorial.modified_on,
    ):
        for mention in find_numbers(date or "", decimal_comma=False):
            if mention.kind is NumberKind.DATE and mention.normalized:
                ctx.record_values.add_date(mention.normalized)
