"""The per-document index: what it finds on which line, and that verify builds it once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_verify import build_record

import draftflow.verify.context as context_module
from documents import make_document
from draftflow.acquire.snapshot import Document
from draftflow.numbers import parse_number
from draftflow.verify import verify_record
from draftflow.verify.index import (
    PATH_LINE,
    DocumentIndex,
    identifier_keys,
    uses_decimal_comma,
)

MIAAI = "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"


def document(path: str, data: bytes) -> Document:
    return make_document(path, data)


@pytest.fixture(scope="module")
def results_index(corpus_dir: Path) -> DocumentIndex:
    path = "results/RESULTS-2026-08-14.md"
    return DocumentIndex(document(path, (corpus_dir / MIAAI / path).read_bytes()))


def test_numbers_are_found_on_their_lines(results_index: DocumentIndex) -> None:
    # results/RESULTS-2026-08-14.md:32 "| 256 | 82.6 | 56.9 | 54.3 | 35.9 | 162 |"
    number = parse_number("82.6")
    assert number is not None
    assert results_index.lines_for_number(number) == [32]
    thousands = parse_number("2048")
    assert thousands is not None and 33 in results_index.lines_for_number(thousands)


def test_rounded_claims_find_precise_source_values(results_index: DocumentIndex) -> None:
    coarse = parse_number("83")  # 82.6 rounds to 83
    assert coarse is not None and 32 in results_index.lines_for_number(coarse)
    absent = parse_number("82.64")
    assert absent is not None and results_index.lines_for_number(absent) == []


def test_dates_hex_and_versions(results_index: DocumentIndex) -> None:
    assert PATH_LINE in results_index.lines_for_date("2026-08-14")  # in the path
    assert 22 in results_index.lines_for_date("2026-08-14")
    assert results_index.lines_for_date("--08-14")
    assert 8 in results_index.hex_matches("9e165c")["9e165c30"]
    assert results_index.lines_for_version("0.1.1")


def test_crlf_and_bom_keep_github_line_numbers() -> None:
    index = DocumentIndex(document("a.md", b"\xef\xbb\xbfone 11\r\ntwo 22\r\nthree 33\r\n"))
    for value, line in (("11", 1), ("22", 2), ("33", 3)):
        number = parse_number(value)
        assert number is not None and index.lines_for_number(number) == [line]


def test_invalid_utf8_does_not_break_the_index() -> None:
    index = DocumentIndex(document("b.md", b"bad \xff\xfe byte\nvalue 42\n"))
    number = parse_number("42")
    assert number is not None and index.lines_for_number(number) == [2]


def test_a_claim_of_zero_finds_the_lines_that_write_zero() -> None:
    index = DocumentIndex(
        document("z.md", b"| run | errors | rate |\n| a | 0 | 0.0 |\n| b | 10 | 20.5 |\n")
    )
    for claim, lines in (("0", [2]), ("0.0", [2])):
        number = parse_number(claim)
        assert number is not None and index.lines_for_number(number) == lines, claim


def test_decimal_comma_is_decided_per_document() -> None:
    assert uses_decimal_comma("README.md", "0,3 rps and 0,7 burstiness")
    assert not uses_decimal_comma("data.csv", "0,3,4\n1,2,3")
    index = DocumentIndex(document("nl.md", b"belasting 0,3 rps en 1,5 rps\n"))
    number = parse_number("1.5")
    assert number is not None and index.lines_for_number(number) == [1]


def test_identifier_keys_cover_runs_of_pieces() -> None:
    keys = identifier_keys("deepseek-v4.1-flash-1017")
    assert {"deepseek-v4.1-flash-1017", "v4.1", "v4.1-flash", "flash-1017"} <= set(keys)


def test_verify_indexes_each_document_once(
    corpus_dir: Path, manifest: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from draftflow.acquire import acquire

    entry = manifest[MIAAI]
    snapshot = acquire(str(corpus_dir / MIAAI), revision=entry["revision"], origin=entry["url"])
    built: list[str] = []
    real = context_module.DocumentIndex

    def counting(doc: Document) -> DocumentIndex:
        built.append(doc.path)
        return real(doc)

    monkeypatch.setattr(context_module, "DocumentIndex", counting)
    report = verify_record(build_record(snapshot), snapshot)
    assert report.passed
    assert sorted(built) == sorted(set(built))
    assert len(built) == 3


@settings(max_examples=300, deadline=None)
@given(
    cells=st.lists(
        st.one_of(
            st.integers(min_value=-5000, max_value=5000).map(str),
            st.floats(min_value=0, max_value=500, allow_nan=False).map(lambda v: f"{v:.2f}"),
            st.sampled_from(["32K", "95%", "1e-5", "72-75 ms", "4.1 ± 0.3", "~41", "two"]),
        ),
        min_size=1,
        max_size=8,
    ),
    claim=st.one_of(
        st.integers(min_value=-5000, max_value=5000).map(str),
        st.floats(min_value=0, max_value=500, allow_nan=False).map(lambda v: f"{v:.1f}"),
        st.sampled_from(["32000", "0.95", "95", "72", "41", "2", "4.1"]),
    ),
)
def test_stating_is_every_mention_whose_reading_the_number_matches(
    cells: list[str], claim: str
) -> None:
    """The sorted lookup finds exactly the mentions a reading-by-reading test finds."""
    text = "| " + " | ".join(cells) + " |\n"
    index = DocumentIndex(document("t.md", text.encode()))
    number = parse_number(claim)
    assert number is not None
    naive = [
        mention
        for mention in index.line_mentions(1)
        if any(number.matches(alt) for parsed in mention.numbers for alt in parsed.alternatives)
    ]
    assert index.stating(1, number) == naive


def test_a_quantifier_phrase_states_its_zero_only_on_its_own_line() -> None:
    # teaql reports/round-2-nemotron-super-modeling.md line 17, and a line with no counted set
    data = (
        b"# Round 2\n\nNone of the four first attempts passed the fixed KSML validator:\n\n"
        b"None of these attempts returned a valid model.\nSeven checks ran.\n"
    )
    index = DocumentIndex(document("R.md", data))
    assert [m.values for m in index.line_mentions(3)] == [(0, 4)]
    assert index.line_mentions(5) == []
    zero, four = parse_number("0"), parse_number("4")
    assert zero is not None and four is not None
    assert index.lines_for_number(zero) == [3]
    assert index.lines_for_number(four) == [3]


@settings(max_examples=400, deadline=None)
@given(
    text=st.text(alphabet="0123456789abcdefABCDEF \n-±\u212aé", max_size=200),
    prefix=st.text(alphabet="0123456789abcdef", min_size=1, max_size=9),
    planted=st.sampled_from(["", "lower", "upper", "mixed"]),
)
def test_hex_lines_are_those_of_a_lower_case_search(text: str, prefix: str, planted: str) -> None:
    """A hex prefix is found on the lines where a search of the lower-cased text finds it
    (the way it was found before): its run of digits is looked for, each place compared."""
    written = {
        "": "",
        "lower": prefix,
        "upper": prefix.upper(),
        "mixed": "".join(c.upper() if i % 2 else c for i, c in enumerate(prefix)),
    }[planted]
    text = f"{text}\n{written} x\n{text}{written}"
    index = DocumentIndex(document("h.md", text.encode()))
    assert index._lines_with_hex(prefix) == index._lines_with([prefix], lower=True)


def test_hex_lines_count_from_the_text_not_its_lower_case_copy() -> None:
    # `İ` lowers to two characters: offsets in a lower-cased copy run one ahead per `İ`.
    index = DocumentIndex(document("h.md", ("İ" * 20 + "\nab12cd3\n" + "x\n" * 9).encode()))
    assert index._lines_with([ab := "ab12cd3"], lower=True) != [2]  # the copy's offsets
    assert index._lines_with_hex(ab) == [2]
    assert index.hex_matches(ab) == {ab: [2]}
