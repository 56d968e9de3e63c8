"""The response cache: JSON values on disk, misses, damage, clearing."""

from __future__ import annotations

from pathlib import Path

from draftflow.llm.cache import ResponseCache


def test_round_trip_survives_reopening(tmp_path: Path):
    cache = ResponseCache(tmp_path / "c")
    cache.put("k", {"content": '{"a": 1}', "attempts": 2})
    cache.close()
    reopened = ResponseCache(tmp_path / "c")
    assert reopened.get("k") == {"content": '{"a": 1}', "attempts": 2}
    assert reopened.get("other") is None and len(reopened) == 1
    reopened.close()


def test_values_are_stored_as_json_text(tmp_path: Path):
    cache = ResponseCache(tmp_path)
    cache.put("k", {"b": 1, "a": [1, 2]})
    assert cache._cache.get("k") == '{"a": [1, 2], "b": 1}'
    cache.close()


def test_damaged_or_foreign_entries_are_misses(tmp_path: Path):
    cache = ResponseCache(tmp_path)
    cache._cache.set("pickled", {"a": 1})
    cache._cache.set("broken", "{not json")
    cache._cache.set("list", "[1]")
    assert cache.get("pickled") is None and cache.get("broken") is None
    assert cache.get("list") is None
    cache.close()


def test_clear_counts_what_it_removed(tmp_path: Path):
    cache = ResponseCache(tmp_path)
    for key in "abc":
        cache.put(key, {"k": key})
    assert cache.volume() > 0
    assert cache.clear() == 3 and len(cache) == 0
    cache.close()
