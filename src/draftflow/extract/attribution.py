"""Who measured a figure when it is not the repository's author, as the source names them.

Read by structure: a copied third-party page's front matter (`url:` or `retrieved:` with its
`publisher:` or `author:`) speaks for the whole page; an issue or forum thread's comment
header (`author:	name`) for its comment; a sentence that names who stated the figure
(`reported by @user`, `according to NVIDIA`, `the QuantTrio recipe reports ~28.8 tok/s`) for
itself; a table row naming a hosted model or agent service (`Antigravity Native (Flash
Swarm)`) for its row; a heading naming one (`### Bench H — Gemini 2.5 Flash ladder`) for its
section's prose; and an introduction that puts such a service to work (`using ...
powered by Gemini Flash`) for the document's prose; a document whose every `model` key
names a hosted model (`| Model | `opencode/x-preview-f-free` |`) for all of it. Tools and
engines reporting a number (`reported by llama.cpp`, `vLLM reports`) are not people: they name
no one. The words are data (`numbers/vocabulary.toml`, `[standing]`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.setup_names import (
    engine_in,
    hosted_document_model,
    is_model_value,
    model_in,
    system_in,
)
from draftflow.extract.document import parse_document
from draftflow.extract.document.elements import Cell, ListItem, Paragraph, ParsedDocument
from draftflow.extract.standing_marks import (
    Mark,
    column_marks_by_header,
    first_in_rows,
    front_matter,
    plain,
    sentences,
    word_pattern,
)
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.standing import Attribution, AttributionKind, StandingScope

_KEY_LINE = re.compile(r"^(?P<key>[A-Za-z_]+):\s*(?P<value>.*?)\s*$")
_NAME = r"(?:@[\w-]+|(?:the\s+)?[A-Z][\w.&'+-]*(?:\s+(?:[A-Z0-9][\w.&'+-]*|recipe|team|blog))*)"
_PARTY_NOUNS = frozenset({"recipe", "team", "blog"})
_NOT_WHO = frozenset({"this", "that", "it", "we", "our", "table", "figure", "the", "they"})
_FRAGMENT_END = re.compile(r"[,.;，。；]|\s[—–]\s")
_ASIDE = re.compile(r"\s*[(（]")
_FILE_SUFFIX = re.compile(r"\.[A-Za-z]")
_HOSTED_NAME = re.compile(r"\S+(?:\s+(?:\d[\w.]*|[A-Z][\w.-]*))*")
"""A hosted service's name and the version or variant words after it (`Gemini 2.5 Flash`)."""


@cache
def _by_re() -> re.Pattern[str]:
    phrases = word_pattern(vocabulary().standing.by_phrases)
    return re.compile(r"(?i:" + phrases + r")\s+(?P<who>" + _NAME + r")")


@cache
def _stating_re() -> re.Pattern[str]:
    verbs = word_pattern(vocabulary().standing.stating_verbs)
    return re.compile(r"(?P<who>" + _NAME + r")\s+" + verbs + r"\s+(?:about\s+)?[~≈]?\d")


@cache
def _hosted_re() -> re.Pattern[str]:
    return re.compile(word_pattern(vocabulary().standing.hosted), re.I)


@cache
def _cue_re() -> re.Pattern[str]:
    cues = vocabulary().standing.hosted_cues
    return re.compile("|".join(re.escape(cue) for cue in cues), re.I)


def named_party(who: str) -> str | None:
    """`who` as a party that measures, or None for a pronoun, an engine, a tool, a system or
    a model (`Qwen3.6 measured`), or a thing some name qualifies (`the CUDA runtime`)."""
    words = who.split()
    if not words or (len(words) == 1 and words[0].lower() in _NOT_WHO) or len(words[0]) == 1:
        return None
    if words[0].lower() == "the" and words[-1].lower() not in _PARTY_NOUNS:
        return None
    if engine_in(who) or system_in(who) or model_in(who) or is_model_value(who):
        return None
    return " ".join(words)


def _attribution(
    document: Document, who: str, kind: AttributionKind, line: int, words: str, scope: StandingScope
) -> Attribution:
    return Attribution(who=who, kind=kind, words=words, path=document.path, line=line, scope=scope)


