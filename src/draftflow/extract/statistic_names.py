"""The statistic a figure's names state (`p95`, `median`, `mean`), else what its cell writes."""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.extract.vocabulary import STATISTICS

_STATISTIC_RES = tuple((re.compile(pattern), statistic) for pattern, statistic in STATISTICS)


def statistic_of(name: str, text: str) -> str:
    """The statistic a figure's names state, else whether its cell writes a ± spread."""
    named = _named_statistic(name)
    if named is not None:
        return named
    if "±" in text or "+/-" in text:
        return "as reported; the source cell gives a ± spread"
    return "as reported"


@lru_cache(maxsize=1 << 16)  # a wide table's every header (8,192 thrashed at 10,000)
def _named_statistic(name: str) -> str | None:
    """The statistic a figure's names state (`p95`, `median`), memoised: a column's figures
    share their names."""
    lowered = name.lower()
    for pattern, statistic in _STATISTIC_RES:
        match = pattern.search(lowered)
        if match:
            if "{0}" not in statistic:
                return statistic
            # the entry's patterns are alternatives: the first group one of them matched
            return statistic.format(next(group for group in match.groups() if group))
    return None


SPREAD_STATISTIC = (
    "the ± spread written after the value in the source cell; the cell does not say which "
    "spread (standard deviation, error) it is"
)
