"""Rows and places that lead a headline: a quantization table's reference row
(select/reference.py), a dated record's latest entry (select/dated.py), the run file a page
restates (select/run_files.py), and how `choose` takes them (select/rules.py)."""

from __future__ import annotations

from documents import make_document, make_result
from draftflow.record.label import Label
from draftflow.select.dated import latest_entries
from draftflow.select.figures_file import make_figures
from draftflow.select.reference import reference_rows
from draftflow.select.rules import _without_restatements, choose
from draftflow.select.run_files import named_run_file
from draftflow.select.scored import Scored
from extract_support import snapshot_of

QUANT_TABLE = """# Cache modes

Model | Precision | FP16 cache | Q4 cache
------|-----------|------------|---------
Llama2 7B | 4.0 bpw | 11.43 | 11.60
-- | 5.0 bpw | 11.13 | 11.19
-- | FP16 | 10.91 | 11.05
"""


def test_the_unquantized_row_of_a_quantization_table_is_its_reference() -> None:
    found = reference_rows(make_document("doc/eval.md", QUANT_TABLE))
    assert list(found.rows) == [7]
    assert "`FP16` under `Precision`" in found.rows[7].evidence
    assert found.compared == frozenset({5, 6})


def test_no_reference_without_two_compared_formats_or_in_a_longer_cell() -> None:
    one_other = "| Precision | tok/s |\n|---|---|\n| Q4 | 50 |\n| FP16 | 20 |\n"
    assert not reference_rows(make_document("a.md", one_other)).rows
    # `70B F16` names a model and a format: no setting column of formats
    longer = "| GPU | model | tok/s |\n|---|---|---|\n| a | 8B Q4 | 5 |\n| b | 8B Q8 | 4 |\n"
    longer += "| c | 70B F16 | 2 |\n"
    assert not reference_rows(make_document("b.md", longer)).rows
    assert not reference_rows(make_document("c.csv", "Precision,x\nQ4,1\nQ8,2\nFP16,3\n")).rows


LEDGER = """# Ledger

| Date | Run | Outcome |
|---|---|---|
| 2026-07-24/25 | Round 5 | 12 errors |
| 2026-07-25 | Round 6 | 3 errors |
| 2026-07-27 | Round 7 | 1 error |
| 2026-07-27 | Round 8 | 0 errors in 127.399 s |
"""


def test_the_latest_row_of_a_dated_record_is_its_latest_entry() -> None:
    entries = latest_entries(make_document("reports/ledger.md", LEDGER))
    assert list(entries) == [8] and entries[8].date == "2026-07-27"
    falling = LEDGER.replace("2026-07-24/25", "2026-07-29")
    assert not latest_entries(make_document("r.md", falling))  # out of order: no history
    newest_first = "| Date | x |\n|---|---|\n| 2026-03-03 | 3 |\n| 2026-02-02 | 2 |\n"
    newest_first += "| 2026-01-01 | 1 |\n"
    assert list(latest_entries(make_document("n.md", newest_first))) == [3]
    two = "| Date | x |\n|---|---|\n| 2026-03-03 | 3 |\n| 2026-02-02 | 2 |\n"
    assert not latest_entries(make_document("t.md", two))  # a comparison, not a history


def test_a_page_whose_heading_names_a_run_file_restates_it() -> None:
    page = make_document(
        "recipes/a/README.md",
        "# A\n\n## Measured results (`results/a.json`)\n\n| N | tok/s |\n|---|---|\n| 1 | 52.6 |\n"
        "\n## Notes\n\nIt ran at 52.6 tok/s.\n",
    )
    runs = frozenset({"results/a.json", "results/b.json"})
    assert named_run_file(page, 7, runs) == "results/a.json"
    assert named_run_file(page, 11, runs) is None
    assert named_run_file(make_document("results/a.json", "{}\n"), 1, runs) is None


def test_the_run_file_stands_for_the_page_that_restates_it_with_its_score() -> None:
    snapshot = snapshot_of(
        {"results/a.json": '{"tok_s": 52.6}\n', "recipes/a/README.md": "| 1 | 52.6 |\n"}
    )
    run, page = (snapshot.by_path(p) for p in ("results/a.json", "recipes/a/README.md"))
    assert run is not None and page is not None
    figures = make_figures([make_result(run, 1, 52.6), make_result(page, 1, 52.6)])
    source = Scored(figures[0], 1.0, path=run.path)
    restating = Scored(figures[1], 6.0, path=page.path, restates=run.path)
    kept = _without_restatements([source, restating])
    assert kept == [source] and source.score == 6.0
    assert "the run file recipes/a/README.md restates" in source.reasons
    # without the pointer the best-scored place stands
    plain = Scored(figures[1], 6.0, path=page.path)
    assert _without_restatements([Scored(figures[0], 1.0, path=run.path), plain]) == [plain]


def test_figures_that_stand_alone_pay_no_one_per_row_cost() -> None:
    page = make_document("README.md", "# A\n\nBetween 15.45 and 16.36 tok/s.\nPeak 20.5 tok/s.\n")
    figures = make_figures(
        [make_result(page, line, v) for line, v in ((3, 15.45), (3, 16.36), (4, 20.5))]
    )
    low = Scored(figures[2], 3.5)

    def chosen(stands_alone: bool) -> list[float]:
        ends = [Scored(f, 5.0, stands_alone=stands_alone) for f in figures[:2]]
        return [float(i.figure.result.value) for i in choose([*ends, low], 2)]

    assert chosen(stands_alone=True) == [15.45, 16.36]
    assert chosen(stands_alone=False) == [15.45, 20.5]


def test_sentences_restating_a_short_figure_lead_once() -> None:
    """morteza89/llm-format-benchmarker (294bcd4c): `Average Throughput: 4.9 tokens/sec` in a
    tool's summary (INTEL_AI_PC_TESTING.md:38), restated in the analysis (:218) and in the
    README's list (README.md:20): one measurement, published three times (read31-s24b §2)."""
    summary = make_document("TESTING.md", "Average Throughput: 4.9 tokens/sec\n")
    readme = make_document("README.md", "- Successfully benchmarked with 4.9 tokens/sec\n")
    analysis = "The Intel Core Ultra 9 288V achieved 4.9 tokens/sec average throughput."
    listed = "Successfully benchmarked on Intel CPU with 4.9 tokens/sec average throughput"
    worded = [
        make_result(summary, 1, 4.9, label="CPU, Average Throughput"),
        make_result(summary, 1, 4.9, label="Performance Analysis").model_copy(
            update={"parts": Label(said=analysis)}
        ),
        make_result(readme, 1, 4.9, label="Supported Models").model_copy(
            update={"parts": Label(said=listed)}
        ),
    ]
    figures = make_figures(worded)
    scores = (3.0, 2.0, 4.0)
    table, in_prose, in_list = (Scored(f, s) for f, s in zip(figures, scores, strict=True))
    assert _without_restatements([table, in_prose, in_list]) == [in_list]
    # cells of two rows with the same short value are two configurations, not a restatement
    rows = make_figures(
        [make_result(summary, 1, 4.9, label="CPU"), make_result(readme, 1, 4.9, label="GPU")]
    )
    assert len(_without_restatements([Scored(rows[0], 1.0), Scored(rows[1], 2.0)])) == 2
