"""Whether a file's bytes are text: only text is a document.

A file named `.md` or `.json` may hold anything. Its bytes are text when they decode as UTF-8
(a few stray invalid sequences are tolerated, as `snapshot.decode` replaces them) or, failing
that, strictly in one of the common legacy encodings, and when the decoded characters are not
littered with control characters (random bytes and executables are; prose, tables, data and
tool output are not: tab, line breaks, form feed, backspace and the escape of terminal colours
are allowed).
"""

from __future__ import annotations

import re

NOT_TEXT = "not text:"
UTF8_BOM = b"\xef\xbb\xbf"
REPLACEMENT = "\ufffd"
LEGACY_ENCODINGS = ("cp1252", "gb18030", "big5", "shift_jis", "euc_kr")
MAX_INVALID_SHARE = 0.01
"""UTF-8 with at most this share of its bytes in invalid sequences is still UTF-8 text."""
MAX_CONTROL_SHARE = 0.01
"""Text with more than this share of its characters in control characters is binary."""

_CONTROL = re.compile("[\x01-\x07\x0e-\x1a\x1c-\x1f\x7f-\x9f]")


def not_text_reason(data: bytes) -> str | None:
    """Why these bytes are not a text document (`not text: ...`), or None when they are text."""
    text = decoded_text(data)
    if text is None:
        invalid = invalid_utf8_sequences(data)
        return (
            f"{NOT_TEXT} {invalid:,} invalid UTF-8 sequences in {len(data):,} bytes, "
            "and no other text encoding fits"
        )
    controls = len(_CONTROL.findall(text))
    if controls > MAX_CONTROL_SHARE * len(text):
        return f"{NOT_TEXT} {controls:,} control characters in {len(text):,} (binary data)"
    return None


def decoded_text(data: bytes) -> str | None:
    """The bytes as text in UTF-8 (stray invalid sequences replaced) or a legacy encoding;
    None when no encoding fits."""
    body = data[len(UTF8_BOM) :] if data.startswith(UTF8_BOM) else data
    if invalid_utf8_sequences(body) <= MAX_INVALID_SHARE * len(body):
        return body.decode("utf-8", errors="replace")
    for encoding in LEGACY_ENCODINGS:
        try:
            return body.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def invalid_utf8_sequences(data: bytes) -> int:
    """How many invalid UTF-8 sequences the bytes hold (each one replacement character)."""
    replaced = data.decode("utf-8", errors="replace").count(REPLACEMENT)
    return replaced - data.count(REPLACEMENT.encode())
