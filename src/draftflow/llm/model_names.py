"""Model names as an editor types them: llama.cpp lists a model by the path of its `.gguf`
file (`/models/SmolLM2-135M-Instruct-Q8_0.gguf`); draftflow shows it as
`SmolLM2-135M-Instruct-Q8_0` and accepts that name for it, while requests still send the id the
server listed."""

from __future__ import annotations

from pathlib import PurePath

from draftflow.errors import ConfigError

GGUF = ".gguf"


def short_name(server_id: str) -> str:
    """The id a server lists, less the folder and `.gguf` of a model file's path."""
    if not server_id.lower().endswith(GGUF):
        return server_id
    return PurePath(server_id).name[: -len(GGUF)] or server_id


def listed_id(wanted: str, listed: list[str]) -> str | None:
    """The listed id `wanted` names: itself, or one whose short name it is; None if neither."""
    if wanted in listed:
        return wanted
    return next((server_id for server_id in listed if short_name(server_id) == wanted), None)


def unlisted_model(wanted: str, listed: list[str], base_url: str) -> ConfigError:
    """The error for a model name the server does not list, its fix naming every listed one.

    llama.cpp and Ollama answer for any name, so a typo (or the README's `MODEL`) would
    otherwise draft with whatever model is loaded while the record names another.
    """
    names = [short_name(server_id) for server_id in sorted(listed)]
    return ConfigError(
        f"the server at {base_url} does not serve model {wanted!r}; it lists "
        f"{len(names)}: {', '.join(names)}",
        hint="pass one of them: "
        + " or ".join(f"--model {name}" for name in names[:5])
        + (f" (and {len(names) - 5} more: `draftflow models`)" if len(names) > 5 else ""),
    )
