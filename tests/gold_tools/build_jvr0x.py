"""Gold record: jvr0x/dgx-spark-bench, Qwen3.6-35B-A3B NVFP4 with MTP on and off (nested JSON).

Main results documents: `results/qwen3.6-35b-nvfp4-nvidia.json` (MTP speculative decoding on)
and `results/qwen3.6-35b-nvfp4-nvidia-specoff.json` (MTP off), the pair the spec-off recipe
was written to compare. Every figure of every sweep point is a reported result: aggregate and
per-session tok/s, TTFT and ITL percentiles, completed requests, and the GPU snapshot.
"""

from __future__ import annotations

import json
from typing import Any

from gold_common import (
    Doc,
    Repo,
    curated_record,
    editorial,
    record_conditions,
    result,
    write_record,
)

REPO = Repo("jvr0x/dgx-spark-bench")
README = REPO.doc("README.md")
SCHEMA = REPO.doc("schema/results.schema.json")
SPEC_ON = REPO.doc("results/qwen3.6-35b-nvfp4-nvidia.json")
SPEC_OFF = REPO.doc("results/qwen3.6-35b-nvfp4-nvidia-specoff.json")
RECIPE_README = REPO.doc("recipes/qwen3.6-35b-nvfp4-nvidia/README.md")
HARNESS_ON = REPO.doc("recipes/qwen3.6-35b-nvfp4-nvidia/harness.yaml")
HARNESS_OFF = REPO.doc("recipes/qwen3.6-35b-nvfp4-specoff/harness.yaml")
PROFILE_ON = REPO.doc("recipes/qwen3.6-35b-nvfp4-nvidia/qwen3.6-35b-nvfp4-bench.yaml")
PROFILE_OFF = REPO.doc("recipes/qwen3.6-35b-nvfp4-specoff/qwen3.6-35b-nvfp4-specoff.yaml")
SYSTEM = "DGX Spark, GB10 Grace Blackwell, 128 GB LPDDR5x"
IMAGE = "ghcr.io/aeon-7/aeon-vllm-ultimate:2026-07-16-v0.25.1"

PERCENTILE = "as reported; {p} over the point's completed requests"
# (path inside a point, metric, unit, statistic, label)
FIGURES: tuple[tuple[tuple[str, ...], str, str, str, str], ...] = (
    (
        ("agg_tok_s",),
        "aggregate_decode_throughput",
        "tokens/s",
        "as reported; one sweep point",
        "aggregate tok/s",
    ),
    (
        ("per_session_tok_s",),
        "per_session_decode_rate",
        "tokens/s",
        "as reported; one sweep point",
        "per-session tok/s",
    ),
    (("ttft_ms", "p50"), "ttft_p50", "ms", PERCENTILE.format(p="p50"), "TTFT p50"),
    (("ttft_ms", "p95"), "ttft_p95", "ms", PERCENTILE.format(p="p95"), "TTFT p95"),
    (("ttft_ms", "p99"), "ttft_p99", "ms", PERCENTILE.format(p="p99"), "TTFT p99"),
    (("itl_ms", "p50"), "itl_p50", "ms", PERCENTILE.format(p="p50"), "ITL p50"),
    (("itl_ms", "p95"), "itl_p95", "ms", PERCENTILE.format(p="p95"), "ITL p95"),
    (("itl_ms", "p99"), "itl_p99", "ms", PERCENTILE.format(p="p99"), "ITL p99"),
    (
        ("samples",),
        "completed_requests",
        "requests",
        "as reported; completed requests aggregated into the point",
        "samples",
    ),
    (
        ("gpu", "temperature_c"),
        "gpu_temperature",
        "°C",
        "as reported; one nvidia-smi snapshot after the point",
        "GPU temperature",
    ),
    (
        ("gpu", "power_draw_w"),
        "gpu_power_draw",
        "W",
        "as reported; one nvidia-smi snapshot after the point",
        "GPU power",
    ),
)


