"""A disk cache of validated model replies (diskcache, JSON values, in the user cache dir).

Keys are request fingerprints (see `exchange.py`); values are JSON text, so an entry can be
read by anything and never unpickles code. Only replies that validated are stored: a failed
or invalid reply is never cached, so a re-run asks again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import diskcache

from draftflow.errors import ConfigError


class ResponseCache:
    """Fingerprint → JSON object, persisted under `directory`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        try:
            directory.mkdir(parents=True, exist_ok=True)
            self._cache = diskcache.Cache(str(directory))
        except OSError as error:
            raise ConfigError(
                f"cannot open the response cache at {directory}: {error}",
                hint="set DRAFTFLOW_CACHE_DIR to a writable folder, or pass --no-cache",
            ) from error

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored object for `key`, or None (a damaged entry counts as a miss)."""
        raw = self._cache.get(key)
        if not isinstance(raw, str):
            return None
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            return None
        return value if isinstance(value, dict) else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        """Store `value` (JSON-serialisable) under `key`."""
        self._cache.set(key, json.dumps(value, ensure_ascii=False, sort_keys=True))

    def __len__(self) -> int:
        return len(self._cache)

    def volume(self) -> int:
        """Bytes the cache occupies on disk."""
        return int(self._cache.volume())

    def clear(self) -> int:
        """Remove every entry; return how many there were."""
        return int(self._cache.clear())

    def close(self) -> None:
        """Release the cache's files."""
        self._cache.close()
