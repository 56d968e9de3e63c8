"""Instructions are data: `is_instruction` (with `text/addressed.py`) on a hand-written
held-out file of lines planted for a reader-program and benign benchmark prose
(`tests/fixtures/instructions/*.json`, each `{"addressed": [[lang, line]], "benign": [...]}`).

Prints found / flagged per language and every miss and false flag.

    .venv/bin/python benchmarks/instruction_heldout.py tests/fixtures/instructions/heldout-s12.json
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from draftflow.text.instructions import is_instruction


def main(argv: list[str]) -> int:
    """Score each held-out file named."""
    for name in argv:
        data = json.loads(Path(name).read_text(encoding="utf-8"))
        addressed = [(lang, line) for lang, line in data["addressed"]]
        benign = [(lang, line) for lang, line in data["benign"]]
        found = Counter(lang for lang, line in addressed if is_instruction(line))
        total = Counter(lang for lang, _ in addressed)
        flagged = [(lang, line) for lang, line in benign if is_instruction(line)]
        print(f"## {name}")
        print(f"addressed found: {sum(found.values())}/{len(addressed)}")
        print("  " + ", ".join(f"{lang} {found[lang]}/{total[lang]}" for lang in sorted(total)))
        print(f"benign flagged: {len(flagged)}/{len(benign)}")
        for lang, line in addressed:
            if not is_instruction(line):
                print(f"  missed [{lang}]: {line}")
        for lang, line in flagged:
            print(f"  flagged [{lang}]: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
