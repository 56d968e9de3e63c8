"""The headline rule on a figure's metric: speeds and latencies named as such are claims;
token counts, durations, spreads, tail statistics and bookkeeping are not; a pass count out of
a tested set is."""

from __future__ import annotations

import functools
import re

from draftflow.extract.vocabulary import SPEED_METRICS, TIME_METRICS
from draftflow.numbers.cells import CellShape, cell_shape
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.model import ReportedResult
from draftflow.select.scored import Scored, said

PROSE_LABEL_JOINER = " › "  # how a prose figure's label joins heading, lead-in and clause
BOOKKEEPING = frozenset(
    {
        "total_output_tokens",
        "total_input_tokens",
        "completed_requests",
        "peak_concurrent_requests",
        "benchmark_duration",
        "rank",
    }
)
_SPREAD = re.compile(r"_(spread|stdev|normalised)$")
# `out of 4`, `(of 12)`; a denominator of 100 is a percentage scale, not a tested set
_OUT_OF = re.compile(r"\bout of (?!100\b)\d|\(of (?!100\))\d[\d.]*\)$")
_QUALITY_WORD = re.compile(
    r"\b(pass(es|ed|ing)?|fail(s|ed|ing)?|correct(ly)?|solved|accura\w*|valid(ated)?|"
    r"succeed(s|ed)?|success(ful)?)\b",
    re.IGNORECASE,
)
_TAIL_STATISTIC = re.compile(r"\bp9\d|\bp99|\bmaximum|\bminimum")
RATE_UNITS = re.compile(r"/s$|per.?s", re.IGNORECASE)
TIME_UNITS = vocabulary().unit_group("headline_latency")


_COUNT_NAME = re.compile(r"\btokens?\b(?!\s*(/|per\b))|\bseconds?\b|\bsec\b|\(s\)|_s$", re.I)
_RATE_NAME = re.compile(r"/\s*s\b|\bper.?s(ec)?\b|\brate\b|throughput|speed|\btps\b|tok_s", re.I)


@functools.lru_cache(maxsize=1 << 14)  # asked of each figure by several rules
def what_named(label: str) -> str:
    """What the source calls the figure: the last part of its label (its column or key)."""
    return label.rsplit(";", 1)[-1].rsplit(",", 1)[-1].strip()


_PHASE_NAME = re.compile(r"decode|prefill|\bgen|\bpp\d|\btg\d|prompt|eval|output|tok", re.I)


def _named_as_rate(label: str) -> bool:
    """Whether what the source calls the figure reads as a rate (or names a phase whose rate
    it is); `generated tokens`, `total seconds` or `max abs error` under a rate metric are not."""
    what = what_named(label)
    if _RATE_NAME.search(what):
        return True
    return bool(_PHASE_NAME.search(what)) and not _COUNT_NAME.search(what)


def read_in_sentence(label: str) -> bool:
    """A figure read in a sentence carries the sentence (its clause, after any heading and
    lead-in: `Heading › lead-in › clause`) as its label; a cell's label names its column."""
    if PROSE_LABEL_JOINER not in label:
        return False
    return cell_shape(label.rsplit(PROSE_LABEL_JOINER, 1)[-1]) is CellShape.SENTENCE


def score_metric(item: Scored, *, in_sentence: bool) -> None:
    result = item.figure.result
    metric = result.metric
    rate_unit = bool(RATE_UNITS.search(result.unit))
    # a column or key is named as a rate or not; a sentence says so by the unit it writes
    named_as_rate = (in_sentence and rate_unit) or _named_as_rate(said(result))
    if metric in SPEED_METRICS and (not named_as_rate or result.value == 0):
        item.add(-5.0, "")
    if _SPREAD.search(metric):
        item.add(-3.0, "")
    elif metric in SPEED_METRICS:
        item.add(2.5 if rate_unit else -1.0, "a speed figure")
    elif metric in TIME_METRICS:
        item.add(1.0 if result.unit in TIME_UNITS else -1.0, "a latency figure")
    elif metric in BOOKKEEPING:
        item.add(-1.5, "")
    elif _is_pass_count(result):
        item.add(2.5, "a pass count out of the tested set")
    elif metric.endswith("_count") and result.unit == "%":
        # a count read as a percentage: the reading does not hold together (verify rejects it)
        item.add(-10.0, "")
    if _TAIL_STATISTIC.search(result.statistic.lower()):
        item.add(-1.0, "")
    if "spread" in result.statistic or "std" in result.statistic.lower():
        item.add(-2.0, "")


def _is_pass_count(result: ReportedResult) -> bool:
    """`None of the four attempts passed`, `9/10 tasks correct`: the outcome of a quality
    check over a tested set is a claim as a speed is; `all five requests returned HTTP 200`
    counts transport, not quality."""
    out_of = bool(_OUT_OF.search(result.statistic) or _OUT_OF.search(said(result)))
    return out_of and bool(_QUALITY_WORD.search(said(result)))
