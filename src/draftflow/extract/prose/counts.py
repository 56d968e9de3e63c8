"""Counts in prose: what a number without a unit counts, and out of how many.

A count of outcomes (`0 errors`, `847 times`, `two retry storms`); the size of what a run
achieved, a plural noun a verb of outcome governs (`succeeded through 140 objects`); a number a
metric phrase names just before it (`cosine similarity around 0.991`); and in sentences that
score, the denominator of `x of y`, `x/y` (`29 / 30`) and `All five … passed` (a quantifier over
a counted set, `none of the four`, reaches here as one `x of y` mention, `numbers/quantifiers.py`).
Workload inputs (`four requests with a 4.3K prompt`), names (`Gemma 4`) and fractional values
are not counts.
"""

from __future__ import annotations

import re

from draftflow.extract.conditions.measurement import RUN_VERB_BEFORE
from draftflow.extract.prose.blocks import span_at
from draftflow.extract.prose.units import SETTING_AFTER, SETTING_WORDS, metric_before
from draftflow.extract.vocabulary import OUTCOME_NOUNS
from draftflow.numbers import NumberKind, NumberMention

_OUTCOME_RES = tuple((name, re.compile(rf"^(?:{pattern})$")) for name, pattern in OUTCOME_NOUNS)

_OF = re.compile(r"^\s*(?:out\s+)?of\s+(?:the\s+)?$", re.IGNORECASE)
_OVER = re.compile(r"^[\s*_]*/[\s*_]*$")
"""`29 / 30`, `**97** / 100`: a score written over its whole with blanks or emphasis."""
_LIST_AFTER = re.compile(r"^[\s*_]*/")
_ALL = re.compile(r"\ball\s*$", re.IGNORECASE)
_SCORE_WORDS = re.compile(
    r"\b(?:pass(?:es|ed|ing)?|fail(?:s|ed|ing)?|correct(?:ly)?|solved|succeed(?:ed|s)?|"
    r"success(?:ful)?|returned|found|match(?:ed|es)?|score[sd]?|points|right|valid|ok)\b",
    re.IGNORECASE,
)
# Its lower-case twin for lower-cased ASCII sentences (no IGNORECASE: twice as fast).
_SCORE_WORDS_LOWER = re.compile(_SCORE_WORDS.pattern)
_SCORED_AFTER = re.compile(
    r"^\s*(?:[\w/-]+\s+){0,3}(?:returned|passed|succeeded|completed|worked|matched|"
    r"were correct|were valid|failed)\b",
    re.IGNORECASE,
)
_OUTCOME_ADJECTIVE = re.compile(
    r"^(?:successful|failed|failing|passing|passed|broken|invalid|empty|blank|runaway|"
    r"dropped|rejected|correct|wrong|incorrect)$",
    re.IGNORECASE,
)
_OUTCOME_VERB_BEFORE = re.compile(
    r"\b(?:succeeded|passed|failed|completed|finished|processed|solved|resolved|handled|"
    r"compiled|scaled|produced|generated|created|migrated|converted|validated|accepted|"
    r"rejected|recovered|spawned|triggered|emitted|accumulated|logged|recorded)"
    r"(?:\s+(?:through|at|on|with|for|across|over))?\s*$",
    re.IGNORECASE,
)
_WORKLOAD_WITH = re.compile(
    r"\b(?:requests?|prompts?|runs?|trials?|iterations?|samples?|tasks?|questions?|jobs?)"
    r"\s+with\b[^,;:]*$",
    re.IGNORECASE,
)
SUBSET_GAP = re.compile(r"^\s*,?\s*(?:including|of which|of them|of these)\s+$", re.IGNORECASE)
CHANGE_GAP = re.compile(r"^\s*(?:[A-Za-z][\w/-]*\s+){1,3}to\s+$")
PLURAL_NOUN = re.compile(r"^[a-z]{2,}[^s\W]s$|^[a-z]+ies$")
_WORKLOAD_NOUN = re.compile(r"^(?:user|input|prompt|system|test|sample|warm-?up)$", re.IGNORECASE)
_PHRASE_STOP = re.compile(
    r"^(?:and|or|but|with|in|of|to|for|from|by|at|on|before|after|over|under|during|while|"
    r"including|between|per|than|as|is|was|were|are|be|been|the|a|an|that|which|this|it|its|"
    r"against|across|into|onto|through|via|without|within|versus|vs|when|where|because|since|"
    r"until|compared|relative|respectively|so|then|now|only|also|still|both|each|overall)$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\s,.;:()\[\]\"]+")

