"""A serving benchmark's output throughput over concurrent requests: the tokens of every
stream summed, not one stream's decode rate.

`vllm bench serve` and its kin print `Output Throughput (tok/s)` as the output tokens of all
requests over the run's duration. At concurrency 2 to 128 it is the aggregate of that many
streams (btbtyler09/mi100-llm-testing published 1169.0 tok/s at c=64 as a `decode_rate`,
read31-s25), which the vocabulary names `aggregate_throughput`. At concurrency 1 (or none
stated) it is still tokens over the whole run, prefill and first-token time included: a
throughput, not the decode rate such reports give in a column of their own (its 100.32 beside
a TG of 104.4 was published as a decode rate and titled so, read33-s26b). A name that says
per request, user or stream (`request_output_throughput`) keeps its decode rate.
"""

from __future__ import annotations

import re

from draftflow.extract.candidates import Candidate
from draftflow.extract.conditions.run_settings import setting_of_key

AGGREGATE = "aggregate_throughput"
THROUGHPUT = "throughput"
_OUTPUT_THROUGHPUT = re.compile(r"output[\s_-]*(?:tokens?[\s_-]*)?throughput", re.I)
_PER_STREAM = re.compile(r"per[\s_-]*(?:request|user|stream|session)|request|\buser", re.I)
_FIRST_COUNT = re.compile(r"^\D{0,3}?(\d+)\b")


def summed_over_streams(metric: str, candidate: Candidate) -> str:
    """For a decode rate an output throughput names (its column or key): `aggregate_throughput`
    on a row or object whose concurrency is above 1, else `throughput`; any other metric, or a
    per-stream name, as it is."""
    if metric != "decode_rate":
        return metric
    name = candidate.key
    if not _OUTPUT_THROUGHPUT.search(name) or _PER_STREAM.search(name):
        return metric
    return AGGREGATE if (_concurrency(candidate) or 0) > 1 else THROUGHPUT


def _concurrency(candidate: Candidate) -> int | None:
    """The concurrency the figure's own row or object states (`Concurrency | 64`,
    `"max_concurrency": 80`), if exactly one."""
    found = {
        int(count[1])
        for name, text in candidate.context.items()
        if name != candidate.column
        and setting_of_key(name.replace("_", " ")) == "concurrency"
        and (count := _FIRST_COUNT.match(text.strip().strip("*`")))
    }
    return next(iter(found)) if len(found) == 1 else None
