"""Gold record: Kleybrink/dgx-spark-bench, Ollama on one DGX Spark (CSV results).

Main results document: the ranking CSV of the run the README calls the latest,
`results/20260320_224129/ollama_benchmark_ranking_20260320_224129.csv`. Every number of every
data row is a reported result (13 numeric columns x 30 model-mode rows): the five measured
columns, the source's composite score and rank, and the five rank-normalised columns the
composite is built from.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from gold_common import Repo, curated_record, editorial, record_conditions, result, write_record

REPO = Repo("Kleybrink/dgx-spark-bench")
RUN = "results/20260320_224129"
README = REPO.doc("README.md")
REPORT = REPO.doc(f"{RUN}/REPORT.md")
RANKING = REPO.doc(f"{RUN}/ollama_benchmark_ranking_20260320_224129.csv")
CONFIG = REPO.doc("config.yaml")
EARLIER = REPO.doc("results/20260320_184320/ollama_benchmark_ranking_20260320_184320.csv")
EARLIER_REPORT = REPO.doc("results/20260320_184320/REPORT.md")

MEASURED = (
    "as reported; mean across the combination's runs (README: all values are means across runs)"
)
NORMALISED = "as reported; rank-based (percentile) normalisation across the 30 combinations"
# column -> (metric, unit, statistic)
COLUMNS: dict[str, tuple[str, str, str]] = {
    "judge_pass_rate": ("judge_pass_rate", "fraction", MEASURED),
    "decode_tokens_per_s": ("decode_rate", "tokens/s", MEASURED),
    "end_to_end_tokens_per_s": ("end_to_end_rate", "tokens/s", MEASURED),
    "ttft_s": ("ttft", "s", MEASURED),
    "wall_latency_s": ("wall_latency", "s", MEASURED),
    "composite_score": (
        "composite_score",
        "score",
        "as reported; source's weighted composite of the normalised columns",
    ),
    "judge_pass_rate_norm": ("judge_pass_rate_normalised", "score", NORMALISED),
    "decode_tokens_per_s_norm": ("decode_rate_normalised", "score", NORMALISED),
    "end_to_end_tokens_per_s_norm": ("end_to_end_rate_normalised", "score", NORMALISED),
    "ttft_s_norm": ("ttft_normalised", "score", NORMALISED),
    "wall_latency_s_norm": ("wall_latency_normalised", "score", NORMALISED),
    "rank": ("composite_rank", "rank", "as reported; source's rank by composite score"),
}


def rows() -> list[tuple[int, dict[str, str]]]:
    """The CSV's data rows with their GitHub line numbers (the header is line 1)."""
    reader = csv.DictReader(io.StringIO("\n".join(RANKING.lines)))
    return [(index + 2, row) for index, row in enumerate(reader)]


def parse(text: str) -> int | float:
    """A CSV cell's number as written; refuses text whose float repr would differ."""
    value: int | float = int(text) if text.isdigit() else float(text)
    if str(value) != text:
        raise ValueError(f"{text!r} would be written as {value!r}")
    return value


def conditions(row: dict[str, str]) -> dict[str, Any]:
    """The combination's conditions as the README, REPORT and config state them."""
    return {
        "model": row["model"],
        "model_artifact": None,
        "model_revision": None,
        "quantization": "Ollama default quantization per model tag (GGUF)",
        "thinking": row["think"] == "True",
        "engine": "Ollama",
        "engine_version": None,
        "system": "NVIDIA DGX Spark, GB10, 128 GB unified LPDDR5x",
        "node_count": 1,
        "kv_dtype": "q8 (OLLAMA_KV_CACHE_TYPE)",
        "flash_attention": True,
        "ollama_num_parallel": 2,
        "concurrency": None,
        "prompt_count": 21,
        "prompt_categories": 9,
        "repetitions": 2,
        "timeout_s": 300,
        "temperature": None,
        "judge_model": "qwen3.5:35b",
        "judge_temperature": 0.1,
        "experiment_date": "2026-03-20",
        "run_folder": RUN,
    }


def mode(row: dict[str, str]) -> str:
    """`think` or `no-think`, as the report names the two modes."""
    return "think" if row["think"] == "True" else "no-think"


def reported_results() -> list[dict[str, Any]]:
    """Every number of every data row, in column order."""
    out = []
    for line, row in rows():
        for column, (metric, unit, statistic) in COLUMNS.items():
            out.append(
                result(
                    label=f"{row['model']} {mode(row)} {column}",
                    metric=metric,
                    value=parse(row[column]),
                    unit=unit,
                    statistic=statistic,
                    conditions=conditions(row),
                    doc=RANKING,
                    line=line,
                )
            )
    return out


def test_profiles() -> list[dict[str, Any]]:
    """One profile per model-mode combination, anchored at its CSV row."""
    return [
        {
            "label": f"{row['model']} {mode(row)}",
            "evidence_url": f"{RANKING.pinned_url}#L{line}",
            "conditions": conditions(row),
        }
        for line, row in rows()
    ]


