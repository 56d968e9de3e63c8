"""A logger's record is read after its prefix (`text/lines.py`, `log_message`): a report that
pastes `[2026-01-20 20:19:06,373 INFO] Tokens per second: 111.2` (eole-nlp/eole's
benchmarks) states `Tokens per second: 111.2` as any `key: value` line does, and neither the
time stamp's numbers nor its level are read as the record's figure or its words."""

from __future__ import annotations

import pytest

from documents import make_document
from draftflow.extract.harvest.keyvalue import harvest_keyvalue
from draftflow.extract.harvest.lines import harvest_lines
from draftflow.text.lines import key_value_match, log_message

RESULTS = """# Eager mode

### Batch size 1
- [2026-01-20 20:18:59,307 INFO] Tokens per second: 109.6
- [2026-01-20 20:18:59,307 INFO] Average prediction time (ms): 1773.5
- [2026-01-20 20:18:59,307 INFO] Build and loading model took 4.89 sec.
"""


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "- [2026-01-20 20:19:06,373 INFO] Tokens per second: 111.2",
            "-                                Tokens per second: 111.2",
        ),
        (
            "[2026-04-11T04:40:32Z INFO  llm_rs2::backend] Decode: 41 tok/s",
            "                                              Decode: 41 tok/s",
        ),
        (
            "2026-01-20 20:19:06,373 - INFO - Throughput: 50 tok/s",
            "                                 Throughput: 50 tok/s",
        ),
        ("[2025-08-09 23:43:41] Iterations: 3", "                      Iterations: 3"),
        # no time stamp: not a logger's record
        ("Throughput: 50 tok/s", "Throughput: 50 tok/s"),
        ("- 2026-01-20: 5 runs", "- 2026-01-20: 5 runs"),
        ("[1] Throughput: 50", "[1] Throughput: 50"),
    ],
)
def test_log_message_blanks_the_record_prefix_in_place(line: str, message: str) -> None:
    assert log_message(line) == message
    assert len(log_message(line)) == len(line)


def test_a_log_record_s_key_value_is_a_key_value_line() -> None:
    assert key_value_match("- [2026-01-20 20:19:06,373 INFO] Tokens per second: 111.2")
    document = make_document("results.md", RESULTS)
    found = [(c.line, c.key, c.values) for c in harvest_keyvalue(document)]
    assert found == [
        (4, "Tokens per second", [109.6]),
        (5, "Average prediction time (ms)", [1773.5]),
    ]


def test_a_time_stamp_s_numbers_are_no_line_candidates() -> None:
    document = make_document("run.log", "[2026-01-20 20:17:47,554 INFO] model took 4.89 sec\n")
    found = [(c.values, c.key) for c in harvest_lines(document, set())]
    assert found == [([4.89], "model took")]
