"""JSON pointers: built, split and resolved in one place."""

from __future__ import annotations

import pytest

from draftflow.text.pointer import MISSING, pointer, pointer_parts, resolve

DOCUMENT = {"editorial": {"reported_results": [{"value": 82.6}]}, "a/b": {"~k": "x"}}


def test_a_pointer_escapes_and_splits_back() -> None:
    text = pointer("a/b", "~k")
    assert text == "/a~1b/~0k"
    assert pointer_parts(text) == ["a/b", "~k"]
    assert resolve(DOCUMENT, text) == "x"
    assert pointer_parts("") == [] and resolve(DOCUMENT, "") is DOCUMENT


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/editorial/reported_results/0/value", 82.6),
        ("/editorial/reported_results/1/value", MISSING),
        ("/editorial/reported_results/x", MISSING),
        ("/editorial/missing", MISSING),
        ("/editorial/reported_results/0/value/deeper", MISSING),
    ],
)
def test_resolve_names_a_value_or_nothing(text: str, expected: object) -> None:
    assert (
        resolve(DOCUMENT, text) == expected
        if expected is not MISSING
        else (resolve(DOCUMENT, text) is MISSING)
    )
