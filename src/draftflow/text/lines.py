"""Readers of one line of a report, shared by the harvest, prose and classify steps: a cell's
text without Markdown markup, a `label: number` report line (a table row's cells are the
document model's, `extract.document`)."""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import unquote

# Emphasis markers; an underscore inside a word (`est_ppt`) is part of the word.
_EMPHASIS = re.compile(r"\*\*|\*|`|~~|(?<![^\W_])__?|__?(?![^\W_])")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
# CommonMark's backslash escape: a backslash before ASCII punctuation writes that character
# (`decoder\*\*`, a footnote mark, is `decoder**`, not `decoder\\` once emphasis is gone); an
# escaped pipe stays escaped, so that readers splitting a row's text keep it in its cell
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{}~])")
# a footnote marker (`RTX 4070 Ti<sup>1</sup>`; after a digit it is an exponent), a line
# break, then any other inline HTML tag (`<b>`)
_FOOTNOTE_MARK = re.compile(r"(?<![\d.])<sup>\s*(?:\d|[*†‡§a-z])\s*</sup>", re.IGNORECASE)
_EXPONENT = re.compile(r"(?<=\d)<sup>\s*(-?\d+)\s*</sup>", re.IGNORECASE)
_LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_HTML_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?/?>")

MAX_LINE = 300
"""Longer lines are prose or data dumps, never `label: number` report lines."""
KEY_VALUE = re.compile(
    r"^\s*(?:[-*]\s+)?\**(?P<key>(?:\d{1,2}(?:\.\d+)?(?:%|th)\s+)?[A-Za-z][\w ()/.,%*#+-]{0,70}?)"
    r"\s*:\*{0,2}\s+"
    r"(?P<value>[-+~≈]?\d[\d,]*(?:\.\d+)?"
    r"(?:\s?[A-Za-z%×°µ][\w/%°.]{0,11})?)"
    r"\s*$"
)


# Every emphasis mark and link holds one of these; a cell with none has nothing to remove.
CASE_FOLDED = re.compile("[\u017f\u0131]")
"""Letters a case-insensitive pattern reads as ASCII (`ſ` as `s`, `ı` as `i`) that lower case
keeps: a search of lower-cased text for a pattern's words must read their lines in full
(lower case itself turns the Kelvin sign into `k`)."""
_MARKUP = frozenset("*`~_[\\")


@lru_cache(maxsize=1 << 16)
def plain_text(cell: str) -> str:
    """A cell without Markdown emphasis, code ticks, link targets or inline HTML (`**191.2**`
    → `191.2`, `RTX 4090<sup>1</sup>` → `RTX 4090`)."""
    if "<" in cell:
        cell = _FOOTNOTE_MARK.sub("", _EXPONENT.sub(r"^\1", cell))
        cell = _HTML_TAG.sub("", _LINE_BREAK.sub(" ", cell))
    if _MARKUP.isdisjoint(cell):  # most cells: no pattern to run
        return cell.strip()
    return _EMPHASIS.sub("", _LINK.sub(r"\1", _ESCAPED.sub(r"\1", cell))).strip()


def key_value_match(line: str) -> bool:
    """True for a `label: number` report line (a logger's record too, `log_message`)."""
    # the pattern needs a colon: most lines are ruled out without running it
    return ":" in line and "|" not in line and bool(KEY_VALUE.match(log_message(line)))


_STAMP = r"\d{4}-\d\d-\d\d[T ]\d{1,2}:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d:?\d\d)?"
_LEVEL = r"(?:TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|CRITICAL|FATAL)\b"
LOG_PREFIX = re.compile(
    rf"^\s*(?:[-*+]\s+)?(?:\*\*|__)?(?P<prefix>\[{_STAMP}\b[^\[\]]{{0,80}}\]"
    rf"|{_STAMP}(?:\s*-?\s*{_LEVEL}(?:\s*[-:])?)?)\s"
)
"""A logger's record prefix: its time stamp (a date and a time), with its level and logger in
brackets (`[2026-01-20 20:19:06,373 INFO]`, `[2026-04-11T04:40:32Z INFO  llm_rs2::opencl]`) or
bare (`2026-01-20 20:19:06,373 - INFO -`), after a list marker and emphasis if any."""


def log_message(line: str) -> str:
    """The line with a logger's record prefix (`LOG_PREFIX`) written as spaces: what the
    record says (`Tokens per second: 111.2`), each character in its place. The stamp's
    numbers are no figures and its level no word naming one. Other lines as they are."""
    if not line[:1].isspace() and not line[:1].isdigit() and line[:1] not in "[-*+_":
        return line
    match = LOG_PREFIX.match(line)
    if match is None:
        return line
    start, end = match.span("prefix")
    return line[:start] + " " * (end - start) + line[end:]


# A shields.io badge: `![alt](https://img.shields.io/badge/LABEL-MESSAGE-COLOR)`; in its path a
# `--` is a dash, a `__` an underscore and a `_` a space.
_BADGE = re.compile(
    r"!\[[^\]]*\]\(\s*https?://img\.shields\.io/badge/"
    r"(?P<label>(?:[^-/)\s]|--)+)-(?P<message>(?:[^-/)\s]|--)+)-[^/)\s]+\s*\)",
    re.IGNORECASE,
)
_HARDWARE_LABEL = re.compile(
    r"\b(?:hardware|system|gpu|device|machine|platform|tested\s+on)\b", re.IGNORECASE
)


def _badge_words(part: str) -> str:
    kept = part.replace("--", "\0").replace("__", "\1").replace("_", " ")
    return unquote(kept.replace("\0", "-").replace("\1", "_")).strip()


@lru_cache(maxsize=1 << 12)
def hardware_badges(line: str) -> str:
    """What a line's shields.io badges labelled as hardware say, as `label: message`
    sentences (`![](…/badge/reference%20hardware-DGX%20Spark%20GB10-76B900)` →
    `reference hardware: DGX Spark GB10.`); "" when it has none. A badge's message is in its
    link, which `plain_text` drops."""
    if "shields.io" not in line:
        return ""
    found = []
    for match in _BADGE.finditer(line):
        label = _badge_words(match.group("label"))
        if _HARDWARE_LABEL.search(label):
            found.append(f"{label}: {_badge_words(match.group('message'))}.")
    return " ".join(found)
