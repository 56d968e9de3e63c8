"""Model settings: flags over DRAFTFLOW_* over the project file over OPENAI_* over defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from draftflow.errors import ConfigError
from draftflow.llm import ModelSettings, RecordMode, resolve_settings


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for name in list(os.environ):
        if name.startswith(("DRAFTFLOW_", "OPENAI_")):
            monkeypatch.delenv(name)


def test_defaults_are_unconfigured_and_deterministic(tmp_path: Path):
    settings = resolve_settings({}, project_dir=tmp_path)
    assert settings == ModelSettings()
    assert not settings.configured
    assert (settings.temperature, settings.seed, settings.record_mode) == (0.0, 0, RecordMode.NONE)


def test_a_base_url_or_a_cassette_makes_it_configured(tmp_path: Path):
    assert resolve_settings({"base_url": "http://h:1/v1"}, project_dir=tmp_path).configured
    assert resolve_settings({"cassette": tmp_path / "c.json"}, project_dir=tmp_path).configured


def test_precedence_flags_env_file_openai(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "draftflow.toml").write_text(
        'base_url = "http://file:1/v1"\nmodel = "file-model"\ntimeout = 7\nconcurrency = 3\n'
    )
    monkeypatch.setenv("OPENAI_BASE_URL", "http://openai:1/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-openai-env")
    monkeypatch.setenv("DRAFTFLOW_MODEL", "env-model")
    monkeypatch.setenv("DRAFTFLOW_TIMEOUT", "9.5")
    settings = resolve_settings({"timeout": 3.0, "seed": None}, project_dir=tmp_path)
    assert settings.base_url == "http://file:1/v1"  # the project file beats OPENAI_BASE_URL
    assert settings.model == "env-model"  # DRAFTFLOW_* beats the file
    assert settings.timeout == 3.0  # a flag beats everything
    assert settings.concurrency == 3 and settings.seed == 0  # None means "not given"
    assert settings.api_key_value() == "sk-from-openai-env"


def test_openai_base_url_is_the_last_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://openai:1/v1")
    assert resolve_settings({}, project_dir=tmp_path).base_url == "http://openai:1/v1"


def test_pyproject_tool_table_and_relative_paths(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[tool.draftflow]\nmodel = "m"\ncassette = "cassettes/a.json"\n'
        'records_dir = "elsewhere"\n'
    )
    settings = resolve_settings({}, project_dir=tmp_path)
    assert settings.model == "m" and settings.cassette == tmp_path / "cassettes/a.json"


def test_draftflow_toml_wins_over_pyproject(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.draftflow]\nmodel = "py"\n')
    (tmp_path / "draftflow.toml").write_text('model = "own"\n')
    assert resolve_settings({}, project_dir=tmp_path).model == "own"


def test_an_api_key_in_a_project_file_is_refused(tmp_path: Path):
    (tmp_path / "draftflow.toml").write_text('api_key = "sk-oops"\n')
    with pytest.raises(ConfigError, match="secrets do not belong") as raised:
        resolve_settings({}, project_dir=tmp_path)
    assert "DRAFTFLOW_API_KEY" in (raised.value.hint or "")


def test_bad_values_name_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("DRAFTFLOW_CONCURRENCY", "zero")
    with pytest.raises(ConfigError, match="concurrency"):
        resolve_settings({}, project_dir=tmp_path)


def test_broken_toml_names_the_file(tmp_path: Path):
    (tmp_path / "draftflow.toml").write_text("model = \n")
    with pytest.raises(ConfigError, match=r"draftflow\.toml"):
        resolve_settings({}, project_dir=tmp_path)


def test_unknown_override_is_refused(tmp_path: Path):
    with pytest.raises(ConfigError, match="unknown model settings: modle"):
        resolve_settings({"modle": "x"}, project_dir=tmp_path)


def test_no_cache_env_and_record_mode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("DRAFTFLOW_NO_CACHE", "1")
    monkeypatch.setenv("DRAFTFLOW_RECORD_MODE", "new")
    settings = resolve_settings({}, project_dir=tmp_path)
    assert settings.use_cache is False and settings.record_mode is RecordMode.NEW


def test_the_api_key_is_masked_when_described(tmp_path: Path):
    settings = resolve_settings({"api_key": "sk-secret-value"}, project_dir=tmp_path)
    assert "sk-secret-value" not in repr(settings) and "sk-secret" not in str(settings.describe())


def test_the_cache_dir_defaults_to_the_user_cache(tmp_path: Path):
    assert "draftflow" in str(ModelSettings().resolved_cache_dir)
    assert ModelSettings(cache_dir=tmp_path).resolved_cache_dir == tmp_path
