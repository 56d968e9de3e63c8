"""The words around a number in a sentence that decide what it is: an approximation (`about`,
`~`), a bound (`below`, `at least`), a setting (`set to`, `--ctx`, `batch of`), a sentence that
reports nothing (retracted, hypothetical, an instruction), and the gaps that join list members
and range ends."""

from __future__ import annotations

import re
from functools import lru_cache

SETTING_REACH = 60
"""How far before a number a setting, bound or approximation word may stand (characters)."""


_APPROXIMATION_WORDS = (
    "about",
    "around",
    "roughly",
    "approximately",
    r"approx\.?",
    "nearly",
    "almost",
    "near",
    "circa",
    "some",
    r"ca\.",
)
APPROXIMATE = re.compile(
    rf"(?:~|≈|\b(?:{'|'.join(_APPROXIMATION_WORDS)}))\s*$",
    re.IGNORECASE,
)
# A match is one of those words (or a sign) and blanks to the end, so it starts within this
# many characters of the text's last non-blank one: only there is it searched for (the pattern
# would otherwise be tried at every place of the text).
_APPROXIMATION_REACH = max(len(word) for word in _APPROXIMATION_WORDS)


def without_approximation(near: str) -> str:
    """`near` without the approximation word or sign it ends with (`APPROXIMATE`)."""
    found = APPROXIMATE.search(near, max(0, len(near.rstrip()) - _APPROXIMATION_REACH))
    return near if found is None else near[: found.start()] + near[found.end() :]


BOUND = re.compile(
    r"(?:\b(?:below|under|above|over|more than|less than|fewer than|greater than|at least|"
    r"at most|up to|no more than|exceed(?:s|ed|ing)?(?: by)?|beyond|within(?:\s+(?:the|a|an))?)"
    r"|[<>≤≥]=?)\s*$",
    re.IGNORECASE,
)
SETTING_BEFORE = re.compile(
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

NOT_THIS_SENTENCE = re.compile(
    r"\b(?:retract(?:ed|s)?|was wrong|were wrong|incorrect(?:ly)?|erroneous|invalid(?:ated)?|"
    r"disregard|superseded|would|could|might|will|in theory|projected|assuming|"
    r"placeholder|hypothes[ie]s|goal|planned|"
    r"hypothetical|estimate[sd]?|back-of-(?:the-)?envelope|expected to|e\.g\.|for example|"
    r"example:|such as|should|ought to)\b|~~|\?\s*$"
    r"|^[\W\d]*(?:drop|use|set|run|restart|add|try|avoid|enable|disable|keep|pin|make|ensure|"
    r"consider|prefer|increase|decrease|raise|lower|reduce|bump|switch|install|do not|don't|"
    r"never|always|start|stop|pass|export)\b(?![@/])",
    re.IGNORECASE,
)
NOT_COMPLETED = re.compile(
    r"\b(?:did\s*n[o']t|does\s*n[o']t|do\s*n[o']t|never|failed\s+to|fails\s+to|unable\s+to"
    r"|could\s*n[o']t|can\s*n[o']t|cannot|won't|will\s+not)\s+(?:[\w`-]+\s+){0,2}?"
    r"(?:complete|completes|completed|finish|finishes|finished|produce|produces|return|respond"
    r"|responds|load|loads|start|starts|end|ends|converge|converges|succeed|succeeds)\b"
    r"|\b(?:produced|generated|returned|emitted|output|with)\s+(?:0|zero|no)\s+tokens?\b"
    r"|\bstill\s+[^\s,;:.]+(?:\s+[^\s,;:.]+){0,3}\s+(?:at|after)\s*[~≈]?\s*$"
    r"|\b(?:stall(?:s|ed)?|hung|stuck|timed\s+out|gave\s+up|aborted|killed)\b",
    re.IGNORECASE,
)
"""A clause saying the run never finished (`did not complete even after 62 minutes`,
`produced 0 tokens in 30 minutes`, `still WARMING UP at 62 minutes`): a time it states is
how long the run was watched, a lower bound at most, never how long the thing took (the gold
policy's bounds in words); the run gives no startup time or latency to report."""


# The case-blind tests above, compiled again without IGNORECASE for lower-cased ASCII text
# (their words are written in lower case): the regex engine runs them about twice as fast.
_FOLDED = {
    pattern: re.compile(pattern.pattern) for pattern in (NOT_THIS_SENTENCE, BOUND, SETTING_BEFORE)
}


@lru_cache(maxsize=1 << 13)
def says(pattern: re.Pattern[str], text: str) -> bool:
    """`pattern.search(text)`, through its lower-case twin when the text is ASCII (memoised:
    a third of the words before numbers repeat, in lists and tables of sentences)."""
    if text.isascii():
        return _FOLDED[pattern].search(text.lower()) is not None
    return pattern.search(text) is not None


_THEORETICAL = re.compile(r"\btheoretical(?:ly)?\b", re.IGNORECASE)
_AGAINST_THEORETICAL = re.compile(
    r"\b(?:of|out of|vs\.?|versus|against)[ \t]+(?:an?[ \t]+|the[ \t]+|its[ \t]+)?"
    r"(?:[\w./-]+[ \t]+){0,3}?theoretical\b",
    re.IGNORECASE,
)


def theoretical_sentence(sentence: str) -> bool:
    """The sentence works its numbers out (`76 tok/s theoretical`, `theoretical 128K
    context`) rather than measuring them against a theoretical value (`221 GB/s, 86% of the
    theoretical bus limit`, `11.9 vs 67 TFLOPS theoretical`): there, only the theoretical
    value is no result (`THEORETICAL_BEFORE`, `THEORETICAL_AFTER`)."""
    return bool(_THEORETICAL.search(sentence)) and not _AGAINST_THEORETICAL.search(sentence)


THEORETICAL_BEFORE = re.compile(
    r"\b(?:theoretical(?:ly)?|in theory)\b(?:[ \t]+[\w-]+){0,3}?[ \t]*(?:of|is|at|=|:)?[ \t~≈]*$",
    re.IGNORECASE,
)
"""`theoretical 128K`, `a theoretical peak of 273`: the number the word qualifies is worked
out, not measured (the sentence's other numbers may be: `215 GB/s out of 256 theoretical`)."""
THEORETICAL_AFTER = re.compile(
    r"[ \t*_]*[(\[]?[ \t]*(?:theoretical(?:ly)?|in theory|on paper|spec(?:ified)?)\b",
    re.IGNORECASE,
)
"""`67 TFLOPS theoretical`, `256 GB/s (theoretical)`: the word right after the unit."""


LIST_GAP = re.compile(r"^\s*(?:,\s*(?:and|or)?|and|or|/|;|vs\.?|versus|→|->|⇒)\s*$", re.IGNORECASE)
BETWEEN = re.compile(r"\bbetween\s*$|\bfrom\s*$", re.IGNORECASE)
RANGE_AND = re.compile(r"^\s*(?:and|to)\s*$", re.IGNORECASE)
