"""Optional JSON files beside a record (sign-off, stored report, source file), read one way.

Each is a pydantic model stored as JSON that may be absent (never written yet) or unusable
(truncated, hand-edited, garbage). Absent is `None`; unusable is one `InputError` naming the
file, what is wrong with it, and the fix, so that a caller can show it for that one record.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from draftflow.errors import InputError

Model = TypeVar("Model", bound=BaseModel)


def load_optional_json(path: Path, model: type[Model], *, what: str, hint: str) -> Model | None:
    """The `model` stored as JSON at `path`, or None when no file is there.

    `what` names the file for the message ("the sign-off file"); `hint` says how to fix an
    unusable one. A file that cannot be read, decoded or validated raises `InputError`.
    """
    if not path.exists():
        return None
    text = read_input_text(path, what=what, hint=hint)
    try:
        return model.model_validate_json(text)
    except ValidationError as error:
        raise InputError(
            f"{what} {path} cannot be read: {_first_problem(error)}", hint=hint
        ) from None


def read_input_text(path: Path, *, what: str, hint: str) -> str:
    """The UTF-8 text of a file the user's records hold; unreadable → `InputError` with `hint`."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{what} {path} cannot be read: {error}", hint=hint) from None


def _first_problem(error: ValidationError) -> str:
    """The first validation problem in one line (the full pydantic text runs to many)."""
    problems = error.errors()
    if not problems:
        return str(error)
    first = problems[0]
    where = "/".join(str(part) for part in first["loc"])
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"{where + ': ' if where else ''}{first['msg']}{more}"
