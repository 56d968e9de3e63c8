"""Configuration words are claims: an engine (vLLM, SGLang, llama.cpp...), a weight precision
(FP8, NVFP4, Q4_K_M...), a GPU count or a context length written in a title, summary, label
or section must be one a listed source states, as a number must.

- a word naming an engine or precision that no listed document names is an error where it
  is written; a result's label naming one its cited table row contradicts (the row names
  another and not it) is an error at the label;
- a sentence that says the sources do not state the engine or the quantization, while a
  listed document states one, is an error; so is "X was not used" when a listed document
  states X without negating it;
- "8 GPUs" or "32K context" must be stated on a line that names GPUs or the context.

The engines and precisions are the vocabulary of `extract/conditions/setup_names.py`, the one
place they are listed. Every listed document is read once per run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from draftflow.extract.conditions.setup_names import ANY_ENGINE, PRECISION, engine_in
from draftflow.extract.conditions.setup_names import ENGINES as ENGINE_SPELLINGS
from draftflow.numbers import ParsedNumber, find_numbers
from draftflow.numbers.vocabulary import vocabulary
from draftflow.numbers.vocabulary_entries import spelling_pattern
from draftflow.record.model import ReportedResult, document_url
from draftflow.text.lines import CASE_FOLDED
from draftflow.text.pointer import pointer
from draftflow.text.sentences import split_sentences
from draftflow.text.starts import letter_led_starts
from draftflow.verify.context import ListedDocument, VerifyContext
from draftflow.verify.prose import prose_fields
from draftflow.verify.report import Evidence, Rule, Severity

# What every engine or precision word holds, in lower case: a document is searched for these
# once, and only the lines they stand on are read with the exact patterns (`PRECISION`'s
# alternatives without their bounds, from the vocabulary).
_ENGINE_HELD_RE = re.compile("|".join(ENGINE_SPELLINGS.values()))
_PRECISION_HELD_RE = re.compile(vocabulary().precision.pattern())
_NEGATION_RE = re.compile(
    r"\b(?:not|no|never|none|without|neither|nor|unknown|unstated)\b|n't\b", re.IGNORECASE
)
# A sentence saying the sources do not state something (not "no figure states its ...",
# which is about the figures), and the kinds it may name.
_ABSENCE_RE = re.compile(
    r"\b(?:is|are|was|were)\s+(?:not|never)\s+(?:stated|reported|given|specified|mentioned|"
    r"named|disclosed|documented|listed)\b"
    r"|\b(?:sources?|documents?|report|repository|author|files?|readme|it|they)\s+"
    r"(?:does|do|did)\s*(?:not|n't)\s+(?:state|report|say|give|specify|mention|name|"
    r"disclose|document|list)\b"
    r"|\bunstated\b|:\s*(?:not stated|unknown|not reported)\b",
    re.IGNORECASE,
)
_KIND_WORDS = {
    "precision": re.compile(r"\b(?:quanti[sz]ation|precision|weight format|dtype)\b", re.I),
    "engine": re.compile(r"\b(?:(?:inference |serving )?engine|runtime|serving stack)\b", re.I),
}
# "X was not used", "did not use X", "without X": said of the word itself.
_NOT_USED_AFTER_RE = re.compile(
    r"\s*(?:[\w.-]+\s+){0,2}?(?:was|were|is|are)\s*(?:not|n't)\s+(?:used|run|involved)\b",
    re.IGNORECASE,
)
_NOT_USED_BEFORE_RE = re.compile(
    r"(?:\b(?:did|does|do)\s*(?:not|n't)\s+(?:use|run)\s+(?:[\w.-]+\s+){0,2}?"
    r"|\bwithout\s+(?:using\s+)?)$",
    re.IGNORECASE,
)
# A count of GPUs or a context length written with its value, and the words a source line
# must hold to state it.
_SETTINGS = {
    "GPU count": (
        # `8 GPUs`, `2x GPU`, `4-GPU`; not `c=2 GPU temperature` (a setting, then a metric)
        re.compile(r"(?<![\w.=])(?P<value>\d+)\s*(?:GPUs\b|[x×]\s*GPUs?\b|-GPU\b)", re.I),
        re.compile(r"gpu|tensor[ _-]?parallel|\btp\b", re.I),
    ),
    "context length": (
        re.compile(
            r"(?<![\w.])(?P<value>\d+(?:\.\d+)?\s*[kK]?)(?:[ -]tokens?)?(?:[ -]token)?\s+"
            r"(?:of\s+)?context\b"
            r"|\bcontext(?:[ _-](?:length|window|size))?\s*(?:of\s+|[=:]\s*)?"
            r"(?P<value2>\d+(?:\.\d+)?\s*[kK]?)(?![\w.])",
            re.I,
        ),
        re.compile(r"context|ctx|max_model_len|max_seq_len|seq_len|window", re.I),
    ),
}
MAX_SETTING_LINES = 400


def precision_key(written: str) -> str:
    """A precision as compared: lower case, letters and digits only (`Q4_K_M` → `q4km`)."""
    return re.sub(r"[^a-z0-9]", "", written.lower())


@dataclass
class _Stated:
    """The engines and precisions the listed documents name: the first line of each, and
    those named on a line that does not negate them."""

    first: dict[str, Evidence] = field(default_factory=dict)
    affirmed: set[str] = field(default_factory=set)

    def any_of(self, kind: str) -> Evidence | None:
        """The first line naming any engine (or precision), if one does."""
        prefix = f"{kind}:"
        return next((e for k, e in self.first.items() if k.startswith(prefix)), None)


def check_config_words(ctx: VerifyContext) -> None:
    """Flag engines, precisions, GPU counts and context lengths in the record's text and
    labels that no listed source states, and absence claims a source contradicts."""
    stated = _stated(ctx)
    record = ctx.record
    texts = [(where, text) for where, text, _ in prose_fields(ctx)]
    texts += [
        (pointer("test_profiles", i, "label"), profile.label)
        for i, profile in enumerate(record.test_profiles)
    ]
    for i, result in enumerate(record.editorial.reported_results):
        where = pointer("editorial", "reported_results", i, "label")
        texts.append((where, result.label))
        _check_cited_place(ctx, where, result)
    for where, text in texts:
        for sentence in split_sentences(text):
            _check_sentence(ctx, stated, where, sentence)


def _words(text: str) -> Iterator[tuple[str, str]]:
    """(key, as written) of each engine (`engine:vLLM`) and precision (`precision:fp8`)."""
    for key, match in _matches(text):
        yield key, match.group(0)


def _matches(text: str) -> Iterator[tuple[str, re.Match[str]]]:
    for match in ANY_ENGINE.finditer(text):
        name = engine_in(match.group(0))
        if name is not None:
            yield f"engine:{name}", match
    for match in PRECISION.finditer(text):
        yield f"precision:{precision_key(match.group(0))}", match


def _letter_led_precisions() -> tuple[re.Pattern[str], tuple[str, ...]] | None:
    """The precision alternatives that open with a letter, and the words each other one holds
    (`4.0 bpw`, `8-bit`): in a text holding none of those words only the first can match. None
    when an alternative opens with something else and holds no word a search can look for."""
    precision = vocabulary().precision
    alternatives = [
        *(spelling_pattern([spelling]) for spelling in precision.spellings),
        *precision.patterns,
    ]
    led = [a for a in alternatives if a[:1].isalpha()]
    held: list[str] = []
    for alternative in alternatives:
        if not alternative[:1].isalpha():
            word = next((w for w in _DIGIT_LED_WORDS if w in alternative), None)
            if word is None:
                return None
            held.append(word)
    return re.compile("|".join(led)), tuple(dict.fromkeys(held))


_DIGIT_LED_WORDS = ("bpw", "bit")
_LETTER_LED_PRECISIONS = _letter_led_precisions()


def _lines_with_words(lowered: str, line_of: Callable[[int], int]) -> set[int]:
    """The lines that may name an engine or a precision: those a search of the whole
    lower-cased text finds what such a word holds on, or inside (a match across lines hides
    none). Each is then read alone with the exact patterns, as if every line had been."""
    found: set[int] = set()
    for pattern in (_ENGINE_HELD_RE, CASE_FOLDED):
        for match in pattern.finditer(lowered):
            found.update(range(line_of(match.start()), line_of(match.end()) + 1))
    led = _LETTER_LED_PRECISIONS
    if led is None or any(word in lowered for word in led[1]):
        places: Iterator[re.Match[str] | None] = _PRECISION_HELD_RE.finditer(lowered)
    else:
        # Only alternatives opening with a letter can match: the whole pattern is tried where
        # one of them matches (every such place, not every place of a large run file).
        starts = letter_led_starts(led[0], lowered)
        places = (_PRECISION_HELD_RE.match(lowered, at) for at in starts)
    for place in places:
        assert place is not None
        found.update(range(line_of(place.start()), line_of(place.end()) + 1))
    return found


def _said_unused(sentence: str, match: re.Match[str]) -> bool:
    """True when the sentence says the word's engine or precision was not used."""
    return bool(
        _NOT_USED_AFTER_RE.match(sentence, match.end())
        or _NOT_USED_BEFORE_RE.search(sentence[: match.start()])
    )