def _front_matter(document: Document, lines: Sequence[str]) -> Mark | None:
    """A copied page's front matter: who published it, if it says where it came from."""
    keys = front_matter(lines)
    if keys is None:
        return None
    standing = vocabulary().standing
    if not any(key in keys for key in standing.origin_keys):
        return None
    for key in standing.source_keys:
        if key in keys and keys[key][1]:
            line, who, words = keys[key]
            total = max(document.lines, 1)
            kind = AttributionKind.QUOTED_SOURCE
            mark = _attribution(document, who, kind, line, words, StandingScope.DOCUMENT)
            return Mark(1, total, mark)
    return None


def _comments(document: Document, lines: Sequence[str], after: int) -> Iterator[Mark]:
    """An issue thread's comments: each `author:<tab>name` header to the next one."""
    keys = vocabulary().standing.comment_author_keys
    heads: list[tuple[int, str, str]] = []
    for number, text in enumerate(lines, start=1):
        found = _KEY_LINE.match(text) if number > after and "\t" in text else None
        if found and found.group("key").lower() in keys and found.group("value"):
            heads.append((number, found.group("value"), text.strip()))
    for index, (line, who, words) in enumerate(heads):
        last = heads[index + 1][0] - 1 if index + 1 < len(heads) else max(document.lines, line)
        kind = AttributionKind.COMMENTER
        yield Mark(
            line, last, _attribution(document, who, kind, line, words, StandingScope.COMMENT)
        )


