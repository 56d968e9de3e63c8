"""The model layer: settings, versioned prompts, validated structured output, cache, cassettes.

Every model call of draftflow goes through `ModelClient.structured`, which works with any
OpenAI-compatible chat endpoint (vLLM, SGLang, llama.cpp's server, Ollama, LM Studio).
"""

from draftflow.llm.client import ModelClient
from draftflow.llm.exchange import ChatReply, ChatRequest, Usage, UsageTotals
from draftflow.llm.prompts import Prompt, load_prompt
from draftflow.llm.settings import ModelSettings, RecordMode, resolve_settings
from draftflow.llm.structured import OutputMode, Structured, StructuredOutputError

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
