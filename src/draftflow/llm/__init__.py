"""The model layer: settings, versioned prompts, validated structured output, cache, cassettes.

Every model call of draftflow goes through `ModelClient.structured`, which works with any
OpenAI-compatible chat endpoint (vLLM, SGLang, llama.cpp's server, Ollama, LM Studio).

The client and prompt modules pull in openai and langchain-core, which take about a second
to import; they load on first use so that commands that never call a model start fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from draftflow.llm.settings import ModelSettings, RecordMode, resolve_settings

if TYPE_CHECKING:
    from draftflow.llm.client import ModelClient
    from draftflow.llm.exchange import ChatReply, ChatRequest, Usage, UsageTotals
    from draftflow.llm.prompts import Prompt, load_prompt
    from draftflow.llm.structured import OutputMode, Structured, StructuredOutputError

_LAZY = {
    "ModelClient": "draftflow.llm.client",
    "ChatReply": "draftflow.llm.exchange",
    "ChatRequest": "draftflow.llm.exchange",
    "Usage": "draftflow.llm.exchange",
    "UsageTotals": "draftflow.llm.exchange",
    "Prompt": "draftflow.llm.prompts",
    "load_prompt": "draftflow.llm.prompts",
    "OutputMode": "draftflow.llm.structured",
    "Structured": "draftflow.llm.structured",
    "StructuredOutputError": "draftflow.llm.structured",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'draftflow.llm' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "ChatReply",
    "ChatRequest",
    "ModelClient",
    "ModelSettings",
    "OutputMode",
    "Prompt",
    "RecordMode",
    "Structured",
    "StructuredOutputError",
    "Usage",
    "UsageTotals",
    "load_prompt",
    "resolve_settings",
]
