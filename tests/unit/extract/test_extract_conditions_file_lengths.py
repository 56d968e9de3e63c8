"""A run file's name states its prompt and output lengths (issue 31).

`Llama-3.1-8B_latency_bs1_in128_out128_float16_mem0.8_20250807_185823.json`
(cmontemuino/amd-mi300x-ml-benchmarks) ran 128-token prompts and 128 generated tokens, as
`..._conc1_in32000_out1024_...json` (PalatineVision/dgx-spark-benchmark) ran 32,000 and 1,024:
each figure of the file takes them, cited to the file's name (line 0), where verify re-reads
them. Only a name stating two settings or more reads them (`in2` alone names no length).
"""

from __future__ import annotations

import json

from documents import make_document
from draftflow.extract import harvest
from draftflow.extract.conditions import DocumentContext
from draftflow.extract.conditions.file_name import file_name_conditions
from draftflow.extract.conditions.place_reading import counts_at
from draftflow.extract.deterministic import extract_deterministic
from extract_support import snapshot_of

RUN = "results/Llama-3.1-8B_latency_bs1_in128_out128_float16_mem0.8_20250807_185823.json"


def test_a_run_file_name_states_its_lengths() -> None:
    found = dict(file_name_conditions(RUN))
    assert (found["input_tokens"], found["output_tokens"], found["concurrency"]) == (128, 128, 1)
    assert dict(file_name_conditions("r/x_isl1024_osl128.csv"))["output_tokens"] == 128


def test_a_name_stating_one_setting_states_no_length() -> None:
    assert "input_tokens" not in dict(file_name_conditions("docs/in2.md"))
    assert "output_tokens" not in dict(file_name_conditions("runs/out128.json"))


def test_a_run_file_figure_takes_them_cited_to_its_name() -> None:
    body = json.dumps({"avg_latency": 0.717163, "percentiles": {"50": 0.716}}, indent=2)
    snapshot = snapshot_of({RUN: body, "README.md": "# Latency\n\nMI300X latency runs.\n"})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    figure = next(r for r in results if float(r.value) == 0.717163)
    assert figure.conditions["input_tokens"] == 128
    assert figure.conditions["output_tokens"] == 128
    assert (figure.condition_sources or {})["input_tokens"] == [f"{RUN}:0"]
    context = DocumentContext(make_document(RUN, body))
    assert counts_at(context, 0, "output_tokens") == {128}
