"""The request slots a batch shares across processes: the bound holds, and a cancelled wait
never keeps a slot."""

from __future__ import annotations

import asyncio
import multiprocessing

from draftflow.llm.slots import SharedSlots


def test_slots_bound_concurrent_holders_and_all_get_a_turn() -> None:
    slots = SharedSlots(multiprocessing.get_context("spawn").BoundedSemaphore(2))
    holding = 0
    most = 0
    done = 0

    async def use() -> None:
        nonlocal holding, most, done
        async with slots.slot():
            holding += 1
            most = max(most, holding)
            await asyncio.sleep(0.01)
            holding -= 1
        done += 1

    async def main() -> None:
        await asyncio.gather(*(use() for _ in range(12)))

    asyncio.run(main())
    assert (most, done) == (2, 12)


def test_a_cancelled_wait_keeps_no_slot() -> None:
    semaphore = multiprocessing.get_context("spawn").BoundedSemaphore(1)
    slots = SharedSlots(semaphore)

    async def main() -> None:
        async with slots.slot():
            waiter = asyncio.create_task(slots.slot().__aenter__())
            await asyncio.sleep(0.05)
            waiter.cancel()
            await asyncio.gather(waiter, return_exceptions=True)
        async with slots.slot():  # the one slot is free again
            assert not semaphore.acquire(False)

    asyncio.run(main())
    assert semaphore.acquire(False)  # and released on the way out