def _sentences(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Sentences that name who stated their figure."""
    for block in parsed.blocks:
        if not isinstance(block, Paragraph | ListItem):
            continue
        for sentence in sentences(block):
            for pattern, kind in (
                (_by_re(), AttributionKind.PERSON),
                (_stating_re(), AttributionKind.VENDOR),
            ):
                found = pattern.search(sentence.text)
                who = named_party(found.group("who")) if found else None
                if found is None or who is None:
                    continue
                if kind is AttributionKind.PERSON and not who.startswith("@"):
                    kind = AttributionKind.VENDOR
                mark = _attribution(
                    document, who, kind, sentence.first, found.group(0), StandingScope.SENTENCE
                )
                yield Mark(sentence.first, sentence.last, mark)
                break


def _hosted_rows(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Table rows that name a hosted model or agent service as what ran."""
    for line, text in first_in_rows(parsed, _hosted_cell):
        kind = AttributionKind.HOSTED_MODEL
        mark = _attribution(document, text, kind, line, text, StandingScope.ROW)
        yield Mark(line, line, mark)


def _hosted_cell(text: str) -> str | None:
    """A cell's text when it names a hosted model or agent service."""
    text = plain(text)
    return text if _hosted_re().match(text) else None


def _hosted_introduction(document: Document, parsed: ParsedDocument) -> Mark | None:
    """An introduction that puts a hosted service to work: the prose of the document is its."""
    for block in parsed.blocks:
        if not isinstance(block, Paragraph | ListItem):
            continue
        section = parsed.section_at(block.span.first)
        if section is not None and section.level > 2:
            return None
        for sentence in sentences(block):
            for cue in _cue_re().finditer(sentence.text):
                rest = sentence.text[cue.end() :]
                fragment = _FRAGMENT_END.split(rest, maxsplit=1)[0].strip()
                fragment = _ASIDE.split(fragment, maxsplit=1)[0].strip()
                if _hosted_re().match(fragment):
                    words = f"{cue.group(0)} {fragment}"
                    kind, scope = AttributionKind.HOSTED_MODEL, StandingScope.DOCUMENT
                    mark = _attribution(document, fragment, kind, sentence.first, words, scope)
                    return Mark(1, max(document.lines, 1), mark, outside_tables=True)
    return None


def _hosted_headings(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Sections whose heading names a hosted model or agent service as what ran (`### Bench H
    — Gemini 2.5 Flash ladder`): their prose figures are that service's; table rows that name
    what ran them keep their own."""
    titles = [plain(h.text) for h in parsed.headings if h.level <= 1]
    if any(_hosted_re().search(title) for title in titles):
        return  # the document is about the service: it is the subject, not someone else
    for heading in parsed.headings:
        text = plain(heading.text)
        found = _hosted_re().search(text)
        section = parsed.section_at(heading.span.first)
        if found is None or section is None or heading.level <= 1:
            continue
        if _FILE_SUFFIX.match(text, found.end()):
            continue  # `CLAUDE.md`: a file's name, not the service
        who = _HOSTED_NAME.match(text, found.start())
        name = who.group(0) if who else found.group(0)
        kind, scope = AttributionKind.HOSTED_MODEL, StandingScope.SECTION
        mark = _attribution(document, name, kind, heading.span.first, name, scope)
        yield Mark(heading.span.first, section.span.last, mark, outside_tables=True)


@cache
def _source_heading_re() -> re.Pattern[str]:
    standing = vocabulary().standing
    before = word_pattern(standing.source_prepositions)
    nouns = word_pattern(standing.source_nouns)
    return re.compile(
        rf"{before}\s+(?P<who>(?:the\s+|an?\s+)?(?:[\w.&'+-]+\s+){{0,3}}?{nouns})", re.I
    )


_OWN = frozenset({"my", "our", "this", "these"})
"""Whose source a heading names when it is the author's own (`from our docs`)."""


def _attributed_headings(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Sections whose heading attributes them to another party's published source (`accuracy
    trade-off (per HF docs)`, `Numbers from the model card`, `Results according to NVIDIA`):
    every figure of the section, its tables too, is that party's, not the author's run. `per`
    alone is a rate (`tok/s per GPU`): only a source's noun after it names a source."""
    for heading in parsed.headings:
        section = parsed.section_at(heading.span.first)
        if section is None or heading.level <= 1:
            continue
        text = plain(heading.text)
        who = _heading_source(text)
        if who is None:
            continue
        kind, scope = AttributionKind.VENDOR, StandingScope.SECTION
        mark = _attribution(document, who, kind, heading.span.first, text, scope)
        yield Mark(heading.span.first, section.span.last, mark)


def _heading_source(text: str) -> str | None:
    """The party or source a heading attributes its section to, or None."""
    found = _source_heading_re().search(text)
    if found is not None:
        who = found.group("who").strip()
        return None if who.split()[0].lower() in _OWN else who
    by = _by_re().search(text)
    return named_party(by.group("who")) if by is not None else None


def _hosted_document(document: Document) -> Mark | None:
    """A document whose every `model` key names a hosted model (`hosted_document_model`):
    its runs are that service's, tables included, not the repository's machine."""
    stated = hosted_document_model(document.line_list)
    if stated is None:
        return None
    line, who = stated
    kind, scope = AttributionKind.HOSTED_MODEL, StandingScope.DOCUMENT
    return Mark(1, max(document.lines, 1), _attribution(document, who, kind, line, who, scope))


def hosted_columns(document: Document) -> dict[tuple[int, float], Attribution]:
    """The figures of table columns headed by a hosted model or agent service (`| DGX Spark
    | Gemini Flash |`), by (line, value): that service ran them, not the author's system.
    A value an unmarked cell of the same row also holds is left unmarked."""

    def hosted(cell: Cell) -> Attribution | None:
        who = _hosted_cell(cell.text)
        if who is None:
            return None
        kind, scope = AttributionKind.HOSTED_MODEL, StandingScope.COLUMN
        return _attribution(document, who, kind, cell.line, who, scope)

    return column_marks_by_header(parse_document(document), hosted)


def attribution_marks(document: Document) -> list[Mark]:
    """Every attribution mark of a document: front matter, comments, sentences, rows."""
    lines = document.line_list
    marks: list[Mark] = []
    front = _front_matter(document, lines)
    if front is not None:
        marks.append(front)
    after = front.standing.line if front is not None else 0
    marks.extend(_comments(document, lines, after))
    parsed = parse_document(document)
    marks.extend(_sentences(document, parsed))
    marks.extend(_hosted_rows(document, parsed))
    marks.extend(_hosted_headings(document, parsed))
    marks.extend(_attributed_headings(document, parsed))
    introduction = _hosted_introduction(document, parsed)
    if introduction is not None:
        marks.append(introduction)
    hosted = _hosted_document(document)
    if hosted is not None:
        marks.append(hosted)
    return marks


__all__ = ["attribution_marks", "hosted_columns", "named_party"]
