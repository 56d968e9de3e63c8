"""llama-bench's records (`-o json`, `jsonl`, `csv`): the test a record's tokens-per-second
figures measured. Its `avg_ts` and `stddev_ts` name no metric; the record
does: `n_prompt` 512 with `n_gen` 0 is a prompt processed (prefill), `n_gen` 128 with
`n_prompt` 0 tokens generated (decode), as its `test` column writes them (`pp512`, `tg128`).
A record of both (`pp512+tg128`) measures neither alone and names none."""

from __future__ import annotations

import re

from draftflow.extract.candidates import Candidate
from draftflow.extract.conditions.columns import bench_test_lengths
from draftflow.numbers.parse import parse_number

_TOKEN_RATE_KEY = re.compile(r"^(?:avg|mean|median|stddev|std|min|max)_ts$")
"""llama-bench's tokens per second under a statistic's prefix (`avg_ts`, `stddev_ts`);
`start_ts`, `end_ts` elsewhere are times of day. Its `samples_ts` are left as they were
read: named, each run's sample is folded into one derived mean and no longer stands as
itself (sensura-san/llm-bench lost 23 gold samples in-sample)."""
_TEST_NAMES = {"input_tokens": "prefill", "output_tokens": "decode"}


def bench_rate_name(candidate: Candidate) -> str | None:
    """A name for a llama-bench tokens-per-second figure that says its test (`prefill
    avg_ts`, `decode stddev_ts`), read from its own record's `test`, else its `n_prompt`
    and `n_gen`; None for any other figure, or a record that states no one test."""
    own = candidate.key.rsplit(".", 1)[-1].split("[", 1)[0].strip().lower()
    if not _TOKEN_RATE_KEY.match(own):
        return None
    fields = {key.strip().lower(): text for key, text in candidate.context.items()}
    test = _test_of(fields.get("test", "")) or _test_of_counts(fields)
    return None if test is None else f"{test} {own}"


def _test_of(written: str) -> str | None:
    """The test a llama-bench test name states (`pp512`: prefill, `tg128 @ d4096`: decode)."""
    lengths = bench_test_lengths(written)
    return _TEST_NAMES.get(lengths[0][0]) if lengths else None


def _test_of_counts(fields: dict[str, str]) -> str | None:
    """The test a record's token counts state: prompt tokens alone are prefill, generated
    tokens alone decode."""
    prompt, generated = _count(fields.get("n_prompt")), _count(fields.get("n_gen"))
    if prompt is None or generated is None:
        return None
    if prompt > 0 and generated == 0:
        return "prefill"
    if generated > 0 and prompt == 0:
        return "decode"
    return None


def _count(text: str | None) -> float | None:
    parsed = parse_number(text.strip()) if text else None
    return None if parsed is None else parsed.value