_CAPITALISED_NAME = re.compile(
    r"(?:^|\s)(?!(?:The|A|An|All|Only|Both|Each|Every|With|At|In|On|For|About|Around|And|"
    r"But|Then|Over|Under|Just|Roughly|Approximately|Nearly|Some|Its|Their|This|These|Those|"
    r"After|Before|Of|To|By|From|Total|Another|Also)\s)[A-Z][\w.+-]*\s$"
)

_PHRASE_BREAK = re.compile(r"[,.;:()\[\]\"]")
_WORD_AFTER = re.compile(r"[^\w\n.;:!?,]*([A-Za-z]+)")


def phrase_after(text: str, start: int, limit: int = 5) -> list[str]:
    """The words of the noun phrase after `start`, up to a preposition or punctuation."""
    words: list[str] = []
    window = text[start : start + 120]
    previous_end = 0
    for match in _WORD.finditer(window):
        if _PHRASE_BREAK.search(window, previous_end, match.start()):
            break
        previous_end = match.end()
        word = match.group().strip("`'’")
        if not word or _PHRASE_STOP.match(word) or len(words) >= limit:
            break
        words.append(word)
    return words


def outcome_of(words: list[str]) -> tuple[str, str] | None:
    """(metric, unit) when the phrase after a number counts outcomes (`0 errors`)."""
    if not words or _WORKLOAD_NOUN.match(words[0]):
        return None
    adjective = False
    for position, word in enumerate(words):
        noun = word.lower()
        if "/" in noun and position < len(words) - 1:
            continue  # `retry/message storms`: the compound qualifies the noun after it
        for name, regex in _OUTCOME_RES:
            if regex.match(noun) and not _modifies_next(words, position):
                return name, " ".join(words[: position + 1])
        if adjective and noun.endswith("s") and noun.isalpha():
            return "count", " ".join(words[: position + 1])
        adjective = adjective or bool(_OUTCOME_ADJECTIVE.match(word))
    return None


def _modifies_next(words: list[str], position: int) -> bool:
    """Whether a singular outcome noun qualifies the plural noun after it (`two failure
    exits`, `3 error messages`, hybridgroup/yzma's exit codes): the number counts those."""
    following = words[position + 1] if position + 1 < len(words) else ""
    return (
        not words[position].lower().endswith("s")
        and PLURAL_NOUN.match(following.lower()) is not None
    )


def _counted_outcome(before: str, words: list[str]) -> tuple[str, str] | None:
    """("count", the counted noun) when a verb of outcome governs the number and a plural
    noun follows it (`succeeded through 140 objects`, `failed at 160 objects`, `produced 30
    accepted objects`): the size of what a run achieved. Workload nouns (requests, prompts,
    runs) and settings are inputs, not outcomes."""
    if not words or not _OUTCOME_VERB_BEFORE.search(before[-40:]):
        return None
    for position, word in enumerate(words[:2]):
        if SETTING_AFTER.match(word) or _WORKLOAD_NOUN.match(word) or not word.isalpha():
            return None
        if PLURAL_NOUN.match(word):
            return "count", " ".join(words[: position + 1])
    return None


def unitless_figure(
    text: str, mention: NumberMention, before: str, word: bool, lead_in: str | None
) -> tuple[str, str] | None:
    """A number with no unit: a count of outcomes (`0 errors`), or a figure a metric phrase
    names just before it (`cosine similarity around 0.991`). The metric phrase, the costly
    test, is looked for last."""
    if not word and _CAPITALISED_NAME.search(text[max(0, mention.start - 40) : mention.start]):
        return None  # `Gemma 4`, `Round 3`, `SGLang 26.05`: part of a name
    phrase = phrase_after(text, mention.end)
    outcome = outcome_of(phrase) or _counted_outcome(before, phrase)
    if outcome is not None:
        if _WORKLOAD_WITH.search(before):
            return None  # `four requests with a 4.3K prompt and one repair`: the workload
        if outcome[1].lower() == "times" and RUN_VERB_BEFORE.search(before):
            return None  # `I ran the script 5 times`: how often it was run, a setting
        whole = all(float(value).is_integer() for value in mention.values)
        return outcome if whole else None  # `vLLM 0.19's fixes`: a count is whole
    lead = lead_in or ""
    if word or SETTING_WORDS.search(f"{lead} {before[-40:]}"):
        return None
    following = _WORD_AFTER.match(text[mention.end : mention.end + 30])
    if following and not _PHRASE_STOP.match(following.group(1)):
        return None  # `accuracy on 50 questions`: a count of something else
    named = metric_before(before, lead_in)
    return (named, "") if named is not None else None


