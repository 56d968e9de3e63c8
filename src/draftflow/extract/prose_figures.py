"""Which numbers of a prose block are reported figures, and what each one is.

A figure is a number with a unit right after it (`48 tok/s`, `0.187 seconds`, `1.78x`,
`17.17 GiB`), a count of outcomes (`0 errors`, `847 times`, `two retry storms`), or a number
a metric phrase introduces in the same clause (`cosine similarity around 0.991`,
`Load average was 0.67 / 0.51 / 0.38`). Lists share the unit written after their last member
(`56.73, 56.81 and 57.10 tok/s`); ranges (`48-54 tok/s`, `between 15.45 and 16.36 tokens
per second`) give both ends; `x of y` and `x/y` keep the denominator.

What is not a figure (`../shared/devgold/POLICY.md`, "Out"): settings and workload inputs
(token budgets, context, concurrency, timeouts, `key=value` and flags in code), bounds in
words (`below 2`, `at least`), thresholds and targets, hardware and model sizes (`128 GB
unified memory`, `48 GiB of safetensors`, `1.5B`), arithmetic and hypotheticals, retracted
claims, numbers inside quotes or code that says more than the number, versions, dates, ids,
issue numbers and model names (`Gemma 4`, `Round 3`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from draftflow.extract.numeric import as_number
from draftflow.extract.prose_blocks import ProseBlock
from draftflow.extract.vocabulary import (
    METRICS,
    OUTCOME_NOUNS,
    PROSE_FALLBACK_METRICS,
    PROSE_METRICS,
    STATISTICS,
    metric_by_unit,
)
from draftflow.numbers import NumberKind, NumberMention, find_numbers
from draftflow.numbers.quantifiers import with_quantified
from draftflow.numbers.units import canonical_unit, unit_after
from draftflow.sentences import clause_spans, sentence_spans

MAX_LABEL = 200
_METRIC_REACH = 60
_SETTING_REACH = 60
"""How far before a number a setting, bound or approximation word may stand (characters)."""
"""How far before a number a metric phrase may stand (characters)."""

_METRIC_RES = tuple(
    (name, re.compile(pattern))
    for name, pattern in (*PROSE_METRICS, *METRICS, *PROSE_FALLBACK_METRICS)
)
_ANY_METRIC = re.compile("|".join(f"(?:{pattern.pattern})" for _, pattern in _METRIC_RES))
_OUTCOME_RES = tuple((name, re.compile(rf"^(?:{pattern})$")) for name, pattern in OUTCOME_NOUNS)

_APPROXIMATE = re.compile(
    r"(?:~|≈|\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|near|circa|some|"
    r"ca\.))\s*$",
    re.IGNORECASE,
)
_BOUND = re.compile(
    r"(?:\b(?:below|under|above|over|more than|less than|fewer than|greater than|at least|"
    r"at most|up to|no more than|exceed(?:s|ed|ing)?(?: by)?|beyond|within(?:\s+(?:the|a|an))?)"
    r"|[<>≤≥]=?)\s*$",
    re.IGNORECASE,
)
_SETTING_BEFORE = re.compile(
    r"(?:=|:=|--[\w-]+\s*|\b(?:set(?:s|ting)? (?:to|at)|default(?:s to)?|"
    r"(?:do not |don't )?use|(?:run|ran|launched|started|configured|"
    r"restarted|served|tested|benchmarked) with|using|limit(?:ed)? (?:to|of)|"
    r"budget of|capped at|max(?:imum)? of|target(?:s|ed)?(?: of)?|threshold(?: of)?|goal(?: of)?|"
    r"floor(?: of)?|gate(?: of)?|requires?|required|expect(?:s|ed)?|should|must|needs?|"
    r"context(?: of)?|ctx|concurrency(?: of)?|batch(?: size)?(?: of)?|c|n|temperature(?: of)?|"
    r"top_?[pk]|seed|runs?|trials?|iterations?|timeout(?: of)?|interval(?: of)?|every|restart "
    r"with|version|v|build|issue|pr|round|phase|stage|step|part|chapter|section|figure|table|"
    r"page|line|port|pid|id|gpu|node|rank|layer|day|week|month|year|ubuntu|python|cuda|test|case|"
    r"item|option|tier|level|lane|slot|part|poisson|arrival|burst(?:iness)?|#))\s*$",
    re.IGNORECASE,
)
_SETTING_AFTER = re.compile(
    r"^[\s-]*(?:[\w/.-]+\s+){0,2}?(?:limit|budget|cap|ceiling|floor|target|threshold|gate|goal|"
    r"timeout|context(?!\s+(?:error|overflow))|window size|max|maximum|request|prompt|run|trial|"
    r"iteration|sample|question|task|user|stream|parallel|concurrent|batch|layer|expert|param|"
    r"parameter|weight|checkpoint|safetensor|model|file|download|disk|storage|ssd|nvme|unified|"
    r"lpddr\w*|hbm\w*|ram|vram|bandwidth|bus|sequence|input|output token|prompt token|"
    r"completion token)s?\b",
    re.IGNORECASE,
)
_COMPARATIVE = re.compile(
    r"^\s*(?:faster|slower|more|less|fewer|higher|lower|larger|smaller|better|worse|speed|"
    r"improvement|the|as|over|vs|versus|than|compared|relative|of)\b",
    re.IGNORECASE,
)
_SETTING_WORDS = re.compile(
    r"(?<![a-z])(?:fraction|utili[sz]ation|util|budget|limit|target|threshold|timeout|interval|"
    r"concurrency|context|batch|temperature|top.?[pk]|seed|max.?tokens|flags?|settings?|"
    r"default|fixed|prompts?)(?![a-z])",
    re.IGNORECASE,
)
_MEASURED = re.compile(
    r"\b(?:used|uses|took|takes|remain(?:ed|ing|s)?|available|free|allocated|consum(?:ed|es)|"
    r"peak(?:ed|s)?|reported|showed|shows|in use|left|resident|footprint|occupied|reach(?:ed|es)|"
    r"measured|observed|grew|rose|fell|dropped|averaged|sustain(?:ed|s)|achiev(?:ed|es)|got|"
    r"hit|recorded|logged|produced|returned|scored|scores|finished|completed|ran|runs at|serves?|"
    r"decod(?:ed|es)|generat(?:ed|es|ing)|delivered|allocat(?:ed|es)|creat(?:ed|ing)|loaded|"
    r"wrote|written|writing|produc(?:ed|ing))\b",
    re.IGNORECASE,
)
_SPEC_NOUN = re.compile(
    r"^[\s-]*(?:of\s+)?(?:\w+\s+)?(?:unified|system|total|lpddr\w*|hbm\w*|ram|vram|"
    r"storage|disk|ssd|nvme|weights|checkpoints?|safetensors|model|parameters|download|files?)\b",
    re.IGNORECASE,
)
_NOT_THIS_SENTENCE = re.compile(
    r"\b(?:retract(?:ed|s)?|was wrong|were wrong|incorrect(?:ly)?|erroneous|invalid(?:ated)?|"
    r"disregard|superseded|would|could|might|will|theoretical(?:ly)?|in theory|projected|assuming|"
    r"placeholder|hypothes[ie]s|goal|planned|"
    r"hypothetical|estimate[sd]?|back-of-(?:the-)?envelope|expected to|e\.g\.|for example|"
    r"example:|such as|should|ought to)\b|~~|\?\s*$"
    r"|^[\W\d]*(?:drop|use|set|run|restart|add|try|avoid|enable|disable|keep|pin|make|ensure|"
    r"consider|prefer|increase|decrease|raise|lower|reduce|bump|switch|install|do not|don't|"
    r"never|always|start|stop|pass|export)\b(?![@/])",
    re.IGNORECASE,
)
# The case-blind tests above, compiled again without IGNORECASE for lower-cased ASCII text
# (their words are written in lower case): the regex engine runs them about twice as fast.
_FOLDED = {
    pattern: re.compile(pattern.pattern)
    for pattern in (_NOT_THIS_SENTENCE, _BOUND, _SETTING_BEFORE)
}


def _says(pattern: re.Pattern[str], text: str) -> bool:
    """`pattern.search(text)`, through its lower-case twin when the text is ASCII."""
    if text.isascii():
        return _FOLDED[pattern].search(text.lower()) is not None
    return pattern.search(text) is not None


_ARITHMETIC = re.compile(r"\d\s*(?:[×*+=]|\s/\s)\s*[\d(]|\d\s*x\s+\d")
_LIST_GAP = re.compile(r"^\s*(?:,\s*(?:and|or)?|and|or|/|;|vs\.?|versus|→|->|⇒)\s*$", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s*$|\bfrom\s*$", re.IGNORECASE)
_RANGE_AND = re.compile(r"^\s*(?:and|to)\s*$", re.IGNORECASE)
_OF = re.compile(r"^\s*(?:out\s+)?of\s+(?:the\s+)?$", re.IGNORECASE)
_ALL = re.compile(r"\ball\s*$", re.IGNORECASE)
_SCORE_WORDS = re.compile(
    r"\b(?:pass(?:es|ed|ing)?|fail(?:s|ed|ing)?|correct(?:ly)?|solved|succeed(?:ed|s)?|"
    r"success(?:ful)?|returned|found|match(?:ed|es)?|score[sd]?|right|valid|ok)\b",
    re.IGNORECASE,
)
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
_SUBSET_GAP = re.compile(r"^\s*,?\s*(?:including|of which|of them|of these)\s+$", re.IGNORECASE)
_CHANGE_GAP = re.compile(r"^\s*(?:[A-Za-z][\w/-]*\s+){1,3}to\s+$")
_PLURAL_NOUN = re.compile(r"^[a-z]{2,}[^s\W]s$|^[a-z]+ies$")
_WORKLOAD_NOUN = re.compile(r"^(?:user|input|prompt|system|test|sample|warm-?up)$", re.IGNORECASE)
_PHRASE_STOP = re.compile(
    r"^(?:and|or|but|with|in|of|to|for|from|by|at|on|before|after|over|under|during|while|"
    r"including|between|per|than|as|is|was|were|are|be|been|the|a|an|that|which|this|it|its|"
    r"against|across|into|onto|through|via|without|within|versus|vs|when|where|because|since|"
    r"until|compared|relative|respectively|so|then|now|only|also|still|both|each|overall)$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\s,.;:()\[\]\"]+")
_CONNECTOR = re.compile(
    r"^[\s:=,(]*(?:(?:is|was|were|are|of|at|around|about|roughly|approximately|near|reached|hit|"
    r"scored|scores|averaged|averages|came in at|stayed|remained|went to|to|from|only|just|"
    r"still|then|now|=|:)\s*)*$",
    re.IGNORECASE,
)
_TOKEN_WORD = re.compile(r"[ \t`*_]*tokens?\b", re.IGNORECASE)
_UNIT_GAP = re.compile(r"[ \t*_`]*-?[ \t*_`]*\n?[ \t*_`]*")
_UNIT_WORD = re.compile(r"[^\s,.;:()\[\]*_`]+")
_PER_SECOND = re.compile(r"\s+per\s+s(?:ec(?:ond)?)?\b", re.IGNORECASE)
_WORD_THEN_TOKENS = re.compile(r"[A-Za-z][\w-]*\s+tokens?\b", re.IGNORECASE)
_CAPITALISED_NAME = re.compile(
    r"(?:^|\s)(?!(?:The|A|An|All|Only|Both|Each|Every|With|At|In|On|For|About|Around|And|"
    r"But|Then|Over|Under|Just|Roughly|Approximately|Nearly|Some|Its|Their|This|These|Those|"
    r"After|Before|Of|To|By|From|Total|Another|Also)\s)[A-Z][\w.+-]*\s$"
)
_QUOTED = re.compile(r"\"[^\"\n]{0,200}\"|“[^”\n]{0,200}”")
_SIGN_BEFORE = re.compile(r"[+−-]$")
_HTTP_STATUS = re.compile(r"\bHTTP\s*$", re.IGNORECASE)
_NUMERIC = frozenset(
    {
        NumberKind.QUANTITY,
        NumberKind.PERCENT,
        NumberKind.RANGE,
        NumberKind.FRACTION,
        NumberKind.PLUS_MINUS,
    }
)
_RATE_UNITS = frozenset({"tokens/s", "requests/s"})
_TIME_UNITS = frozenset({"ms", "µs", "s", "min", "h"})
_SIZE_UNITS = frozenset({"GiB", "GB", "MiB", "MB", "TB"})
_RATE_METRICS = frozenset(
    {"prefill_rate", "decode_rate", "aggregate_throughput", "throughput", "request_throughput"}
)
_TIME_METRICS = frozenset(
    {"ttft", "ttfc", "inter_token_latency", "latency", "startup_time", "benchmark_duration"}
)


@dataclass(frozen=True)
class ProseFigure:
    """One reported figure read from a sentence: where it is and what it is."""

    line: int
    start: int
    """Offset of the number in its block's text (its candidate's locator)."""
    raw: str
    value: int | float
    metric: str
    unit: str
    statistic: str
    label: str
    approximate: bool = False
    denominator: int | float | None = None


@dataclass(frozen=True)
class _Reading:
    """One number of a mention, before it is judged."""

    mention: NumberMention
    index: int
    """Which value of the mention (a range's second end is 1)."""
    unit: str | None
    clause: tuple[int, int]
    sentence: tuple[int, int]


def _unit_after(text: str, mention: NumberMention) -> tuple[str | None, int]:
    """The unit written right after a mention (`numbers.units`, the one unit vocabulary) and
    where it ends; (None, the mention's end) if none."""
    if mention.kind is NumberKind.PERCENT or mention.unit == "%":
        return "%", mention.end
    if mention.unit:  # joined to the number by the parser: `11s`, `1.78x`, `600-second`
        return _joined_unit(mention.unit), mention.end
    token = _TOKEN_WORD.match(text, mention.end)
    if token:  # `3,113,713 token KV pool`: the adjective form the vocabulary spells plural
        per_second = _PER_SECOND.match(text, token.end())
        return ("tokens/s", per_second.end()) if per_second else ("tokens", token.end())
    end = mention.end
    gap = _UNIT_GAP.match(text, end)
    start = gap.end() if gap else end
    # the vocabulary reads units after spaces and emphasis; a hyphen or a line break too
    unit = unit_after(text[:end] + " " + text[start:], end)
    if unit is None:
        tokens = _WORD_THEN_TOKENS.match(text, start)
        if tokens:  # `1,557,709 KV tokens`: one word may stand between
            return "tokens", tokens.end()
        return None, end
    written = _UNIT_WORD.match(text, start)
    unit_end = written.end() if written else start
    per_second = _PER_SECOND.match(text, unit_end)
    if unit == "tokens" and per_second:  # `15.79 tokens per second`
        return "tokens/s", per_second.end()
    return unit, unit_end


@lru_cache(maxsize=1024)
def _joined_unit(written: str) -> str | None:
    if written.lower() in ("token", "tokens"):  # `336,566-token KV cache`
        return "tokens"
    return unit_after("0" + written, 1) or canonical_unit(written)


def _words_before(text: str, start: int, limit: int) -> str:
    return " ".join(text[max(0, start - 80) : start].split()[-limit:])


@lru_cache(maxsize=4096)
def _metric_in(text: str, unit: str | None = None) -> str | None:
    """The first metric the words name that fits the unit (any metric when there is none);
    memoised, as every number of a clause asks it of the same clause."""
    lowered = text.lower()
    for name, regex in _METRIC_RES:
        if regex.search(lowered) and (unit is None or _fits(name, unit)):
            return name
    return None


def _fits(metric: str | None, unit: str | None) -> bool:
    if metric is None or unit is None:
        return metric is not None
    if unit in _RATE_UNITS:
        return metric in _RATE_METRICS
    if unit in _TIME_UNITS:
        return metric in _TIME_METRICS
    if unit in _SIZE_UNITS:
        return metric in ("memory", "kv_capacity")
    if unit == "tokens":
        return metric == "kv_capacity"
    return True


def _statistic(before: str, index: int, kind: NumberKind) -> str:
    if kind is NumberKind.RANGE:
        return "range_min" if index == 0 else "range_max"
    lowered = before.lower()
    for pattern, statistic in STATISTICS:
        match = re.search(pattern, lowered)
        if match:
            return statistic.format(match.group(1)) if "{0}" in statistic else statistic
    return "as reported"


def _containing(spans: list[tuple[int, int]], offset: int) -> tuple[int, int]:
    for span in spans:
        if span[0] <= offset < span[1]:
            return span
    return (offset, offset)


def _phrase_after(text: str, start: int, limit: int = 5) -> list[str]:
    """The words of the noun phrase after `start`, up to a preposition or punctuation."""
    words: list[str] = []
    window = text[start : start + 120]
    previous_end = 0
    for match in _WORD.finditer(window):
        if re.search(r"[,.;:()\[\]\"]", window[previous_end : match.start()]):
            break
        previous_end = match.end()
        word = match.group().strip("`'’")
        if not word or _PHRASE_STOP.match(word) or len(words) >= limit:
            break
        words.append(word)
    return words


def _outcome(words: list[str]) -> tuple[str, str] | None:
    """(metric, unit) when the phrase after a number counts outcomes (`0 errors`)."""
    if not words or _WORKLOAD_NOUN.match(words[0]):
        return None
    adjective = False
    for position, word in enumerate(words):
        noun = word.lower()
        if "/" in noun and position < len(words) - 1:
            continue  # `retry/message storms`: the compound qualifies the noun after it
        for name, regex in _OUTCOME_RES:
            if regex.match(noun):
                return name, " ".join(words[: position + 1])
        if adjective and noun.endswith("s") and noun.isalpha():
            return "count", " ".join(words[: position + 1])
        adjective = adjective or bool(_OUTCOME_ADJECTIVE.match(word))
    return None


def _counted_outcome(before: str, words: list[str]) -> tuple[str, str] | None:
    """("count", the counted noun) when a verb of outcome governs the number and a plural
    noun follows it (`succeeded through 140 objects`, `failed at 160 objects`, `produced 30
    accepted objects`): the size of what a run achieved. Workload nouns (requests, prompts,
    runs) and settings are inputs, not outcomes."""
    if not words or not _OUTCOME_VERB_BEFORE.search(before[-40:]):
        return None
    for position, word in enumerate(words[:2]):
        if _SETTING_AFTER.match(word) or _WORKLOAD_NOUN.match(word) or not word.isalpha():
            return None
        if _PLURAL_NOUN.match(word):
            return "count", " ".join(words[: position + 1])
    return None


def _metric_before(before: str, lead_in: str | None) -> str | None:
    """The metric a phrase names just before the number (only connector words between)."""
    named = _metric_ending(before[-_METRIC_REACH:].lower())
    return named if named is not None else _lead_in_metric(before, lead_in)


@lru_cache(maxsize=8192)
def _metric_ending(lowered: str) -> str | None:
    """The metric named last in a window of text that only connector words follow, if any
    (memoised: reports repeat the same lead-ups, `decode throughput was`)."""
    if not _ANY_METRIC.search(lowered):
        return None
    best: tuple[int, str] | None = None
    for name, regex in _METRIC_RES:
        for match in regex.finditer(lowered):
            rest = re.sub(r"^[\w-]*", "", lowered[match.end() :])
            joined = _CONNECTOR.match(rest) or _CONNECTOR.match(re.sub(r"^\s*[\w-]+", "", rest))
            if joined and (best is None or match.start() > best[0]):
                best = (match.start(), name)
    return best[1] if best is not None else None


def _lead_in_metric(before: str, lead_in: str | None) -> str | None:
    """A bullet's lead-in names the figure that opens its text (`- minimum cosine: 0.99`)."""
    if lead_in is not None and not before.strip(" :*_-") and not _SETTING_WORDS.search(lead_in):
        return _metric_in(lead_in)
    return None


def _code_is_figure(code: tuple[int, int, str], mention: NumberMention) -> bool:
    """A code span holding just the number (and its unit) is a figure written as code."""
    inner = code[2].strip()
    rest = inner.replace(mention.text.strip("~≈"), "", 1).strip(" ~≈")
    return not rest or _joined_unit(rest) is not None


@dataclass(frozen=True)
class _Context:
    """The words around a number with a unit: its clause, the text before and after it."""

    clause: str
    before: str
    after: str
    signed: bool
    spaced: bool
    """The unit is written apart from the number (`128K × c`), not joined (`1.78x`)."""
    written: str = ""
    """The unit as written (`KV tokens`)."""


@dataclass
class _Block:
    """One block's mentions and the judgements made on them."""

    block: ProseBlock
    mentions: list[NumberMention]
    units: list[tuple[str | None, int]]
    sentences: list[tuple[int, int]]
    quoted: list[tuple[int, int]]
    _clauses: dict[tuple[int, int], list[tuple[int, int]]] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.block.text

    def clauses(self, sentence: tuple[int, int]) -> list[tuple[int, int]]:
        """The clauses of one sentence, split once however many numbers it holds."""
        found = self._clauses.get(sentence)
        if found is None:
            found = self._clauses[sentence] = clause_spans(self.text, *sentence)
        return found

    def listed_units(self) -> None:
        """`56.73, 56.81 and 57.10 tok/s`: list members share the unit after the last."""
        for i in range(len(self.mentions) - 2, -1, -1):
            here, after = self.mentions[i], self.mentions[i + 1]
            if self.units[i][0] is not None or self.units[i + 1][0] is None:
                continue
            same = _containing(self.sentences, here.start) == _containing(
                self.sentences, after.start
            )
            if same and _LIST_GAP.match(self.text[here.end : after.start]):
                self.units[i] = (self.units[i + 1][0], here.end)

    def excluded(self, mention: NumberMention) -> bool:
        """Out by its form: code with more than the number, quotes, ids, sizes, arithmetic."""
        text, start, end = self.text, mention.start, mention.end
        code = self.block.code_span_at(start, end)
        if code is not None and not _code_is_figure(code, mention):
            return True
        if any(a <= start < b for a, b in self.quoted):
            return True
        before = text[max(0, start - 6) : start]
        after = text[end : end + 6]
        if re.search(r"[#@$]\s*\Z|\d\s*[×*+=]\s*\Z|[\w.]\Z", before):
            return True
        if re.match(r"^\s*[×*=]\s*[\d(]|^\s*[×x]\s*[a-z]\w*=?\d|^\+(?!\d)", after):
            return True  # `4096 × 4096`, `32K×c4`: a shape; `500K+`: a bound
        if re.match(r"^[\w]|^[\s-]*bits?\b", after):
            return mention.unit is None
        return bool(mention.multiplier and mention.text.rstrip().endswith(("B", "b")))

    def listed_after(self, i: int, accepted: dict[int, tuple[str, str]]) -> tuple[str, str] | None:
        """`Load average was 0.67 / 0.51 / 0.38`: a list member after a figure is one too."""
        if i == 0 or (i - 1) not in accepted or self.units[i][0] is not None:
            return None
        previous, here = self.mentions[i - 1], self.mentions[i]
        gap = self.text[previous.end : here.start]
        if _CHANGE_GAP.match(gap) and _BETWEEN.search(self.text[: previous.start]):
            return accepted[i - 1]  # `from one error to zero`: the other end of a change
        metric, unit = accepted[i - 1]
        counted = metric == "count" or metric.endswith("_count")
        if counted and unit and gap.lstrip().startswith(unit):
            gap = gap.lstrip()[len(unit) :]  # past the counted noun: `6,864 messages, …`
        if counted and _SUBSET_GAP.match(gap):
            return accepted[i - 1]  # `6,864 messages, including 6,839 with no finish reason`
        if not _LIST_GAP.match(gap):
            return None
        following = _phrase_after(self.text, here.end)
        if counted and following and _PLURAL_NOUN.match(following[-1]):
            # `142 assistant messages, 137 tool parts, and five checkpoint records`
            return _outcome(following) or ("count", " ".join(following))
        if counted and re.match(r"\s*[A-Za-z]", self.text[here.end : here.end + 3]):
            return None  # `3 errors, 2 of 4 GPUs`: a count of something else
        return None if following and following[0].isalpha() else accepted[i - 1]

    def label(self, clause: tuple[int, int]) -> str:
        """Heading, lead-in and clause: what the sentence says the figure is."""
        sentence = _containing(self.sentences, clause[0])
        first = self.clauses(sentence)[0]
        lead = self.text[first[0] : first[1]] if first[0] < clause[0] else ""
        words = " ".join(f"{lead} {self.text[clause[0] : clause[1]]}".split())
        if self.block.lead_in and words.startswith(self.block.lead_in):
            words = words[len(self.block.lead_in) :].lstrip(" :")
        parts = [self.block.heading, self.block.lead_in, words]
        label = " › ".join(part for part in parts if part)
        return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"

    def judge(self, i: int) -> tuple[str, str] | None:
        """(metric, unit) when mention `i` is a reported figure, else None."""
        mention, (unit, unit_end) = self.mentions[i], self.units[i]
        text = self.text
        sentence = _containing(self.sentences, mention.start)
        clause = _containing(self.clauses(sentence), mention.start)
        before = text[clause[0] : mention.start]
        near = before[-_SETTING_REACH:].rstrip(" \t\n~≈")
        core = " ".join(_APPROXIMATE.sub("", near).rstrip(" \t\n+−-").split())
        if _says(_BOUND, core) or _says(_SETTING_BEFORE, core) or _HTTP_STATUS.search(core):
            return None
        word = bool(mention.numbers and mention.numbers[0].word)
        if unit is None:
            return self._without_unit(mention, before, word)
        phrase = _phrase_after(text, unit_end, 3)
        if phrase and _SETTING_AFTER.match(" ".join(phrase)):
            return None
        if unit == "s" and re.search(r"\b(?:low|mid|high|early|late|the)\s*$", core):
            return None  # `in the low 60s`: a decade of values, not seconds
        if unit in _TIME_UNITS and re.search(r"\bfor\b[^,.;:]{0,20}$", core):
            return None  # `ran for 60 s`, `up for 15 hours`: a duration of the setup
        if word:
            return None
        signed = bool(_SIGN_BEFORE.search(text[max(0, mention.start - 1) : mention.start]))
        signed = signed or (mention.values[0] < 0 if mention.values else False)
        named = _metric_before(before, self.block.lead_in)
        spaced = mention.unit is None and text[mention.end : mention.end + 1].isspace()
        context = _Context(
            text[clause[0] : clause[1]],
            before,
            text[unit_end : unit_end + 60],
            signed,
            spaced,
            written=text[mention.end : unit_end],
        )
        return self._with_unit(unit, named, context)

    def _without_unit(
        self, mention: NumberMention, before: str, word: bool
    ) -> tuple[str, str] | None:
        """A number with no unit: a count of outcomes (`0 errors`), or a figure a metric phrase
        names just before it (`cosine similarity around 0.991`). The metric phrase, the costly
        test, is looked for last."""
        text = self.text
        if not word and _CAPITALISED_NAME.search(text[max(0, mention.start - 40) : mention.start]):
            return None  # `Gemma 4`, `Round 3`, `SGLang 26.05`: part of a name
        phrase = _phrase_after(text, mention.end)
        outcome = _outcome(phrase) or _counted_outcome(before, phrase)
        if outcome is not None:
            if _WORKLOAD_WITH.search(before):
                return None  # `four requests with a 4.3K prompt and one repair`: the workload
            whole = all(float(value).is_integer() for value in mention.values)
            return outcome if whole else None  # `vLLM 0.19's fixes`: a count is whole
        lead = self.block.lead_in or ""
        if word or _SETTING_WORDS.search(f"{lead} {before[-40:]}"):
            return None
        following = re.match(r"[^\w\n.;:!?,]*([A-Za-z]+)", text[mention.end : mention.end + 30])
        if following and not _PHRASE_STOP.match(following.group(1)):
            return None  # `accuracy on 50 questions`: a count of something else
        named = _metric_before(before, self.block.lead_in)
        return (named, "") if named is not None else None

    def _with_unit(self, unit: str, named: str | None, context: _Context) -> tuple[str, str] | None:
        clause, before, after = context.clause, context.before, context.after
        signed, spaced = context.signed, context.spaced
        mentioned = named if named and _fits(named, unit) else _metric_in(clause, unit)
        measured = bool(_MEASURED.search(f"{before[-50:]} {after[:30]}"))
        if unit == "tokens":
            near = " ".join([*before.split()[-4:], context.written, *after.split()[:3]])
            kv = re.search(r"\bkv\b|cache|pool|capacity", near, re.IGNORECASE)
            return ("kv_capacity", unit) if kv else None
        if unit in _SIZE_UNITS:
            if re.search(
                r"(?:weights?|checkpoints?|safetensors|model size|download)\W+\S*$",
                before,
                re.IGNORECASE,
            ):
                return None
            if _SPEC_NOUN.match(after) and not measured:
                return None
            if re.match(
                r"^\s*of\s+(?:\w+\s+)?(?:weights|checkpoints?|safetensors|model|"
                r"parameters|download)",
                after,
                re.IGNORECASE,
            ):
                return None
            if not (measured or mentioned in ("memory", "kv_capacity")):
                return None
            return (mentioned if mentioned and _fits(mentioned, unit) else "memory"), unit
        if unit == "GB/s":
            return ("bandwidth", unit) if measured else None
        if unit == "%":
            if signed:
                return "relative_change", unit
            named_after = _metric_in(" ".join(after.split()[:2]))
            percent = named_after or named or _metric_in(clause)
            if percent is None or percent in _RATE_METRICS or percent in _TIME_METRICS:
                return None
            return percent, unit
        if unit == "×":
            if re.match(r"^\s*(?:[A-Z]|gpus?\b|nodes?\b|sparks?\b|machines?\b)", after):
                return None  # `2x DGX Spark`: a count of machines
            if spaced and not _COMPARATIVE.match(after):
                return None  # `128K × c=6`: a shape, not a ratio
            if re.match(
                r"^\s*(?:\)|averaged|runs?\b|repeats?|repetitions?|each|per\b|trials?)",
                after,
                re.IGNORECASE,
            ):
                return None  # `3× averaged`, `TTFT (3×)`: repetitions of the workload
            return ("relative_change" if signed else "ratio"), unit
        if unit in _RATE_UNITS or unit in _TIME_UNITS:
            fallback = metric_by_unit(unit, clause) or "throughput"
            return (mentioned if mentioned and _fits(mentioned, unit) else fallback), unit
        if unit in ("W", "°C", "MHz", "GHz"):
            own = metric_by_unit(unit, clause)
            return (own, unit) if own and (measured or mentioned == own) else None
        return None


def _pairs(state: _Block) -> dict[int, float]:
    """`3 of 4`, `All five`: the numerator's index → its denominator (score sentences only)."""
    text, mentions = state.text, state.mentions
    denominators: dict[int, float] = {}
    scored: dict[tuple[int, int], bool] = {}
    for i, mention in enumerate(mentions):
        sentence = _containing(state.sentences, mention.start)
        if sentence not in scored:
            scored[sentence] = bool(_SCORE_WORDS.search(text[slice(*sentence)]))
        if not scored[sentence] or not mention.values:
            continue
        following = mentions[i + 1] if i + 1 < len(mentions) else None
        if mention.kind is NumberKind.FRACTION and len(mention.values) == 2:
            denominators[i] = mention.values[1]
        elif following and following.values and _OF.match(text[mention.end : following.start]):
            denominators[i] = following.values[0]
        elif _ALL.search(text[max(0, mention.start - 5) : mention.start]) and _SCORED_AFTER.match(
            text[mention.end : mention.end + 80]
        ):
            denominators[i] = mention.values[0]
    return denominators


def figures_in_block(block: ProseBlock, *, decimal_comma: bool = False) -> list[ProseFigure]:
    """Every reported figure the block's sentences state, in order."""
    text = block.text
    found = with_quantified(text, find_numbers(text, decimal_comma=decimal_comma))
    mentions = [m for m in found if m.kind in _NUMERIC]
    if not mentions:
        return []
    state = _Block(
        block=block,
        mentions=mentions,
        units=[_unit_after(text, m) for m in mentions],
        sentences=sentence_spans(text),
        quoted=[(m.start(), m.end()) for m in _QUOTED.finditer(text)],
    )
    state.listed_units()
    denominators = _pairs(state)
    figures: list[ProseFigure] = []
    skipped: set[int] = set()
    accepted: dict[int, tuple[str, str]] = {}
    judged_sentences: dict[tuple[int, int], bool] = {}
    for i, mention in enumerate(mentions):
        sentence = _containing(state.sentences, mention.start)
        if i in skipped or state.excluded(mention):
            continue
        if sentence not in judged_sentences:
            judged_sentences[sentence] = not _says(_NOT_THIS_SENTENCE, text[slice(*sentence)])
        if not judged_sentences[sentence]:
            continue
        denominator = denominators.get(i)
        if denominator is not None:
            following = mentions[i + 1] if i + 1 < len(mentions) else None
            if (
                mention.kind is not NumberKind.FRACTION
                and following is not None
                and following.values
                and denominator == following.values[0]
            ):
                skipped.add(i + 1)
            judged: tuple[str, str] | None = ("score", "")
        else:
            judged = state.judge(i) or state.listed_after(i, accepted)
        if judged is None:
            continue
        accepted[i] = judged
        figures.extend(_figures(state, i, judged, denominator, skipped))
    return figures


def _figures(
    state: _Block, i: int, judged: tuple[str, str], denominator: float | None, skipped: set[int]
) -> list[ProseFigure]:
    """The figure(s) of one judged mention: both ends of a range, the centre and spread of ±."""
    text, mention = state.text, state.mentions[i]
    metric, unit = judged
    sentence = _containing(state.sentences, mention.start)
    clause = _containing(state.clauses(sentence), mention.start)
    before = text[clause[0] : mention.start]
    approximate = bool(_APPROXIMATE.search(before[-_SETTING_REACH:].rstrip())) or any(
        n.approximate for n in mention.numbers
    )
    label = state.label(clause)
    line = state.block.line_at(mention.start)
    raw = mention.text.lstrip("~≈ ")
    values = list(mention.numbers)
    kind = mention.kind
    nxt = state.mentions[i + 1] if i + 1 < len(state.mentions) else None
    second = mention
    if (
        kind is NumberKind.QUANTITY
        and nxt is not None
        and _BETWEEN.search(before)
        and _RANGE_AND.match(text[mention.end : nxt.start])
    ):
        skipped.add(i + 1)
        values, kind, second = [values[0], nxt.numbers[0]], NumberKind.RANGE, nxt
    if kind is NumberKind.FRACTION:
        values, denominator = values[:1], values[1].value
    figures = []
    for index, number in enumerate(values):
        if kind is NumberKind.PLUS_MINUS and index == 1:
            statistic, figure_metric = "± spread as written", f"{metric}_spread"
        else:
            statistic, figure_metric = _statistic(before, index, kind), metric
        position = mention if index == 0 else second
        figures.append(
            ProseFigure(
                line=line if index == 0 else state.block.line_at(position.start),
                start=mention.start if index == 0 else position.start,
                raw=raw,
                value=as_number(number.value, number.decimals),
                metric=figure_metric,
                unit=unit,
                statistic=statistic,
                label=label,
                approximate=approximate,
                denominator=denominator,
            )
        )
    return figures
