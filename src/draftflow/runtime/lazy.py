"""A package's names loaded on first use (PEP 562): a process that needs one submodule of a
stage (`verify` reads `select.figures_file`) does not import the whole stage.

    __getattr__, __dir__ = lazy_names(__name__, {"select": "draftflow.select.run", ...})
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module


def lazy_names(
    package: str, sources: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`, giving each name of `sources` from the
    module it maps to, imported on first use and kept in the package after."""

    def __getattr__(name: str) -> object:
        module = sources.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(sources))

    return __getattr__, __dir__
