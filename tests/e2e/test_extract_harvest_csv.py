"""CSV/TSV harvesting: cells, headers, context and exact GitHub line numbers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from draftflow.extract.candidates import SourceFormat
from draftflow.extract.classify import select
from draftflow.extract.harvest.csv_files import harvest_csv
from draftflow.extract.raw_tables import MAX_TABLE_ROWS, raw_tables
from extract_support import corpus_snapshot, snapshot_of


def _harvest(name: str, text: str | bytes) -> list[Any]:
    snapshot = snapshot_of({name: text})
    return harvest_csv(snapshot.documents[0])


def test_cells_keep_header_row_and_line() -> None:
    candidates = _harvest("r.csv", "model,c,tok_s\nqwen,1,45.5\nqwen,4,120.25\n")
    by_key = {(c.line, c.column): c for c in candidates}
    assert by_key[(2, "tok_s")].values == [45.5]
    assert by_key[(3, "tok_s")].values == [120.25]
    assert by_key[(3, "c")].values == [4]
    cell = by_key[(3, "tok_s")]
    assert cell.row_header == "qwen"
    assert cell.context == {"model": "qwen", "c": "4", "tok_s": "120.25"}
    assert cell.format is SourceFormat.CSV
    assert cell.unit_guess == "tokens/s"


def test_quoted_multiline_cell_shifts_following_lines() -> None:
    text = 'name,notes,ttft_s\na,"first line\nsecond 7 line\nthird",0.25\nb,plain,0.5\n'
    candidates = _harvest("r.csv", text)
    ttft = {c.row_header: c.line for c in candidates if c.column == "ttft_s"}
    assert ttft == {"a": 4, "b": 5}
    inside = [c for c in candidates if c.column == "notes"]
    assert [(c.line, c.values) for c in inside] == [(3, [7])]


def test_crlf_bom_and_tsv() -> None:
    candidates = _harvest("r.tsv", "\ufeffmodel\tdecode\r\nx\t12.5\r\ny\t13\r\n")
    assert [(c.line, c.values, c.format) for c in candidates] == [
        (2, [12.5], SourceFormat.TSV),
        (3, [13], SourceFormat.TSV),
    ]


def test_thousands_and_plus_minus_cells_parse_through_numbers() -> None:
    candidates = _harvest("r.csv", 'k,v\na,"2,563"\nb,558.56 ± 42.49\n')
    assert [c.values for c in candidates] == [[2563], [558.56, 42.49]]


def test_hostile_inputs_do_not_crash() -> None:
    assert _harvest("empty.csv", "") == []
    assert _harvest("nul.csv", b"a,b\n1,\x002\n3,4\n") is not None
    assert _harvest("open-quote.csv", 'a,b\n1,"never closed\n2,3\n') is not None
    assert _harvest("header-only.csv", "a,b,c\n") == []


def test_every_candidate_value_is_on_its_line_in_a_real_wide_csv(
    corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    snapshot = corpus_snapshot(corpus_dir, manifest, "Kleybrink__dgx-spark-bench")
    document = snapshot.by_path(
        "results/20260320_224129/ollama_benchmark_ranking_20260320_224129.csv"
    )
    assert document is not None
    candidates = harvest_csv(document)
    assert len(candidates) > 300
    for candidate in candidates:
        line = document.line(candidate.line)
        assert line is not None and candidate.text in line
    first = next(c for c in candidates if c.column == "decode_tokens_per_s")
    assert first.line == 2 and first.row_header == "nemotron-cascade-2:30b"


def test_a_raw_data_table_gives_one_candidate_per_line_that_holds_a_number() -> None:
    # a short telemetry table (its first column a time) is read cell by cell: the rules leave
    # it as telemetry (`raw_tables`), the result model reads each cell
    telemetry = 'elapsed_s,power_w,note\n0,41.5,warm\n1,,idle\n2,43.0,"two\nlines 7"\n3,44,\n'
    short = _harvest("t.csv", telemetry)
    assert [(c.line, c.column, c.value) for c in short] == [
        (2, "elapsed_s", 0),
        (2, "power_w", 41.5),
        (3, "elapsed_s", 1),
        (4, "elapsed_s", 2),
        (4, "power_w", 43.0),
        (5, "note", 7),
        (6, "elapsed_s", 3),
        (6, "power_w", 44),
    ]
    assert raw_tables(short) == {(short[0].document_id, 0)}
    assert select(short) == []
    # a dump of more rows than a results table has: the first number of each one-line row
    rows = MAX_TABLE_ROWS + 1
    dump = "model,decode_tok_s\n" + "".join(f"m{i},{i}.5\n" for i in range(rows))
    candidates = _harvest("dump.csv", dump)
    assert [(c.line, c.column) for c in candidates] == [
        (i + 2, "decode_tok_s") for i in range(rows)
    ]
    # what select reads of it is unchanged: the table is raw, and it gives no result
    assert raw_tables(candidates) == {(candidates[0].document_id, 0)}
    assert select(candidates) == []


def test_a_results_table_keeps_every_cell() -> None:
    rows = MAX_TABLE_ROWS
    table = "model,c,decode_tok_s\n" + "".join(f"m{i},{i},{i}.5\n" for i in range(rows))
    candidates = _harvest("results.csv", table)
    assert len(candidates) == 2 * rows
    assert raw_tables(candidates) == set()
