"""Sentences that cite a figure taken out of the record: found by value, unit and written
precision, and removed; a value a kept figure shares stays."""

from __future__ import annotations

from draftflow.draft import EditorialDraft, without_removed
from draftflow.draft.removed import citing_claims, draft_texts, removal_notes
from draftflow.numbers.citing import FigureValue, mentions_of
from draftflow.record.model import RemovedResult, Section

URL = "https://github.com/acme/bench/blob/" + "a" * 40 + "/README.md"


def _removed(value: float, unit: str) -> RemovedResult:
    return RemovedResult(
        figure_id="fig-000000000001",
        label="soak",
        value=value,
        unit=unit,
        evidence_url=URL + "#L3",
        removed_by="select",
        reason="test",
    )


def test_a_number_states_a_figure_at_its_written_precision_and_unit() -> None:
    text = "X leads with 0.309 requests/s, 1.54x the 0.2 requests/s of Y at concurrency 1."
    stated = [m.text for m, _ in mentions_of(text, [FigureValue(0.3094815, "requests/s")])]
    assert stated == ["0.309"]
    assert mentions_of(text, [FigureValue(0.31, "ms")]) == []  # another quantity
    assert mentions_of(text, [FigureValue(0.3194, "requests/s")]) == []  # another value
    # a bare small whole number is a setting, not the figure, unless its unit says so
    assert mentions_of(text, [FigureValue(1, "")]) == []
    assert mentions_of("Soak PASSED (200/200).", [FigureValue(200, "runs")]) != []
    assert [m.text for m, _ in mentions_of("It is 100% %.", [FigureValue(100, "%")])] == ["100%"]


def test_a_value_a_kept_figure_shares_is_not_the_removed_ones() -> None:
    text = "Both reach 100% of the target."
    assert mentions_of(text, [FigureValue(100, "%")], [FigureValue(100.0, "%")]) == []


def test_every_sentence_citing_a_removed_figure_goes_and_the_rest_stays() -> None:
    draft = EditorialDraft(
        title="Soak PASSED at 200/200",
        summary="The headline percentage is 100% %. Decode is 27.0 tokens/s.",
        answer="Nothing else.",
        sections=[
            Section(
                heading="Did the soak pass?",
                paragraphs=["Soak PASSED (200/200 runs).", "Another fact."],
                citations=[URL],
            ),
            Section(heading="Why 100%?", paragraphs=["It held 100%."], citations=[URL]),
        ],
        notes=["A note with 100% in it."],
        limitations=["Source-reported only."],
        creation_method="test",
    )
    removed = [_removed(200, "runs"), _removed(100, "%")]
    edited = without_removed(draft, removed, [])
    assert citing_claims(draft_texts(edited), removed, []) == []
    assert edited.summary == "Decode is 27.0 tokens/s."
    assert edited.sections[0].paragraphs == ["Another fact."]
    assert len(edited.sections) == 1 and edited.notes == []
    assert "200" not in edited.title
    assert without_removed(draft, [], []) is draft


def test_a_name_that_starts_with_digits_or_a_bare_setting_states_no_removed_figure() -> None:
    # issue 33: `0xDaizz` read as 0× stated a removed 0.2, and `concurrency 4` a removed 3.7×:
    # each withdrew a true title and every fallback naming the repository
    draft = EditorialDraft(
        title="0xDaizz/vllm-mlx on M4 Max, throughput of 464 tokens/s at concurrency 4",
        summary="Decode is 27.0 tokens/s.",
        answer="Nothing else.",
        sections=[],
        notes=[],
        limitations=["Source-reported only."],
        creation_method="test",
        title_fallbacks=["0xDaizz/vllm-mlx on M4 Max", "0xDaizz/vllm-mlx"],
    )
    removed = [_removed(0.2, "unspecified"), _removed(0.029, "ms"), _removed(3.7, "×")]
    assert without_removed(draft, removed, []) is draft
    assert removal_notes(draft, removed, []) == []
    # a multiple glued to its number still states it, a decimal too
    assert [m.text for m, _ in mentions_of("a 3.7x gain", [FigureValue(3.7, "×")])] == ["3.7x"]
    assert [m.text for m, _ in mentions_of("2x faster", [FigureValue(2, "×")])] == ["2x"]


def test_each_sentence_taken_for_a_removed_figure_is_named_for_the_provenance() -> None:
    draft = EditorialDraft(
        title="Soak PASSED at 200/200 runs",
        summary="Decode is 27.0 tokens/s.",
        answer="Nothing else.",
        sections=[],
        notes=[],
        limitations=["Source-reported only."],
        creation_method="test",
    )
    notes = removal_notes(draft, [_removed(200, "runs")], [])
    assert notes == [
        "draft: /title: '200/200' states 'soak' = 200 runs, a figure taken out of the record; "
        "the sentence goes with it"
    ]
