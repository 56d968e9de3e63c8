"""The words that tell apart figures whose labels read alike when no condition, cell or
heading does: the words the source writes right after each value (`thinking-on`), right before
it (`succeeded through 140 objects and failed at 160`), and last the documents they stand in
(two reports' `## Summary`); and the clause of a long heading that is a figure's own
(`own_clause`). Used by `labels.told_apart`."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import PurePosixPath

from pydantic import JsonValue

from draftflow.extract.candidates import SourceFormat
from draftflow.extract.classify import Selected
from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.identities import number_spans, written_texts
from draftflow.record.label import Label, LabelPart

_BESIDE_END = re.compile(r"[·;,(\[|<…]|\s[—–-]\s|(?<![\w@])\d")
"""Where the words beside a value end: a separator, or the next number (another value)."""
_NEXT_CLAUSE = re.compile(
    r"\s(?:and|but|or|while|whereas|because|then|so|than|vs\.?|versus|before|after)\b", re.I
)
"""Where the words after a value turn to another figure (`140 objects and failed at 160`)."""
_BEFORE_START = re.compile(
    r".*(?:[·;,(\[|<…:]|\s[—–-]\s|\d(?![\w.])|\b(?:and|but|or|while|whereas|because|then|so)\b)",
    re.I | re.S,
)
_EMPHASIS = re.compile(r"[*`]+|\[([^\]]*)\]\([^)]*\)")
"""Emphasis, code marks and a link's target, but not a name's underscores (`Q4_K_M`)."""
_MAX_WORDS_BEFORE = 3
_RANGE_END = re.compile(r"\s*(?:[-–—~]|to\s)\s*\d")
MARKUP = re.compile(r"[*`]+|(?<!\w)_+|_+(?!\w)|\[([^\]]*)\]\([^)]*\)")
"""Emphasis, code marks and a link's target: what a label leaves out of the words it takes;
an underscore inside a word is the word's (`report-mistral_small3_2_latest.txt`)."""
_LEADING_UNIT = re.compile(
    r"^[^\w]*(?:%|[a-zµ/]{1,8}/s|ms|s|GB|GiB|MB|tok/s|x|×)?(?![\w])\s*", re.I
)
_LETTER = re.compile(r"[A-Za-z]")
_MAX_BESIDE = 40


def by_words_beside(
    group: list[tuple[Selected, Label, Mapping[str, JsonValue]]],
) -> list[tuple[int, LabelPart]]:
    """The words the source writes right after each value of one line (`82.1 % pass@1
    thinking-on · 80.4 % thinking-off`), when they differ."""
    words = [_beside(item) for item, _, _ in group]
    if len(set(words)) < 2:
        return []
    return [(index, LabelPart(text, role="place")) for index, text in enumerate(words) if text]


def by_words_before(
    group: list[tuple[Selected, Label, Mapping[str, JsonValue]]],
) -> list[tuple[int, LabelPart]]:
    """The words the source writes right before each value of one sentence (`succeeded
    through 140 objects and failed at 160`), when they differ: the figure's own verb, never
    the words of the figure after it."""
    words = [_words_before(item) for item, _, _ in group]
    if len(set(words)) < 2:
        return []
    return [(index, LabelPart(text, role="place")) for index, text in enumerate(words) if text]


def _words_before(item: Selected) -> str:
    """Up to three words before the figure's value, back to a separator, a number or a
    conjunction."""
    for plain, value_start, _end in _value_places(item, _EMPHASIS):
        before = plain[:value_start]
        phrase = _phrase_ending(before)
        if not _LETTER.search(phrase) and before.rstrip(" ~≈").endswith(":"):
            # `✅ o3-mini: 233.20 tokens/sec`: the name its line gives it before the colon
            lead = before.rstrip(" ~≈")[:-1]
            start = _NAME_START.match(lead)
            words = lead[start.end() :].split() if start else lead.split()
            phrase = " ".join(words[-_MAX_WORDS_BEFORE:]).strip(_MARKS)
        if len(phrase) <= _MAX_BESIDE and _LETTER.search(phrase):
            return phrase
    return ""