def _stated(ctx: VerifyContext) -> _Stated:
    stated = _Stated()
    for listed in ctx.available():
        assert listed.document is not None
        for number in ctx.index(listed).candidate_lines(_lines_with_words):
            line = listed.document.line(number) or ""
            for key, _ in _words(line):
                if key not in stated.first:
                    stated.first[key] = ctx.evidence(listed, number)
                if not _NEGATION_RE.search(line):
                    stated.affirmed.add(key)
    return stated


def _check_sentence(ctx: VerifyContext, stated: _Stated, where: str, sentence: str) -> None:
    if _ABSENCE_RE.search(sentence):
        _check_absence(ctx, stated, where, sentence)
    negated = bool(_NEGATION_RE.search(sentence))
    for key, match in _matches(sentence):
        written = match.group(0)
        if negated:
            if _said_unused(sentence, match) and key in stated.affirmed:
                ctx.flag(
                    Severity.ERROR,
                    Rule.FIELDS,
                    where,
                    written,
                    f"the text says {written!r} was not used, but a listed source states "
                    "it; say only what the sources say",
                    [stated.first[key]],
                )
        elif key not in stated.first:
            kind = key.split(":", 1)[0]
            ctx.flag(
                Severity.ERROR,
                Rule.FIELDS,
                where,
                written,
                f"{written!r} names {'an engine' if kind == 'engine' else 'a weight precision'} "
                "that no listed source states; a configuration word is a claim, as a number is",
            )
    if not negated:
        _check_settings(ctx, where, sentence)


