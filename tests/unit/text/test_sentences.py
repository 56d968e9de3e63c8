"""The one sentence splitter: drafts, review diffs and prose extraction split alike."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.draft import split_sentences as draft_split
from draftflow.review.diff import split_sentences as review_split
from draftflow.text.sentences import (
    _ABBREVIATION,
    _ends_with_abbreviation,
    clause_spans,
    sentence_spans,
    split_sentences,
)


def test_decimals_versions_and_abbreviations_do_not_end_a_sentence() -> None:
    text = "Decode rose to 56.9 tok/s on 0.6.6 vs. BF16, e.g. with vLLM. Then it stopped! Why? 32K."
    assert split_sentences(text) == [
        "Decode rose to 56.9 tok/s on 0.6.6 vs. BF16, e.g. with vLLM.",
        "Then it stopped!",
        "Why?",
        "32K.",
    ]


def test_a_wrapped_report_paragraph_splits_at_its_full_stops_and_keeps_offsets() -> None:
    # teaql reports/round-2-nemotron-super-modeling.md lines 13-15, joined as a block
    text = (
        "requests with a 4.3K-token TeaQL rules prompt and one feedback repair. Warm\n"
        "generation remained between 15.45 and 16.36 tokens per second. All five\n"
        "requests returned HTTP 200 without restarting the container."
    )
    spans = sentence_spans(text)
    assert [text[a:b].split()[0] for a, b in spans] == ["requests", "Warm", "All"]
    assert text[spans[1][0] : spans[1][1]].endswith("tokens per second.")


def test_emphasis_and_code_after_a_full_stop_start_a_sentence() -> None:
    text = "It passed. **Decode** was 45 tok/s. `Triton` served it."
    assert split_sentences(text) == [
        "It passed.",
        "**Decode** was 45 tok/s.",
        "`Triton` served it.",
    ]


def test_clauses_split_at_semicolons_colons_dashes_and_conjunctions() -> None:
    text = "Code-completion microbench: 6/6; ~182 tok/s aggregate — while C1 stays at 73, and ok"
    parts = [text[a:b] for a, b in clause_spans(text)]
    assert parts == [
        "Code-completion microbench:",
        "6/6;",
        "~182 tok/s aggregate",
        "while C1 stays at 73,",
        "and ok",
    ]


def test_draft_and_review_use_the_same_splitter() -> None:
    assert draft_split is split_sentences and review_split is split_sentences


_SENTENCE_PIECES = [
    "e.g",
    "i.e",
    "vs",
    "approx",
    "cf",
    "Fig",
    "incl",
    "St",
    "A",
    "x",
    "word",
    " ",
    "(",
    "[",
    ".",
    "\n",
    "ſt",
    "3",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_SENTENCE_PIECES), max_size=12).map("".join))
def test_abbreviation_is_read_in_the_last_characters_only(sentence: str) -> None:
    """Only a sentence's last characters are searched for an abbreviation before its dot: the
    same answer as the pattern over the whole sentence."""
    text = "Lead. " + sentence + "."
    expected = _ABBREVIATION.search(text[6:]) is not None
    assert _ends_with_abbreviation(text, 6, len(text)) is expected
