"""A caption or heading that names several metrics and writes a unit names the metric that
unit measures (`extract/figure_names.py`, `_chain_reading`)."""

from __future__ import annotations

from draftflow.extract.figure_names import _chain_reading


def test_a_heading_names_the_metric_of_the_unit_it_writes() -> None:
    """Filled down, a grouped table's rows take the metric its heading names: of the metrics
    `Power Consumption (Watts) During Prefill` names, the one its unit measures (power), not
    the first the vocabulary lists (a prefill rate, which verify drops as contradicting W)."""
    assert _chain_reading("Power Consumption (Watts) During Prefill") == ("power", "W")
    assert _chain_reading("Decoding Speed (Tokens per Second)") == ("throughput", "tokens/s")
    assert _chain_reading("Prefill speed") == ("prefill_rate", None)
