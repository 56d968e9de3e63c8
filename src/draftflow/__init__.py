"""draftflow: trustworthy editorial records of local-AI benchmark reports."""

from __future__ import annotations

__all__ = ["__version__"]

# Imports nothing at all (not even functools): `python -m draftflow` and the launcher import
# this package before `draftflow.__main__` can set its signal handlers.
_FOUND: list[str] = []


def _version() -> str:
    if not _FOUND:
        from importlib.metadata import PackageNotFoundError, version

        try:
            _FOUND.append(version("draftflow"))
        except PackageNotFoundError:  # running from a source tree that was never installed
            _FOUND.append("0.0.0+source")
    return _FOUND[0]


def __getattr__(name: str) -> str:
    # Looked up on first use, not on import: the command line installs its signal handlers
    # right after this package is imported, and importlib.metadata takes a while to load.
    if name == "__version__":
        return _version()
    raise AttributeError(f"module 'draftflow' has no attribute {name!r}")
