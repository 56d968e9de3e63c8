#!/usr/bin/env python3
"""Train the result model on the gold and write it into the package.

    .venv/bin/python scripts/train-result-model.py                 # all the carried gold
    .venv/bin/python scripts/train-result-model.py GOLD.json ...   # these gold files only
    .venv/bin/python scripts/train-result-model.py --check         # exit 1 if the file differs

The default gold is every file of `tests/data/devgold/` and `tests/data/teamgold/gold/`; each
repository's copy is read from the `corpus/` folder beside its gold folder. The same gold and
settings write the same bytes (`--check` says whether the shipped file is that), so the model
in `src/draftflow/extract/learned/result_model.json` is reproducible from this repository
(`cli/retrain.py`). Needs the dev dependencies (`pip install -e '.[dev]'`: scikit-learn).
"""

from __future__ import annotations

import sys
from pathlib import Path

from draftflow.cli.retrain import Training, run_training
from draftflow.extract.learned.training import TrainingSettings
from draftflow.extract.learned.weights import SHIPPED
from draftflow.pipeline.learning import all_examples, train_model

ROOT = Path(__file__).resolve().parents[1]
RESULT_MODEL = Training(
    target=ROOT / "src" / "draftflow" / "extract" / "learned" / SHIPPED,
    read=all_examples,
    fit=lambda sets: train_model(sets, TrainingSettings()),
    reached="{reachable} of {gold} gold figures ({share:.1%}) stand at a candidate",
    examples="examples",
)

if __name__ == "__main__":
    sys.exit(run_training(sys.argv[1:], ROOT, RESULT_MODEL))
