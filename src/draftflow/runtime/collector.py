"""The cycle collector: paused while a stage builds many short-lived objects, and run less
often in a draftflow process."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# Objects allocated (less freed) between young collections, and collections between older ones.
# CPython's default (700, 10, 10) suits small heaps; a draft holds a snapshot's documents, its
# candidates and their figures (hundreds of thousands of objects), which every older
# collection walks again: 2.1 of 22 CPU s for the ten corpus drafts, 0.4 s with these.
DRAFT_THRESHOLDS = (50_000, 20, 20)


def tune_collector() -> None:
    """Collect reference cycles less often in this process (see `DRAFT_THRESHOLDS`).

    Called by the command line and the batch workers, never by the stages: a program that
    uses draftflow as a library keeps its own collector settings. Cycles are still freed.
    """
    gc.set_threshold(*DRAFT_THRESHOLDS)


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
