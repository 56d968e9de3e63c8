"""A count condition re-read where it is cited, under its name (issues 31 and 32).

Each case changes one count (`concurrency`, `node_count`, token counts) of a drafted figure to
another number that stands on the very line the figure cites for it, but for something else:
a model's name (`Llama 4`), a memory size (`24GB`), another column (`| 40 | 192 |`), another
run's setting (`c=6` beside `c=1`), a timeout (`600s`), a date. Re-read by the readers extract
read the count with (its row's cell under its header, `key=value`, a sentence's setting, the
machines a text counts), the place states another count: `verify` flags the figure's
condition at its JSON pointer, and says what the place states instead. Every count cited in
the clean drafts is read at its place (no error at all).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import CORPUS
from draft_cli import MODEL_VARIABLES, draft_only_in_process
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.cli import main
from draftflow.record.files import load_record
from draftflow.record.model import Record, ReportedResult
from draftflow.verify import DocumentIndexes, verify_figures, verify_record


@dataclass(frozen=True)
class Case:
    """A figure (its document and line, a count and its drafted value) and the number the
    edit gives the count instead, which stands on the count's cited line."""

    name: str
    folder: str
    path: str
    line: int
    key: str
    value: int | str
    edited: int | str


ONLY = {
    "XiongjieDai__GPU-Benchmarks-on-LLM-Inference": ("README.md",),
    "jethac__dgx-spark-hijinks": (
        "docs/BASELINE_RESULTS.md",
        "results/llamacpp_qwen25_1_5b_q4_k_m_20260608T0420JST_openai_benchmark.json",
    ),
    "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark": (
        "CHANGELOG.md",
        "docs/DEEPSEEK_V4_FLASH_0731.md",
    ),
    "teaql__nvidia-dgx-spark-model-benchmark": (
        "reports/DGX-GPU-TELEMETRY.md",
        "reports/round-8-run-report.md",
    ),
}
"""The documents drafted (with the README, the repository's own statement of its runs)."""

XIONGJIE, JETHAC = "XiongjieDai__GPU-Benchmarks-on-LLM-Inference", "jethac__dgx-spark-hijinks"
MIAAI, TEAQL = (
    "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark",
    "teaql__nvidia-dgx-spark-model-benchmark",
)
CASES = (
    # `| 3090 24GB  2 |`: two cards; 24 is their memory, 3090 their model
    Case("gpus-as-memory", XIONGJIE, "README.md", 24, "node_count", 2, 24),
    Case("gpus-as-model-number", XIONGJIE, "README.md", 35, "node_count", 4, 4090),
    # `Average speed (tokens/s) of generating 1024 tokens by GPUs on LLaMA 3`
    Case("output-tokens-as-model-version", XIONGJIE, "README.md", 15, "output_tokens", 1024, 3),
    # `| medium_decode | 40 | 192 | ...`: a prompt of 40 tokens, 192 generated
    Case("input-as-output-column", JETHAC, "docs/BASELINE_RESULTS.md", 35, "input_tokens", 40, 192),
    Case(
        "output-as-input-column", JETHAC, "docs/BASELINE_RESULTS.md", 36, "output_tokens", 64, 2270
    ),
    # `| 256 | 2 | 0.81 | 357 | ...`: concurrency 2 at a 256-token prompt
    Case(
        "concurrency-as-prompt", MIAAI, "docs/DEEPSEEK_V4_FLASH_0731.md", 56, "concurrency", 2, 256
    ),
    # `A/B c=1–6, prompt=256, max_tokens=4096, budget=1024`
    Case("cap-as-budget", MIAAI, "CHANGELOG.md", 97, "max_output_tokens", 4096, 1024),
    Case("cap-as-prompt", MIAAI, "CHANGELOG.md", 97, "max_output_tokens", 4096, 256),
    # `... when concurrency exceeded 4 parallel requests ...` after `TimeoutErrors (600s)`
    Case(
        "concurrency-as-timeout", TEAQL, "reports/DGX-GPU-TELEMETRY.md", 18, "concurrency", 4, 600
    ),
    # `generated nearly 15,000 tokens of output and took approximately 12 minutes`
    Case(
        "output-tokens-as-minutes",
        TEAQL,
        "reports/round-8-run-report.md",
        10,
        "output_tokens",
        15000,
        12,
    ),
)
RUN = "results/llamacpp_qwen25_1_5b_q4_k_m_20260608T0420JST_openai_benchmark.json"
ENGINE_CASES = (
    # a llama.cpp run's results file (the engine named by its file's name) in a repository
    # whose README names vLLM and SGLang too (`... vLLM image now serves ... SGLang ...
    # llama.cpp`); its nvidia-smi capture served here until status screens stopped being
    # figures (extract/status_screen.py)
    Case("engine-named-beside-others", JETHAC, RUN, 10, "engine", "llama.cpp", "vLLM"),
    Case("engine-named-beside-others-sglang", JETHAC, RUN, 10, "engine", "llama.cpp", "SGLang"),
)
RECORD_CASES = (
    "gpus-as-memory",
    "output-tokens-as-model-version",
    "input-as-output-column",
    "concurrency-as-timeout",
)
"""Cases also made to the record's own result (the figures file's citation read for it)."""
_INDEXES = DocumentIndexes()


@pytest.fixture(autouse=True)
def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in MODEL_VARIABLES:
        monkeypatch.delenv(variable, raising=False)


@cache
def _drafted(folder: str, records: Path) -> tuple[Record, list[dict[str, Any]], Snapshot]:
    record, figures, snapshot = draft_only_in_process(
        CORPUS / folder, _manifest()[folder], records, ("README.md", *ONLY[folder])
    )
    return record, figures, snapshot