def arm_conditions(doc: Doc) -> dict[str, Any]:
    """The configuration one results file states, with the recipe files that back it."""
    data = json.loads(doc.text)
    run, series = data["run"], data["series"][0]
    config = series["config"]
    spec_on = doc is SPEC_ON
    return {
        "model": series["model"],
        "model_artifact": config["checkpoint"],
        "model_revision": None,
        "quantization": config["quantization"],
        "quant_label": series["quant"],
        "engine": "vLLM (AEON image)",
        "engine_version": None,
        "backend_label": series["backend"],
        "image_tag": config["image"],
        "image_digest": None,
        "system": SYSTEM,
        "node_count": 1,
        "experiment_date": run["timestamp"][:10],
        "run_id": run["id"],
        "harness_git_commit": run["git_commit"],
        "speculative_decoding": config["speculative"],
        "draft_tokens": 2 if spec_on else None,
        "attention_backend": config["attention_backend"],
        "kv_dtype": config["kv_cache_dtype"],
        "kv_cache_memory": config["kv_cache_memory"],
        "gpu_memory_utilization": 0.5,
        "configured_max_requests": config["max_num_seqs"],
        "context_limit_tokens": config["max_model_len"],
        "max_num_batched_tokens": config["max_num_batched_tokens"],
        "cuda_graphs": config["cuda_graphs"],
        "chunked_prefill": config["chunked_prefill"],
        "async_scheduling": config["async_scheduling"],
        "prefix_cache": config["prefix_caching"],
        "workload": run["workload"]["name"],
        "mode": run["workload"]["mode"],
        "input_tokens": run["workload"]["prompt_tokens"],
        "output_tokens": run["workload"]["output_tokens"],
        "ignore_eos": True,
        "warmup_s": run["sweep"]["warmup_s"],
        "measure_s": run["sweep"]["measure_s"],
        "temperature": None,
        "top_p": None,
        "repetitions": 1,
    }


def arm_results(doc: Doc, arm: str) -> list[dict[str, Any]]:
    """Every figure of every sweep point of one results file."""
    data = json.loads(doc.text)
    base = arm_conditions(doc)
    out = []
    for point in data["series"][0]["points"]:
        concurrency = point["concurrency"]
        start = f'"concurrency": {concurrency},'
        for path, metric, unit, statistic, what in FIGURES:
            value: Any = point
            for key in path:
                value = value[key]
            anchors = ['"points"', start, *(f'"{key}"' for key in path)]
            out.append(
                result(
                    label=f"{arm} c={concurrency} {what}",
                    metric=metric,
                    value=value,
                    unit=unit,
                    statistic=statistic,
                    conditions={**base, "concurrency": concurrency},
                    doc=doc,
                    line=doc.locate(*anchors),
                )
            )
    return out


