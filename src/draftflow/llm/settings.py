"""Model settings: one validated object, resolved from flags, environment and project config.

Precedence, highest first: explicit overrides (command-line flags), `DRAFTFLOW_*` environment
variables, the project config file (`draftflow.toml`, else `[tool.draftflow]` in
`pyproject.toml`), the generic `OPENAI_BASE_URL` / `OPENAI_API_KEY` variables, then defaults.
The generic OpenAI variables rank below the project file because they are ambient: a project
that names its server should not be silently redirected by a shell that happens to export them.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

from draftflow.errors import ConfigError

ENV_PREFIX = "DRAFTFLOW_"
START_A_SERVER = (
    "to start one: `llama-server -m MODEL.gguf -c 8192 --port 8080` (then --base-url "
    "http://127.0.0.1:8080/v1) or `vllm serve MODEL` (--base-url http://127.0.0.1:8000/v1)"
)
CONFIG_FILE = "draftflow.toml"


class RecordMode(StrEnum):
    """How a cassette treats requests: replay only, record the missing ones, re-record all."""

    NONE = "none"
    NEW = "new"
    ALL = "all"


StructuredOutput = Literal["auto", "json_schema", "json_object", "prompt"]


class ModelSettings(BaseModel):
    """Everything the model layer needs to reach a server, or to replay without one."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    base_url: str | None = Field(default=None, description="OpenAI-compatible endpoint, .../v1")
    model: str | None = Field(default=None, description="model name as the server lists it")
    api_key: SecretStr | None = Field(default=None, description="sent as a Bearer token")
    timeout: float = Field(default=120.0, gt=0, description="seconds per attempt of a request")
    deadline: float = Field(
        default=180.0,
        gt=0,
        description="seconds one request may take in all, retries and backoff included: a "
        "server that stops answering ends the run within it",
    )
    max_retries: int = Field(default=2, ge=0, description="retries on 429, 5xx, timeouts")
    concurrency: int = Field(default=4, ge=1, description="requests in flight at once")
    temperature: float = Field(default=0.0, ge=0, le=2)
    seed: int | None = Field(default=0, description="sampling seed; None to let the server pick")
    max_tokens: int = Field(
        default=4096, ge=16, description="cap on each reply's tokens; a looping model stops here"
    )
    context_tokens: int = Field(
        default=12_000,
        ge=1_000,
        description="tokens one prompt may take (the context window less max_tokens): long "
        "documents are split, and the select and draft prompts list fewer figures, to fit",
    )
    use_cache: bool = True
    cache_dir: Path | None = Field(default=None, description="default: the user cache dir")
    cassette: Path | None = None
    record_mode: RecordMode = RecordMode.NONE
    structured_output: StructuredOutput = Field(
        default="auto", description="auto tries json_schema, then json_object, then prompt"
    )
    max_repairs: int = Field(default=2, ge=0, description="re-asks after an invalid reply")
    retry_backoff: float = Field(default=0.5, ge=0, description="first retry delay, seconds")

    @property
    def configured(self) -> bool:
        """True when a model can answer: a server URL or a cassette to replay is set."""
        return bool(self.base_url) or self.cassette is not None

    @property
    def resolved_cache_dir(self) -> Path:
        """Where cached responses live: `cache_dir`, else the platform user cache dir."""
        if self.cache_dir is not None:
            return self.cache_dir
        return Path(platformdirs.user_cache_dir("draftflow")) / "model-responses"

    def api_key_value(self) -> str | None:
        """The API key in clear text, for the HTTP client only; never log or store it."""
        return self.api_key.get_secret_value() if self.api_key else None

    def describe(self) -> dict[str, object]:
        """A printable view of the settings with the API key masked."""
        data = self.model_dump(mode="json")
        data["api_key"] = "***" if self.api_key else None
        return data


# Keys that may come from the environment and from config files, with their variable names.
_SETTING_KEYS = tuple(ModelSettings.model_fields)
_FORBIDDEN_IN_FILES = frozenset({"api_key"})
_PATH_KEYS = frozenset({"cache_dir", "cassette"})


def resolve_settings(overrides: Mapping[str, object], *, project_dir: Path) -> ModelSettings:
    """Merge defaults, project config, environment and `overrides` into validated settings.

    `overrides` holds flag values by setting name; `None` values mean "not given" and are
    skipped. Relative paths in the project file resolve against `project_dir`.
    """
    merged: dict[str, Any] = {}
    merged.update(_openai_env())
    merged.update(_config_file_values(project_dir))
    merged.update(_draftflow_env())
    merged.update(_clean_overrides(overrides))
    try:
        return ModelSettings(**merged)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        raise ConfigError(
            f"invalid model settings: {problems}",
            hint="check the flags, DRAFTFLOW_* variables and draftflow.toml / [tool.draftflow]",
        ) from error


def _clean_overrides(overrides: Mapping[str, object]) -> dict[str, object]:
    unknown = sorted(set(overrides) - set(_SETTING_KEYS))
    if unknown:
        raise ConfigError(
            f"unknown model settings: {', '.join(unknown)}",
            hint=f"known settings: {', '.join(_SETTING_KEYS)}",
        )
    return {key: value for key, value in overrides.items() if value is not None}


def _openai_env() -> dict[str, str]:
    values = {}
    if os.environ.get("OPENAI_BASE_URL"):
        values["base_url"] = os.environ["OPENAI_BASE_URL"]
    if os.environ.get("OPENAI_API_KEY"):
        values["api_key"] = os.environ["OPENAI_API_KEY"]
    return values


def _draftflow_env() -> dict[str, str]:
    values = {}
    for key in _SETTING_KEYS:
        raw = os.environ.get(ENV_PREFIX + key.upper())
        if raw is not None and raw != "":
            values[key] = raw
    # `--no-cache` has its own variable name, the flag's.
    if os.environ.get(ENV_PREFIX + "NO_CACHE", "").lower() in {"1", "true", "yes", "on"}:
        values["use_cache"] = "false"
    return values


def config_file_path(project_dir: Path) -> Path | None:
    """The project config file that applies in `project_dir`, if any."""
    own = project_dir / CONFIG_FILE
    if own.is_file():
        return own
    pyproject = project_dir / "pyproject.toml"
    if pyproject.is_file():
        return pyproject
    return None


def _config_file_values(project_dir: Path) -> dict[str, object]:
    path = config_file_path(project_dir)
    if path is None:
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(
            f"cannot read {path}: {error}", hint="fix the TOML syntax or remove the file"
        ) from error
    table = data if path.name == CONFIG_FILE else data.get("tool", {}).get("draftflow", {})
    # Other parts of draftflow may keep their own keys in the same table: take only ours.
    values = {key: value for key, value in table.items() if key in _SETTING_KEYS}
    leaked = sorted(_FORBIDDEN_IN_FILES & set(values))
    if leaked:
        raise ConfigError(
            f"{path} sets {', '.join(leaked)}: secrets do not belong in project files",
            hint="remove it and export DRAFTFLOW_API_KEY (or pass --api-key) instead",
        )
    for key in _PATH_KEYS & set(values):
        values[key] = project_dir / str(values[key])
    return values
