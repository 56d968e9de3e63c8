"""A table whose columns name their machines: a column naming none ran on another machine
than the opening's (issue 31: a repository-wide value only where the repository states one
value for all and the figure's context names no other)."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions

_STUDY = """# Study

> 7 variants on Google Pixel 6a, with cross-device validation on a laptop.

## Cross-platform throughput

| Variant | Pixel 6a ARM | x86 i5-1235U |
|---|---|---|
| Q2_K | 7.49 | 14.05 |
"""


def _conditions(value: float) -> dict[str, JsonValue]:
    context = DocumentContext(make_document("README.md", _STUDY))
    line = _STUDY.splitlines().index("| Q2_K | 7.49 | 14.05 |") + 1
    return seed_conditions(
        {}, text=f"{value:g}", value=value, line=line, column=None, context=context, readme=context
    )


def test_a_column_beside_a_machines_column_is_not_the_openings_machine() -> None:
    assert "system" not in _conditions(14.05)


def test_the_machines_own_column_keeps_its_machine() -> None:
    assert "Pixel 6a" in str(_conditions(7.49)["system"])
