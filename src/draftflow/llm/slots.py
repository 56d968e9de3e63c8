"""Request slots shared by every process of a batch: one bound on requests in flight in total.

A batch drafts repositories in several worker processes, yet `--concurrency` is the number of
model requests in flight across all of them, so one server is kept busy but not flooded. The
slots are a `multiprocessing` semaphore created by the parent and handed to each worker; a
worker's transport takes one slot per request on top of its own asyncio bound.

Waiting blocks a helper thread, never the event loop: the thread waits on the semaphore up
to `WAIT_SECONDS` at a time, and a slot given back anywhere in the batch wakes it at once. (The
earlier poll every 2-10 ms on the event loop cost ten waiting repositories about 5% of a core;
a wait of 0.05 s at a time cost as much in thread hops; 0.5 s costs a tenth of that.) A
cancelled wait never holds a slot: the thread gives back a slot it took after its waiter gave
up. Only one coroutine per process waits at a time (the others queue on an asyncio lock, in
order).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol

WAIT_SECONDS = 0.5


class ProcessSemaphore(Protocol):
    """The part of `multiprocessing.Semaphore` the slots use."""

    def acquire(self, block: bool = ..., timeout: float | None = ...) -> bool:
        """Take a slot, waiting at most `timeout` seconds; False when none came free."""
        ...

    def release(self) -> None:
        """Give a slot back."""
        ...


class _Attempt:
    """One wait for a slot in a helper thread, and whether its waiter has given up."""

    def __init__(self, semaphore: ProcessSemaphore) -> None:
        self.semaphore = semaphore
        self._lock = threading.Lock()
        self._abandoned = False
        self._taken = False

    def wait(self) -> bool:
        """In the helper thread: take a slot within `WAIT_SECONDS`, unless given up."""
        taken = self.semaphore.acquire(True, WAIT_SECONDS)
        with self._lock:
            if self._abandoned:
                if taken:
                    self.semaphore.release()
                return False
            self._taken = taken
            return taken

    def abandon(self) -> None:
        """The waiter gave up: a slot taken for it, now or later, goes back."""
        with self._lock:
            self._abandoned = True
            if self._taken:
                self._taken = False
                self.semaphore.release()


class SharedSlots:
    """An async context manager over a process-shared semaphore: one slot per request."""

    def __init__(self, semaphore: ProcessSemaphore) -> None:
        self.semaphore = semaphore
        self._waiter = asyncio.Lock()

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one slot while the body runs."""
        async with self._waiter:
            if not self.semaphore.acquire(False):
                await self._wait()
        try:
            yield
        finally:
            self.semaphore.release()

    async def _wait(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            attempt = _Attempt(self.semaphore)
            try:
                if await asyncio.shield(loop.run_in_executor(None, attempt.wait)):
                    return
            except asyncio.CancelledError:
                attempt.abandon()
                raise
