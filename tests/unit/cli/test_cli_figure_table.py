"""`draftflow figures`' rows and table: condition filters are exact, the conditions that tell
rows apart are columns, the table fits its width, and piped output is tab-separated."""

from __future__ import annotations

import pytest

from draftflow.cli.figure_rows import (
    FigureRow,
    check_where_keys,
    filter_rows,
    split_query,
)
from draftflow.cli.figure_table import table_lines, tsv_lines
from draftflow.errors import InputError

MODEL = "Laguna-S-2.1 [nspec=15]"


def _row(line: int, concurrency: int, **extra: str) -> FigureRow:
    return FigureRow(
        id=f"fig-{line:012d}",
        value=20.5 + line,
        unit="tokens/s",
        metric="aggregate_throughput",
        label=extra.pop("label", f"{MODEL}, NVFP4 + DFlash (15 tok, untuned), vLLM, agg_tok_s"),
        document=extra.pop("document", "results/laguna-s-2.1-nvfp4-nspec15.json"),
        line=line,
        selected=line == 67,
        conditions={"model": MODEL, "engine": "vLLM", "concurrency": concurrency, **extra},
    )


ROWS = [_row(67, 1), _row(87, 2), _row(107, 15), _row(127, 4)]


def test_a_condition_filter_is_exact_not_a_substring() -> None:
    words, where = split_query("c=1")
    assert words == [] and where == {"c": "1"}
    with pytest.raises(InputError) as raised:
        check_where_keys(ROWS, where)
    assert raised.value.hint is not None and "--where concurrency=1" in raised.value.hint
    assert [row.line for row in filter_rows(ROWS, where={"concurrency": "1"})] == [67]
    assert [row.line for row in filter_rows(ROWS, where={"concurrency": "1.0"})] == [67]
    assert filter_rows(ROWS, where={"engine": "vllm", "concurrency": "15"}) == [ROWS[2]]


def test_the_table_fits_80_columns_with_the_distinguishing_condition() -> None:
    lines, left_out = table_lines(ROWS, 80)
    assert all(len(line) <= 80 for line in lines), lines
    assert "concurrency" in lines[0] and "model" not in lines[0] and left_out == []
    assert lines[1] == "results/laguna-s-2.1-nvfp4-nspec15.json"
    assert lines[2].startswith("*  fig-000000000067") and lines[2].endswith("1")
    assert lines[4].rstrip().endswith("15")


def test_rows_only_a_label_tells_apart_show_it_below() -> None:
    rows = [_row(169, 1, label="Mean tok/s, System A"), _row(170, 1, label="Mean tok/s, System B")]
    lines, _ = table_lines(rows, 80)
    assert lines[3].strip() == "Mean tok/s, System A" and lines[5].strip() == "Mean tok/s, System B"


def test_conditions_without_room_are_named() -> None:
    rows = [
        _row(1, 1, system="DGX Spark", document="a.json", workload="chat"),
        _row(2, 2, system="GB10", document="a.json", workload="rag"),
    ]
    lines, left_out = table_lines(rows, 80)
    assert all(len(line) <= 80 for line in lines)
    assert left_out and all(key not in lines[0] for key in left_out)
    wide, none_left = table_lines(rows, None)
    assert none_left == [] and all(key in wide[0] for key in ["label", *left_out])


def test_tsv_has_every_condition_as_a_column() -> None:
    lines = list(tsv_lines(ROWS))
    header = lines[0].split("\t")
    assert header[:8] == ["id", "selected", "value", "unit", "metric", "label", "document", "line"]
    assert header[8:] == ["model", "engine", "concurrency"]
    first = dict(zip(header, lines[1].split("\t"), strict=True))
    assert (first["selected"], first["line"], first["concurrency"]) == ("yes", "67", "1")
