"""Prompt files: split into messages, variables checked, content hashed."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from draftflow.errors import ConfigError
from draftflow.llm.prompts import PROMPTS_DIR, load_prompt


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / f"{name}.md"
    path.write_text(text)
    return path


def test_the_packaged_doctor_prompt_loads():
    prompt = load_prompt("doctor")
    assert prompt.variables == ("count", "word")
    assert prompt.sha256 == hashlib.sha256((PROMPTS_DIR / "doctor.md").read_bytes()).hexdigest()
    messages = prompt.messages({"word": "w", "count": "3"})
    assert [m["role"] for m in messages] == ["system", "user"]
    assert '"word" is "w"' in messages[1]["content"]


def test_markers_roles_literal_braces_and_comment_header(tmp_path: Path):
    write(
        tmp_path,
        "p",
        'a comment {not a var}\n---system---\nReturn {{"a": 1}} for {x}\n'
        "---assistant---\nok\n---user---\nnow {y}\n",
    )
    prompt = load_prompt("p", directory=tmp_path)
    assert prompt.variables == ("x", "y")
    assert prompt.messages({"x": "X", "y": "Y"}) == [
        {"role": "system", "content": 'Return {"a": 1} for X'},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": "now Y"},
    ]


def test_a_missing_variable_names_the_file(tmp_path: Path):
    path = write(tmp_path, "p", "---user---\n{a} and {b}\n")
    with pytest.raises(ConfigError, match=r"needs variable\(s\) b") as raised:
        load_prompt("p", directory=tmp_path).messages({"a": "1"})
    assert str(path) in raised.value.message


def test_an_unknown_variable_is_refused(tmp_path: Path):
    write(tmp_path, "p", "---user---\n{a}\n")
    with pytest.raises(ConfigError, match=r"has no variable\(s\) typo"):
        load_prompt("p", directory=tmp_path).messages({"a": "1", "typo": "2"})


def test_values_with_braces_are_not_templates(tmp_path: Path):
    write(tmp_path, "p", "---user---\n{a}\n")
    assert load_prompt("p", directory=tmp_path).messages({"a": "{b} {{c}}"})[0]["content"] == (
        "{b} {{c}}"
    )


def test_the_hash_follows_the_content(tmp_path: Path):
    write(tmp_path, "one", "---user---\nhello\n")
    write(tmp_path, "two", "---user---\nhello!\n")
    assert (
        load_prompt("one", directory=tmp_path).sha256
        != load_prompt("two", directory=tmp_path).sha256
    )


def test_a_missing_prompt_lists_the_available_ones(tmp_path: Path):
    write(tmp_path, "exists", "---user---\nx\n")
    with pytest.raises(ConfigError, match="no prompt 'nope'") as raised:
        load_prompt("nope", directory=tmp_path)
    assert "exists" in (raised.value.hint or "")


def test_a_file_without_markers_is_refused(tmp_path: Path):
    write(tmp_path, "p", "just text {x}\n")
    with pytest.raises(ConfigError, match="no ---system--- or ---user--- marker"):
        load_prompt("p", directory=tmp_path)


def test_an_unbalanced_brace_is_a_config_error(tmp_path: Path):
    write(tmp_path, "p", "---user---\nbroken {x\n")
    with pytest.raises(ConfigError, match="not a valid template"):
        load_prompt("p", directory=tmp_path)


def test_an_editors_folder_overrides_a_prompt_by_name_and_its_hash_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    own = write(tmp_path, "doctor", "---system---\nBe brief.\n---user---\n{word} {count}\n")
    monkeypatch.setenv("DRAFTFLOW_PROMPTS_DIR", str(tmp_path))
    prompt = load_prompt("doctor")
    assert prompt.path == own.resolve()
    assert prompt.sha256 == hashlib.sha256(own.read_bytes()).hexdigest()
    packaged = load_prompt("extract")  # not in the folder: still the packaged one
    assert packaged.path.parent == PROMPTS_DIR.resolve()


def test_an_override_folder_that_is_not_a_folder_is_a_config_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("DRAFTFLOW_PROMPTS_DIR", str(tmp_path / "missing"))
    with pytest.raises(ConfigError, match="is not a folder"):
        load_prompt("doctor")


def test_an_override_that_matches_no_prompt_is_an_error_naming_the_prompts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    write(tmp_path, "draft_fact", "---system---\nx\n---user---\ny\n")  # not draft_facts
    write(tmp_path, "README", "what these overrides are for\n")  # a README is no prompt
    monkeypatch.setenv("DRAFTFLOW_PROMPTS_DIR", str(tmp_path))
    with pytest.raises(ConfigError) as raised:
        load_prompt("doctor")
    assert "there is no prompt named 'draft_fact'" in raised.value.message
    hint = raised.value.hint or ""
    assert "rename it to draft_facts.md" in hint
    assert all(f"{name}.md" in hint for name in ("doctor", "extract", "select", "speed"))


def test_the_packaged_prompts_live_in_the_top_level_prompts_folder():
    top_level = Path(__file__).resolve().parents[3] / "prompts"
    assert PROMPTS_DIR.resolve() == top_level
    assert sorted(p.stem for p in top_level.glob("*.md")) == [
        "doctor",
        "draft_facts",
        "draft_framing",
        "draft_sections",
        "extract",
        "select",
        "speed",
    ]
