"""Rule 6, the record's claim-bearing fields: what the article prints besides numbers.

- Evidence flags: nothing but the cited sources stands behind a record verify can check, so
  `site_reproduced` must be false (true needs a site reproduction, which no source shows),
  `evidence_state` must be `source_reported`, `performance_ranking_allowed` false and
  `metrics` null (site metrics are never measured from a source).
- Names: the publisher is the repository owner or is named in a source; the runtime and each
  hardware topic are named in a source or in the record's verified conditions.
- Numbers in result labels and test-profile labels, the byline and the publisher must be
  supported like prose numbers: by a listed document (never an instruction line) or by the
  record's own verified fields.
"""

from __future__ import annotations

import json
import re

from draftflow.numbers import NumberKind, ParsedNumber, find_numbers
from draftflow.numbers.vocabulary import vocabulary
from draftflow.text.pointer import pointer
from draftflow.verify.context import ListedDocument, VerifyContext
from draftflow.verify.report import ClaimStatus, Rule, Severity

SOURCE_REPORTED = "source_reported"

# `vLLM / llama.cpp`: a record measured on several runtimes names each of them
_RUNTIME_SEPARATORS = re.compile(r"\s*(?:/|,|\+|\band\b)\s*")
# Topics and runtimes are names editors file records under, written in their own words
# (`numbers/vocabulary.toml`, `[[hardware_topic]]` `support`).
_TOPIC_ALIASES: dict[str, tuple[str, ...]] = {
    topic.topic: topic.support for topic in vocabulary().hardware_topic if topic.support
}


def check_fields(ctx: VerifyContext) -> None:
    """Check the evidence flags, names and label numbers the record publishes."""
    _check_evidence_flags(ctx)
    _check_names(ctx)
    _check_label_numbers(ctx)


def _check_evidence_flags(ctx: VerifyContext) -> None:
    record = ctx.record
    places: list[tuple[str, bool, str]] = [("", record.site_reproduced, record.evidence_state)]
    places += [
        (pointer("editorial", "reported_results", i), r.site_reproduced, r.evidence_state)
        for i, r in enumerate(record.editorial.reported_results)
    ]
    for base, reproduced, state in places:
        if reproduced:
            ctx.flag(
                Severity.ERROR,
                Rule.FIELDS,
                f"{base}/site_reproduced",
                "true",
                "site_reproduced is true, but no cited source shows a reproduction by "
                "this site; a source-reported figure stays false",
            )
        if state != SOURCE_REPORTED:
            ctx.flag(
                Severity.ERROR,
                Rule.FIELDS,
                f"{base}/evidence_state",
                state,
                f"evidence_state {state!r} claims more than the cited sources show; "
                f"use {SOURCE_REPORTED!r}",
            )
    if record.performance_ranking_allowed:
        ctx.flag(
            Severity.ERROR,
            Rule.FIELDS,
            "/performance_ranking_allowed",
            "true",
            "ranking needs the site's own reproduced measurements; a source-reported "
            "record keeps performance_ranking_allowed false",
        )
    if record.metrics is not None:
        ctx.flag(
            Severity.ERROR,
            Rule.FIELDS,
            "/metrics",
            "metrics",
            "metrics holds site measurements, which no source provides; keep it null",
        )


def _is_owner(publisher: str, repository: str) -> bool:
    """Whether the publisher is the repository's owner, as its URL names it."""
    return publisher.lower() == repository.partition("/")[0].lower()


def _check_names(ctx: VerifyContext) -> None:
    record = ctx.record
    owner = record.source.repository.partition("/")[0].lower()
    publisher = record.source.publisher
    if not _is_owner(publisher, record.source.repository) and not _named(ctx, publisher.lower()):
        ctx.flag(
            Severity.ERROR,
            Rule.FIELDS,
            "/source/publisher",
            publisher,
            f"the publisher {publisher!r} is neither the repository owner ({owner}) "
            "nor named in any listed source",
        )
    runtimes = [
        part.strip() for part in re.split(r"\s*(?:/|,|\+|\band\b)\s*", record.runtime or "")
    ]
    if record.runtime and not all(_runtime_named(ctx, part) for part in runtimes if part):
        ctx.flag(
            Severity.ERROR,
            Rule.FIELDS,
            "/runtime",
            record.runtime,
            f"the runtime {record.runtime!r} is named in no listed source or condition",
        )
    for i, topic in enumerate(record.hardware_topics):
        names = _TOPIC_ALIASES.get(topic.lower(), (topic.lower(),))
        if not any(_named(ctx, name) for name in names):
            ctx.flag(
                Severity.ERROR,
                Rule.FIELDS,
                pointer("hardware_topics", i),
                topic,
                f"the hardware topic {topic!r} is named in no listed source",
            )


