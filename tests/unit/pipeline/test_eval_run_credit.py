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
