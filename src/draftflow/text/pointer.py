"""JSON pointers (RFC 6901), the way flags and drops name a place in a record: one home.

`/editorial/reported_results/3/value` names the value of the fourth reported result; `~1`
stands for `/` and `~0` for `~` inside a key.
"""

from __future__ import annotations

from typing import Any

MISSING: Any = object()
"""What `resolve` returns when the pointer names nothing in the document."""


def pointer(*parts: str | int) -> str:
    """The pointer to `parts`, each key escaped (`pointer("a/b", 0)` is `/a~1b/0`)."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def pointer_parts(text: str) -> list[str]:
    """The unescaped keys of a pointer (`/a~1b/0` gives `["a/b", "0"]`; `""` gives `[]`)."""
    stripped = text.strip("/")
    if not stripped:
        return []
    return [part.replace("~1", "/").replace("~0", "~") for part in stripped.split("/")]


def resolve(document: Any, text: str) -> Any:
    """The value the pointer names in a JSON document (dicts, lists), or `MISSING`."""
    value = document
    for key in pointer_parts(text):
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return MISSING
    return value
