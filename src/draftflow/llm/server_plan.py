"""The settings a draft will use at one server: sized to its window, timed to its speed.

Every setting the user gave (flag, `DRAFTFLOW_*` variable or project file) is kept as given.
Of the others:

- `context_tokens` and `max_tokens` fit the window the server states (`fit_to_window`);
- `concurrency`, at a llama.cpp server, is at most its slots and at most the requests whose
  prompts and replies fit in the window together: its slots share one window by default
  (a unified KV cache), and four 6,000-token prompts in an 8,192-token window do not fit;
- `timeout` grows with the time one reply of `max_tokens` after a prompt of
  `context_tokens` takes at the measured speed, and `deadline` keeps its ratio to it.
  The defaults stay the floor: a fast server keeps them; `_MAX_TIMEOUT` and `_MAX_DEADLINE`
  are the ceiling: a server too slow for them is told to the user, who may pass more.

Whatever the server said that was out of bounds (a window, a speed) is a warning in the plan.
"""

from __future__ import annotations

import math
from enum import StrEnum

from pydantic import BaseModel

from draftflow.errors import ConfigError, DraftflowError
from draftflow.llm.server_limits import (
    ContextWindow,
    ServerFlavour,
    fit_to_window,
    read_context_window,
)
from draftflow.llm.server_speed import Speed, measure_speed, speed_warning
from draftflow.llm.settings import ModelSettings

__all__ = ["PlannedSetting", "ServerPlan", "SettingSource", "plan_for_server", "plan_settings"]

PLANNED = ("context_tokens", "max_tokens", "timeout", "deadline", "concurrency")
# Prefill runs batched: a prompt token costs a fraction of a generated one.
_PROMPT_TOKEN_COST = 0.25
# Generation slows as the context fills, and a short probe cannot see it: SmolLM2-135M on
# one CPU thread of a loaded 2-core machine probed at 67 tokens/s, then took 203 s for a
# 2,048-token reply after a 2,658-token prompt, and 351 s for the re-ask that carried that
# reply (6,267 tokens in all); the formula below gives 430 s.
_SLOWDOWN = 8.0
_ROUND_TO = 10.0  # seconds: a timeout of 217.3 s reads better as 220 s
_PROBE_SECONDS = 60.0  # 64 tokens in a minute: a server slower than 1 token/s is not timed
# The longest wait a measured speed may set: two hours per attempt, three per request.
_MAX_TIMEOUT = 7_200.0
_MAX_DEADLINE = 10_800.0


class SettingSource(StrEnum):
    """Where the value of one planned setting came from."""

    GIVEN = "given"
    DEFAULT = "default"
    WINDOW = "sized to the server's window"
    SLOTS = "the requests the server's window holds at once"
    SPEED = "scaled to the measured speed"
    TIMEOUT = "in step with --timeout"
    CEILING = "draftflow's ceiling: the measured speed asks for more"


class PlannedSetting(BaseModel):
    """One setting a draft will use, and why it has that value."""

    name: str
    value: int | float
    source: SettingSource

    def flag(self) -> str:
        """The setting as its command-line flag, e.g. `--timeout 220 s`."""
        value = int(self.value) if self.value == int(self.value) else self.value
        unit = " s" if self.name in {"timeout", "deadline"} else ""
        return f"--{self.name.replace('_', '-')} {value}{unit}"


class ServerPlan(BaseModel):
    """What the server said, what was measured, and the settings that follow from them."""

    window: ContextWindow | None = None
    speed: Speed | None = None
    speed_error: str | None = None
    settings: list[PlannedSetting]
    warnings: list[str] = []
    """What the server said or the probe measured that was out of bounds, and what was
    taken instead."""

    def changed(self) -> list[PlannedSetting]:
        """The settings that differ from both the user's and the defaults."""
        kept = {SettingSource.GIVEN, SettingSource.DEFAULT}
        return [setting for setting in self.settings if setting.source not in kept]


async def plan_for_server(settings: ModelSettings) -> tuple[ModelSettings, ServerPlan]:
    """Ask the server in `settings` for its window (unless every setting it decides was
    given) and time one short generation (unless --timeout or --deadline was given), then
    `plan_settings`.

    The probe gets at most `_PROBE_SECONDS`, so a server that hangs costs little more than
    the draft's own wait; a server that fails it keeps the timeouts as they are, the plan
    says why (`speed_error`), and the draft meets the failure again with its own message.
    """
    given = settings.model_fields_set
    window = None
    if not {"context_tokens", "max_tokens", "concurrency"} <= given:
        window = await read_context_window(settings)
    speed, speed_error = None, None
    if not {"timeout", "deadline"} & given:
        probe = settings.model_copy(update={"timeout": _PROBE_SECONDS, "deadline": _PROBE_SECONDS})
        try:
            speed = await measure_speed(probe)
        except ConfigError:
            raise  # a setting the draft would meet again (a model the server does not list)
        except DraftflowError as error:
            speed_error = error.message
    planned, plan = plan_settings(settings, window, speed)
    return planned, plan.model_copy(update={"speed_error": speed_error})


