"""The options several commands share: one name, one default, one environment variable."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from draftflow.cli import main

RECORDS_DIR_COMMANDS = ["draft", "refresh", "select", "status", "review", "approve", "diff"]


@pytest.mark.parametrize("command", RECORDS_DIR_COMMANDS)
def test_records_dir_help_names_its_environment_variable(command: str) -> None:
    """Every command that reads records says where the folder comes from."""
    result = CliRunner().invoke(main, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "--records-dir" in result.output
    assert "DRAFTFLOW_RECORDS_DIR" in result.output


def test_records_dir_is_read_from_the_environment(tmp_path: Path) -> None:
    """`status` looks in the folder the environment names when no option is given."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    result = CliRunner().invoke(main, ["status"], env={"DRAFTFLOW_RECORDS_DIR": str(folder)})
    assert result.exit_code == 0, result.output
    # the line may wrap anywhere in a long path: compare without whitespace
    assert f"norecordsin{folder}".lower() in "".join(result.output.split()).lower()


@pytest.mark.parametrize("command", ["sources", "verify"])
def test_acquiring_commands_share_size_and_git_limits(command: str) -> None:
    """The commands that acquire a repository take the same size and git-time limits."""
    result = CliRunner().invoke(main, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "--max-bytes" in result.output
    assert "Seconds allowed for each git operation." in result.output