def _check_absence(ctx: VerifyContext, stated: _Stated, where: str, sentence: str) -> None:
    """ "The sources do not state the quantization" while a listed document states one."""
    for kind, words in _KIND_WORDS.items():
        named = words.search(sentence)
        found = stated.any_of(kind) if named else None
        if named is None or found is None:
            continue
        ctx.flag(
            Severity.ERROR,
            Rule.FIELDS,
            where,
            named.group(0),
            f"the text says the {named.group(0)} is not stated, but {found.path}:{found.line} "
            f"states one ({(found.text or '').strip()[:80]!r}); say what it states",
            [found],
        )


def _check_settings(ctx: VerifyContext, where: str, sentence: str) -> None:
    """`8 GPUs`, `32K context`: stated on a line that names GPUs or the context."""
    for name, (pattern, words) in _SETTINGS.items():
        for match in pattern.finditer(sentence):
            written = match.group("value") or match.group("value2") or ""
            numbers = [n for m in find_numbers(written, decimal_comma=False) for n in m.numbers]
            if not numbers or _named_with(ctx, numbers[0], words, name):
                continue
            ctx.flag(
                Severity.ERROR,
                Rule.FIELDS,
                where,
                match.group(0),
                f"{match.group(0)!r}: no listed source states {written.strip()} as the {name} "
                "(a line naming it with that value); say only the settings the sources state",
            )


def _named_with(
    ctx: VerifyContext, number: ParsedNumber, words: re.Pattern[str], name: str
) -> bool:
    if name == "GPU count" and number.value == 1:
        return True  # one GPU is seldom counted; more than one is the claim
    for listed in ctx.available():
        index = ctx.index(listed)
        lines = index.lines_for_number(number, limit=MAX_SETTING_LINES)
        if len(lines) >= MAX_SETTING_LINES:
            return True  # too common to look through: not worth a claim of absence
        if any(words.search(index.document.line(line) or "") for line in lines):
            return True
    return False


def _check_cited_place(ctx: VerifyContext, where: str, result: ReportedResult) -> None:
    """A label naming an engine or precision its cited table row contradicts: the row names
    another one and not the label's. (A sentence's line may name another run's words.)"""
    listed = ctx.by_url.get(document_url(result.evidence_url))
    line = _cited_row(ctx, listed, result.source_line)
    if listed is None or line is None:
        return
    in_label = dict(_words(result.label))
    if not in_label:
        return  # the label names no engine or precision (most): the row is not read
    on_line = dict(_words(line))
    for kind in ("engine", "precision"):
        said = {k for k in in_label if k.startswith(kind)}
        there = {k for k in on_line if k.startswith(kind)}
        if not said or not there or said & there:
            continue
        if kind == "engine" and (len(said) > 1 or len(there) > 1):
            continue  # a comparison names several: only one against one is a contradiction
        written = in_label[next(iter(sorted(said)))]
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            where,
            written,
            f"the label says {written!r}, but the cited line names "
            f"{', '.join(sorted(on_line[k] for k in there))!r}; a label says what its "
            "cited place states",
            [ctx.evidence(listed, result.source_line)],
        )


def _cited_row(ctx: VerifyContext, listed: ListedDocument | None, line: int) -> str | None:
    """The cells of the table row a figure cites, as one text (None when not a row)."""
    if listed is None or listed.document is None:
        return None
    table = ctx.index(listed).layout.row_and_header(line)
    return " | ".join(table[0]) if table is not None else None
