"""Gold record: djangodevreng/dgx-spark-benchmarks, gpt-oss-20b MXFP4 on one Spark (Markdown).

Main results documents: three result files of the `results/gpt-oss/gpt-oss-20b/mxfp4/` suite,
`01-chat.md` and `02-rag-8k.md` (llama-benchy tables with `mean ± sd` cells) and
`07-office-baseline.md` (the `vllm bench serve` summary). Every figure of their result blocks is
a reported result; a `± sd` cell gives two results, the mean and its standard deviation.
"""

from __future__ import annotations

import re
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

REPO = Repo("djangodevreng/dgx-spark-benchmarks")
SUITE = "results/gpt-oss/gpt-oss-20b/mxfp4"
README = REPO.doc("README.md")
INDEX = REPO.doc("INDEX.md")
META = REPO.doc(f"{SUITE}/meta.json")
CHAT = REPO.doc(f"{SUITE}/01-chat.md")
RAG = REPO.doc(f"{SUITE}/02-rag-8k.md")
OFFICE = REPO.doc(f"{SUITE}/07-office-baseline.md")
OFFICE_JSON = REPO.doc(f"{SUITE}/07-office-baseline.json")

# llama-benchy column -> (pp metric, tg metric, unit)
BENCHY_COLUMNS: dict[str, tuple[str, str, str]] = {
    "t/s (total)": ("prefill_throughput_total", "decode_throughput_total", "tokens/s"),
    "t/s (req)": ("prefill_throughput_per_request", "decode_throughput_per_request", "tokens/s"),
    "peak t/s": ("peak_prefill_throughput", "peak_decode_throughput", "tokens/s"),
    "peak t/s (req)": (
        "peak_prefill_throughput_per_request",
        "peak_decode_throughput_per_request",
        "tokens/s",
    ),
    "ttfr (ms)": ("ttfr", "ttfr", "ms"),
    "est_ppt (ms)": ("est_ppt", "est_ppt", "ms"),
    "e2e_ttft (ms)": ("e2e_ttft", "e2e_ttft", "ms"),
}
TEST = re.compile(r"(pp|tg)(\d+) \(c(\d+)\)")


def stack() -> dict[str, Any]:
    """The server the whole suite ran against, as meta.json records it."""
    return {
        "model": "openai/gpt-oss-20b",
        "model_artifact": "openai/gpt-oss-20b",
        "model_revision": None,
        "served_name": "gpt-oss-20b-mxfp4",
        "quantization": "mxfp4",
        "engine": "vLLM",
        "engine_version": "0.26.0",
        "image_tag": "vllm/vllm-openai:v0.26.0-aarch64-cu129-ubuntu2404",
        "image_digest": None,
        "system": "DGX Spark NVIDIA GB10 128GB unified",
        "node_count": 1,
        "driver": "580.173.02",
        "context_limit_tokens": 131072,
        "gpu_memory_utilization": 0.9,
        "kv_dtype": "fp8",
        "prefix_cache": False,
        "max_num_batched_tokens": 8192,
        "experiment_date": "2026-08-14",
    }


def benchy_results(doc: Doc, workload: str, pp: int, tg: int) -> list[dict[str, Any]]:
    """Every `mean ± sd` cell of a llama-benchy table: the mean and the sd as two results."""
    header_line = next(i for i, line in enumerate(doc.lines, 1) if line.startswith("| model"))
    header = [c.strip() for c in doc.line(header_line).strip().strip("|").split("|")]
    out = []
    line = header_line + 2
    while doc.line(line).startswith("|"):
        cells = [c.strip() for c in doc.line(line).strip().strip("|").split("|")]
        match = TEST.fullmatch(cells[1])
        assert match, cells[1]
        phase, tokens, concurrency = match.group(1), int(match.group(2)), int(match.group(3))
        conditions = {
            **stack(),
            "workload": workload,
            "benchmark_tool": "llama-benchy 0.4.0",
            "latency_mode": "generation",
            "input_tokens": pp,
            "output_tokens": tg,
            "depth": 0,
            "test": cells[1],
            "phase": "prompt processing" if phase == "pp" else "token generation",
            "phase_tokens": tokens,
            "concurrency": concurrency,
            "repetitions": 3,
        }
        for column, cell in zip(header[2:], cells[2:], strict=True):
            if not cell:
                continue
            mean_text, sd_text = (part.strip() for part in cell.split("±"))
            pp_metric, tg_metric, unit = BENCHY_COLUMNS[column]
            metric = pp_metric if phase == "pp" else tg_metric
            for value_text, suffix, statistic in (
                (mean_text, "", "mean of 3 runs, as reported by llama-benchy"),
                (
                    sd_text,
                    "_sd",
                    "as reported; standard deviation over 3 runs (the ± part of the cell)",
                ),
            ):
                out.append(
                    result(
                        label=f"{workload} {cells[1]} {column}" + (" sd" if suffix else ""),
                        metric=metric + suffix,
                        value=float(value_text),
                        unit=unit,
                        statistic=statistic,
                        conditions=conditions,
                        doc=doc,
                        line=line,
                    )
                )
        line += 1
    return out


