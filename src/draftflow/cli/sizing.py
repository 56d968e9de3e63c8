"""The settings a live draft takes from its server, and the lines that say so on stderr.

Shared by `draft` (one source or several) and `refresh`; `doctor` prints the same plan as
a check.
"""

from __future__ import annotations

import click

from draftflow.cli import run_async
from draftflow.llm import ModelSettings
from draftflow.llm.server_plan import PlannedSetting, ServerPlan, SettingSource


def sized_to_server(settings: ModelSettings) -> ModelSettings:
    """`settings` sized to the server's context window and timed to its measured speed,
    where the user set neither, each change said on stderr; unchanged without a live server
    (none configured, or a cassette replaying)."""
    if not settings.base_url or settings.cassette is not None:
        return settings
    from draftflow.llm.server_plan import plan_for_server

    planned, plan = run_async(plan_for_server(settings))
    for line in plan_lines(plan):
        click.echo(f"draftflow: {line}", err=True)
    return planned


def plan_lines(plan: ServerPlan) -> list[str]:
    """What the server said and what was measured, each with the settings it decided."""
    chosen = {setting.name: setting for setting in plan.settings}
    lines = []
    if plan.window is not None:
        window = plan.window
        line = (
            f"the server's context window is {window.tokens} tokens ({window.flavour.value}): "
            f"prompts up to {_int(chosen['context_tokens'])} tokens, replies up to "
            f"{_int(chosen['max_tokens'])}"
        )
        at_once = chosen["concurrency"]
        if at_once.source is SettingSource.SLOTS:
            slots = f"{window.slots} slots share it" if window.slots else "it is shared"
            line += f"; {_int(at_once)} request(s) at a time ({slots})"
        lines.append(line)
    timing = f"--timeout {_int(chosen['timeout'])} s, --deadline {_int(chosen['deadline'])} s"
    if plan.speed is not None:
        speed = plan.speed
        lines.append(
            f"the server generated {speed.tokens} tokens in {speed.seconds:.1f} s "
            f"({speed.tokens_per_second:.1f} tokens/s): {timing} per request"
        )
    elif plan.speed_error is not None:
        lines.append(f"could not time the server ({plan.speed_error}); keeping {timing}")
    lines.extend(f"warning: {warning}" for warning in plan.warnings)
    return lines


def _int(setting: PlannedSetting) -> int:
    return round(setting.value)
