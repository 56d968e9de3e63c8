"""The unit of a number on a line that only the result model chose (`learned/decide.py`,
`_unspecified`): the unit written after it, before the one the words before it name. A
`hey` load test's latency distribution (`10% in 0.0463 secs`, tensorchord/inference-benchmark)
took the `%` of its percentile, and verify dropped every one of those figures (the source
calls them seconds)."""

from __future__ import annotations

from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import decide
from draftflow.extract.learned.weights import ResultModel
from draftflow.extract.unspecified import with_unspecified
from extract_support import snapshot_of

_HEY = (
    "# Results\n\n```\nLatency distribution:\n  10% in 0.0463 secs\n  25% in 0.0476 secs\n"
    "  99% in 0.0801 secs\n```\n"
)
_ACCEPT_ALL = ResultModel(
    weights={"bias": 20.0}, intercept=0.0, keep_threshold=0.05, add_threshold=0.5
)


def _units(text: str) -> dict[float, str]:
    snapshot = snapshot_of({"README.md": text})
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    kept = decide(snapshot, candidates, selected, _ACCEPT_ALL)
    return {float(item.candidate.values[item.value_index]): item.unit for item in kept}


def test_the_unit_after_a_number_comes_before_the_unit_of_the_words_before_it() -> None:
    units = _units(_HEY)
    assert units[0.0463] == "s"
    assert units[0.0801] == "s"


def test_a_name_with_a_unit_still_gives_it_where_none_follows() -> None:
    units = _units("# Results\n\n```\nMean TTFT (ms):   43636.24\n```\n")
    assert units[43636.24] == "ms"
