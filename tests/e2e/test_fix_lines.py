"""Every `fix:` line the CLI can print names commands and options that exist, and the common
ones, provoked through the command line, work when run as printed (issue 34).

Two halves. Every hint in `src/draftflow` (each `hint=`/`fix=` of an error, a doctor check or a
status row, its string constants and f-string text) is read from the source: each
`draftflow COMMAND` it names must be a command, and each `--option` must be one that command's
`--help` lists (or, with no command named, one that some command lists), so a fix naming a
missing option fails here. Then the errors an editor meets most are provoked with the
`draftflow` command line and each command their fix prints in backticks is run as printed (its
placeholders filled in as an editor would): it must not end in the same error. They run in this
process (click's runner, in the workspace folder, with no draftflow or OpenAI setting): what is
checked is the words, the exit code and the fix, not the process, and a process of its own costs
a second of start-up each (the hostile tests, `test_hostile_cli.py`, keep real processes).
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from draftflow.cli import all_commands, main

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "draftflow"
EXAMPLE = ROOT / "examples" / "jvr0x__dgx-spark-bench"
EXAMPLE_ID = "jvr0x-dgx-spark-bench"
EXAMPLE_ONLY = "results/minimax-m3-dual.json"
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
# Another program's options, named in a fix beside draftflow's own (`git log --oneline`,
# `vllm serve --max-model-len`, `python3 scripts/team-corpus.py --mirrors DIR`).
OTHER_PROGRAM = re.compile(r"\b(?:git|vllm|vLLM|llama-server|python3 \S+\.py)\b[^`;,)]*")
DRAFTFLOW_COMMAND = re.compile(r"draftflow((?: [a-z][a-z-]*)+)([^`;]*)")


def help_options(group: click.Group = main, prefix: tuple[str, ...] = ()) -> dict[str, set[str]]:
    """Each command path (`("cache", "clear")`) -> the long options its `--help` lists."""
    found: dict[str, set[str]] = {}
    for name, command in all_commands(group).items():
        path = (*prefix, name)
        options = {"--help"}
        for param in command.params:
            if isinstance(param, click.Option) and not param.hidden:
                options.update(o for o in (*param.opts, *param.secondary_opts) if o[:2] == "--")
        found[" ".join(path)] = options
        if isinstance(command, click.Group):
            found.update(help_options(command, path))
    return found


COMMANDS = help_options()
ANY_OPTION = set().union(*COMMANDS.values()) | {"--version"}


def _strings(node: ast.AST, constants: dict[str, str]) -> str:
    parts = []
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            parts.append(child.value)
        elif isinstance(child, ast.Name) and child.id in constants:
            parts.append(constants[child.id])
    return "".join(parts)


def source_fixes() -> list[tuple[str, str]]:
    """(file:line, the fix's literal text) for every `hint=`/`fix=` in src/draftflow."""
    fixes = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {
            statement.targets[0].id: _strings(statement.value, {})
            for statement in tree.body
            if isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg in ("hint", "fix"):
                where = f"{path.relative_to(ROOT)}:{node.value.lineno}"
                fixes.append((where, _strings(node.value, constants)))
    return fixes


def unknown_names(fix: str, command: str | None = None) -> list[str]:
    """What `fix` names that draftflow's `--help` does not: a command, or an option of the
    command it names (else of `command`, the one that failed, else of any command)."""
    text = OTHER_PROGRAM.sub("", fix)
    problems = []
    for mention in DRAFTFLOW_COMMAND.finditer(text):
        words = mention.group(1).split()
        named = next((" ".join(words[:n]) for n in (2, 1) if " ".join(words[:n]) in COMMANDS), None)
        if named is None:
            if words[0] not in ("reads", "falls", "creates", "command"):  # prose: "draftflow reads"
                problems.append(f"no command `draftflow {' '.join(words)}`")
            continue
        problems += [
            f"`draftflow {named}` has no {option}"
            for option in OPTION.findall(mention.group(2))
            if option not in COMMANDS[named]
        ]
        text = text.replace(mention.group(0), "")
    known = COMMANDS.get(command, ANY_OPTION) if command else ANY_OPTION
    problems += [f"no command has {o}" for o in OPTION.findall(text) if o not in known]
    return problems


def test_the_checker_catches_a_fix_that_names_a_missing_option_or_command() -> None:
    assert unknown_names("pass --no-such-option") == ["no command has --no-such-option"]
    assert unknown_names("run `draftflow status --records-dir X --editor Y`") == [
        "`draftflow status` has no --editor"
    ]
    assert unknown_names("run `draftflow publish ID`") == ["no command `draftflow publish`"]
    assert unknown_names("pass --editor NAME", command="draft") == ["no command has --editor"]
    assert unknown_names("see `git log --oneline` or vLLM --max-model-len") == []


def test_every_fix_in_the_source_names_real_commands_and_options() -> None:
    fixes = source_fixes()
    assert len(fixes) > 150  # the collector found the hints (202 when written)
    wrong = {where: problems for where, fix in fixes if (problems := unknown_names(fix))}
    assert not wrong, wrong


@dataclass
class Case:
    """An error provoked through the command line, and how its printed fix is run."""

    args: tuple[str, ...]
    exit_code: int
    error: str
    fills: dict[str, str] = field(default_factory=dict)
    runs: int = 0  # how many backticked draftflow commands the fix must hold
    env: dict[str, str] = field(default_factory=dict)


def _fix_of(stderr: str) -> tuple[str, str]:
    errors = [line for line in stderr.splitlines() if line.startswith("error: ")]
    fixes = [line for line in stderr.splitlines() if line.startswith("  fix: ")]
    assert len(errors) == 1 and len(fixes) == 1, stderr
    return errors[0], fixes[0].removeprefix("  fix: ")


@dataclass
class Ran:
    """What a command left: its exit code and what it wrote to stderr."""

    returncode: int
    stderr: str


def cli(folder: Path, *args: str, env: dict[str, str] | None = None) -> Ran:
    """`draftflow ARGS` run in `folder` as an editor's shell would: no draftflow or OpenAI
    setting, a private cache, and `env` added."""
    clean: dict[str, str | None] = {
        name: None for name in os.environ if name.startswith(("DRAFTFLOW_", "OPENAI_"))
    }
    clean["DRAFTFLOW_CACHE_DIR"] = str(folder / "cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        result = CliRunner().invoke(
            main, list(args), env={**clean, **(env or {})}, prog_name="draftflow"
        )
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Ran(result.exit_code, result.stderr)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the example drafted into records/ and a plain copy without a manifest."""
    root = tmp_path_factory.mktemp("fixes")
    drafted = cli(root, "draft", str(EXAMPLE), "--only", EXAMPLE_ONLY)
    assert drafted.returncode == 0, drafted.stderr
    copy = root / "copy"
    shutil.copytree(EXAMPLE, copy)
    (copy / "MANIFEST.json").unlink(missing_ok=True)
    (root / "my").mkdir()
    (root / "my" / "extrct.md").write_text("a misspelled override of the extract prompt\n")
    return root


REVISION = "a" * 40
CASES = {
    "no record": Case(("approve", "nope", "--editor", "E"), 2, "no record 'nope'", runs=2,
                      fills={"SOURCE": str(EXAMPLE)}),
    "ack of no flag": Case(("approve", EXAMPLE_ID, "--editor", "E", "--ack", "F", "--reason", "r"),
                           2, "no error flag to acknowledge"),
    "unknown option": Case(("cache", "info", "--bogus"), 2, "no such option", runs=1),
    "missing option": Case(("select", EXAMPLE_ID, "--add", "x"), 2, "missing option", runs=1),
    "extra argument": Case(("prompts", "show", "x"), 2, "unexpected extra", runs=1),
    "bad record id": Case(("draft", str(EXAMPLE), "--id", "a b"), 2, "is not a record id"),
    "no server": Case(("models",), 2, "no model server is configured"),
    "no model log": Case(("logs", EXAMPLE_ID), 2, "drafted without a model"),
    "bad where": Case(("figures", EXAMPLE_ID, "--where", "foo"), 2, "is not KEY=VALUE"),
    "not a record file": Case(("render", "README.md"), 2, "does not exist"),
    "missing source": Case(("draft", "nowhere"), 2, "does not exist"),
    "plain folder": Case(("draft", "copy"), 2, "--origin", fills={"<full 40-hex sha>": REVISION}),
    "server down": Case(("models", "--base-url", "http://127.0.0.1:9/v1"), 3, "cannot reach"),
    "unknown figure": Case(("select", EXAMPLE_ID, "--add", "fig-000000000000", "--reason", "r"),
                           2, "is not in the figures file"),
    "only matches nothing": Case(("draft", str(EXAMPLE), "--only", "nothing*.json"), 2,
                                 "matches --only", runs=1, fills={"SOURCE": str(EXAMPLE)}),
    "unknown condition": Case(("figures", EXAMPLE_ID, "--where", "nokey=1"), 2, "'nokey'"),
    "misspelled prompt override": Case(("prompts",), 2, "rename it to extract.md",
                                       env={"DRAFTFLOW_PROMPTS_DIR": "my"}),
    "diff outside git": Case(("diff", EXAMPLE_ID, "--against", "HEAD~1"), 2, "git cannot show"),
    "no gold file": Case(("eval", "nowhere.json"), 2, "'nowhere.json' does not exist", runs=1),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_a_provoked_error_prints_a_fix_that_names_real_options_and_works(
    name: str, workspace: Path
) -> None:
    case = CASES[name]
    ran = cli(workspace, *case.args, env=case.env)
    assert ran.returncode == case.exit_code, ran.stderr
    error, fix = _fix_of(ran.stderr)
    assert case.error in error + fix
    assert "Traceback" not in ran.stderr
    assert not unknown_names(fix, command=case.args[0]), fix
    quoted = re.findall(r"`([^`]+)`", fix)
    commands = [c for c in quoted if c.startswith("draftflow ")]
    assert len(commands) >= case.runs, fix
    for command in commands:
        for placeholder, value in case.fills.items():
            command = command.replace(placeholder, value)
        words = shlex.split(command)[1:]
        if any(re.fullmatch(r"[A-Z][A-Z_/]+|<[^>]+>", w) for w in words):
            continue  # a placeholder this case does not fill: its options were checked above
        again = cli(workspace, *words, env=case.env)
        assert again.returncode == 0 or error not in again.stderr, (command, again.stderr)
