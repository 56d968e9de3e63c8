"""textual.not_text_reason: text in UTF-8 or a legacy encoding is a document; garbage is not."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from draftflow.acquire.textual import not_text_reason

TEXT = {
    "utf-8": "| model | decode (tok/s) |\n| qwen — 8b | 41.2 ± 0.3 |\n".encode(),
    "utf-8 with bom": b"\xef\xbb\xbf# Bench\n41.2 tok/s\n",
    "one stray byte": "résumé ".encode() * 40 + b"\xff" + b" 41.2 tok/s\n",
    "windows-1252": "Café: 12 ms — très bien\n".encode("cp1252") * 3,
    "gbk": "吞吐量 12 tok/s 测试\n".encode("gbk") * 3,
    "terminal colours": b"\x1b[32mok\x1b[0m 12 ms\n" * 3,
    "man page backspace": b"N\x08NA\x08AM\x08ME\x08E\n" + b"help text line\n" * 20,
    "empty": b"",
}


@pytest.mark.parametrize("name", sorted(TEXT))
def test_text_is_a_document(name: str) -> None:
    assert not_text_reason(TEXT[name]) is None


def test_random_bytes_are_not_text() -> None:
    rng = random.Random(1)
    data = bytes(rng.randrange(1, 256) for _ in range(4096))
    reason = not_text_reason(data)
    assert reason is not None and reason.startswith("not text: ")
    assert "invalid UTF-8 sequences in 4,096 bytes" in reason


def test_ascii_control_characters_are_not_text() -> None:
    data = bytes(range(1, 32)) * 10 + b"abc" * 100
    assert not_text_reason(data) == "not text: 240 control characters in 610 (binary data)"


def random_multibyte(encoding: str, size: int = 20_000, seed: int = 32) -> bytes:
    """Seeded random bytes 0x20-0xFE kept where they form characters of `encoding`: valid in
    it, no control character, no document."""
    rng = random.Random(seed)
    raw = bytes(rng.randrange(0x20, 0xFF) for _ in range(size * 2))
    return raw.decode(encoding, errors="ignore").encode(encoding)[:size]


@pytest.mark.parametrize("encoding", ["gb18030", "big5", "shift_jis", "euc_kr"])
def test_random_bytes_in_a_multibyte_encoding_are_not_text(encoding: str) -> None:
    reason = not_text_reason(random_multibyte(encoding))
    assert reason is not None and reason.startswith("not text: "), encoding


def _corpus_texts_outside_ascii() -> list[tuple[str, str]]:
    """(path, text) of the committed corpus documents with 1,000 characters outside ASCII."""
    root = Path(__file__).parents[2] / "data" / "corpus"
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix.lower() not in {".md", ".txt", ".csv", ".json", ".yaml", ".log"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")[:65_536]
        if sum(1 for char in text if not char.isascii()) >= 1_000:
            found.append((str(path.relative_to(root)), text))
    return found


@pytest.mark.parametrize("encoding", ["utf-8", "gb18030", "big5", "shift_jis", "euc_kr"])
def test_real_documents_in_any_script_stay_documents(encoding: str) -> None:
    """Every committed corpus document with many characters outside ASCII, in each of these
    encodings that can write it, is text (its CJK and its symbols repeat like words do)."""
    texts = _corpus_texts_outside_ascii()
    assert len(texts) >= 3
    for path, text in texts:
        try:
            data = text.encode(encoding)
        except UnicodeEncodeError:
            continue
        assert not_text_reason(data) is None, (path, encoding)