# `vllm bench serve` summary label -> (metric, unit)
SERVE_LINES: dict[str, tuple[str, str]] = {
    "Successful requests": ("successful_requests", "requests"),
    "Failed requests": ("failed_requests", "requests"),
    "Benchmark duration (s)": ("benchmark_duration", "s"),
    "Total input tokens": ("total_input_tokens", "tokens"),
    "Total generated tokens": ("total_generated_tokens", "tokens"),
    "Request throughput (req/s)": ("request_throughput", "requests/s"),
    "Output token throughput (tok/s)": ("output_throughput", "tokens/s"),
    "Peak output token throughput (tok/s)": ("peak_output_throughput", "tokens/s"),
    "Peak concurrent requests": ("peak_concurrent_requests", "requests"),
    "Total token throughput (tok/s)": ("total_token_throughput", "tokens/s"),
}
LATENCY = re.compile(r"(Mean|Median|P50|P90|P95|P99) (TTFT|TPOT|ITL|E2EL) \(ms\)")


def serve_results() -> list[dict[str, Any]]:
    """Every figure of the `vllm bench serve` summary block of 07-office-baseline.md."""
    conditions = {
        **stack(),
        "workload": "07-office-baseline",
        "benchmark_tool": "vllm bench serve",
        "dataset": "random",
        "input_tokens": 4000,
        "output_tokens": 500,
        "random_range_ratio": 0.9,
        "prompt_count": 200,
        "request_rate_rps": 0.3,
        "burstiness": 0.7,
        "arrivals": "Poisson",
        "seed": 42,
        "concurrency": None,
    }
    out = []
    for line, text in enumerate(OFFICE.lines, 1):
        if ":" not in text or text.startswith(("**", "#", "docker")):
            continue
        label, _, written = text.partition(":")
        label, written = label.strip(), written.strip()
        latency = LATENCY.fullmatch(label)
        if label in SERVE_LINES:
            metric, unit = SERVE_LINES[label]
            statistic = "as reported; one benchmark run"
        elif latency:
            stat, name = latency.groups()
            metric, unit = f"{name.lower()}_{stat.lower()}", "ms"
            statistic = f"as reported; {stat.lower()} over the run's requests"
        else:
            continue
        value: int | float = float(written) if "." in written else int(written)
        out.append(
            result(
                label=f"07-office-baseline {label}",
                metric=metric,
                value=value,
                unit=unit,
                statistic=statistic,
                conditions=conditions,
                doc=OFFICE,
                line=line,
            )
        )
    return out


