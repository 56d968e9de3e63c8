"""What a figure's own words say it is when it is not the author's measurement of the subject:
an example of a tool's output, what a failure produced or a fault destroyed, a reading the
author corrected, someone else's published figure, or the time it takes to set a system up.

Read by structure, nearest first, like the author's status words (`status_words.py`):
- an example: a heading that opens or ends with an example word (`Output Example`) marks its
  section; a lead-in sentence right before a code block (`renders the run live ...:`,
  `looks like this:`) marks the block;
- a failure: a sentence that names a failed run or a fault (`a run against a dead endpoint
  scores 79.8%`, `an off-by-one ... turning 22% of scores into ties`) marks itself, and the
  code block its colon introduces; a sentence that says the fault was fixed does not;
- a corrected reading: the figures before `where the real figure was` in a sentence, and the
  figures of the sentence before `It was a low outlier`;
- someone else's figure: a sentence whose figures are `their published` ones, attributed to
  the party the nearest heading or repository link above it names;
- a setup time: the times of a sentence that names setting up (`30-60 min per node, mostly
  the llama.cpp build`);
- an estimate: the figures after a prediction word, before a measured one (`Mixtral
  predicted at 23 TPS, measured at 69 TPS` marks the 23);
- advice: the ratios and shares of a sentence that opens with an imperative verb of advice
  taking them as its object (`Use 2× the memory`, `Expect about 2×`), or of a general
  statement on an indefinite quantity in advice (`**Reduce what crosses the wire** ... A 2×
  reduction in traffic beats a 3% link gain`).
The words are data (`numbers/vocabulary.toml`, `[standing]`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache

from rapidfuzz.distance import DamerauLevenshtein

from draftflow.acquire.snapshot import Document
from draftflow.extract.attribution import named_party
from draftflow.extract.candidates import cell_values
from draftflow.extract.conditions.setup_names import SYSTEM
from draftflow.extract.document import parse_document
from draftflow.extract.document.elements import (
    Block,
    CodeBlock,
    ListItem,
    Paragraph,
    ParsedDocument,
)
from draftflow.extract.standing_marks import Mark, Sentence, plain, sentences, word_pattern
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.standing import (
    Attribution,
    AttributionKind,
    ResultStatus,
    StandingScope,
    Status,
)

UNNAMED_PARTY = "an unnamed third party"
"""Who published a figure the source calls theirs without naming them above it."""
_TIME = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)(?:\s*[–-]\s*(\d+(?:\.\d+)?))?\s*"
    r"(?:ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?)(?![\w/])"
)
_POSSESSIVE = re.compile(r"(?<![\w./-])([A-Z][\w.-]*(?:/[\w.-]+)?)['’]s\b")
_CLAUSE_BREAK = re.compile(r"[,;:(—–]|\s-\s")
_PREDICTION_END = re.compile(r"[;—]|\s-\s")
"""Where a prediction's statement ends (`7 models predicted; 6 measured`)."""
_PREDICTION_INPUTS = re.compile(r"\b(?:using|from|based\s+on|given|with)\b", re.I)
"""Where a prediction's inputs begin (`predicted 21-22 TPS using 0.82 coefficient from
DDR5-5600 baseline of 18.7 TPS`): the 0.82 and the measured 18.7 are no estimate."""
_HARD_BREAK = re.compile(r"(?: {2,}|\\)\n|\n(?=\s*\*\*[^*\n]{1,40}(?::\*\*|\*\*\s*:))")
"""Where a sentence's parts end: a hard line break, or a soft one before a bold label
(`**Root cause**:`), which opens a statement of its own."""
_REPOSITORY_LINK = re.compile(r"\[([A-Za-z0-9][\w.-]*)/[\w.-]+\]\(")


@cache
def _words_re(field: str) -> re.Pattern[str]:
    words: tuple[str, ...] = getattr(vocabulary().standing, field)
    return re.compile(word_pattern(words), re.I)


@cache
def _heading_re() -> re.Pattern[str]:
    words = word_pattern(vocabulary().standing.example_headings)
    return re.compile(r"^" + words + r"|" + words + r"$", re.I)


