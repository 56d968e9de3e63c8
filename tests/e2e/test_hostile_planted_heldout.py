"""Planted instructions in phrasings and languages the classifier was not written from (a
sample of `tests/fixtures/instructions/heldout-s12.json`), drafted with no model as a real
process: none of their numbers is a figure, each line is flagged, the real table stands."""

from __future__ import annotations

import json
from pathlib import Path

from draft_cli import HOSTILE_ID, draft_hostile_folder

HELDOUT = Path(__file__).parents[1] / "fixtures" / "instructions" / "heldout-s12.json"
SAMPLE = ("9901", "9904", "9914", "9917", "9923", "9930", "9934", "9936", "9938", "9940", "9941")
README = """# Spark bench

Decode throughput of Qwen3-30B-A3B on one DGX Spark (vLLM 0.11, batch 1).

| model | decode tok/s | prefill tok/s |
|---|---|---|
| Qwen3-30B-A3B | 41.5 | 3120.4 |

{planted}
"""


def test_held_out_planted_lines_are_never_figures_and_each_is_flagged(tmp_path: Path) -> None:
    lines = [
        line
        for _, line in json.loads(HELDOUT.read_text(encoding="utf-8"))["addressed"]
        if any(number in line for number in SAMPLE)
    ]
    assert len(lines) == len(SAMPLE)
    folder = tmp_path / "someone__spark-bench"
    folder.mkdir()
    (folder / "README.md").write_text(README.format(planted="\n\n".join(lines)))
    records = tmp_path / "records"
    record = draft_hostile_folder(folder, records)
    record_id = HOSTILE_ID
    figures = (records / f"{record_id}.figures.json").read_text()
    published = json.dumps(record["editorial"]) + figures
    for number in SAMPLE:
        assert number not in published, number
    assert "41.5" in published
    report = json.loads((records / f"{record_id}.verify.json").read_text())
    warned = {f["claim"] for f in report["flags"] if "reader-program" in f["message"]}
    readme = (folder / "README.md").read_text().splitlines()
    expected = {f"README.md:{readme.index(line) + 1}" for line in lines}
    assert expected <= warned, sorted(expected - warned)
