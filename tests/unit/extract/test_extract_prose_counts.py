"""Counts in prose (`extract/prose_counts.py`), read from real corpus sentences: outcome
counts, counted nouns a verb of outcome governs, lists and subsets of counts, `x of y` scores
and quantifiers over a counted set, and a metric phrase before a number with no unit.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract.prose.counts import _SCORE_WORDS, _scores
from draftflow.extract.prose.harvest import harvest_prose
from extract_support import snapshot_of
from prose_cases import figures, readings


def test_a_metric_word_before_a_unitless_value() -> None:
    # jethac docs/BASELINE_RESULTS.md lines 318 and 421-422
    text = (
        "- The patched source/JIT path selected `b12x` on real GB10 and produced finite outputs "
        "with cosine similarity around `0.991` against BF16 `torch.mm`.\n"
        "- minimum cosine: `0.9999961853`\n"
        "- maximum absolute error: `0.015625`\n"
    )
    assert [(line, value) for line, value, _ in figures(text)] == [
        (1, 0.991),
        (2, 0.9999961853),
        (3, 0.015625),
    ]
    assert [r[1] for r in readings(text)] == [
        "cosine_similarity",
        "cosine_similarity",
        "max_abs_error",
    ]


def test_counts_of_outcomes_in_digits_and_words() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 26-28, 95-96 and 144
    text = (
        "checkpoint-writer subagents that produced two retry/message storms. The\n"
        "larger subagent session accumulated 6,864 assistant messages.\n"
        "\n"
        "The 10,241 HTTP 400 responses closely match 10,226 blank-finish assistant\n"
        "messages in the two runaway checkpoint-writer sessions.\n"
        "\n"
        "The processor logged this same context error 847 times between 05:44:14 and\n"
        "05:48:03 UTC.\n"
    )
    assert [(line, value) for line, value, _ in figures(text)] == [
        (1, 2),
        (2, 6864),
        (4, 10241),
        (4, 10226),
        (5, 2),
        (7, 847),
    ]
    assert [r[1] for r in readings(text)][:3] == ["failure_count", "message_count", "message_count"]


def test_signed_changes_and_x_of_y_scores() -> None:
    text = "Decode is +5.9% faster than before. 6/15 tests passed; 3 of 4 runs passed.\n"
    assert readings(text) == [
        (5.9, "relative_change", "as reported", False, None),
        (6, "score", "as reported", False, 15),
        (3, "score", "as reported", False, 4),
    ]


def test_counts_of_a_counted_noun_that_a_verb_of_outcome_governs() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 20-24: what a run achieved and where it
    # failed; the 600-second timeout is a setting
    text = (
        "2. **Python orchestration path:** scripts called the DGX-hosted\n"
        "   OpenAI-compatible endpoint directly, wrote model responses locally, and ran\n"
        "   TeaQL and Cargo locally. This path produced the strongest repeatable record:\n"
        "   modular Nemotron generation succeeded through 140 objects and failed at 160\n"
        "   objects because of 600-second request timeouts and a circular dependency.\n"
    )
    assert figures(text) == [(4, 140, "objects"), (4, 160, "objects")]
    assert [r[1] for r in readings(text)] == ["count", "count"]


def test_numbers_in_words_and_a_quantifier_over_a_counted_set() -> None:
    # teaql reports/round-2-nemotron-super-modeling.md line 17 and lines 29-31
    text = (
        "None of the four first attempts passed the fixed KSML validator:\n"
        "\n"
        "When the best output and its one exact validator error were returned to the\n"
        "model, it changed `employee_id` to `staff_number`; the complete XML passed all\n"
        "fixed checks in one repair. The final conclusion was that the 120B model had\n"
    )
    assert [(line, value) for line, value, _ in figures(text)] == [(1, 0), (3, 1), (5, 1)]
    assert readings(text) == [
        (0, "score", "as reported", False, 4),
        (1, "error_count", "as reported", False, None),
        (1, "repair_count", "as reported", False, None),
    ]
    document = snapshot_of({"R.md": text}).documents[0]
    assert harvest_prose(document)[0].text == "None of the four"


def test_counts_listed_after_a_count_and_a_subset_of_it() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 130-131 and 136
    text = (
        "Its main session\n"
        "accumulated 142 assistant messages, 137 tool parts, and five checkpoint records.\n"
        "\n"
        "- 3,420 assistant messages, including 3,387 with no finish reason, over an\n"
        "  interval of 15 minutes.\n"
    )
    assert [(line, value, unit) for line, value, unit in figures(text)] == [
        (2, 142, "assistant messages"),
        (2, 137, "tool parts"),
        (2, 5, "checkpoint records"),
        (4, 3420, "assistant messages"),
        (4, 3387, "assistant messages"),
    ]


def test_the_other_end_of_a_change_and_a_count_after_a_name_with_a_digit() -> None:
    # teaql reports/DGX-SPARK-EXECUTION-LEDGER.md lines 51 and 53 (table cells that are
    # sentences): "from one error to zero"; "Pass@1" is a metric's name, not an instruction
    text = (
        "Exact validator feedback repaired the official-sampling result from one error to "
        "zero.\n\nPass@1 failed with eight compiler errors; a compiled string value persisted "
        "as numeric zero.\n"
    )
    assert readings(text) == [
        (1, "error_count", "as reported", False, None),
        (0, "error_count", "as reported", False, None),
        (8, "error_count", "as reported", False, None),
    ]


_SENTENCE_PIECES = ["PASSED", "Correct", "ok", "OKAY", "scored", "é", "×", " ", "3 of 4", "x"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_SENTENCE_PIECES), max_size=8).map("".join))
def test_score_words_are_read_in_any_case(sentence: str) -> None:
    """The lower-case twin used for ASCII sentences answers as the case-blind pattern does."""
    assert _scores(sentence) is (_SCORE_WORDS.search(sentence) is not None)


def test_an_outcome_noun_qualifying_another_or_what_a_failure_becomes_counts_nothing() -> None:
    """hybridgroup/yzma cmd/yzma-checker/README.md:51 and :551 (team gold: no result): `the two
    failure exits` counts exits, not failures; `turns a failure into 4294967295` is the value
    a failure is read as. Both were published as failure counts and led the headline."""
    text = (
        "Note the two failure exits are different. **1** is a violation.\n"
        "\n"
        "Reading either through an unsigned Go type turns a failure into 4294967295 while\n"
        "every width still matches.\n"
        "\n"
        "The run ended with 3 failures and 0 errors.\n"
    )
    found = [(line, value) for line, value, _ in figures(text)]
    assert (1, 2) not in found and (3, 4294967295) not in found
    assert (6, 3) in found and (6, 0) in found
