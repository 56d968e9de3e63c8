"""Gold record: heitor-mocelin/dgx-spark-research, small "reflex" models (JSON results).

Main results documents: the six standalone result files in
`AsusGx10/benchmarks/small-models/` that hold figures (`phi4-mini-bf16.json` failed its smoke
test and holds none; `gpt-oss-20b.json` is a blocked record). Every figure of those files is a
reported result; the three per-run TTFT and decode values are kept in `per_run_values` of the
mean they summarise.
"""

from __future__ import annotations

import statistics
from typing import Any

from gold_common import (
    Doc,
    Repo,
    curated_record,
    editorial,
    observed_range,
    record_conditions,
    result,
    write_record,
)

REPO = Repo("heitor-mocelin/dgx-spark-research")
BENCH = "AsusGx10/benchmarks/small-models"
FINDINGS = REPO.doc("AsusGx10/FINDINGS-small-models.md")
BENCH_README = REPO.doc(f"{BENCH}/README.md")
DIGESTS = REPO.doc("AsusGx10/research-digests/small-models/README.md")
COMMON_SYSTEM = "ASUS GX10 / NVIDIA GB10, 128 GB"

# file stem -> (model label, format as FINDINGS states it, planned checkpoint per the digests)
MODELS: dict[str, tuple[str, str, str]] = {
    "qwen3-4b": (
        "Qwen3-4B-Instruct-2507",
        "NVFP4",
        "kaitchup/Qwen3-4B-Instruct-2507-NVFP4",
    ),
    "gemma-4-e4b": (
        "Gemma-4-E4B-it",
        "NVFP4 (W4A16)",
        "coolthor/Gemma-4-E4B-it-NVFP4A16",
    ),
    "llama31-8b": (
        "Llama-3.1-8B-Instruct",
        "NVFP4",
        "nvidia/Llama-3.1-8B-Instruct-NVFP4",
    ),
    "qwen3-8b": ("Qwen3-8B", "NVFP4", "nvidia/Qwen3-8B-NVFP4 (FP8 fallback)"),
    "phi4-mini": (
        "Phi-4-mini-instruct",
        "BF16",
        "pytorch/Phi-4-mini-instruct-FP8 (BF16 fallback)",
    ),
    "ministral-8b": (
        "Ministral-8B-Instruct",
        "BF16",
        "base BF16 (gated) -> FP8 alt",
    ),
}
SWEEP = (1, 4, 16, 32)
LABEL_KEY = '"label"'


def base_conditions(stem: str) -> dict[str, Any]:
    """What every figure of one model's file was measured under, as the sources state it."""
    label, fmt, checkpoint = MODELS[stem]
    return {
        "model": label,
        "model_artifact": None,
        "planned_checkpoint": checkpoint,
        "model_revision": None,
        "quantization": fmt,
        "format_source": "FINDINGS-small-models.md table; the result file records no format",
        "engine": "vLLM",
        "engine_version": None,
        "image_tag": "vllm/vllm-openai:cu130-nightly",
        "image_digest": None,
        "system": COMMON_SYSTEM,
        "node_count": 1,
        "experiment_date": "2026-06",
        "co_resident": "none (standalone file)",
        "temperature": 0,
        "thinking": False,
        "max_output_tokens": 256,
        "input_tokens": None,
        "harness": "bench_small.py",
        "result_label": stem,
    }


