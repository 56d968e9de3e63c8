"""Key/value report blocks: `Mean TTFT (ms):   826.65` lines with their section and line."""

from __future__ import annotations

from draftflow.extract.harvest.keyvalue import harvest_keyvalue
from draftflow.extract.harvest.run import harvest
from extract_support import snapshot_of

BENCH_SERVE = """## Results

============ Serving Benchmark Result ============
Successful requests:                     200
Request throughput (req/s):              0.29
Output token throughput (tok/s):         116.14
---------------Time to First Token----------------
Mean TTFT (ms):                          826.65
P99 TTFT (ms):                           2292.97
==================================================

**Generated:** 2026-08-14 12:58:32
Note: we saw 3 failures, see the log.
- **Decode:** 45.5 tok/s
"""


def test_key_value_report_blocks() -> None:
    snapshot = snapshot_of({"r.md": BENCH_SERVE, "notes.txt": "Peak memory (GB): 97.2\n"})
    found = [(c.path, c.line, c.key, c.values, c.heading) for c in harvest(snapshot)]
    assert found == [
        ("notes.txt", 1, "Peak memory (GB)", [97.2], None),
        ("r.md", 4, "Successful requests", [200], "Serving Benchmark Result"),
        ("r.md", 5, "Request throughput (req/s)", [0.29], "Serving Benchmark Result"),
        ("r.md", 6, "Output token throughput (tok/s)", [116.14], "Serving Benchmark Result"),
        ("r.md", 8, "Mean TTFT (ms)", [826.65], "Time to First Token"),
        ("r.md", 9, "P99 TTFT (ms)", [2292.97], "Time to First Token"),
        ("r.md", 14, "Decode", [45.5], "Results"),
        # not a key/value line: the prose finder reads the sentence's outcome count
        ("r.md", 13, "Results › Generated: we saw 3 failures, see the log.", [3], None),
    ]
    kv = harvest_keyvalue(snapshot.by_path("r.md"))  # type: ignore[arg-type]
    assert kv[0].context["Request throughput (req/s)"] == "0.29"
