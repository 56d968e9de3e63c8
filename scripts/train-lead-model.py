#!/usr/bin/env python3
"""Train the lead ranker on the gold headlines and write it into the package.

    .venv/bin/python scripts/train-lead-model.py                 # all the carried gold
    .venv/bin/python scripts/train-lead-model.py GOLD.json ...   # these gold files only
    .venv/bin/python scripts/train-lead-model.py --check         # exit 1 if the file differs

The default gold is every file of `tests/data/devgold/` and `tests/data/teamgold/gold/`; each
repository's copy is read from the `corpus/` folder beside its gold folder. The same gold and
settings write the same bytes (`--check` says whether the shipped file is that), so the model
in `src/draftflow/select/lead_model.json` is reproducible from this repository
(`cli/retrain.py`). Its examples are the rules' figures (`pipeline/lead_learning.py`), so
it does not depend on the result model. Needs the dev dependencies (`pip install -e '.[dev]'`:
scikit-learn).
"""

from __future__ import annotations

import sys
from pathlib import Path

from draftflow.cli.retrain import Training, run_training
from draftflow.pipeline.lead_learning import all_lead_examples, train_lead_model
from draftflow.select.lead_model import SHIPPED
from draftflow.select.lead_training import LeadTrainingSettings

ROOT = Path(__file__).resolve().parents[1]
LEAD_MODEL = Training(
    target=ROOT / "src" / "draftflow" / "select" / SHIPPED,
    read=all_lead_examples,
    fit=lambda sets: train_lead_model(sets, LeadTrainingSettings()),
    reached="{reachable} of {gold} gold headline figures ({share:.1%}) are candidates",
    examples="candidates",
)

if __name__ == "__main__":
    sys.exit(run_training(sys.argv[1:], ROOT, LEAD_MODEL))
