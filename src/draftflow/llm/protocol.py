"""The one model-client protocol the stages depend on: `ModelClient` implements it, and tests may
pass anything else that does (the stages never import the client itself)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from pydantic import BaseModel

from draftflow.llm.prompts import Prompt

T = TypeVar("T", bound=BaseModel)
T_co = TypeVar("T_co", covariant=True)


class StructuredReply(Protocol[T_co]):
    """What a structured call returns: the validated reply as `.value`."""

    @property
    def value(self) -> T_co:
        """The validated pydantic object."""
        ...


class StructuredClient(Protocol):
    """The part of `draftflow.llm.ModelClient` the extract, select and draft stages use."""

    async def structured(
        self, prompt: Prompt, variables: Mapping[str, str], schema: type[T]
    ) -> StructuredReply[T]:
        """Fill `prompt`, ask the model, validate the reply against `schema`."""
        ...