def build() -> dict[str, Any]:
    """The whole record, in the seed 000 key order."""
    rid = REPO.record_id
    cite_csv = [RANKING.pinned_url, README.pinned_url]
    sections = [
        {
            "heading": "What was measured, and how?",
            "paragraphs": [
                "One DGX Spark served 16 models through Ollama in 30 model-mode combinations "
                "(lfm2:24b and qwen3-coder-next appear only without thinking), with 21 prompts "
                "across 9 categories, 2 runs per combination and a 300-second timeout per run. "
                "Ollama ran with OLLAMA_KV_CACHE_TYPE=q8, flash attention and "
                "OLLAMA_NUM_PARALLEL=2, and each model tag used Ollama's default quantization.",
                "Answers were scored by qwen3.5:35b as judge at temperature 0.1 against golden "
                "answers, so the pass rate is a judged quality figure, not a speed figure.",
            ],
            "citations": [README.pinned_url, REPORT.pinned_url, CONFIG.pinned_url],
        },
        {
            "heading": "What do the measured columns show?",
            "paragraphs": [
                "The ranking CSV reports, per combination, the judge pass rate, decode and "
                "end-to-end tok/s, TTFT and wall latency as means across runs. "
                "nemotron-cascade-2:30b in think mode reaches a 1.0 pass rate at 66.8 tok/s "
                "decode; qwen3.5:0.8b decodes fastest at 159.2 tok/s without thinking but "
                "passes 34.5% of judged answers.",
                "TTFT stays under 1 s for most combinations, while nemotron-3-super:120b "
                "(22.0 s and 21.6 s) and qwen3.5:122b (26.9 s and 30.8 s) take over 20 s in "
                "both modes. Thinking lengthens wall latency: qwen3.5:27b needs 218.5 s per "
                "answer with thinking against 32.0 s without.",
            ],
            "citations": cite_csv,
        },
        {
            "heading": "What does the composite rank measure?",
            "paragraphs": [
                "The rank is the author's scoring, not a measurement: a weighted composite of "
                "rank-normalised columns (55% accuracy, 20% decode speed, 10% e2e speed, 7.5% "
                "TTFT, 7.5% wall time). Because the normalisation is by rank, the normalised "
                "columns depend on which combinations were included, and two combinations can "
                "tie, as qwen3.5:35b without thinking and qwen3.5:9b with thinking do at 0.485.",
            ],
            "citations": cite_csv,
        },
        {
            "heading": "What is missing or different elsewhere?",
            "paragraphs": [
                "The ranking CSV carries no per-run spread, no quantization per tag and no "
                "Ollama version. An earlier run from the same day lists 28 combinations without "
                "nemotron-cascade-2:30b, so its normalised scores and ranks differ from this "
                "run's and should not be mixed with them.",
            ],
            "citations": [
                RANKING.pinned_url,
                EARLIER.pinned_url,
                EARLIER_REPORT.pinned_url,
                REPORT.pinned_url,
            ],
        },
    ]
    return curated_record(
        id=rid,
        title="Ollama on one DGX Spark: 30 model-mode combinations, judged and timed",
        summary="Judge-scored pass rates with decode, end-to-end, TTFT and wall latency "
        "means for 16 Ollama models in think or no-think mode on one DGX Spark, plus the "
        "author's composite ranking.",
        runtime="Ollama",
        runtime_topics=["Ollama"],
        hardware_topics=["spark", "nvidia"],
        model_label=None,
        model_family=None,
        model_id=None,
        model_artifact={"id": None, "revision": None},
        conditions=record_conditions(),
        reported_setup={
            "system": "NVIDIA DGX Spark, GB10, 128 GB unified LPDDR5x",
            "node_count": 1,
            "parallelism": None,
            "kv_dtype": "q8 (OLLAMA_KV_CACHE_TYPE)",
            "context_limit_tokens": None,
            "experiment_date": "2026-03-20",
        },
        test_profiles=test_profiles(),
        measurement_scope="inference_speed_and_judged_quality",
        notes=[
            "Pass rates come from an LLM judge and speed figures from the same runs; the "
            "composite rank mixes both with the author's weights and is not a site ranking.",
        ],
        limitations=[
            "Source-reported only; no independent site model runs.",
            "Means only: the ranking CSV gives no per-run spread, Ollama version or per-tag "
            "quantization.",
            "Normalised columns and ranks are relative to this run's set of combinations.",
        ],
        source=REPO.source(README),
        supplemental_sources=[
            d.supplemental(rid) for d in (RANKING, REPORT, CONFIG, EARLIER, EARLIER_REPORT)
        ],
        license={
            "declared_spdx": "MIT",
            "scope": "Repository code and documents as declared in the README; models keep "
            "their own terms.",
        },
        editorial=editorial(
            answer="The run measures 30 model-mode combinations of 16 Ollama models on one "
            "DGX Spark, each as means over 2 runs of 21 prompts: judged pass rate, decode and "
            "end-to-end speed, TTFT and wall latency. The composite rank is the author's "
            "weighting of those figures, relative to this run's set of combinations.",
            sections=sections,
            reported_results=reported_results(),
            source_document_sha256=README.sha256,
        ),
    )


if __name__ == "__main__":
    print(write_record(build()))
