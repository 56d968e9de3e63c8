"""Tables tools print into logs that were read as no table: comma-separated rows under a
header line of names, and pipe rows whose every cell is `key: value`."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.document.elements import TableKind
from draftflow.extract.document.text_tables import text_tables
from draftflow.extract.harvest.run import harvest
from extract_support import snapshot_of

SUMMARY_LOG = """=== Test Results Summary ===
Start Time: Fri Jul 11 04:27:26 UTC 2025

ISL,OSL,Requests,Throughput(tokens/sec),Latency(ms),Status
128,128,30000,14389.7989,266855.7100,SUCCESS
128,256,20000,17602.0571,290875.0935,SUCCESS
"""


def test_comma_rows_under_a_header_of_names_are_a_table() -> None:
    tables = text_tables(SUMMARY_LOG.splitlines())
    table = next(t for t in tables if t.header_rows and t.header_rows[0][0].text == "ISL")
    assert table.kind is TableKind.CSV
    assert [c.text for c in table.header_rows[0]][3] == "Throughput(tokens/sec)"
    assert [(row[3].line, row[3].text) for row in table.body_rows] == [
        (5, "14389.7989"),
        (6, "17602.0571"),
    ]


def test_a_logs_comma_rows_give_figures_named_by_their_header() -> None:
    snapshot = snapshot_of({"results/summary.log": SUMMARY_LOG})
    chosen = {(s.candidate.line, s.candidate.key) for s in select(harvest(snapshot))}
    assert (5, "Throughput(tokens/sec)") in chosen
    assert (6, "Latency(ms)") in chosen


def test_a_sentence_with_commas_is_no_table() -> None:
    lines = ["We ran it on Monday, Tuesday, and Friday", "at 10, 20, and 30 users each"]
    assert not [t for t in text_tables(lines) if t.kind is TableKind.CSV]


ENGINE_LOG = """=== ENGINE 1: OLLAMA ===
  Run 1/3...
    tok/s: 43.63 | TTFT: 33.7ms | Total: 6.16s | GPU: 53C
"""


def test_pipe_cells_of_key_value_pairs_are_named_by_their_keys() -> None:
    snapshot = snapshot_of({"engine-log.txt": ENGINE_LOG})
    found = {(c.line, c.key, c.values[0]) for c in harvest(snapshot)}
    assert (3, "tok/s", 43.63) in found
    assert (3, "TTFT", 33.7) in found
    assert (3, "Total", 6.16) in found


DLLOGGER = """DLL 2025-12-10 05:39:02.503835 - (0, 0) glob_iter/iters_per_epoch : 0/1
DLL 2025-12-10 05:39:08.997936 - (0, 0) train_items_per_sec : 445630.2027338139 items/s
DLL 2025-12-10 05:39:08.998028 - (0, 0) train_iter_time : 6.494176072999835
DLL 2025-12-10 05:39:35.789726 - () run_time : 50.03266746999725 s
"""


def test_a_loggers_records_end_in_a_named_value() -> None:
    found = {
        (c.line, c.key, c.values[0]) for c in harvest(snapshot_of({"train.txt": DLLOGGER})) if c.key
    }
    assert (2, "train_items_per_sec", 445630.2027338139) in found
    assert (3, "train_iter_time", 6.494176072999835) in found
    assert (4, "run_time", 50.03266746999725) in found
    # the record's time is its prefix, and `0/1` is a step count: neither is a pair
    assert not any(key.startswith(("DLL", "glob_iter")) for _, key, _ in found)


PAIRS_LOG = """# Qwen flash attention decode benchmark vs llama.cpp CPU
# Tolerance: llm.rs TBT <= llama.cpp TBT * 1.05

[FAIL] p100.txt depth=170 llm_rs=86.09ms llama_cpp=52.06ms limit=54.66ms
[FAIL] p300.txt depth=374 llm_rs=88.28ms llama_cpp=75.41ms limit=79.18ms
"""

PAIRS_README = """# Bench

We set x=3 in the config, and y=4 too.

```
[PASS] short depth=170 llm_rs=41.2ms llama_cpp=52.06ms
```
"""


def test_a_logs_name_value_pairs_are_candidates_named_by_their_names() -> None:
    candidates = [c for c in harvest(snapshot_of({"decode.txt": PAIRS_LOG})) if c.key]
    found = {(c.line, c.key, c.values[0]) for c in candidates}
    assert {(4, "llm_rs", 86.09), (4, "llama_cpp", 52.06), (5, "depth", 374)} <= found
    rows = {c.line: (c.table, c.row, c.row_header) for c in candidates if c.key == "llm_rs"}
    assert rows[4][0] == rows[5][0] and (rows[4][1], rows[5][1]) == (0, 1)
    assert rows[4][2] == "[FAIL] p100.txt"
    chosen = {(s.candidate.line, s.candidate.key) for s in select(candidates)}
    assert (4, "llm_rs") in chosen


def test_name_value_pairs_are_read_in_a_readmes_output_not_its_prose() -> None:
    keys = {(c.line, c.key) for c in harvest(snapshot_of({"README.md": PAIRS_README}))}
    assert (6, "llm_rs") in keys
    assert not any(line == 3 and key in ("x", "y") for line, key in keys)


LIKWID = """# Memory bandwidth

