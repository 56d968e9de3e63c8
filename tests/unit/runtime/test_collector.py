"""The cycle collector paused for a stage, and restored as it was (collector.py)."""

from __future__ import annotations

import gc

import pytest

from draftflow.runtime.collector import DRAFT_THRESHOLDS, collection_paused, tune_collector


def test_the_collector_is_off_inside_and_back_on_after_even_on_error() -> None:
    assert gc.isenabled()
    with pytest.raises(ValueError), collection_paused():
        assert not gc.isenabled()
        raise ValueError("a stage failed")
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    try:
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_tuned_process_collects_young_objects_less_often() -> None:
    before = gc.get_threshold()
    try:
        tune_collector()
        assert gc.get_threshold() == DRAFT_THRESHOLDS
        assert DRAFT_THRESHOLDS[0] > before[0]
    finally:
        gc.set_threshold(*before)
