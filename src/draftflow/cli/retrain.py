"""What both training scripts do (`scripts/train-result-model.py`, `scripts/train-lead-model.py`):
read the gold's examples, fit the model, then write its shipped file or check that the shipped
file is what the fit writes. It sits with the CLI because it prints and maps errors to exit
codes (0 written or as trained, 1 the shipped file differs, 2 the gold cannot be read), as
the commands do; no command imports it.

The default gold is every file of `tests/data/devgold/` and `tests/data/teamgold/gold/`; each
repository's copy is read from the `corpus/` folder beside its gold folder. The same gold and
settings write the same bytes, so a shipped model is reproducible from the repository.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from draftflow.errors import DraftflowError
from draftflow.logistic import ExampleSet, LogisticModel


class GoldSet(ExampleSet, Protocol):
    """One gold file's examples, with how many of its gold figures they reach."""

    @property
    def gold(self) -> int: ...

    @property
    def reachable(self) -> int: ...


Sets = TypeVar("Sets", bound=GoldSet)


@dataclass(frozen=True)
class Training(Generic[Sets]):
    """One shipped model: where it lives, how its examples are read and fitted, and the words
    the script reports them in."""

    target: Path
    read: Callable[[list[Path]], list[Sets]]
    fit: Callable[[list[Sets]], LogisticModel]
    reached: str
    """What the reachable gold figures are, e.g. "gold figures (…) stand at a candidate"."""
    examples: str
    """What an example is called ("examples", "candidates")."""


def default_gold(root: Path) -> list[Path]:
    """Every gold file the repository carries: the dev gold, then the team gold."""
    data = root / "tests" / "data"
    return sorted((data / "devgold").glob("*.json")) + sorted(
        (data / "teamgold" / "gold").glob("*.json")
    )


def run_training(argv: Sequence[str], root: Path, training: Training[Sets]) -> int:
    """Train on the gold files `argv` names (all of them when it names none) and write the
    shipped file, or with `--check` say whether the shipped file is that (exit 1 if not)."""
    check = "--check" in argv
    paths = [Path(a) for a in argv if a != "--check"] or default_gold(root)
    try:
        sets = training.read(paths)
    except DraftflowError as error:
        print(f"error: {error}\nfix: {error.hint}", file=sys.stderr)
        return 2
    model = training.fit(sets)
    text = model.to_json()
    reachable = sum(s.reachable for s in sets)
    gold = sum(s.gold for s in sets)
    print(training.reached.format(reachable=reachable, gold=gold, share=reachable / gold))
    target = training.target.relative_to(root)
    if check:
        same = training.target.is_file() and training.target.read_text(encoding="utf-8") == text
        print(f"{target}: {'as trained' if same else 'DIFFERS from a retrain'}")
        return 0 if same else 1
    training.target.write_text(text, encoding="utf-8")
    examples = sum(len(s.examples) for s in sets)
    print(
        f"wrote {target}: {len(model.weights)} weights from {examples} {training.examples} "
        f"of {len(sets)} repositories"
    )
    return 0
