"""Every third-party package `src/` imports is declared in pyproject.toml, and every declared
runtime dependency is imported somewhere in `src/` (issue 35: `markdown_it` and `httpx2` were
imported but undeclared)."""

from __future__ import annotations

import ast
import functools
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "src" / "draftflow"


def _normalized(distribution: str) -> str:
    """A distribution name as PEP 503 compares it (`RapidFuzz` is `rapidfuzz`)."""
    return re.sub(r"[-_.]+", "-", distribution).lower()


def _imported_top_levels() -> dict[str, list[str]]:
    """Each top-level module `src/draftflow` imports (stdlib and itself aside) -> where."""
    found: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in sys.stdlib_module_names or top in ("draftflow", "__future__"):
                    continue
                found.setdefault(top, []).append(str(path.relative_to(ROOT)))
    return found


def _declared() -> tuple[set[str], set[str]]:
    """The runtime dependencies and every declared distribution (extras included)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

    def names(requirements: list[str]) -> set[str]:
        return {_normalized(re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0]) for r in requirements}

    runtime = names(project["dependencies"])
    extras = set().union(*(names(r) for r in project["optional-dependencies"].values()))
    return runtime, runtime | extras


@functools.cache
def _providers() -> dict[str, list[str]]:
    return importlib.metadata.packages_distributions()


def _distributions(top_level: str) -> set[str]:
    """The installed distributions that provide an importable top-level name."""
    return {_normalized(d) for d in _providers().get(top_level, [])}


def test_every_imported_package_is_declared() -> None:
    _, declared = _declared()
    undeclared = {
        top: where
        for top, where in _imported_top_levels().items()
        if not _distributions(top) & declared
    }
    assert not undeclared, f"imported but not declared in pyproject.toml: {undeclared}"


def test_every_runtime_dependency_is_imported() -> None:
    runtime, _ = _declared()
    provided = set().union(*(_distributions(top) for top in _imported_top_levels()))
    assert not runtime - provided, f"declared but never imported by src/: {runtime - provided}"
