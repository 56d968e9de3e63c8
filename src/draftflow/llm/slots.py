"""Request slots shared by every process of a batch: one bound on requests in flight in total.

A batch drafts repositories in several worker processes, yet `--concurrency` is the number of
model requests in flight across all of them, so one server is kept busy but not flooded. The
slots are a `multiprocessing` semaphore created by the parent and handed to each worker; a
worker's transport takes one slot per request on top of its own asyncio bound.

Waiting polls without blocking the event loop: a blocking `acquire` in a thread could not be
cancelled, and a cancelled wait must never hold a slot. Only one coroutine per process polls
at a time (the others queue on an asyncio lock, in order), so hundreds of waiting requests
cost one poll every few milliseconds, not hundreds; the interval is small against the
latency of a model request (milliseconds against seconds).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol

POLL_SECONDS = 0.002
MAX_POLL_SECONDS = 0.01


class ProcessSemaphore(Protocol):
    """The part of `multiprocessing.Semaphore` the slots use."""

    def acquire(self, block: bool = ...) -> bool:
        """Take a slot; with `block` False, return False at once when none is free."""
        ...

    def release(self) -> None:
        """Give a slot back."""
        ...


class SharedSlots:
    """An async context manager over a process-shared semaphore: one slot per request."""

    def __init__(self, semaphore: ProcessSemaphore) -> None:
        self.semaphore = semaphore
        self._poller = asyncio.Lock()

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one slot while the body runs."""
        async with self._poller:
            delay = POLL_SECONDS
            while not self.semaphore.acquire(False):
                await asyncio.sleep(delay)
                delay = min(delay * 2, MAX_POLL_SECONDS)
        try:
            yield
        finally:
            self.semaphore.release()
