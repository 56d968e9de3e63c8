"""A record's file form: parsed and validated from JSON text (errors that name the field and
the fix), dumped with the seed's layout, and hashed as the bytes on disk."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from draftflow.errors import InputError
from draftflow.record.model import Record
from draftflow.text.json_input import parse_json


def parse_record(text: str, *, origin: str = "record") -> Record:
    """Parse a record from JSON text; raises `InputError` naming the first invalid field."""
    data = parse_json(
        text,
        origin=origin,
        hint="fix the JSON there (a record is one JSON object, as `draftflow draft` writes it, a "
        "few levels deep; write null for an unknown value)",
    )
    if not isinstance(data, dict):
        raise InputError(
            f"{origin} is not a record: expected a JSON object, got {type(data).__name__}",
            hint="a record file holds one JSON object with id, title, source, editorial, ...",
        )
    try:
        return Record.model_validate(data)
    except ValidationError as error:
        raise _schema_error(origin, error) from None


def _schema_error(origin: str, error: ValidationError) -> InputError:
    first = error.errors()[0]
    location = [*first["loc"]]
    if first["type"] == "condition_type":
        location.append(first.get("ctx", {})["key"])
    pointer = "/" + "/".join(str(part) for part in location)
    more = error.error_count() - 1
    also = f" (and {more} more problem{'s' * (more > 1)})" if more else ""
    if first["type"] == "missing":
        hint = f"add the field at {pointer}; write null when the source does not state it"
    elif first["type"] == "extra_forbidden":
        hint = f"remove {pointer} or move it into a `conditions` object, which is open"
    else:
        hint = f"give {pointer} a value of the right type; unknown values are null"
    return InputError(f"{origin}: invalid field {pointer}: {first['msg']}{also}", hint=hint)


def load_record(path: str | Path) -> Record:
    """Read and validate a record file; raises `InputError` naming the file and the problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(
            f"record file {path} does not exist",
            hint="pass the path of a record JSON file, e.g. records/<id>.json",
        ) from None
    except IsADirectoryError:
        raise InputError(
            f"{path} is a directory, not a record file",
            hint="pass the path of a record JSON file inside it, e.g. records/<id>.json",
        ) from None
    except UnicodeDecodeError as error:
        raise InputError(
            f"record file {path} is not UTF-8 text (byte {error.start})",
            hint="records are UTF-8 JSON; re-save the file as UTF-8",
        ) from None
    except OSError as error:
        raise InputError(
            f"cannot read record file {path}: {error.strerror}",
            hint="check the path and its permissions",
        ) from None
    return parse_record(text, origin=str(path))


def record_to_json(record: Record) -> dict[str, Any]:
    """The record as plain JSON data, keys in on-disk order."""
    data: dict[str, Any] = record.model_dump(mode="json")
    return data


def dump_record(record: Record) -> str:
    """The record's file text: 2-space indent, UTF-8 (not ASCII-escaped), trailing newline."""
    return json.dumps(record_to_json(record), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def record_file_sha256(content: str | bytes) -> str:
    """The one hash of a record: sha256 of its file's bytes (`sha256sum` gives the same).

    `status`, `diff`, `approve` and the sign-off all hash a record through this function, of
    the bytes as they stand on disk (text is hashed as its UTF-8 bytes).
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    return hashlib.sha256(data).hexdigest()


def record_content_sha256(record: Record) -> str:
    """The hash of the file `dump_record` writes for `record` (what `approve` saves and pins)."""
    return record_file_sha256(dump_record(record))