Primary testing with `likwid`:
```
Test: copy
MByte/s:                101478.93

Test: stream
MByte/s:                99972.51
```
"""


def test_a_tools_rate_in_megabytes_is_a_bandwidth() -> None:
    chosen = {
        (s.candidate.line, s.metric, s.unit)
        for s in select(harvest(snapshot_of({"README.md": LIKWID})))
    }
    assert (6, "bandwidth", "MB/s") in chosen
    assert (9, "bandwidth", "MB/s") in chosen


GO_BENCH = """# Benchmarks

```
goos: linux
goarch: amd64
cpu: AMD Ryzen 9 7950X3D 16-Core Processor
BenchmarkInference-32                100         111035054 ns/op               270.2 tokens/s
BenchmarkInference-32                100         110369390 ns/op               271.8 tokens/s
PASS
```
"""


def test_a_go_benchmarks_time_per_operation_is_a_latency() -> None:
    # Go's `testing` package prints `ns/op` after each benchmark's time (hybridgroup/yzma
    # BENCHMARKS.md): without the unit the column was a bare integer beside an iteration count
    chosen = {
        (s.candidate.line, s.metric, s.unit, float(s.candidate.values[s.value_index]))
        for s in select(harvest(snapshot_of({"README.md": GO_BENCH})))
    }
    assert (7, "latency", "ns/op", 111035054.0) in chosen
    assert (8, "latency", "ns/op", 110369390.0) in chosen
    assert not any(value == 100.0 for _, _, _, value in chosen)  # the iteration count


SCALING_LOG = """--- Testing qwen2.5:1.5b (1.5B) ---
  Running benchmark...
  Results: 173.25 tok/s | TTFT: 11.8ms | 256 tokens | 1.734337s total | GPU: 51C
"""


def test_a_pipe_row_of_pairs_beside_quantities_naming_themselves_is_keyed() -> None:
    # pendakwahteknologi/gx10-benchmarks model-scaling-log.txt:11: read as a headed row, the
    # 173.25 tok/s was the row's name and `GPU: 51C` its throughput (verify dropped 13 figures)
    (table,) = text_tables(SCALING_LOG.splitlines())
    assert table.keyed
    assert [c.text for c in table.header_rows[0]] == ["Results", "TTFT", "tokens", "total", "GPU"]
    assert [c.text for c in table.body_rows[0]] == [
        "173.25 tok/s",
        "11.8ms",
        "256 tokens",
        "1.734337s",
        "51C",
    ]


def test_a_keyed_rows_first_value_is_a_result_and_names_no_row() -> None:
    candidates = harvest(snapshot_of({"scaling-log.txt": SCALING_LOG}))
    assert all(c.row_header is None for c in candidates if c.line == 3)
    chosen = {(s.candidate.key, s.metric) for s in select(candidates)}
    assert ("Results", "throughput") in chosen
    assert ("total", "latency") in chosen


def test_a_pipe_row_with_one_pair_among_bare_cells_is_no_keyed_row() -> None:
    (table,) = text_tables(["name | 5 tokens | speed: 12 tok/s", "x | 6 tokens | 7"])
    assert not table.keyed


BENCH_CSV_LOG = (
    "=== ENGINE 3: llama.cpp ===\n"
    "build_commit,gpu_info,model_filename,model_type,n_prompt,n_gen,avg_ts,stddev_ts,"
    + ",".join(f"field_{n}" for n in range(40))
    + "\n"
    + '"6de97b9","NVIDIA GB10","/usr/share/ollama/.ollama/models/blobs/sha256-'
    + "2049f5674b1e92b4464e5729975c9689fcfbf0b0e4443ccf10b5339f370f9a54"
    + '","qwen2 14B Q4_K - Medium","0","256","22.008380","0.019334",'
    + ",".join('"0.000000"' for _ in range(40))
    + "\n"
)


def test_llama_benchs_long_csv_rows_in_a_log_are_a_table() -> None:
    # pendakwahteknologi/gx10-benchmarks engine-comparison-log.txt:27-28: 404 characters a line
    # and a weights path of 90; read as prose, the row's text before 22.008380 was its metric
    lines = BENCH_CSV_LOG.splitlines()
    assert len(lines[1]) > 400 and len(lines[2]) > 400
    (table,) = [t for t in text_tables(lines) if t.kind is TableKind.CSV]
    assert [c.text for c in table.body_rows[0]][6] == "22.008380"


def test_a_weights_path_under_an_engines_folder_names_no_engine() -> None:
    from draftflow.extract.conditions.setup_names import engine_in

    assert engine_in("/usr/share/ollama/.ollama/models/blobs/sha256-2049f5674b1e") is None
    assert engine_in("./build/bin/llama-bench -m model.gguf") == "llama.cpp"
    assert engine_in("vllm/vllm-openai:latest") == "vLLM"
