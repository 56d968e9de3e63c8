"""The machine a setup names in two rows: the computer in one (`| Model | Mac Studio (Mac15,14) |`)
and its chip in another (`| Chip | Apple M3 Ultra |`).

The chip alone is no figure's system: the source names the machine the runs were made on, and
a chip's name read alone (`Apple M3 Ultra`) says less than the source does (a reader asks which
box). Where one table or list of `key: value` pairs gives both, the system is the computer with
its chip, as the two rows write them (`Mac Studio M3 Ultra`; the maker's word left out of the
chip, since the computer's name already says whose it is), cited at the chip's line (the
computer's row stands in the same table or list; citing both is not done). A computer
is a `[[hardware]]` entry of kind `machine` (`numbers/vocabulary.toml`); a model or machine row
naming none (`| Model | Qwen3-8B |`) joins nothing."""

from __future__ import annotations

import re
from collections.abc import Iterable

from draftflow.extract.conditions.setup_names import sole_system
from draftflow.numbers.vocabulary import (
    HARDWARE_AFTER,
    HARDWARE_BEFORE,
    spelling_pattern,
    vocabulary,
)
from draftflow.text.lines import plain_text

_VOCABULARY = vocabulary()
_MACHINE = re.compile(
    rf"{HARDWARE_BEFORE}(?:{_VOCABULARY.hardware_pattern('machine') or '(?!)'}){HARDWARE_AFTER}",
    re.I,
)
_MACHINE_KEY = re.compile(
    r"^(?:model|machine|computer|device|hardware|system|host|platform)(?:[\s_]+(?:name|model))?$",
    re.I,
)
"""A row that names the computer (`Model`, `Machine`, `Hardware model`)."""
_CHIP_KEY = re.compile(r"^(?:chip|soc|chipset|processor|apple silicon)$", re.I)
"""A row that names the chip the computer carries (`Chip`, `SoC`)."""
_MAKER = re.compile(rf"^(?:{spelling_pattern(_VOCABULARY.hardware_makers.words)})\s+", re.I)


def machine_with_chip(pairs: Iterable[tuple[str, str]]) -> str | None:
    """The computer one pair names with the chip another names (`Mac Studio M3 Ultra`); None
    unless exactly one computer and one chip are named (two computers say neither ran all)."""
    machines: set[str] = set()
    chips: set[str] = set()
    for key, value in pairs:
        key = plain_text(key).strip(" *`:")
        text = plain_text(value)
        if _MACHINE_KEY.match(key):
            machines.update(found.group(0).strip() for found in _MACHINE.finditer(text))
        elif _CHIP_KEY.match(key) and (chip := sole_system(text)) is not None:
            chips.add(_MAKER.sub("", chip.strip()))
    if len(machines) != 1 or len(chips) != 1:
        return None
    return f"{machines.pop()} {chips.pop()}"


def is_chip_key(key: str) -> bool:
    """Whether a `key: value` pair's key names a chip row (`Chip`, `SoC`)."""
    return bool(_CHIP_KEY.match(plain_text(key).strip(" *`:")))
