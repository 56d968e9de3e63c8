"""Harvesting prose (`extract/harvest_prose.py`): prose figures become candidates with their
reading and label; tables, fences and key/value lines are left to their own harvesters; a
table cell that is a sentence is read as prose. The sentence readers' own cases are in
`test_extract_prose_figures.py`, `test_extract_prose_units.py` and `test_extract_prose_counts.py`.
"""

from __future__ import annotations

from draftflow.extract.candidates import SourceFormat
from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.prose.harvest import harvest_prose
from draftflow.extract.results import conditions_for
from extract_support import snapshot_of
from prose_cases import figures


def test_code_fences_tables_and_key_value_lines_are_left_to_their_harvesters() -> None:
    text = (
        "# Results\n\n"
        "| model | tok/s |\n|---|---|\n| a | 45 tok/s |\n\n"
        "```\ndecode 999 tok/s\n```\n\n"
        "Mean TTFT (ms):      826.65\n"
    )
    assert figures(text) == []


def test_prose_figures_are_selected_with_their_reading() -> None:
    text = "# Results\n\nCode-completion microbench: **~182 tok/s aggregate**.\n"
    candidates = harvest(snapshot_of({"R.md": text}))
    chosen = [s for s in select(candidates) if s.candidate.format is SourceFormat.PROSE]
    assert [(s.value, s.metric, s.unit) for s in chosen] == [
        (182, "aggregate_throughput", "tokens/s"),
    ]
    assert (
        chosen[0].candidate.column == "Results › Code-completion microbench: ~182 tok/s aggregate ."
    )


def test_a_table_cell_that_is_a_sentence_is_read_as_prose() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 48-49 and 62 (shortened)
    text = (
        "| Date | Run | Recorded outcome | Classification |\n"
        "|---|---|---|---|\n"
        "| 2026-07-24/25 | Round 12 Qwen 30-object service | Focused generation completed in "
        "157 seconds but had 202 native syntax errors. AST normalization and a privacy fix "
        "produced zero evaluation errors. | Confirmed DGX inference; repaired final pass |\n"
        "| 2026-07-25 | Round 14 | 45 tok/s | short |\n"
    )
    assert figures(text) == [
        (3, 157, "s"),
        (3, 202, "native syntax errors"),
        (3, 0, "evaluation errors"),
    ]
    document = snapshot_of({"R.md": text}).documents[0]
    label = harvest_prose(document)[0].column or ""
    assert label.startswith("2026-07-24/25 / Recorded outcome › Focused generation")


def test_a_setting_of_one_clause_is_not_the_next_clauses_figures() -> None:
    # er0080/vllm-benchmarking docs/hardware-verification.md:40 (read31-s21): TP=2 is the 27B
    # FP8 model's load; opt-125m's ~25s states no parallelism
    text = (
        "| Item | Result |\n| --- | --- |\n"
        "| Model load time vs the 900s timeout | ✅ 27B FP8 at TP=2 ready in ~72s; "
        "opt-125m in ~25s |\n"
    )
    document = snapshot_of({"R.md": text}).documents[0]
    found = {c.value: conditions_for(c) for c in harvest_prose(document)}
    assert found[72].get("TP") == 2
    assert "TP" not in found[25]
