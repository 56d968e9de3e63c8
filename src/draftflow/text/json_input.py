"""JSON files draftflow reads (records, figures, sign-offs, reports, source files, gold), read
one way, within bounds.

`parse_json` is the one parser: a file larger, a number longer, a string longer or a nesting
deeper than any draftflow writes or any benchmark states (`LIMITS`) is an `InputError` naming
the file and the limit, never a traceback (Python refuses integers over 4,300 digits with a
bare ValueError, and deep nesting with a RecursionError).

The optional files beside a record (sign-off, stored report, source file) are pydantic models
that may be absent (never written yet) or unusable (truncated, hand-edited, garbage). Absent is
`None`; unusable is one `InputError` naming the file, what is wrong with it, and the fix, so
that a caller can show it for that one record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from draftflow.errors import InputError

Model = TypeVar("Model", bound=BaseModel)


@dataclass(frozen=True)
class JsonLimits:
    """The bounds of a JSON file draftflow reads."""

    chars: int = 256 * 1024 * 1024
    number_chars: int = 64
    string_chars: int = 1024 * 1024
    depth: int = 64


LIMITS = JsonLimits()


class _Refused(ValueError):
    """A literal the file may not hold: what it is, said for the message."""


def _bounded_int(literal: str) -> int:
    if len(literal) > LIMITS.number_chars:
        raise _Refused(f"an integer of {len(literal)} digits")
    return int(literal)


def _bounded_float(literal: str) -> float:
    if len(literal) > LIMITS.number_chars:
        raise _Refused(f"a number written with {len(literal)} characters")
    return float(literal)


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name}, which is not a JSON number")


def parse_json(text: str, *, origin: str, hint: str) -> Any:
    """The JSON value of `text` (the contents of `origin`), within `LIMITS`.

    Invalid JSON, NaN or Infinity, and anything beyond the limits raise `InputError` with
    `hint` (how to repair or replace the file).
    """
    if len(text) > LIMITS.chars:
        raise InputError(
            f"{origin} holds {len(text):,} characters, more than the {LIMITS.chars:,} "
            "draftflow reads",
            hint=hint,
        )
    try:
        data = json.loads(
            text, parse_int=_bounded_int, parse_float=_bounded_float, parse_constant=_no_constant
        )
    except _Refused as refused:
        raise InputError(
            f"{origin} holds {refused.args[0]} (numbers have at most "
            f"{LIMITS.number_chars} characters)",
            hint=hint,
        ) from None
    except json.JSONDecodeError as error:
        raise InputError(
            f"{origin} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
            hint=hint,
        ) from None
    except RecursionError:
        raise InputError(_too_deep(origin), hint=hint) from None
    _check_shape(data, origin, hint)
    return data


def _too_deep(origin: str) -> str:
    return f"{origin} nests its JSON deeper than any record does (at most {LIMITS.depth} levels)"


def _check_shape(data: Any, origin: str, hint: str) -> None:
    """Every string within `LIMITS.string_chars`, every value within `LIMITS.depth` levels."""
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if len(value) > LIMITS.string_chars:
                raise InputError(
                    f"{origin} holds a string of {len(value):,} characters (at most "
                    f"{LIMITS.string_chars:,})",
                    hint=hint,
                )
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > LIMITS.depth:
            raise InputError(_too_deep(origin), hint=hint)
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
        pending.extend((item, depth + 1) for item in items)


def validate_json(text: str, model: type[Model], *, origin: str, hint: str) -> Model:
    """`model` from JSON `text` read within bounds (`parse_json`); invalid → `InputError`."""
    data = parse_json(text, origin=origin, hint=hint)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise InputError(f"{origin} cannot be read: {_first_problem(error)}", hint=hint) from None


def load_optional_json(path: Path, model: type[Model], *, what: str, hint: str) -> Model | None:
    """The `model` stored as JSON at `path`, or None when no file is there.

    `what` names the file for the message ("the sign-off file"); `hint` says how to fix an
    unusable one. A file that cannot be read, decoded or validated raises `InputError`.
    """
    if not path.exists():
        return None
    text = read_input_text(path, what=what, hint=hint)
    return validate_json(text, model, origin=f"{what} {path}", hint=hint)


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
