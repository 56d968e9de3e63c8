"""The model pass: the model chooses, labels, groups and fills conditions; Python checks it.

The model sees the documents with their line numbers (chunked to a context budget, never
renumbered) and the harvested candidates. Every number it returns is grounded on its cited
line (`ground.py`); repeated runs it points out are summarised (`derive.py`); conditions
and setup values whose numbers are not in the sources become null. What fails is recorded in
`Extraction.dropped`. The reply's schema is `model_reply.py`, its checking `model_claims.py`;
this module chunks, asks and gathers.
"""

from __future__ import annotations

import asyncio
from typing import TypeVar

from pydantic import BaseModel

from draftflow.acquire.snapshot import Snapshot
from draftflow.extract.artifact import DroppedClaim, DropReason, Extraction
from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import Selected, select
from draftflow.extract.ground import Grounder
from draftflow.extract.model_pass.chunks import Chunk, chunk_documents
from draftflow.extract.model_pass.claims import ClaimChecker, HarvestedFigures, array_lines_of
from draftflow.extract.model_pass.reply import ExtractReply
from draftflow.llm import Prompt, StructuredOutputError, load_prompt
from draftflow.llm.protocol import StructuredClient, StructuredReply

DEFAULT_CONTEXT_BUDGET_TOKENS = 12_000
EXTRACT_PROMPT = "extract"

T = TypeVar("T", bound=BaseModel)
T_co = TypeVar("T_co", covariant=True)


def prompt_variables(snapshot: Snapshot, chunk: Chunk, total: int) -> dict[str, str]:
    """The extract prompt's variables for one chunk."""
    return {
        "repository": snapshot.repository,
        "revision": snapshot.revision,
        "chunk": f"{chunk.index + 1} of {total}",
        "documents": chunk.documents_text,
        "candidates": chunk.candidates_text or "(no harvested candidates in this chunk)",
    }


async def extract_with_model(
    snapshot: Snapshot,
    candidates: list[Candidate],
    client: StructuredClient,
    *,
    context_budget_tokens: int = DEFAULT_CONTEXT_BUDGET_TOKENS,
    prompt: Prompt | None = None,
    chosen: list[Selected] | None = None,
) -> Extraction:
    """Ask the model about each chunk concurrently, then ground everything it proposes.

    `chosen`, when given, is `select(candidates, include_prose=True)` computed already."""
    prompt = prompt or load_prompt(EXTRACT_PROMPT)
    chosen = select(candidates, include_prose=True) if chosen is None else chosen
    chunks = chunk_documents(snapshot, candidates, chosen, context_budget_tokens)
    replies = await asyncio.gather(
        *(_ask(client, prompt, prompt_variables(snapshot, chunk, len(chunks))) for chunk in chunks)
    )
    checker = ClaimChecker(
        snapshot,
        Grounder(snapshot),
        array_lines=array_lines_of(candidates),
        figures=HarvestedFigures.of(candidates),
    )
    answered: list[Chunk] = []
    for chunk, reply in zip(chunks, replies, strict=True):
        if isinstance(reply, StructuredOutputError):
            checker.dropped.append(_unusable_chunk(chunk, len(chunks), reply))
            continue
        answered.append(chunk)
        answer = reply.value
        for result in answer.results:
            checker.accept_result(result, chunk.candidates)
        for repeated in answer.repeated_runs:
            checker.accept_repeated(repeated)
        for profile in answer.profiles:
            checker.accept_profile(profile)
        checker.accept_setup(answer.setup)
    checker.dropped += unconfirmed_prose(answered, checker.confirmed)
    return Extraction(
        reported_results=checker.results,
        test_profiles=list(checker.profiles.values()),
        reported_setup=checker.reported_setup(),
        dropped=checker.dropped,
        candidates_seen=len(candidates),
        prompt_hashes={prompt.name: prompt.sha256},
        method="model",
    )


def unconfirmed_prose(
    chunks: list[Chunk], confirmed: set[tuple[str, int, float]]
) -> list[DroppedClaim]:
    """The prose figures shown to the model in chunks it answered that it did not confirm."""
    dropped: list[DroppedClaim] = []
    for chunk in chunks:
        for candidate in chunk.candidates.values():
            if candidate.format is not SourceFormat.PROSE or candidate.reading is None:
                continue
            key = (candidate.document_id, candidate.line, float(candidate.value))
            if key in confirmed:
                continue
            dropped.append(
                DroppedClaim(
                    kind="result",
                    label=candidate.column or candidate.text,
                    claimed=str(candidate.value),
                    document_id=candidate.document_id,
                    line=candidate.line,
                    reason=DropReason.NOT_CONFIRMED,
                    detail="a figure the prose finder read; the model, shown it as a candidate, "
                    "did not confirm it",
                )
            )
    return dropped


async def _ask(
    client: StructuredClient, prompt: Prompt, variables: dict[str, str]
) -> StructuredReply[ExtractReply] | StructuredOutputError:
    """One chunk's reply, or the error when no attempt validated.

    A model that answers one chunk with garbage costs that chunk's labels, not the draft: the
    deterministic figures stay (see `merge.py`) and the failure is listed for the editor. A
    server that is down still fails the run.
    """
    try:
        return await client.structured(prompt, variables, ExtractReply)
    except StructuredOutputError as error:
        return error


def _unusable_chunk(chunk: Chunk, total: int, error: StructuredOutputError) -> DroppedClaim:
    return DroppedClaim(
        kind="chunk",
        label=f"chunk {chunk.index + 1} of {total}",
        claimed=f"{error.attempts} replies",
        reason=DropReason.REPLY_INVALID,
        detail=error.message.split("\n", 1)[0],
    )
