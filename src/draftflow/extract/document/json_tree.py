"""JSON read as a tree whose every value carries the line its first character sits on.

The standard library's `json` gives no positions, so this is a small position-tracking
scanner: a tokenizer over the text (one pass of the regex engine) that records the line of
each token, and a recursive-descent parser over the tokens. Strings are decoded by `json`
(an invalid escape keeps the raw text); `NaN` and `Infinity` are read as Python's `json`
reads them. Every JSON reader of draftflow reads this tree (`parse_document`).
"""

from __future__ import annotations

import json
import re

from draftflow.extract.document.elements import Node

MAX_DEPTH = 200

# One token with the whitespace before it. The last group takes any other character, so the
# tokens of a text are contiguous: reading stops at the first one that is not JSON.
_TOKENS = re.compile(
    r"([ \t\r\n]*)(?:"
    r"([{}\[\]:,])"
    r"|(\"[^\"\\]*(?:\\.[^\"\\]*)*\")"
    r"|(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?)"
    r"|(true|false|null|NaN|-?Infinity)"
    r"|([^ \t\r\n])"
    r")",
    re.DOTALL,
)
Token = tuple[str, str, str, str, str, str]
"""Whitespace, then one of: punctuation, string, number, literal, any other character."""


class JsonScanError(ValueError):
    """The text is not JSON this scanner can read (syntax error or nesting too deep)."""


class _Scanner:
    """A recursive-descent reader over the text's tokens (read in one pass by the regex
    engine), tracking the line each token starts on."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.tokens: list[Token] = _TOKENS.findall(text)
        self.index = 0
        self.line = first_line
        """The line the last token read ends on."""

    def next_token(self) -> tuple[str, str, int]:
        """The next token's kind, text and line."""
        if self.index >= len(self.tokens):
            raise JsonScanError(f"unexpected character at line {self.line}")
        space, punct, string, number, literal, other = self.tokens[self.index]
        if other:
            raise JsonScanError(f"unexpected character at line {self.line}")
        self.index += 1
        line = self.line + space.count("\n") if space else self.line
        if punct:
            kind, text = "punct", punct
        elif string:
            kind, text = "string", string
            self.line = line + string.count("\n")
            return kind, text, line
        elif number:
            kind, text = "number", number
        else:
            kind, text = "literal", literal
        self.line = line
        return kind, text, line

    def parse_document(self) -> Node:
        """Parse one complete JSON value; trailing non-space text is an error."""
        node = self.parse_value(self.next_token(), 0)
        rest = self.tokens[self.index :]
        if any(not (token[5] and token[5].isspace()) for token in rest):
            raise JsonScanError(f"extra data at line {self.line}")
        return node

    def parse_value(self, token: tuple[str, str, int], depth: int) -> Node:
        """Parse the value that starts with `token`."""
        kind, text, line = token
        if depth > MAX_DEPTH:
            raise JsonScanError(f"nesting deeper than {MAX_DEPTH} at line {line}")
        if kind == "punct" and text == "{":
            return self.parse_object(line, depth)
        if kind == "punct" and text == "[":
            return self.parse_array(line, depth)
        if kind == "string":
            return Node("string", line, _decode_string(text))
        if kind in ("number", "literal"):
            return Node(kind, line, text)
        raise JsonScanError(f"unexpected {text!r} at line {line}")

    def parse_object(self, line: int, depth: int) -> Node:
        """Parse object members up to the closing brace."""
        members: list[tuple[str, Node]] = []
        node = Node("object", line, members=members)
        kind, text, at = self.next_token()
        if kind == "punct" and text == "}":
            return node
        while True:
            if kind != "string":
                raise JsonScanError(f"expected a key at line {at}")
            key = _decode_string(text)
            kind, text, at = self.next_token()
            if kind != "punct" or text != ":":
                raise JsonScanError(f"expected ':' at line {self.line}")
            members.append((key, self.parse_value(self.next_token(), depth + 1)))
            kind, text, at = self.next_token()
            if kind == "punct" and text == "}":
                return node
            if kind != "punct" or text != ",":
                raise JsonScanError(f"expected ',' or '}}' at line {at}")
            kind, text, at = self.next_token()

    def parse_array(self, line: int, depth: int) -> Node:
        """Parse array items up to the closing bracket."""
        items: list[Node] = []
        node = Node("array", line, items=items)
        token = self.next_token()
        if token[0] == "punct" and token[1] == "]":
            return node
        while True:
            items.append(self.parse_value(token, depth + 1))
            kind, text, at = self.next_token()
            if kind == "punct" and text == "]":
                return node
            if kind != "punct" or text != ",":
                raise JsonScanError(f"expected ',' or ']' at line {at}")
            token = self.next_token()


def _decode_string(token: str) -> str:
    """A JSON string token's value; an invalid escape keeps the raw text."""
    if "\\" not in token:
        return token[1:-1]  # nothing to decode (the common case; control characters too)
    try:
        value = json.loads(token)
    except ValueError:
        return token[1:-1]
    return value if isinstance(value, str) else token[1:-1]


def scan_json(text: str, first_line: int = 1) -> Node:
    """Parse JSON text into a tree of `Node`s carrying line numbers."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return _Scanner(text, first_line).parse_document()
