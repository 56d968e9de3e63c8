#!/usr/bin/env python3
"""Train the result model and the lead-claims model on the gold and write them into the package.

    .venv/bin/python scripts/train-result-model.py                 # all the carried gold
    .venv/bin/python scripts/train-result-model.py GOLD.json ...   # these gold files only
    .venv/bin/python scripts/train-result-model.py --check         # exit 1 if the file differs

The default gold is every file of `tests/data/devgold/` and `tests/data/teamgold/gold/`; each
repository's copy is read from the `corpus/` folder beside its gold folder. The same gold and
settings write the same bytes (`--check` says whether the shipped files are that), so the models
in `src/draftflow/extract/learned/result_model.json` (which numbers are results) and
`src/draftflow/select/lead_model.json` (which lead) are reproducible from this repository.
The lead-claims model is trained on the figures the newly trained result model extracts.
Needs the dev dependencies (`pip install -e '.[dev]'`: scikit-learn).
"""

from __future__ import annotations

import sys
from pathlib import Path

from draftflow.extract.learned.model import SHIPPED
from draftflow.extract.learned.training import TrainingSettings
from draftflow.pipeline.learning import (
    LEAD_SETTINGS,
    all_examples,
    lead_examples,
    train_lead_model,
    train_model,
)
from draftflow.select.lead_model import SHIPPED as LEAD_SHIPPED

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "src" / "draftflow" / "extract" / "learned" / SHIPPED
LEAD_TARGET = ROOT / "src" / "draftflow" / "select" / LEAD_SHIPPED
GOLD = sorted((ROOT / "tests" / "data" / "devgold").glob("*.json")) + sorted(
    (ROOT / "tests" / "data" / "teamgold" / "gold").glob("*.json")
)


def main(argv: list[str]) -> int:
    """Train on the gold given (or all of it) and write or check the shipped file."""
    check = "--check" in argv
    paths = [Path(a) for a in argv if a != "--check"] or GOLD
    sets = all_examples(paths)
    model = train_model(sets, TrainingSettings())
    lead_sets = [lead_examples(path, model) for path in paths]
    lead = train_lead_model(lead_sets, LEAD_SETTINGS)
    status = 0
    for target, trained, count in (
        (TARGET, model, sum(len(s.examples) for s in sets)),
        (LEAD_TARGET, lead, sum(len(s.examples) for s in lead_sets)),
    ):
        text = trained.to_json()
        name = target.relative_to(ROOT)
        if check:
            same = target.is_file() and target.read_text(encoding="utf-8") == text
            print(f"{name}: {'as trained' if same else 'DIFFERS from a retrain'}")
            status |= not same
            continue
        target.write_text(text, encoding="utf-8")
        print(
            f"wrote {name}: {len(trained.weights)} weights from {count} examples "
            f"of {len(sets)} repositories"
        )
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
