"""JSON from a server, read within bounds: integers of at most `MAX_DIGITS` digits (a longer
one reads as `Huge`, never the `int` conversion's ValueError past 4,300 digits), long or
non-finite floats as None, nesting past the parser's recursion limit as no JSON at all."""

from __future__ import annotations

import json
from typing import Any

MAX_DIGITS = 30


class Huge(int):
    """An integer written with more than `MAX_DIGITS` digits, read as 10**MAX_DIGITS."""

    digits: int


def int_literal(literal: str) -> int:
    """The integer a JSON literal writes, or `Huge` past `MAX_DIGITS` digits."""
    digits = len(literal.lstrip("-"))
    if digits <= MAX_DIGITS:
        return int(literal)
    huge = Huge(10**MAX_DIGITS)
    huge.digits = digits
    return huge


def bounded_json(data: bytes) -> Any:
    """JSON with long integers read as huge, other long or non-finite numbers as None; None
    when `data` is no JSON (or nests too deep)."""
    try:
        return json.loads(
            data,
            parse_int=int_literal,
            parse_float=lambda literal: float(literal) if len(literal) <= 64 else None,
            parse_constant=lambda _name: None,
        )
    except (ValueError, RecursionError):
        return None
