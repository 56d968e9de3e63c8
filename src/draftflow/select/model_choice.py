"""The headline selection by a model: it chooses among the grounded candidates by id.

The model sees the rule-ranked candidates (id, label, metric, value, where) and replies with
ids and a reason each. It can never add a number: an id not in the list is ignored, and a
reply with no usable id (or no reply: a server failure, a cassette without this exchange)
leaves the rules' selection in place, which the selection's provenance says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel, Field

from draftflow.errors import ModelError
from draftflow.extract.model_pass.chunks import CHARS_PER_TOKEN
from draftflow.llm import Prompt, load_prompt
from draftflow.llm.protocol import StructuredClient
from draftflow.select.scored import Scored

SELECT_PROMPT = "select"
CANDIDATES_PER_PICK = 3
MAX_CANDIDATES = 90
DEFAULT_BUDGET_TOKENS = 12_000


class Choice(BaseModel):
    """One chosen figure: its id and why it is a headline figure."""

    id: str
    why: str = ""


class SelectReply(BaseModel):
    """The model's reply: the chosen ids, best first."""

    chosen: list[Choice] = Field(default_factory=list)


_T = TypeVar("_T", bound=BaseModel)
_T_co = TypeVar("_T_co", covariant=True)


@dataclass(frozen=True)
class ModelChoice:
    """The model's usable picks (ids with reasons), or why there are none."""

    picks: list[tuple[str, str]]
    failure: str | None
    prompt_sha256: str


def candidate_lines(ranked: list[Scored]) -> str:
    """The candidates as the prompt lists them, one per line, no more than the model needs."""
    lines = []
    for item in ranked:
        result = item.figure.result
        where = result.source_place
        lines.append(
            f"{item.figure.id} | {result.label} | {result.metric} | {result.value!r} "
            f"{result.unit} | {result.statistic} | {where} | {item.why}"
        )
    return "\n".join(lines)


def prompt_variables(
    prompt: Prompt,
    repository: str,
    ranked: list[Scored],
    max_results: int,
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
) -> tuple[dict[str, str], list[Scored]]:
    """The select prompt's variables and the candidates they list: the best-ranked
    `CANDIDATES_PER_PICK` per pick, fewer (never fewer than `max_results`) until the whole
    prompt fits `budget_tokens`, counted as the other stages count them."""
    budget_chars = budget_tokens * CHARS_PER_TOKEN
    count = min(MAX_CANDIDATES, max_results * CANDIDATES_PER_PICK)
    while True:
        shown = ranked[:count]
        variables = {
            "repository": repository,
            "max_results": str(max_results),
            "candidates": candidate_lines(shown),
        }
        if count <= max_results or _prompt_chars(prompt, variables) <= budget_chars:
            return variables, shown
        count = max(max_results, count * 3 // 4)


def _prompt_chars(prompt: Prompt, variables: dict[str, str]) -> int:
    return sum(len(message["content"]) for message in prompt.messages(variables))


async def choose_with_model(
    client: StructuredClient,
    repository: str,
    ranked: list[Scored],
    max_results: int,
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
) -> ModelChoice:
    """Ask the model to choose among `ranked` (best first by the rules), in a prompt that fits
    `budget_tokens`; never raises for a model that fails or answers garbage: the failure is
    returned for provenance."""
    prompt = load_prompt(SELECT_PROMPT)
    variables, shown = prompt_variables(prompt, repository, ranked, max_results, budget_tokens)
    try:
        reply = (await client.structured(prompt, variables, SelectReply)).value
    except ModelError as error:
        first = error.message.splitlines()[0] if error.message else type(error).__name__
        return ModelChoice([], f"no usable model reply ({first})", prompt.sha256)
    known = {item.figure.id for item in shown}
    picks: list[tuple[str, str]] = []
    for choice in reply.chosen:
        if choice.id in known and choice.id not in {p[0] for p in picks}:
            picks.append((choice.id, " ".join(choice.why.split())[:200]))
        if len(picks) >= max_results:
            break
    if not picks:
        return ModelChoice([], "the model chose no figure from the list", prompt.sha256)
    return ModelChoice(picks, None, prompt.sha256)
