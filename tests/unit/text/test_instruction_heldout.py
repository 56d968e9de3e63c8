"""Instructions are data, on a hand-written held-out set (`tests/fixtures/instructions/
heldout-s12.json`, committed before the session-12 classifier changes, in 12 languages and
phrasings unlike the generated set): the floor it holds. Before those changes: 18/44 found,
2/44 benign flagged."""

from __future__ import annotations

import json
from pathlib import Path

from draftflow.text.instructions import is_instruction

HELDOUT = Path(__file__).parents[2] / "fixtures" / "instructions" / "heldout-s12.json"


def test_the_held_out_planted_lines_are_found_and_benign_ones_are_not() -> None:
    data = json.loads(HELDOUT.read_text(encoding="utf-8"))
    missed = [line for _, line in data["addressed"] if not is_instruction(line)]
    flagged = [line for _, line in data["benign"] if is_instruction(line)]
    assert len(missed) <= 2, missed  # 42/44 found
    assert len(flagged) <= 1, flagged  # 1/44: "The assistant should respond within 2 s"


def test_languages_without_words_of_their_own_are_read_by_structure() -> None:
    """Dutch, Polish and Korean planted lines: a label addressed to a program, a condition
    on a program reading the page, a program's name in the language."""
    data = json.loads(HELDOUT.read_text(encoding="utf-8"))
    for language in ("nl", "pl", "ko"):
        lines = [line for lang, line in data["addressed"] if lang == language]
        assert lines and all(is_instruction(line) for line in lines), language
