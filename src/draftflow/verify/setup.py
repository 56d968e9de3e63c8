"""Rule 6 continued, the record's words about its setup and its limits.

- `reported_setup.system`, `.parallelism` and `.kv_dtype` are claims in words: each part of
  one (`DGX Spark, GB10 Grace Blackwell`) must stand with all its words on one line of a
  listed document, the KV dtype on a line naming the KV cache, the parallelism on a line
  naming parallelism with each of its numbers. A count before a system (`2x`) is the node
  count's claim, checked as a setting.
- `limitations`: a record of source-reported figures says so; an emptied list, or one without
  the limitation that nothing was reproduced, claims more than its sources show.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from draftflow.select.setup_fields import parallelism_on_line
from draftflow.text.pointer import pointer
from draftflow.verify.context import VerifyContext
from draftflow.verify.report import Rule, Severity

_PART_SEPARATORS = re.compile(r"\s*(?:[,;/+]|\s(?:over|across|with|and|on|via|using)\s)\s*")
_LEADING_COUNT = re.compile(r"^(?:\d+\s*[x×]\s*|\d+\s+|one\s+|two\s+|single\s+)", re.IGNORECASE)
_TOKEN = re.compile(r"[a-z0-9]+")
_KV = re.compile(r"kv", re.IGNORECASE)
_PARALLEL = re.compile(r"parallel|\b(?:tp|pp|ep|dp)\b|\b(?:tp|pp|ep|dp)[\s=_:-]*\d", re.IGNORECASE)
# The limitation every source-reported record carries, in the words drafts and editors use.
_NOT_REPRODUCED = re.compile(
    r"source[- ]reported|not\s+(?:been\s+)?reproduced|no\s+independent|nothing\s+here\s+was"
    r"\s+reproduced|not\s+independently",
    re.IGNORECASE,
)


def _squashed(text: str) -> str:
    return "".join(_TOKEN.findall(text.lower()))


def _words(part: str) -> list[str]:
    """A part's words as a line must carry them: lower case, `parallelism` as `parallel`,
    a plural's `s` dropped (`Sparks` is said by a line naming a `Spark`)."""
    words = []
    for word in _TOKEN.findall(part.lower()):
        word = word.removesuffix("ism") if word.startswith("parallel") else word
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        words.append(word)
    return words


def _on_one_line(ctx: VerifyContext, words: list[str], also: Callable[[str], bool]) -> bool:
    """True when one line of a listed document holds every word and passes `also`."""
    if not words:
        return True
    first = words[0]
    for listed in ctx.available():
        document = listed.document
        assert document is not None
        if first not in _squashed(ctx.index(listed).lower_text):
            continue
        for line in document.line_list:
            squashed = _squashed(line)
            if all(word in squashed for word in words) and also(line):
                return True
    return False


def check_setup_words(ctx: VerifyContext) -> None:
    """Flag a system, parallelism or KV dtype no listed document states."""
    setup = ctx.record.reported_setup
    fields: list[tuple[str, str | None, Callable[[str], bool]]] = [
        ("system", setup.system, lambda _line: True),
        ("kv_dtype", setup.kv_dtype, lambda line: bool(_KV.search(line))),
        ("parallelism", setup.parallelism, lambda line: bool(_PARALLEL.search(line))),
    ]
    for name, value, also in fields:
        if not value:
            continue
        for part in _PART_SEPARATORS.split(value):
            words = _words(_LEADING_COUNT.sub("", part.strip()))
            if _on_one_line(ctx, words, also):
                continue
            if name == "parallelism" and _parallelism_stated(ctx, value):
                break  # `--tensor-parallel-size 4` states `TP4` in other words
            ctx.flag(
                Severity.ERROR,
                Rule.FIELDS,
                pointer("reported_setup", name),
                value,
                f"reported_setup.{name} says {part.strip()!r}, and no line of a listed source "
                f"states it{_what(name)}; unknown setup fields stay null",
            )
            break


def _parallelism_stated(ctx: VerifyContext, value: str) -> bool:
    """Whether a line of a listed document states the parallelism `value` as select reads
    one (`--tensor-parallel-size 4` states `TP4`, btbtyler09/mi100-llm-testing), though its
    words are not the value's."""
    for listed in ctx.available():
        document = listed.document
        assert document is not None
        if any(parallelism_on_line(line) == value for line in document.line_list):
            return True
    return False


def _what(name: str) -> str:
    return {
        "kv_dtype": " for the KV cache",
        "parallelism": " with a word naming parallelism",
    }.get(name, "")


def check_limitations(ctx: VerifyContext) -> None:
    """Flag limitations that no longer say the figures are source-reported only."""
    record = ctx.record
    if record.site_reproduced:
        return  # flagged at site_reproduced itself
    if any(_NOT_REPRODUCED.search(item) for item in record.limitations):
        return
    ctx.flag(
        Severity.ERROR,
        Rule.FIELDS,
        "/limitations",
        f"{len(record.limitations)} limitation(s)",
        "the limitations no longer say that the figures are source-reported and were not "
        "reproduced, which every cited source shows; keep that limitation "
        '("Source-reported only; nothing here was reproduced independently.")',
    )
