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


def test_a_model_framing_verify_empties_falls_back_on_the_template_s_flagged() -> None:
    """The Kleybrink replay: verify removed every sentence of the model's title, summary and
    answer, and the record read "Draft record: the title needs an editor" over an empty
    summary and answer. The template's text stands in for each, once, and says so."""
    model = make_draft().model_copy(
        update={
            "prompt_hashes": {"draft_framing": "0" * 64},
            "title_fallbacks": ["acme/bench: Qwen3-32B, 27.0 tokens/s"],
            "summary_fallback": "The lead figure is 27.0 tokens/s.",
            "answer_fallback": "acme/bench reports 27.0 tokens/s.",
            "creation_method": "Drafted with a model.",
        }
    )
    claims = {"/title": ["9,999"], "/summary": ["Decode", "9,999"], "/answer": ["27.0", "12"]}
    edited = drop_sentences(model, claims)
    assert edited.title == "acme/bench: Qwen3-32B, 27.0 tokens/s"
    assert edited.summary == "The lead figure is 27.0 tokens/s."
    assert edited.answer == "Nothing else."  # a sentence of the model's stands: no fallback
    assert edited.template_framing == ["title", "summary"]
    assert edited.creation_method == (
        "Drafted with a model. Verify removed every sentence of the model's title and summary; "
        "the template's stand in their place, for the editor to check."
    )
    # a fallback verify rejects in its turn is not put back
    again = drop_sentences(edited, {"/summary": ["27.0"]})
    assert again.summary == "" and again.template_framing == ["title", "summary"]
    # the template's own draft is unchanged: its emptied summary stays empty, unflagged
    plain = drop_sentences(make_draft(), {"/summary": ["Decode", "9,999"]})
    assert plain.summary == "" and plain.template_framing == []
