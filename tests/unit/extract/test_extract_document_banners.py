"""A log's banner lines (`=== ENGINE 2: vLLM ===`) head its sections as Markdown headings do:
what runs under them is said once for every line below, until the next banner of its rule or
a stronger one, or a bare rule closing it."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document
from draftflow.extract.conditions import DocumentContext, seed_conditions
from draftflow.extract.conditions.setup_names import model_in
from draftflow.extract.document import parse_document
from draftflow.extract.document.banners import read_banners

ENGINE_LOG = """=== ENGINE 1: OLLAMA ===
  Run 1/3...
    tok/s: 43.63 | TTFT: 33.7ms | Total: 6.16s
  Run 2/3...
    tok/s: 43.68 | TTFT: 24.6ms | Total: 6.17s

=== ENGINE 2: vLLM ===
  Run 1/3...
    tok/s: 12.43 | Total: 20.59s
"""

SERVING = """============ Serving Benchmark Result ============
Successful requests:                     1000
---------------Time to First Token----------------
Mean TTFT (ms):                          123.4
==================================================
tok/s: 99.1 | latency: 2.5s
"""


def test_banners_are_headings_with_their_paths_and_levels() -> None:
    headings, _ = read_banners(SERVING.splitlines())
    assert [(h.text, h.level, h.span.first) for h in headings] == [
        ("Serving Benchmark Result", 2, 1),
        ("Time to First Token", 3, 3),
    ]
    assert headings[1].heading_path == ("Serving Benchmark Result", "Time to First Token")


def test_a_bare_rule_closes_the_sections_of_its_rule() -> None:
    spans = {s.title: (s.span.first, s.span.last) for s in read_banners(SERVING.splitlines())[1]}
    assert spans == {"Serving Benchmark Result": (1, 5), "Time to First Token": (3, 5)}


def test_a_rule_or_a_framed_title_is_no_banner() -> None:
    lines = ["==========", "  GX10 Benchmark: Can It Run X?", "==========", "--- 12 ---"]
    assert read_banners(lines) == ((), ())


def test_a_logs_tables_stand_under_their_banner() -> None:
    parsed = parse_document(make_document("results/engine-log.txt", ENGINE_LOG))
    ollama, vllm = ("ENGINE 1: OLLAMA",), ("ENGINE 2: vLLM",)
    assert [t.heading_path for t in parsed.tables] == [ollama, ollama, vllm]


def _conditions(document: str, path: str, row: str, value: float) -> dict[str, JsonValue]:
    context = DocumentContext(make_document(path, document))
    line = document.splitlines().index(row) + 1
    return seed_conditions(
        {}, text=str(value), value=value, line=line, column=None, context=context, readme=None
    )


def test_every_run_under_a_banner_takes_its_engine() -> None:
    # pendakwahteknologi/gx10-benchmarks engine-comparison-log.txt: only the first run of each
    # engine was given it (the line two above); runs 2 and 3 had none
    row = "    tok/s: 43.68 | TTFT: 24.6ms | Total: 6.17s"
    assert _conditions(ENGINE_LOG, "results/engine-log.txt", row, 43.68)["engine"] == "Ollama"
    row = "    tok/s: 12.43 | Total: 20.59s"
    assert _conditions(ENGINE_LOG, "results/engine-log.txt", row, 12.43)["engine"] == "vLLM"


def test_a_line_below_a_closed_section_is_not_under_its_banner() -> None:
    context = DocumentContext(make_document("serve.log", SERVING))
    assert context.heading_path(4)[0][2] == "Time to First Token"
    assert context.heading_path(6) == []


def test_a_tools_verb_before_a_model_is_not_its_name() -> None:
    assert model_in("--- Testing qwen2.5:1.5b (1.5B) ---") == "qwen2.5:1.5b"
    assert model_in("Running llama-bench with Qwen2.5-7B...") == "Qwen2.5-7B"
