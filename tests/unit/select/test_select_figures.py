"""The figures file: stable ids, a byte-stable round trip, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from documents import make_document, make_result
from draftflow.errors import InputError
from draftflow.record.model import ReportedResult
from draftflow.select.figures_file import (
    dump_figures,
    figures_bytes,
    figures_chunks,
    load_figures,
    make_figures,
    parse_figures,
)

RESULTS = make_document("results.md", "".join(f"line {n}\n" for n in range(1, 11)), prefix="r-")


def _result(line: int, value: float, label: str = "decode tok/s") -> ReportedResult:
    return make_result(RESULTS, line, value, label=label)


def test_ids_are_stable_and_distinct() -> None:
    results = [_result(3, 41.5), _result(4, 41.5), _result(3, 41.5)]
    first, again = make_figures(results), make_figures(list(results))
    assert [f.id for f in first] == [f.id for f in again]
    assert len({f.id for f in first}) == 3  # a repeated identity gets a suffix
    assert first[0].id.startswith("fig-") and first[2].id == first[0].id + "-2"


def test_round_trip_is_byte_stable(tmp_path: Path) -> None:
    figures = make_figures([_result(3, 41.5), _result(7, 27)])
    text = dump_figures(figures)
    assert text.startswith('{\n  "figures": [\n    {\n      "id": "fig-')
    path = tmp_path / "x.figures.json"
    path.write_text(text, encoding="utf-8")
    assert dump_figures(load_figures(path)) == text
    assert isinstance(load_figures(path)[1].result.value, int)


def test_a_broken_figures_file_says_how_to_fix_it(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="re-draft"):
        load_figures(tmp_path / "missing.figures.json")
    with pytest.raises(InputError, match="has no id"):
        parse_figures('{"figures": [{"label": "x"}]}')
    with pytest.raises(InputError, match="invalid field"):
        parse_figures('{"figures": [{"id": "fig-1", "label": "x"}]}')


@pytest.mark.parametrize(
    "value", [41.5, 0.0, -0.0, 1e-4, 5.2820621170504965e-05, -3e-7, 9.8e-08, 1e16, 1e300, 7]
)
@pytest.mark.parametrize("big", [2**62, 2**70])  # beyond 64 bits: json writes the file
def test_the_file_is_what_json_dumps_writes(value: float, big: int) -> None:
    """orjson writes the file, byte for byte as `json.dumps(indent=2)` would."""
    odd = 'quote " back \\ tab \t nl \n nul \x00 del \x7f ü € 😀 \u2028'
    result = _result(3, value, label=odd).model_copy(
        update={"conditions": {"runs": [value, big, None, True], odd: {"nested": []}}}
    )
    figures = make_figures([result, _result(4, value)])
    expected = json.dumps(
        {"figures": [f.to_json() for f in figures]}, indent=2, ensure_ascii=False, allow_nan=False
    )
    assert dump_figures(figures) == expected + "\n"
    assert figures_bytes(figures) == (expected + "\n").encode()
    pieces = list(figures_chunks(figures))  # what a draft writes, one figure at a time
    assert b"".join(pieces) == (expected + "\n").encode() and len(pieces) == len(figures) + 2
    assert parse_figures(dump_figures(figures)) == figures


def test_no_figures_is_an_empty_list() -> None:
    expected = json.dumps({"figures": []}, indent=2) + "\n"
    assert dump_figures([]) == expected
    assert figures_bytes([]) == expected.encode()


def test_a_figure_that_is_not_a_number_is_refused_as_json_refuses_it() -> None:
    result = _result(3, 1.0).model_copy(update={"conditions": {"x": float("nan")}})
    with pytest.raises(ValueError, match="not JSON compliant"):
        dump_figures(make_figures([result]))
