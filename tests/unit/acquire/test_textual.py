"""textual.not_text_reason: text in UTF-8 or a legacy encoding is a document; garbage is not."""

from __future__ import annotations

import random

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
