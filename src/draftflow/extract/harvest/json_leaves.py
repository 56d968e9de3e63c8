"""Harvest JSON and JSONL leaves: every number-bearing leaf with its path and the line it sits on.

The stdlib `json` module gives no positions, so this is a small position-tracking scanner: a
tokenizer over the text that records the line of each value's first character, and a parser
that builds just enough of a tree to know each leaf's path and the scalars around it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from draftflow.acquire.snapshot import Document
from draftflow.extract.candidates import Candidate, SourceFormat, make_candidate
from draftflow.text.instructions import is_instruction

MAX_DEPTH = 200
MAX_CONTEXT = 48
MAX_CONTEXT_TEXT = 160

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


_DIGIT = re.compile(r"\d")
_NON_FINITE = re.compile(r"(?<![\w\"])(?:NaN|-?Infinity)(?![\w\"])")


class JsonScanError(ValueError):
    """The text is not JSON this scanner can read (syntax error or nesting too deep)."""


@dataclass
class Node:
    """One JSON value with the line its first character sits on."""

    kind: str  # object | array | string | number | literal
    line: int
    text: str = ""  # scalars: the token as written (strings: decoded)
    members: list[tuple[str, Node]] = field(default_factory=list)  # objects, in order
    items: list[Node] = field(default_factory=list)  # arrays


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
        node = Node("object", line)
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
            node.members.append((key, self.parse_value(self.next_token(), depth + 1)))
            kind, text, at = self.next_token()
            if kind == "punct" and text == "}":
                return node
            if kind != "punct" or text != ",":
                raise JsonScanError(f"expected ',' or '}}' at line {at}")
            kind, text, at = self.next_token()

    def parse_array(self, line: int, depth: int) -> Node:
        """Parse array items up to the closing bracket."""
        node = Node("array", line)
        token = self.next_token()
        if token[0] == "punct" and token[1] == "]":
            return node
        while True:
            node.items.append(self.parse_value(token, depth + 1))
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


def _scope(node: Node, inherited: dict[str, str]) -> dict[str, str]:
    """The scalars an object's leaves see: its own members first, then its ancestors'."""
    own = {
        key: child.text[:MAX_CONTEXT_TEXT]
        for key, child in node.members
        if child.kind in ("string", "number", "literal")
        and not (child.kind == "string" and is_instruction(child.text))  # planted text is data
    }
    merged = dict(list(own.items())[:MAX_CONTEXT])
    for key, value in inherited.items():
        if len(merged) >= MAX_CONTEXT:
            break
        merged.setdefault(key, value)
    return merged


class _LeafCollector:
    """Walks a scanned tree and turns number-bearing leaves into candidates."""

    def __init__(self, document: Document, fmt: SourceFormat) -> None:
        self.document = document
        self.fmt = fmt
        self.candidates: list[Candidate] = []

    def walk(self, node: Node, path: str, scope: dict[str, str], parent_line: int) -> None:
        """Visit `node` at `path`, with the scalars of its enclosing objects in `scope` and the
        line its container opens on."""
        if node.kind == "object":
            inner = _scope(node, scope)
            for key, child in node.members:
                self.walk(child, f"{path}.{key}" if path else key, inner, node.line)
        elif node.kind == "array":
            for index, child in enumerate(node.items):
                self.walk(child, f"{path}[{index}]", scope, node.line)
        elif node.kind == "number" or (node.kind == "string" and _DIGIT.search(node.text)):
            candidate = make_candidate(
                self.document,
                line=node.line,
                fmt=self.fmt,
                text=node.text,
                locator=path or "$",
                json_path=path or "$",
                context=scope,
                parent_line=parent_line,
            )
            if candidate is not None:
                self.candidates.append(candidate)


def harvest_json(document: Document, problems: list[str] | None = None) -> list[Candidate]:
    """Every number-bearing leaf of a JSON document (or of each JSONL line), with path and line.

    A file that is not valid JSON yields no candidates rather than failing the run; for JSONL,
    only the unreadable lines are skipped. Either way the reason is appended to `problems`,
    and so is a `NaN`/`Infinity` (read as a missing value, as Python's json reads it).
    """
    found = problems if problems is not None else []
    text = document.text
    # the pattern opens with a lookbehind, so the regex engine would try it at every place
    if ("NaN" in text or "Infinity" in text) and _NON_FINITE.search(text):
        found.append("NaN or Infinity values (not valid JSON) were read as missing values")
    if document.path.lower().endswith(".jsonl"):
        return _harvest_jsonl(document, found)
    collector = _LeafCollector(document, SourceFormat.JSON)
    try:
        root = scan_json(document.text)
    except (JsonScanError, RecursionError) as error:
        reason = str(error) if isinstance(error, JsonScanError) else "nesting too deep"
        found.append(f"not valid JSON ({reason}); no figure was read from it")
        return []
    collector.walk(root, "", {}, root.line)
    return collector.candidates


def _harvest_jsonl(document: Document, problems: list[str]) -> list[Candidate]:
    collector = _LeafCollector(document, SourceFormat.JSONL)
    unreadable: list[int] = []
    for number, line in enumerate(document.line_list, start=1):
        if not line.strip():
            continue
        try:
            root = scan_json(line, first_line=number)
        except (JsonScanError, RecursionError):
            unreadable.append(number)
            continue
        collector.walk(root, f"[{number - 1}]", {}, number)
    if unreadable:
        shown = ", ".join(str(n) for n in unreadable[:5]) + (" ..." if len(unreadable) > 5 else "")
        problems.append(f"{len(unreadable)} line(s) are not valid JSON and were skipped: {shown}")
    return collector.candidates