def build() -> dict[str, Any]:
    """The whole record, in the seed 000 key order."""
    rid = REPO.record_id
    results = arm_results(SPEC_ON, "MTP on") + arm_results(SPEC_OFF, "MTP off")
    both = [SPEC_ON.pinned_url, SPEC_OFF.pinned_url]
    sections = [
        {
            "heading": "What was measured?",
            "paragraphs": [
                "Both files are closed-loop concurrency sweeps of nvidia/qwen3.6-35b-a3b-nvfp4 "
                "served by vLLM from the ghcr.io/aeon-7/aeon-vllm-ultimate:2026-07-16-v0.25.1 "
                "image on one DGX Spark: a chat workload of 1024 prompt tokens and 256 output "
                "tokens, at concurrency 1, 2, 4, 8, 16, 32 and 64, with a 30 s warmup and a "
                "180 s measurement window per point. The harness sends a unique prefix per "
                "request so prefix caching cannot replay prefill.",
            ],
            "citations": [README.pinned_url, *both, HARNESS_ON.pinned_url],
        },
        {
            "heading": "What changes between the two runs?",
            "paragraphs": [
                "The spec-off profile says it is identical to the bench profile except that "
                "the speculative decoding block is removed: MTP with 2 speculative tokens in one "
                "run, none in the other. Both files record max_num_seqs 64, max_model_len 32768, "
                "fp8 KV cache with 32 GiB set explicitly and 8192 batched tokens.",
                "Two details differ from that description. The spec-off profile file has no ctx "
                "line while both result files report max_model_len 32768, and the results were "
                "written by different harness commits (f9688fe and 755663b). Both files label "
                "the backend vLLM 0.23 (AEON) although the image tag names v0.25.1.",
            ],
            "citations": [PROFILE_ON.pinned_url, PROFILE_OFF.pinned_url, *both],
        },
        {
            "heading": "What do the sweep points show?",
            "paragraphs": [
                "At concurrency 1, MTP on reports 99.6 tok/s aggregate and 107.7 tok/s per "
                "session against 74.0 and 77.4 with MTP off, with a TTFT p50 of 178 ms against "
                "149 ms. At concurrency 64 the two runs report 574.6 and 577.4 tok/s aggregate "
                "and 10.3 and 10.5 tok/s per session.",
                "Each point is one sweep of one run; the files give percentiles over requests "
                "but no repeat runs, so the small differences at high concurrency cannot be "
                "separated from run-to-run variation with these files alone.",
            ],
            "citations": both,
        },
        {
            "heading": "What is missing?",
            "paragraphs": [
                "The GPU temperature and power figures are one nvidia-smi snapshot taken after "
                "each point, not averages over the window. The schema calls itl_ms "
                "inter-token latency without saying how speculative tokens that arrive together "
                "are counted, so ITL is not compared across the two runs here. The recipe README "
                "still marks its measured results as pending.",
            ],
            "citations": [SCHEMA.pinned_url, RECIPE_README.pinned_url, *both],
        },
    ]
    return curated_record(
        id=rid,
        title="Qwen3.6-35B-A3B NVFP4 on one DGX Spark: MTP on and off, concurrency 1 to 64",
        summary="Two closed-loop vLLM sweeps of the same NVFP4 checkpoint and image, with MTP "
        "speculative decoding on and off, each reporting throughput, latency percentiles and a "
        "GPU snapshot per concurrency point.",
        runtime="vLLM",
        runtime_topics=["vLLM"],
        hardware_topics=["spark", "nvidia"],
        model_label="Qwen3.6-35B-A3B",
        model_family="Qwen",
        model_id="nvidia/qwen3.6-35b-a3b-nvfp4",
        model_artifact={"id": "nvidia/qwen3.6-35b-a3b-nvfp4", "revision": None},
        conditions=record_conditions(
            input_tokens=1024, output_tokens=256, quantization="modelopt_mixed (auto)"
        ),
        reported_setup={
            "system": SYSTEM,
            "node_count": 1,
            "parallelism": None,
            "kv_dtype": "fp8",
            "context_limit_tokens": 32768,
            "experiment_date": "2026-07-19",
        },
        test_profiles=[
            {
                "label": f"{arm} sweep",
                "evidence_url": f"{doc.pinned_url}#L{doc.locate(chr(34) + 'series' + chr(34))}",
                "conditions": {
                    **arm_conditions(doc),
                    "concurrency": None,
                    "sweep_concurrencies": [1, 2, 4, 8, 16, 32, 64],
                },
            }
            for doc, arm in ((SPEC_ON, "MTP on"), (SPEC_OFF, "MTP off"))
        ],
        measurement_scope="inference_speed",
        notes=[
            "The two runs differ in speculative decoding and in harness commit; each figure "
            "belongs to its complete serving configuration.",
        ],
        limitations=[
            "Source-reported only; no independent site model runs.",
            "One run per sweep point and no repeats; GPU figures are single snapshots.",
            "The backend label and the image tag name different vLLM versions.",
        ],
        source=REPO.source(README),
        supplemental_sources=[
            d.supplemental(rid)
            for d in (
                SPEC_ON,
                SPEC_OFF,
                SCHEMA,
                RECIPE_README,
                HARNESS_ON,
                HARNESS_OFF,
                PROFILE_ON,
                PROFILE_OFF,
            )
        ],
        license={
            "declared_spdx": "MIT",
            "scope": "Repository harness, recipes and results as declared in the README; model "
            "weights and images keep their own terms.",
        },
        editorial=editorial(
            answer="On one DGX Spark, the same NVFP4 checkpoint and image report 99.6 tok/s "
            "aggregate at concurrency 1 with MTP on against 74.0 with MTP off, and 574.6 against "
            "577.4 at concurrency 64. Each point is a single run, and the two runs also differ "
            "in harness commit.",
            sections=sections,
            reported_results=results,
            source_document_sha256=README.sha256,
        ),
    )


if __name__ == "__main__":
    print(write_record(build()))
