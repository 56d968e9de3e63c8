"""A data file whose strings are hex words (MLPerf's `mlperf_log_accuracy.json`:
`"data" : "0080E343"`) drafts like any other: such a word once read as 8e344, reached a
figure's evidence cells as `inf` and ended the draft in a pydantic traceback (found on
kurtvalcorza/inference-bench, session 28)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_process import cli_in_process

ORIGIN = "https://github.com/o/mlperf-run"
REVISION = "0123456789abcdef0123456789abcdef01234567"
README = "# MLPerf on one GPU\n\n| Scenario | Samples/s |\n| --- | ---: |\n| Offline | 1234.5 |\n"
WORDS = ["0000DA42", "00003144", "0080E343", "00C05944", "7E999000", "0080BB43"]


def accuracy_log(rows: int) -> str:
    """The log's own layout: one JSON object a line, the sample's bytes as a hex word."""
    lines = [
        f'{{ "seq_id" : {n}, "qsl_idx" : {(n * 977) % 5000}, "data" : "{WORDS[n % len(WORDS)]}" }}'
        for n in range(rows)
    ]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def test_hex_words_in_a_data_file_are_no_numbers_and_the_draft_succeeds(tmp_path: Path) -> None:
    folder = tmp_path / "repo"
    (folder / "results").mkdir(parents=True)
    (folder / "README.md").write_text(README)
    (folder / "results" / "mlperf_log_accuracy.json").write_text(accuracy_log(60))
    records = tmp_path / "records"
    done = cli_in_process(
        "draft", str(folder), "--origin", ORIGIN, "--revision", REVISION,
        "--records-dir", str(records),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    figures = json.loads((records / "o-mlperf-run.figures.json").read_text())["figures"]
    values = [figure["value"] for figure in figures]
    assert 1234.5 in values
    assert all(isinstance(value, int | float) and abs(value) < 1e300 for value in values)
    record_text = (records / "o-mlperf-run.json").read_text()
    assert "Infinity" not in record_text and "inf" not in json.loads(record_text).get("title", "")
