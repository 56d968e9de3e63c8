"""The CLI's signal handlers: a signal that lands where Python cannot raise it is kept, quietly."""

from __future__ import annotations

import gc
import signal
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from draftflow.cli import _interrupts_raise, _Received
from draftflow.errors import Interrupted


class _RaisesWhenCollected:
    """An object whose `__del__` raises: Python can only hand that to `sys.unraisablehook`."""

    def __init__(self, raising: BaseException | None = None, signum: int | None = None) -> None:
        self.raising = raising
        self.signum = signum

    def __del__(self) -> None:
        if self.signum is not None:
            signal.raise_signal(self.signum)  # the handler runs here, inside __del__
        if self.raising is not None:
            raise self.raising


@pytest.fixture()
def unraisable_seen() -> Iterator[list[type[BaseException] | None]]:
    """What reached the hook outside the CLI's (the one Python or pytest had before)."""
    seen: list[type[BaseException] | None] = []
    before = sys.unraisablehook

    def record(unraisable: Any) -> None:
        seen.append(unraisable.exc_type)

    sys.unraisablehook = record
    try:
        yield seen
    finally:
        sys.unraisablehook = before
        _Received.name = None


def collect(thing: _RaisesWhenCollected) -> None:
    del thing
    gc.collect()


def test_an_interruption_raised_in_a_finalizer_is_not_printed_and_is_kept(
    unraisable_seen: list[type[BaseException] | None],
) -> None:
    with _interrupts_raise():
        collect(_RaisesWhenCollected(signum=signal.SIGTERM))
    assert unraisable_seen == []
    assert _Received.name == "SIGTERM"


def test_other_errors_in_a_finalizer_still_reach_the_previous_hook(
    unraisable_seen: list[type[BaseException] | None],
) -> None:
    with _interrupts_raise():
        collect(_RaisesWhenCollected(raising=ValueError("broken finalizer")))
        collect(_RaisesWhenCollected(raising=Interrupted("SIGINT")))
    assert unraisable_seen == [ValueError]


def test_the_previous_hook_comes_back_when_the_command_ends(
    unraisable_seen: list[type[BaseException] | None],
) -> None:
    hook = sys.unraisablehook
    with _interrupts_raise():
        assert sys.unraisablehook is not hook
    assert sys.unraisablehook is hook
    collect(_RaisesWhenCollected(raising=Interrupted("SIGINT")))
    assert unraisable_seen == [Interrupted]
