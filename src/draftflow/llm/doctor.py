"""`draftflow doctor`: check the endpoint, the model and structured output, and say what to fix.

Each check is a value (status plus evidence and a fix), never a boolean; checks after a
failing one that they depend on are skipped rather than piled on. The doctor talks to the
server directly: no cache, no cassette.
"""

from __future__ import annotations

import time
from enum import StrEnum

from pydantic import BaseModel, Field

from draftflow.errors import DraftflowError
from draftflow.llm.client import ModelClient
from draftflow.llm.exchange import ChatRequest, PromptRef
from draftflow.llm.model_names import listed_id, short_name, unlisted_model
from draftflow.llm.prompts import load_prompt
from draftflow.llm.server_limits import ContextWindow, read_context_window
from draftflow.llm.server_plan import ServerPlan, SettingSource, plan_settings
from draftflow.llm.server_speed import Speed, measure_speed_with, speed_warning
from draftflow.llm.settings import START_A_SERVER, ModelSettings
from draftflow.llm.structured import (
    OutputMode,
    ReplyInvalid,
    build_messages,
    parse_reply,
    response_format,
)
from draftflow.llm.transport import FormatRejected

_PROBE_TOKENS = 48
_PROBE_VARIABLES = {"word": "draftflow", "count": "3"}


class CheckStatus(StrEnum):
    """The outcome of one doctor check."""

    OK = "ok"
    WARN = "warn"
    FAIL = "fail"
    SKIP = "skip"


class DoctorCheck(BaseModel):
    """One check: what was checked, how it went, what was seen, and how to fix it."""

    name: str
    status: CheckStatus
    detail: str
    hint: str | None = None
    seconds: float | None = None


class DoctorReport(BaseModel):
    """All checks against one endpoint, and the output mode draftflow will use there."""

    base_url: str | None
    model: str | None
    checks: list[DoctorCheck] = Field(default_factory=list)
    structured_mode: OutputMode | None = None
    plan: ServerPlan | None = None

    @property
    def ok(self) -> bool:
        """True when no check failed (warnings allowed)."""
        return all(check.status is not CheckStatus.FAIL for check in self.checks)


class DoctorProbe(BaseModel):
    """The tiny schema the doctor asks the model to fill."""

    word: str
    count: int


async def run_doctor(settings: ModelSettings) -> DoctorReport:
    """Run every check against the server in `settings` and return the report."""
    live = settings.model_copy(update={"cassette": None, "use_cache": False})
    report = DoctorReport(base_url=settings.base_url, model=settings.model)
    if not settings.base_url:
        report.checks.append(
            DoctorCheck(
                name="configuration",
                status=CheckStatus.FAIL,
                detail="no base URL is set",
                hint="pass --base-url http://HOST:PORT/v1 or set DRAFTFLOW_BASE_URL; "
                + START_A_SERVER,
            )
        )
        return report
    async with ModelClient(live) as client:
        models = await _check_endpoint(client, report)
        if models is None:
            return report
        model = _check_model(settings.model, models, report)
        if model is None:
            return report
        report.model = model
        for mode in (OutputMode.JSON_SCHEMA, OutputMode.JSON_OBJECT):
            if await _check_mode(client, model, mode, report):
                report.structured_mode = report.structured_mode or mode
        if report.structured_mode is None:
            report.structured_mode = OutputMode.PROMPT
        report.checks.append(_summary(report.structured_mode))
        speed = await _check_speed(client, model, report)
    window = await read_context_window(live)
    report.checks.append(_window_check(window))
    _, report.plan = plan_settings(settings, window, speed)
    report.checks.append(_plan_check(report.plan))
    return report


async def _check_speed(client: ModelClient, model: str, report: DoctorReport) -> Speed | None:
    try:
        speed = await measure_speed_with(client, model)
    except DraftflowError as error:
        report.checks.append(
            DoctorCheck(
                name="speed",
                status=CheckStatus.WARN,
                detail=f"one short generation failed: {error.message}",
                hint="drafts keep --timeout and --deadline as set; raise them for a slow server",
            )
        )
        return None
    absurd = speed_warning(speed)
    report.checks.append(
        DoctorCheck(
            name="speed",
            status=CheckStatus.WARN if absurd else CheckStatus.OK,
            detail=absurd
            or f"{speed.tokens_per_second:.1f} tokens/s ({speed.tokens} tokens generated "
            f"in {speed.seconds:.2f} s, prompt and round trip included)",
            hint="check the server's load and its usage counts; pass --timeout and --deadline "
            "for a server this slow"
            if absurd
            else None,
        )
    )
    return speed


def _window_check(window: ContextWindow | None) -> DoctorCheck:
    if window is None:
        return DoctorCheck(
            name="context window",
            status=CheckStatus.WARN,
            detail="the server states none (llama.cpp /props, vLLM /v1/models and Ollama "
            "/api/show did not say)",
            hint="pass --context-tokens (the window less --max-tokens) if prompts are refused "
            "as too long",
        )
    clamped = window.warning()
    if clamped:
        return DoctorCheck(
            name="context window",
            status=CheckStatus.WARN,
            detail=clamped,
            hint="check the server's context setting (llama-server -c, vLLM --max-model-len, "
            "Ollama num_ctx)",
        )
    slots = f", {window.slots} slots" if window.slots else ""
    return DoctorCheck(
        name="context window",
        status=CheckStatus.OK,
        detail=f"{window.tokens} tokens ({window.flavour.value}{slots})",
    )


