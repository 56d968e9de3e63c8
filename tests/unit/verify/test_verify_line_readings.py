"""A cited line's figures read from the tables holding it (verify/line_readings.py): for every
line, what extract's whole harvest and classifier read there, in the same order, while the
document's other tables are not harvested."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.acquire.snapshot import Document
from draftflow.extract import document as document_module
from draftflow.extract.classify import Selected, select
from draftflow.extract.harvest import csv_files as csv_module
from draftflow.extract.harvest import json_leaves as json_module
from draftflow.extract.harvest import markdown_tables as markdown_module
from draftflow.extract.harvest.run import harvest_document, harvest_to_select
from draftflow.verify.context import DocumentIndexes
from draftflow.verify.line_readings import LeafReadings, TableReadings
from draftflow.verify.reread import line_readings
from extract_support import snapshot_of

_RAW_ROWS = "\n".join(f"| run {i} | {100 + i}.5 | {i * 3} |" for i in range(130))
REPORT = f"""# Decode on two nodes

Throughput was 41.2 tok/s at concurrency 1, and TTFT 180 ms.

| model | decode tok/s | TTFT ms |
| --- | ---: | ---: |
| llama-8b | 41.2 | 180 |
| qwen-32b | **12.9** ± 0.4 | 640 |

Every run of the sweep (a raw dump):

| run | tok/s | tokens |
| --- | ---: | ---: |
{_RAW_ROWS}

<table><tr><th>model</th><th>tok/s</th></tr><tr><td>mixtral</td><td>33.3</td></tr></table>

```
| model | size | backend | test | t/s |
| ----- | ---- | ------- | ---- | --- |
| llama 7B Q4_0 | 3.56 GiB | ROCm | pp512 | 1234.56 ± 3.21 |
```

| a | b |
| --- | --- |
| x | 7.5 |
"""
LOG = """llama-bench output
| model | size | backend | test | t/s |
| ----- | ---- | ------- | ---- | --- |
| llama 7B Q4_0 | 3.56 GiB | ROCm | tg128 | 45.67 ± 0.12 |
prompt eval time = 120.5 ms
"""


def _whole(document: Document) -> dict[int, list[Selected]]:
    found: dict[int, list[Selected]] = {}
    for item in select(harvest_document(document)):
        found.setdefault(item.candidate.line, []).append(item)
    return found


@pytest.mark.parametrize(("path", "text"), [("README.md", REPORT), ("bench.log", LOG)])
def test_every_line_reads_what_the_whole_harvest_reads(path: str, text: str) -> None:
    document = snapshot_of({path: text}).documents[0]
    whole = _whole(document)
    tables = TableReadings.of(document)
    assert tables is not None and whole
    for line in range(len(document.line_list) + 2):
        assert tables.on(line) == whole.get(line, []), line


def test_a_raw_table_gives_no_figures_and_a_results_table_gives_its_own() -> None:
    document = snapshot_of({"README.md": REPORT}).documents[0]
    tables = TableReadings.of(document)
    assert tables is not None
    assert [float(r.value) for r in tables.on(7)] == [41.2, 180.0]
    assert tables.on(15) == []  # a row of the 130-row dump: raw, as the whole harvest says


def test_a_csv_or_json_file_is_read_whole() -> None:
    snapshot = snapshot_of({"a.csv": "model,tok_s\nx,4.5\n", "b.json": '{"tok_s": 4.5}\n'})
    assert [TableReadings.of(d) for d in snapshot.documents] == [None, None]


def test_only_the_rows_on_asked_lines_are_harvested(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cited row is harvested with its table's header alone (and the table's first and last
    rows holding a figure, which tell raw data): not its table's other rows, nor other tables."""
    document = snapshot_of({"README.md": REPORT}).documents[0]
    harvested: list[tuple[int, int]] = []
    real = markdown_module.TableRows.row

    def counting(self: markdown_module.TableRows, row_index: int) -> Any:
        harvested.append((self.index, row_index))
        return real(self, row_index)

    monkeypatch.setattr(markdown_module.TableRows, "row", counting)
    ctx: Any = type("Ctx", (), {"indexes": DocumentIndexes()})()
    first = line_readings(ctx, document, 7)
    again = line_readings(ctx, document, 8)
    assert [float(r.value) for r in first] == [41.2, 180.0] and again
    assert set(harvested) == {(0, 0), (0, 1)}  # the first table's two rows; no other table
    harvested.clear()
    assert line_readings(ctx, document, 16) == []  # a row of the 130-row dump: raw data
    assert set(harvested) == {(1, 0), (1, 129)}  # its first and last rows tell it is raw


