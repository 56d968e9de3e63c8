"""`DocumentContext` finds a line's text block and a section's introduction by bisection
(issue 33: a long document's every table line asked, and each ask read every block): the
answers are the linear reading's, line by line and heading by heading."""

from __future__ import annotations

from draftflow.extract.conditions.context import DocumentContext
from draftflow.text.lines import plain_text
from extract_support import snapshot_of

_PAGE = """# Title

Opening paragraph on the box.

## Runs

We ran gpt-oss-120b (MXFP4) on one box.
It reads twice.

- a list item
- another item
  carried on

### Table first

| Test | t/s |
| ---- | --: |
| tg32 | 41.5 |

After the table.

## Empty

## Last

Closing words.
"""


def _linear_intro(context: DocumentContext, heading: int, before: int | None) -> str:
    headings = context.headings()
    nexts = [n for n, _, _ in headings if n > heading]
    end = min([*nexts, len(context.lines) + 1])
    tables = context._tables  # the reference reads what the index reads
    if any(heading < t.span.first < end for t in tables):
        return ""
    until = end if before is None else min(end, before + 1)
    return " ".join(
        plain_text(b.text)
        for b in context._texts
        if heading < b.span.first < until and b.span.last < end
    )


def _linear_own(context: DocumentContext, line: int) -> str:
    return " ".join(
        plain_text(b.text) for b in context._texts if b.span.first <= line <= b.span.last
    )


def test_lookups_are_the_linear_readings() -> None:
    snapshot = snapshot_of({"docs/page.md": _PAGE})
    context = DocumentContext(snapshot.documents[0])
    lines = range(0, len(context.lines) + 3)
    for line in lines:
        assert context.own_text(line) == _linear_own(context, line), line
    for heading, _, _ in context.headings():
        for before in (None, *lines):
            assert context.section_intro(heading, before) == _linear_intro(
                context, heading, before
            ), (heading, before)
    assert "gpt-oss-120b" in context.section_intro(5)
    assert context.section_intro(14) == ""  # a table comes first