@cache
def _corrected_re() -> re.Pattern[str]:
    standing = vocabulary().standing
    words = word_pattern(standing.corrected_words)
    nouns = word_pattern(standing.result_nouns)
    return re.compile(
        r"\b(?:where|whereas|while|but|when)\s+the\s+(?:[\w-]+,?\s+){0,2}?"
        + words
        + r",?\s+(?:[\w-]+,?\s+){0,2}?"
        + nouns
        + r"\s+(?:was|is|were|are)\b",
        re.I,
    )


@cache
def _mistaken_re() -> re.Pattern[str]:
    words = word_pattern(vocabulary().standing.mistaken_words)
    return re.compile(r"^(?:it|this|that)\s+(?:was|is)\s+(?:[\w-]+\s+){0,2}?" + words, re.I)


@cache
def _theirs_re() -> re.Pattern[str]:
    standing = vocabulary().standing
    their = word_pattern(standing.their_words)
    verbs = word_pattern(standing.publishing_words)
    return re.compile(their + r"\s+(?:[\w-]+\s+)?" + verbs, re.I)


def _status(
    document: Document,
    status: Status,
    words: str,
    line: int,
    span: tuple[int, int],
    scope: StandingScope,
    values: frozenset[float] | None = None,
) -> Mark:
    line = _line_of(document, words, line, max(span[1], line))
    marked = ResultStatus(status=status, words=words, path=document.path, line=line, scope=scope)
    return Mark(span[0], span[1], marked, values=values)


def _line_of(document: Document, words: str, first: int, last: int) -> int:
    """The line among `first`..`last` where `words` begin, so the place a mark cites is where
    its words stand (verify re-reads them there); `first` when they are not found."""
    wanted = plain(words).lower()
    lines = [document.line(n) or "" for n in range(first, last + 1)]
    for offset in range(len(lines) - 1, -1, -1):
        if wanted in plain(" ".join(lines[offset:])).lower():
            return first + offset
    return first


def _prose(parsed: ParsedDocument) -> Iterator[tuple[Paragraph | ListItem, list[Sentence]]]:
    for block in parsed.blocks:
        if isinstance(block, Paragraph | ListItem):
            yield block, list(sentences(block))


def _code_after(blocks: Sequence[Block], index: int, line: int) -> CodeBlock | None:
    """The code block right after block `index`, when it starts within two lines of `line`."""
    following = blocks[index + 1] if index + 1 < len(blocks) else None
    if isinstance(following, CodeBlock) and following.span.first - line <= 2:
        return following
    return None


