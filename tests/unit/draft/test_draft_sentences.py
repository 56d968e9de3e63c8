"""Splitting prose into sentences and dropping the ones verification rejected."""

from __future__ import annotations

from draftflow.draft import TITLE_WITHDRAWN, EditorialDraft, drop_sentences, split_sentences
from draftflow.draft.sentences import NEUTRAL_HEADING
from draftflow.record.model import Section

URL_A = "https://github.com/acme/bench/blob/" + "a" * 40 + "/README.md"
URL_B = "https://github.com/acme/bench/blob/" + "a" * 40 + "/results.csv"


def make_draft() -> EditorialDraft:
    return EditorialDraft(
        title="Qwen3-32B at 9,999 tok/s",
        summary="Decode figures. The peak is 9,999 tok/s.",
        answer="The rows report 27.0 tokens/s. A claimed 12 runs were made. Nothing else.",
        sections=[
            Section(
                heading="What was measured?",
                paragraphs=[
                    "The vllm row reports 27.0. The fake row reports 9,999.",
                    "Only 9,999 here.",
                ],
                citations=[URL_A, URL_B],
            ),
            Section(
                heading="What is missing?",
                paragraphs=["Temperature is not reported."],
                citations=[URL_A],
            ),
        ],
        notes=["A note with 42 in it.", "A clean note."],
        limitations=["Source-reported only."],
        creation_method="test",
    )


def test_split_keeps_decimals_versions_and_abbreviations_inside_sentences() -> None:
    text = "It ran at 27.0 tokens/s on v0.6.6, e.g. with vLLM. Then it stopped! Why? 32K."
    assert split_sentences(text) == [
        "It ran at 27.0 tokens/s on v0.6.6, e.g. with vLLM.",
        "Then it stopped!",
        "Why?",
        "32K.",
    ]


def test_drop_by_location_and_claim_removes_only_those_sentences() -> None:
    draft = drop_sentences(
        make_draft(),
        {
            "/editorial/sections/0/paragraphs/0": {"9,999"},
            "/editorial/answer": {"12"},
            "/summary": {"9,999"},
            "/notes/0": {"42"},
        },
    )
    assert draft.sections[0].paragraphs == ["The vllm row reports 27.0.", "Only 9,999 here."]
    assert draft.answer == "The rows report 27.0 tokens/s. Nothing else."
    assert draft.summary == "Decode figures."
    assert draft.notes == ["A clean note."]
    assert draft.title == "Qwen3-32B at 9,999 tok/s"  # not flagged, not touched


def test_pairs_and_draft_relative_pointers_work_too() -> None:
    draft = drop_sentences(make_draft(), [("/sections/0/paragraphs/1", "9,999"), ("/answer", "12")])
    assert draft.sections[0].paragraphs == [
        "The vllm row reports 27.0. The fake row reports 9,999."
    ]
    assert "12" not in draft.answer


def test_emptied_parts_are_removed_and_an_emptied_title_is_withdrawn() -> None:
    draft = drop_sentences(
        make_draft(),
        {
            "/title": {"9,999"},
            "/editorial/sections/1/paragraphs/0": {"Temperature"},
            "/limitations/0": {""},
        },
    )
    assert draft.title == TITLE_WITHDRAWN
    assert [s.heading for s in draft.sections] == ["What was measured?"]
    assert draft.limitations == []


def test_a_claim_not_found_in_its_string_removes_the_whole_string() -> None:
    # A verifier that reports a normalised claim ("9999") must still see it gone.
    draft = drop_sentences(make_draft(), {"/editorial/sections/0/paragraphs/0": {"9999"}})
    assert draft.sections[0].paragraphs == ["Only 9,999 here."]


def test_section_and_citation_flags() -> None:
    draft = drop_sentences(make_draft(), {"/editorial/sections/0/citations/1": {URL_B}})
    assert draft.sections[0].citations == [URL_A]
    draft = drop_sentences(draft, {"/editorial/sections/1/citations/0": {URL_A}})
    assert [s.heading for s in draft.sections] == ["What was measured?"]
    draft = drop_sentences(make_draft(), {"/editorial/sections/0": {""}})
    assert [s.heading for s in draft.sections] == ["What is missing?"]
    draft = drop_sentences(make_draft(), {"/editorial/sections/1/heading": {"7"}})
    assert [s.heading for s in draft.sections] == ["What was measured?", NEUTRAL_HEADING]
    assert draft.sections[1].paragraphs == ["Temperature is not reported."]


def test_unrelated_locations_change_nothing() -> None:
    original = make_draft()
    draft = drop_sentences(
        original, {"/editorial/reported_results/0/value": {"27.0"}, "/test_profiles/1": {"x"}}
    )
    assert draft == original