_HTTP_CODE = re.compile(r"^[45]\d\d$")
_HTTP_BEFORE = re.compile(
    r"(?:\b(?:https?|status(?:\s+code)?|error\s+code)\s*:?\s*"
    r"|\b(?:fail|fails|failed|failing|errors?|errored|dies|died|aborts?|aborted|exits?|exited"
    r"|responds?|responded|responding)\s+with\s+(?:an?\s+|the\s+)?[`*_]*)$",
    re.IGNORECASE,
)
_HTTP_AFTER = re.compile(
    r"^[`*_]*\s*(?:errors?\s+codes?|error(?!s)|status|unauthori[sz]ed|forbidden|not found"
    r"|too many requests|internal server error|bad gateway|service unavailable)\b",
    re.IGNORECASE,
)


_ERRORS_AFTER = re.compile(r"^[`*_]*\s*errors?\b", re.IGNORECASE)
_PLURAL_CODE = re.compile(r"[45]\d\ds\b")
_PLURAL_CODE_BEFORE = re.compile(
    r"\b(?:requests?|calls?|returns?|returned|returning|got|gets|getting|throws?|threw"
    r"|gives?|gave)\s+$",
    re.IGNORECASE,
)
"""A request's word right before a status code in the plural (`every subsequent request
500s`, `the API returned 503s`): the server's answers, not seconds."""


def is_http_status(text: str, mention: NumberMention) -> bool:
    """`fails with 401/403`, `HTTP 503`, `a 429 error`, `for 404/401 errors`: HTTP error codes
    (4xx, 5xx), whole numbers that `fails with`, `HTTP` or `status` introduces, a lone `error`
    follows, or listed together before `errors`, or written in the plural after a request's
    word (`every request 500s`); never a score (`401 (of 403)`) or any other figure (`500
    errors` is a count, `took 500s` a time)."""
    if not mention.values:
        return False
    if not all(_HTTP_CODE.match(f"{value:g}") for value in mention.values):
        return False
    before = text[max(0, mention.start - 40) : mention.start]
    if mention.unit is not None:  # `request 500s`: the codes in the plural, read as seconds
        plural = _PLURAL_CODE.match(text, mention.start) is not None
        return plural and _PLURAL_CODE_BEFORE.search(before) is not None
    after = text[mention.end : mention.end + 20]
    listed = len(mention.values) > 1 and _ERRORS_AFTER.match(after) is not None
    return bool(listed or _HTTP_BEFORE.search(before) or _HTTP_AFTER.match(after))


def score_denominators(
    text: str, mentions: list[NumberMention], sentences: list[tuple[int, int]]
) -> dict[int, float]:
    """`3 of 4`, `All five`: the numerator's index → its denominator (score sentences only)."""
    denominators: dict[int, float] = {}
    scored: dict[tuple[int, int], bool] = {}
    for i, mention in enumerate(mentions):
        sentence = span_at(sentences, mention.start)
        if sentence not in scored:
            scored[sentence] = _scores(text[slice(*sentence)])
        if not scored[sentence] or not mention.values or is_http_status(text, mention):
            continue
        following = mentions[i + 1] if i + 1 < len(mentions) else None
        if mention.kind is NumberKind.FRACTION and len(mention.values) == 2:
            denominators[i] = mention.values[1]
        elif following and following.values and _over_whole(text, mention, following):
            denominators[i] = following.values[0]
        elif _ALL.search(text[max(0, mention.start - 5) : mention.start]) and _SCORED_AFTER.match(
            text[mention.end : mention.end + 80]
        ):
            denominators[i] = mention.values[0]
    return denominators


def _over_whole(text: str, mention: NumberMention, following: NumberMention) -> bool:
    """`3 of 4`; `29 / 30`: a whole number over a larger or equal one, not a member of a list of
    three (`precedence 2/3/4`)."""
    if _OF.match(text[mention.end : following.start]):
        return True
    if not _OVER.match(text[mention.end : following.start]):
        return False
    if _LIST_AFTER.match(text[following.end : following.end + 4]):
        return False
    if text[max(0, mention.start - 4) : mention.start].rstrip(" *_").endswith("/"):
        return False
    numerator, whole = mention.values[0], following.values[0]
    return float(numerator).is_integer() and float(whole).is_integer() and numerator <= whole


def _scores(sentence: str) -> bool:
    """The sentence has a word of scoring (`passed`, `correct`, `OK`), in any case."""
    if sentence.isascii():
        return _SCORE_WORDS_LOWER.search(sentence.lower()) is not None
    return _SCORE_WORDS.search(sentence) is not None
