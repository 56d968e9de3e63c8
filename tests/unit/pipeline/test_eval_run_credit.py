"""eval credits a gold run value that the record keeps in a summary's `per_run_values`."""

from __future__ import annotations

from draftflow.pipeline.eval_score import RunCredit, _Figure
from extract_support import snapshot_of

RUNS = """{
  "decode_tok_s": {
    "values": [
      44.97,
      46.26
    ],
    "mean": 45.62
  },
  "prefill_tok_s": {
    "values": [12439.0, 14087.1]
  }
}
"""


def _figure(line: int, value: float, runs: list[float]) -> _Figure:
    return _Figure("r.json", line, value, "decode_rate", "x", {"per_run_values": runs})


def test_a_run_inside_a_summary_is_found() -> None:
    credit = RunCredit(snapshot_of({"r.json": RUNS}), [_figure(7, 45.62, [44.97, 46.26])])
    assert credit.holds("r.json", 4, 44.97)
    assert credit.holds("r.json", 5, 46.26)


def test_a_run_is_found_only_beside_the_summary_that_holds_it() -> None:
    credit = RunCredit(snapshot_of({"r.json": RUNS}), [_figure(7, 45.62, [44.97, 46.26])])
    assert not credit.holds("r.json", 10, 12439.0)  # another array: no summary holds it
    assert not credit.holds("r.json", 4, 46.26)  # not the value on that line
    elsewhere = RunCredit(snapshot_of({"r.json": RUNS}), [_figure(10, 1.0, [44.97, 46.26])])
    assert not elsewhere.holds("r.json", 4, 44.97)  # a summary anchored on another object


def test_a_run_row_is_found_on_its_own_line_in_a_summary_of_rows() -> None:
    """A JSONL row folded into its configuration's median: found by its position in
    `per_run_values` and `run_source_lines`, on its own line only."""
    rows = '{"n": 1, "tps": 10.5}\n{"n": 2, "tps": 99.0}\n{"n": 1, "tps": 11.5}\n'
    summary = _Figure(
        "r.jsonl",
        1,
        11.0,
        "decode_rate",
        "x",
        {"per_run_values": [10.5, 11.5], "run_source_lines": [1, 3]},
    )
    credit = RunCredit(snapshot_of({"r.jsonl": rows}), [summary])
    assert credit.holds("r.jsonl", 3, 11.5)
    assert credit.holds("r.jsonl", 1, 10.5)
    assert not credit.holds("r.jsonl", 1, 11.5)  # another run's value on this row
    assert not credit.holds("r.jsonl", 2, 99.0)  # a row of another configuration