RUNS_JSON = """{
  "date": "2026-08-14",
  "cases": [
    {"case": 0, "prompt_tokens": 8192, "concurrency": 7,
     "decode_tok_s_runs": [29.5, 65.0, 161.0], "ttft_ms": [366.9, 414.9]},
    {"case": 1, "prompt_tokens": 256, "concurrency": 4,
     "decode_tok_s": 50.3, "ttft_ms": 173.4, "notes": "warm cache, 3 runs"}
  ],
  "summary": {"mean_decode_tok_s": 88.1, "p95_ttft_ms": 640.2}
}
"""
RUNS_JSONL = (
    '{"model": "llama-8b", "tokens_per_second": 41.2, "ttft_ms": 180}\n'
    '{"model": "qwen-32b", "tokens_per_second": 12.9, "ttft_ms": 640}\n'
)


@pytest.mark.parametrize(("path", "text"), [("runs.json", RUNS_JSON), ("runs.jsonl", RUNS_JSONL)])
def test_a_json_line_reads_what_the_whole_selection_reads(
    path: str, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A JSON document's leaves are selected line by line, as asked: the same figures in the
    same order as the whole selection's, and only the asked line's leaves are classified."""
    document = snapshot_of({path: text}).documents[0]
    whole = _whole(document)
    assert whole
    for line in range(len(document.line_list) + 2):
        leaves = LeafReadings.of(document)
        assert leaves is not None
        assert leaves.on(line) == whole.get(line, []), line
    classified: list[int] = []
    real = select

    def counting(candidates: Any) -> Any:
        classified.extend(c.line for c in candidates)
        return real(candidates)

    monkeypatch.setattr("draftflow.verify.line_readings.select", counting)
    ctx: Any = type("Ctx", (), {"indexes": DocumentIndexes()})()
    asked = min(whole)
    assert line_readings(ctx, document, asked) == whole[asked]
    assert set(classified) == {asked}  # the other lines' leaves are not classified


def test_a_csv_file_is_read_whole_not_leaf_by_leaf() -> None:
    snapshot = snapshot_of({"a.csv": "model,tok_s\nx,4.5\n", "notes.md": "# a\n"})
    assert [LeafReadings.of(d) for d in snapshot.documents] == [None, None]


_CELLS = ["1.5", "41.2 tok/s", "", "**12.9** ± 0.4", "180 ms", "n/a", "llama-8b", "3/4", "0"]
_HEADERS = ["| model | tok/s | TTFT ms |", "| time | tok/s | tokens |", "| run | a | b |"]


@st.composite
def _reports(draw: st.DrawFn) -> str:
    """A report of tables (short, raw-length and telemetry ones) between prose lines."""
    parts = ["# Report", ""]
    for _ in range(draw(st.integers(1, 3))):
        parts += [draw(st.sampled_from(["Decode was 41.2 tok/s.", "Notes:", "- 7 runs"])), ""]
        parts += [draw(st.sampled_from(_HEADERS)), "| --- | ---: | ---: |"]
        width = st.lists(st.sampled_from(_CELLS), min_size=1, max_size=4)
        for _ in range(draw(st.sampled_from([1, 2, 5, 119, 120, 121]))):
            parts.append("| " + " | ".join(draw(width)) + " |")
        parts.append("")
    return "\n".join(parts) + "\n"


@settings(max_examples=25, deadline=None)
@given(_reports())
def test_any_report_line_reads_what_the_whole_harvest_reads(text: str) -> None:
    """Row by row (a table's first and last rows telling raw data) reads what the whole
    harvest and classifier read, on every line, in order."""
    document = snapshot_of({"README.md": text}).documents[0]
    whole = _whole(document)
    tables = TableReadings.of(document)
    assert tables is not None
    for line in range(len(document.line_list) + 1):
        assert tables.on(line) == whole.get(line, []), line


def test_a_json_line_makes_candidates_of_its_own_leaves_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading one line of a data file makes that line's candidates, not every leaf's (a run
    file holds tens of thousands)."""
    document = snapshot_of({"runs.json": RUNS_JSON}).documents[0]
    made: list[int] = []
    real = json_module.make_candidate

    def counting(document: Document, **fields: Any) -> Any:
        made.append(fields["line"])
        return real(document, **fields)

    monkeypatch.setattr(json_module, "make_candidate", counting)
    leaves = LeafReadings.of(document)
    assert leaves is not None
    assert [float(r.value) for r in leaves.on(7)] == [50.3, 173.4]
    assert set(made) == {7}


_CSV_ROWS = st.sampled_from(["x,4.5,12", "0.5,3,9", ",,", "y,abc,7 ms", "z,1/2,"])


@st.composite
def _csv_files(draw: st.DrawFn) -> str:
    """A CSV file of one or more tables (comment lines between), short ones and raw ones."""
    parts: list[str] = []
    for number in range(draw(st.integers(1, 3))):
        if number:
            parts.append("# next section")
        parts.append(draw(st.sampled_from(["model,tok_s,n", "time,tok_s,n", "a,b,c"])))
        parts += [draw(_CSV_ROWS) for _ in range(draw(st.sampled_from([1, 3, 120, 121, 125])))]
    return "\n".join(parts) + "\n"


@settings(max_examples=30, deadline=None)
@given(_csv_files())
def test_a_csv_selection_without_raw_tables_is_the_whole_selection(text: str) -> None:
    document = snapshot_of({"runs.csv": text}).documents[0]
    assert select(harvest_to_select(document)) == select(harvest_document(document))


def test_a_raw_csv_table_is_not_harvested_for_the_selection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Verify's readings of a 130-row data file: its first and last rows tell it is raw (no
    figure of it is selected); the rows between are not made candidates."""
    rows = "\n".join(f"m{i},{i}.5,{i * 3}" for i in range(130))
    document = snapshot_of({"sweep.csv": f"model,tok_s,n\n{rows}\n"}).documents[0]
    made: list[int] = []
    real = csv_module.plain_cell_candidate

    def counting(*args: Any) -> Any:
        made.append(args[2])
        return real(*args)

    monkeypatch.setattr(csv_module, "plain_cell_candidate", counting)
    ctx: Any = type("Ctx", (), {"indexes": DocumentIndexes()})()
    assert line_readings(ctx, document, 20) == []
    assert set(made) <= {2, 131}


def test_a_json_files_reader_keeps_its_leaves_not_the_tree() -> None:
    """The parse of a data file verify reads leaf by leaf is not kept in the parse memo (its
    tree of every value is freed once its leaves are listed)."""
    document = snapshot_of({"kept.json": '{"kept_tok_s": 41.25, "runs": [3.5, 4.5]}\n'}).documents[
        0
    ]
    leaves = LeafReadings.of(document)
    assert leaves is not None and [float(r.value) for r in leaves.on(1)]
    assert (document.sha256, document.path) not in document_module._memo


_KEYS = st.sampled_from(["tok_s", "ttft_ms", "model", "runs", "note", "p95_ms", "concurrency"])
_SCALARS = st.one_of(
    st.floats(0, 500, allow_nan=False).map(lambda v: round(v, 2)),
    st.integers(0, 9000),
    st.sampled_from(["llama-8b", "3 runs", "41.2 tok/s", "", "n/a"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, min_size=1, max_size=5), st.sampled_from([None, 1, 2]))
def test_any_json_line_reads_what_the_whole_selection_reads(
    value: dict[str, Any], indent: int | None
) -> None:
    document = snapshot_of({"any.json": json.dumps(value, indent=indent) + "\n"}).documents[0]
    whole = _whole(document)
    leaves = LeafReadings.of(document)
    assert leaves is not None
    for line in range(len(document.line_list) + 1):
        assert leaves.on(line) == whole.get(line, []), line
