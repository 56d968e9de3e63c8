"""JSON/JSONL harvesting: every leaf's path and the line its value sits on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract.document.json_tree import JsonScanError, scan_json
from draftflow.extract.harvest.json_leaves import harvest_json
from extract_support import corpus_snapshot, snapshot_of


def _harvest(name: str, text: str | bytes) -> list[Any]:
    return harvest_json(snapshot_of({name: text}).documents[0])


NESTED = """{
  "run": {"id": "r1", "hardware": {"mem_gb": 128}},
  "series": [
    {
      "model": "Gemma",
      "points": [
        {
          "concurrency": 1,
          "agg_tok_s": 25.6,
          "ttft_ms": {
            "p50": 690,
            "p95": 696
          }
        }
      ]
    }
  ]
}
"""


def test_leaves_have_paths_lines_and_context() -> None:
    by_path = {c.json_path: c for c in _harvest("r.json", NESTED)}
    assert by_path["run.hardware.mem_gb"].line == 2
    agg = by_path["series[0].points[0].agg_tok_s"]
    assert (agg.line, agg.values, agg.key) == (9, [25.6], "points.agg_tok_s")
    p95 = by_path["series[0].points[0].ttft_ms.p95"]
    assert (p95.line, p95.values, p95.unit_guess) == (12, [696], "ms")
    # context: own siblings first, then the scalars of enclosing objects
    assert p95.context["p50"] == "690"
    assert p95.context["concurrency"] == "1"
    assert p95.context["model"] == "Gemma"


def test_one_line_json_and_numeric_strings() -> None:
    text = '{"a": 1, "b": "2,165 tok/s", "c": "v0.6.6", "d": [3, 4.5], "e": null, "f": true}'
    candidates = _harvest("r.json", text)
    assert {c.json_path: c.values for c in candidates} == {
        "a": [1],
        "b": [2165],
        "d[0]": [3],
        "d[1]": [4.5],
    }
    assert {c.line for c in candidates} == {1}


def test_jsonl_lines_and_bad_lines_skipped() -> None:
    text = '{"tok_s": 10}\nnot json\n\n{"tok_s": 12.5, "x": {"y": 3}}\n'
    candidates = _harvest("r.jsonl", text)
    assert [(c.json_path, c.line, c.values) for c in candidates] == [
        ("[0].tok_s", 1, [10]),
        ("[3].tok_s", 4, [12.5]),
        ("[3].x.y", 4, [3]),
    ]


def test_bom_crlf_and_escapes() -> None:
    text = '\ufeff{\r\n  "k\\"ey": "a\\u00e9 5",\r\n  "n": -1.5e3\r\n}\r\n'
    candidates = _harvest("r.json", text)
    assert [(c.json_path, c.line, c.values) for c in candidates] == [
        ('k"ey', 2, [5]),
        ("n", 3, [-1500]),
    ]


@pytest.mark.parametrize("text", ["{", '{"a": }', "[1, 2", '{"a": 1} trailing', "", "nul\x00"])
def test_invalid_json_yields_nothing(text: str) -> None:
    assert _harvest("bad.json", text) == []


def test_deep_nesting_is_refused_not_crashed() -> None:
    assert _harvest("deep.json", "[" * 5000 + "]" * 5000) == []
    with pytest.raises(JsonScanError):
        scan_json("[" * 5000 + "]" * 5000)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": 1,\n "b" 2}', "expected ':' at line 2"),
        ("[1,\n2\n3]", "expected ',' or ']' at line 3"),
        ('{"a": 1}\n\n]', "extra data at line 1"),
        ('{"a":\n  @}', "unexpected character at line 1"),
        ('{\n"a": [1,', "unexpected character at line 2"),
        ("{\n 7: 1}", "expected a key at line 2"),
    ],
)
def test_unreadable_json_says_where(text: str, message: str) -> None:
    with pytest.raises(JsonScanError, match=message):
        scan_json(text)


def test_trailing_whitespace_of_any_kind_is_no_extra_data() -> None:
    assert scan_json('{"a": 1}\n\f\u00a0 ').members[0][1].text == "1"


_LEAVES = st.one_of(
    st.integers(-(10**9), 10**9),
    st.floats(allow_nan=False, allow_infinity=False, width=32).map(lambda f: round(f, 3)),
    st.text(alphabet='ab "\\é\n', max_size=5),
    st.booleans(),
    st.none(),
)
_TREES = st.recursive(
    _LEAVES,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(alphabet='xyz_"', min_size=1, max_size=3), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(tree=_TREES, indent=st.sampled_from([None, 1, 2, 4]))
def test_every_number_leaf_sits_on_its_line(tree: Any, indent: int | None) -> None:
    text = json.dumps(tree, indent=indent, ensure_ascii=False)
    document = snapshot_of({"r.json": text}).documents[0]
    candidates = harvest_json(document)
    numbers = _number_leaves(tree)
    assert len([c for c in candidates if not _is_string_leaf(c.text)]) == len(numbers)
    for candidate in candidates:
        line = document.line(candidate.line)
        assert line is not None
        written = json.dumps(candidate.text, ensure_ascii=False)
        assert candidate.text in line or written in line


def _number_leaves(tree: Any) -> list[Any]:
    if isinstance(tree, dict):
        return [leaf for value in tree.values() for leaf in _number_leaves(value)]
    if isinstance(tree, list):
        return [leaf for value in tree for leaf in _number_leaves(value)]
    if isinstance(tree, int | float) and not isinstance(tree, bool):
        return [tree]
    return []


def _is_string_leaf(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return True
    return False


def test_real_result_file_lines(corpus_dir: Path, manifest: dict[str, Any]) -> None:
    snapshot = corpus_snapshot(corpus_dir, manifest, "jvr0x__dgx-spark-bench")
    document = snapshot.by_path("results/gemma-4-12b-it-llamacpp.json")
    assert document is not None
    by_line = {(c.line, c.key): c for c in harvest_json(document)}
    assert by_line[(64, "points.agg_tok_s")].values == [25.6]
    assert by_line[(67, "ttft_ms.p50")].values == [690]
    assert by_line[(64, "points.agg_tok_s")].context["concurrency"] == "1"
