"""draftflow: trustworthy editorial records of local-AI benchmark reports."""

from __future__ import annotations

from functools import cache

__all__ = ["__version__"]


@cache
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("draftflow")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0.0.0+source"


def __getattr__(name: str) -> str:
    # Looked up on first use, not on import: the command line installs its signal handlers
    # right after this package is imported, and importlib.metadata takes a while to load.
    if name == "__version__":
        return _version()
    raise AttributeError(f"module 'draftflow' has no attribute {name!r}")
