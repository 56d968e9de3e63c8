"""Benchmark: the extract stage's CPU beside harvest, over the whole corpus (10 repositories).

Acquires and harvests every corpus folder once (not timed), then times, in CPU seconds of
this process (`time.process_time`), each part a draft with a model runs on the harvested
candidates:

- `select`: the figure classifier, `select(candidates, include_prose=True)`;
- `deterministic`: `extract_deterministic` on its figures (ground, label, conditions, results,
  profiles), which a draft runs in a thread beside the model's requests;
- `chunks`: `chunk_documents` and the extract prompt's variables of every chunk;
- `hash`: the sha256 of every extract request's canonical JSON (`ChatRequest.fingerprint`),
  which a draft pays only with a response cache or a cassette.

Rounds go part after part; each part's figure is its median over `--rounds` (the first round,
with cold memos, included). Compare two trees by running both at once (the same load for
both) and quote the load average this prints.

    .venv/bin/python benchmarks/modelpass_bench.py --rounds 7
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from harvest_bench import DEFAULT_CORPUS, _snapshots

from draftflow.acquire.snapshot import Snapshot
from draftflow.extract import harvest
from draftflow.extract.candidates import Candidate
from draftflow.extract.classify import Selected, select, without_unread_prose
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.model_pass.chunks import chunk_documents
from draftflow.extract.model_pass.reply import ExtractReply
from draftflow.extract.model_pass.run import DEFAULT_CONTEXT_BUDGET_TOKENS, prompt_variables
from draftflow.llm import load_prompt
from draftflow.llm.exchange import ChatRequest, PromptRef
from draftflow.llm.structured import OutputMode, build_messages, response_format
from draftflow.runtime.collector import tune_collector

Harvested = list[tuple[Snapshot, list[Candidate], list[Selected]]]


def _requests(harvested: Harvested) -> list[ChatRequest]:
    """The extract requests of every chunk, in json_schema mode, as a draft sends them."""
    prompt = load_prompt("extract")
    ref = PromptRef(name=prompt.name, sha256=prompt.sha256)
    requests = []
    for snapshot, candidates, chosen in harvested:
        chunks = chunk_documents(snapshot, candidates, chosen, DEFAULT_CONTEXT_BUDGET_TOKENS)
        for chunk in chunks:
            base = prompt.messages(prompt_variables(snapshot, chunk, len(chunks)))
            requests.append(
                ChatRequest(
                    model="bench",
                    messages=build_messages(base, OutputMode.JSON_SCHEMA, ExtractReply, None),
                    response_format=response_format(OutputMode.JSON_SCHEMA, ExtractReply),
                    temperature=0.0,
                    prompt=ref,
                )
            )
    return requests


def _parts(harvested: Harvested, requests: list[ChatRequest]) -> dict[str, Callable[[], None]]:
    def run_select() -> None:
        for _, candidates, _ in harvested:
            select(candidates, include_prose=True)

    def run_deterministic() -> None:
        for snapshot, candidates, chosen in harvested:
            extract_deterministic(snapshot, candidates, without_unread_prose(chosen))

    def run_chunks() -> None:
        for snapshot, candidates, chosen in harvested:
            chunks = chunk_documents(snapshot, candidates, chosen, DEFAULT_CONTEXT_BUDGET_TOKENS)
            for chunk in chunks:
                prompt_variables(snapshot, chunk, len(chunks))

    def run_hash() -> None:
        for request in requests:
            request.fingerprint()

    return {
        "select": run_select,
        "deterministic": run_deterministic,
        "chunks": run_chunks,
        "hash": run_hash,
    }


def main() -> None:
    """Run the benchmark and print each part's median CPU seconds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    tune_collector()  # as the command line and the batch workers run
    harvested: Harvested = []
    for snapshot in _snapshots(args.corpus):
        candidates = harvest(snapshot)
        harvested.append((snapshot, candidates, select(candidates, include_prose=True)))
    requests = _requests(harvested)
    parts = _parts(harvested, requests)
    load_before = os.getloadavg()[0]
    seconds: dict[str, list[float]] = {name: [] for name in parts}
    for _ in range(args.rounds):
        for name, part in parts.items():
            started = time.process_time()
            part()
            seconds[name].append(time.process_time() - started)
    medians = {name: statistics.median(values) for name, values in seconds.items()}
    print(
        f"{len(harvested)} repositories, {len(requests)} extract requests, median of "
        f"{args.rounds} rounds, CPU s; load average {load_before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after"
    )
    for name, median in medians.items():
        print(f"{name:14} {median:6.3f}")
    print(f"{'all':14} {sum(medians.values()):6.3f}")


if __name__ == "__main__":
    main()
