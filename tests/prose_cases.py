"""Prose figures of a one-document snapshot, as the prose tests compare them.

Shared by `test_extract_prose_units`, `test_extract_prose_counts`, `test_extract_prose_figures`
and `test_extract_harvest_prose`.
"""

from __future__ import annotations

from draftflow.extract.prose.harvest import harvest_prose
from extract_support import snapshot_of

Figure = tuple[int, float, str]


def figures(text: str) -> list[Figure]:
    """(line, value, unit) of every prose figure of a one-document snapshot."""
    document = snapshot_of({"R.md": text}).documents[0]
    return [(c.line, c.value, c.reading.unit) for c in harvest_prose(document) if c.reading]


def readings(text: str) -> list[tuple[float, str, str, bool, float | None]]:
    """(value, metric, statistic, approximate, denominator) of every prose figure."""
    document = snapshot_of({"R.md": text}).documents[0]
    return [
        (
            c.value,
            c.reading.metric,
            c.reading.statistic.split(";")[0],
            c.reading.approximate,
            c.reading.denominator,
        )
        for c in harvest_prose(document)
        if c.reading
    ]
