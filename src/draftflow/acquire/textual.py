"""Whether a file's bytes are text: only text is a document.

A file named `.md` or `.json` may hold anything. Its bytes are text when they decode as UTF-8
(a few stray invalid sequences are tolerated, as `snapshot.decode` replaces them) or, failing
that, strictly in one of the common legacy encodings, and when the decoded characters are not
littered with control characters (random bytes and executables are; prose, tables, data and
tool output are not: tab, line breaks, form feed, backspace and the escape of terminal colours
are allowed).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter

NOT_TEXT = "not text:"
UTF8_BOM = b"\xef\xbb\xbf"
REPLACEMENT = "\ufffd"
LEGACY_ENCODINGS = ("cp1252", "gb18030", "big5", "shift_jis", "euc_kr")
MAX_INVALID_SHARE = 0.01
"""UTF-8 with at most this share of its bytes in invalid sequences is still UTF-8 text."""
MAX_CONTROL_SHARE = 0.01
"""Text with more than this share of its characters in control characters is binary."""

MIN_COMMON_SHARE = 0.5
"""Text whose 20 most common characters make up less than this share reads as random."""
MAX_LEGACY_NON_ASCII_SHARE = 0.3
"""A single-byte legacy reading with more than this share outside ASCII is random bytes."""
_COMMON_CHARS = 20
MIN_COMMON_WIDE_SHARE = 0.15
"""Text whose 200 most common characters outside ASCII make up less than this share of its
characters outside ASCII reads as random bytes in a multi-byte reading."""
_COMMON_WIDE_CHARS = 200
_MIN_WIDE_CHARS = 1_000
MIN_COMMON_PAIR_SHARE = 0.2
"""Text whose 200 most common pairs of adjacent characters outside ASCII make up less than
this share of such pairs reads as random bytes (the corpus copies: at least 34%)."""
_MIN_WIDE_PAIRS = 2_000
_SAMPLE_CHARS = 65_536
_MIN_SAMPLE_CHARS = 1_000

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
    return _content_reason(text, _legacy_single_byte(data, text))


def _content_reason(text: str, single_byte_legacy: bool) -> str | None:
    """Why decoded characters are no prose, table, data or tool output, or None.

    Every kind of text a report holds repeats a few characters: a language's letters and
    spaces, a table's rules, data's digits and delimiters (in the corpus copies the 20 most
    common make up at least 67% of the first 64 K characters, letters folded to lower case
    and other scripts to their character class); random printable bytes spread evenly over
    all of them (about 43%). And a document read in a single-byte legacy encoding is mostly
    ASCII (accents are a few letters in a word); random high bytes read that way are not.
    """
    sample = text[:_SAMPLE_CHARS]
    if len(sample) < _MIN_SAMPLE_CHARS:
        return None
    if single_byte_legacy:
        beyond = sum(1 for char in sample if not char.isascii())
        if beyond > MAX_LEGACY_NON_ASCII_SHARE * len(sample):
            return (
                f"{NOT_TEXT} {beyond:,} of its first {len(sample):,} characters are outside "
                "ASCII in a single-byte reading (random bytes, not a document)"
            )
    wide = _wide_reason(sample)
    if wide is not None:
        return wide
    counts = Counter(char.lower() if char.isascii() else unicodedata.category(char)
                     for char in sample)  # fmt: skip
    common = sum(count for _, count in counts.most_common(_COMMON_CHARS))
    if common < MIN_COMMON_SHARE * len(sample):
        return (
            f"{NOT_TEXT} its characters are spread like random bytes (the {_COMMON_CHARS} most "
            f"common make up {common / len(sample):.0%} of its first {len(sample):,}; prose, "
            f"tables, data and tool output at least {MIN_COMMON_SHARE:.0%})"
        )
    return None


def _wide_reason(sample: str) -> str | None:
    """Why characters outside ASCII are spread like random bytes read in a multi-byte
    encoding (gb18030, big5, shift_jis, euc-kr, or UTF-8 itself), or None.

    Every script's text repeats its common characters: in Chinese the 200 most frequent
    hanzi are about half of a page, in Japanese the kana, in Korean the common syllables, in
    a European language its accented letters, in a table its rules. Random bytes read as a
    two-byte encoding spread over its tens of thousands of characters, each seen once or
    twice: the 200 most common make up a few percent.
    """
    counts = Counter(char for char in sample if not char.isascii())
    total = sum(counts.values())
    if total < _MIN_WIDE_CHARS:
        return None
    common = sum(count for _, count in counts.most_common(_COMMON_WIDE_CHARS))
    if common < MIN_COMMON_WIDE_SHARE * total:
        return (
            f"{NOT_TEXT} its {total:,} characters outside ASCII are spread like random bytes "
            f"(the {_COMMON_WIDE_CHARS} most common make up {common / total:.0%} of them; "
            f"text in any script at least {MIN_COMMON_WIDE_SHARE:.0%})"
        )
    # A small alphabet read from random bytes (shift_jis's 63 half-width katakana) repeats
    # its characters but not their order: words repeat pairs of characters, noise does not.
    pairs = Counter(
        a + b
        for a, b in itertools.pairwise(sample)
        if not (a.isascii() or b.isascii() or a.isspace() or b.isspace())
    )
    total = sum(pairs.values())
    if total < _MIN_WIDE_PAIRS:
        return None
    common = sum(count for _, count in pairs.most_common(_COMMON_WIDE_CHARS))
    if common >= MIN_COMMON_PAIR_SHARE * total:
        return None
    return (
        f"{NOT_TEXT} its characters outside ASCII follow each other like random bytes (the "
        f"{_COMMON_WIDE_CHARS} most common of its {total:,} adjacent pairs make up "
        f"{common / total:.0%} of them; text in any script at least "
        f"{MIN_COMMON_PAIR_SHARE:.0%})"
    )


def _legacy_single_byte(data: bytes, text: str) -> bool:
    """Whether `text` was read from `data` in a single-byte legacy encoding (not UTF-8)."""
    return len(text) == len(data) and invalid_utf8_sequences(data) > 0


def decoded_text(data: bytes) -> str | None:
    """The bytes as text in UTF-8 (stray invalid sequences replaced) or a legacy encoding;
    None when no encoding fits."""
    body = data[len(UTF8_BOM) :] if data.startswith(UTF8_BOM) else data
    if invalid_utf8_sequences(body) <= MAX_INVALID_SHARE * len(body):
        return body.decode("utf-8", errors="replace")
    first: str | None = None
    for encoding in LEGACY_ENCODINGS:
        try:
            text = body.decode(encoding)
        except UnicodeDecodeError:
            continue
        # the first reading that reads as a document: Chinese in GB18030 also decodes, as
        # noise, in Windows-1252
        if _content_reason(text, _legacy_single_byte(body, text)) is None:
            return text
        first = first if first is not None else text
    return first


def invalid_utf8_sequences(data: bytes) -> int:
    """How many invalid UTF-8 sequences the bytes hold (each one replacement character)."""
    replaced = data.decode("utf-8", errors="replace").count(REPLACEMENT)
    return replaced - data.count(REPLACEMENT.encode())
