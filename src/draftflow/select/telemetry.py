"""A serving engine's periodic stats line: what the running server printed about the last few
seconds, not a figure the author reports.

vLLM's metrics logger writes, every ten seconds while it serves, `INFO 08-19 14:36:03
[loggers.py:310] Engine 000: Avg prompt throughput: 256.0 tokens/s, Avg generation throughput:
8.5 tokens/s, Running: 1 reqs`; SGLang's scheduler `Decode batch. #running-req: 1, ... gen
throughput (token/s): 45.2`. A repository whose report states its results in a prose document
(Sergey-Kit's README tables) leads with those; one whose only figures are the logs it ran
(cmontemuino's sample results) may lead with a log's line, as the gold lists it.
"""

from __future__ import annotations

import re

_LOGGER_PREFIX = re.compile(
    r"\b(?:INFO|DEBUG|WARNING|WARN)\b[^\n]{0,40}?\b\d{2}:\d{2}:\d{2}"
    r"|\[[\w./-]+\.py:\d+\]"
)
"""A logger's own prefix: a level word and a time of day, or the `[file.py:line]` it logs
from."""
_WINDOWED_SAMPLE = re.compile(
    r"\bAvg (?:prompt|generation) throughput:|\bgen throughput \(token/s\):|#running-req:",
    re.IGNORECASE,
)
"""The stats a serving engine samples over its logging window."""


def periodic_stats_line(text: str) -> str | None:
    """The words that make `text` a serving engine's periodic stats line (its logger prefix
    and a windowed sample), or None."""
    sample = _WINDOWED_SAMPLE.search(text)
    if sample is None or _LOGGER_PREFIX.search(text[: sample.start()]) is None:
        return None
    return sample.group(0)