_MARKS = " ~≈*_`✅❌⚠️✔✖✗✓☑•-"
_NAME_START = re.compile(r".*(?:[·;,(\[|<…:]|\s[—–-]\s)", re.S)
"""Where a name written before its colon starts (its digits are its own: `o3-mini`)."""


def _phrase_ending(before: str) -> str:
    """Up to three words at the end of `before`, back to a separator."""
    start = _BEFORE_START.match(before)
    words = before[start.end() :].split() if start else before.split()
    return " ".join(words[-_MAX_WORDS_BEFORE:]).strip(" ~≈*_`")


def by_document(
    group: list[tuple[Selected, Label, Mapping[str, JsonValue]]],
) -> list[tuple[int, LabelPart]]:
    """The documents the figures stand in, where nothing nearer tells them apart: two
    reports' `## Summary` sentences (`Round-24-Report`, `Round-25-Report`) are not one
    figure's two readings. The file's name without its folder and extension, where the
    names differ (a path's folders may spell a configuration no document states)."""
    paths = [item.candidate.path for item, _, _ in group]
    if len(set(paths)) < 2:
        return []
    stems = [PurePosixPath(path).stem for path in paths]
    if len(set(stems)) < len(set(paths)) or any(
        len(stem) > _MAX_STEM or _names_configuration(stem) for stem in stems
    ):
        # `README` twice: a folder's name is no word its documents state; a file's name that
        # spells a precision, an engine or a system would be a claim no document states
        # (`..._float16_mem0.8_...`), and a long one is a run's id, no name a reader reads
        return []
    return [(index, LabelPart(stem, role="place")) for index, stem in enumerate(stems)]


_MAX_STEM = 32
"""The longest file name (without its extension) that tells apart two documents' figures."""


def _names_configuration(stem: str) -> bool:
    """Whether a file's name spells a weight precision, an engine or a system."""
    text = re.sub(r"[_.]+", " ", stem)
    return bool(
        vocab.PRECISION.search(text) or vocab.engines_named(text) or vocab.systems_named(text)
    )


def _beside(item: Selected) -> str:
    """The words after the figure's value in its cell or line, up to the next separator."""
    for plain, _start, end in _value_places(item, MARKUP):
        after = plain[end:]
        if _RANGE_END.match(after):
            return ""  # the value is one end of a range (`3-4x`): the range names it
        cut = _BESIDE_END.search(after)
        after = after[: cut.start()] if cut else after
        turn = _NEXT_CLAUSE.search(after)
        words = " ".join(_LEADING_UNIT.sub("", after[: turn.start()] if turn else after).split())
        if len(words) <= _MAX_BESIDE and _LETTER.search(words):
            return words
    return ""


_COMPARED_SETTING = re.compile(
    r"\b(?P<name>[A-Za-z][\w-]{0,20})\s*=\s*(?P<a>[\w.]+)\s*(?:→|->|=>|to|vs\.?|versus)\s*"
    r"(?P=name)\s*=\s*(?P<b>[\w.]+)",
    re.I,
)
_MACHINE_SETTING = re.compile(
    r"^(?:tp|pp|dp|ep|tensor[\w-]*|pipeline[\w-]*|gpus?|nodes?|cards?|devices?|ranks?|world[\w-]*)$",
    re.I,
)


def compared_setting(text: str) -> str | None:
    """The one setting a text compares two values of (`TP=1 → TP=2`), as written: what a ratio
    or a change between them measures, and a setting of neither arm."""
    found = _compared(text)
    return " ".join(found.group(0).split()) if found else None


def compares_machines(text: str) -> bool:
    """Whether the setting a text compares counts machines or their parallel ranks (`TP=1 →
    TP=2`): a machine count the figure's context states is then one arm's, not the figure's."""
    found = _compared(text)
    return bool(found and _MACHINE_SETTING.match(found.group("name")))


def _compared(text: str) -> re.Match[str] | None:
    return _COMPARED_SETTING.search(MARKUP.sub(r"\1", text))


_CLAUSE_END = re.compile(r"[.;!?](?:\s|$)|\n")


