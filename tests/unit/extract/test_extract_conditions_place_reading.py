"""What one place says of a count or an engine, read as extract reads it
(`extract/conditions/place_reading.py`): the reading verify re-reads a cited place with, and
the one extract cites a count or an engine by first."""

from __future__ import annotations

from documents import make_document
from draftflow.extract.conditions.cite import Place, cite
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.place_reading import counts_at, engine_readings, reads_at

README = """# Llama 4 Scout on one DGX Spark

We ran Llama 4 Scout (17B-16E) with 32 concurrent requests for every row below.

| model | concurrency | prompt tokens | decode tok/s |
|---|---|---|---|
| Llama-3.1-8B | 4 | 512 | 38.2 |

- max_concurrency: 8

Run: `bench --mean-input-tokens 550 --max-tokens=256`, c=2.

vLLM vs SGLang: 41.5 vs 38.2 tok/s.

Engine: vLLM 0.11
"""


def _context(path: str = "README.md", text: str = README) -> DocumentContext:
    return DocumentContext(make_document(path, text))


def test_a_number_is_a_count_only_under_its_name() -> None:
    context = _context()
    assert counts_at(context, 3, "concurrency") == {32}  # not the model's 4, 17 or 16
    assert counts_at(context, 1, "node_count") == {1}  # `one DGX Spark`
    assert counts_at(context, 1, "concurrency") == frozenset()  # `Llama 4`


def test_a_row_states_a_count_in_its_cell_under_the_count_s_header() -> None:
    context = _context()
    assert counts_at(context, 7, "concurrency") == {4}
    assert counts_at(context, 7, "input_tokens") == {512}
    assert counts_at(context, 7, "output_tokens") == frozenset()


def test_settings_written_as_keys_flags_and_short_names_are_counts() -> None:
    context = _context()
    assert counts_at(context, 9, "concurrency") == {8}
    assert counts_at(context, 11, "input_tokens") == {550}
    # `--max-tokens=256` caps the output: the seed's `max_output_tokens`, not `output_tokens`
    assert counts_at(context, 11, "max_output_tokens") == {256}
    assert counts_at(context, 11, "output_tokens") == frozenset()
    assert counts_at(context, 11, "concurrency") == {2}


def test_a_run_file_s_name_states_its_settings_at_line_zero() -> None:
    context = _context("runs/Qwen3-8B_bs8_in128.json", "{}\n")
    assert counts_at(context, 0, "concurrency") == {8}


def test_an_engine_is_read_where_one_is_named_as_what_measured() -> None:
    context = _context()
    assert engine_readings(context, 13) == frozenset()  # `vLLM vs SGLang` names two
    assert engine_readings(context, 15) == {"vLLM"}
    assert reads_at(context, 15, "engine", "vLLM")
    assert not reads_at(context, 13, "engine", "SGLang")
    assert reads_at(_context("runs/llamacpp_q4_0_smi.txt", "x\n"), 0, "engine", "llama.cpp")


def test_a_count_is_cited_where_it_is_read_not_where_its_number_stands() -> None:
    context = _context()
    document = context.document

    def reads(doc: object, line: int, key: str, value: object) -> bool:
        return reads_at(context, line, key, value)

    chain = [(document, 7), (document, 3), (document, 1)]
    # the loose reading cites the row's `Llama-3.1-8B` for 8; read under its name, no place
    # of this chain states concurrency 8, and the nearest that states 32 is the sentence
    assert cite(32, chain, "concurrency", reads) == (Place("README.md", 3),)
    assert cite(4, [(document, 1), (document, 7)], "concurrency", reads) == (Place("README.md", 7),)
    assert cite(4, [(document, 1)], "concurrency") == (Place("README.md", 1),)


def test_a_header_row_is_split_into_cells_as_the_document_model_splits_it() -> None:
    """An escaped pipe is part of its cell: a column headed `vLLM \\| SGLang` names two engines
    and `TPS@4 \\| TPS@8` two loads, so neither states one (split on every `|`, each half
    read as its own column's: vLLM and SGLang, and a load of 8)."""
    text = "| model | vLLM \\| SGLang tok/s | TPS@4 \\| TPS@8 |\n|---|---|---|\n| m | 41.5 | 3 |\n"
    context = _context(text=text)
    assert engine_readings(context, 1) == frozenset()
    assert counts_at(context, 1, "concurrency") == frozenset()


def test_a_tsv_row_is_read_under_its_section_s_header_record_past_a_blank_line() -> None:
    """The header of a CSV/TSV section is its first record neither blank nor a comment, as the
    CSV harvest reads it (the line after the `#` line here is blank)."""
    context = _context("runs.tsv", "# Sweep\n\nconcurrency\tmodel\ttok/s\n4\tm\t41.5\n")
    assert counts_at(context, 4, "concurrency") == {4}
    assert counts_at(context, 3, "concurrency") == frozenset()  # the header record itself


def test_a_hash_line_inside_a_quoted_csv_cell_starts_no_section() -> None:
    """A model's answer quoted in a CSV cell may hold a Markdown heading (`## Examples`): it is
    part of its record, not a comment, so the rows after it stay under the file's header."""
    text = 'concurrency,model,answer\n4,m,"text\n\n## Examples\nmore"\n8,m,ok\n'
    context = _context("bench.csv", text)
    assert counts_at(context, 6, "concurrency") == {8}


_SUMMARY_LOG = (
    "=== TensorRT-LLM Comprehensive Test Results Summary ===\n"
    "Start Time: Fri Jul 11 04:27:26 UTC 2025\n\n"
    "ISL,OSL,Requests,Throughput(tokens/sec),Latency(ms),Status\n"
    "128,128,30000,14389.7989,266855.7100,SUCCESS\n"
    "128,512,15000,19327.0773,397369.9631,SUCCESS\n"
)


def test_a_comma_separated_block_in_a_log_states_its_rows_counts_under_their_headers() -> None:
    # shaamil101-etched/trtllm-benchmarks results/summary_results.log: extract read ISL and
    # OSL from the row, and the place reader, reading only .csv and .tsv files' rows, could
    # not re-read them, so the citation dropped them
    context = DocumentContext(make_document("results/summary_results.log", _SUMMARY_LOG))
    assert counts_at(context, 6, "output_tokens") == {512}
    assert counts_at(context, 6, "input_tokens") == {128}
    assert counts_at(context, 5, "output_tokens") == {128}
    assert counts_at(context, 4, "output_tokens") == frozenset()  # the header record