def _examples(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Sections headed as examples, and code blocks a sentence introduces as one."""
    for heading in parsed.headings:
        found = _heading_re().search(plain(heading.text).strip(" :"))
        section = parsed.section_at(heading.span.first)
        if found is None or section is None:
            continue
        span = (heading.span.first, section.span.last)
        line = heading.span.first
        yield _status(
            document, Status.ILLUSTRATIVE, found.group(0), line, span, StandingScope.SECTION
        )
    for index, block in enumerate(parsed.blocks):
        if not isinstance(block, Paragraph | ListItem):
            continue
        code = _code_after(parsed.blocks, index, block.span.last)
        last = list(sentences(block))[-1:] if code is not None else []
        lead_in = _example_lead_in(last[0].text) if last else None
        if code is not None and lead_in is not None and not _instance_run(last[0].text):
            span = (code.span.first, code.span.last)
            line = last[0].first
            yield _status(document, Status.ILLUSTRATIVE, lead_in, line, span, StandingScope.SECTION)


_NOUN_OF = re.compile(r"\b([A-Za-z]{6,9})\s+of\b")


def _example_lead_in(text: str) -> str | None:
    """The words that introduce a code block as an example: a lead-in of the vocabulary's,
    or `example of` as its author typed it (`This is an exmaple of the results_<server>.csv
    file`: a letter off or two swapped, Damerau-Levenshtein distance 1, read31-s28)."""
    found = _words_re("example_lead_ins").search(text)
    if found is not None:
        return found.group(0)
    offered = _offered_as_example(text)
    if offered is not None:
        return offered
    for noun in _NOUN_OF.finditer(text):
        if DamerauLevenshtein.distance(noun[1].lower(), "example") <= 1:
            return noun.group(0)
    return None


_WORD_AT = re.compile(r"[^\W_]+")


def _offered_as_example(text: str) -> str | None:
    """The example word of a lead-in whose words offer its block as an example in any order:
    with an output noun four words away at most (`Expected output`, `Output (sample):`), or
    with a hedge to the reader (`sample — your numbers will vary`)."""
    found = _words_re("example_words").search(text)
    if found is None:
        return None
    if _words_re("example_hedges").search(text) is not None:
        return found.group(0)
    words = [word.lower() for word in _WORD_AT.findall(text)]
    outputs = set(vocabulary().standing.example_outputs)
    for example in _words_re("example_words").finditer(text):
        at = len(_WORD_AT.findall(text[: example.start()]))
        if outputs.intersection(words[max(0, at - 4) : at + 5]):
            return example.group(0)
    return None


@cache
def _assistant_turn_re() -> re.Pattern[str]:
    turns = "|".join(re.escape(turn) for turn in vocabulary().standing.assistant_turns)
    # the marker alone on its line, or glued to the prompt it answers (`求解答案。assistant`)
    return re.compile(rf"(?:^|[^\w\s])[ \t]*(?:{turns})[ \t]*$", re.MULTILINE)


def _transcripts(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Code blocks holding a chat transcript's assistant turn: a model's generated text (its
    worked answer's `2x + 4y = 20`), an illustration of its answers, never a result."""
    for block in parsed.blocks:
        if not isinstance(block, CodeBlock):
            continue
        found = _assistant_turn_re().search(block.text)
        if found is None:
            continue
        line = block.first_line + block.text.count("\n", 0, found.start())
        span = (block.span.first, block.span.last)
        words = found.group(0).strip(" \t")
        yield _status(document, Status.ILLUSTRATIVE, words, line, span, StandingScope.SECTION)


def _instance_run(lead_in: str) -> bool:
    """True when a lead-in offers its block as an instance of a claim (`For example, here
    is ...`) and names the machine it ran on (`running on a Apple M4 Max`): a run of the
    subject, shown as evidence, not a tool's output shown for its form. A form example
    (`looks like this:`) stays one whatever it names."""
    lead_ins = _words_re("example_lead_ins").findall(lead_in)
    instances = _words_re("example_instances")
    return all(instances.fullmatch(word) for word in lead_ins) and bool(SYSTEM.search(lead_in))


def _segments(sentence: Sentence) -> list[str]:
    """A sentence's parts between hard line breaks (`✅ Faster loading: 2.8s  ` on a line of
    its own) and before a line opening on a bold label (bhodgens's `**Symptom**: ... ~8s
    wall time` over `**Root cause**: ... our custom setup`): a word speaks for the figures of
    its own part only."""
    return [plain(part) for part in _HARD_BREAK.split(sentence.written) if part.strip()]


def _taken_back(before: str) -> bool:
    """True when the clause before a word takes it back (`not this kit's bug`, `no
    download`): the words of `[standing] negations` since the clause's last break."""
    clause = _CLAUSE_BREAK.split(before)[-1]
    return _words_re("negations").search(clause) is not None


def _inside_quote(before: str) -> bool:
    """True when `before` leaves a quotation open (`would scream "loader bug`): a word
    after it is quoted, not stated."""
    return before.count('"') % 2 == 1 or before.count("“") > before.count("”")


def _failure_values(sentence: Sentence) -> tuple[str, frozenset[float]] | None:
    """The failure words a sentence names outside quotes, and the figures of their part."""
    for part in _segments(sentence):
        found = next(
            (
                match
                for match in _words_re("failure_words").finditer(part)
                if not _inside_quote(part[: match.start()])
                and not _taken_back(part[: match.start()])
            ),
            None,
        )
        values = frozenset(abs(float(v)) for v in cell_values(part))
        if found is not None and values and not _words_re("fix_words").search(part):
            return found.group(0), values
    return None


def _failures(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Sentences that name a failed run or a fault (and the code block they introduce)."""
    for index, block in enumerate(parsed.blocks):
        if not isinstance(block, Paragraph | ListItem):
            continue
        for sentence in sentences(block):
            found = _failure_values(sentence)
            if found is None:
                continue
            (words, values), line = found, sentence.first
            span = (sentence.first, sentence.last)
            scope = StandingScope.SENTENCE
            yield _status(document, Status.FAILURE, words, line, span, scope, values)
            code = _code_after(parsed.blocks, index, block.span.last)
            if code is not None and sentence.text.rstrip().endswith(":"):
                span = (code.span.first, code.span.last)
                yield _status(document, Status.FAILURE, words, line, span, StandingScope.SECTION)


def _corrections(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Readings the author corrects: the figures before `where the real figure was`, and
    those of the sentence before `It was a low outlier`."""
    for _, found in _prose(parsed):
        for index, sentence in enumerate(found):
            corrected = _corrected_re().search(sentence.text)
            if corrected is not None:
                values = frozenset(
                    abs(float(v)) for v in cell_values(sentence.text[: corrected.start()])
                )
                if values:
                    span = (sentence.first, sentence.last)
                    yield _status(
                        document,
                        Status.SUPERSEDED,
                        corrected.group(0),
                        sentence.first,
                        span,
                        StandingScope.SENTENCE,
                        values,
                    )
            mistaken = _mistaken_re().search(sentence.text)
            before = found[index - 1] if index > 0 else None
            if mistaken is not None and before is not None and cell_values(before.text):
                span = (before.first, before.last)
                yield _status(
                    document,
                    Status.SUPERSEDED,
                    mistaken.group(0),
                    sentence.first,
                    span,
                    StandingScope.SENTENCE,
                    frozenset(abs(float(v)) for v in cell_values(before.text)),
                )


def _setup_times(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """The times of sentences that name setting a system up (provisioning, a build)."""
    for _, found in _prose(parsed):
        for sentence in found:
            for part in _segments(sentence):
                setup = _words_re("setup_words").search(part)
                if setup is not None and _taken_back(part[: setup.start()]):
                    continue
                values = {
                    abs(float(value))
                    for match in _TIME.finditer(part)
                    for value in match.groups()
                    if value is not None
                }
                if setup is None or not values:
                    continue
                span = (sentence.first, sentence.last)
                yield _status(
                    document,
                    Status.SETUP,
                    setup.group(0),
                    sentence.first,
                    span,
                    StandingScope.SENTENCE,
                    frozenset(values),
                )


def _predictions(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """The figures a sentence states after a prediction word and before a measured one
    (`Mixtral predicted at 23 TPS, measured at 69 TPS`): an estimate, not a run."""
    for _, found in _prose(parsed):
        for sentence in found:
            for part in _segments(sentence):
                predicted = _words_re("predicted_words").search(part)
                if predicted is None or _taken_back(part[: predicted.start()]):
                    continue
                rest = _PREDICTION_END.split(part[predicted.end() :], maxsplit=1)[0]
                measured = _words_re("measured_words").search(rest)
                stated = rest[: measured.start()] if measured is not None else rest
                stated = _PREDICTION_INPUTS.split(stated, maxsplit=1)[0]
                values = frozenset(abs(float(v)) for v in cell_values(stated))
                if values:
                    span = (sentence.first, sentence.last)
                    words, line, scope = predicted.group(0), sentence.first, StandingScope.SENTENCE
                    yield _status(document, Status.ESTIMATED, words, line, span, scope, values)


_SHARE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:[×%]|x(?![\w]))")
"""A ratio or a share as a piece of advice writes one (`2×`, `2x`, `3%`)."""
_OPENING = re.compile(r"^[\W_]*")
_OBJECT = re.compile(r"^\s*(?:[~≈]\s*)?(?:[\w-]+\s+){0,2}?[~≈]?$")
"""What stands between an advice verb and its quantity: at most two words (`about`, `at
least`), no colon (`Use case: ... 25× lower cost` is a noun's label)."""
_GENERIC = re.compile(r"^(?:A|An)\s+[~≈]?\d")
"""A sentence that opens on an indefinite quantity (`A 2× reduction in traffic beats ...`):
a general statement, not a reading."""
_A_READING = re.compile(r"\b(?:we|I|our|my|was|were|got|saw|measured|observed)\b", re.I)
"""Words of a reading (`we measured`, `was`): a sentence with them reports, it does not advise."""


@cache
def _advice_re() -> re.Pattern[str]:
    return re.compile(word_pattern(vocabulary().standing.advice_verbs), re.I)


def _advice_values(text: str, advised: bool) -> tuple[str, frozenset[float]] | None:
    """The words and the quantities of a sentence that is advice: one that opens with an
    imperative verb whose object is a ratio or share (`Use 2× the memory`, `Expect about 2×
    the load time`), or, in a list item or paragraph that opens with such a verb (`advised`),
    a general statement on an indefinite quantity (`**Reduce what crosses the wire at all**
    ... A 2× reduction in traffic beats a 3% link gain`) that reports no reading."""
    shares = list(_SHARE.finditer(text))
    if not shares:
        return None
    values = frozenset(float(m.group(1)) for m in shares)
    verb = _opens_advice(text)
    if verb is not None and _OBJECT.match(text[verb.end() : shares[0].start()]):
        return verb.group(0), values
    opening = _OPENING.match(text)
    at = opening.end() if opening is not None else 0
    if advised and _GENERIC.match(text, at) and not _A_READING.search(text):
        return text[at : shares[0].end()], values
    return None


def _opens_advice(text: str) -> re.Match[str] | None:
    """The imperative verb of advice a text opens with (`Use`, `**Reduce**`), if any."""
    opening = _OPENING.match(text)
    return _advice_re().match(text, opening.end() if opening is not None else 0)


def _advice(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """The ratios and shares of advice (`_advice_values`), sentence by sentence."""
    for block, found in _prose(parsed):
        advised = _opens_advice(plain(block.text)) is not None
        for sentence in found:
            advice = _advice_values(sentence.text, advised)
            if advice is None:
                continue
            words, values = advice
            span = (sentence.first, sentence.last)
            scope = StandingScope.SENTENCE
            yield _status(document, Status.ADVICE, words, sentence.first, span, scope, values)


def _party_above(document: Document, parsed: ParsedDocument, line: int) -> str:
    """The party the nearest heading (`MiaAI-Lab's recipe`) or repository link
    (`[MiaAI-Lab/...](...)`) above `line` names, within its top section."""
    holding = [
        section
        for section in parsed.sections
        if section.level >= 2 and section.span.first <= line <= section.span.last
    ]
    first = min(holding, key=lambda section: section.level).span.first if holding else 1
    for number in range(line, first - 1, -1):
        text = document.line(number) or ""
        for pattern in (_REPOSITORY_LINK, _POSSESSIVE):
            for found in pattern.finditer(text):
                who = named_party(found.group(1))
                if who is not None:
                    return who
    return UNNAMED_PARTY


def _theirs(document: Document, parsed: ParsedDocument) -> Iterator[Mark]:
    """Sentences whose figures are someone else's published ones (`Their published
    throughput ...`)."""
    for _, found in _prose(parsed):
        for sentence in found:
            theirs = _theirs_re().search(sentence.text)
            if theirs is None or not cell_values(sentence.text[theirs.end() :]):
                continue
            who = _party_above(document, parsed, sentence.first)
            words = theirs.group(0)
            marked = Attribution(
                who=who,
                kind=AttributionKind.VENDOR,
                words=words,
                path=document.path,
                line=_line_of(document, words, sentence.first, sentence.last),
                scope=StandingScope.SENTENCE,
            )
            yield Mark(sentence.first, sentence.last, marked)


def role_marks(document: Document) -> tuple[list[Mark], list[Mark]]:
    """The status marks (examples, failures, corrected readings, setup times) and the
    attribution marks (someone else's published figures) a document's own words state."""
    parsed = parse_document(document)
    statuses = [
        *_examples(document, parsed),
        *_transcripts(document, parsed),
        *_failures(document, parsed),
        *_corrections(document, parsed),
        *_setup_times(document, parsed),
        *_predictions(document, parsed),
        *_advice(document, parsed),
    ]
    return statuses, list(_theirs(document, parsed))


__all__ = ["UNNAMED_PARTY", "role_marks"]
