#!/usr/bin/env python3
"""Train the lead ranker on the gold headlines and write it into the package.

    .venv/bin/python scripts/train-lead-model.py                 # all the carried gold
    .venv/bin/python scripts/train-lead-model.py GOLD.json ...   # these gold files only
    .venv/bin/python scripts/train-lead-model.py --check         # exit 1 if the file differs

The default gold is every file of `tests/data/devgold/` and `tests/data/teamgold/gold/`; each
repository's copy is read from the `corpus/` folder beside its gold folder. The same gold and
settings write the same bytes (`--check` says whether the shipped file is that), so the model
in `src/draftflow/select/lead_model.json` is reproducible from this repository. Its examples
are the rules' figures (`pipeline/lead_learning.py`), so it does not depend on the result
model. Needs the dev dependencies (`pip install -e '.[dev]'`: scikit-learn).
"""

from __future__ import annotations

import sys
from pathlib import Path

from draftflow.errors import DraftflowError
from draftflow.pipeline.lead_learning import all_lead_examples, train_lead_model
from draftflow.select.lead_model import SHIPPED
from draftflow.select.lead_training import LeadTrainingSettings

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "src" / "draftflow" / "select" / SHIPPED
GOLD = sorted((ROOT / "tests" / "data" / "devgold").glob("*.json")) + sorted(
    (ROOT / "tests" / "data" / "teamgold" / "gold").glob("*.json")
)


def main(argv: list[str]) -> int:
    """Train on the gold given (or all of it) and write or check the shipped file."""
    check = "--check" in argv
    paths = [Path(a) for a in argv if a != "--check"] or GOLD
    try:
        sets = all_lead_examples(paths)
    except DraftflowError as error:
        print(f"error: {error}\nfix: {error.hint}", file=sys.stderr)
        return 2
    model = train_lead_model(sets, LeadTrainingSettings())
    text = model.to_json()
    examples = sum(len(s.examples) for s in sets)
    reachable = sum(s.reachable for s in sets)
    gold = sum(s.gold_headline for s in sets)
    print(f"{reachable} of {gold} gold headline figures ({reachable / gold:.1%}) are candidates")
    if check:
        same = TARGET.is_file() and TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET.relative_to(ROOT)}: {'as trained' if same else 'DIFFERS from a retrain'}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(
        f"wrote {TARGET.relative_to(ROOT)}: {len(model.weights)} weights from {examples} "
        f"candidates of {len(sets)} repositories"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
