"""A section may name the documents it cites (teaql's `reports/Round-25-Report.md`): their
paths ground as identifiers, never as numbers."""

from __future__ import annotations

from draftflow.draft.grounding import Grounding


def test_a_cited_documents_path_is_an_identifier_prose_may_name() -> None:
    # teaql/nvidia-dgx-spark-model-benchmark: every fact sentence naming `Round-25-Report.md`
    # was dropped, so the article fell back to the template's general questions
    sentence = "No headline figure in reports/Round-25-Report.md states how many runs it repeats."
    plain = Grounding.of_texts(["| objects | 140 |"])
    assert not plain.supports(sentence)
    assert plain.naming(["reports/Round-25-Report.md"]).supports(sentence)


def test_a_paths_digits_support_no_figure() -> None:
    named = Grounding.of_texts(["| objects | 140 |"]).naming(["reports/Round-25-Report.md"])
    assert not named.supports("The round counted 25 objects.")