def model_results(stem: str) -> list[dict[str, Any]]:
    """Every figure of one standalone result file."""
    doc = REPO.doc(f"{BENCH}/{stem}.json")
    data = doc_json(doc)
    label = MODELS[stem][0]
    out: list[dict[str, Any]] = []
    for key, metric, unit, what in (
        ("ttft_ms", "ttft", "ms", "TTFT"),
        ("decode_tps", "decode_rate", "tokens/s", "single-stream decode"),
    ):
        runs = data[key]["runs"]
        mean = data[key]["mean"]
        # Runs and mean are each rounded from unrounded timings, so allow both roundings.
        if abs(sum(runs) / len(runs) - mean) > 0.1:
            raise ValueError(f"{stem}: {key} mean {mean} is not the mean of {runs}")
        if round(statistics.pstdev(runs), 1) != data[key]["stdev"]:
            raise ValueError(f"{stem}: {key} stdev is not the population stdev of {runs}")
        conditions = {
            **base_conditions(stem),
            "concurrency": 1 if key == "decode_tps" else None,
            "repetitions": 3,
            "per_run_values": runs,
        }
        mean_line = doc.locate(f'"{key}"', '"mean"')
        out.append(
            result(
                label=f"{label} {what} mean",
                metric=f"{metric}_mean",
                value=mean,
                unit=unit,
                statistic="mean of 3 source runs; rounded by source; individually recoverable "
                "in per_run_values",
                uncertainty=observed_range(runs),
                conditions=conditions,
                doc=doc,
                line=mean_line,
            )
        )
        conditions = {**conditions}
        del conditions["per_run_values"]
        out.append(
            result(
                label=f"{label} {what} stdev",
                metric=f"{metric}_stdev",
                value=data[key]["stdev"],
                unit=unit,
                statistic="as reported; spread of the 3 runs (population standard deviation "
                "by recomputation)",
                conditions=conditions,
                doc=doc,
                line=doc.locate(f'"{key}"', '"stdev"'),
            )
        )
    for concurrency in SWEEP:
        point = data["concurrency"][str(concurrency)]
        conditions = {
            **base_conditions(stem),
            "concurrency": concurrency,
            "repetitions": None,
        }
        for key, metric, unit, what in (
            ("agg_tps", "aggregate_decode_throughput", "tokens/s", "aggregate tok/s"),
            ("tot_tokens", "total_output_tokens", "tokens", "total tokens"),
            ("wall_s", "wall_time", "s", "wall time"),
        ):
            out.append(
                result(
                    label=f"{label} c={concurrency} {what}",
                    metric=metric,
                    value=point[key],
                    unit=unit,
                    statistic="as reported; one sweep point (the source does not say whether "
                    "sweep points are averaged)",
                    conditions=conditions,
                    doc=doc,
                    line=doc.locate('"concurrency"', f'"{concurrency}"', f'"{key}"'),
                )
            )
    return out


def doc_json(doc: Doc) -> dict[str, Any]:
    """The parsed JSON of a document."""
    import json

    data: dict[str, Any] = json.loads(doc.text)
    return data


def test_profiles() -> list[dict[str, Any]]:
    """One profile per measured model: the file's label line and its conditions."""
    profiles = []
    for stem in MODELS:
        doc = REPO.doc(f"{BENCH}/{stem}.json")
        profiles.append(
            {
                "label": f"{MODELS[stem][0]} standalone",
                "evidence_url": f"{doc.pinned_url}#L{doc.locate(LABEL_KEY)}",
                "conditions": {
                    **base_conditions(stem),
                    "repetitions": 3,
                    "sweep_concurrencies": list(SWEEP),
                },
            }
        )
    return profiles


