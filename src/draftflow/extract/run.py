"""`extract(snapshot, client)`: the extract stage on a whole snapshot, and `figures_by_line`,
the selected figures of each document by line (re-exported by `draftflow.extract`)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import TypeVar, cast

from draftflow.acquire.snapshot import SkippedFile, Snapshot
from draftflow.extract.artifact import DocumentFigures, Extraction
from draftflow.extract.classify import Selected, select, without_unread_prose
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.weights import ResultModel
from draftflow.extract.merge import merge_extractions
from draftflow.extract.model_pass.run import (
    DEFAULT_CONTEXT_BUDGET_TOKENS,
    extract_with_model,
)
from draftflow.extract.standing import with_standing
from draftflow.extract.unspecified import with_unspecified
from draftflow.llm.protocol import StructuredClient
from draftflow.runtime.collector import collection_paused


async def extract(
    snapshot: Snapshot,
    client: StructuredClient | None,
    *,
    context_budget_tokens: int = DEFAULT_CONTEXT_BUDGET_TOKENS,
    result_model: ResultModel | None = None,
) -> Extraction:
    """Extract the snapshot's reported results, test profiles and setup.

    With `client` None the extraction is fully deterministic. With a client, the model labels,
    groups and fills conditions over documents chunked to `context_budget_tokens`; what it
    proposes that cannot be grounded is listed in `Extraction.dropped`. The deterministic
    figures are kept either way (see `merge.py`). `result_model` decides which numbers are
    results (the shipped model unless given). A repository with no results gives an empty
    extraction: nothing is invented.
    """
    unreadable: list[SkippedFile] = []
    candidates = harvest(snapshot, unreadable)
    if client is None:
        with collection_paused():  # a figure each, and no cycles among them
            plain = select(candidates)
            baseline = extract_deterministic(
                snapshot, candidates, with_unspecified(candidates, plain), result_model
            )
            found = _with_standing(snapshot, baseline.model_copy(update={"unreadable": unreadable}))
            found.share_figures(figures_by_line(snapshot, plain))
        return found
    # The model's requests go out first; the deterministic pass (seconds on a big repository)
    # runs in a thread while they are answered, and this loop keeps reading the replies. The
    # two passes share no state, so each gives what it gives alone.
    chosen = select(candidates, include_prose=True)  # classified once for both passes
    modelled_task = asyncio.ensure_future(
        extract_with_model(
            snapshot,
            candidates,
            client,
            context_budget_tokens=context_budget_tokens,
            chosen=chosen,
        )
    )
    try:
        # figures of no known metric are the editor's to name: the model is not shown them
        plain = with_unspecified(candidates, without_unread_prose(chosen))
        baseline = await _in_thread(
            extract_deterministic, snapshot, candidates, plain, result_model
        )
    except BaseException:
        modelled_task.cancel()
        await asyncio.gather(modelled_task, return_exceptions=True)
        raise
    modelled = await modelled_task
    order = [d.document_id for d in snapshot.documents]
    merged = merge_extractions(baseline, modelled, order)
    found = _with_standing(
        snapshot,
        merged.model_copy(
            update={"unreadable": unreadable, "unread_tables": baseline.unread_tables}
        ),
    )
    found.share_figures(figures_by_line(snapshot, without_unread_prose(chosen)))
    return found


def figures_by_line(snapshot: Snapshot, selected: list[Selected]) -> DocumentFigures:
    """`select(candidates)` of the snapshot's harvest, by document (path, sha256) and line,
    every document present (one with no figures has none): what `select(harvest_document(d))`
    gives each document alone, as the classifier selects each candidate on its own and counts
    a table's rows within its document."""
    by_id = {
        document.document_id: (document.path, document.sha256) for document in snapshot.documents
    }
    found: DocumentFigures = {key: {} for key in by_id.values()}
    for item in selected:
        candidate = item.candidate
        found[by_id[candidate.document_id]].setdefault(candidate.line, []).append(item)
    return found


def _with_standing(snapshot: Snapshot, extraction: Extraction) -> Extraction:
    """The extraction with each result's status words and attribution (`standing.py`)."""
    results = with_standing(snapshot, extraction.reported_results)
    return extraction.model_copy(update={"reported_results": results})


_T = TypeVar("_T")


async def _in_thread(function: Callable[..., _T], *args: object) -> _T:
    """`function(*args)` in a daemon thread of its own, awaited on this loop.

    Not the loop's executor: `asyncio.run` waits for the executor's threads on the way out,
    so an interrupt during the pass would wait for it to finish; this thread is left behind.
    """
    loop = asyncio.get_running_loop()
    done: asyncio.Future[_T] = loop.create_future()

    def settle(result: _T | None, error: BaseException | None) -> None:
        if done.done():
            return  # the awaiting coroutine was cancelled
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(cast(_T, result))

    def run() -> None:
        result: _T | None = None
        error: BaseException | None = None
        try:
            result = function(*args)
        except BaseException as raised:  # handed to the awaiting coroutine, as to_thread does
            error = raised
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits any more
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=run, name="draftflow-extract", daemon=True).start()
    return await done