def build() -> dict[str, Any]:
    """The whole record, in the seed 000 key order."""
    rid = REPO.record_id
    results = (
        benchy_results(CHAT, "01-chat", 1024, 1024)
        + benchy_results(RAG, "02-rag-8k", 8192, 512)
        + serve_results()
    )
    suite = [CHAT.pinned_url, RAG.pinned_url, OFFICE.pinned_url]
    sections = [
        {
            "heading": "What was measured, and on which stack?",
            "paragraphs": [
                "One DGX Spark served openai/gpt-oss-20b in its mxfp4 profile with vLLM 0.26.0 "
                "(image vllm/vllm-openai:v0.26.0-aarch64-cu129-ubuntu2404), fp8 KV cache, a "
                "131072-token context, gpu_memory_utilization 0.90 and prefix caching off. The "
                "chat and RAG tests are closed-loop llama-benchy runs, three per point; the "
                "office baseline is an open-loop vllm bench serve run.",
            ],
            "citations": [META.pinned_url, README.pinned_url, *suite],
        },
        {
            "heading": "What do the closed-loop tables show?",
            "paragraphs": [
                "Each cell is a mean over 3 runs with its standard deviation. With a 1024-token "
                "prompt, prompt processing reaches 11792.96 ± 265.41 tok/s at c1, and generation "
                "of 1024 tokens reaches 46.47 tok/s at c1, 129.65 tok/s in total at c5 and "
                "180.39 ± 44.74 tok/s in total at c10.",
                "Per-request prompt-processing rates under concurrency carry very wide spreads, "
                "such as 2900.23 ± 2600.17 tok/s at c5 in the chat test and 1207.31 ± 1471.83 "
                "at c20 in the 8192-token RAG test, so single cells should not be read as "
                "stable per-user rates.",
            ],
            "citations": [CHAT.pinned_url, RAG.pinned_url],
        },
        {
            "heading": "What does the open-loop office baseline show?",
            "paragraphs": [
                "200 random prompts of about 4000 input and 500 output tokens arrived at 0.3 "
                "requests/s with burstiness 0.7. All 200 succeeded in 687.03 s, with 116.14 "
                "tok/s output throughput, a median TTFT of 764.70 ms against a P99 of 2292.97 "
                "ms, and at most 14 concurrent requests.",
            ],
            "citations": [OFFICE.pinned_url, README.pinned_url],
        },
        {
            "heading": "What does this record leave out?",
            "paragraphs": [
                "The suite has 11 tests; this record carries the figures of three. Telemetry "
                "CSVs, the other open-loop tests and the rate sweep are not included, and the "
                "raw logs the tables come from are not in the corpus.",
            ],
            "citations": [README.pinned_url, INDEX.pinned_url],
        },
    ]
    return curated_record(
        id=rid,
        title="gpt-oss-20b MXFP4 on one DGX Spark: chat, RAG and office-baseline tests",
        summary="Closed-loop llama-benchy tables with mean ± sd cells and an open-loop vllm "
        "bench serve summary for gpt-oss-20b served by vLLM 0.26.0 on one Spark.",
        runtime="vLLM",
        runtime_topics=["vLLM"],
        hardware_topics=["spark", "nvidia"],
        model_label="gpt-oss-20b",
        model_family="gpt-oss",
        model_id="openai/gpt-oss-20b",
        model_artifact={"id": "openai/gpt-oss-20b", "revision": None},
        conditions=record_conditions(quantization="mxfp4"),
        reported_setup={
            "system": "DGX Spark NVIDIA GB10 128GB unified",
            "node_count": 1,
            "parallelism": None,
            "kv_dtype": "fp8",
            "context_limit_tokens": 131072,
            "experiment_date": "2026-08-14",
        },
        test_profiles=[
            {
                "label": "01-chat (llama-benchy)",
                "evidence_url": f"{CHAT.pinned_url}#L12",
                "conditions": {
                    **stack(),
                    "input_tokens": 1024,
                    "output_tokens": 1024,
                    "repetitions": 3,
                    "sweep_concurrencies": [1, 5, 10],
                },
            },
            {
                "label": "02-rag-8k (llama-benchy)",
                "evidence_url": f"{RAG.pinned_url}#L12",
                "conditions": {
                    **stack(),
                    "input_tokens": 8192,
                    "output_tokens": 512,
                    "repetitions": 3,
                    "sweep_concurrencies": [5, 10, 20],
                },
            },
            {
                "label": "07-office-baseline (vllm bench serve)",
                "evidence_url": f"{OFFICE.pinned_url}#L12",
                "conditions": {
                    **stack(),
                    "input_tokens": 4000,
                    "output_tokens": 500,
                    "prompt_count": 200,
                    "request_rate_rps": 0.3,
                    "burstiness": 0.7,
                },
            },
        ],
        measurement_scope="inference_speed",
        notes=[
            "A ± cell is a mean and a standard deviation over three llama-benchy runs; both "
            "are carried as separate results and the spread is not an observed range.",
        ],
        limitations=[
            "Source-reported only; no independent site model runs.",
            "Three of the suite's tests are carried; telemetry and the rate sweep are not.",
            "The open-loop figures come from one run without repeats.",
        ],
        source=REPO.source(README),
        supplemental_sources=[
            d.supplemental(rid) for d in (CHAT, RAG, OFFICE, META, INDEX, OFFICE_JSON)
        ],
        license={
            "declared_spdx": "CC-BY-4.0",
            "scope": "The README declares the repository's data under CC-BY-4.0 with "
            "attribution; model weights and images keep their own terms.",
        },
        editorial=editorial(
            answer="On one DGX Spark with vLLM 0.26.0, gpt-oss-20b generates 46.47 tok/s for "
            "a single request and 180.39 tok/s in total at c10 in the chat test, and served the "
            "open-loop office baseline with a 764.70 ms median TTFT. Per-request figures under "
            "concurrency vary widely between runs.",
            sections=sections,
            reported_results=results,
            source_document_sha256=README.sha256,
        ),
    )


if __name__ == "__main__":
    print(write_record(build()))
