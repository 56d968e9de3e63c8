"""Where a figure stands in its document: front page, opening and summary sections, small
tables, restatements (select/shapes.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from documents import make_document, make_result
from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.document import parse_document
from draftflow.select.shapes import (
    DocumentShape,
    Restatements,
    significant_digits,
    summary_sections,
    table_sizes,
    value_key,
)


def test_summary_sections_end_at_a_heading_of_their_level_and_skip_fences() -> None:
    lines = [
        "# Report",
        "## Executive summary",
        "Generation ran at 328 s.",
        "### Detail",
        "still the summary",
        "## Method",
        "```bash",
        "# summary of flags",
        "```",
        "outside",
    ]
    parsed = parse_document(make_document("README.md", "\n".join(lines) + "\n"))
    assert summary_sections(parsed) == {3, 5}


def test_table_sizes_count_body_rows_per_table() -> None:
    lines = ["| a | b |", "|---|---|", "| 1 | 2 |", "| 3 | 4 |", "", "| c |", "|---|", "| 5 |"]
    parsed = parse_document(make_document("README.md", "\n".join(lines) + "\n"))
    assert table_sizes(parsed) == {1: 2, 2: 2, 3: 2, 4: 2, 6: 1, 7: 1, 8: 1}


def test_a_lead_figure_the_body_restates_more_precisely() -> None:
    body = "\n".join(f"line {n}" for n in range(20))
    text = f"# Report\n\nDecode ran at 328 s.\n\n## Body\n\n{body}\n\nIt took 328.15 s in all.\n"
    shape = DocumentShape(make_document("README.md", text))
    assert shape.leads_with(3) and not shape.leads_with(30)
    assert shape.restates_in_body(328)  # the body writes it more precisely: 328.15
    assert not shape.restates_in_body(41.5)


def test_restatements_across_markdown_documents() -> None:
    readme = make_document("README.md", "# Bench\n\nAbout 98 tok/s, and 123.45 in the table.\n")
    results = make_document("results.md", "| case | tok/s |\n|---|---|\n| a | 123.45 |\n")
    data = make_document("runs.csv", "case,tok_s\na,777.25\n")
    snapshot = Snapshot(
        repository="o/demo",
        url="https://github.com/o/demo",
        revision="a" * 40,
        commit_time=None,
        documents=[readme, results, data],
    )
    restatements = Restatements(snapshot)
    assert restatements.restated(make_result(results, 3, 123.45), 2)  # the README writes it
    assert not restatements.restated(make_result(data, 2, 777.25), 2)  # CSV is not read
    assert restatements.rounded_in_main(make_result(results, 3, 98.38), 2)  # `About 98 tok/s`
    assert not restatements.rounded_in_main(make_result(results, 3, 97.38), 2)
    assert significant_digits(328.15) == 5 and significant_digits(0.05) == 1


def _rounded_trying_every_place(restatements: Restatements, value: float, decimals: int) -> bool:
    """`rounded_in_main` as it was before its bisect: every place tried (the reference)."""
    for places in range(0, decimals):
        rounded = round(float(value), places)
        key = value_key(rounded, places)
        if significant_digits(rounded) >= 2 and key in restatements.main_rounded:
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(
    keys=st.lists(
        st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(lambda v: round(v, 2)),
        max_size=6,
    ),
    places=st.lists(st.integers(min_value=0, max_value=3), min_size=6, max_size=6),
    value=st.one_of(
        st.floats(allow_nan=False, allow_infinity=False),  # a record holds finite values
        st.floats(min_value=-1e6, max_value=1e6).map(lambda v: round(v, 4)),
    ),
    decimals=st.integers(min_value=0, max_value=6),
    near=st.booleans(),
)
def test_rounded_in_main_answers_as_trying_every_place(
    keys: list[float], places: list[int], value: float, decimals: int, near: bool
) -> None:
    """The bisect over the README's rounded values answers as trying each place does, for
    values near a key (within a rounding of it) and anywhere else."""
    readme = make_document("README.md", "# Bench\n")
    snapshot = Snapshot(
        repository="o/demo",
        url="https://github.com/o/demo",
        revision="a" * 40,
        commit_time=None,
        documents=[readme],
    )
    restatements = Restatements(snapshot)
    restatements.main_rounded = {value_key(k, p) for k, p in zip(keys, places, strict=False)}
    if near and keys:
        value = keys[0] + (value % 1.0) - 0.5  # within half a unit of a key
    result = make_result(readme, 1, value)
    expected = bool(restatements.main_rounded) and _rounded_trying_every_place(
        restatements, value, decimals
    )
    assert restatements.rounded_in_main(result, decimals) == expected