def plan_settings(
    settings: ModelSettings, window: ContextWindow | None, speed: Speed | None
) -> tuple[ModelSettings, ServerPlan]:
    """`settings` sized to `window` and timed to `speed` (either may be unknown), with the
    plan that says where each of the five planned settings came from."""
    given = settings.model_fields_set
    sources = {
        name: SettingSource.GIVEN if name in given else SettingSource.DEFAULT for name in PLANNED
    }
    fitted = settings
    if window is not None:
        fitted = fit_to_window(settings, window)
        for name in ("context_tokens", "max_tokens"):
            if getattr(fitted, name) != getattr(settings, name):
                sources[name] = SettingSource.WINDOW
    update: dict[str, float | int] = {}
    if window is not None and "concurrency" not in given:
        at_once = _concurrency(fitted, window)
        if at_once != fitted.concurrency:
            update["concurrency"] = at_once
            sources["concurrency"] = SettingSource.SLOTS
    update.update(_timing(fitted, speed, sources))
    planned = fitted.model_copy(update=update)
    plan = ServerPlan(
        window=window,
        speed=speed,
        settings=[
            PlannedSetting(name=name, value=getattr(planned, name), source=sources[name])
            for name in PLANNED
        ],
        warnings=_warnings(window, speed, planned, sources),
    )
    return planned, plan


def _warnings(
    window: ContextWindow | None,
    speed: Speed | None,
    planned: ModelSettings,
    sources: dict[str, SettingSource],
) -> list[str]:
    """The plan's warnings: a clamped window, an absurd speed, a timing at its ceiling."""
    said = [window.warning() if window else None, speed_warning(speed) if speed else None]
    warnings = [warning for warning in said if warning]
    if sources["timeout"] is SettingSource.CEILING:
        warnings.append(
            f"the measured speed asks for longer waits than draftflow sets by itself: "
            f"--timeout {planned.timeout:.0f} s, --deadline {planned.deadline:.0f} s; pass "
            "--timeout and --deadline to wait longer for this server"
        )
    return warnings


def _timing(
    settings: ModelSettings, speed: Speed | None, sources: dict[str, SettingSource]
) -> dict[str, float | int]:
    """The timeout and deadline that differ from `settings`, noted in `sources`."""
    given = settings.model_fields_set
    update: dict[str, float | int] = {}
    timeout = settings.timeout
    if speed is not None and not {"timeout", "deadline"} & given:
        wanted = max(settings.timeout, _attempt_seconds(settings, speed))
        timeout = min(wanted, max(settings.timeout, _MAX_TIMEOUT))
        if timeout != settings.timeout:
            update["timeout"] = timeout
            capped = timeout < wanted
            sources["timeout"] = SettingSource.CEILING if capped else SettingSource.SPEED
    if "deadline" not in given:
        ratio = _default("deadline") / _default("timeout")
        deadline = max(settings.deadline, _rounded(timeout * ratio))
        if sources["timeout"] in {SettingSource.SPEED, SettingSource.CEILING}:
            deadline = min(deadline, max(settings.deadline, _MAX_DEADLINE))
        if deadline != settings.deadline:
            update["deadline"] = deadline
            scaled = sources["timeout"]
            speedy = scaled in {SettingSource.SPEED, SettingSource.CEILING}
            sources["deadline"] = scaled if speedy else SettingSource.TIMEOUT
    return update


def _concurrency(settings: ModelSettings, window: ContextWindow) -> int:
    if window.flavour is not ServerFlavour.LLAMA_CPP:
        return settings.concurrency
    fit = max(1, window.tokens // (settings.context_tokens + settings.max_tokens))
    return min(settings.concurrency, window.slots or settings.concurrency, fit)


def _attempt_seconds(settings: ModelSettings, speed: Speed) -> float:
    tokens = settings.max_tokens + settings.context_tokens * _PROMPT_TOKEN_COST
    return _rounded(_SLOWDOWN * tokens / speed.timing_rate())


def _rounded(seconds: float) -> float:
    return math.ceil(seconds / _ROUND_TO) * _ROUND_TO


def _default(name: str) -> float:
    return float(ModelSettings.model_fields[name].default)
