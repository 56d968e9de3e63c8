"""Flags grouped by cause: what an editor reads first when a draft raises hundreds.

A whole repository's draft may raise thousands of warnings of one kind (29,311 of the
29,352 on `lhl/strix-halo-testing` say "a name no known metric matches"). Each flag's
message is written from a template with the claim's own words, values and places filled
in; its cause is that template, the filled-in parts replaced by `…` and `N`, so flags that
differ only in what they are about fall into one group, counted, with a few examples.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from draftflow.verify.report import Flag, Rule, Severity

EXAMPLES = 3
"""Flags of one cause shown in full (the rest are counted; `--all-flags` shows every one)."""

_REMOVED = re.compile(r"^removed by verify: .*?\([^()]*:\d+\): ")
"""The head of a removed result's message: its label, value and place, not why it fell."""
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")
_PLACE = re.compile(r"\([^()]*:\d+\)")
_NUMBER = re.compile(r"[-+~≈]?\d[\d,.]*")


@dataclass(frozen=True)
class FlagCause:
    """The flags that share one cause: their severity, rule, the cause's words and the flags."""

    severity: Severity
    rule: Rule
    cause: str
    flags: tuple[Flag, ...]

    @property
    def count(self) -> int:
        """How many flags have this cause."""
        return len(self.flags)

    def to_json(self) -> dict[str, Any]:
        """The cause with its count and the ids of its first flags, as plain JSON data."""
        return {
            "severity": self.severity.value,
            "rule": self.rule.value,
            "cause": self.cause,
            "count": self.count,
            "example_flag_ids": [flag.id for flag in self.flags[:EXAMPLES]],
        }


def flag_cause(flag: Flag) -> str:
    """The cause a flag's message states, without what it is about: `the unit … does not
    fit what the source calls this value (…, a rate)`."""
    text = _REMOVED.sub("", flag.message, count=1)
    text = _PLACE.sub("(…)", text)
    text = _QUOTED.sub("…", text)
    return _NUMBER.sub("N", text)


def flags_by_cause(flags: Sequence[Flag]) -> list[FlagCause]:
    """The flags grouped by severity, rule and cause: errors first, then the largest groups,
    each group's flags in the report's order."""
    groups: dict[tuple[Severity, Rule, str], list[Flag]] = {}
    for flag in flags:
        groups.setdefault((flag.severity, flag.rule, flag_cause(flag)), []).append(flag)
    causes = [FlagCause(s, r, c, tuple(found)) for (s, r, c), found in groups.items()]
    return sorted(causes, key=lambda cause: (cause.severity is not Severity.ERROR, -cause.count))