def _runtime_named(ctx: VerifyContext, runtime: str) -> bool:
    """True when a runtime stands in a source by its name or, for an engine of the
    vocabulary, by one of its spellings (`text-generation-inference` for TGI)."""
    engine = vocabulary().engine_named(runtime)
    names = (runtime.lower(), *(engine.spellings if engine else ()))
    return any(_named(ctx, name) for name in names)


def _named(ctx: VerifyContext, name: str) -> bool:
    """True when `name` stands (case-insensitive) in a listed document or a condition."""
    if not name:
        return True
    if name in _condition_text(ctx):
        return True
    return any(name in ctx.index(listed).lower_text for listed in ctx.available())


def _condition_text(ctx: VerifyContext) -> str:
    """Every condition of the record, its setup, profiles and results, as lower-case text."""
    record = ctx.record
    parts: list[object] = [
        record.conditions,
        record.reported_setup.model_dump(),
        record.model_label,
        record.model_id,
    ]
    parts += [p.conditions for p in record.test_profiles]
    parts += [r.conditions for r in record.editorial.reported_results]
    return json.dumps(parts, default=str).lower()


def _check_label_numbers(ctx: VerifyContext) -> None:
    record = ctx.record
    fields: list[tuple[str, str, list[ListedDocument]]] = [
        ("/editorial/byline", record.editorial.byline, ctx.listed),
    ]
    if not _is_owner(record.source.publisher, record.source.repository):
        # the owner's digits are its name (`1337hero`), checked by `_check_names`, no quantity
        fields.append(("/source/publisher", record.source.publisher, ctx.listed))
    for i, result in enumerate(record.editorial.reported_results):
        listed = ctx.by_id.get(result.source_document_id)
        fields.append(
            (
                pointer("editorial", "reported_results", i, "label"),
                result.label,
                [listed] if listed else ctx.listed,
            )
        )
    for i, profile in enumerate(record.test_profiles):
        fields.append((pointer("test_profiles", i, "label"), profile.label, ctx.listed))
    for location, text, documents in fields:
        for mention in find_numbers(text, decimal_comma=False):
            if not mention.kind.is_numeric or re.match(r"0\d", mention.text):
                continue  # `0814` is a code or a date, not a quantity
            _check_label_mention(ctx, location, text, mention.text, mention.numbers, documents)


def _check_label_mention(
    ctx: VerifyContext,
    location: str,
    text: str,
    written: str,
    numbers: tuple[ParsedNumber, ...],
    documents: list[ListedDocument],
) -> None:
    statuses = []
    evidence = []
    for parsed in numbers:
        found = ctx.find_number(parsed, documents)
        if found:
            statuses.append(ClaimStatus.SUPPORTED)
            evidence += found
        elif ctx.record_values.has_number(parsed):
            statuses.append(ClaimStatus.RECORD)
        else:
            statuses.append(ClaimStatus.UNSUPPORTED)
    status = (
        ClaimStatus.UNSUPPORTED
        if ClaimStatus.UNSUPPORTED in statuses
        else (ClaimStatus.RECORD if ClaimStatus.RECORD in statuses else ClaimStatus.SUPPORTED)
    )
    start = text.find(written)
    ctx.claim(
        location,
        written,
        max(start, 0),
        max(start, 0) + len(written),
        NumberKind.QUANTITY,
        status,
        evidence[:3],
    )
    if status is ClaimStatus.UNSUPPORTED:
        ctx.flag(
            Severity.ERROR,
            Rule.FIELDS,
            location,
            written,
            f"{written} in this label is stated by no cited source (outside instruction "
            "lines) and by no verified field of the record",
            evidence[:3],
        )
