"""scripts/check-gold.py: the mechanical checks of a hand-made gold file."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "check-gold.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_gold", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_number_grouped_by_spaces_gives_its_whole_value() -> None:
    check = _script()
    assert check.value_follows("151 808", 151808)
    assert check.value_follows("16 019.7", 16019.7)
    assert check.value_follows("10\u202f095.188", 10095.188)


def test_separate_numbers_are_not_joined_into_one() -> None:
    check = _script()
    assert not check.value_follows("265 + 265", 265265)
    assert check.value_follows("22 / 20 / 17", 20)
    assert not check.value_follows("12 3456", 123456)
