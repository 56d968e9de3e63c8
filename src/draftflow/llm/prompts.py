"""Prompts are files: `prompts/<name>.md` at the project's top level (shipped inside the
package as `draftflow/prompts/`), loaded as langchain-core templates. An editor's own folder
named by `DRAFTFLOW_PROMPTS_DIR` overrides a prompt by file name; the others stay packaged.

A prompt file is split into chat messages by marker lines:

    ---system---
    You extract benchmark results. Quote braces as {{ and }}.
    ---user---
    Document {path}:
    {text}

Markers are `---system---`, `---user---` and `---assistant---`; text before the first marker
is a comment and is ignored. Variables use `{name}` (f-string syntax). The sha256 of the
file's bytes versions the prompt, wherever it comes from: it enters every cache key and the
output's provenance. A file is UTF-8 text: a byte-order mark is dropped and CRLF or CR line
endings read as LF (`prompt_text`); bytes that are not text are a `ConfigError`.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from draftflow.errors import ConfigError

if TYPE_CHECKING:
    from langchain_core.messages import BaseMessage
    from langchain_core.prompts import ChatPromptTemplate

PROMPTS_DIR = Path(__file__).resolve().parents[1] / "prompts"
PROMPTS_DIR_VARIABLE = "DRAFTFLOW_PROMPTS_DIR"
_MARKER = re.compile(r"^---(system|user|assistant)---[ \t]*$", re.MULTILINE)
_LANGCHAIN_ROLE = {"system": "system", "user": "human", "assistant": "ai"}
_OPENAI_ROLE = {"system": "system", "human": "user", "ai": "assistant"}


@dataclass(frozen=True)
class Prompt:
    """A versioned chat prompt: its name, file, content hash, template and variables."""

    name: str
    path: Path
    sha256: str
    template: ChatPromptTemplate
    variables: tuple[str, ...]

    def messages(self, variables: Mapping[str, str]) -> list[dict[str, str]]:
        """Fill the template and return OpenAI chat messages (`role`, `content`).

        Raises `ConfigError` naming the file when a variable is missing or unknown.
        """
        self._check_variables(variables)
        filled = self.template.format_messages(**dict(variables))
        return [_to_openai(message) for message in filled]

    def _check_variables(self, variables: Mapping[str, str]) -> None:
        missing = sorted(set(self.variables) - set(variables))
        unknown = sorted(set(variables) - set(self.variables))
        if missing:
            raise ConfigError(
                f"prompt {self.path} needs variable(s) {', '.join(missing)}",
                hint=f"pass every variable the prompt uses: {', '.join(self.variables)}",
            )
        if unknown:
            raise ConfigError(
                f"prompt {self.path} has no variable(s) {', '.join(unknown)}",
                hint=f"it uses: {', '.join(self.variables) or 'none'}; check the spelling",
            )


def load_prompt(name: str, *, directory: Path | None = None) -> Prompt:
    """Load prompt `name` (without `.md`) from `directory`; by default from the editor's
    folder (`DRAFTFLOW_PROMPTS_DIR`) when it has that file, else the packaged prompts."""
    if directory is None:
        directory = prompt_directory(name)
    return _load(name, directory.resolve())


def override_directory() -> Path | None:
    """The editor's prompts folder (`DRAFTFLOW_PROMPTS_DIR`), when set.

    Raises `ConfigError` when it is set to something that is not a folder."""
    value = os.environ.get(PROMPTS_DIR_VARIABLE, "").strip()
    if not value:
        return None
    folder = Path(value).expanduser()
    if not folder.is_dir():
        raise ConfigError(
            f"{PROMPTS_DIR_VARIABLE}={value} is not a folder",
            hint=f"point {PROMPTS_DIR_VARIABLE} at a folder of <name>.md prompt files, or unset it",
        )
    _check_override_names(folder)
    return folder


def _check_override_names(folder: Path) -> None:
    """A `ConfigError` for a `.md` file of the editor's folder that overrides no prompt (a
    misspelt name would otherwise be ignored without a word); its README is left alone."""
    known = packaged_prompt_names()
    for path in sorted(folder.glob("*.md")):
        if path.stem in known or path.name.lower() == "readme.md":
            continue
        close = difflib.get_close_matches(path.stem, known, n=1)
        meant = f"rename it to {close[0]}.md if that is the prompt it overrides; " if close else ""
        raise ConfigError(
            f"{path} overrides no prompt: there is no prompt named {path.stem!r} "
            f"({PROMPTS_DIR_VARIABLE})",
            # Not "see `draftflow prompts`": it reads the same folder and stops at the same file.
            hint=f"{meant}the prompts are {', '.join(name + '.md' for name in known)}",
        )


def prompt_directory(name: str) -> Path:
    """The folder prompt `name` is read from: the editor's folder when it holds `<name>.md`,
    else the packaged prompts."""
    override = override_directory()
    if override is not None and (override / f"{name}.md").is_file():
        return override
    return PROMPTS_DIR


def packaged_prompt_names() -> list[str]:
    """The names of the packaged prompts, sorted."""
    return sorted(path.stem for path in PROMPTS_DIR.glob("*.md"))


@cache
def _load(name: str, directory: Path) -> Prompt:
    path = directory / f"{name}.md"
    try:
        data = path.read_bytes()
    except OSError as error:
        available = sorted(p.stem for p in directory.glob("*.md"))
        raise ConfigError(
            f"no prompt {name!r} at {path}",
            hint=f"available prompts: {', '.join(available) or 'none'}",
        ) from error
    parts = split_messages(prompt_text(data, path), path)
    # langchain-core takes a third of a second to import: only a prompt that is loaded pays it.
    from langchain_core.prompts import ChatPromptTemplate

    try:
        template = ChatPromptTemplate.from_messages(
            [(_LANGCHAIN_ROLE[role], text) for role, text in parts]
        )
    except (ValueError, KeyError) as error:
        raise ConfigError(
            f"prompt {path} is not a valid template: {error}",
            hint="write literal braces as {{ and }}; variables as {name}",
        ) from error
    return Prompt(
        name=name,
        path=path,
        sha256=hashlib.sha256(data).hexdigest(),
        template=template,
        variables=tuple(sorted(template.input_variables)),
    )


def prompt_text(data: bytes, path: Path) -> str:
    """A prompt file's bytes as text: UTF-8 (a byte-order mark dropped), lines ending in LF.

    Raises `ConfigError` naming the file when its bytes are not UTF-8 text."""
    problem = None
    nul = data.find(b"\0")
    if nul >= 0:
        problem = f"holds a NUL byte (byte {nul})"
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            problem = f"is not UTF-8 text (byte {error.start}: {data[error.start]:#04x})"
    if problem is not None:
        raise ConfigError(
            f"prompt {path} {problem}: a prompt is a UTF-8 text file",
            hint=f"save {path.name} as UTF-8 text, or remove it from the prompts folder to use "
            "the packaged prompt",
        )
    return text.replace("\r\n", "\n").replace("\r", "\n")


def split_messages(text: str, path: Path) -> list[tuple[str, str]]:
    """Split prompt text at its `---role---` marker lines into (role, text) pairs."""
    markers = list(_MARKER.finditer(text))
    if not markers:
        raise ConfigError(
            f"prompt {path} has no ---system--- or ---user--- marker line",
            hint="start each message with a line ---system---, ---user--- or ---assistant---",
        )
    parts = []
    for index, marker in enumerate(markers):
        end = markers[index + 1].start() if index + 1 < len(markers) else len(text)
        body = text[marker.end() : end].strip("\n")
        parts.append((marker.group(1), body))
    return parts


def _to_openai(message: BaseMessage) -> dict[str, str]:
    content = message.content
    if not isinstance(content, str):  # templates built from text always give text
        raise ConfigError(f"prompt produced non-text content: {content!r}")
    return {"role": _OPENAI_ROLE[message.type], "content": content}
