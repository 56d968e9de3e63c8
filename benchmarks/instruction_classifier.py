"""Instructions are data: the reader-program classifier's recall and precision on the held-out
phrasings `tests/unit/text/test_instruction_generated.py` generates (frames x languages x
addressees x verbs), and its hits on every non-blank line of the corpus copies (the 20 of
`tests/data/corpus` and the team gold's in `tests/data/teamgold/corpus`, where present).

    .venv/bin/python benchmarks/instruction_classifier.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "unit" / "text"))

from test_instruction_generated import (  # type: ignore[import-not-found]  # noqa: E402
    FROM_THE_ISSUE,
    generated_benign,
    generated_instructions,
)

from draftflow.text.addressed import is_addressed_to_a_reader  # noqa: E402
from draftflow.text.instructions import is_instruction  # noqa: E402

CORPORA = (ROOT / "tests/data/corpus", ROOT / "tests/data/teamgold/corpus")
SUFFIXES = {".md", ".markdown", ".txt", ".rst", ".csv", ".tsv", ".json", ".jsonl", ".log",
            ".yaml", ".yml"}  # fmt: skip


def main() -> None:
    """Print recall per language, benign false positives, and corpus hits."""
    instructions = generated_instructions()
    recalled = Counter(lang for lang, line in instructions if is_instruction(line))
    total = Counter(lang for lang, _ in instructions)
    for language in sorted(total):
        print(f"{language}: {recalled[language]}/{total[language]} recalled")
    issue = sum(is_instruction(line) for line in FROM_THE_ISSUE)
    print(f"the issue's phrasings: {issue}/{len(FROM_THE_ISSUE)}")
    benign = generated_benign()
    flagged = [line for _, line in benign if is_instruction(line)]
    print(f"benign generated: {len(flagged)}/{len(benign)} flagged")
    lines = new = old = 0
    for root in CORPORA:
        if not root.is_dir():
            print(f"{root}: absent, skipped")
            continue
        for path in sorted(root.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in SUFFIXES:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            for number, line in enumerate(text.splitlines(), 1):
                if not line.strip():
                    continue
                lines += 1
                if is_addressed_to_a_reader(line):
                    new += 1
                    print(f"  hit: {path.relative_to(ROOT)}:{number}: {line[:120]}")
                elif is_instruction(line):
                    old += 1
    print(f"corpus lines: {lines:,}; reader-program classifier hits {new}; older rules {old}")


if __name__ == "__main__":
    main()
