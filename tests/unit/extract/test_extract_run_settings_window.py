"""A count's setting is looked for in the words just before it, not in all of its line
(issue 33, bounded at any size: a JSONL row of dozens of numbers searched its whole prefix
again for each of them, per setting)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from draftflow.extract.conditions import run_settings
from draftflow.extract.conditions.run_settings import settings_in_text


class _Counted:
    """A compiled pattern that counts the characters each search may read."""

    def __init__(self, pattern: re.Pattern[str], read: list[int]) -> None:
        self._pattern = pattern
        self._read = read

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        self._read.append((len(text) if endpos is None else endpos) - pos)
        return self._pattern.search(text, pos, len(text) if endpos is None else endpos)

    def match(self, text: str) -> Any:
        return self._pattern.match(text)


def test_a_long_row_reads_its_words_before_each_count_not_its_whole_prefix(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: list[int] = []
    made = run_settings._phrase_re

    def counted(phrases: tuple[str, ...], *, at_end: bool) -> Any:
        found = made(phrases, at_end=at_end)
        return _Counted(found, read) if found is not None and at_end else found

    monkeypatch.setattr(run_settings, "_phrase_re", counted)
    row = json.dumps({f"field_{i}": 1000 + i for i in range(200)} | {"n_gen": 128})
    settings_in_text.cache_clear()
    settings_in_text(row)
    assert read, "the row's counts were looked at"
    assert max(read) < 200  # 88d6e41: the whole prefix, up to the row's ~3,800 characters


def _texts(phrases: tuple[str, ...], rng: random.Random) -> list[str]:
    words = [*phrases, "tokens", "x", "(", "'", "-", "\t", "  ", "é", "ſ", "\n", "gen", "n"]
    texts = []
    for _ in range(400):
        parts = [rng.choice(words) for _ in range(rng.randint(0, 6))]
        joined = "".join(p + rng.choice(["", " ", "  ", "(", " (", "\n"]) for p in parts)
        texts.append(joined + rng.choice(["", "(", " ( ", "\n", " 512"]))
    return texts


def test_the_window_finds_what_the_whole_text_finds() -> None:
    rng = random.Random(33)
    for setting in run_settings._settings():
        pattern = run_settings._phrase_re(setting.before, at_end=True)
        if pattern is None:
            continue
        reach = run_settings._reach(setting.before)
        variants = [p.upper() for p in setting.before] + [
            p.replace(" ", " \t ") for p in setting.before
        ]
        for text in _texts((*setting.before, *variants), rng):
            for end in {len(text), max(0, len(text) - 1), len(text) // 2}:
                whole = pattern.search(text[:end]) is not None
                start = run_settings._phrase_window(text, end, reach)
                assert (pattern.search(text, start, end) is not None) == whole, (text, end)
