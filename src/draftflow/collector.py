"""The cycle collector paused while a stage builds many short-lived objects."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a stage builds many objects, then restore it.

    Harvesting, extraction and verification build hundreds of thousands of small objects
    (candidates, row dicts, mentions) that hold no reference cycles, so reference counting
    frees them all; the cycle collector would only re-walk every live object (a snapshot's
    documents, an extraction's figures) again and again: about a tenth of the whole-corpus
    harvest time, a fifth of a large verify. A collector that was already off stays off.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