def words_after_value(item: Selected) -> str:
    """The words after the figure's value to the end of its clause, in its sentence (a prose
    figure's place ends with it: `Abstract › vLLM decodes 1.4x faster than llama.cpp`) or
    its cell (`1.3x over llama.cpp`): what a ratio written there is taken over."""
    candidate = item.candidate
    if candidate.format is SourceFormat.PROSE:
        texts: Iterable[str] = (MARKUP.sub(r"\1", (candidate.column or "").rsplit("›", 1)[-1]),)
    else:
        texts = (plain for plain, _, _ in _value_places(item, MARKUP))
    for plain in texts:
        spans = number_spans(plain, float(item.value))
        if spans:
            after = plain[spans[0][1] :]
            cut = _CLAUSE_END.search(after)
            return after[: cut.start()] if cut else after
    return ""


def _value_places(item: Selected, markup: re.Pattern[str]) -> Iterator[tuple[str, int, int]]:
    """Each text the figure is written in, without `markup`, with where its value first
    stands there (texts that do not write it are passed over)."""
    for text in written_texts(item.candidate):
        plain = markup.sub(r"\1", text)
        spans = number_spans(plain, float(item.value))
        if spans:
            yield plain, spans[0][0], spans[0][1]


_SECTION_NUMBER = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?|[A-Z]\.\d+(?:\.\d+)*)\s+")


def own_clause(text: str, others: list[str], limit: int) -> str:
    """The clause of a heading too long for a label that no other figure's heading at that
    level has, one that states a setting first: `PTL iGPU (DDR5-7200)` of `6.2 Summary
    Table — PTL iGPU (DDR5-7200) — Bandwidth Validation` beside `6.3 Summary Table — Lunar
    Lake iGPU (GenAI Backend)`. Clauses split at a dash outside parentheses, section
    numbers aside."""
    return own_clauses([text], others, limit)[0]


def own_clauses(texts: list[str], others: list[str], limit: int) -> list[str]:
    """`own_clause` of each of `texts` against the same `others`, in time linear in their
    clauses: each distinct heading is split once, and a clause is another heading's when
    some distinct heading other than the text's own has it."""
    clause_sets = {other: _clause_keys(other) for other in dict.fromkeys(others)}
    holders: Counter[str] = Counter(key for keys in clause_sets.values() for key in keys)
    found: dict[str, str] = {}
    for text in texts:
        if text not in found:
            found[text] = _own_clause(text, holders, clause_sets.get(text, frozenset()), limit)
    return [found[text] for text in texts]


def _clause_keys(text: str) -> frozenset[str]:
    return frozenset(
        _SECTION_NUMBER.sub("", clause).lower() for clause in _top_clauses(_plain_text(text))
    )


def _own_clause(text: str, holders: Counter[str], mine: frozenset[str], limit: int) -> str:
    """The text's own clause where `holders` counts the distinct headings holding each clause
    key, the text's own (`mine`) among them."""
    own = [
        plain
        for clause in _top_clauses(_plain_text(text))
        if (plain := _SECTION_NUMBER.sub("", clause).strip(" :.—-"))
        and holders[key := plain.lower()] <= (key in mine)
        and len(plain) <= limit
        and not _CONTINUATION.match(plain)
    ]
    # a clause that states a setting (`PTL iGPU (DDR5-7200)`) before a generic one
    # (`Summary Table`)
    return next((c for c in own if _SETTING_WORDS.search(c)), own[0] if own else "")


_SETTING_WORDS = re.compile(r"[(\d]")


def _plain_text(text: str) -> str:
    return " ".join(MARKUP.sub(r"\1", HTML_TAG.sub("", text)).split())


HTML_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
"""An HTML tag in a heading (`<a name="jumbo-mtu"></a>`): an anchor, no words of the label."""
_CONTINUATION = re.compile(r"^(?:and|or|but|because|which|so|then|with|why|how)\b")
"""A clause that continues the one before it (`and how to tell that from two cabled ports`):
no name of a figure on its own (epappas's label read that way, read33-s21)."""


def _top_clauses(text: str) -> list[str]:
    """A heading's clauses split at ` — `, ` – ` or ` - ` outside parentheses."""
    clauses, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += (char in "([") - (char in ")]")
        dash = (
            char in "—–-" and text[index - 1 : index] == " " and text[index + 1 : index + 2] == " "
        )
        if dash and depth == 0:
            clauses.append(text[start:index].strip())
            start = index + 1
    clauses.append(text[start:].strip())
    return [clause for clause in clauses if clause]