def build() -> dict[str, Any]:
    """The whole record, in the seed 000 key order."""
    rid = REPO.record_id
    files = {stem: REPO.doc(f"{BENCH}/{stem}.json") for stem in MODELS}
    results = [r for stem in MODELS for r in model_results(stem)]
    llama = files["llama31-8b"]
    model_urls = [doc.pinned_url for doc in files.values()]  # every standalone result file
    supplemental = [
        d.supplemental(rid)
        for d in (
            BENCH_README,
            DIGESTS,
            *files.values(),
            REPO.doc(f"{BENCH}/gpt-oss-20b.json"),
            REPO.doc(f"{BENCH}/phi4-mini-bf16.json"),
        )
    ]
    sections = [
        {
            "heading": "What was measured, and on which box?",
            "paragraphs": [
                "Each standalone result file comes from one small model served alone with vLLM "
                "from the vllm/vllm-openai:cu130-nightly image on one ASUS GX10 (GB10, 128 GB). "
                "The harness runs a correctness smoke test, then TTFT three times, single-stream "
                "decode three times, then a concurrency sweep at c=1, 4, 16 and 32. The method "
                "notes state temperature 0 and thinking mode off; each request is capped at "
                "256 output tokens.",
                "The files do not name the checkpoint or format that was served. Formats are "
                "taken from the findings table (NVFP4 for four models, BF16 for Phi-4-mini and "
                "Ministral-8B); the checkpoints in the research digests are the planned "
                "configurations, kept here as planned, not as verified executions.",
            ],
            "citations": [BENCH_README.pinned_url, FINDINGS.pinned_url, DIGESTS.pinned_url],
        },
        {
            "heading": "How fast is single-stream decode, and what differs between the models?",
            "paragraphs": [
                "Mean single-stream decode over three runs: Qwen3-4B-Instruct-2507 64.4 tok/s, "
                "Gemma-4-E4B-it 53.5, Llama-3.1-8B-Instruct 41.7, Qwen3-8B 39.6, Phi-4-mini 24.0 "
                "and Ministral-8B 14.6. Mean TTFT ranges from 31.9 ms (Qwen3-4B) to 137.3 ms "
                "(Ministral-8B).",
                "These are not like-for-like model comparisons: the author states that formats "
                "deliberately differ per model, and Phi-4-mini and Ministral-8B ran in BF16 "
                "while the others ran NVFP4. What the figures describe is each complete "
                "configuration on this box.",
            ],
            "citations": [*model_urls, FINDINGS.pinned_url],
        },
        {
            "heading": "What does the concurrency sweep add?",
            "paragraphs": [
                "At c=32 the files report aggregate throughput of 1680.5 tok/s for Qwen3-4B, "
                "1498.3 for Gemma-4-E4B, 1204.4 for Llama-3.1-8B, 1174.3 for Qwen3-8B, 800.1 for "
                "Phi-4-mini and 412.7 for Ministral-8B, each from 8192 output tokens in total. "
                "Wall time per sweep point stays between 3.74 s and 19.85 s.",
                "The README says measurements are 3× averaged, but each sweep point appears as a "
                "single value with no spread, so whether sweep points were repeated is not "
                "established.",
            ],
            "citations": [*model_urls, BENCH_README.pinned_url],
        },
        {
            "heading": "Where are the limits?",
            "paragraphs": [
                "TTFT is noisy for Llama-3.1-8B: its first run took 50.9 ms against 33.5 ms for "
                "the other two, and the reported stdev of 8.2 is the population spread of those "
                "runs. gpt-oss-20b is a blocked record with no figures, and the phi4-mini-bf16 "
                "file failed its smoke test and holds none; the Phi-4-mini figures come from the "
                "phi4-mini file.",
                "Power, the roofline columns and the co-resident runs appear in the findings "
                "document and other files, not in these result files, and are not carried here.",
            ],
            "citations": [
                llama.pinned_url,
                REPO.doc(f"{BENCH}/gpt-oss-20b.json").pinned_url,
                REPO.doc(f"{BENCH}/phi4-mini-bf16.json").pinned_url,
                FINDINGS.pinned_url,
            ],
        },
    ]
    return curated_record(
        id=rid,
        title="Small models on one GB10: TTFT, decode and a four-point sweep",
        summary="Standalone vLLM runs of small instruction models on one ASUS GX10, each with "
        "three-run TTFT and decode means and an aggregate sweep up to c=32; formats differ per "
        "model, so the figures describe whole configurations.",
        runtime="vLLM",
        runtime_topics=["vLLM"],
        hardware_topics=["spark", "nvidia", "gx10"],
        model_label=None,
        model_family=None,
        model_id=None,
        model_artifact={"id": None, "revision": None},
        conditions=record_conditions(temperature=0),
        reported_setup={
            "system": COMMON_SYSTEM,
            "node_count": 1,
            "parallelism": None,
            "kv_dtype": None,
            "context_limit_tokens": None,
            "experiment_date": "2026-06",
        },
        test_profiles=test_profiles(),
        measurement_scope="inference_speed",
        notes=[
            "Per-model formats differ (NVFP4, NVFP4 W4A16, BF16) by the author's design; each "
            "figure belongs to its complete configuration, not to the model alone.",
        ],
        limitations=[
            "Source-reported only; no independent site model runs.",
            "The result files record neither checkpoint nor format; both come from other "
            "documents of the same repository.",
            "Sweep repetitions are not stated; power figures are outside the carried files.",
        ],
        source=REPO.source(FINDINGS),
        supplemental_sources=supplemental,
        license={
            "declared_spdx": "MIT",
            "scope": "Repository content as declared in its README; model weights keep their own "
            "terms.",
        },
        editorial=editorial(
            answer="On one GB10, the standalone small-model runs report single-stream decode "
            "from 14.6 tok/s (Ministral-8B, BF16) to 64.4 tok/s (Qwen3-4B, NVFP4) and c=32 "
            "aggregates from 412.7 to 1680.5 tok/s. Formats differ per model, sweep repetitions "
            "are not stated, and the result files do not name the checkpoints served.",
            sections=sections,
            reported_results=results,
            source_document_sha256=FINDINGS.sha256,
        ),
    )


if __name__ == "__main__":
    print(write_record(build()))
