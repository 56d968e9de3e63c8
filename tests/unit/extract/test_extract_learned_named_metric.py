"""A number only the model chose is recorded with the metric its name names when its unit is
that metric's kind of quantity (verify refuses `unspecified` for it, and the figure was
removed: dennislee22/vLLM-benchmarking's vLLM log lines); a name whose metric the unit
contradicts keeps it `unspecified` (`Avg prefill time:` in seconds is no prefill rate)."""

from __future__ import annotations

from pathlib import Path

from draftflow.acquire import acquire
from draftflow.extract.classify import select
from draftflow.extract.harvest.run import harvest
from draftflow.extract.learned.decide import decide
from draftflow.extract.learned.weights import shipped_model
from draftflow.extract.unspecified import with_unspecified

README = """# vLLM on two nodes

## Results

```
INFO 05-20 10:01:02 metrics.py:345] Avg prompt throughput: 5628.8 tokens/s, Avg generation throughput: 2219.8 tokens/s, Running: 64 reqs
INFO 05-20 10:01:12 metrics.py:345] Avg prompt throughput: 8351.5 tokens/s, Avg generation throughput: 966.0 tokens/s, Running: 64 reqs
```
"""  # noqa: E501


def _metrics(tmp_path: Path) -> dict[float, str]:
    (tmp_path / "README.md").write_text(README)
    snapshot = acquire(str(tmp_path), origin="https://github.com/a/b", revision="a" * 40)
    candidates = harvest(snapshot)
    selected = with_unspecified(candidates, select(candidates))
    kept = decide(snapshot, candidates, selected, shipped_model())
    return {float(item.value): item.metric for item in kept}


def test_a_model_figure_named_as_a_metric_of_its_unit_is_that_metric(tmp_path: Path) -> None:
    # fails on df2b813: `unspecified`, which verify refused ("record that metric")
    metrics = _metrics(tmp_path)
    assert metrics[5628.8] == "throughput"
    assert metrics[2219.8] == "throughput"


def test_a_name_whose_metric_the_unit_contradicts_stays_unspecified() -> None:
    from draftflow.extract.learned.decide import _metric_named

    assert _metric_named("M4 Avg prefill time:", "s") == "unspecified"
    assert _metric_named("memory in each GPU:", "GiB") == "memory"
    assert _metric_named("Avg prompt throughput:", None) == "unspecified"