def _plan_check(plan: ServerPlan) -> DoctorCheck:
    parts = []
    for setting in plan.settings:
        why = "" if setting.source is SettingSource.DEFAULT else f" ({setting.source.value})"
        parts.append(f"{setting.flag()}{why}")
    capped = any(setting.source is SettingSource.CEILING for setting in plan.settings)
    return DoctorCheck(
        name="draft settings",
        status=CheckStatus.WARN if capped else CheckStatus.OK,
        detail="; ".join(parts),
        hint="pass --timeout and --deadline to wait longer for this server" if capped else None,
    )


async def _check_endpoint(client: ModelClient, report: DoctorReport) -> list[str] | None:
    started = time.monotonic()
    try:
        models = await client.list_models()
    except DraftflowError as error:
        report.checks.append(
            DoctorCheck(
                name="endpoint",
                status=CheckStatus.FAIL,
                detail=error.message,
                hint=f"{error.hint}; {START_A_SERVER}" if error.hint else START_A_SERVER,
            )
        )
        return None
    report.checks.append(
        DoctorCheck(
            name="endpoint",
            status=CheckStatus.OK,
            detail=f"{report.base_url}/models lists {len(models)} model(s): {', '.join(models)}",
            seconds=round(time.monotonic() - started, 3),
        )
    )
    return models


def _check_model(wanted: str | None, models: list[str], report: DoctorReport) -> str | None:
    served = listed_id(wanted, models) if wanted is not None else None
    if served is not None:
        also = f" (listed as {served})" if served != wanted else ""
        report.checks.append(
            DoctorCheck(name="model", status=CheckStatus.OK, detail=f"{wanted!r} is served{also}")
        )
        return served
    if wanted is None and len(models) == 1:
        report.checks.append(
            DoctorCheck(
                name="model",
                status=CheckStatus.WARN,
                detail=f"no model named; the server's only model {models[0]!r} will be used",
                hint=f"pin it: --model {short_name(models[0])} or "
                f"DRAFTFLOW_MODEL={short_name(models[0])}",
            )
        )
        return models[0]
    if wanted is not None and models:
        # llama.cpp and Ollama answer for any name: a draft would name a model it never used.
        unlisted = unlisted_model(wanted, models, report.base_url or "")
        report.checks.append(
            DoctorCheck(
                name="model", status=CheckStatus.FAIL, detail=unlisted.message, hint=unlisted.hint
            )
        )
        return None
    report.checks.append(
        DoctorCheck(
            name="model",
            status=CheckStatus.FAIL,
            detail="no model named and the server lists " + (", ".join(models) or "none"),
            hint="pass --model NAME (or set DRAFTFLOW_MODEL)",
        )
    )
    return None


async def _check_mode(
    client: ModelClient, model: str, mode: OutputMode, report: DoctorReport
) -> bool:
    prompt = load_prompt("doctor")
    messages = build_messages(prompt.messages(_PROBE_VARIABLES), mode, DoctorProbe)
    request = ChatRequest(
        model=model,
        messages=messages,
        response_format=response_format(mode, DoctorProbe),
        temperature=0.0,
        seed=client.settings.seed,
        max_tokens=_PROBE_TOKENS,
        prompt=PromptRef(name=prompt.name, sha256=prompt.sha256),
    )
    name = f"response_format {mode}"
    started = time.monotonic()
    try:
        reply = await client.chat(request)
    except FormatRejected as rejected:
        report.checks.append(
            DoctorCheck(
                name=name,
                status=CheckStatus.WARN,
                detail=f"refused ({rejected.rejection.status}: "
                f"{_clip(rejected.rejection.message)})",
                hint="draftflow falls back by itself; to skip the refused try, set "
                "DRAFTFLOW_STRUCTURED_OUTPUT to a mode marked ok",
            )
        )
        return False
    except DraftflowError as error:
        report.checks.append(
            DoctorCheck(name=name, status=CheckStatus.FAIL, detail=error.message, hint=error.hint)
        )
        return False
    seconds = round(time.monotonic() - started, 3)
    try:
        probe = parse_reply(reply.content, DoctorProbe)
    except ReplyInvalid as invalid:
        report.checks.append(
            DoctorCheck(
                name=name,
                status=CheckStatus.WARN,
                seconds=seconds,
                detail=f"accepted, but the reply did not validate: {_clip(str(invalid))}; "
                f"reply {_clip(reply.content)!r}",
                hint=_invalid_hint(reply.finish_reason),
            )
        )
        return False
    report.checks.append(
        DoctorCheck(
            name=name,
            status=CheckStatus.OK,
            seconds=seconds,
            detail=f"valid reply {probe.model_dump_json()} "
            f"({reply.usage.completion_tokens} tokens)",
        )
    )
    return True


def _invalid_hint(finish_reason: str | None) -> str:
    if finish_reason == "length":
        return (
            f"the reply was cut at {_PROBE_TOKENS} tokens: a weak model rambles here; "
            "draftflow re-asks with the validation error when this happens in a run"
        )
    return (
        "the server may not constrain this format; draftflow re-asks with the validation "
        "error, but a model that honours JSON output will need fewer calls"
    )


def _clip(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _summary(mode: OutputMode) -> DoctorCheck:
    if mode is OutputMode.JSON_SCHEMA:
        return DoctorCheck(
            name="structured output",
            status=CheckStatus.OK,
            detail="draftflow will send the JSON schema as response_format",
        )
    return DoctorCheck(
        name="structured output",
        status=CheckStatus.WARN,
        detail=f"json_schema is not honoured; draftflow will use {mode}",
        hint=f"set DRAFTFLOW_STRUCTURED_OUTPUT={mode} to skip the refused json_schema try",
    )
