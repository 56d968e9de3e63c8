"""Test profiles and labels as a person writes them, never `key=value` soup."""

from __future__ import annotations

from typing import Any

from draftflow.record.model import ModelArtifact, ReportedResult
from draftflow.select.metadata_model import RecordMetadata
from draftflow.select.profiles import enrich, make_profiles, profile_label, readable_label

URL = "https://github.com/o/r/blob/" + "c" * 40 + "/results.md#L{}"


def _result(line: int, label: str = "decode tok/s", **conditions: Any) -> ReportedResult:
    return ReportedResult(
        label=label,
        metric="decode_rate",
        value=10.5 + line,
        unit="tokens/s",
        statistic="as reported",
        uncertainty=None,
        conditions=conditions,
        evidence_state="source_reported",
        site_reproduced=False,
        evidence_url=URL.format(line),
        source_document_sha256="d" * 64,
        source_document_id="r-results.md",
        source_line=line,
    )


def test_a_configuration_reads_as_a_person_names_it() -> None:
    label = profile_label(
        {
            "engine": "vLLM 0.27",
            "quantization": "NVFP4",
            "speculative_decoding": "MTP n=3",
            "batch": 1,
            "temperature": 0.6,
        }
    )
    assert label == "vLLM 0.27, NVFP4, MTP n=3, batch 1"
    assert "=" not in profile_label({"concurrency": 8, "workload": "chat"}).replace("n=", "")


def test_harvested_key_value_labels_become_readable() -> None:
    assert readable_label("c=4; model=qwen3; decode tok/s") == "c 4, qwen3, decode tok/s"
    assert "=" not in readable_label("Metric=Mean tok/s; System B (Spiky)=21.5")


def test_profiles_are_named_by_what_sets_them_apart() -> None:
    results = [
        _result(3, engine="vLLM", quantization="FP8", concurrency=1),
        _result(4, engine="vLLM", quantization="FP8", concurrency=8),
        _result(5, engine="vLLM", quantization="FP8", concurrency=8),  # same configuration
    ]
    profiles = make_profiles(results)
    assert [p.label for p in profiles] == ["concurrency 1", "concurrency 8"]
    assert profiles[0].evidence_url == results[0].evidence_url
    assert profiles[1].conditions["quantization"] == "FP8"


def test_two_configurations_never_share_a_label() -> None:
    results = [_result(3, case="short", run="a"), _result(4, case="short", run="b")]
    labels = [p.label for p in make_profiles(results)]
    assert len(set(labels)) == 2


def test_enrich_adds_the_stated_setup_and_keeps_the_rows_own_values() -> None:
    meta = RecordMetadata(
        model_label="Foo-30B",
        model_id="acme/Foo-30B",
        runtimes=["vLLM"],
        system="DGX Spark",
        node_count=1,
    )
    plain = enrich(_result(3, label="c=1; decode tok/s", concurrency=1), meta)
    # the record-level model, engine, system and node count cite no place of the figure's
    # context: they stay in reported_setup, not in its conditions (issue 31)
    assert not {"model", "engine", "system", "node_count"} & set(plain.conditions)
    assert plain.conditions["quantization"] is None  # unknown stays null
    assert plain.label == "c 1, decode tok/s"
    own = enrich(_result(4, model_id="other/Bar-7B", engine="sglang"), meta)
    assert "model" not in own.conditions and own.conditions["engine"] == "sglang"


def test_only_a_figure_of_the_record_s_model_inherits_its_precision() -> None:
    """kyuz0/amd-strix-halo-toolboxes: one headline model ran at Q3_XXS, and a fan watchdog's
    timeouts (no model at all) were published with `quantization: Q3_XXS`."""
    several = RecordMetadata(quantization="Q3_XXS")  # the record names no model
    assert enrich(_result(3, label="timeout"), several).conditions["quantization"] is None
    one = RecordMetadata(model_label="Foo-30B", quantization="NVFP4")
    assert enrich(_result(3, label="decode"), one).conditions["quantization"] == "NVFP4"
    other = enrich(_result(4, model_id="other/Bar-7B"), one)
    assert other.conditions["quantization"] is None


def test_enrich_writes_the_seed_s_settings_as_null_where_no_source_states_them() -> None:
    """An outside editor read eight drafts: none of the seed's per-figure settings (thinking,
    temperature, repetitions, ...) was present, where seed 000 writes each, null if unknown."""
    enriched = enrich(_result(3, label="decode", concurrency=4), RecordMetadata())
    assert enriched.conditions["concurrency"] == 4  # the figure's own value is kept
    for key in ("thinking", "temperature", "top_p", "repetitions", "experiment_date"):
        assert key in enriched.conditions and enriched.conditions[key] is None


def test_an_artifact_only_another_document_names_stays_the_record_s() -> None:
    """er0080/vllm-benchmarking: the README's example config named `facebook/opt-125m`, and
    every figure of `docs/` (a 27B model's load time among them) carried it."""
    readme_line = "https://github.com/o/r/blob/" + "c" * 40 + "/README.md#L229"
    meta = RecordMetadata(
        model_id="acme/Foo-125m",
        model_artifact=ModelArtifact(id="acme/Foo-125m", revision=None),
        evidence={"model_id": readme_line, "model_artifact": readme_line},
    )
    assert enrich(_result(3), meta).conditions["model_artifact"] is None
    # named by the figures' own document, it is theirs
    here = URL.format(1)
    meta.evidence = {"model_id": here, "model_artifact": here}
    assert enrich(_result(3), meta).conditions["model_artifact"] == "acme/Foo-125m"
