"""`draftflow models`, `doctor`, `cache`, and the reusable `model_options`."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from cli_process import cli
from draftflow.cli import main
from draftflow.cli.llm import MODEL_OPTION_NAMES, model_options, settings_from_options
from draftflow.llm import ModelSettings, RecordMode
from draftflow.llm.cache import ResponseCache
from stub_server import StubServer, completion, script

VALID = '{"word": "draftflow", "count": 3}'


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in list(os.environ):
        if name.startswith(("DRAFTFLOW_", "OPENAI_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("DRAFTFLOW_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def stub() -> Iterator[StubServer]:
    with StubServer(script(completion(VALID)), models=("stub-model", "second")) as server:
        yield server


def invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


def test_models_lists_the_served_names(stub: StubServer):
    result = invoke("models", "--base-url", stub.url)
    assert result.exit_code == 0 and result.output.split() == ["second", "stub-model"]
    as_json = invoke("models", "--json", env={"DRAFTFLOW_BASE_URL": stub.url})
    assert json.loads(as_json.output) == ["second", "stub-model"]


def test_models_names_a_gguf_file_as_model_takes_it_and_its_path_only_verbose():
    path = "/home/ed/models/SmolLM2-135M-Instruct-Q8_0.gguf"
    with StubServer(script(completion(VALID)), models=(path,)) as server:
        plain = invoke("models", "--base-url", server.url)
        verbose = invoke("models", "--base-url", server.url, "--verbose")
        as_json = invoke("models", "--base-url", server.url, "--json")
        doctor = invoke("doctor", "--base-url", server.url, "--model", "SmolLM2-135M-Instruct-Q8_0")
    assert plain.output == "SmolLM2-135M-Instruct-Q8_0\n"
    assert verbose.output == f"SmolLM2-135M-Instruct-Q8_0\t{path}\n"
    assert json.loads(as_json.output) == ["SmolLM2-135M-Instruct-Q8_0"]
    assert f"'SmolLM2-135M-Instruct-Q8_0' is served (listed as {path})" in doctor.output


def test_models_without_a_server_is_a_usage_error_with_a_fix():
    result = invoke("models")
    assert result.exit_code == 2
    assert "no model server is configured" in result.output and "fix:" in result.output


def test_models_against_a_dead_server_exits_3_naming_the_url(stub: StubServer):
    url = stub.url
    stub.stop()
    result = invoke("models", "--base-url", url, "--max-retries", "0")
    assert result.exit_code == 3 and url in result.output and "Traceback" not in result.output


def test_doctor_prints_each_check_and_passes(stub: StubServer):
    result = invoke("doctor", "--base-url", stub.url, "--model", "stub-model")
    assert result.exit_code == 0, result.output
    for name in ("endpoint", "model", "json_schema", "json_object", "structured output"):
        assert name in result.output


def test_doctor_json_and_a_failing_check_exits_1(stub: StubServer):
    result = invoke("doctor", "--json", "--base-url", stub.url)  # two models, none named
    assert result.exit_code == 1
    report = json.loads(result.output[: result.output.rindex("}") + 1])
    assert [c["status"] for c in report["checks"]] == ["ok", "fail"]


def test_cache_info_and_clear(isolated: Path):
    cache = ResponseCache(isolated / "cache")
    cache.put("a", {"x": 1})
    cache.put("b", {"x": 2})
    cache.close()
    info = json.loads(invoke("cache", "info", "--json").output)
    assert info["entries"] == 2 and info["directory"] == str(isolated / "cache")
    result = invoke("cache", "clear")
    assert result.exit_code == 0 and "removed 2 cached replies" in result.output
    assert json.loads(invoke("cache", "info", "--json").output)["entries"] == 0


def test_doctor_help_lists_only_the_options_that_apply():
    doctor_help = invoke("doctor", "--help").output
    assert "DRAFTFLOW_BASE_URL" in doctor_help and "--record-mode" not in doctor_help


@click.command()
@model_options
def probe(**flags: Any) -> None:
    click.echo(settings_from_options(**flags).model_dump_json())


def test_model_options_reach_the_settings_with_env_and_flags(isolated: Path):
    (isolated / "draftflow.toml").write_text('model = "from-file"\nconcurrency = 7\n')
    result = CliRunner().invoke(
        probe,
        [
            "--base-url",
            "http://h:1/v1",
            "--timeout",
            "5",
            "--no-cache",
            "--cassette",
            "c.json",
            "--record-mode",
            "new",
            "--seed",
            "42",
        ],
        env={"DRAFTFLOW_TEMPERATURE": "0.3", "DRAFTFLOW_API_KEY": "sk-env-key-12345"},
        catch_exceptions=False,
    )
    settings = ModelSettings.model_validate_json(result.output)
    assert settings.base_url == "http://h:1/v1" and settings.timeout == 5.0
    assert settings.use_cache is False and settings.record_mode is RecordMode.NEW
    assert settings.cassette == Path("c.json") and settings.seed == 42
    assert settings.temperature == 0.3 and settings.model == "from-file"
    assert settings.concurrency == 7
    assert "sk-env-key" not in result.output  # SecretStr dumps masked


def test_every_option_is_named_and_has_an_envvar():
    params = {p.name: p for p in probe.params}
    assert tuple(params) == MODEL_OPTION_NAMES
    assert all(getattr(p, "envvar", None) for p in params.values())


def test_a_bad_flag_value_is_a_usage_error():
    result = CliRunner().invoke(probe, ["--record-mode", "sometimes"])
    assert result.exit_code == 2 and "sometimes" in result.output


def test_draft_with_a_model_the_server_does_not_list_ends_before_drafting(tmp_path: Path):
    """The README's placeholder `--model MODEL` against a llama.cpp-like server, in a real
    process: exit 2 with a fix naming every listed model, no model asked, nothing written."""
    example = Path(__file__).resolve().parents[2] / "examples" / "jvr0x__dgx-spark-bench"
    gguf = "/models/SmolLM2-135M-Instruct-Q8_0.gguf"
    with StubServer(script(completion(VALID)), models=(gguf, "stub-model")) as server:
        ran = cli(
            tmp_path, "draft", str(example), "--only", "results/minimax-m3-dual.json",
            "--base-url", server.url, "--model", "MODEL", "--records-dir", "records",
        )  # fmt: skip
    assert ran.returncode == 2, ran.stderr
    assert "does not serve model 'MODEL'; it lists 2: SmolLM2-135M-Instruct-Q8_0, stub-model" in (
        ran.stderr
    )
    assert "fix: pass one of them: --model SmolLM2-135M-Instruct-Q8_0 or --model stub-model" in (
        ran.stderr
    )
    assert server.chat_requests == [] and not (tmp_path / "records").exists()
