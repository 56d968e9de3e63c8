"""Real corpus drafts with no model: no label repeats a part, and no value's unit is doubled;
labels are built from conditions, short, and name no other cell's value.

The repositories are those whose labels showed it (`Mistral 7B Instruct, Mistral 7B Instruct,
FP16 cache` in turboderp's qcache table; `Memory bandwidth, Memory bandwidth, Value` in
Kleybrink's report; `KV pool (same byte pin), c8r 3,027,217, ...` in Reederey87's README;
`4080 16GB, OOM, 8B F16` in XiongjieDai's table; heading › sentence labels in heitor-mocelin's
and teaql's reports)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SharedCorpusDraft
from draftflow.record.label import fold, is_measured_value
from draftflow.record.model import Record

_DOUBLED_UNIT = re.compile(r"\d(%|[A-Za-z/]+)\s+\1(?![\w/])")


def _draft(shared_corpus_draft: SharedCorpusDraft, folder: str) -> tuple[Record, Path]:
    """The folder's no-model record (a fresh copy: the draft is shared, see conftest) and the
    records folder that holds only its draft."""
    path = shared_corpus_draft(folder)
    return Record.model_validate_json(path.read_text()), path.parent


def _repeated(label: str) -> list[str]:
    # a sentence a prose figure is labelled with has commas of its own: its heading path
    # (` › `) is what repeats there
    separator = r"\s›\s" if " › " in label else r",\s"
    parts = [fold(part) for part in re.split(separator, label) if fold(part)]
    return [part for part in set(parts) if parts.count(part) > 1]


@pytest.mark.parametrize(
    "folder",
    [
        "turboderp__exllamav2",
        "Kleybrink__dgx-spark-bench",
        "Reederey87__dgx-spark-2x-deepseek-v4-flash",
        "XiongjieDai__GPU-Benchmarks-on-LLM-Inference",
        "heitor-mocelin__dgx-spark-research",
    ],
)
def test_no_label_repeats_a_part_and_no_unit_is_written_twice(
    shared_corpus_draft: SharedCorpusDraft, folder: str
) -> None:
    record, records = _draft(shared_corpus_draft, folder)
    labels = [r.label for r in record.editorial.reported_results]
    labels += [p.label for p in record.test_profiles]
    assert labels
    assert {label: _repeated(label) for label in labels if _repeated(label)} == {}
    article = "\n".join(path.read_text() for path in records.rglob("*.md"))
    assert article
    assert _DOUBLED_UNIT.findall(article) == []


MAX_LABEL = 100
"""Labels are built to about 80 characters; a figure's own qualifier (`(value 2 of 3) (of
164)`) may carry one past it, never a sentence."""
_SENTENCE_WORDS = 9


@pytest.mark.parametrize(
    "folder",
    [
        "heitor-mocelin__dgx-spark-research",
        "teaql__nvidia-dgx-spark-model-benchmark",
        "Kleybrink__dgx-spark-bench",
        "XiongjieDai__GPU-Benchmarks-on-LLM-Inference",
    ],
)
def test_labels_are_short_and_no_part_is_a_sentence_or_another_cells_value(
    shared_corpus_draft: SharedCorpusDraft, folder: str
) -> None:
    record, _ = _draft(shared_corpus_draft, folder)
    labels = [r.label for r in record.editorial.reported_results]
    assert labels
    assert [label for label in labels if len(label) > MAX_LABEL or " › " in label] == []
    parts = [part for label in labels for part in label.split(", ")]
    assert [part for part in parts if len(part.split()) >= _SENTENCE_WORDS] == []
    # another cell of the row (`OOM` under `70B F16`, `53.5 %`) is not a configuration's name
    assert [part for part in parts if part == "OOM" or is_measured_value(part)] == []


def test_labels_name_the_configuration_from_conditions(
    shared_corpus_draft: SharedCorpusDraft,
) -> None:
    """b4rtaz's README table: model, system and the node count that varies, each from the
    figure's conditions, then what the figure is."""
    record, _ = _draft(shared_corpus_draft, "b4rtaz__distributed-llama")
    results = record.editorial.reported_results
    first = next(r for r in results if r.value == 2.26)
    assert first.label.startswith("Llama 2 7B, ")
    assert first.label.endswith(", nodes 1, throughput")
    for result in results:
        conditions = result.conditions
        for key in ("model", "engine"):
            value = conditions.get(key)
            if isinstance(value, str) and fold(value) in fold(result.label):
                assert result.label.count(value) == 1
        nodes = conditions.get("node_count")
        if isinstance(nodes, int) and "nodes " in result.label:
            assert f"nodes {nodes}," in result.label
