"""Meanings read wrong in repositories fetched in session 24 (issue 31), each from an excerpt
of the real document: a diffusion sampler's iterations per second read as tokens per second,
and a row naming a `decoder` read as a decode rate."""

from __future__ import annotations

import asyncio

from draftflow.extract import extract
from draftflow.extract.unit_fit import fitted_metric
from draftflow.record.model import ReportedResult
from extract_support import snapshot_of

# fal-ai/stable-diffusion-benchmarks README.md:18-24 (an A100 80G; end-to-end image generation)
_SD_TABLE = (
    "# Stable Diffusion Benchmarks\n\n"
    "### SD1.5 (End-to-end) Benchmarks\n"
    "|                  | mean (s) | median (s) | min (s) | max (s) | speed (it/s) |\n"
    "|------------------|----------|------------|---------|---------|--------------|\n"
    "| Diffusers (torch 2.1, SDPA) + OpenAI's consistency decoder\\*\\* |   2.230s |"
    "     2.229s |  2.220s |  2.238s |   22.43 it/s |\n"
    "| Diffusers (torch 2.1, xformers) |   1.729s |     1.728s |  1.720s |  1.747s |"
    "   28.94 it/s |\n"
)


def _results(files: dict[str, str]) -> list[ReportedResult]:
    return asyncio.run(extract(snapshot_of(files), None)).reported_results


def test_iterations_per_second_are_never_tokens_per_second() -> None:
    rates = {r.value: r for r in _results({"README.md": _SD_TABLE}) if r.value in (22.43, 28.94)}
    assert rates, "the it/s column gave no figure"
    for result in rates.values():
        assert result.unit == "it/s"  # was tokens/s: `speed (it/s)` holds `t/s`
        assert result.metric not in {"decode_rate", "throughput", "prefill_rate"}


def test_a_rate_metric_keeps_its_own_unit() -> None:
    # a row naming a `decoder` made the sampler's rate a decode rate
    assert fitted_metric("decode_rate", "it/s", "speed (it/s)", True, False) == "iteration_rate"
    assert fitted_metric("throughput", "req/s", "x", True, False) == "request_throughput"
    assert fitted_metric("throughput", "t/s", "x", True, False) == "throughput"


def test_an_escaped_footnote_mark_leaves_no_backslash_in_a_label() -> None:
    # `consistency decoder\*\*`: CommonMark writes `**` (a footnote mark), not `\\`
    labels = {r.label for r in _results({"README.md": _SD_TABLE}) if r.value == 2.23}
    assert labels and all("\\" not in label and "decoder" in label for label in labels)


def test_a_clips_length_is_no_latency() -> None:
    # BotYue/Pi-Whisper-RSS25-Workshop README.md:22-27, a test set's description
    readme = (
        "# Whisper on a Pi\n\n## Evaluation Tasks\n\nIt evaluated models across two test sets:\n\n"
        "| Test Sets          | Description |\n| --- | --- |\n"
        "| **Common Voice** | short single-sentence speech clips (10 clips total) |\n"
        "| **AP News**      | 1–2 minutes long AP news clips (5 clips total) |\n\n"
        "The tiny model transcribed a clip in 4.2 s on average.\n"
    )
    values = {(r.value, r.unit) for r in _results({"README.md": readme})}
    assert (1, "min") not in values and (2, "min") not in values
