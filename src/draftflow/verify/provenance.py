"""Provenance and configuration words are claims: "independently reproduced",
`site_reproduced: true`, "verified by a third party" say who measured, and a record may say
it only when a source does. A word the record negates ("not reproduced independently")
claims nothing. A setting written with its value in prose ("at concurrency 8") is held to
the sources as a condition is (a result's label is checked at its cited place).

Every prose field, result and profile label, and every condition named for provenance is
checked against the listed documents, which are read once per run for the provenance words
they state without negating them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from draftflow.record.model import ReportedResult
from draftflow.text.instructions import folds_apart
from draftflow.text.pointer import pointer
from draftflow.text.sentences import split_sentences
from draftflow.text.starts import letter_led_starts
from draftflow.verify.context import VerifyContext
from draftflow.verify.index import DocumentIndex
from draftflow.verify.meaning import label_settings, setting_label, setting_named
from draftflow.verify.prose import prose_fields
from draftflow.verify.report import Rule, Severity

# Each provenance claim by its stem: the same stem must stand in a source. Only the forms
# that claim a done check count ("reproduced"); "to reproduce" and "reproducible" in a
# README are instructions and hopes, not claims.
_PROVENANCE_RE = re.compile(
    r"\b(?:(?P<reproduc>reproduced)|(?P<replicat>replicated)"
    r"|(?P<independen>independent(?:ly)?)|(?P<third_party>third[- ]party)"
    r"|(?P<verif>verified)|(?P<validat>validated)|(?P<confirm>confirmed)"
    r"|(?P<certif>certified)|(?P<audit>audited)|(?P<vett>vetted)|(?P<endors>endorsed))\b",
    re.IGNORECASE,
)
# A negation takes back a provenance word only in its own clause, a few words before it
# ("were not reproduced independently"), not anywhere in the sentence.
_CLAUSE_END_RE = re.compile(r"[,;:()\u2014]|\s-\s|\b(?:but|and|while|whereas)\b", re.IGNORECASE)
NEGATION_REACH = 5
"""Words before a provenance word that a negation may stand in."""
_NEGATION_RE = re.compile(
    r"\b(?:not|no|nothing|never|none|without|cannot|unverified|neither|nor)\b|n't\b",
    re.IGNORECASE,
)
_CONDITION_RE = re.compile(r"reproduc|replicat|independen|third_party|verified_by", re.IGNORECASE)
_FALSE_WORDS = frozenset({"", "false", "no", "none", "0", "n/a", "unknown"})


def claimed_stems(text: str) -> Iterator[tuple[str, str]]:
    """(stem, as written) for each provenance word a text states without negating it."""
    for sentence in split_sentences(text):
        for match in _PROVENANCE_RE.finditer(sentence):
            if _negated(sentence[: match.start()]):
                continue
            stem = next(name for name, value in match.groupdict().items() if value)
            yield stem, match.group(0)


def _negated(before: str) -> bool:
    """True when a negation stands in the clause just before a provenance word."""
    clause = _CLAUSE_END_RE.split(before)[-1]
    return bool(_NEGATION_RE.search(" ".join(clause.split()[-NEGATION_REACH:])))


def _source_stems(ctx: VerifyContext) -> frozenset[str]:
    """The provenance stems the listed documents state un-negated (read once per run)."""
    cached = ctx.provenance_stems
    if cached is None:
        found: set[str] = set()
        for listed in ctx.available():
            assert listed.document is not None
            for number in _provenance_lines(ctx.index(listed)):
                line = listed.document.line_list[number - 1]
                found.update(stem for stem, _ in claimed_stems(line))
                found.update(f"key:{m.group(0).lower()}" for m in _CONDITION_RE.finditer(line))
        cached = ctx.provenance_stems = frozenset(found)
    return cached


# Every match of either pattern opens with one of these words, in any case.
_PROVENANCE_WORDS = (
    "reproduc",
    "replicat",
    "independen",
    "third",
    "verified",
    "validated",
    "confirmed",
    "certified",
    "audited",
    "vetted",
    "endorsed",
)


def _provenance_lines(index: DocumentIndex) -> set[int]:
    """The lines on which either pattern may match (each is then read with both), found by
    one search of the whole text rather than two searches of every line: in its lower case,
    each word every match opens with (`str.find`: about 5 times faster than trying the
    patterns at every letter of a run file); where lower case moves offsets or matching
    folds a letter otherwise (`ſ`), the patterns' own starts (neither can match across a
    line end; every match opens with a letter)."""
    text, lowered = index.text, index.lower_text
    if len(lowered) == len(text) and not folds_apart(lowered):
        return {index.line_of(at) for word in _PROVENANCE_WORDS for at in _offsets(lowered, word)}
    return {
        index.line_of(at)
        for pattern in (_PROVENANCE_RE, _CONDITION_RE)
        for at in letter_led_starts(pattern, text)
    }


def _offsets(text: str, word: str) -> Iterator[int]:
    at = text.find(word)
    while at != -1:
        yield at
        at = text.find(word, at + len(word))


def check_provenance(ctx: VerifyContext) -> None:
    """Flag each provenance word of the record's prose and labels, and each provenance
    condition, that no listed document states."""
    record = ctx.record
    written_freely = [(where, text) for where, text, _ in prose_fields(ctx)]
    written_freely += [
        (pointer("test_profiles", i, "label"), profile.label)
        for i, profile in enumerate(record.test_profiles)
    ]
    labels = [
        (pointer("editorial", "reported_results", i, "label"), result.label)
        for i, result in enumerate(record.editorial.reported_results)
    ]
    for where, text in written_freely:  # a result's label is checked at its cited place
        _check_text_settings(ctx, where, text)
    stated = _source_stems(ctx)
    for where, text in [*written_freely, *labels]:
        for stem, written in claimed_stems(text):
            if stem not in stated:
                ctx.flag(
                    Severity.ERROR,
                    Rule.FIELDS,
                    where,
                    written,
                    f"{written!r} claims who measured or checked the figures, and no listed "
                    "source says so; say only what the sources say (source-reported)",
                )
    check_condition_provenance(ctx, ("conditions",), record.conditions)
    for i, profile in enumerate(record.test_profiles):
        check_condition_provenance(ctx, ("test_profiles", i, "conditions"), profile.conditions)


def _check_text_settings(ctx: VerifyContext, where: str, text: str) -> None:
    """A setting written with its value in prose or a label ("at concurrency 8") must be
    stated under its name in a listed document, as a condition is."""
    for name, value, written in label_settings(text):
        if not setting_named(ctx, name, value):
            ctx.flag(
                Severity.ERROR,
                Rule.FIELDS,
                where,
                written,
                f"{written!r}: no listed source states {value} as the "
                f"{setting_label(name)}; say only the settings the sources state",
            )


def check_result_provenance(ctx: VerifyContext, base: str, result: ReportedResult) -> None:
    """A result's provenance conditions (`site_reproduced: true`) must be stated."""
    conditions = result.conditions
    if any(_CONDITION_RE.search(key) for key in conditions):
        check_condition_provenance(ctx, (base, "conditions"), conditions)


def check_condition_provenance(
    ctx: VerifyContext, where: tuple[str | int, ...], conditions: Mapping[str, object]
) -> None:
    """Flag a truthy condition named for provenance whose key no source writes and whose
    claim (`reproduced`) no source states."""
    for key, value in conditions.items():
        match = _CONDITION_RE.search(key)
        if match is None or str(value).strip().lower() in _FALSE_WORDS or value is False:
            continue
        stated = _source_stems(ctx)
        stem = match.group(0).lower()
        if f"key:{key.lower()}" in stated or _stem_of(stem) in stated:
            continue
        location = (
            f"{where[0]}{pointer(*where[1:], key)}" if _is_base(where) else pointer(*where, key)
        )
        ctx.flag(
            Severity.ERROR,
            Rule.CONDITIONS,
            location,
            str(value).lower() if isinstance(value, bool) else str(value),
            f"condition {key} claims the figures were reproduced or checked, and no listed "
            "source says so; unknown conditions stay null",
        )


def _stem_of(key_stem: str) -> str:
    return {"third_party": "third_party", "verified_by": "verified_by"}.get(key_stem, key_stem)


def _is_base(where: tuple[str | int, ...]) -> bool:
    return bool(where) and isinstance(where[0], str) and where[0].startswith("/")
