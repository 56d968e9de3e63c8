"""One loader for the optional JSON files beside a record: absent, valid, or one clear error."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from draftflow.errors import InputError
from draftflow.text.json_input import load_optional_json, read_input_text


class Note(BaseModel):
    text: str
    count: int


def load(path: Path) -> Note | None:
    return load_optional_json(path, Note, what="the note file", hint="write it again")


def test_absent_is_none_and_valid_is_the_model(tmp_path: Path) -> None:
    assert load(tmp_path / "missing.json") is None
    path = tmp_path / "note.json"
    path.write_text('{"text": "hi", "count": 2}')
    assert load(path) == Note(text="hi", count=2)


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b'{"text": "hi", "cou', "is not valid JSON: Unterminated string"),
        (b'{"text": "hi"}', "count: Field required"),
        (b'{"text": 1, "count": "x"}', "(and 1 more)"),
        (b"\xff\xfe garbage", "utf-8"),
    ],
)
def test_a_corrupt_file_is_one_input_error_naming_it_with_the_fix(
    tmp_path: Path, content: bytes, says: str
) -> None:
    path = tmp_path / "note.json"
    path.write_bytes(content)
    with pytest.raises(InputError) as raised:
        load(path)
    message = raised.value.message
    assert message.startswith(f"the note file {path} ") and says in message
    assert "is not valid JSON" in message or "cannot be read: " in message
    assert "\n" not in message and raised.value.hint == "write it again"


def test_a_folder_in_its_place_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "note.json").mkdir()
    with pytest.raises(InputError, match="cannot be read"):
        load(tmp_path / "note.json")
    with pytest.raises(InputError, match=r"the record file .* cannot be read"):
        read_input_text(tmp_path / "note.json", what="the record file", hint="h")
