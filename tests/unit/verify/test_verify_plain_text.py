"""`reread._plain` (a label's or a document's text without emphasis, whitespace collapsed)
gives what the two substitutions it replaces gave, on every whitespace character."""

from __future__ import annotations

import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.verify.reread import _plain

_WHITESPACE = re.compile(r"\s+")
_EMPHASIS = re.compile(r"[*`]+")


def _by_patterns(text: str) -> str:
    return _WHITESPACE.sub(" ", _EMPHASIS.sub("", text))


def test_str_isspace_is_what_the_pattern_reads_as_whitespace() -> None:
    for char in map(chr, range(sys.maxunicode + 1)):
        assert (_WHITESPACE.fullmatch(char) is not None) == char.isspace(), hex(ord(char))


_PIECES = [" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\xa0", "\u2028", "\u3000"]
_PIECES += ["*", "**", "`", "a", "Tok/s", "1", "é", "|", "-"]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=16).map("".join))
def test_same_as_the_substitutions(text: str) -> None:
    assert _plain(text) == _by_patterns(text)


def test_edges() -> None:
    for text in ["", " ", "*", "* *", "`a`", " a ", "\n\na b\t\n", "**191.2** tok/s", "a  *  b"]:
        assert _plain(text) == _by_patterns(text), repr(text)
