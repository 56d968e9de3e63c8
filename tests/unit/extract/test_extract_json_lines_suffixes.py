"""JSON Lines is one format under two suffixes (`.jsonl`, `.ndjson`): every reader that tells
a data file by its suffix reads an `.ndjson` file as it reads a `.jsonl` one."""

from __future__ import annotations

from draftflow.extract.learned.features import _document_names
from draftflow.numbers.parse import uses_decimal_comma
from draftflow.pipeline.eval_score import SourceShape, line_shape
from draftflow.select.run_files import run_file_paths
from extract_support import snapshot_of

RECORD = '{"name": "FactorialZeroShot", "passed": 4, "total": 4}\n'


def test_an_ndjson_record_is_a_json_line_for_the_scorer() -> None:
    assert line_shape("results/eval.ndjson", RECORD) is SourceShape.JSON
    assert line_shape("results/eval.jsonl", RECORD) is SourceShape.JSON


def test_the_result_model_sees_one_suffix_feature_for_json_lines() -> None:
    assert "ext=.jsonl" in _document_names("results/eval.ndjson")
    assert "ext=.jsonl" in _document_names("results/eval.jsonl")


def test_an_ndjson_file_is_a_run_file_and_writes_no_decimal_comma() -> None:
    snapshot = snapshot_of({"results/eval.ndjson": RECORD, "README.md": "# r\n"})
    assert run_file_paths(snapshot) == frozenset({"results/eval.ndjson"})
    assert not uses_decimal_comma("results/eval.ndjson", '{"a": [1,5, 2,5]}\n')
