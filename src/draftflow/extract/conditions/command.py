"""What the command that printed a tool's output states of its figures: a benchmark's output
block often opens with its command (`python benchmark_serving.py --backend vllm --model
Qwen2-7B-Instruct --random-input-len 1024 --random-output-len 1024`), and the figures printed
below it in the same code block were measured with that command's model and token counts.

Only the block's own command is read (its opening lines up to the first blank line, with a
flag in them), and only for figures below it in the same block: the next block's command is
another run's. A `--model` flag's value is a model only where it is written as one (a name with
a parameter count or a Hugging Face id, not a path `/models/latest`).
"""

from __future__ import annotations

import re

from pydantic import JsonValue

from draftflow.extract.conditions import setup_names as vocab
from draftflow.extract.conditions.context import DocumentContext
from draftflow.extract.conditions.run_settings import setting_of_key
from draftflow.extract.document import parse_document
from draftflow.extract.document.elements import CodeBlock

_FLAG = re.compile(r"(?<![\w-])--(?P<key>[A-Za-z][\w-]*)(?:=|\s+)(?P<value>[^\s\\'\"-][^\s\\'\"]*)")
"""A command's flag with its value (`--model Qwen2-7B-Instruct`, `--random-input-len=1024`)."""
_MODEL_FLAGS = frozenset({"model", "served-model-name", "model-name"})
_COUNT = re.compile(r"^\d{1,7}$")


def command_conditions(context: DocumentContext, line: int) -> tuple[tuple[str, JsonValue], ...]:
    """The model and token counts the command opening the figure's code block states, for a
    figure below that command in the block (none elsewhere)."""
    commands = context.kept(("block commands",), lambda: _block_commands(context))
    for first, last, command_end, found in commands:
        if first <= line <= last:
            return found if line > command_end else ()
    return ()


def _block_commands(
    context: DocumentContext,
) -> tuple[tuple[int, int, int, tuple[tuple[str, JsonValue], ...]], ...]:
    """Each code block that opens with a command: its lines, its command's last line and what
    the command states."""
    found = []
    for block in parse_document(context.document).blocks:
        if not isinstance(block, CodeBlock):
            continue
        command: list[str] = []
        end = block.first_line - 1
        for number in range(block.first_line, block.span.last + 1):
            text = context.lines[number - 1] if number <= len(context.lines) else ""
            if not text.strip():
                break
            command.append(text)
            end = number
        stated = _stated(" ".join(command))
        if stated:
            found.append((block.span.first, block.span.last, end, stated))
    return tuple(found)


def _stated(command: str) -> tuple[tuple[str, JsonValue], ...]:
    """What a command's flags state: its model, and its prompt and generation lengths."""
    found: dict[str, JsonValue] = {}
    models: set[str] = set()
    for match in _FLAG.finditer(command):
        key, value = match.group("key").lower(), match.group("value").rstrip(",;")
        if key in _MODEL_FLAGS:
            if vocab.names_model(value) or vocab.is_model_value(value):
                models.add(value)
            continue
        setting = setting_of_key(key.replace("-", "_"))
        if setting in ("input_tokens", "output_tokens") and _COUNT.match(value):
            found.setdefault(setting, int(value))
    if len(models) == 1:
        found["model"] = next(iter(models))
    return tuple(found.items())
