"""The literal gate before a pattern: it skips only texts the pattern cannot match."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.extract.prose.literals import GatedPattern, GatedPatterns, required_literals
from draftflow.extract.prose.units import _GATED_METRICS


def test_literals_are_read_from_runs_groups_and_branches() -> None:
    assert required_literals(re.compile(r"abs(olute)?.?error")) == ("error",)
    assert required_literals(re.compile(r"\bkv\b|kv.?cache|cache.?size")) == ("cache", "kv")
    assert required_literals(re.compile(r"(?:ab)+c?")) == ("ab",)


def test_no_gate_where_a_match_needs_no_literal() -> None:
    assert required_literals(re.compile(r"x?\d+")) is None  # an optional part, then a class
    assert required_literals(re.compile(r"cosine", re.IGNORECASE)) is None  # any case
    assert required_literals(re.compile(r"(?i:cosine)")) is None
    assert required_literals(re.compile(r"cosine|.")) is None  # a branch with no literal
    assert GatedPattern.of(re.compile(r"\d")).may_match("no digit")  # no gate: always tried


def test_a_text_without_the_literals_is_ruled_out() -> None:
    gated = GatedPattern.of(re.compile(r"time.to.first"))
    assert not gated.may_match("decode throughput was")
    assert gated.may_match("time to first token")


_PIECES = [
    "kv cache",
    "throughput",
    "tok/s",
    "t/s (total)",
    "ttft",
    "time to first",
    "decode",
    "prefill",
    "pp512",
    "error",
    "errors",
    "p50",
    "latency",
    "wall",
    "e2e",
    "memory used",
    "load average",
    "accuracy",
    "pass@1",
    "score",
    "rank",
    "speed-up",
    " ",
    "_",
    ".",
    "3",
    "a",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=8).map("".join))
def test_the_gate_never_hides_a_metric_pattern_match(text: str) -> None:
    tried = _GATED_METRICS.candidates(text)
    for name, pattern in _GATED_METRICS.named:
        if pattern.search(text):
            assert (name, pattern) in tried, (pattern.pattern, text)
        assert GatedPattern.of(pattern).may_match(text) is ((name, pattern) in tried)


def test_candidates_keep_the_patterns_order() -> None:
    gated = GatedPatterns(
        (("b", re.compile("beta")), ("a", re.compile("alpha|beta")), ("x", re.compile(r"\d")))
    )
    assert [name for name, _ in gated.candidates("beta 1")] == ["b", "a", "x"]
    assert [name for name, _ in gated.candidates("alpha")] == ["a", "x"]
