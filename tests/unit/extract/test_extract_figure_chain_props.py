"""Property tests: a table's figures do not depend on where its unit is written.

The context chain (cell → column header → row header → caption → heading path) gives a
number its metric and unit. Generated tables state the same measurements with the unit in
each place of the chain, transposed, under a two-row header, as tool output in a code fence,
with markers around the numbers (`**~27.5 tok/s**`) and with rows of non-values (`OOM`,
`n/a`, `—`); the figures (metric, value, unit, in row order) must be the same every time.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract import harvest
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

# (column word, unit as written) -> (metric, unit) the figure must have
METRICS: dict[tuple[str, str], tuple[str, str]] = {
    ("decode", "tok/s"): ("decode_rate", "tokens/s"),
    ("prefill", "tok/s"): ("prefill_rate", "tokens/s"),
    ("TTFT", "ms"): ("ttft", "ms"),
}
MODELS = ["qwen3-8b", "llama-3.1-8b", "gemma-2-9b", "mistral-7b", "phi-4-mini"]
NON_VALUES = ["OOM", "n/a", "—", "N/A", ""]
MARKERS: list[Callable[[str], str]] = [
    lambda v: v,
    lambda v: f"**{v}**",
    lambda v: f"*{v}*",
    lambda v: f"~{v}",
    lambda v: f"**~{v}**",
    lambda v: f"_{v}_",
]
# Not a marker: a number in a code span (`27.5`) is code (a flag's value), not a figure
# (classify's rule).

Row = tuple[str, str | None]
"""A model and its value as written (None: a non-value row)."""


@st.composite
def measurements(draw: st.DrawFn) -> tuple[tuple[str, str], list[Row], list[int]]:
    """A metric, rows of (model, value or None) and a marker index per row."""
    metric = draw(st.sampled_from(sorted(METRICS)))
    count = draw(st.integers(min_value=2, max_value=5))
    models = draw(st.permutations(MODELS))[:count]
    values = draw(
        st.lists(st.integers(min_value=100, max_value=9999), min_size=count, max_size=count)
    )
    blanks = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    rows: list[Row] = []
    for model, value, blank in zip(models, values, blanks, strict=True):
        rows.append((model, None if blank else f"{value / 10:.1f}"))
    if all(value is None for _, value in rows):
        rows[0] = (rows[0][0], "12.5")
    markers = draw(st.lists(st.integers(0, len(MARKERS) - 1), min_size=count, max_size=count))
    return metric, rows, markers


def _cell(value: str | None, marker: int, unit: str | None, non_value: str) -> str:
    if value is None:
        return non_value
    return MARKERS[marker](f"{value} {unit}" if unit else value)


def _markdown(header: list[str], rows: list[list[str]]) -> list[str]:
    return [
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
        *("| " + " | ".join(row) + " |" for row in rows),
    ]


def render(
    place: str,
    metric: tuple[str, str],
    rows: list[Row],
    markers: list[int],
    non_value: str,
) -> str:
    """A Markdown document stating `rows` with the unit written at `place`."""
    word, unit = metric
    in_cell = place == "cell"
    cells = [
        [model, _cell(value, marker, unit if in_cell else None, non_value)]
        for (model, value), marker in zip(rows, markers, strict=True)
    ]
    header = ["model", word if place in ("cell", "caption", "heading") else f"{word} ({unit})"]
    lines = ["# Benchmark", ""]
    if place == "heading":
        lines += [f"## {word} ({unit})", ""]
    if place == "caption":
        lines += [f"All {word} figures below are in {unit}.", ""]
    if place == "transposed":
        lines += _markdown(
            ["", *(model for model, _ in cells)], [[header[1], *(cell for _, cell in cells)]]
        )
    elif place == "two-row header":
        lines += [
            "<table>",
            f"<tr><th>model</th><th>{word}</th></tr>",
            f"<tr><th></th><th>{unit}</th></tr>",
            *(f"<tr><td>{model}</td><td>{cell}</td></tr>" for model, cell in cells),
            "</table>",
        ]
    elif place == "fenced tool output":
        lines += ["```text", f"{'model':<16}{header[1]}"]
        lines += [f"{model:<16}{cell or '-'}" for model, cell in cells]
        lines += ["```"]
    elif place == "fenced pipe output":
        lines += ["```", f"| model | {header[1]} |"]
        lines += [f"| {model} | {cell} |" for model, cell in cells]
        lines += ["```"]
    else:
        lines += _markdown(header, cells)
    return "\n".join(lines) + "\n"


PLACES = [
    "cell",
    "header",
    "caption",
    "heading",
    "transposed",
    "two-row header",
    "fenced tool output",
    "fenced pipe output",
]


def figures(text: str) -> list[tuple[str, float, str]]:
    """The no-model figures of a one-document repository, in source order."""
    snapshot = snapshot_of({"README.md": text})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    ordered = sorted(results, key=lambda r: r.source_line)
    return [(r.metric, float(r.value), r.unit or "") for r in ordered]


@settings(max_examples=100, deadline=None)
@given(
    measured=measurements(),
    place=st.sampled_from(PLACES),
    non_value=st.sampled_from(NON_VALUES),
)
def test_the_same_figures_wherever_the_unit_is_written(
    measured: tuple[tuple[str, str], list[Row], list[int]], place: str, non_value: str
) -> None:
    metric, rows, markers = measured
    if place.startswith("fenced"):
        markers = [0] * len(markers)  # tool output writes no Markdown emphasis
    name, unit = METRICS[metric]
    expected = [(name, float(value), unit) for _, value in rows if value is not None]
    text = render(place, metric, rows, markers, non_value)
    assert figures(text) == expected, text


def test_a_non_value_is_no_figure_and_no_zero() -> None:
    rows: list[Row] = [("qwen3-8b", "27.5"), ("llama-3.1-8b", None)]
    for non_value in ("OOM", "n/a", "—"):
        text = render("header", ("decode", "tok/s"), rows, [1, 0], non_value)
        assert figures(text) == [("decode_rate", 27.5, "tokens/s")]
