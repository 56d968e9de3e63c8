"""Every command's bad usage ends in one `error:` line and one `fix:` line, exit code 2."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from draftflow.cli import all_commands, main


def _commands() -> list[tuple[str, click.Command]]:
    found: list[tuple[str, click.Command]] = []
    for name, command in sorted(all_commands().items()):
        if isinstance(command, click.Group):
            found += [(f"{name} {sub}", c) for sub, c in sorted(command.commands.items())]
        else:
            found.append((name, command))
    return found


def _bad_value(command: click.Command) -> list[str] | None:
    """An option of a checked type (a range, a choice, a number) with a value it refuses."""
    for param in command.params:
        if isinstance(param, click.Option) and not param.is_flag:
            if isinstance(param.type, click.IntRange | click.FloatRange | click.Choice):
                return [param.opts[0], "not-a-value"]
            if param.type in (click.INT, click.FLOAT):
                return [param.opts[0], "not-a-value"]
    return None


def _required(command: click.Command) -> list[str]:
    """Placeholder values for the command's required arguments."""
    return [
        "x"
        for param in command.params
        if isinstance(param, click.Argument) and param.required and param.nargs == 1
    ]


def _cases() -> list[tuple[str, list[str]]]:
    cases: list[tuple[str, list[str]]] = [
        ("no such command", ["no-such-command"]),
        ("group option", ["--no-such-option"]),
    ]
    for name, command in _commands():
        words = name.split()
        cases.append((f"{name}: unknown option", [*words, *_required(command), "--no-such-option"]))
        if any(p.required for p in command.params):
            cases.append((f"{name}: nothing given", words))
        bad = _bad_value(command)
        if bad is not None:
            cases.append((f"{name}: bad value", [*words, *_required(command), *bad]))
    cases += [
        ("option missing its value", ["render", "a.json", "-o"]),
        ("select without --add or --drop", ["select", "some-id", "--reason", "r"]),
        ("approve without --editor", ["approve", "some-id"]),
    ]
    return cases


CASES = _cases()


@pytest.mark.parametrize(("label", "args"), CASES, ids=[label for label, _ in CASES])
def test_bad_usage_prints_one_error_and_one_fix(label: str, args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    lines = result.stderr.splitlines()
    assert result.exit_code == 2, (label, result.output)
    assert [line.startswith("error: ") for line in lines] == [True, False], lines
    assert lines[1].startswith("  fix: ") and len(lines[1]) > len("  fix: ") + 10, lines
    assert "Usage:" not in result.output and "Error:" not in result.output


def test_every_command_is_covered() -> None:
    covered = {label.split(":")[0] for label, _ in CASES}
    assert {name for name, _ in _commands()} <= covered
    assert sum(1 for label, _ in CASES if label.endswith("bad value")) >= 5


def test_the_fix_line_offers_the_close_option() -> None:
    result = CliRunner().invoke(main, ["select", "some-id", "--reaso", "r"], prog_name="draftflow")
    error, fix = result.stderr.splitlines()
    assert error == "error: draftflow select: no such option '--reaso'"
    assert fix.startswith("  fix: did you mean ") and "--reason? " in fix
    assert fix.endswith("`draftflow select --help` lists the options this command takes")


def test_a_missing_subcommand_of_a_group_still_shows_its_help() -> None:
    result = CliRunner().invoke(main, [])
    assert "Commands:" in result.output
