"""`draftflow prompts`: which file each prompt is read from, and its version hash."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

import click

from draftflow.cli import main, output_console
from draftflow.llm.prompts import (
    PROMPTS_DIR,
    PROMPTS_DIR_VARIABLE,
    load_prompt,
    override_directory,
    packaged_prompt_names,
)

PROMPTS_EPILOG = f"""\b
Examples:
  draftflow prompts
  {PROMPTS_DIR_VARIABLE}=./my-prompts draftflow prompts     # which ones your folder overrides
  cp "$(draftflow prompts --json | jq -r '.[0].path')" my-prompts/   # start from a packaged one
\b
A prompt of your own is a file <name>.md in the folder {PROMPTS_DIR_VARIABLE} names, with the
packaged file's variables; its sha256 enters the cache key and the record's provenance, so a
changed prompt never reuses a cached reply.
"""


@dataclass(frozen=True)
class PromptRow:
    """One prompt as `draftflow prompts` lists it."""

    name: str
    path: str
    sha256: str
    source: str
    variables: list[str]
    variables_differ: bool


def prompt_rows() -> list[PromptRow]:
    """Every packaged prompt's name, with the file it is read from now and that file's hash."""
    override = override_directory()
    rows = []
    for name in packaged_prompt_names():
        prompt = load_prompt(name)
        overridden = override is not None and prompt.path.parent == override.resolve()
        expected = load_prompt(name, directory=PROMPTS_DIR).variables
        rows.append(
            PromptRow(
                name=name,
                path=str(prompt.path),
                sha256=prompt.sha256,
                source="override" if overridden else "packaged",
                variables=list(prompt.variables),
                variables_differ=prompt.variables != expected,
            )
        )
    return rows


@main.command("prompts", epilog=PROMPTS_EPILOG)
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def prompts_command(as_json: bool) -> None:
    """List the prompts draftflow sends to the model: name, the file it is read from
    (packaged, or your folder's override), and the first 12 hex digits of its sha256."""
    rows = prompt_rows()
    if as_json:
        click.echo(json.dumps([asdict(row) for row in rows], indent=2))
        return
    console = output_console()
    for row in rows:
        console.print(f"{row.name:<15} {row.source:<9} {row.sha256[:12]}  {row.path}")
        if row.variables_differ:
            console.print(
                f"  warning: uses variables {row.variables}; the packaged prompt's differ, "
                "so a draft will stop with a prompt error: use the packaged file's variables"
            )
    override = override_directory()
    where = f"{PROMPTS_DIR_VARIABLE}={override}" if override else f"{PROMPTS_DIR_VARIABLE} unset"
    console.print(f"packaged prompts: {PROMPTS_DIR}; {where}")