@cache
def _manifest() -> dict[str, dict[str, Any]]:
    entries = json.loads((CORPUS / "MANIFEST.json").read_text())
    return {e["repository"].replace("/", "__"): e for e in entries}


@pytest.fixture(scope="module")
def drafts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("cited-counts")


def _figure_index(figures: list[dict[str, Any]], case: Case) -> int:
    for index, figure in enumerate(figures):
        place = figure["evidence_url"].split("#L")
        if (
            figure["source_line"] == case.line
            and place[0].endswith("/" + case.path)
            and figure["conditions"].get(case.key) == case.value
        ):
            return index
    raise AssertionError(f"no figure of {case.path}:{case.line} with {case.key}={case.value}")


def _errors(record: Record, figures: list[dict[str, Any]], snapshot: Snapshot) -> list[str]:
    results = [
        ReportedResult.model_validate({k: v for k, v in f.items() if k != "id"}) for f in figures
    ]
    report = verify_figures(record, results, snapshot, indexes=_INDEXES)
    return [f"{f.location} {f.message}" for f in report.flags if f.is_error]


@cache
def _clean_errors(folder: str, records: Path) -> tuple[str, ...]:
    """The errors of a clean draft's figures file and record: none (every count cited in it
    is read at its place)."""
    record, figures, snapshot = _drafted(folder, records)
    found = _errors(record, figures, snapshot)
    found += [
        f.location for f in verify_record(record, snapshot, indexes=_INDEXES).flags if f.is_error
    ]
    return tuple(found)


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in (*CASES, *ENGINE_CASES)])
def test_a_count_changed_to_another_number_of_its_cited_line_is_an_error(
    drafts: Path, case: Case
) -> None:
    record, clean, snapshot = _drafted(case.folder, drafts / case.folder)
    assert not _clean_errors(case.folder, drafts / case.folder)
    figures = json.loads(json.dumps(clean))
    index = _figure_index(figures, case)
    figures[index]["conditions"][case.key] = case.edited
    where = f"/figures/{index}/conditions/{case.key}"
    found = [e for e in _errors(record, figures, snapshot) if e.startswith(where + " ")]
    assert found, where
    assert any(f"{case.key} = {case.edited!r} is not what" in e for e in found), found


@pytest.mark.parametrize("name", RECORD_CASES)
def test_a_record_s_count_changed_to_another_number_of_its_cited_line_is_an_error(
    drafts: Path, name: str
) -> None:
    case = next(c for c in CASES if c.name == name)
    record, figures, snapshot = _drafted(case.folder, drafts / case.folder)
    data = record.model_dump(mode="json")
    results = data["editorial"]["reported_results"]
    held = [
        i
        for i, r in enumerate(results)
        if r["source_line"] == case.line and r["conditions"].get(case.key) == case.value
    ]
    if not held:  # the lead model sets the headline's length: add the figure as select would
        added = next(
            f
            for f in figures
            if f["source_line"] == case.line and f["conditions"].get(case.key) == case.value
        )
        results.append({k: v for k, v in added.items() if k != "id"})
        held = [len(results) - 1]
    results[held[0]]["conditions"][case.key] = case.edited
    edited = Record.model_validate(data)
    report = verify_figures(
        edited,
        [ReportedResult.model_validate({k: v for k, v in f.items() if k != "id"}) for f in figures],
        snapshot,
        indexes=_INDEXES,
    )
    where = f"/editorial/reported_results/{held[0]}/conditions/{case.key}"
    assert any(f.location == where for f in report.flags if f.is_error)


def test_the_issue_s_example_a_count_in_a_model_s_name_is_no_concurrency(tmp_path: Path) -> None:
    """`concurrency: 16` cited to `We ran Llama 4 Scout (17B-16E) with 32 concurrent requests`:
    the place states concurrency 32; 16 and 4 are the model's."""
    folder = tmp_path / "someone__llama4"
    folder.mkdir()
    (folder / "README.md").write_text(LLAMA4_README)
    records = tmp_path / "records"
    done = CliRunner().invoke(
        main,
        [
            "draft",
            str(folder),
            "--origin",
            "https://github.com/someone/llama4",
            "--revision",
            "0123456789abcdef0123456789abcdef01234567",
            "--records-dir",
            str(records),
            "--json",
        ],
    )
    assert done.exit_code == 0, done.output
    path = Path(json.loads(done.stdout)["record_path"])
    record = load_record(path)
    figures = json.loads(path.with_name(path.name.replace(".json", ".figures.json")).read_text())
    figures = figures["figures"]
    snapshot = acquire(str(folder), origin=record.source.url, revision=record.source.revision)
    assert all(f["conditions"]["concurrency"] == 32 for f in figures)
    assert all(f["condition_sources"]["concurrency"] == ["README.md:7"] for f in figures)
    assert not _errors(record, figures, snapshot)
    for edited in (16, 4, 17):
        changed = json.loads(json.dumps(figures))
        changed[0]["conditions"]["concurrency"] = edited
        found = [e for e in _errors(record, changed, snapshot) if "/figures/0/" in e]
        assert any("states concurrency 32 (a sentence)" in e for e in found), (edited, found)


LLAMA4_README = """# Llama 4 Scout on one DGX Spark

Decode throughput measured with vLLM 0.11.

## Results

We ran Llama 4 Scout (17B-16E) with 32 concurrent requests for every row below.

| model | decode tok/s | prefill tok/s |
|---|---|---|
| Llama-4-Scout-17B-16E | 41.5 | 3120.4 |
| Llama-3.1-8B | 38.2 | 4410.9 |
"""
