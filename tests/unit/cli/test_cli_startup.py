"""What a `draftflow` process imports before its command runs: each stage only when a command
needs it (issue 35: ~180 processes in the suite, each paying its imports in CPU seconds)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

LOADED = """
import sys
{statement}
print(*sorted(m for m in sys.modules if m.startswith("draftflow")))
"""


def _loaded_by(statement: str) -> set[str]:
    """The draftflow modules a fresh interpreter has imported after `statement`."""
    ran = subprocess.run(
        [sys.executable, "-c", LOADED.format(statement=statement)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    return set(ran.stdout.split())


# the modules that make the select and draft stages, beyond what verify reads of them
WHOLE_SELECT = ("draftflow.select.run", "draftflow.select.lead_model", "draftflow.select.rules")
WHOLE_DRAFT = ("draftflow.draft.run", "draftflow.draft.model_drafter", "draftflow.draft.templates")


def test_the_checking_commands_do_not_import_the_select_and_draft_stages() -> None:
    """`verify`, `approve`, `review` and `status` read the figures file (`select.figures_file`)
    and the removed-figure wording (`draft.removed`), not the stages that write them."""
    loaded = _loaded_by(
        "import draftflow.cli.verify, draftflow.cli.review, draftflow.cli.status, "
        "draftflow.verify, draftflow.review"
    )
    assert "draftflow.select.figures_file" in loaded and "draftflow.draft.removed" in loaded
    assert not loaded & {*WHOLE_SELECT, *WHOLE_DRAFT}, sorted(
        loaded & {*WHOLE_SELECT, *WHOLE_DRAFT}
    )


@pytest.mark.parametrize("package", ["draftflow.select", "draftflow.draft", "draftflow.extract"])
def test_every_name_a_lazy_stage_package_gives_resolves(package: str) -> None:
    module = importlib.import_module(package)
    for name in module.__all__:
        value = getattr(module, name)
        assert value is not None, name
        assert not isinstance(value, type(module)), f"{package}.{name} is a module"
    assert set(module.__all__) <= set(dir(module))
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018


AT_EXIT = """
import os, sys
end = os._exit  # the CLI ends with os._exit, past atexit: say what was loaded just before
def said_then_end(code):
    print("loaded:", *sorted(sys.modules), file=sys.stderr, flush=True)
    end(code)
os._exit = said_then_end
from draftflow.cli import main
main()
"""
# what a command's own work needs: none of it for the group's help, version or a usage error
NOT_AT_START = ("asyncio", "pydantic", "rich", "openai", "langchain_core", "draftflow.record")
STAGES = ("acquire", "extract", "select", "draft", "verify", "review", "pipeline", "llm")


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["no-such-command"], []])
def test_the_group_s_help_version_and_usage_errors_import_no_stage(args: list[str]) -> None:
    ran = subprocess.run(
        [sys.executable, "-c", AT_EXIT, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode in (0, 2), ran.stderr[-2000:]
    loaded = ran.stderr.splitlines()[-1].split()[1:]
    heavy = [m for m in loaded if m.split(".")[0] in NOT_AT_START or m.startswith(NOT_AT_START)]
    stages = [m for m in loaded if m.startswith(tuple(f"draftflow.{s}" for s in STAGES))]
    assert heavy == [] and stages == [], (heavy, stages)
    if args == ["--help"]:
        assert "Commands:" in ran.stdout and "  verify " in ran.stdout


def test_the_group_s_help_lists_each_command_as_its_own_help_says() -> None:
    """`--help` words each command from a table, not from the command's module: the table
    says what each command's docstring says, at every width."""
    import click
    from click.testing import CliRunner

    from draftflow.cli import _COMMAND_HELP, _COMMAND_MODULES, all_commands, main

    listed = CliRunner().invoke(main, ["--help"]).output  # before any command is imported
    commands = all_commands()
    assert set(_COMMAND_HELP) == set(_COMMAND_MODULES) <= set(commands)
    for name, text in _COMMAND_HELP.items():
        stand_in = click.Command(name, help=text)
        for limit in (30, 45, 60, 74, 120, 300):
            assert stand_in.get_short_help_str(limit) == commands[name].get_short_help_str(limit)
    assert CliRunner().invoke(main, ["--help"]).output == listed  # every command imported
